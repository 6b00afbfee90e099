"""Reading JSON values with clear messages: every error names the field it is about."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import SetupError

Cell = tuple[int, int]


def need(condition: bool, message: str) -> None:
    """Raise ``SetupError(message)`` unless ``condition`` holds."""
    if not condition:
        raise SetupError(message)


def obj(value: Any, what: str) -> Mapping[str, Any]:
    need(isinstance(value, Mapping), f"{what}: expected an object")
    return value  # type: ignore[no-any-return]


def items(value: Any, what: str) -> list[Any]:
    need(isinstance(value, list), f"{what}: expected a list")
    return value  # type: ignore[no-any-return]


def text(value: Any, what: str) -> str:
    need(isinstance(value, str) and value.strip() != "", f"{what}: expected a non-empty string")
    return str(value)


def integer(value: Any, what: str, least: int = 0) -> int:
    need(type(value) is int and value >= least, f"{what}: expected an integer >= {least}")
    return int(value)


def cell(value: Any, what: str) -> Cell:
    need(
        isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value),
        f"{what}: expected [row, column]",
    )
    return (int(value[0]), int(value[1]))


def ids(value: Any, what: str, known: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of ids, each known."""
    found = tuple(text(v, what) for v in items(value, what))
    for ident in found:
        need(ident in known, f"{what}: unknown tile {ident!r}")
    return found
