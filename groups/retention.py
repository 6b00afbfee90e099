"""Which of a group's backups to keep: the last ``DAILY`` days' and, before them, the last
``MONTHLY`` months' (``docs/formats/backup.md``). Pure: times in, times out."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

DAILY = 14
MONTHLY = 12


def backups_to_keep(
    created: Iterable[datetime.datetime], *, daily: int = DAILY, monthly: int = MONTHLY
) -> set[datetime.datetime]:
    """The newest backup of each of the ``daily`` most recent days that have one, then the newest
    of each of the ``monthly`` most recent months before the oldest day kept. A month half
    covered by the daily ones counts for what is left of it, so enough history keeps exactly
    ``daily + monthly`` backups; days and months are the times' own (pass them in one zone)."""
    newest_first = sorted(set(created), reverse=True)
    kept: list[datetime.datetime] = []
    days: set[datetime.date] = set()
    rest = []
    for when in newest_first:
        if when.date() in days:
            continue
        if len(days) < daily:
            days.add(when.date())
            kept.append(when)
        else:
            rest.append(when)
    months: set[tuple[int, int]] = set()
    for when in rest:
        month = (when.year, when.month)
        if month not in months and len(months) < monthly:
            months.add(month)
            kept.append(when)
    return set(kept)
