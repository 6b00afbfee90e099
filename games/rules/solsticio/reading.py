"""Reading JSON values with clear messages: every error names the field it is about."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.common import Cell as Cell
from games.rules.common import items, need, text


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
