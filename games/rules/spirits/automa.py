"""The Automa, the third seat of a 2-player game (seed 003, '2-player game: the Automa').

The Leader (the human holding the Kakapo) makes the Automa's choices; the engine checks them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import errors
from .cards import Card
from .setup import AUTOMA

RIVER_SIZE = 4


def next_kakapo(kakapo: str | None, winner: str) -> str | None:
    """Who holds the Kakapo after a trick.

    Seed 003: "The player (excluding the Automa) who wins the trick takes the Kakapo meeple and
    becomes the Leader ... The Automa never receives the Kakapo meeple, even if it wins the trick
    and becomes the first player."
    """
    if winner == AUTOMA:
        return kakapo
    return winner


def matching_river(
    river: Sequence[str], cards: Mapping[str, Card], required: str | None
) -> tuple[str, ...]:
    """River cards the Automa must choose among, or ``()`` when it is free.

    Seed 003: "if one of its face-up cards matches the colour of the first card played, it must
    play that card; if several of its face-up cards match, the Leader chooses which one". When
    the Automa leads a trick a Mist token forces, the same applies to the Mist colour (issue
    contract; seed 003, 'Mist tokens': the trick "must then begin with the colour of that Mist
    token, if possible").
    """
    if required is None:
        return ()
    return tuple(card for card in river if cards[card].colour == required)


def check_river_choice(card: str, river: Sequence[str], matching: Sequence[str]) -> None:
    """A river card may be played when it is in the river and obeys ``matching_river``."""
    if card not in river:
        raise errors.IllegalMove(errors.NOT_IN_RIVER, f"card {card} is not in the Automa's river")
    if matching and card not in matching:
        raise errors.IllegalMove(
            errors.AUTOMA_MUST_MATCH, "the Automa must play a face-up card of the required colour"
        )


def check_deck_choice(matching: Sequence[str], deck_count: int) -> None:
    """The top deck card may be taken only when no river card is forced and the deck has cards.

    Seed 003: "if none match, the Leader either chooses a card from the face-up cards or takes
    the first card from the Automa's deck".
    """
    if matching:
        raise errors.IllegalMove(
            errors.AUTOMA_MUST_MATCH, "the Automa must play a face-up card of the required colour"
        )
    if deck_count == 0:
        raise errors.IllegalMove(errors.AUTOMA_DECK_EMPTY, "the Automa's deck is empty")


def needs_refill(river: Sequence[str], deck_count: int) -> bool:
    """Seed 003: "Whenever a face-up card has been played, draw a card to refill the river back
    to 4 cards." Only while the deck has cards.
    """
    return len(river) < RIVER_SIZE and deck_count > 0
