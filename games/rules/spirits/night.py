"""Night mode: Mission tiles on their Night side, and tokens that must then be covered.

Seed 003, 'Switching to Night mode'.
"""

from __future__ import annotations

from .board import ColouredEdge, MissionTile
from .shapes import Cell


def active_cells(tile: MissionTile, night: bool) -> tuple[Cell, ...]:
    """The board cells a Mission tile covers on the side in play."""
    if night and tile.night_cells is not None:
        return tile.night_cells
    return tile.cells


def active_coloured_edges(tile: MissionTile) -> tuple[ColouredEdge, ...]:
    """The coloured edges in force.

    Our reading: the scenario has one ``night`` flag for the whole mission, so a Mission tile's
    ``coloured_edges`` are the edges of the side in play (day or Night), given in absolute cells.
    """
    return tile.coloured_edges


def tokens_must_be_covered(night: bool) -> bool:
    """Whether a token next to a Mission tile to surround must be covered to close the ring.

    Seed 003, 'Switching to Night mode': "In Night mode, if a Whirlpool or Mist token is adjacent
    to a Mission tile that must be surrounded, that space must be covered in order to complete the
    encirclement". Our reading: in day mode an uncovered token space counts as closed.
    """
    return night
