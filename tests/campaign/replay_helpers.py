"""A whole mission's move log chosen through the engine: legal moves, the Spirit tiles covering
the Whirlpool token, then the Mist token, as soon as a placement can."""

from __future__ import annotations

from typing import Any

from games.rules import spirits
from tests.campaign import table_helpers as helpers


def mission_moves(setup: dict[str, Any], limit: int = 400) -> list[dict[str, Any]]:
    state = spirits.new_game(setup)
    moves: list[dict[str, Any]] = []
    while state.phase != "over" and len(moves) < limit:
        move = None
        if state.phase == "place":
            for token in sorted(state.tokens, key=lambda t: t.kind != "whirlpool"):
                try:
                    move = {"place": helpers.placement(state, cover=list(token.cell))}
                    break
                except AssertionError:
                    continue
        move = move or helpers.next_move(state)
        state = spirits.apply(state, move)
        moves.append(move)
    return moves
