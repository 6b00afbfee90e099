"""Mission boards in board coordinates, and their ``spirits-scenario/1`` ``board`` shape.

A placed Mission tile has two sides. Both are placed by their own black triangle on the board cell
``at`` and turned by the placement's ``rotation``, so flipping the tile to Night mode keeps the
triangle where it was (seed 003, "Switching to Night mode").
"""

from __future__ import annotations

from dataclasses import dataclass

from games.content.geometry import place_cell, place_cells, rotate_side
from games.content.schema import (
    Board,
    ColouredEdge,
    JSONDict,
    MissionTile,
    MissionTileSide,
    PlacedTile,
    cells_json,
)
from games.rules.spirits.shapes import Cell


@dataclass(frozen=True)
class PlacedSide:
    """One side of a placed Mission tile, in board cells."""

    cells: tuple[Cell, ...]
    coloured_edges: tuple[ColouredEdge, ...]
    triangle: Cell


def place_side(side: MissionTileSide, placed: PlacedTile) -> PlacedSide:
    def where(cell: Cell) -> Cell:
        return place_cell(cell, triangle=side.triangle, at=placed.at, rotation=placed.rotation)

    return PlacedSide(
        cells=place_cells(
            side.cells, triangle=side.triangle, at=placed.at, rotation=placed.rotation
        ),
        coloured_edges=tuple(
            ColouredEdge(
                cell=where(edge.cell),
                side=rotate_side(edge.side, placed.rotation),
                colour=edge.colour,
            )
            for edge in side.coloured_edges
        ),
        triangle=where(side.triangle),
    )


def edges_json(edges: tuple[ColouredEdge, ...]) -> list[JSONDict]:
    return [edge.to_json() for edge in edges]


def board_json(board: Board, tiles: dict[str, MissionTile], *, night: bool, size: int) -> JSONDict:
    """The rules engine's ``board``: both sides of every Mission tile, in board cells.

    ``cells`` and ``coloured_edges`` are always the day side and ``night_cells`` and
    ``night_coloured_edges`` the night side, so one board serves both modes; ``night`` says which
    side is face up.
    """
    mission_tiles = []
    for placed in board.mission_tiles:
        tile = tiles[placed.tile]
        day = place_side(tile.day, placed)
        dark = place_side(tile.night, placed)
        mission_tiles.append(
            {
                "id": placed.tile,
                "triangle": list(day.triangle),
                "surround": placed.surround,
                "cells": cells_json(day.cells),
                "coloured_edges": edges_json(day.coloured_edges),
                "night_cells": cells_json(dark.cells),
                "night_coloured_edges": edges_json(dark.coloured_edges),
            }
        )
    return {
        "size": size,
        "night": night,
        "mission_tiles": mission_tiles,
        "tokens": [token.to_json() for token in board.tokens],
        "rocks": cells_json(board.rocks),
    }
