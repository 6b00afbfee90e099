"""JSON round-trip of a ``State`` (``from_json(to_json(state)) == state``), and what one seat may
see of it (``view_for``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import content_from_dict, content_to_dict
from .formats import STATE_FORMAT
from .scenario import board_to_dict, player_from_dict, player_to_dict
from .ship import FACE_UP
from .state import State


def to_json(state: State) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "content": content_to_dict(state.content),
        "players": [player_to_dict(p) for p in state.players],
        "board": board_to_dict(state),
    }


def from_json(data: Mapping[str, Any]) -> State:
    """Read what ``to_json`` wrote (raises ``SetupError`` on a broken document)."""
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


def view_for(state: State, seat: str | None) -> dict[str, Any]:
    """What player ``seat`` (``None``: a viewer) may see: ``to_json`` with the face-down tiles
    hidden. Bonfire is open information but for these (seed 000):

    - Offering tiles: each player's own beyond the two face up (B4: "one of your two face-up
      Offering tiles") are face down to everyone, the player too: only their number is shown
      (``offerings_face_down``); an Offering placed on an island is face down (B4), so only the
      player who placed it sees which it is (``offering`` is ``null`` for the others).
    - Path tokens beyond the six face up (B3: "the first three face-up tokens … the last
      three"): only their number (``path_tokens_face_down``).

    Destiny supplies, Tasks on islands and everything else are open: the seed hides none of them.
    """
    view = to_json(state)
    for player in view["players"]:
        player["offerings_face_down"] = max(0, len(player["offerings"]) - 2)
        player["offerings"] = player["offerings"][:2]
    board = view["board"]
    for island in board["islands"].values():
        for placed in island["offerings"]:
            if placed["player"] != seat:
                placed["offering"] = None
    board["path_tokens_face_down"] = max(0, len(board["path_display"]) - FACE_UP)
    board["path_display"] = board["path_display"][:FACE_UP]
    return view
