"""Play-log statistics (``games.playstats``) computed from the realistic export: ties, blank and
expression scores, a cooperative win and loss, an ignored play, the anonymous player twice."""

import pytest

from games import bgstats, forms, playlog, playstats
from games.models import CatalogGame, Person, PlayStatsSnapshot
from tests.factories import GroupFactory
from tests.games.playlog_helpers import export_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def numbers():
    group = GroupFactory()
    playlog.import_export(group=group, export=bgstats.parse_export(export_text()), matching={},
                          tz=forms.zone("UTC"), by=None)  # fmt: skip
    data = playstats.recompute(group_id=group.pk).data
    people = {p.name: str(p.pk) for p in Person.rows.filter(group=group)}
    games = {g.name: str(g.pk) for g in CatalogGame.objects.filter(group=group)}
    return data, people, games


def test_players_count_once_per_play_and_ignored_plays_not_at_all(numbers):
    data, people, _games = numbers
    summary = {
        name: (data["players"][pk]["plays"], data["players"][pk]["wins"])
        for name, pk in people.items()
        if pk in data["players"]
    }
    assert summary == {
        "José": (3, 3),  # a tie, an expression score, a team win; the ignored play left out
        "Zoë": (4, 2),  # the tie and the cooperative win
        "Łukasz": (4, 1),
        "Müller": (1, 1),
    }
    # BG Stats' anonymous player (two lines of play 2) is nobody of the group: no player's
    # numbers, but its scores are the game's.
    assert people["Anonymous player"] not in data["players"]
    assert data["players"][people["José"]]["win_rate"] == 100.0


def test_scores_best_average_and_distribution(numbers):
    data, _people, games = numbers
    harbour = data["games"][games["Harbour Lights"]]
    assert harbour["plays"] == 2
    assert harbour["scores"]["count"] == 5  # the blank score is no score
    assert harbour["scores"]["best"] == 45.0
    assert harbour["scores"]["average"] == 25.9
    histogram = harbour["scores"]["histogram"]
    assert histogram[0] == ["8–12", 2]
    assert histogram[-1] == ["43–47", 2]
    assert sum(count for _label, count in histogram) == 5


def test_cooperative_success_rate(numbers):
    data, _people, games = numbers
    mistwood = data["games"][games["Mistwood"]]
    assert (mistwood["group_plays"], mistwood["group_wins"], mistwood["success_rate"]) == (
        2, 1, 50.0,
    )  # fmt: skip
    assert mistwood["start_plays"] == 0  # who starts a cooperative game wins nothing alone
    assert games["Kärtchen Mühle"] not in data["games"]  # its only play is ignored


def test_start_player_advantage_against_chance(numbers):
    data, _people, games = numbers
    harbour = data["games"][games["Harbour Lights"]]
    assert (harbour["start_plays"], harbour["start_wins"]) == (2, 2)
    assert harbour["start_win_rate"] == 100.0
    # Play 2 is José and two anonymous players: three at the table, as in play 1.
    assert harbour["start_expected"] == round(100 * (1 / 3 + 1 / 3) / 2, 1)


def test_head_to_head(numbers):
    data, people, _games = numbers
    rivals = {r["name"]: r for r in data["players"][people["José"]]["rivals"]}
    assert {k: rivals["Zoë"][k] for k in ("plays", "ahead", "behind", "even")} == {
        "plays": 2, "ahead": 1, "behind": 0, "even": 1,
    }  # fmt: skip
    assert "Anonymous player" not in rivals  # nobody to be ahead of
    zoe = {r["name"]: r for r in data["players"][people["Zoë"]]["rivals"]}
    assert (zoe["José"]["ahead"], zoe["José"]["behind"]) == (0, 1)
    assert (zoe["Müller"]["plays"], zoe["Müller"]["behind"]) == (1, 1)  # the ignored play not
    assert "Anonymous player" not in zoe


def test_recompute_is_idempotent_and_clears_the_stale_mark(numbers):
    data, _people, _games = numbers
    snapshot = PlayStatsSnapshot.objects.get()
    assert not snapshot.stale
    assert playstats.recompute(group_id=snapshot.group_id).data == data
