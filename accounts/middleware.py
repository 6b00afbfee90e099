"""The signed-in account's language, on every page it opens.

``LocaleMiddleware`` has already chosen a language from the switcher's cookie or the browser's
``Accept-Language``; for a signed-in account that stored a preference, this middleware (placed
after ``AuthenticationMiddleware``) replaces it. The preference is read from the database when the
account logs in (``remember_language``, on Django's ``user_logged_in`` signal) and kept in the
session, so pages cost no query for it; switching language updates both. A session from before
that (no language kept) reads it once on its next page.

Views whose answers carry no text (the table's event stream and its version, which the page polls
when no stream can open) are named in ``settings.SESSIONLESS_URL_NAMES`` (``namespace:name``) and
left alone: they need no language, and every open table asks them often.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from accounts.services import SESSION_KEY, is_offered, preferred_language


def remember_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """At log-in: keep the account's language in its new session."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = preferred_language(user=user)


class PreferredLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: Any
    ) -> None:
        match = request.resolver_match
        if match is not None and match.view_name in settings.SESSIONLESS_URL_NAMES:
            return
        if not request.user.is_authenticated:
            return
        language = request.session.get(SESSION_KEY)
        if language is None:
            language = preferred_language(user=request.user)
            request.session[SESSION_KEY] = language
        if language and is_offered(language):
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
