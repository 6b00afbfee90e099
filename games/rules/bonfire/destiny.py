"""B1 — placing a Destiny tile (seed 000, p. 7).

"Take the Destiny tile from the top or the bottom of your supply and place it orthogonally adjacent
to at least one tile already placed, without going beyond the limits of the Destiny Area and
without covering another tile. Then you gain the three Action tiles shown on that Destiny tile,
plus additional tiles for any matching symbols adjacent to connected areas, and any object shown
when you cover a gold or yellow symbol."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from . import errors
from .content import Content, Gain
from .counts import Counts
from .reading import Cell
from .state import Player

TOP = "top"
BOTTOM = "bottom"
ENDS = (TOP, BOTTOM)


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    row, col = cell
    return ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1))


def check_cell(content: Content, player: Player, cell: Cell) -> None:
    """Inside the Destiny Area, on no placed tile, orthogonally next to a placed tile."""
    placed = dict(player.destiny)
    if cell not in content.destiny_area.cells:
        raise errors.refuse(
            errors.OFF_AREA,
            f"{list(cell)} is outside the Destiny Area (B1, p. 7)",
            row=cell[0],
            col=cell[1],
        )
    if cell in placed:
        raise errors.refuse(
            errors.OVERLAP,
            f"{list(cell)} already holds Destiny tile {placed[cell]} (B1, p. 7)",
            row=cell[0],
            col=cell[1],
            tile=placed[cell],
        )
    if not any(n in placed for n in neighbours(cell)):
        raise errors.refuse(
            errors.NOT_ADJACENT,
            f"{list(cell)} is not orthogonally next to a placed Destiny tile (B1, p. 7)",
            row=cell[0],
            col=cell[1],
        )


def connected_area(symbols: Mapping[Cell, str], start: Cell) -> frozenset[Cell]:
    """The placed tiles orthogonally connected to ``start`` through tiles of its symbol."""
    symbol = symbols[start]
    seen = {start}
    frontier = [start]
    while frontier:
        for n in neighbours(frontier.pop()):
            if n not in seen and symbols.get(n) == symbol:
                seen.add(n)
                frontier.append(n)
    return frozenset(seen)


def matching_area_bonus(symbols: Mapping[Cell, str], cell: Cell, symbol: str) -> Counts:
    """The additional Action tiles for placing a tile showing ``symbol`` at ``cell``.

    Our reading of seed 000, p. 7 ("additional tiles for any matching symbols adjacent to connected
    areas"): placed Destiny tiles sharing a symbol and orthogonally connected form a connected
    area. For each distinct connected area of the new tile's symbol that touches the new tile
    orthogonally, the player gains one more Action tile of that symbol's colour. A tile joining two
    separate areas of its symbol therefore gains two; a tile touching one area on two sides, one.
    """
    areas = {connected_area(symbols, n) for n in neighbours(cell) if symbols.get(n) == symbol}
    return Counts.of({symbol: len(areas)})


def destiny_gain(content: Content, player: Player, tile_id: str, cell: Cell) -> Gain:
    """What placing ``tile_id`` at ``cell`` gives: three Action tiles, the matching-area bonus,
    and the object under a gold symbol covered there."""
    tile = content.destiny_tile(tile_id)
    symbols = {where: content.destiny_tile(t).symbol for where, t in player.destiny}
    tiles = Counts.of((colour, 1) for colour in tile.actions)
    tiles = tiles + matching_area_bonus(symbols, cell, tile.symbol)
    gold = content.destiny_area.gold_at(cell) or Gain()
    return replace(gold, tiles=gold.tiles + tiles)


def take(player: Player, end: str) -> tuple[str, tuple[str, ...]]:
    """The tile at ``end`` of the player's Destiny supply, and the supply without it."""
    if not player.destiny_supply:
        raise errors.refuse(errors.NO_DESTINY_TILE, "your Destiny supply is empty (B1, p. 7)")
    if end == TOP:
        return player.destiny_supply[0], player.destiny_supply[1:]
    return player.destiny_supply[-1], player.destiny_supply[:-1]


def place_destiny(content: Content, player: Player, end: str, cell: Cell) -> Player:
    tile, rest = take(player, end)
    check_cell(content, player, cell)
    gain = destiny_gain(content, player, tile, cell)
    placed = tuple(sorted((*player.destiny, (cell, tile))))
    return replace(player, destiny_supply=rest, destiny=placed).gain(gain)


def free_cells(content: Content, player: Player) -> tuple[Cell, ...]:
    """Every cell where a Destiny tile may go now, in row-major order."""
    placed = dict(player.destiny)
    return tuple(
        cell
        for cell in sorted(content.destiny_area.cells)
        if cell not in placed and any(n in placed for n in neighbours(cell))
    )
