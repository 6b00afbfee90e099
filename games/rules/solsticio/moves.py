"""Reading a move strictly, at the engine's edge.

A move is a JSON object with ``seat``, exactly one action and, optionally, ``version``. Anything
else is ``bad-move`` with a message naming the field and ``params={"field": …}``: an unknown field,
a value of the wrong type (a boolean is not an integer), ``{"pass": false}``, a ``version`` that is
not a non-negative integer, a place with a negative row or column. Nothing is ignored or coerced.
Whether a well-formed move is allowed now is the rules' business (``game.apply``).

The shared strict readers of ``games.rules.common`` are not there yet; these are Solsticio's own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import errors
from .errors import IllegalMove
from .reading import Cell
from .state import BLOCK, CHOICES, RAINBOW

PLAY = "play"
PASS = "pass"
SEAT = "seat"
VERSION = "version"
ACTIONS = (PLAY, PASS, *CHOICES)
FIELDS = (SEAT, VERSION, *ACTIONS)
#: The actions whose answer is a place of the panorama; the others name a tile.
PLACES = (RAINBOW, BLOCK)


@dataclass(frozen=True)
class ReadMove:
    """A move as read: the seat's index, the action, its answer and the version, if given."""

    seat: int
    action: str
    answer: str | Cell | None
    version: int | None


def bad(field: str, message: str) -> IllegalMove:
    return IllegalMove(errors.BAD_MOVE, message, params={"field": field})


def shown(value: Any) -> str:
    """A value as the JSON it came in (``false``, ``"0"``, ``[-1, 0]``), for messages."""
    return json.dumps(value, default=repr)


def read_move(players: tuple[str, str], move: Any) -> ReadMove:
    """The move, checked field by field; raises ``IllegalMove`` (``bad-move``)."""
    if not isinstance(move, Mapping):
        raise bad("move", "a move is a JSON object")
    for key in move:
        if key not in FIELDS:
            raise bad(
                str(key),
                f"{key}: not a field of a move (a move has seat, version and one of "
                f"{', '.join(ACTIONS)})",
            )
    found = [action for action in ACTIONS if action in move]
    if len(found) != 1:
        raise bad("move", f"a move has exactly one of {', '.join(ACTIONS)}")
    action = found[0]
    seat = move.get(SEAT)
    if not isinstance(seat, str) or seat not in players:
        raise bad(SEAT, f"seat: expected one of {', '.join(players)}, not {shown(seat)}")
    return ReadMove(
        seat=players.index(seat),
        action=action,
        answer=_answer(action, move[action]),
        version=_version(move),
    )


def _version(move: Mapping[str, Any]) -> int | None:
    if VERSION not in move:
        return None
    version = move[VERSION]
    if type(version) is not int or version < 0:
        raise bad(
            VERSION,
            "version: expected the number of moves the game had when the move was made (an "
            f"integer >= 0), not {shown(version)}",
        )
    return version


def _answer(action: str, value: Any) -> str | Cell | None:
    if action == PASS:
        if value is not True:
            raise bad(PASS, f'pass: a pass is {{"pass": true}}, not {shown(value)}')
        return None
    if action in PLACES:
        if not (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(type(x) is int for x in value)
        ):
            raise bad(action, f"{action}: expected a place [row, column], not {shown(value)}")
        if min(value) < 0:
            raise bad(
                action,
                f"{action}: {shown(list(value))} is not a place: rows and columns count from 0",
            )
        return (int(value[0]), int(value[1]))
    if not isinstance(value, str) or not value:
        raise bad(action, f"{action}: expected a tile id, not {shown(value)}")
    return value
