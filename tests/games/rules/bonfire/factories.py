"""A small Bonfire content and game to test against, independent of the sample pack."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from games.rules.bonfire import FORMAT, SetupError, State, apply, new_game

CONTENT: dict[str, Any] = {
    "colours": ["blue", "green", "red", "yellow"],
    "resources": ["fish", "stone", "wood"],
    "islands": [
        {
            "id": "a",
            "resource": "fish",
            "action": {"tokens": 1, "resources": {"fish": 1}, "gain": {"markers": 2}},
            "tasks": ["t1", "t2", "t3", "t4"],
        },
        {"id": "b", "resource": "stone", "tasks": ["t4"]},
        {"id": "c", "resource": "wood"},
        {"id": "d", "resource": "fish"},
        {"id": "e", "resource": "stone"},
        {"id": "f", "name": "Far Isle", "resource": "wood"},
    ],
    "routes": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"]],
    "path_tokens": [{"id": f"p{i}"} for i in range(1, 9)],
    "council": [
        {"id": "s1", "bonus": {"markers": 1}},
        {"id": "s2", "name": "Seat Two", "bonus": {"tokens": 2, "tiles": {"yellow": 1}}},
    ],
    "destiny": {
        "area": [[r, c] for r in range(3) for c in range(3)],
        "start": [1, 1],
        "start_tile": "d0",
        "gold": [{"cell": [0, 1], "object": {"tokens": 1, "resources": {"wood": 1}}}],
        "tiles": [
            {"id": "d0", "actions": ["blue", "green", "red"], "symbol": "red"},
            {"id": "d1", "actions": ["blue", "blue", "green"], "symbol": "red"},
            {"id": "d2", "actions": ["green", "green", "red"], "symbol": "blue"},
            {"id": "d3", "actions": ["red", "red", "red"], "symbol": "red"},
        ],
    },
    "offerings": [
        {"id": "o1", "resource": "fish"},
        {"id": "o2", "resource": "stone"},
        {"id": "o3", "resource": "wood"},
    ],
    "tasks": [
        {"id": "t1", "name": "Net", "requires": {"resources": {"fish": 1}}},
        {"id": "t2", "requires": {"path_tokens": 1}},
        {"id": "t3", "requires": {"offerings": 2}},
        {"id": "t4"},
    ],
    "common_tasks": [
        {"id": "c1", "name": "Feast"},
        {"id": "c2", "requires": {"resources": {"stone": 5}}},
    ],
    "board": {
        "bonfires": [
            {"id": "b1", "novice": "red"},
            {"id": "b2", "novice": "blue"},
            {"id": "b3", "novice": "red"},
        ],
        "guardian_path": [
            {"id": "g1", "resource": "fish"},
            {"id": "g2", "resource": "stone", "portal": "b1"},
            {"id": "g3", "resource": "wood"},
            {"id": "g4", "resource": "fish", "portal": "b2"},
            {"id": "g5", "resource": "stone"},
        ],
        "guardians": ["g1", "g2"],
    },
}


def content() -> dict[str, Any]:
    return copy.deepcopy(CONTENT)


def scenario(**ana: Any) -> dict[str, Any]:
    """Ana (to move) with the given supplies, and Ben with nothing."""
    return {
        "format": FORMAT,
        "content": content(),
        "players": [{"name": "Ana", **ana}, {"name": "Ben"}],
        "moves": [],
    }


def game(**ana: Any) -> State:
    return new_game(scenario(**ana))


def play(state: State, *moves: dict[str, Any]) -> State:
    """Apply moves, each by Ana unless it names its player."""
    for move in moves:
        state = apply(state, {"player": "Ana", **move})
    return state


def setup_error(load: Callable[[Any], object], data: Any) -> SetupError:
    """The ``SetupError`` that ``load`` must raise for ``data``."""
    with pytest.raises(SetupError) as error:
        load(data)
    return error.value


def cannot_sail(move: int, island: str) -> dict[str, Any]:
    """A report's error for move ``move``: sailing to ``island`` with no Action token left (B3)."""
    return {
        "move": move,
        "code": "cannot-pay",
        "message": f"sailing to {island} costs 1 Action token(s); you have 0 (B3, p. 8)",
        "rule": "B3",
    }
