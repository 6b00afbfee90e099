"""The immutable setup of one mission: cards, board, seats, trump, rounds, hands, Automa."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .board import Board
from .cards import Card

AUTOMA = "Automa"

# Powers a setup may list (Power tiles on the board, Power tokens held); the rules of each live in
# ``powers``. Named here, where every module can read them.
MOVE_SPIRIT_TILE = "move-spirit-tile"
ANY_COLOUR_EDGE = "any-colour-edge"
CHOOSE_TRUMP = "choose-trump"
QUIET_TOKEN = "quiet-token"
IGNORE_MUST_FOLLOW = "ignore-must-follow"
NAME_MISSING_COLOUR = "name-missing-colour"
SWAP_CARDS = "swap-cards"
POWERS = (
    MOVE_SPIRIT_TILE,
    ANY_COLOUR_EDGE,
    CHOOSE_TRUMP,
    QUIET_TOKEN,
    IGNORE_MUST_FOLLOW,
    NAME_MISSING_COLOUR,
    SWAP_CARDS,
)


@dataclass(frozen=True)
class AutomaSetup:
    """The Automa's ten cards (seed 003, '2-player game: the Automa').

    ``deck`` is top first, or ``None`` at a real table where the face-down deck is unknown; then
    only ``deck_size`` is known.
    """

    deck: tuple[str, ...] | None
    deck_size: int
    river: tuple[str, ...]
    kakapo: str


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first trick. ``hands`` follows ``players`` order when known.

    ``powers`` are the Powers usable this mission (each once); ``moon_effects`` the Moon tile
    effects in force (``moon.MOON_EFFECTS``).
    """

    cards: tuple[Card, ...]
    board: Board
    night: bool
    players: tuple[str, ...]
    first_player: str
    trump: str
    rounds: int
    hands: tuple[tuple[str, ...], ...] | None = None
    automa: AutomaSetup | None = None
    powers: tuple[str, ...] = ()
    deal: bool = False
    hand_size: int | None = None
    moon_effects: tuple[str, ...] = ()

    @cached_property
    def card_index(self) -> dict[str, Card]:
        """Cards by id."""
        return {card.id: card for card in self.cards}

    @property
    def seats(self) -> tuple[str, ...]:
        """Seats in clockwise order; the Automa sits after the last listed player."""
        if self.automa is None:
            return self.players
        return (*self.players, AUTOMA)
