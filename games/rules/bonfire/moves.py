"""Reading a move strictly at the engine's edge: every field a move kind knows, of the right type,
and nothing else. Anything wrong is ``bad-move`` naming the field (``errors.bad_move``): an unknown
field, a string where a number goes, ``true`` for a number, a negative index, an unknown colour.

Moves are plain JSON objects (``docs/formats/bonfire-scenario.md``): ``player`` and ``kind``, then
the kind's own fields.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from . import errors
from .counts import Counts
from .reading import Cell

Move = Mapping[str, Any]

# Each kind's fields beyond ``player`` and ``kind``: (required, optional).
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "place_destiny": (("cell",), ("end",)),
    "pay": (("cost",), ("plan",)),
    "move_ship": (("to",), ()),
    "island_action": ((), ()),
    "build_path": (("index",), ()),
    "take_task": (("island", "offering", "tiles"), ()),
    "fulfil_common": (("task",), ()),
    "light_bonfire": (("space", "council"), ()),
    "place_neutral": (("council",), ()),
    "advance_guardians": (("steps",), ()),
    "end_turn": ((), ()),
}
STEP_FIELDS = ("guardian", "portal")


def kind_of(move: Any) -> str:
    """The move's ``kind``, once the move is an object with only its kind's fields."""
    if not isinstance(move, Mapping):
        raise errors.bad_move("move", "a move is a JSON object")
    kind = move.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise errors.bad_move(
            "kind", f"unknown move kind {kind!r}; expected one of {', '.join(FIELDS)}"
        )
    required, optional = FIELDS[kind]
    for name in move:
        if name not in {"player", "kind", *required, *optional}:
            raise errors.bad_move(str(name), f"{kind}: {name!r} is not a field of this move")
    for name in required:
        if name not in move:
            raise errors.bad_move(name, f"{kind}: {name} is missing")
    return kind


def text(move: Move, name: str, what: str) -> str:
    value = move[name]
    if not isinstance(value, str) or not value:
        raise errors.bad_move(name, f"{move['kind']}: {name} must be {what}")
    return value


def index(move: Move, name: str, what: str) -> int:
    """A 0-based position: an integer (``true`` is not one), never negative."""
    return number(move[name], name, f"{move['kind']}: {name} must be {what}")


def number(value: Any, field: str, message: str) -> int:
    if type(value) is not int or value < 0:
        raise errors.bad_move(field, message)
    return value


def counts(move: Move, name: str, known: Collection[str]) -> Counts:
    """``{"red": 2}``: known colours, counts that are integers >= 0."""
    value = move[name]
    if not isinstance(value, Mapping):
        raise errors.bad_move(name, f"{move['kind']}: {name} must be an object of counts by colour")
    for colour, count in value.items():
        field = f"{name}.{colour}"
        if colour not in known:
            raise errors.bad_move(field, f"{move['kind']}: {field}: unknown colour {colour!r}")
        number(count, field, f"{move['kind']}: {field} must be a count (an integer >= 0)")
    return Counts.of(value)


def cell(move: Move) -> Cell:
    value = move["cell"]
    if not (isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value)):
        raise errors.bad_move("cell", "place_destiny: cell must be [row, col], two integers")
    return (value[0], value[1])


def steps(move: Move) -> list[tuple[int, bool]]:
    """``[{"guardian": 0, "portal": false}]``: each step's Guardian (0-based) and whether it goes
    through the Portal (``false`` when left out)."""
    value = move["steps"]
    if not isinstance(value, list):
        raise errors.bad_move("steps", "advance_guardians: steps must be a list of steps")
    read = []
    for i, step in enumerate(value):
        where = f"steps[{i}]"
        if not isinstance(step, Mapping):
            raise errors.bad_move(
                where, f'advance_guardians: {where} must be {{"guardian": n, "portal": false}}'
            )
        for name in step:
            if name not in STEP_FIELDS:
                raise errors.bad_move(
                    f"{where}.{name}", f"advance_guardians: {where}.{name} is not a field of a step"
                )
        guardian = number(
            step.get("guardian"),
            f"{where}.guardian",
            f"advance_guardians: {where}.guardian must be a Guardian's index (an integer >= 0)",
        )
        portal = step.get("portal", False)
        if not isinstance(portal, bool):
            raise errors.bad_move(
                f"{where}.portal", f"advance_guardians: {where}.portal must be true or false"
            )
        read.append((guardian, portal))
    return read
