"""Illegal moves and invalid setups, with stable machine codes.

Codes are part of the public contract: the scenario command line, the move log and the pages report
them. Messages are English, for logs and the command line, and name the rule (S1–S6 of seed 001)
they enforce; each refusal also carries that ``rule`` and the ``params`` a page words it with
(``games/solsticio/refusals.py``). ``bad-move`` names the move's ``field``.
"""

from __future__ import annotations

from games.rules.common import IllegalMove as IllegalMove
from games.rules.common import SetupError as SetupError

NOT_YOUR_TURN = "not-your-turn"
NOT_IN_HAND = "not-in-hand"
MUST_CAPTURE = "must-capture"
NOT_CAPTURABLE = "not-capturable"
MUST_PASS = "must-pass"
CANNOT_PASS = "cannot-pass"
GAME_OVER = "game-over"
RAINBOW_NOT_ADJACENT = "rainbow-not-adjacent"
NOT_A_PLACE = "not-a-place"
NOT_DRAWN = "not-drawn"
NOT_A_FREE_RAINBOW = "not-a-free-rainbow"
NOT_COVERABLE = "not-coverable"
CHOICE_REQUIRED = "choice-required"
NOTHING_TO_CHOOSE = "nothing-to-choose"
STALE_MOVE = "stale-move"
BAD_MOVE = "bad-move"

CODES = frozenset(
    {
        NOT_YOUR_TURN,
        NOT_IN_HAND,
        MUST_CAPTURE,
        NOT_CAPTURABLE,
        MUST_PASS,
        CANNOT_PASS,
        GAME_OVER,
        RAINBOW_NOT_ADJACENT,
        NOT_A_PLACE,
        NOT_DRAWN,
        NOT_A_FREE_RAINBOW,
        NOT_COVERABLE,
        CHOICE_REQUIRED,
        NOTHING_TO_CHOOSE,
        STALE_MOVE,
        BAD_MOVE,
    }
)
