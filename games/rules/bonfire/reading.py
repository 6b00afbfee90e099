"""Reading JSON values with messages that say where the problem is (``SetupError``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .counts import Counts
from .errors import SetupError

Cell = tuple[int, int]


def need(condition: bool, message: str) -> None:
    if not condition:
        raise SetupError(message)


def obj(value: Any, what: str) -> Mapping[str, Any]:
    need(isinstance(value, Mapping), f"{what}: expected an object")
    assert isinstance(value, Mapping)
    return value


def items(value: Any, what: str) -> list[Any]:
    need(isinstance(value, list), f"{what}: expected a list")
    assert isinstance(value, list)
    return value


def text(value: Any, what: str) -> str:
    need(isinstance(value, str) and value.strip() != "", f"{what}: expected a non-empty string")
    return str(value)


def integer(value: Any, what: str, least: int = 0) -> int:
    need(type(value) is int and value >= least, f"{what}: expected an integer >= {least}")
    return int(value)


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
