"""Spirit cards: colour, value, and the unique Spirit tile each one names.

Seed 003, 'Selecting the Spirit tile': "Each Spirit card shows the unique Spirit tile it is linked
to at its centre."
"""

from __future__ import annotations

from dataclasses import dataclass

from .shapes import Cell, Shape, mirror, normalise, orientations


@dataclass(frozen=True)
class Card:
    """One Spirit card. ``tile`` is the front side's cells; ``back`` the back side's, if printed."""

    id: str
    colour: str
    value: int
    tile: tuple[Cell, ...]
    back: tuple[Cell, ...] | None = None

    @property
    def shapes(self) -> tuple[Shape, ...]:
        """Every orientation of this card's Spirit tile, both sides."""
        return orientations(normalise(self.tile), back_side(self))


def back_side(card: Card) -> Shape:
    """The cells of the back of a card's Spirit tile.

    Our reading of seed 003, 'Placing the Spirit tile' ("you can place it on the side of your
    choice, front or back"): the back is the mirror image of the front, unless the card gives its
    own ``back`` cells.
    """
    if card.back is not None:
        return normalise(card.back)
    return mirror(card.tile)
