"""Random legal playouts keep the invariants (cards, tiles, replay, JSON round-trip)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.spirits import (
    AUTOMA,
    MOON_EFFECTS,
    POWERS,
    State,
    apply_move,
    from_dict,
    legal_moves,
    new_game,
    replay,
    to_dict,
)
from games.rules.spirits.bitboard import mask_of

from .factories import scenario, two_player


def _setup(automa: bool, moon_effects: list[str]) -> dict[str, Any]:
    data = two_player() if automa else scenario()
    data.pop("hands", None)
    data["deal"] = True
    data["rounds"] = 4
    data["powers"] = list(POWERS)
    data["moon_effects"] = moon_effects
    data["board"]["mission_tiles"][0]["coloured_edges"] = [
        {"cell": [5, 5], "side": "W", "colour": "red"},
        {"cell": [6, 6], "side": "S", "colour": "blue"},
    ]
    data["board"]["tokens"] = [
        {"kind": "whirlpool", "cell": [4, 4]},
        {"kind": "mist", "cell": [3, 3], "colour": "red"},
        {"kind": "mist", "cell": [3, 4], "colour": "blue"},
    ]
    return data


def _all_cards(state: State) -> list[str]:
    held = [c for hand in state.hands or () for c in hand]
    played = [c for trick in state.tricks for _, c in trick.plays] + [c for _, c in state.current]
    discarded = [d.card for d in state.discards if d.card is not None]
    return held + played + discarded + list(state.river) + list(state.deck or ())


def _check(state: State, dealt: list[str]) -> None:
    cards = _all_cards(state)
    assert sorted(cards) == sorted(dealt), "cards are never duplicated or lost"
    size = state.setup.board.size
    seen = state.mission_mask
    for tile in state.placed:
        assert all(0 <= r < size and 0 <= c < size for r, c in tile.cells)
        mask = mask_of(tile.cells, size)
        assert not mask & seen, "Spirit tiles never overlap"
        seen |= mask
    assert from_dict(to_dict(state)) == state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    automa=st.booleans(),
    seed=st.integers(0, 10**6),
    moon_effects=st.lists(st.sampled_from(MOON_EFFECTS), unique=True),
)
def test_random_playouts(
    data: st.DataObject, automa: bool, seed: int, moon_effects: list[str]
) -> None:
    """Every legal move keeps the invariants, and replay rebuilds the same state, with every
    Power available and any Moon tiles in force."""
    setup = _setup(automa, moon_effects)
    state = new_game(setup, seed)
    dealt = _all_cards(state)
    moves: list[dict[str, Any]] = []
    for _ in range(40):
        options = legal_moves(state)
        if not options:
            break
        move = options[data.draw(st.integers(0, len(options) - 1))]
        state = apply_move(state, move)
        moves.append(move)
        _check(state, dealt)
        assert state.kakapo != AUTOMA
    assert replay(setup, moves, seed) == state
