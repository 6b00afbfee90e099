"""End of mission and the surround objective."""

from games.rules.spirits import apply, new_game, outcome, progress
from games.rules.spirits.objectives import surrounded
from games.rules.spirits.setup import Setup

from .factories import scenario
from .helpers import play_round

RING = [[4, 5], [4, 6], [5, 7], [6, 7], [7, 6], [7, 5], [6, 4], [5, 4]]


def test_surround_counts_spirit_tiles_and_other_mission_tiles() -> None:
    """Every cell orthogonally adjacent to the tile is covered by a Spirit tile or belongs to
    another Mission tile; grid edges close the ring."""
    data = scenario(rounds=1)
    tiles = data["board"]["mission_tiles"]
    tiles.append(
        {"id": "W", "cells": RING[:-1], "surround": False, "coloured_edges": [], "triangle": [4, 5]}
    )
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    open_state = apply(state, {"place": [[0, 0], [0, 1]]})
    assert outcome(open_state).result == "failure"
    assert outcome(open_state).reasons == ("not-surrounded",)
    closed = apply(state, {"place": [[5, 3], [5, 4]]})
    assert outcome(closed).result == "success"


def test_corner_tile_surrounded_by_grid_edges() -> None:
    """Cells outside the grid are not part of the ring."""
    data = scenario()
    data["board"]["mission_tiles"] = [
        {"id": "C", "cells": [[0, 0]], "surround": True, "coloured_edges": [], "triangle": [0, 0]}
    ]
    from games.rules.spirits.format import setup_from_dict

    setup: Setup = setup_from_dict(data)
    tile = setup.board.mission_tiles[0]
    assert surrounded(tile, setup.board, False, (1 << 1) | (1 << 12), ())
    assert not surrounded(tile, setup.board, False, 1 << 1, ())


def test_in_progress_until_last_round() -> None:
    """The mission ends after its last round (seed 003, 'The Decision card': seven rounds)."""
    state = new_game(scenario())
    assert outcome(state) is None
    assert progress(state).result == "in-progress"
    assert progress(state).reasons == ()
