"""Random legal playouts keep the invariants (cards, tiles, replay, JSON round-trip)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.spirits import (
    AUTOMA,
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


def _setup(automa: bool) -> dict[str, Any]:
    data = two_player() if automa else scenario()
    data.pop("hands", None)
    data["deal"] = True
    data["rounds"] = 4
    data["powers"] = ["move-spirit-tile"]
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
@given(data=st.data(), automa=st.booleans(), seed=st.integers(0, 10**6))
def test_random_playouts(data: st.DataObject, automa: bool, seed: int) -> None:
    """Every legal move keeps the invariants, and replay rebuilds the same state."""
    setup = _setup(automa)
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
