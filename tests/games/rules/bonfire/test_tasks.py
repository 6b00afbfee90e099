"""B4 — receiving a Task (seed 000, p. 9)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.rules.bonfire import Counts, IllegalMove, State

from .factories import game, play

RICH: dict[str, Any] = {
    "ship": "a",
    "tiles": {"red": 3, "blue": 3},
    "resources": {"fish": 6, "stone": 3, "wood": 3},
    "offerings": ["o1", "o2", "o3"],
}


def task(tiles: dict[str, int], offering: str = "o1", island: str = "a") -> dict[str, Any]:
    return {"kind": "take_task", "island": island, "offering": offering, "tiles": tiles}


def test_first_offering_costs_one_tile_and_two_resources() -> None:
    """Seed 000, p. 9: pay Action tiles "1st=1", choose a face-up Offering tile, pay "the
    Offering tile's resource + the island's resource", the Offering goes face down on the
    island and the Task onto a Task space of the board."""
    state = play(game(**RICH), task({"red": 1}, "o2"))
    ana = state.player("Ana")
    assert ana.tiles == Counts.of({"red": 2, "blue": 3})
    assert ana.resources == Counts.of({"fish": 5, "stone": 2, "wood": 3})
    assert ana.offerings == ("o1", "o3")
    assert ana.tasks[0] is not None
    assert ana.tasks[0].task == "t1"
    assert state.offerings_on("a") == (("Ana", "o2"),)
    assert state.tasks_on("a") == ("t2", "t3", "t4")


def test_second_and_third_offerings_cost_two_and_three() -> None:
    """Seed 000, p. 9: "1st=1, 2nd=2, 3rd=3" on the same island."""
    state = play(game(**RICH), task({"red": 1}), task({"red": 2}, "o2"), task({"blue": 3}, "o3"))
    ana = state.player("Ana")
    assert ana.tiles == Counts()
    assert [s.task for s in ana.tasks if s] == ["t1", "t2", "t3"]


def test_wrong_number_of_tiles() -> None:
    """Seed 000, p. 9: the 2nd Offering costs 2 Action tiles, not 1 (nor 0 for the 1st)."""
    state = play(game(**RICH), task({"red": 1}))
    with pytest.raises(IllegalMove) as error:
        play(state, task({"red": 1}, "o2"))
    assert (error.value.code, error.value.message) == (
        "wrong-count",
        "this is your Offering no. 2 on a: pay 2 Action tile(s), not 1 (B4, p. 9)",
    )
    with pytest.raises(IllegalMove) as zero:
        play(game(**RICH), task({}))
    assert zero.value.code == "wrong-count"


def test_offerings_count_per_player_and_island() -> None:
    """Seed 000, p. 9: the ordinal counts the Offerings *you* already have on *that* island."""
    state = game(**RICH)
    others = replace(
        state,
        island_offerings=(("a", (("Ben", "o9"), ("Ben", "o8"))), *state.island_offerings[1:]),
    )
    assert play(others, task({"red": 1})).player("Ana").tiles.total() == 5


def test_no_fourth_offering() -> None:
    """Seed 000, p. 9: the ordinals stop at the 3rd."""
    state = game(**RICH)
    full = replace(
        state,
        island_offerings=(("a", (("Ana", "o1"),) * 3), *state.island_offerings[1:]),
    )
    with pytest.raises(IllegalMove) as error:
        play(full, task({"red": 3}, "o2"))
    assert error.value.code == "no-more-offerings"


def test_ship_must_be_at_the_island() -> None:
    """Seed 000, p. 9: "Your Ship must be at the island to receive a Task"."""
    with pytest.raises(IllegalMove) as error:
        play(game(**{**RICH, "ship": "b"}), task({"red": 1}))
    assert (error.value.code, error.value.message) == (
        "not-at-island",
        "your Ship is not at a: sail there first (B4, p. 9)",
    )


def test_offering_must_be_face_up() -> None:
    """Seed 000, p. 9: "Choose one of your two face-up Offering tiles"."""
    with pytest.raises(IllegalMove) as error:
        play(game(**RICH), task({"red": 1}, "o3"))
    assert error.value.code == "not-face-up"


def test_missing_tiles_or_resources() -> None:
    """Seed 000, p. 9: the tiles and both Resources are paid; lacking them, no Task."""
    with pytest.raises(IllegalMove) as tiles:
        play(game(**RICH), task({"green": 1}))
    poor = {**RICH, "resources": {"fish": 1}}
    with pytest.raises(IllegalMove) as resources:
        play(game(**poor), task({"red": 1}))
    assert tiles.value.code == resources.value.code == "cannot-pay"
    assert resources.value.message == (
        "you cannot pay 1 red and the Resources 2 fish (you have 3 blue, 3 red; 1 fish) (B4, p. 9)"
    )


def test_no_task_left_or_no_free_space() -> None:
    state: State = game(**{**RICH, "ship": "c"})
    with pytest.raises(IllegalMove) as left:
        play(state, task({"red": 1}, island="c"))
    full = game(**RICH, tasks=[{"task": "t4"}] * 3)
    with pytest.raises(IllegalMove) as space:
        play(full, task({"red": 1}))
    assert (left.value.code, space.value.code) == ("no-task-left", "no-task-space")


def test_bad_task_move() -> None:
    for move in (task({"pink": 1}), task({"red": -1}), task([]), {"kind": "take_task"}):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove) as error:
            play(game(**RICH), move)
        assert error.value.code == "bad-move"
