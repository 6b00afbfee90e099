"""A campaign mission attempt is itself a play of the campaign game (``games.attempt_plays``):
it appears in the play history once, follows corrections, and goes when the attempt goes."""

import datetime
import importlib
from zoneinfo import ZoneInfo

import pytest

from campaign import services
from campaign.models import Adventure, MissionAttempt
from games import attempt_plays, playlog
from games.models import Play, PlaySource
from tests.factories import AdventureFactory, log_attempt

pytestmark = pytest.mark.django_db


def campaign_plays(group):
    return [
        (p.attempt_number, p.group_won, [(r.person.name, r.winner) for r in p.results.all()])
        for p in playlog.history(group.pk)
        .filter(source=PlaySource.CAMPAIGN)
        .order_by("attempt_number")
    ]


def test_each_finished_attempt_is_one_play_of_the_campaign_game(group, owner):
    adventure = AdventureFactory(group=group, by=owner)
    day = datetime.date(2025, 4, 1)
    log_attempt(
        adventure, None, "failure", players=["Ana", "Ben"], played_on=day, duration_minutes=30
    )
    log_attempt(adventure, result="success", players=["Ana", "Ben", "Cy"])
    assert campaign_plays(group) == [
        (1, False, [("Ana", False), ("Ben", False)]),
        (2, True, [("Ana", True), ("Ben", True), ("Cy", True)]),
    ]
    first = Play.objects.get(group=group, attempt_number=1)
    assert first.game.builtin == "campaign"
    assert first.game.cooperative
    assert first.played_at == datetime.datetime(2025, 4, 1, 12, tzinfo=datetime.UTC)
    assert first.duration_minutes == 30
    assert Play.objects.filter(group=group).count() == 2


def test_a_correction_updates_the_play_and_a_removal_removes_it(group, owner):
    adventure = AdventureFactory(group=group, by=owner)
    log_attempt(adventure, result="failure", players=["Ana", "Ben"])
    log_attempt(adventure, result="success", players=["Ana", "Ben"])
    adventure = Adventure.objects.get(pk=adventure.pk)
    first = adventure.attempts.get(number=1)
    services.edit_attempt(
        attempt=first,
        data=services.AttemptData(mission=1, result="failure", reason="objective-not-met",
                                  players=["Ana", "Dee"], played_on=first.played_on),
        by=owner,
        log_version=adventure.log_version,
    )  # fmt: skip
    assert campaign_plays(group)[0] == (1, False, [("Ana", False), ("Dee", False)])
    adventure.refresh_from_db()
    services.delete_attempt(attempt=adventure.attempts.get(number=1), by=owner,
                            log_version=adventure.log_version)  # fmt: skip
    assert campaign_plays(group) == [(1, True, [("Ana", True), ("Ben", True)])]


def test_campaign_plays_are_corrected_in_the_campaign_not_in_the_play_log(group, owner):
    adventure = AdventureFactory(group=group, by=owner)
    log_attempt(adventure, result="success")
    play = Play.objects.get(group=group)
    with pytest.raises(playlog.PlayLogError) as caught:
        playlog.delete_play(play=play, by=owner)
    assert caught.value.code == "campaign-play"
    assert Play.objects.filter(group=group).count() == 1


# --- When a campaign play was played -----------------------------------------------------------

SAO_PAULO_EVENING = datetime.datetime(2025, 3, 15, 0, 30, tzinfo=datetime.UTC)  # 14 March 21:30


@pytest.mark.parametrize(
    ("day", "entered", "played"),
    [
        # Started at the table on a São Paulo evening: the next day in UTC, its own day there.
        (datetime.date(2025, 3, 14), SAO_PAULO_EVENING, SAO_PAULO_EVENING),
        # The first minutes of a day in Kiritimati (UTC+14) are the day before in UTC.
        (datetime.date(2025, 3, 14), datetime.datetime(2025, 3, 13, 10, 0, tzinfo=datetime.UTC),
         datetime.datetime(2025, 3, 13, 10, 0, tzinfo=datetime.UTC)),
        # Its last minutes at UTC-12 are the next day's noon in UTC.
        (datetime.date(2025, 3, 14), datetime.datetime(2025, 3, 15, 11, 59, tzinfo=datetime.UTC),
         datetime.datetime(2025, 3, 15, 11, 59, tzinfo=datetime.UTC)),
        # Logged later for an earlier day (or brought by a file): only the day is known.
        (datetime.date(2025, 3, 14), datetime.datetime(2025, 3, 15, 12, 0, tzinfo=datetime.UTC),
         datetime.datetime(2025, 3, 14, 12, 0, tzinfo=datetime.UTC)),
        (datetime.date(2025, 3, 14), datetime.datetime(2025, 3, 13, 9, 59, tzinfo=datetime.UTC),
         datetime.datetime(2025, 3, 14, 12, 0, tzinfo=datetime.UTC)),
        (datetime.date(2025, 3, 14), None,
         datetime.datetime(2025, 3, 14, 12, 0, tzinfo=datetime.UTC)),
    ],
)  # fmt: skip
def test_an_attempt_is_played_when_it_was_entered_on_its_day(day, entered, played):
    assert attempt_plays.played_at(day, entered) == played


def test_an_evening_attempt_keeps_its_time_in_the_play_log_and_the_export(group, owner):
    """An attempt started at the table at 21:30 in São Paulo is a play at that time: in the play
    history and in the BG Stats export read in São Paulo, on its own day, not at 12:00 UTC."""
    adventure = AdventureFactory(group=group, by=owner)
    log_attempt(adventure, result="success", played_on=datetime.date(2025, 3, 14))
    MissionAttempt.objects.filter(adventure=adventure).update(created_at=SAO_PAULO_EVENING)
    adventure = Adventure.objects.get(pk=adventure.pk)
    attempt_plays.sync_attempt_plays(adventure=adventure, attempts=list(adventure.attempts.all()))
    play = Play.objects.get(group=group, source=PlaySource.CAMPAIGN)
    assert play.played_at == SAO_PAULO_EVENING
    document = playlog.export_plays(group=group, tz=ZoneInfo("America/Sao_Paulo"))
    assert [p["playDate"] for p in document["plays"]] == ["2025-03-14 21:30:00"]
    (shaped,) = playlog.app_plays([play], ZoneInfo("America/Sao_Paulo"))
    assert shaped["playDate"] == "2025-03-14 21:30:00"


def test_the_migration_moves_the_plays_written_at_noon(group, owner):
    """Campaign plays written before their attempt's moment was used sat at 12:00 UTC: the
    migration moves those whose attempt was entered on its day, and leaves the others at noon."""
    from django.apps import apps

    migration = importlib.import_module("campaign.migrations.0003_campaign_plays_keep_their_time")
    adventure = AdventureFactory(group=group, by=owner)
    log_attempt(adventure, result="success", played_on=datetime.date(2025, 3, 14))
    log_attempt(adventure, result="failure", played_on=datetime.date(2025, 3, 1))
    MissionAttempt.objects.filter(adventure=adventure).update(created_at=SAO_PAULO_EVENING)
    noon = {1: datetime.datetime(2025, 3, 14, 12, tzinfo=datetime.UTC),
            2: datetime.datetime(2025, 3, 1, 12, tzinfo=datetime.UTC)}  # fmt: skip
    for number, moment in noon.items():
        Play.objects.filter(group=group, attempt_number=number).update(played_at=moment)
    migration.move_campaign_plays(apps, None)
    moments = dict(Play.objects.filter(group=group).values_list("attempt_number", "played_at"))
    assert moments == {1: SAO_PAULO_EVENING, 2: noon[2]}
