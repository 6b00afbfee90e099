"""The state of one mission in play, with the accessors a table UI needs.

A ``State`` is a frozen value: ``apply_move`` returns a new one. Tricks are stored as piles per
round, Decision card on top (seed 003, 'Storing the trick'), so the trick history counts rounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .bitboard import mask_of
from .board import Token
from .cards import Card
from .moon import first_round_trump
from .night import active_cells
from .placement import PlacedTile
from .revokes import Flag
from .setup import AUTOMA, CHOOSE_TRUMP, Setup
from .tricks import Play, Trick, required_colour

Move = dict[str, Any]  # a move in the spirits-scenario/1 move shape

PLAY = "play"
AUTOMA_PHASE = "automa"
PLACE = "place"
DISCARD = "discard"
MIST_COLOUR = "mist-colour"
OVER = "over"


@dataclass(frozen=True)
class Discard:
    """A card discarded after a Whirlpool, or at the start of a mission (a Moon tile); ``card``
    is ``None`` when discarded unseen. ``round`` counts the tricks played before it."""

    seat: str
    card: str | None
    round: int


@dataclass(frozen=True)
class PowerUse:
    """A Power used during the mission (``powers``): what it acted on, by Power.

    ``round`` is the round it was used in; for ``choose-trump``, the round whose trump it chose.
    ``move-spirit-tile``: ``card``, its cells ``before`` and ``after``, and any ``violations``.
    ``any-colour-edge``: the edge's ``cell``, ``side`` and ``colour``. ``choose-trump``: the
    ``colour``. ``quiet-token``: the token's ``cell``. ``ignore-must-follow``: the ``seat``, and the
    ``card`` it played once played (empty until then).
    """

    power: str
    round: int
    card: str = ""
    before: tuple[tuple[int, int], ...] = ()
    after: tuple[tuple[int, int], ...] = ()
    violations: tuple[str, ...] = ()
    seat: str | None = None
    colour: str | None = None
    cell: tuple[int, int] | None = None
    side: str | None = None


@dataclass(frozen=True)
class State:
    """One mission in play. ``hands`` follows ``setup.players`` and is ``None`` when unknown."""

    setup: Setup
    seed: int
    hands: tuple[tuple[str, ...], ...] | None
    river: tuple[str, ...]
    deck: tuple[str, ...] | None
    deck_count: int
    kakapo: str | None
    leader: str
    current: tuple[Play, ...] = ()
    required_lead: str | None = None
    tricks: tuple[Trick, ...] = ()
    placed: tuple[PlacedTile, ...] = ()
    tokens: tuple[Token, ...] = ()
    pending_discards: tuple[str, ...] = ()
    discards: tuple[Discard, ...] = ()
    mist_choices: tuple[str, ...] = ()
    voids: tuple[tuple[str, str], ...] = ()
    flags: tuple[Flag, ...] = ()
    powers_used: tuple[PowerUse, ...] = ()
    failure: str | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        """Seats in clockwise order (the Automa last, when present)."""
        return self.setup.seats

    @property
    def rounds(self) -> int:
        """The mission's number of rounds."""
        return self.setup.rounds

    @property
    def round(self) -> int:
        """The round being played (1-based); after the last trick, the last round."""
        if self.tricks and (self.tricks[-1].placement is None or len(self.tricks) == self.rounds):
            return len(self.tricks)
        return len(self.tricks) + 1

    @property
    def piles(self) -> tuple[Trick, ...]:
        """The stored tricks, one pile per round."""
        return self.tricks

    @property
    def trump(self) -> str | None:
        """The trump colour of the next trick to play: the last Decision card's colour, or the
        mission's Trump card in round 1 (seed 003, 'The Decision card'). A Compass (``powers``)
        may have chosen it instead of the Decision card; a Moon tile may leave round 1 without
        trump (``moon.first_round_trump``): then ``None``."""
        if not self.tricks:
            return first_round_trump(self.setup)
        following = len(self.tricks) + 1
        for use in self.powers_used:
            if use.power == CHOOSE_TRUMP and use.round == following:
                return use.colour
        return self.tricks[-1].next_trump

    @property
    def lead_colour(self) -> str | None:
        """The colour of the first card of the trick in progress."""
        if not self.current:
            return None
        return self.card(self.current[0][1]).colour

    @property
    def required_colour(self) -> str | None:
        """The colour the next card must follow if it can (``tricks.required_colour``): the lead
        card's colour, or before the lead a colour a Mist token or a Moon tile binds it to."""
        lead = self.card(self.current[0][1]) if self.current else None
        return required_colour(lead, self.required_lead)

    @property
    def complete(self) -> bool:
        """True once the last round's Spirit tile is placed."""
        return len(self.tricks) == self.rounds and self.tricks[-1].placement is not None

    @property
    def phase(self) -> str:
        """What the table does next: play, automa, place, discard, mist-colour or over."""
        if self.failure is not None or self.complete:
            return OVER
        if self.tricks and self.tricks[-1].placement is None:
            return PLACE
        if self.pending_discards:
            return DISCARD
        if self.mist_choices:
            return MIST_COLOUR
        if self.current_seat == AUTOMA:
            return AUTOMA_PHASE
        return PLAY

    @property
    def current_seat(self) -> str:
        """The seat due to play in the trick in progress (the leader when it has not begun)."""
        if not self.current:
            return self.leader
        seats = self.seats
        return seats[(seats.index(self.current[-1][0]) + 1) % len(seats)]

    @property
    def waiting_seats(self) -> tuple[str, ...]:
        """The seats still to play in the trick in progress, in playing order: clockwise from
        the seat that led it (seed 003, 'Playing the trick': "The other players then play a
        Spirit card one after the other, in clockwise order"). Empty before the lead."""
        if not self.current:
            return ()
        seats = self.seats
        start = seats.index(self.current[0][0])
        order = seats[start:] + seats[:start]
        return order[len(self.current) :]

    @property
    def decision(self) -> Card | None:
        """The Decision card waiting for its Spirit tile to be placed, if any."""
        if self.tricks and self.tricks[-1].placement is None:
            return self.card(self.tricks[-1].decision)
        return None

    def card(self, card_id: str) -> Card:
        """A card of the setup by id."""
        return self.setup.card_index[card_id]

    def hand(self, seat: str) -> tuple[str, ...] | None:
        """A human seat's hand, or ``None`` when hands are unknown."""
        if self.hands is None:
            return None
        return self.hands[self.setup.players.index(seat)]

    @cached_property
    def spent(self) -> frozenset[str]:
        """Cards played in tricks or discarded face up."""
        spent = {card for trick in self.tricks for _, card in trick.plays}
        spent.update(card for _, card in self.current)
        spent.update(d.card for d in self.discards if d.card is not None)
        return frozenset(spent)

    @cached_property
    def deck_candidates(self) -> tuple[str, ...]:
        """The cards that may lie in the Automa's face-down deck when it is unknown (a real
        table), in the setup's order: neither played, discarded face up, in the river nor in a
        known hand. Empty when the deck is known or empty."""
        if self.deck is not None or not self.deck_count:
            return ()
        held = {c for hand in self.hands or () for c in hand}
        river = set(self.river)
        return tuple(
            card.id
            for card in self.setup.cards
            if card.id not in self.spent and card.id not in river and card.id not in held
        )

    @cached_property
    def spirit_mask(self) -> int:
        """Cells covered by Spirit tiles."""
        return mask_of((cell for tile in self.placed for cell in tile.cells), self.setup.board.size)

    @cached_property
    def mission_mask(self) -> int:
        """Cells covered by Mission tiles on the side in play."""
        board = self.setup.board
        cells = (c for t in board.mission_tiles for c in active_cells(t, self.setup.night))
        return mask_of(cells, board.size)

    @property
    def occupied(self) -> int:
        """Cells no Spirit tile may cover."""
        return self.spirit_mask | self.mission_mask

    @property
    def violations(self) -> tuple[str, ...]:
        """Constraint violations recorded so far, by placements and by tiles a Power moved."""
        placed = (v for t in self.tricks if t.placement is not None for v in t.placement.violations)
        moved = (v for use in self.powers_used for v in use.violations)
        return (*placed, *moved)

    def board_occupancy(self) -> dict[tuple[int, int], str]:
        """What covers each occupied cell: a Mission tile id or a Spirit card id."""
        board = self.setup.board
        occupancy: dict[tuple[int, int], str] = {}
        for tile in board.mission_tiles:
            for cell in active_cells(tile, self.setup.night):
                occupancy[cell] = tile.id
        for placed in self.placed:
            for cell in placed.cells:
                occupancy[cell] = placed.card
        return occupancy
