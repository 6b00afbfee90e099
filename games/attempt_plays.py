"""A campaign mission attempt is itself a play of the campaign game.

The attempt stays the truth: ``sync_attempt_plays`` writes one ``Play`` per finished attempt
(source "campaign") from the adventure's log, in the same transaction as every change to that log
(``campaign.services.finish_write`` calls it), and removes the plays of attempts that are gone.
So the play history and the play statistics show every attempt without anyone logging it twice,
and those plays are corrected through the campaign pages, not the play log.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db.models import prefetch_related_objects

from games.models import BuiltinGame, Play, PlayerResult, PlaySource
from games.playlog import builtin_game, statistics_changed

FINISHED = {"success", "failure"}
# An attempt records the day it was played where it was played (``played_on``) and when it was
# entered (``created_at``): at the table, when it started. Its play is at that moment when the
# moment falls on that day in some time zone (UTC-12 to UTC+14); an attempt entered on another
# day (logged afterwards, brought in by a file) has only its day: noon UTC of that day.
NOON = datetime.time(12, 0, tzinfo=datetime.UTC)
EARLIEST_ZONE = datetime.timedelta(hours=14)  # a day starts at most this long before UTC's
LATEST_ZONE = datetime.timedelta(hours=12)  # and ends at most this long after UTC's


def sync_attempt_plays(*, adventure: Any, attempts: Sequence[Any]) -> None:
    """Make the adventure's campaign plays match its finished attempts (called inside the
    caller's transaction, with the adventure row locked)."""
    finished = {a.pk: a for a in attempts if a.status in FINISHED}
    prefetch_related_objects(list(finished.values()), "seats")  # the people, seated by name
    existing = {
        p.attempt_ref: p
        for p in Play.objects.filter(
            group_id=adventure.group_id, adventure_ref=adventure.pk
        ).prefetch_related("results")
    }
    gone = [p.pk for ref, p in existing.items() if ref not in finished]
    changed = bool(gone)
    if gone:
        Play.objects.filter(pk__in=gone).delete()
    game = None
    for pk, attempt in finished.items():
        wanted = attempt_fields(attempt)
        play = existing.get(pk)
        people = [seat.person_id for seat in attempt.seats.all()]
        if play is not None and same(play, wanted, people):
            continue
        if game is None:
            group = adventure.group
            game = builtin_game(group=group, key=BuiltinGame.CAMPAIGN)
        changed = True
        if play is None:
            play = Play.objects.create(
                group=group,
                game=game,
                source=PlaySource.CAMPAIGN,
                adventure_ref=adventure.pk,
                attempt_ref=pk,
                created_by_id=attempt.created_by_id,
                **wanted,
            )
        else:
            for name, value in wanted.items():
                setattr(play, name, value)
            play.save()
            play.results.all().delete()
        won = attempt.status == "success"
        PlayerResult.objects.bulk_create(
            PlayerResult(play=play, seat=seat, person_id=person, winner=won)
            for seat, person in enumerate(people)
        )
    if changed:
        statistics_changed(group_id=adventure.group_id)


def same(play: Play, wanted: dict[str, Any], people: Sequence[int]) -> bool:
    return [r.person_id for r in play.results.all()] == people and all(
        getattr(play, k) == v for k, v in wanted.items()
    )


def attempt_fields(attempt: Any) -> dict[str, Any]:
    return {
        "played_at": played_at(attempt.played_on, attempt.created_at),
        "duration_minutes": attempt.duration_minutes,
        "group_won": attempt.status == "success",
        "attempt_number": attempt.number,
        "note": "",
    }


def played_at(day: datetime.date, entered: datetime.datetime | None) -> datetime.datetime:
    """When an attempt was played: when it was entered, if that was on its day somewhere on
    Earth; else noon UTC of its day."""
    midnight = datetime.datetime.combine(day, datetime.time(), datetime.UTC)
    later = midnight + datetime.timedelta(days=1)
    if entered is not None and midnight - EARLIEST_ZONE <= entered < later + LATEST_ZONE:
        return entered
    return datetime.datetime.combine(day, NOON)
