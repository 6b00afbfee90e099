"""Changes to an account's preferences."""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import Any

from django.conf import settings
from django.db import transaction

from accounts.models import Preference

# Where a signed-in session keeps the account's language and time zone once read ("" = follow
# the browser), so that a page costs no query for them.
SESSION_KEY = "accounts.language"
TIME_ZONE_SESSION_KEY = "accounts.time_zone"
# The browser's own time zone, which static/js/app.js keeps in this cookie.
BROWSER_TIME_ZONE_COOKIE = "browser_tz"


@cache
def time_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def is_offered(language: str) -> bool:
    """One of the settings' LANGUAGES codes (the switcher's values)."""
    return language in dict(settings.LANGUAGES)


@transaction.atomic
def set_preferred_language(*, user: Any, language: str) -> Preference:
    """Store ``language`` (one of the settings' LANGUAGES, or "" to follow the browser) on the
    account. One row per account: ``update_or_create`` locks it (``select_for_update``), so two
    devices switching at once leave one answer, never two rows."""
    if language and not is_offered(language):
        raise ValueError(f"not an offered language: {language!r}")
    preference, _created = Preference.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return preference


def preferred_language(*, user: Any) -> str:
    """The account's language, or "" when it follows the browser."""
    found = Preference.objects.filter(user=user).values_list("language", flat=True).first()
    return found or ""


@transaction.atomic
def set_time_zone(*, user: Any, time_zone: str) -> Preference:
    """Store ``time_zone`` (an IANA name, or "" to follow the browser) on the account; one row per
    account, as for the language."""
    if time_zone and time_zone not in time_zones():
        raise ValueError(f"not a time zone: {time_zone!r}")
    preference, _created = Preference.objects.update_or_create(
        user=user, defaults={"time_zone": time_zone}
    )
    return preference


def preferred_time_zone(*, user: Any) -> str:
    """The account's time zone, or "" when it follows the browser."""
    found = Preference.objects.filter(user=user).values_list("time_zone", flat=True).first()
    return found or ""
