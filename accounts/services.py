"""Changes to an account's preferences."""

from __future__ import annotations

import zoneinfo
from collections.abc import Container
from functools import cache
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest

from accounts.models import Preference

# Where a signed-in session keeps each preference once read ("" = follow the browser), so that a
# page costs no query for it.
SESSION_KEYS = {"language": "accounts.language", "time_zone": "accounts.time_zone"}
# The browser's own time zone, which static/js/app.js keeps in this cookie.
BROWSER_TIME_ZONE_COOKIE = "browser_tz"


@cache
def time_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def browser_time_zone(request: HttpRequest) -> str:
    """The browser's time zone (the cookie static/js/app.js sets), "" when unknown."""
    zone = request.COOKIES.get(BROWSER_TIME_ZONE_COOKIE, "")
    return zone if zone in time_zones() else ""


def offered(field: str) -> Container[str]:
    """The values a preference takes besides "": the settings' LANGUAGES codes (the switcher's
    values) or the IANA time zones."""
    return dict(settings.LANGUAGES) if field == "language" else time_zones()


@transaction.atomic
def set_preference(*, user: Any, **values: str) -> Preference:
    """Store ``language`` and/or ``time_zone`` ("" follows the browser) on the account. One row
    per account: ``update_or_create`` locks it (``select_for_update``), so two devices saving at
    once leave one answer, never two rows."""
    for field, value in values.items():
        if value and value not in offered(field):
            raise ValueError(f"not an offered {field}: {value!r}")
    preference, _created = Preference.objects.update_or_create(user=user, defaults=values)
    return preference


def preferred(field: str, *, user: Any) -> str:
    """The account's ``language`` or ``time_zone``, or "" when it follows the browser."""
    return Preference.objects.filter(user=user).values_list(field, flat=True).first() or ""
