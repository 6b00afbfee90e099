"""Placing the Spirit tile (seed 003, 'Placing the Spirit tile', 'Mission tile constraints')."""

import pytest

from games.rules.spirits import IllegalMove, apply, legal_placements, new_game, outcome
from games.rules.spirits.placement import no_legal_placement_fails_mission

from .factories import scenario
from .helpers import play_round


def _code(state, move):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    return error.value.code


def _placing(**overrides):  # type: ignore[no-untyped-def]
    return play_round(new_game(scenario(**overrides)), ["blue1", "blue2", "red1"])


def test_wrong_shape() -> None:
    """ "Each Spirit card shows the unique Spirit tile it is linked to": other cells are refused."""
    state = _placing()
    assert _code(state, {"place": [[0, 0]]}) == "wrong-shape"
    assert _code(state, {"place": [[0, 0], [0, 0]]}) == "wrong-shape"
    assert _code(state, {"place": []}) == "wrong-shape"
    assert _code(state, {"place": "A1"}) == "bad-move"


def test_any_side_any_rotation() -> None:
    """ "you can place it on the side of your choice, front or back", in any rotation."""
    state = _placing()
    assert apply(state, {"place": [[3, 0], [4, 0]]}).placed[0].cells == ((3, 0), (4, 0))


def test_off_board_and_overlap() -> None:
    """ "you cannot exceed the limits of the 12 × 12 grid; you cannot place it on an already placed
    Mission tile or Spirit tile"."""
    state = _placing()
    assert _code(state, {"place": [[11, 11], [11, 12]]}) == "off-board"
    assert _code(state, {"place": [[-1, 0], [0, 0]]}) == "bad-move"  # no cell is negative
    assert _code(state, {"place": [[5, 4], [5, 5]]}) == "overlap"


def test_legal_placements_lists_every_spot() -> None:
    """Every legal placement of the Decision tile: a domino on a board with one 2 × 2 tile."""
    state = _placing()
    spots = legal_placements(state)
    assert len(spots) == 2 * 11 * 12 - 12
    assert [[5, 5], [5, 6]] not in spots
    assert legal_placements(new_game(scenario())) == []


def test_coloured_edge_violation_is_recorded() -> None:
    """'Mission tile constraints': "You can physically place a tile of another colour there, but
    the mission will then fail"."""
    data = scenario(rounds=1)
    data["board"]["mission_tiles"][0]["coloured_edges"] = [
        {"cell": [5, 5], "side": "N", "colour": "red"},
        {"cell": [0, 0], "side": "N", "colour": "red"},
    ]
    data["board"]["mission_tiles"][0]["surround"] = False
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": [[4, 4], [4, 5]]})
    assert state.tricks[-1].placement.violations == ("coloured-edge",)  # type: ignore[union-attr]
    assert outcome(state).reasons == ("coloured-edge",)


def test_matching_coloured_edge_is_fine() -> None:
    """ "When an edge is coloured, the Spirit tile you place against it must match that colour"."""
    data = scenario(rounds=1)
    data["board"]["mission_tiles"][0]["coloured_edges"] = [
        {"cell": [5, 5], "side": "N", "colour": "blue"}
    ]
    data["board"]["mission_tiles"][0]["surround"] = False
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": [[4, 4], [4, 5]]})
    assert outcome(state).result == "success"


def test_no_legal_placement_fails_at_once() -> None:
    """Our reading: a Decision tile with no legal placement fails the mission at once."""
    assert no_legal_placement_fails_mission()
    data = scenario()
    data["board"]["size"] = 2
    data["board"]["mission_tiles"] = [
        {
            "id": "M",
            "cells": [[0, 0], [1, 1]],
            "surround": False,
            "coloured_edges": [],
            "triangle": [0, 0],
        }
    ]
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    assert state.phase == "over"
    assert outcome(state).reasons == ("no-legal-placement",)
    assert _code(state, {"place": [[0, 1]]}) == "mission-over"
