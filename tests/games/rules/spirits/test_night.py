"""Night mode (seed 003, 'Switching to Night mode')."""

import pytest

from games.rules.spirits import IllegalMove, apply, new_game, outcome
from games.rules.spirits.board import MissionTile
from games.rules.spirits.night import active_cells, tokens_must_be_covered

from .factories import scenario
from .helpers import play_round


def test_active_cells_by_mode() -> None:
    """In Night mode the Mission tile occupies its Night side."""
    tile = MissionTile("M", ((0, 0),), True, (), (0, 0), night_cells=((0, 0), (0, 1)))
    assert active_cells(tile, False) == ((0, 0),)
    assert active_cells(tile, True) == ((0, 0), (0, 1))


def test_tokens_must_be_covered_only_at_night() -> None:
    """ "In Night mode, if a Whirlpool or Mist token is adjacent to a Mission tile that must be
    surrounded, that space must be covered"."""
    assert tokens_must_be_covered(True)
    assert not tokens_must_be_covered(False)


def test_night_board_blocks_night_cells() -> None:
    """In Night mode a Spirit tile cannot cover the Night side's cells."""
    data = scenario(night=True, rounds=1)
    data["board"]["mission_tiles"][0]["night_cells"] = [[5, 5], [5, 4]]
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    with pytest.raises(IllegalMove) as error:
        apply(state, {"place": [[5, 3], [5, 4]]})
    assert error.value.code == "overlap"
    data["night"] = False
    day = play_round(new_game(data), ["blue1", "blue2", "red1"])
    assert outcome(apply(day, {"place": [[5, 3], [5, 4]]})).result == "failure"


def test_night_tokens_must_be_covered_to_surround() -> None:
    """In Night mode a token next to a Mission tile to surround must be covered; in day mode the
    token's space counts as closed."""
    ring = [[4, 5], [4, 6], [5, 7], [6, 7], [7, 6], [7, 5], [6, 4], [5, 4]]
    for night, result in ((False, "success"), (True, "failure")):
        data = scenario(night=night, rounds=1)
        data["board"]["mission_tiles"][0]["night_cells"] = data["board"]["mission_tiles"][0][
            "cells"
        ]
        data["board"]["mission_tiles"].append(
            {
                "id": "Wall",
                "cells": [c for c in ring if c != [4, 5]],
                "surround": False,
                "coloured_edges": [],
                "triangle": [4, 6],
                "night_cells": [c for c in ring if c != [4, 5]],
            }
        )
        data["board"]["tokens"] = [{"kind": "mist", "cell": [4, 5], "colour": "red"}]
        state = play_round(new_game(data), ["blue1", "blue2", "red1"])
        state = apply(state, {"place": [[0, 0], [0, 1]]})
        assert outcome(state).result == result


def test_night_side_brings_its_own_coloured_edges() -> None:
    """Seed 003, 'Switching to Night mode': each Mission tile is turned to its Night side, so the
    edges in force are that side's (`night_coloured_edges`, as content packs give them); by day
    the day side's `coloured_edges` hold."""
    from games.rules.spirits import setup_from_dict

    tile = {
        "id": "T",
        "cells": [[5, 5], [5, 6]],
        "surround": False,
        "coloured_edges": [{"cell": [5, 6], "side": "E", "colour": "red"}],
        "night_coloured_edges": [{"cell": [6, 5], "side": "S", "colour": "blue"}],
        "triangle": [5, 5],
        "night_cells": [[5, 5], [6, 5]],
    }
    board = {"size": 12, "mission_tiles": [tile], "tokens": [], "rocks": []}
    night = setup_from_dict(scenario(board=board, night=True)).board.mission_tiles[0]
    day = setup_from_dict(scenario(board=board, night=False)).board.mission_tiles[0]
    assert [(e.cell, e.side, e.colour) for e in night.coloured_edges] == [((6, 5), "S", "blue")]
    assert [(e.cell, e.side, e.colour) for e in day.coloured_edges] == [((5, 6), "E", "red")]
