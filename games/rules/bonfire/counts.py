"""``Counts``: a multiset of names (Action tiles by colour, Resources by kind) as a frozen value."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Counts:
    """How many of each name; names sorted, no zero entries, so equal multisets compare equal."""

    items: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, mapping: Mapping[str, int] | Iterable[tuple[str, int]]) -> Counts:
        pairs = mapping.items() if isinstance(mapping, Mapping) else mapping
        merged: dict[str, int] = {}
        for name, count in pairs:
            merged[name] = merged.get(name, 0) + count
        return cls(tuple(sorted((k, v) for k, v in merged.items() if v)))

    def get(self, name: str) -> int:
        for key, count in self.items:
            if key == name:
                return count
        return 0

    def total(self) -> int:
        return sum(count for _, count in self.items)

    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.items)

    def covers(self, other: Counts) -> bool:
        """Whether every count of ``other`` is at most this one's."""
        return all(self.get(name) >= count for name, count in other.items)

    def __add__(self, other: Counts) -> Counts:
        return Counts.of((*self.items, *other.items))

    def __sub__(self, other: Counts) -> Counts:
        """The difference; ``other`` must be covered (callers check with ``covers``)."""
        assert self.covers(other), "subtracting more than there is"
        return Counts.of((*self.items, *((name, -count) for name, count in other.items)))

    def as_dict(self) -> dict[str, int]:
        return dict(self.items)

    def text(self) -> str:
        """``2 red, 1 yellow``; ``nothing`` when empty."""
        return ", ".join(f"{count} {name}" for name, count in self.items) or "nothing"


NONE = Counts()
