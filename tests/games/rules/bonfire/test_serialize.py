"""JSON round-trip of a game state."""

import json

from games.rules.bonfire import from_json, to_json

from .factories import game, play


def test_round_trip_after_moves() -> None:
    state = play(
        game(
            tokens=3,
            tiles={"red": 2},
            resources={"fish": 3},
            offerings=["o1", "o2"],
            neutral_novices=1,
            destiny_supply=["d1"],
        ),
        {"kind": "place_destiny", "cell": [1, 0]},
        {"kind": "move_ship", "to": "a"},
        {"kind": "take_task", "island": "a", "offering": "o1", "tiles": {"red": 1}},
        {"kind": "fulfil_common", "task": "c1"},
        {"kind": "place_neutral", "council": "s1"},
        {"kind": "build_path", "index": 1},
        {"kind": "end_turn"},
    )
    data = json.loads(json.dumps(to_json(state)))
    assert data["format"] == "bonfire-state/1"
    assert from_json(data) == state
