"""Placing the Decision card's Spirit tile on the grid (seed 003, 'Placing the Spirit tile' and
'Mission tile constraints').
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import errors
from .bitboard import cells_of, mask_of, on_grid, placement_masks
from .board import ColouredEdge, Token
from .cards import Card
from .shapes import Cell, Shape, normalise

COLOURED_EDGE = "coloured-edge"


@dataclass(frozen=True)
class Placement:
    """What one placement did: cells covered, tokens it covered, constraints it broke."""

    cells: tuple[Cell, ...]
    covered_tokens: tuple[Token, ...]
    violations: tuple[str, ...]


@dataclass(frozen=True)
class PlacedTile:
    """A Spirit tile on the board, with the card it came from."""

    card: str
    cells: tuple[Cell, ...]


@lru_cache(maxsize=1024)
def _shape_set(shapes: tuple[Shape, ...]) -> frozenset[Shape]:
    return frozenset(shapes)


def card_masks(card: Card, size: int) -> tuple[int, ...]:
    """Every on-grid placement of the card's tile: both sides, any rotation, any translation."""
    return placement_masks(card.shapes, size)


def locate(card: Card, cells: Sequence[Cell], size: int) -> int:
    """The mask of a proposed placement, checked for shape and for the grid's limits.

    Seed 003: "you cannot exceed the limits of the 12 × 12 grid"; "you can place it on the side
    of your choice, front or back". Raises ``wrong-shape`` when the cells are not the tile in any
    orientation, ``off-board`` when any cell lies outside the grid.
    """
    if (
        not cells
        or len(set(cells)) != len(cells)
        or normalise(cells) not in _shape_set(card.shapes)
    ):
        raise errors.IllegalMove(
            errors.WRONG_SHAPE, f"those cells are not the Spirit tile of card {card.id}"
        )
    if not all(on_grid(cell, size) for cell in cells):
        raise errors.IllegalMove(errors.OFF_BOARD, "a Spirit tile cannot exceed the grid")
    return mask_of(cells, size)


def check_free(mask: int, occupied: int) -> None:
    """Seed 003: "you cannot place it on an already placed Mission tile or Spirit tile"."""
    if mask & occupied:
        raise errors.IllegalMove(
            errors.OVERLAP, "a Spirit tile cannot cover a Mission tile or another Spirit tile"
        )


def legal_masks(card: Card, occupied: int, size: int) -> list[int]:
    """Every legal placement of the card's tile given the occupied cells, as masks."""
    return [mask for mask in card_masks(card, size) if not mask & occupied]


def has_legal_placement(card: Card, occupied: int, size: int) -> bool:
    """True when the card's tile fits somewhere."""
    return any(not mask & occupied for mask in card_masks(card, size))


def coloured_edge_violations(
    edges: Iterable[ColouredEdge], mask: int, colour: str, size: int
) -> tuple[str, ...]:
    """Violations of coloured edges by a tile of ``colour`` covering ``mask``.

    Seed 003, 'Mission tile constraints': "When an edge is coloured, the Spirit tile you place
    against it must match that colour. You can physically place a tile of another colour there,
    but the mission will then fail".
    """
    for edge in edges:
        against = on_grid(edge.outside, size) and mask & mask_of([edge.outside], size)
        if against and edge.colour != colour:
            return (COLOURED_EDGE,)
    return ()


def covered_tokens(tokens: Iterable[Token], mask: int, size: int) -> tuple[Token, ...]:
    """Tokens under a placement (seed 003: Whirlpool and Mist tokens may be covered)."""
    return tuple(token for token in tokens if mask & mask_of([token.cell], size))


def placement_cells(mask: int, size: int) -> tuple[Cell, ...]:
    """The cells of a placement mask, in reading order."""
    return cells_of(mask, size)


def no_legal_placement_fails_mission() -> bool:
    """What happens when the Decision card's tile fits nowhere.

    Our reading: seed 003, 'Placing the Spirit tile' gives no way to skip a placement, so when the
    Decision tile has no legal placement at all the mission fails at once
    (reason ``no-legal-placement``).
    """
    return True
