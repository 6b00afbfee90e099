"""The 12 × 12 grid as a Python int: bit ``row * size + col`` is one cell.

Placements are precomputed per tile shape: every orientation at every translation that stays on
the grid, as one int mask each, so a legality test is a single ``&``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .shapes import Cell, Shape


def mask_of(cells: Iterable[Cell], size: int) -> int:
    """The mask of cells that are all on the grid."""
    mask = 0
    for r, c in cells:
        mask |= 1 << (r * size + c)
    return mask


def cells_of(mask: int, size: int) -> tuple[Cell, ...]:
    """The cells of a mask, in reading order."""
    cells: list[Cell] = []
    while mask:
        low = mask & -mask
        row, col = divmod(low.bit_length() - 1, size)
        cells.append((row, col))
        mask ^= low
    return tuple(cells)


def on_grid(cell: Cell, size: int) -> bool:
    """True when the cell lies inside the grid."""
    return 0 <= cell[0] < size and 0 <= cell[1] < size


@lru_cache(maxsize=4096)
def placement_masks(shapes: tuple[Shape, ...], size: int) -> tuple[int, ...]:
    """Every on-grid placement of every shape, as masks (precomputed once per shape set)."""
    masks: list[int] = []
    for shape in shapes:
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        base = mask_of(shape, size)
        for row in range(size - height + 1):
            for col in range(size - width + 1):
                masks.append(base << (row * size + col))
    return tuple(masks)


@lru_cache(maxsize=16)
def _edge_columns(size: int) -> tuple[int, int]:
    left = mask_of(((r, 0) for r in range(size)), size)
    right = mask_of(((r, size - 1) for r in range(size)), size)
    return left, right


def neighbours(mask: int, size: int) -> int:
    """Grid cells orthogonally adjacent to the mask and not part of it."""
    left, right = _edge_columns(size)
    full = (1 << (size * size)) - 1
    around = (mask >> size) | (mask << size) | ((mask & ~left) >> 1) | ((mask & ~right) << 1)
    return around & full & ~mask
