"""Playing and winning a trick; the Decision card and the next trump.

Seed 003, 'Playing the trick', 'Winning the trick', 'The Decision card', 'Storing the trick'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import errors
from .cards import Card
from .placement import Placement

Play = tuple[str, str]  # (seat, card id)


@dataclass(frozen=True)
class Trick:
    """One stored trick: the pile of one round, its Decision card on top."""

    round: int
    led_by: str
    plays: tuple[Play, ...]
    winner: str
    decision: str
    trump: str | None  # None when the trick had no trump (``moon.first_round_trump``)
    next_trump: str
    required_lead: str | None
    placement: Placement | None = None


def required_colour(lead: Card | None, required_lead: str | None) -> str | None:
    """The colour a play must follow: the first card's colour, or a Mist colour for the lead.

    Seed 003, 'Playing the trick': "They must follow the colour of the first card played if
    possible"; 'Mist tokens': "the next trick must then begin with the colour of that Mist token,
    if possible".
    """
    if lead is not None:
        return lead.colour
    return required_lead


def check_follow(card: Card, required: str | None, hand: Iterable[Card]) -> None:
    """Reject a card that does not follow a required colour the hand holds (Must Follow)."""
    if required is None or card.colour == required:
        return
    if any(held.colour == required for held in hand):
        raise errors.IllegalMove(
            errors.MUST_FOLLOW, f"you must play {required} while you hold a {required} card"
        )


def tie_break(position: int, card: Card) -> tuple[int, int]:
    """Ranking key of a winning candidate.

    Our reading: seed 003, 'Winning the trick' assumes values differ within a colour; if two
    cards of the winning colour share a value, the one played first wins.
    """
    return (card.value, -position)


def trick_winner(cards: Sequence[Card], trump: str | None) -> int:
    """The position of the winning card in play order.

    Seed 003, 'Winning the trick': the highest card of the colour of the first card played wins,
    "However, if one or more Spirit cards of the trump colour have been played, the player who
    played the trump card with the highest value wins the trick instead." A trick without trump
    (``trump`` is ``None``) goes to the highest card of the colour led.
    """
    lead = cards[0].colour
    trumps = [i for i, card in enumerate(cards) if card.colour == trump]
    candidates = trumps or [i for i, card in enumerate(cards) if card.colour == lead]
    return max(candidates, key=lambda i: tie_break(i, cards[i]))
