"""JSON round-trip of a state."""

from __future__ import annotations

import json

import pytest

from games.rules.solsticio import SetupError, apply, from_json, to_json

from .factories import ANA, BRU, game, play, up, with_panorama


def test_a_state_survives_json() -> None:
    state = game(
        ana=["sun1", "moon1"],
        bru=["leaf1"],
        display=[up("sun2", down=["moon2"]), up("sun3")],
        pile=["wave1"],
        spirits=["oak"],
        extra=["sun4"],
    )
    state = with_panorama(state, 1, tiles=["sun4"], rainbows=[((1, 3), "oak")], spirits=["oak"])
    state = apply(state, play(ANA, "sun1"))
    assert state.pending
    data = json.loads(json.dumps(to_json(state)))
    assert from_json(data) == state
    assert BRU in data["setup"]["players"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], 'not a saved Solsticio game: expected format "solsticio-state/1"'),
        (
            {"format": "solsticio-state/0"},
            'not a saved Solsticio game: expected format "solsticio-state/1"',
        ),
        ({"format": "solsticio-state/1"}, "not a saved Solsticio game: 'setup'"),
    ],
)
def test_anything_else_is_refused(data: object, message: str) -> None:
    with pytest.raises(SetupError) as caught:
        from_json(data)
    assert caught.value.message == message
