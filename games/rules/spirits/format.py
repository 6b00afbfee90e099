"""The ``spirits-scenario/1`` setup document: reading and writing a ``Setup`` and its parts.

The format is documented in ``docs/formats/spirits-scenario.md``; it is an external contract.
Replaying a scenario's moves and reporting the result is ``scenario``; a whole ``State`` as JSON is
``serialize``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.rules.common import integer, need

from .board import MIST, SIDES, WHIRLPOOL, Board, ColouredEdge, MissionTile, Token
from .cards import Card
from .moon import MOON_EFFECTS
from .setup import AUTOMA, MOVE_SPIRIT_TILE, AutomaSetup, Setup
from .shapes import Cell
from .state import PowerUse

FORMAT = "spirits-scenario/1"


def _str(value: Any, what: str) -> str:
    need(isinstance(value, str) and value != "", f"{what}: expected a non-empty string")
    return str(value)


def _cell(value: Any, what: str) -> Cell:
    need(
        isinstance(value, list | tuple) and len(value) == 2 and all(type(x) is int for x in value),
        f"{what}: expected [row, col]",
    )
    return (int(value[0]), int(value[1]))


def _cells(value: Any, what: str, size: int | None = None) -> tuple[Cell, ...]:
    need(isinstance(value, list | tuple) and len(value) > 0, f"{what}: expected a list of cells")
    cells = tuple(_cell(v, what) for v in value)
    need(len(set(cells)) == len(cells), f"{what}: repeated cell")
    if size is not None:
        need(all(0 <= r < size and 0 <= c < size for r, c in cells), f"{what}: off the grid")
    return cells


def _card(card_id: str, data: Any) -> Card:
    what = f"cards.{card_id}"
    need(isinstance(data, Mapping), f"{what}: expected an object")
    back = data.get("back")
    return Card(
        id=card_id,
        colour=_str(data.get("colour"), f"{what}.colour"),
        value=integer(data.get("value"), f"{what}.value"),
        tile=_cells(data.get("tile"), f"{what}.tile"),
        back=None if back is None else _cells(back, f"{what}.back"),
    )


def night_edges_key(data: Mapping[str, Any], night: bool) -> str:
    """Which coloured edges are in play: a board may give the Night side's own edges.

    Turning a Mission tile to its Night side (seed 003, 'Switching to Night mode') shows that
    side's edges. The scenario's ``coloured_edges`` are the side in play; an optional
    ``night_coloured_edges`` (as content packs give) replaces them in Night mode.
    """
    if night and "night_coloured_edges" in data:
        return "night_coloured_edges"
    return "coloured_edges"


def _mission_tile(data: Any, size: int, night: bool, index: int) -> MissionTile:
    what = f"board.mission_tiles[{index}]"
    need(isinstance(data, Mapping), f"{what}: expected an object")
    edges = []
    edges_key = night_edges_key(data, night)
    for j, edge in enumerate(data.get(edges_key) or []):
        where = f"{what}.{edges_key}[{j}]"
        need(isinstance(edge, Mapping) and edge.get("side") in SIDES, f"{where}: bad side")
        edges.append(
            ColouredEdge(
                _cell(edge.get("cell"), where), edge["side"], _str(edge.get("colour"), where)
            )
        )
    night_cells = data.get("night_cells")
    need(not night or night_cells is not None, f"{what}: Night mode needs night_cells")
    tile = MissionTile(
        id=_str(data.get("id"), f"{what}.id"),
        cells=_cells(data.get("cells"), f"{what}.cells", size),
        surround=bool(data.get("surround", False)),
        coloured_edges=tuple(edges),
        triangle=_cell(data.get("triangle"), f"{what}.triangle"),
        night_cells=None if night_cells is None else _cells(night_cells, what, size),
    )
    on_side = tile.night_cells if night and tile.night_cells else tile.cells
    need(tile.triangle in on_side, f"{what}: the black triangle is not on the tile")
    return tile


def _token(data: Any, size: int, index: int) -> Token:
    what = f"board.tokens[{index}]"
    need(isinstance(data, Mapping) and data.get("kind") in (WHIRLPOOL, MIST), f"{what}: kind")
    colour = data.get("colour")
    if data["kind"] == MIST:
        colour = _str(colour, f"{what}.colour")
    cell = _cells([data.get("cell")], f"{what}.cell", size)[0]
    return Token(kind=data["kind"], cell=cell, colour=colour if data["kind"] == MIST else None)


def _board(data: Any, night: bool) -> Board:
    need(isinstance(data, Mapping), "board: expected an object")
    size = integer(data.get("size", 12), "board.size", 1)
    tiles = tuple(
        _mission_tile(t, size, night, i) for i, t in enumerate(data.get("mission_tiles") or [])
    )
    tokens = tuple(_token(t, size, i) for i, t in enumerate(data.get("tokens") or []))
    rocks = tuple(_cell(r, "board.rocks") for r in data.get("rocks") or [])
    return Board(size=size, mission_tiles=tiles, tokens=tokens, rocks=rocks)


def _ids(value: Any, what: str, known: Mapping[str, Card]) -> tuple[str, ...]:
    need(isinstance(value, list | tuple), f"{what}: expected a list of card ids")
    for card in value:
        need(card in known, f"{what}: unknown card {card!r}")
    return tuple(value)


def setup_from_dict(data: Mapping[str, Any]) -> Setup:
    """Read and validate a scenario's setup (everything but ``moves``); raises ``SetupError``."""
    need(isinstance(data, Mapping), "a scenario is a JSON object")
    need(data.get("format") == FORMAT, f'format: expected "{FORMAT}"')
    cards_data = data.get("cards")
    need(isinstance(cards_data, Mapping) and len(cards_data) > 0, "cards: expected an object")
    assert isinstance(cards_data, Mapping)
    cards = tuple(_card(_str(k, "cards"), v) for k, v in cards_data.items())
    index = {card.id: card for card in cards}
    night = data.get("night", False)
    need(isinstance(night, bool), "night: expected true or false")
    board = _board(data.get("board"), night)
    players_data = data.get("players")
    need(isinstance(players_data, list) and len(players_data) > 0, "players: expected a list")
    assert isinstance(players_data, list)
    players = tuple(_str(p, "players") for p in players_data)
    need(len(set(players)) == len(players) and AUTOMA not in players, "players: bad names")
    hands = None
    if data.get("hands") is not None:
        hands_data = data["hands"]
        need(isinstance(hands_data, Mapping) and set(hands_data) == set(players), "hands: seats")
        hands = tuple(_ids(hands_data[p], f"hands.{p}", index) for p in players)
    automa = None
    if data.get("automa") is not None:
        automa = _automa(data["automa"], players, index)
    seats = (*players, AUTOMA) if automa else players
    first = data.get("first_player")
    need(first in seats, "first_player: not a seat")
    dealt = [c for hand in hands or () for c in hand]
    if automa is not None:
        dealt += [*(automa.deck or ()), *automa.river]
    need(len(set(dealt)) == len(dealt), "hands/automa: a card is dealt twice")
    powers = data.get("powers") or []
    moon_effects = data.get("moon_effects") or []
    need(isinstance(moon_effects, list), "moon_effects: expected a list")
    for effect in moon_effects:
        need(effect in MOON_EFFECTS, f"moon_effects: unknown effect {effect!r}")
    hand_size = data.get("hand_size")
    return Setup(
        cards=cards,
        board=board,
        night=night,
        players=players,
        first_player=str(first),
        trump=_str(data.get("trump"), "trump"),
        rounds=integer(data.get("rounds"), "rounds", 1),
        hands=hands,
        automa=automa,
        powers=tuple(_str(p, "powers") for p in powers),
        deal=data.get("deal") is True,
        hand_size=None if hand_size is None else integer(hand_size, "hand_size", 1),
        moon_effects=tuple(moon_effects),
    )


def _automa(data: Any, players: tuple[str, ...], index: Mapping[str, Card]) -> AutomaSetup:
    need(isinstance(data, Mapping), "automa: expected an object")
    need(len(players) == 2, "automa: the Automa plays only in 2-player games")
    need(data.get("kakapo") in players, "automa.kakapo: not a player")
    deck = None
    if data.get("deck") is not None:
        deck = _ids(data["deck"], "automa.deck", index)
        size = len(deck)
    else:
        size = integer(data.get("deck_size"), "automa.deck_size")
    return AutomaSetup(
        deck=deck,
        deck_size=size,
        river=_ids(data.get("river"), "automa.river", index),
        kakapo=str(data["kakapo"]),
    )


def cell_list(cells: Iterable[Cell]) -> list[list[int]]:
    """Cells as JSON ``[row, col]`` pairs."""
    return [[r, c] for r, c in cells]


def card_to_dict(
    colour: str, value: int, tile: Iterable[Cell], back: Iterable[Cell] | None
) -> dict[str, Any]:
    """One entry of ``cards``: ``back`` only for a tile whose back is not its mirror image."""
    entry: dict[str, Any] = {"colour": colour, "value": value, "tile": cell_list(tile)}
    if back is not None:
        entry["back"] = cell_list(back)
    return entry


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    """The setup in the ``spirits-scenario/1`` shape (without ``moves``)."""
    cards = {
        card.id: card_to_dict(card.colour, card.value, card.tile, card.back) for card in setup.cards
    }
    board = setup.board
    tiles = []
    for tile in board.mission_tiles:
        entry: dict[str, Any] = {
            "id": tile.id,
            "cells": cell_list(tile.cells),
            "surround": tile.surround,
            "coloured_edges": [
                {"cell": list(e.cell), "side": e.side, "colour": e.colour}
                for e in tile.coloured_edges
            ],
            "triangle": list(tile.triangle),
        }
        if tile.night_cells is not None:
            entry["night_cells"] = cell_list(tile.night_cells)
        tiles.append(entry)
    data: dict[str, Any] = {
        "format": FORMAT,
        "cards": cards,
        "board": {
            "size": board.size,
            "mission_tiles": tiles,
            "tokens": [token_to_dict(t, with_cell=True) for t in board.tokens],
            "rocks": cell_list(board.rocks),
        },
        "night": setup.night,
        "players": list(setup.players),
        "first_player": setup.first_player,
        "trump": setup.trump,
        "rounds": setup.rounds,
    }
    if setup.hands is not None:
        data["hands"] = {p: list(h) for p, h in zip(setup.players, setup.hands, strict=True)}
    if setup.automa is not None:
        auto = setup.automa
        automa: dict[str, Any] = {"river": list(auto.river), "kakapo": auto.kakapo}
        if auto.deck is not None:
            automa["deck"] = list(auto.deck)
        else:
            automa["deck_size"] = auto.deck_size
        data["automa"] = automa
    if setup.powers:
        data["powers"] = list(setup.powers)
    if setup.deal:
        data["deal"] = True
    if setup.hand_size is not None:
        data["hand_size"] = setup.hand_size
    if setup.moon_effects:
        data["moon_effects"] = list(setup.moon_effects)
    return data


def power_use_to_dict(use: PowerUse) -> dict[str, Any]:
    """A Power used during the mission, as the scenario output and the saved state write it: a
    moved tile as it always was, other Powers with only the fields they use."""
    data: dict[str, Any] = {"power": use.power, "round": use.round}
    if use.power == MOVE_SPIRIT_TILE:
        data["card"] = use.card
        data["from"] = cell_list(use.before)
        data["to"] = cell_list(use.after)
        data["violations"] = list(use.violations)
        return data
    optional = {"seat": use.seat, "card": use.card, "colour": use.colour, "side": use.side}
    data.update((key, value) for key, value in optional.items() if value)
    if use.cell is not None:
        data["cell"] = list(use.cell)
    return data


def token_to_dict(token: Token, with_cell: bool = False) -> dict[str, Any]:
    """A token as JSON; ``colour`` is present for Mist tokens only."""
    data: dict[str, Any] = {"kind": token.kind}
    if with_cell:
        data["cell"] = list(token.cell)
    if token.colour is not None:
        data["colour"] = token.colour
    return data
