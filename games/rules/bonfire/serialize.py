"""JSON round-trip of a ``State``: ``from_dict(to_dict(state)) == state``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import content_from_dict, content_to_dict
from .scenario import board_to_dict, player_from_dict, player_to_dict
from .state import State

STATE_FORMAT = "bonfire-state/1"


def to_dict(state: State) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "content": content_to_dict(state.content),
        "players": [player_to_dict(p) for p in state.players],
        "board": board_to_dict(state),
    }


def from_dict(data: Mapping[str, Any]) -> State:
    """Read what ``to_dict`` wrote (raises ``SetupError`` on a broken document)."""
    content = content_from_dict(data["content"])
    players = tuple(
        player_from_dict(p, content, f"players[{i}]") for i, p in enumerate(data["players"])
    )
    board = data["board"]
    names = [p.name for p in players]
    return State(
        content=content,
        players=players,
        turn=names.index(board["turn"]),
        path_display=tuple(board["path_display"]),
        council=tuple(
            (space, tuple((n["colour"], n["player"]) for n in held))
            for space, held in board["council"].items()
        ),
        island_offerings=tuple(
            (island, tuple((o["player"], o["offering"]) for o in entry["offerings"]))
            for island, entry in board["islands"].items()
        ),
        island_tasks=tuple(
            (island, tuple(entry["tasks"])) for island, entry in board["islands"].items()
        ),
        common_done=tuple((d["task"], d["player"]) for d in board["common_done"]),
        just_moved=board["just_moved"],
    )
