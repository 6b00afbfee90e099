"""Cells, polyominoes and the placement of Mission tiles on the board.

A cell is ``(row, column)``; rows grow downwards (north is row - 1) and columns grow to the right
(east is column + 1). Shapes in a pack are *relative*: normalised so that the smallest row and the
smallest column are both 0. Placing a Mission tile turns its relative cells into board cells by
rotating them about the black triangle and moving the triangle onto the board cell ``at``; the
night side is aligned the same way on *its* triangle, so both triangles share one board cell
(seed 003, "Switching to Night mode").
"""

from __future__ import annotations

from collections.abc import Iterable

from games.rules.spirits.board import SIDES as SIDE_OFFSETS
from games.rules.spirits.shapes import Cell, mirror, orientations

BOARD_SIZE = 12  # seed 003, 'Placing the Spirit tile': "the limits of the 12 × 12 grid"
SIDES = tuple(SIDE_OFFSETS)  # clockwise from north: a quarter turn moves a side one step on
ROTATIONS = (0, 90, 180, 270)


def is_normalised(cells: Iterable[Cell]) -> bool:
    cells = list(cells)
    return bool(cells) and min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0


def is_connected(cells: Iterable[Cell]) -> bool:
    """True when every cell can reach every other through edge-adjacent cells."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        r, c = stack.pop()
        for dr, dc in SIDE_OFFSETS.values():
            neighbour = (r + dr, c + dc)
            if neighbour in remaining:
                remaining.remove(neighbour)
                stack.append(neighbour)
    return not remaining


def rotate_cell(cell: Cell, degrees: int) -> Cell:
    """Rotate ``cell`` clockwise about (0, 0) by a multiple of 90 degrees."""
    r, c = cell
    for _ in range((degrees // 90) % 4):
        r, c = c, -r
    return (r, c)


def rotate_side(side: str, degrees: int) -> str:
    """The side an edge faces after a clockwise rotation (N turns to E)."""
    return SIDES[(SIDES.index(side) + (degrees // 90)) % 4]


def free_form(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """A canonical form of the shape up to rotation and turning over (the engine's
    ``orientations`` of both sides)."""
    cells = list(cells)
    return min(orientations(cells, mirror(cells)))


def neighbour(cell: Cell, side: str) -> Cell:
    dr, dc = SIDE_OFFSETS[side]
    return (cell[0] + dr, cell[1] + dc)


def in_bounds(cell: Cell, size: int = BOARD_SIZE) -> bool:
    return 0 <= cell[0] < size and 0 <= cell[1] < size


def place_cell(cell: Cell, *, triangle: Cell, at: Cell, rotation: int) -> Cell:
    """The board cell of a relative tile cell when the tile's ``triangle`` sits on ``at``."""
    dr, dc = rotate_cell((cell[0] - triangle[0], cell[1] - triangle[1]), rotation)
    return (at[0] + dr, at[1] + dc)


def place_cells(
    cells: Iterable[Cell], *, triangle: Cell, at: Cell, rotation: int
) -> tuple[Cell, ...]:
    return tuple(
        sorted(place_cell(cell, triangle=triangle, at=at, rotation=rotation) for cell in cells)
    )
