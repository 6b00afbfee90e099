"""The signed-in account's language and time zone, on every page it opens.

An account's stored language replaces the one ``LocaleMiddleware`` chose; times show in the
account's zone, else the browser's (the cookie ``static/js/app.js`` sets), else UTC. Every page
that shows a time reads the zone activated here (``timezone.get_current_timezone()``), none a
cookie of its own. Both are read at log-in and kept in the session, so pages cost no query for
them. Views whose answers carry no text (``settings.SESSIONLESS_URL_NAMES``) are left alone:
every open table asks them often.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.services import SESSION_KEYS, browser_time_zone, offered, preferred, time_zones


def remember_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """At log-in: keep the account's language and time zone in its new session."""
    if request is not None and hasattr(request, "session"):
        for field, key in SESSION_KEYS.items():
            request.session[key] = preferred(field, user=user)


def session_preference(request: HttpRequest, field: str) -> str:
    """The signed-in account's ``field`` ("" = the browser's), read once per session."""
    key = SESSION_KEYS[field]
    value = request.session.get(key)
    if value is None:
        value = request.session[key] = preferred(field, user=request.user)
    return str(value)


def language_of(request: HttpRequest) -> str:
    """The language the signed-in account's pages are drawn in, without activating it or writing
    the session: for a view this middleware leaves alone that still draws a page (a live game's
    stream, which carries its region)."""
    stored = request.session.get(SESSION_KEYS["language"])
    if stored is None:
        stored = preferred("language", user=request.user)
    if stored and stored in offered("language"):
        return str(stored)
    return str(getattr(request, "LANGUAGE_CODE", "") or translation.get_language())


class PreferredLanguageMiddleware:
    """Sync only and innermost: Django then runs every middleware in the request's thread under
    ASGI, not around each one from the event loop (a write's server CPU 23 -> 17 ms)."""

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
        zone = session_preference(request, "time_zone") if signed_in else ""
        zone = zone or browser_time_zone(request)
        if zone in time_zones():
            timezone.activate(zoneinfo.ZoneInfo(zone))
        if not signed_in:
            return
        language = session_preference(request, "language")
        if language in offered("language"):
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
