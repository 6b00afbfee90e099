"""Reading a move at the engine's edge: its kind, its fields and their types, strictly.

A move is one JSON object with exactly one kind field (``MOVE_KINDS``) and only the fields its
kind takes (``docs/formats/spirits-scenario.md``, 'Moves'). An unknown field, a value of the wrong
type or a negative cell coordinate is ``bad-move`` naming the field; nothing is ignored or
coerced. Whether the move is allowed now (the card in hand, the tile on the board) is the rules'
business, in ``game`` and ``powers``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.common import (
    IllegalMove,
    bad_move,
    field,
    field_str,
    only_fields,
    read_cell,
)

from . import errors
from .setup import (
    ANY_COLOUR_EDGE,
    CHOOSE_TRUMP,
    IGNORE_MUST_FOLLOW,
    MOVE_SPIRIT_TILE,
    QUIET_TOKEN,
)
from .shapes import Cell
from .state import Move

MOVE_KINDS = ("play", "automa", "place", "discard", "mist_colour", "power")
AUTOMA_CHOICES = ("river", "deck")

#: The fields each kind of move takes besides its kind: (required, optional).
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "play": ((), ("seat",)),
    "automa": ((), ("card", "refill", "seat")),
    "place": ((), ()),
    "discard": (("seat",), ()),
    "mist_colour": ((), ()),
}

#: The fields each Power move takes besides ``power``: (required, optional).
POWER_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    MOVE_SPIRIT_TILE: (("from", "to"), ()),
    ANY_COLOUR_EDGE: (("cell", "side"), ()),
    CHOOSE_TRUMP: (("colour",), ()),
    QUIET_TOKEN: (("cell",), ()),
    IGNORE_MUST_FOLLOW: ((), ("seat",)),
}
ANY_POWER_FIELD = ("from", "to", "cell", "side", "colour", "seat")

CELL_LISTS = ("place", "from", "to")
STRINGS = ("play", "seat", "mist_colour", "side", "colour", "power")
CARDS_OR_NULL = ("card", "refill", "discard")


def read_move(move: Any) -> tuple[str, Move]:
    """The move's kind and its fields, cells as ``(row, column)`` tuples; ``bad-move`` when the
    move is not one well-formed move of the format."""
    if not isinstance(move, Mapping):
        raise IllegalMove(errors.BAD_MOVE, "a move is a JSON object", params={"field": ""})
    kinds = [kind for kind in MOVE_KINDS if kind in move]
    if len(kinds) != 1:
        raise IllegalMove(
            errors.BAD_MOVE, f"a move has exactly one of {MOVE_KINDS}", params={"field": ""}
        )
    kind = kinds[0]
    read: Move = {kind: _value(move, kind)}
    required, optional = FIELDS.get(kind) or power_fields(read["power"])
    only_fields(move, (kind, *required, *optional))
    for name in required:
        field(move, name)
    for name in (*required, *optional):
        if name in move:
            read[name] = _value(move, name)
    if kind == "automa":
        field_str(move, "automa", AUTOMA_CHOICES)
    return kind, read


def power_fields(power: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A Power the engine does not know takes any Power field: using it is refused as
    ``power-unavailable``, not as a bad move."""
    return POWER_FIELDS.get(power, ((), ANY_POWER_FIELD))


def _value(move: Mapping[str, Any], name: str) -> Any:
    value = move[name]
    if name in CELL_LISTS:
        return _cells(value, name)
    if name == "cell":
        return read_cell(value, name)
    if name in STRINGS and not isinstance(value, str):
        raise bad_move(name, "expected a string")
    if name in CARDS_OR_NULL and value is not None and not isinstance(value, str):
        raise bad_move(name, "expected a card id or null")
    return value


def _cells(value: Any, name: str) -> tuple[Cell, ...]:
    if not isinstance(value, list):
        raise bad_move(name, "expected a list of [row, column] pairs of integers")
    return tuple(read_cell(cell, name) for cell in value)
