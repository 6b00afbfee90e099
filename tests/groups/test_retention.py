"""Which backups are kept: the last 14 days' and, before them, the last 12 months'
(``groups.retention``)."""

from __future__ import annotations

import datetime

from groups.retention import backups_to_keep

UTC = datetime.UTC
START = datetime.datetime(2025, 1, 1, 3, 47, tzinfo=UTC)


def nightly(days: int, start: datetime.datetime = START) -> list[datetime.datetime]:
    return [start + datetime.timedelta(days=n) for n in range(days)]


def test_a_year_and_more_of_nights_keeps_exactly_14_days_and_12_months():
    """Nightly backups for 500 days: the 14 newest, then the newest of each of 12 earlier
    months, the month the daily ones reach into counting for its earlier days."""
    created = nightly(500)
    kept = backups_to_keep(created)
    assert len(kept) == 14 + 12
    newest = sorted(created)[-14:]
    assert set(newest) <= kept
    monthly = sorted(kept - set(newest))
    assert len({(w.year, w.month) for w in monthly}) == 12
    assert monthly[-1] == newest[0] - datetime.timedelta(days=1)  # the same month, just before
    for when in monthly[:-1]:  # each the last night of its month
        assert (when + datetime.timedelta(days=1)).month != when.month


def test_few_backups_are_all_kept():
    created = nightly(10)
    assert backups_to_keep(created) == set(created)


def test_two_backups_on_one_day_keep_the_later_one():
    """A day counts once: its newest backup stands for it."""
    morning = START
    evening = START + datetime.timedelta(hours=15)
    earlier = nightly(20, START - datetime.timedelta(days=20))
    kept = backups_to_keep([morning, evening, *earlier])
    assert evening in kept
    assert morning not in kept
    assert len(kept) == 14 + 1  # 14 days, then one month before them


def test_gaps_between_backups_keep_the_14_newest_days_that_have_one():
    """A group that changed once a week: 14 backups over 14 weeks, not 14 calendar days."""
    created = [START + datetime.timedelta(weeks=n) for n in range(30)]
    kept = backups_to_keep(created)
    assert set(sorted(created)[-14:]) <= kept
    assert len(kept) == 14 + len({(w.year, w.month) for w in sorted(created)[:-14]})


def test_nothing_to_keep_from_nothing():
    assert backups_to_keep([]) == set()


def test_other_limits():
    kept = backups_to_keep(nightly(100), daily=2, monthly=1)
    assert sorted(kept) == [START + datetime.timedelta(days=n) for n in (97, 98, 99)]
