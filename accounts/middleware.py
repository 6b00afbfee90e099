"""The signed-in account's language and time zone, on every page it opens.

``LocaleMiddleware`` has already chosen a language from the switcher's cookie or the browser's
``Accept-Language``; for a signed-in account that stored a preference, this middleware (placed
after ``AuthenticationMiddleware``) replaces it. The preference is read from the database when the
account logs in (``remember_language``, on Django's ``user_logged_in`` signal) and kept in the
session, so pages cost no query for it; switching language updates both. A session from before
that (no language kept) reads it once on its next page.

Times show in the account's time zone, or else the browser's (the cookie ``static/js/app.js``
sets), or else UTC: this middleware activates it for the request (``timezone.activate``), kept in
the session like the language.

Views whose answers carry no text (the table's event stream and its version, which the page polls
when no stream can open) are named in ``settings.SESSIONLESS_URL_NAMES`` (``namespace:name``) and
left alone: they need no language, and every open table asks them often.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts import services
from accounts.services import SESSION_KEY, is_offered, preferred_language


def remember_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """At log-in: keep the account's language and time zone in its new session."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = preferred_language(user=user)
        request.session[services.TIME_ZONE_SESSION_KEY] = services.preferred_time_zone(user=user)


def account_time_zone(request: HttpRequest) -> str:
    """The signed-in account's stored time zone ("" = the browser's), read once per session."""
    zone = request.session.get(services.TIME_ZONE_SESSION_KEY)
    if zone is None:
        zone = services.preferred_time_zone(user=request.user)
        request.session[services.TIME_ZONE_SESSION_KEY] = zone
    return str(zone)


class PreferredLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()  # the zone of an earlier request served by this thread
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: Any
    ) -> None:
        match = request.resolver_match
        if match is not None and match.view_name in settings.SESSIONLESS_URL_NAMES:
            return
        signed_in = request.user.is_authenticated
        zone = account_time_zone(request) if signed_in else ""
        zone = zone or request.COOKIES.get(services.BROWSER_TIME_ZONE_COOKIE, "")
        if zone in services.time_zones():
            timezone.activate(zoneinfo.ZoneInfo(zone))
        if not signed_in:
            return
        language = request.session.get(SESSION_KEY)
        if language is None:
            language = preferred_language(user=request.user)
            request.session[SESSION_KEY] = language
        if language and is_offered(language):
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
