"""B3 — moving the Ship and building Path tokens (seed 000, p. 8)."""

from __future__ import annotations

import pytest

from games.rules.bonfire import Counts, IllegalMove
from games.rules.bonfire.content import content_from_dict
from games.rules.bonfire.ship import distance

from .factories import content, game, play


def sail(to: str) -> dict[str, object]:
    return {"kind": "move_ship", "to": to}


def test_first_move_goes_anywhere_for_one_token() -> None:
    """Seed 000, p. 8: "The first time you move your Ship you may pay 1 Action token to go to
    any island" — even one no route reaches."""
    ana = play(game(tokens=1), sail("f")).player("Ana")
    assert (ana.ship, ana.tokens) == ("f", 0)


@pytest.mark.parametrize(("goal", "cost"), [("b", 1), ("c", 2), ("d", 3), ("e", 3), ("f", 3)])
def test_later_moves_cost_by_distance(goal: str, cost: int) -> None:
    """Seed 000, p. 8: later moves cost "1 for one route, 2 for two steps, 3 for any island"."""
    ana = play(game(tokens=5, ship="a"), sail(goal)).player("Ana")
    assert (ana.ship, ana.tokens) == (goal, 5 - cost)


def test_distance_over_routes() -> None:
    """Distances are counted over the route graph, in both directions."""
    graph = content_from_dict(content())
    assert [distance(graph, "e", x) for x in "abcdef"] == [4, 3, 2, 1, 0, None]


def test_not_enough_tokens() -> None:
    """Seed 000, p. 8: the move is paid in Action tokens."""
    with pytest.raises(IllegalMove) as error:
        play(game(tokens=1, ship="a"), sail("c"))
    assert (error.value.code, error.value.message) == (
        "cannot-pay",
        "sailing to c costs 2 Action token(s); you have 1 (B3, p. 8)",
    )


def test_same_or_unknown_island() -> None:
    with pytest.raises(IllegalMove) as same:
        play(game(tokens=3, ship="a"), sail("a"))
    with pytest.raises(IllegalMove) as unknown:
        play(game(tokens=3), sail("atlantis"))
    assert (same.value.code, unknown.value.code) == ("same-island", "unknown-island")


def test_island_action_right_after_moving_at_its_normal_cost() -> None:
    """Seed 000, p. 8: "Immediately after moving you may perform the island's action, but you
    must still pay its normal Action token / Resource costs"."""
    state = play(
        game(tokens=3, ship="b", resources={"fish": 1}), sail("a"), {"kind": "island_action"}
    )
    ana = state.player("Ana")
    assert (ana.tokens, ana.resources, ana.markers) == (1, Counts(), 2)


def test_island_action_not_after_another_move() -> None:
    """Seed 000, p. 8: the island's action comes "immediately after moving"."""
    for before in (
        game(ship="a", tokens=3),
        play(
            game(tokens=3, destiny_supply=["d2"]),
            sail("a"),
            {"kind": "place_destiny", "cell": [1, 2]},
        ),
    ):
        with pytest.raises(IllegalMove) as error:
            play(before, {"kind": "island_action"})
        assert error.value.code == "not-after-move"


def test_island_action_costs_are_checked() -> None:
    """Seed 000, p. 8: the island's token and Resource costs must be paid."""
    no_fish = play(game(tokens=2, ship="b"), sail("a"))
    with pytest.raises(IllegalMove) as resources:
        play(no_fish, {"kind": "island_action"})
    no_token = play(game(tokens=1, ship="b", resources={"fish": 1}), sail("a"))
    with pytest.raises(IllegalMove) as tokens:
        play(no_token, {"kind": "island_action"})
    assert resources.value.code == tokens.value.code == "cannot-pay"
    assert resources.value.message == "a's action costs 1 fish; you have nothing (B3, p. 8)"


@pytest.mark.parametrize(("index", "cost"), [(0, 1), (2, 1), (3, 2), (5, 2)])
def test_path_token_cost(index: int, cost: int) -> None:
    """Seed 000, p. 8: "1 Action token for any of the first three face-up tokens, or 2 Action
    tokens for any of the last three"."""
    state = play(game(tokens=2), {"kind": "build_path", "index": index})
    ana = state.player("Ana")
    assert (ana.tokens, ana.path_tokens) == (2 - cost, (f"p{index + 1}",))
    assert len(state.path_display) == 7
    assert f"p{index + 1}" not in state.path_display


def test_path_token_display_moves_up() -> None:
    """Seed 000, p. 8: once one is built, the next token is among the six face up."""
    state = play(
        game(tokens=4), {"kind": "build_path", "index": 0}, {"kind": "build_path", "index": 5}
    )
    assert state.player("Ana").path_tokens == ("p1", "p7")


def test_path_token_refusals() -> None:
    """Seed 000, p. 8: only the six face-up Path tokens are built; a negative position is no
    position at all (``bad-move``, naming the field)."""
    with pytest.raises(IllegalMove) as error:
        play(game(tokens=9), {"kind": "build_path", "index": 6})
    assert (error.value.code, error.value.params) == ("no-such-path-token", {"position": 7})
    with pytest.raises(IllegalMove) as error:
        play(game(tokens=9), {"kind": "build_path", "index": -1})
    assert (error.value.code, error.value.params) == ("bad-move", {"field": "index"})
    with pytest.raises(IllegalMove) as error:
        play(game(tokens=1), {"kind": "build_path", "index": 4})
    assert (error.value.code, error.value.message) == (
        "cannot-pay",
        "Path token no. 5 costs 2 Action token(s); you have 1 (B3, p. 8)",
    )
