"""``Pack.mission_board``: Mission tiles in board cells, both sides aligned on the triangle."""

from __future__ import annotations

import pytest

from games.content import default_pack
from games.content.geometry import free_form, is_connected, neighbour, rotate_cell, rotate_side
from games.rules.spirits.shapes import mirror, normalise

NUMBERS = range(1, 23)


def cells(raw: object) -> set[tuple[int, int]]:
    assert isinstance(raw, list)
    return {(r, c) for r, c in raw}


def test_rotation_turns_north_to_east() -> None:
    assert rotate_cell((-1, 0), 90) == (0, 1)
    assert rotate_side("N", 90) == "E"
    assert rotate_side("W", 180) == "E"
    assert rotate_cell((2, 3), 360) == (2, 3)


def test_free_form_ignores_rotation_and_turning_over() -> None:
    ell = [(0, 0), (1, 0), (2, 0), (2, 1)]
    turned = [(r, -c) for r, c in ell]
    assert free_form(ell) == free_form(turned) == free_form([rotate_cell(x, 90) for x in ell])
    assert mirror(ell) == normalise(turned)
    assert is_connected(ell)
    assert not is_connected([(0, 0), (1, 1)])
    assert neighbour((3, 3), "S") == (4, 3)


def test_board_shape() -> None:
    board = default_pack().mission_board(7, night=False)
    assert board["size"] == 12
    assert board["night"] is False
    assert set(board) == {"size", "night", "mission_tiles", "tokens", "rocks"}
    placed = board["mission_tiles"]
    assert isinstance(placed, list)
    assert set(placed[0]) == {
        "id",
        "triangle",
        "surround",
        "cells",
        "coloured_edges",
        "night_cells",
        "night_coloured_edges",
    }
    assert board["tokens"] == [{"kind": "mist", "cell": [9, 3], "colour": "blue"}]


def test_rotated_tile_is_turned_about_its_triangle() -> None:
    """Mission 7 turns its Standing Stone a quarter: east of the triangle becomes south."""
    stone = default_pack().mission_board(7, night=False)["mission_tiles"][1]  # type: ignore[index]
    assert stone["triangle"] == [8, 8]
    assert stone["cells"] == [[8, 8], [9, 8]]
    assert stone["coloured_edges"] == [{"cell": [9, 8], "side": "S", "colour": "red"}]
    assert stone["night_cells"] == [[8, 7], [8, 8]]


def test_night_flag_changes_only_the_night_key() -> None:
    pack = default_pack()
    day = pack.mission_board(12, night=False)
    night = pack.mission_board(12, night=True)
    assert night["night"] is True
    assert {**night, "night": False} == day


@pytest.mark.parametrize("number", NUMBERS)
def test_night_side_keeps_the_triangle_in_place(number: int) -> None:
    """seed 003, "Switching to Night mode": each Mission tile turns over to its Night side with its
    black triangle in the same place on the board."""
    board = default_pack().mission_board(number, night=True)
    for placed in board["mission_tiles"]:  # type: ignore[attr-defined]
        triangle = tuple(placed["triangle"])
        assert triangle in cells(placed["cells"])
        assert triangle in cells(placed["night_cells"])


@pytest.mark.parametrize("number", NUMBERS)
def test_board_is_inside_the_grid_without_overlaps(number: int) -> None:
    """seed 003, "Placing the Spirit tile": the board is a 12 × 12 grid; Mission tiles, tokens and
    rocks each take their own cells, on either side of the Mission tiles."""
    board = default_pack().mission_board(number, night=False)
    placed = board["mission_tiles"]
    assert isinstance(placed, list)
    for key in ("cells", "night_cells"):
        seen: set[tuple[int, int]] = set()
        for tile in placed:
            tile_cells = cells(tile[key])
            assert all(0 <= r < 12 and 0 <= c < 12 for r, c in tile_cells)
            assert not tile_cells & seen
            seen |= tile_cells
    covered = set().union(*(cells(t["cells"]) | cells(t["night_cells"]) for t in placed))
    marks = [tuple(t["cell"]) for t in board["tokens"]]  # type: ignore[attr-defined]
    marks += [tuple(r) for r in board["rocks"]]  # type: ignore[attr-defined]
    assert len(marks) == len(set(marks))
    assert all(0 <= r < 12 and 0 <= c < 12 for r, c in marks)
    assert not set(marks) & covered


@pytest.mark.parametrize("number", NUMBERS)
def test_coloured_edges_face_an_open_grid_cell(number: int) -> None:
    """seed 003, "Mission tile constraints": a Spirit tile must be placed against a coloured edge,
    so every coloured edge faces a grid cell off that side's Mission tiles."""
    board = default_pack().mission_board(number, night=False)
    placed = board["mission_tiles"]
    assert isinstance(placed, list)
    for cells_key, edges_key in (
        ("cells", "coloured_edges"),
        ("night_cells", "night_coloured_edges"),
    ):
        taken = set().union(*(cells(t[cells_key]) for t in placed))
        for tile in placed:
            for edge in tile[edges_key]:
                cell = (edge["cell"][0], edge["cell"][1])
                assert cell in cells(tile[cells_key])
                r, c = neighbour(cell, edge["side"])
                assert 0 <= r < 12
                assert 0 <= c < 12
                assert (r, c) not in taken


def test_boards_take_their_size_from_the_pack() -> None:
    """Seed 003, 'Placing the Spirit tile': "the limits of the 12 × 12 grid"; every board the
    pack writes says the pack's size."""
    pack = default_pack()
    assert pack.board_size == 12
    assert {pack.mission_board(n, night=False)["size"] for n in NUMBERS} == {pack.board_size}
