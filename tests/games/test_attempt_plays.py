"""A campaign mission attempt is itself a play of the campaign game (``games.attempt_plays``):
it appears in the play history once, follows corrections, and goes when the attempt goes."""

import datetime

import pytest

from campaign import services
from campaign.models import Adventure
from games import playlog
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
