"""The game API: turns, the ``pay`` move (B2), ``legal_moves`` and ``replay``."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.bonfire import (
    Counts,
    IllegalMove,
    apply,
    legal_moves,
    new_game,
    outcome,
    replay,
    view_for,
)

from .factories import game, play, scenario


def test_only_the_current_player_moves_until_end_turn() -> None:
    state = game(tokens=1)
    with pytest.raises(IllegalMove) as error:
        apply(state, {"player": "Ben", "kind": "end_turn"})
    assert (error.value.code, error.value.message) == (
        "not-your-turn",
        "it is Ana's turn, not Ben's",
    )
    state = play(state, {"kind": "end_turn"}, {"player": "Ben", "kind": "end_turn"})
    assert state.current.name == "Ana"


@pytest.mark.parametrize(
    "move",
    [
        [],
        {"player": "Ana"},
        {"player": "Ana", "kind": "fly"},
        {"player": "Ana", "kind": 3},
        {"player": "Zed", "kind": "end_turn"},
        {"player": "Ana", "kind": "move_ship"},
        {"player": "Ana", "kind": "build_path", "index": True},
    ],
)
def test_malformed_moves(move: Any) -> None:
    with pytest.raises(IllegalMove) as error:
        apply(game(), move)
    assert error.value.code == "bad-move"


def test_pay_takes_the_first_plan_or_the_one_chosen() -> None:
    """Seed 000, p. 8 (B2): a lacking tile replaced by 1 yellow or any 2 tiles."""
    state = game(tiles={"red": 1, "yellow": 1, "green": 2})
    first = play(state, {"kind": "pay", "cost": {"blue": 1, "red": 1}})
    assert first.player("Ana").tiles == Counts.of({"green": 2})
    chosen = play(
        state, {"kind": "pay", "cost": {"blue": 1, "red": 1}, "plan": {"red": 1, "green": 2}}
    )
    assert chosen.player("Ana").tiles == Counts.of({"yellow": 1})


def test_pay_refusals_name_the_rule() -> None:
    """Seed 000, p. 8: tiles the player does not have never pay; nor does a wrong plan."""
    state = game(tiles={"red": 1, "green": 1})
    with pytest.raises(IllegalMove) as none:
        play(state, {"kind": "pay", "cost": {"blue": 1, "red": 1}})
    assert (none.value.code, none.value.message) == (
        "cannot-pay",
        "your tiles cannot pay 1 blue, 1 red (you have 1 green, 1 red; a tile you lack takes "
        "1 yellow or any 2 tiles) (B2, p. 8)",
    )
    with pytest.raises(IllegalMove) as not_held:
        play(state, {"kind": "pay", "cost": {"blue": 1}, "plan": {"yellow": 1}})
    assert not_held.value.message.startswith("1 yellow cannot pay 1 blue")


def test_legal_moves_are_all_accepted() -> None:
    state = game(
        tokens=1, destiny_supply=["d2"], neutral_novices=1, tasks=[{"task": "t4"}, None, None]
    )
    moves = legal_moves(state)
    kinds = {m["kind"] for m in moves}
    assert kinds == {
        "end_turn",
        "place_destiny",
        "move_ship",
        "build_path",
        "light_bonfire",
        "place_neutral",
        "fulfil_common",  # c1 asks nothing
    }
    assert len([m for m in moves if m["kind"] == "place_destiny"]) == 8  # 4 cells x top/bottom
    assert len([m for m in moves if m["kind"] == "move_ship"]) == 6
    assert len([m for m in moves if m["kind"] == "build_path"]) == 3  # one token: the cheap three
    for move in moves:
        apply(state, move)


def test_replay_stops_at_the_first_illegal_move() -> None:
    moves = [
        {"player": "Ana", "kind": "end_turn"},
        {"player": "Ana", "kind": "end_turn"},
        {"player": "Ben", "kind": "end_turn"},
    ]
    state, error = replay(scenario(), moves)
    assert error is not None
    assert (error.index, error.code) == (1, "not-your-turn")
    assert state.current.name == "Ben"
    assert replay(scenario(), moves[:1])[1] is None


def test_the_end_is_the_players_call() -> None:
    """Seed 000 gives no end and no final scoring (``outcome``): the game goes on, and ending the
    turn is always a move."""
    state = game()
    for _ in range(5):
        assert outcome(state) is None
        assert {"kind": "end_turn", "player": state.current.name} in legal_moves(state)
        state = apply(state, {"kind": "end_turn", "player": state.current.name})


def test_new_game_takes_no_chance() -> None:
    """Nothing is dealt by the engine: any seed starts the same game."""
    assert new_game(scenario(tokens=1), seed=7) == new_game(scenario(tokens=1))


def test_a_seat_sees_all_but_the_face_down_tiles() -> None:
    """Seed 000, B4 (p. 9): Offering tiles beyond the two face up, and each Offering placed on an
    island, are face down; B3 (p. 8): Path tokens beyond the six face up are not seen."""
    state = play(
        game(ship="a", offerings=["o1", "o2", "o3"], tiles={"red": 1}, resources={"fish": 2}),
        {"kind": "take_task", "island": "a", "offering": "o1", "tiles": {"red": 1}},
    )
    ana, ben = view_for(state, "Ana"), view_for(state, "Ben")
    assert ana["players"][0]["offerings"] == ["o2", "o3"]
    assert ana["players"][0]["offerings_face_down"] == 0
    assert ana["board"]["islands"]["a"]["offerings"] == [{"player": "Ana", "offering": "o1"}]
    assert ben["board"]["islands"]["a"]["offerings"] == [{"player": "Ana", "offering": None}]
    assert view_for(state, None)["board"]["islands"]["a"]["offerings"][0]["offering"] is None
    assert ben["board"]["path_display"] == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert ben["board"]["path_tokens_face_down"] == 2
    hidden = view_for(game(offerings=["o1", "o2", "o3"]), "Ben")["players"][0]
    assert (hidden["offerings"], hidden["offerings_face_down"]) == (["o1", "o2"], 1)
