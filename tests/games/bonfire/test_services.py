"""The Bonfire turn helper's services: every change through the engine, versions per player."""

from __future__ import annotations

import pytest

from games.bonfire import services
from games.content.bonfire import default_content
from games.models import BonfirePlay, BonfireSeat
from games.rules import bonfire


@pytest.fixture
def game(group, owner):
    return services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


def seat(game, name):
    return BonfireSeat.objects.get(play=game, name=name)


def test_start_stores_one_document_per_player(game) -> None:
    seats = list(game.seats.order_by("position"))
    assert [s.name for s in seats] == ["Ana", "Ben"]
    ana = seats[0].document
    assert (ana["tokens"], ana["markers"], ana["tiles"]) == (3, 2, {"yellow": 1})
    assert ana["offerings"] == ["o01", "o02", "o03"]
    assert seats[1].document["offerings"] == ["o04", "o05", "o06"]
    assert len(ana["destiny_supply"]) == 4
    assert game.board["turn"] == "Ana"
    assert bonfire.to_json(services.state_of(game, seats))["players"][0] == ana


def test_move_updates_the_document_and_versions(game) -> None:
    """Seed 000, p. 8 (B3): the first Ship move costs 1 Action token."""
    ana = seat(game, "Ana")
    services.submit_move(seat=ana, version=0, move={"kind": "move_ship", "to": "ember"})
    ana.refresh_from_db()
    game.refresh_from_db()
    assert (ana.document["ship"], ana.document["tokens"], ana.version) == ("ember", 2, 1)
    assert game.version == 1
    assert game.board["just_moved"] is True
    assert seat(game, "Ben").version == 0


def test_stale_version_is_refused_and_nothing_changes(game) -> None:
    """Two devices of one player: the second, still showing version 0, does not overwrite."""
    ana = seat(game, "Ana")
    services.submit_move(seat=ana, version=0, move={"kind": "build_path", "index": 0})
    with pytest.raises(services.StaleSeat) as stale:
        services.submit_move(seat=ana, version=0, move={"kind": "build_path", "index": 0})
    assert str(stale.value) == str(services.STALE)
    ana.refresh_from_db()
    assert ana.document["path_tokens"] == ["p01"]
    assert ana.version == 1


def test_illegal_move_changes_nothing(game) -> None:
    """Seed 000, p. 7 (B1): a placement off the Destiny Area is refused, nothing saved."""
    ana = seat(game, "Ana")
    before = (dict(ana.document), dict(game.board))
    with pytest.raises(bonfire.IllegalMove) as error:
        services.submit_move(seat=ana, version=0, move={"kind": "place_destiny", "cell": [0, 0]})
    assert error.value.code == "off-area"
    ana.refresh_from_db()
    game.refresh_from_db()
    assert (ana.document, game.board, ana.version, game.version) == (*before, 0, 0)


def test_not_your_turn(game) -> None:
    with pytest.raises(bonfire.IllegalMove) as error:
        services.submit_move(seat=seat(game, "Ben"), version=0, move={"kind": "end_turn"})
    assert error.value.code == "not-your-turn"


def test_start_checks_the_content(group, owner) -> None:
    content = default_content()
    content["colours"] = ["red"]
    with pytest.raises(bonfire.SetupError):
        services.start_play(group=group, by=owner, name="x", players=["Ana"], content=content)
    assert not BonfirePlay.objects.exists()


def test_dealt_wraps_and_handles_nothing() -> None:
    assert services.dealt(["a", "b", "c"], 1, 2) == ("c", "a")
    assert services.dealt([], 0, 3) == ()


def test_start_with_each_players_supply(group, owner) -> None:
    supplies = [
        {"tiles": {"yellow": 2, "blue": 1}, "tokens": 1, "markers": 4, "resources": {}},
        {"tiles": {}, "tokens": 0, "markers": 0, "resources": {"wood": 5}},
    ]
    game = services.start_play(
        group=group,
        by=owner,
        name="Own supplies",
        players=["Ana", "Ben"],
        content=default_content(),
        supplies=supplies,
    )
    ana, ben = (s.document for s in game.seats.order_by("position"))
    assert (ana["tiles"], ana["tokens"], ana["markers"]) == ({"blue": 1, "yellow": 2}, 1, 4)
    assert (ben["tiles"], ben["resources"]) == ({}, {"wood": 5})
    assert len(ben["destiny_supply"]) == 4  # dealt as the pack says


def test_start_refuses_a_supply_the_content_lacks(group, owner) -> None:
    bad = {"tiles": {"pink": 1}, "tokens": 0, "markers": 0, "resources": {}}
    with pytest.raises(bonfire.SetupError, match="unknown colour 'pink'"):
        services.start_play(
            group=group,
            by=owner,
            name="Bad",
            players=["Ana"],
            content=default_content(),
            supplies=[bad],
        )
    assert not BonfirePlay.objects.exists()
