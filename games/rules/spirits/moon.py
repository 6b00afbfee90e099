"""Moon tile effects in force for a mission (seed 003, 'The Moon Path': "Moon tiles bring
disadvantages that stack and last until the end of the game").

A setup lists them in ``moon_effects``; each reading lives in one function here. ``one-fewer-round``
needs no rule of its own: the setup's ``rounds`` already count it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .setup import Setup
from .tokens import discards_owed

NO_TRUMP_FIRST_ROUND = "no-trump-first-round"
DISCARD_AT_START = "discard-at-start"
LEAD_TRUMP_FIRST = "lead-trump-first"
MOON_EFFECTS = (NO_TRUMP_FIRST_ROUND, DISCARD_AT_START, LEAD_TRUMP_FIRST)


def first_round_trump(setup: Setup) -> str | None:
    """The trump of round 1: the mission's Trump card (seed 003, 'The Decision card'), or none.

    Reading of ``no-trump-first-round`` ("The Trump card is ignored in round 1: the first trick has
    no trump"): the first trick is won by the highest card of the colour led, whatever else was
    played; from round 2 the Decision card sets the trump as usual.
    """
    if NO_TRUMP_FIRST_ROUND in setup.moon_effects:
        return None
    return setup.trump


def first_lead(setup: Setup) -> str | None:
    """The colour the first trick must be led in, if possible, or ``None``.

    Reading of ``lead-trump-first`` ("The first trick of each mission must be led in the trump
    colour, if possible"): it binds the first trick's leader as a Mist token binds a lead (seed
    003, 'Mist tokens'): with known hands a leader holding a trump card must lead one; at a real
    table leading another colour shows the leader holds no trump, and a later trump from them is a
    provable revoke; an Automa leading must play a face-up trump card when it has one. With
    ``no-trump-first-round`` also in force the first trick has no trump, so there is no colour to
    lead and this tile asks nothing.
    """
    if LEAD_TRUMP_FIRST not in setup.moon_effects:
        return None
    return first_round_trump(setup)


def start_discarders(setup: Setup, hands: Sequence[Sequence[str]] | None) -> tuple[str, ...]:
    """The discards owed before the first trick, one entry per card.

    Reading of ``discard-at-start`` ("At the start of each mission, every player discards one card
    face down"): as for a Whirlpool, every human player discards one card before the first trick,
    the Automa (which has no hand) none, and a player whose known hand is empty owes nothing
    (``tokens.discards_owed``).
    """
    if DISCARD_AT_START not in setup.moon_effects:
        return ()
    return discards_owed(setup.players, hands, (), 1)
