"""Shared test steps."""

from __future__ import annotations

from collections.abc import Iterable

from games.rules.spirits import State, apply


def play_round(state: State, cards: Iterable[str]) -> State:
    """Play one card per seat in order."""
    for card in cards:
        state = apply(state, {"play": card})
    return state


def run(state: State, *moves: dict[str, object]) -> State:
    """Apply moves in order."""
    for move in moves:
        state = apply(state, move)
    return state
