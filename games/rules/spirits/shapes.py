"""Tile shapes as cell sets: normalising, rotating, mirroring, all orientations.

A shape is a sorted tuple of ``(row, col)`` cells translated so its top row and left column are 0.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.rules.common import Cell as Cell

Shape = tuple[Cell, ...]


def normalise(cells: Iterable[Cell]) -> Shape:
    """Translate cells so the smallest row and column are 0, and sort them."""
    listed = list(cells)
    top = min(r for r, _ in listed)
    left = min(c for _, c in listed)
    return tuple(sorted((r - top, c - left) for r, c in listed))


def rotate(shape: Iterable[Cell]) -> Shape:
    """A quarter turn clockwise."""
    return normalise((c, -r) for r, c in shape)


def mirror(shape: Iterable[Cell]) -> Shape:
    """The mirror image across a vertical axis."""
    return normalise((r, -c) for r, c in shape)


def orientations(front: Iterable[Cell], back: Iterable[Cell]) -> tuple[Shape, ...]:
    """Every distinct shape of a tile: both sides, four rotations each."""
    seen: list[Shape] = []
    for side in (front, back):
        shape = normalise(side)
        for _ in range(4):
            if shape not in seen:
                seen.append(shape)
            shape = rotate(shape)
    return tuple(seen)
