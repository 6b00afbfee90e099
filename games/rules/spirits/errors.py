"""Illegal moves and invalid setups, with stable machine codes.

Codes are part of the public contract: the move log, the UI and the scenario CLI report them.
"""

from __future__ import annotations

from games.rules.common import IllegalMove as IllegalMove
from games.rules.common import SetupError as SetupError

NOT_YOUR_TURN = "not-your-turn"
UNKNOWN_CARD = "unknown-card"
CARD_ALREADY_PLAYED = "card-already-played"
NOT_IN_HAND = "not-in-hand"
MUST_FOLLOW = "must-follow"
AUTOMA_MUST_MATCH = "automa-must-match"
NOT_IN_RIVER = "not-in-river"
NOT_IN_DECK = "not-in-deck"
AUTOMA_DECK_CARD = "automa-deck-card"
AUTOMA_DECK_EMPTY = "automa-deck-empty"
CARD_REQUIRED = "card-required"
REFILL_REQUIRED = "refill-required"
OFF_BOARD = "off-board"
OVERLAP = "overlap"
WRONG_SHAPE = "wrong-shape"
MIST_COLOUR_REQUIRED = "mist-colour-required"
MIST_COLOUR_INVALID = "mist-colour-invalid"
PLACEMENT_REQUIRED = "placement-required"
DISCARD_REQUIRED = "discard-required"
ALREADY_DISCARDED = "already-discarded"
WRONG_PHASE = "wrong-phase"
MISSION_OVER = "mission-over"
BAD_MOVE = "bad-move"
POWER_UNAVAILABLE = "power-unavailable"
POWER_USED = "power-used"
NO_SUCH_TILE = "no-such-tile"
NO_SUCH_EDGE = "no-such-edge"
NO_SUCH_TOKEN = "no-such-token"
UNKNOWN_COLOUR = "unknown-colour"

CODES = frozenset(
    {
        NOT_YOUR_TURN,
        UNKNOWN_CARD,
        CARD_ALREADY_PLAYED,
        NOT_IN_HAND,
        MUST_FOLLOW,
        AUTOMA_MUST_MATCH,
        NOT_IN_RIVER,
        NOT_IN_DECK,
        AUTOMA_DECK_CARD,
        AUTOMA_DECK_EMPTY,
        CARD_REQUIRED,
        REFILL_REQUIRED,
        OFF_BOARD,
        OVERLAP,
        WRONG_SHAPE,
        MIST_COLOUR_REQUIRED,
        MIST_COLOUR_INVALID,
        PLACEMENT_REQUIRED,
        DISCARD_REQUIRED,
        ALREADY_DISCARDED,
        WRONG_PHASE,
        MISSION_OVER,
        BAD_MOVE,
        POWER_UNAVAILABLE,
        POWER_USED,
        NO_SUCH_TILE,
        NO_SUCH_EDGE,
        NO_SUCH_TOKEN,
        UNKNOWN_COLOUR,
    }
)
