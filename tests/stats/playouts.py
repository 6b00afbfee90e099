"""Missions played through the real rules engine, to give attempts a genuine engine ``state``.

The live mission driver (another branch) will fill ``MissionAttempt.setup``/``state`` at the table;
the statistics tests and the benchmark stand in for it with seeded random legal playouts.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.content import default_pack
from games.rules.spirits import AUTOMA, apply, legal_moves, new_game, progress, to_json


@cache
def _cards() -> dict[str, Any]:
    return default_pack().scenario_cards()


def mission_setup(mission: int, players: list[str]) -> dict[str, Any]:
    """A ``spirits-scenario/1`` setup of the default pack's ``mission``, dealt digitally."""
    pack = default_pack()
    data = pack.mission(mission)
    setup: dict[str, Any] = {
        "format": "spirits-scenario/1",
        "cards": _cards(),
        "board": pack.mission_board(mission, night=False),
        "night": False,
        "players": list(players),
        "first_player": players[0],
        "trump": data.trump,
        "rounds": data.rounds,
        "deal": True,
    }
    if len(players) == 2:
        setup["automa"] = {"deck": [], "river": [], "kakapo": players[0]}
    return setup


def play_mission(mission: int, players: list[str], seed: int) -> dict[str, Any]:
    """Play ``mission`` to its end with seeded random legal moves; the final state as JSON."""
    rng = random.Random(seed)
    state = new_game(mission_setup(mission, players), seed=seed)
    for _ in range(400):
        options = legal_moves(state)
        if not options:
            break
        state = apply(state, rng.choice(options))
    data = to_json(state)
    data["outcome"] = progress(state).result
    return data


__all__ = ["AUTOMA", "mission_setup", "play_mission"]
