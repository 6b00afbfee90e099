"""The mission board: grid size, Mission tiles with their coloured edges, tokens and Rock icons."""

from __future__ import annotations

from dataclasses import dataclass

from .shapes import Cell

SIDES: dict[str, Cell] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
WHIRLPOOL = "whirlpool"
MIST = "mist"


@dataclass(frozen=True)
class ColouredEdge:
    """A coloured edge on one side of a Mission tile cell (seed 003, 'Mission tile constraints')."""

    cell: Cell
    side: str
    colour: str

    @property
    def outside(self) -> Cell:
        """The board cell across the edge: the one a Spirit tile placed against it covers."""
        dr, dc = SIDES[self.side]
        return (self.cell[0] + dr, self.cell[1] + dc)


@dataclass(frozen=True)
class MissionTile:
    """A Mission tile on the board: absolute cells of its day side and (optionally) Night side."""

    id: str
    cells: tuple[Cell, ...]
    surround: bool
    coloured_edges: tuple[ColouredEdge, ...]
    triangle: Cell
    night_cells: tuple[Cell, ...] | None = None


@dataclass(frozen=True)
class Token:
    """A Whirlpool or Mist token on a board cell; Mist tokens carry a colour."""

    kind: str
    cell: Cell
    colour: str | None = None


@dataclass(frozen=True)
class Board:
    """The mission's starting board."""

    size: int
    mission_tiles: tuple[MissionTile, ...]
    tokens: tuple[Token, ...]
    rocks: tuple[Cell, ...] = ()
