"""What each refusal of the campaign game's engine (``games.rules.spirits``) says at the table, in
the reader's language, and which rule of the reference it enforces (``games.refusals.Refusal``).

The engine refuses a move with ``IllegalMove``: a stable ``code`` and an English message for logs
and the command line. The table shows the sentence mapped here instead. Parameters a sentence
names (``%(card)s``, ``%(seat)s``, ``%(colour)s``) are given by the screen, which knows the move
(``screen.refusal_of``); ``%(field)s`` is the move's field the engine could not read, from the
refusal's own ``params``. A sentence without parameters reads well alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.refusals import Refusal
from games.rules.spirits import errors


def spirits(message: Promise, rule: str, *params: str) -> Refusal:
    return Refusal(message=message, game="spirits", rule=rule, params=params)


SPIRITS_REFUSALS: dict[str, Refusal] = {
    errors.NOT_YOUR_TURN: spirits(_("It is %(seat)s’s turn to play."), "playing-the-trick", "seat"),
    errors.UNKNOWN_CARD: spirits(_("There is no such card in this mission."), "playing-the-trick"),
    errors.CARD_ALREADY_PLAYED: spirits(
        _("The card %(card)s has already been played."), "playing-the-trick", "card"
    ),
    errors.NOT_IN_HAND: spirits(
        _("The card %(card)s is not in %(seat)s’s hand."), "playing-the-trick", "card", "seat"
    ),
    errors.MUST_FOLLOW: spirits(
        _("You must play %(colour)s: you hold a card of the colour that was led."),
        "playing-the-trick",
        "colour",
    ),
    errors.AUTOMA_MUST_MATCH: spirits(
        _("The Automa must play its face-up card of the colour that was led."), "automa-choices"
    ),
    errors.NOT_IN_RIVER: spirits(
        _("The card %(card)s is not among the Automa’s face-up cards."), "automa-choices", "card"
    ),
    errors.NOT_IN_DECK: spirits(
        _("The card %(card)s cannot be in the Automa’s deck."), "automa", "card"
    ),
    errors.AUTOMA_DECK_CARD: spirits(
        _("That is not the top card of the Automa’s deck."), "automa-choices"
    ),
    errors.AUTOMA_DECK_EMPTY: spirits(_("The Automa’s deck is empty."), "automa-choices"),
    errors.CARD_REQUIRED: spirits(_("Say which card was played or drawn."), "automa-choices"),
    errors.REFILL_REQUIRED: spirits(
        _("Say which card was drawn to refill the Automa’s face-up cards."), "automa-choices"
    ),
    errors.OFF_BOARD: spirits(
        _("A Spirit tile cannot go beyond the 12 × 12 grid."), "placing-the-spirit-tile"
    ),
    errors.OVERLAP: spirits(
        _("A Spirit tile cannot cover a Mission tile or another Spirit tile."),
        "placing-the-spirit-tile",
    ),
    errors.WRONG_SHAPE: spirits(
        _("Those cells are not the shape of the Decision card’s Spirit tile."),
        "selecting-the-spirit-tile",
    ),
    errors.MIST_COLOUR_REQUIRED: spirits(
        _("First choose which Mist colour leads the next trick."), "mist-tokens"
    ),
    errors.MIST_COLOUR_INVALID: spirits(
        _("Choose one of the colours of the Mist tokens just covered."), "mist-tokens"
    ),
    errors.PLACEMENT_REQUIRED: spirits(
        _("First place the Decision card’s Spirit tile."), "decision-card"
    ),
    errors.DISCARD_REQUIRED: spirits(
        _("First every player discards one card, face down."), "whirlpool-tokens"
    ),
    errors.ALREADY_DISCARDED: spirits(
        _("%(seat)s owes no discard now."), "whirlpool-tokens", "seat"
    ),
    errors.WRONG_PHASE: spirits(_("This cannot be done in the middle of a trick."), "rewards"),
    errors.MISSION_OVER: spirits(_("The mission is over."), "storing-the-trick"),
    errors.BAD_MOVE: spirits(
        _("That move is not understood: %(field)s."), "playing-the-trick", "field"
    ),
    errors.POWER_UNAVAILABLE: spirits(_("That Power is not available in this mission."), "rewards"),
    errors.POWER_USED: spirits(_("That Power has already been used in this mission."), "rewards"),
    errors.NO_SUCH_TILE: spirits(
        _("No placed Spirit tile covers those cells."), "placing-the-spirit-tile"
    ),
    errors.NO_SUCH_EDGE: spirits(
        _("There is no coloured edge in play there."), "mission-tile-constraints"
    ),
    errors.NO_SUCH_TOKEN: spirits(_("No token lies on that cell."), "mist-tokens"),
    errors.UNKNOWN_COLOUR: spirits(_("There is no such colour."), "winning-the-trick"),
}


#: A move that is not one object of one kind names no field: said without one.
NOT_A_MOVE = spirits(_("That move is not understood."), "playing-the-trick")


def refusal(error: errors.IllegalMove) -> Refusal:
    """The translated refusal for a spirits engine error; ``KeyError`` for an unknown code."""
    return refusal_for(error.code, error.params)


def refusal_for(code: str, params: Mapping[str, Any]) -> Refusal:
    """The refusal of ``code`` with the engine's ``params``: a bad move naming no field is
    ``NOT_A_MOVE``."""
    if code == errors.BAD_MOVE and not params.get("field"):
        return NOT_A_MOVE
    return SPIRITS_REFUSALS[code]
