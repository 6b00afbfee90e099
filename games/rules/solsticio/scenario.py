"""The ``solsticio-scenario/1`` format: replaying a scenario and reporting the position.

The format is documented in ``docs/formats/solsticio-scenario.md``; it is an external contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import IllegalMove, SetupError
from .game import describe, replay
from .setup import setup_from_dict
from .state import State


def report(state: State, error: IllegalMove | None = None) -> dict[str, Any]:
    """The replay output of the scenario format: the full position and the first illegal move."""
    data = describe(state)
    data["error"] = None
    if error is not None:
        data["error"] = {"move": error.index, "code": error.code, "message": error.message}
    return data


def run_scenario(data: Mapping[str, Any], default_content: Any = None) -> dict[str, Any]:
    """Replay a whole scenario, stopping at the first illegal move, and report the position.

    Raises ``SetupError`` when the scenario cannot start a game.
    """
    setup = setup_from_dict(data, default_content)
    seed = data.get("seed", 0)
    if type(seed) is not int:
        raise SetupError("seed: expected an integer")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise SetupError("moves: expected a list")
    return report(*replay(setup, moves, seed=seed))
