"""Seeded random games played to the end: tiles are conserved, the game always ends, and replaying
the move log (or reading the saved JSON) gives the state built move by move."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.content.solsticio import solsticio_pack
from games.rules import solsticio as engine
from games.rules.solsticio import State

#: A game cannot last longer: each turn plays a tile from a hand, each choice answers one item.
MOVE_BOUND = 400


def _tiles(state: State) -> list[str]:
    """Every Earth tile wherever it is, including a capturing tile waiting for its capture."""
    return sorted(
        [
            *state.pile,
            *state.hands[0],
            *state.hands[1],
            *(tile for stack in state.display for tile in stack.tiles),
            *(tile for panorama in state.panoramas for _, tile in panorama.earth),
            *state.reserve,
            *state.removed,
            *(p.tile for p in state.pending if p.kind == "capture" and p.tile is not None),
        ]
    )


def _spirits(state: State) -> list[str]:
    held = [s for panorama in state.panoramas for s in panorama.spirits]
    drawn = [s for p in state.pending if p.kind == "spirit" for s in p.options]
    evil = [state.setup.content.evil] if state.evil_holder is not None else []
    return sorted([*state.supply, *held, *drawn, *evil])  # type: ignore[list-item]


def _setup(hand_size: int, stacks: int, depth: int, pairs: bool) -> dict[str, Any]:
    data = solsticio_pack().scenario(("Ana", "Bru"))
    data.update(hand_size=hand_size, display_stacks=stacks, stack_depth=depth)
    if pairs:
        symbols = data["content"]["symbols"]
        ring = zip(symbols, symbols[1:] + symbols[:1], strict=True)
        data["capture"] = {"rule": "pairs", "pairs": [list(p) for p in ring]}
    return data


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    hand_size=st.integers(1, 4),
    stacks=st.integers(0, 6),
    depth=st.integers(1, 3),
    pairs=st.booleans(),
)
def test_random_games_end_conserve_tiles_and_replay(
    seed: int, hand_size: int, stacks: int, depth: int, pairs: bool
) -> None:
    state = engine.new_game(_setup(hand_size, stacks, depth, pairs), seed)
    deal = state.setup.deal
    assert deal is not None
    earth, spirits = sorted(deal.earth), _spirits(state)
    rng = random.Random(seed)
    moves = []
    while not state.over:
        assert len(moves) < MOVE_BOUND
        options = engine.legal_moves(state)
        assert options
        move = rng.choice(options)
        moves.append(move)
        state = engine.apply_move(state, move)
        assert _tiles(state) == earth
        assert _spirits(state) == spirits
    assert engine.outcome(state).over
    assert engine.replay(state.setup, moves, seed) == state
    assert engine.replay(_setup(hand_size, stacks, depth, pairs), moves, seed) == state
    assert engine.from_dict(json.loads(json.dumps(engine.to_dict(state)))) == state
