"""Random legal games from random setups: every reachable state has an outcome or a legal move,
every move offered is accepted, tiles and Spirits are conserved, the game ends, and replaying the
move log (or reading the saved JSON) gives the state built move by move.

Setups are hand-made deals (small or empty hands, an empty pile or display, face-down tiles,
marked tiles, any Spirits, either capture rule) and shuffled deals of the sample pack at every
table size. Seed 001, S1–S6 (``shared/seeds/001_60d8b239bd4bd858.txt``).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.content.solsticio import solsticio_pack
from games.rules import solsticio as engine
from games.rules.solsticio import State

from .factories import ANA, BRU, SPIRITS, SYMBOLS, scenario, up

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


def _pairs(symbols: list[str]) -> dict[str, Any]:
    """A capture rule where each symbol captures the next one, round the ring."""
    ring = zip(symbols, symbols[1:] + symbols[:1], strict=True)
    return {"rule": "pairs", "pairs": [list(p) for p in ring]}


@st.composite
def hand_made(draw: st.DrawFn) -> dict[str, Any]:
    """A scenario dealing a few tiles anywhere: hands, pile and display may each be empty."""
    symbols = list(SYMBOLS[: draw(st.integers(1, 4))])
    tiles = [f"{s}{n}" for s in symbols for n in range(1, draw(st.integers(1, 4)) + 1)]
    tiles = draw(st.permutations(tiles))
    in_play = tiles[: draw(st.integers(1, len(tiles)))]
    where = draw(st.lists(st.integers(0, 5), min_size=len(in_play), max_size=len(in_play)))
    # 0 Ana's hand, 1 Bru's, 2 the pile, 3-5 one of three display places.
    stacks = [[t for t, w in zip(in_play, where, strict=True) if w == place] for place in (3, 4, 5)]
    display = []
    for stack in (s for s in stacks if s):
        down = draw(st.integers(0, len(stack) - 1))
        display.append(up(*stack[down:], down=stack[:down]))
    spirits = draw(st.permutations(list(SPIRITS)))
    data = scenario(
        ana=[t for t, w in zip(in_play, where, strict=True) if w == 0],
        bru=[t for t, w in zip(in_play, where, strict=True) if w == 1],
        pile=[t for t, w in zip(in_play, where, strict=True) if w == 2],
        display=display,
        spirits=spirits[: draw(st.integers(0, len(spirits)))],
        marked=draw(st.sets(st.sampled_from(in_play))),
        extra=tiles[len(in_play) :],
        hand_size=draw(st.integers(1, 4)),
        first_player=draw(st.sampled_from([ANA, BRU])),
    )
    if draw(st.booleans()):
        data["capture"] = _pairs(symbols)
    return data


@st.composite
def shuffled(draw: st.DrawFn) -> dict[str, Any]:
    """The sample pack dealt from a seed, at any table size (the pile may start empty)."""
    data = solsticio_pack().scenario((ANA, BRU))
    data.update(
        hand_size=draw(st.integers(1, 4)),
        display_stacks=draw(st.integers(0, 6)),
        stack_depth=draw(st.integers(1, 3)),
        seed=draw(st.integers(0, 2**32 - 1)),
    )
    if draw(st.booleans()):
        data["capture"] = _pairs(data["content"]["symbols"])
    return data


def play_out(data: dict[str, Any], choices: random.Random) -> None:
    """Play random legal moves to the end, checking every state on the way."""
    seed = data.get("seed", 0)
    state = engine.new_game(data, seed=seed)
    deal = state.setup.deal
    assert deal is not None
    earth, spirits = sorted(deal.earth), _spirits(state)
    moves = []
    while True:
        options = engine.legal_moves(state)
        result = engine.outcome(state)
        assert (result is None) == bool(options), "a state with neither a move nor an outcome"
        if result is not None:
            break
        assert len(moves) < MOVE_BOUND
        move = choices.choice(options)
        moves.append(move)
        state = engine.apply(state, move)  # every move offered is accepted
        assert _tiles(state) == earth
        assert _spirits(state) == spirits
    assert engine.view_for(state, ANA)["over"]
    assert engine.replay(state.setup, moves, seed=seed) == (state, None)
    assert engine.replay(data, moves, seed=seed) == (state, None)
    assert engine.from_json(json.loads(json.dumps(engine.to_json(state)))) == state


@settings(max_examples=150, deadline=None)
@given(data=hand_made(), choices=st.randoms(use_true_random=False))
def test_every_state_of_a_hand_made_deal_has_a_move_or_an_outcome(
    data: dict[str, Any], choices: random.Random
) -> None:
    play_out(data, choices)


@settings(max_examples=40, deadline=None)
@given(data=shuffled(), choices=st.randoms(use_true_random=False))
def test_every_state_of_a_shuffled_deal_has_a_move_or_an_outcome(
    data: dict[str, Any], choices: random.Random
) -> None:
    play_out(data, choices)
