"""JSON round-trip of a ``State``: ``from_json(to_json(state)) == state``."""

from __future__ import annotations

from typing import Any

from .errors import SetupError
from .setup import STATE_FORMAT, setup_from_dict, setup_to_dict, stack_from_dict, stack_to_dict
from .state import Panorama, Pending, Rainbow, State


def to_json(state: State) -> dict[str, Any]:
    """The whole state as JSON-ready data (the setup, with its deal, included)."""
    return {
        "format": STATE_FORMAT,
        "setup": setup_to_dict(state.setup),
        "seed": state.seed,
        "pile": list(state.pile),
        "display": [stack_to_dict(stack) for stack in state.display],
        "hands": [list(hand) for hand in state.hands],
        "supply": list(state.supply),
        "turn": state.turn,
        "panoramas": [
            {
                "earth": [[r, c, tile] for (r, c), tile in p.earth],
                "rainbows": [{"cell": list(r.cell), "blocker": r.blocker} for r in p.rainbows],
                "spirits": list(p.spirits),
            }
            for p in state.panoramas
        ],
        "evil_holder": state.evil_holder,
        "covered": state.covered,
        "pending": [
            {
                "kind": p.kind,
                "seat": p.seat,
                "tile": p.tile,
                "options": list(p.options),
                "cells": [list(c) for c in p.cells],
                "ready": p.ready,
            }
            for p in state.pending
        ],
        "passes": state.passes,
        "reserve": list(state.reserve),
        "removed": list(state.removed),
        "ended": state.ended,
        "version": state.version,
    }


def from_json(data: Any) -> State:
    """The state ``to_json`` wrote; raises ``SetupError`` for anything else."""
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise SetupError(f'not a saved Solsticio game: expected format "{STATE_FORMAT}"')
    try:
        return State(
            setup=setup_from_dict(data["setup"]),
            seed=int(data["seed"]),
            pile=tuple(data["pile"]),
            display=tuple(stack_from_dict(s) for s in data["display"]),
            hands=(tuple(data["hands"][0]), tuple(data["hands"][1])),
            supply=tuple(data["supply"]),
            turn=int(data["turn"]),
            panoramas=(_panorama(data["panoramas"][0]), _panorama(data["panoramas"][1])),
            evil_holder=data["evil_holder"],
            covered=data["covered"],
            pending=tuple(_pending(p) for p in data["pending"]),
            passes=int(data["passes"]),
            reserve=tuple(data["reserve"]),
            removed=tuple(data["removed"]),
            ended=bool(data["ended"]),
            version=int(data["version"]),
        )
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise SetupError(f"not a saved Solsticio game: {exc}") from exc


def _panorama(data: dict[str, Any]) -> Panorama:
    return Panorama(
        earth=tuple(((int(r), int(c)), str(tile)) for r, c, tile in data["earth"]),
        rainbows=tuple(
            Rainbow((int(r["cell"][0]), int(r["cell"][1])), r["blocker"]) for r in data["rainbows"]
        ),
        spirits=tuple(data["spirits"]),
    )


def _pending(data: dict[str, Any]) -> Pending:
    return Pending(
        kind=str(data["kind"]),
        seat=int(data["seat"]),
        tile=data["tile"],
        options=tuple(data["options"]),
        cells=tuple((int(r), int(c)) for r, c in data["cells"]),
        ready=bool(data["ready"]),
    )
