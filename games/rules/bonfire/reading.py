"""Reading JSON values with messages that say where the problem is (``SetupError``); the plain
values are read as every engine reads them (``games.rules.common``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from games.rules.common import Cell as Cell
from games.rules.common import integer as integer
from games.rules.common import items as items
from games.rules.common import need as need
from games.rules.common import obj as obj
from games.rules.common import text as text

from .counts import Counts


def name_in(value: Any, known: Collection[str], what: str, kind: str) -> str:
    name = text(value, what)
    need(name in known, f"{what}: unknown {kind} {name!r}")
    return name


def counts(value: Any, known: Collection[str], what: str, kind: str) -> Counts:
    """``{"red": 2}``: names from ``known``, counts >= 0."""
    data = obj({} if value is None else value, what)
    return Counts.of(
        (name_in(name, known, what, kind), integer(count, f"{what}.{name}"))
        for name, count in data.items()
    )


def cell(value: Any, what: str) -> Cell:
    need(
        isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value),
        f"{what}: expected [row, col]",
    )
    return (int(value[0]), int(value[1]))


def unique(ids: list[str], what: str) -> None:
    for ident in ids:
        need(ids.count(ident) == 1, f"{what}: duplicate id {ident!r}")
