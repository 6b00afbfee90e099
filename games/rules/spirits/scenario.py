"""The ``spirits-scenario/1`` format: replaying a scenario's moves and reporting the result.

The format is documented in ``docs/formats/spirits-scenario.md``; it is an external contract. Its
setup document is read and written by ``format``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.rules.common import replay_log

from . import errors
from .format import (
    cell_list,
    power_use_to_dict,
    token_to_dict,
)
from .game import apply, new_game, progress
from .setup import Setup
from .state import State


def replay(
    setup: Setup | Mapping[str, Any], moves: Iterable[Mapping[str, Any]], *, seed: int = 0
) -> tuple[State, errors.IllegalMove | None]:
    """Rebuild a state from its setup and move log: the state after the last legal move, and the
    first illegal move with its index (or ``None``). A bad setup raises ``SetupError``."""
    return replay_log(new_game(setup, seed=seed), moves, apply)


def report(state: State, error: errors.IllegalMove | None = None) -> dict[str, Any]:
    """The replay output of the scenario format."""
    tricks = []
    for trick in state.tricks:
        placement = trick.placement
        tricks.append(
            {
                "round": trick.round,
                "led_by": trick.led_by,
                "plays": [[seat, card] for seat, card in trick.plays],
                "winner": trick.winner,
                "decision": trick.decision,
                "trump": trick.trump,
                "next_trump": trick.next_trump,
                "required_lead": trick.required_lead,
                "placement": None
                if placement is None
                else {
                    "cells": cell_list(placement.cells),
                    "covered_tokens": [token_to_dict(t) for t in placement.covered_tokens],
                    "violations": list(placement.violations),
                },
            }
        )
    result = progress(state)
    return {
        "tricks": tricks,
        "current_trick": {
            "round": state.round,
            "plays": [[seat, card] for seat, card in state.current],
        }
        if state.current
        else None,
        "phase": state.phase,
        "kakapo": state.kakapo,
        "flags": [{"code": f.code, "seat": f.seat, "round": f.round} for f in state.flags],
        "discards": [{"seat": d.seat, "card": d.card, "round": d.round} for d in state.discards],
        "powers_used": [power_use_to_dict(u) for u in state.powers_used],
        "error": None
        if error is None
        else {"move": error.index, "code": error.code, "message": error.message},
        "outcome": {"result": result.result, "reasons": list(result.reasons)},
    }


def run_scenario(data: Mapping[str, Any], *, seed: int = 0) -> dict[str, Any]:
    """Replay a whole scenario, stopping at the first illegal move, and report it."""
    return report(*replay(data, data.get("moves") or [], seed=seed))
