"""Illegal moves and invalid setups, with stable machine codes.

Codes are part of the public contract: the scenario CLI, the move log and the turn helper report
them. Each code names the rule it comes from in ``RULE_OF`` (B1-B6 of the Bonfire seed), so a
refusal can link to the rule it breaks. Refusals are the one shared ``IllegalMove`` of
``games.rules.common``; its English message is for logs and the command line, its ``params`` for
screens, which word it in the reader's language (``games/bonfire/refusals.py``).
"""

from __future__ import annotations

from typing import Any

from games.rules.common import IllegalMove as IllegalMove
from games.rules.common import SetupError as SetupError

NOT_YOUR_TURN = "not-your-turn"
BAD_MOVE = "bad-move"
# B1 Destiny tile
NOT_ADJACENT = "not-adjacent"
OFF_AREA = "off-area"
OVERLAP = "overlap"
NO_DESTINY_TILE = "no-destiny-tile"
# B2 paying
CANNOT_PAY = "cannot-pay"
# B3 Ship and Path tokens
SAME_ISLAND = "same-island"
UNKNOWN_ISLAND = "unknown-island"
NOT_AFTER_MOVE = "not-after-move"
NO_SUCH_PATH_TOKEN = "no-such-path-token"
# B4 Task
NOT_AT_ISLAND = "not-at-island"
NOT_FACE_UP = "not-face-up"
WRONG_COUNT = "wrong-count"
NO_MORE_OFFERINGS = "no-more-offerings"
NO_TASK_LEFT = "no-task-left"
NO_TASK_SPACE = "no-task-space"
# B5 Bonfire and High Council
NOT_FULFILLED = "not-fulfilled"
NO_TASK_THERE = "no-task-there"
ALREADY_LIT = "already-lit"
NOVICE_COLOUR_TAKEN = "novice-colour-taken"
UNKNOWN_SPACE = "unknown-space"
NO_NEUTRAL_NOVICE = "no-neutral-novice"
COMMON_TASK_DONE = "common-task-done"
# B6 Guardians
SPACE_TAKEN = "space-taken"
GUARDIAN_ORDER = "guardian-order"
END_OF_PATH = "end-of-path"
NO_PORTAL = "no-portal"
AT_BONFIRE = "at-bonfire"
NO_SUCH_GUARDIAN = "no-such-guardian"

RULE_OF = {
    NOT_YOUR_TURN: "",
    BAD_MOVE: "",
    NOT_ADJACENT: "B1",
    OFF_AREA: "B1",
    OVERLAP: "B1",
    NO_DESTINY_TILE: "B1",
    CANNOT_PAY: "B2",
    SAME_ISLAND: "B3",
    UNKNOWN_ISLAND: "B3",
    NOT_AFTER_MOVE: "B3",
    NO_SUCH_PATH_TOKEN: "B3",
    NOT_AT_ISLAND: "B4",
    NOT_FACE_UP: "B4",
    WRONG_COUNT: "B4",
    NO_MORE_OFFERINGS: "B4",
    NO_TASK_LEFT: "B4",
    NO_TASK_SPACE: "B4",
    NOT_FULFILLED: "B5",
    NO_TASK_THERE: "B5",
    ALREADY_LIT: "B5",
    NOVICE_COLOUR_TAKEN: "B5",
    UNKNOWN_SPACE: "B5",
    NO_NEUTRAL_NOVICE: "B5",
    COMMON_TASK_DONE: "B5",
    SPACE_TAKEN: "B6",
    GUARDIAN_ORDER: "B6",
    END_OF_PATH: "B6",
    NO_PORTAL: "B6",
    AT_BONFIRE: "B6",
    NO_SUCH_GUARDIAN: "B6",
}

CODES = frozenset(RULE_OF)


def refuse(code: str, message: str, *, rule: str | None = None, **params: Any) -> IllegalMove:
    """The shared ``IllegalMove`` for ``code``: its rule is the code's own (``RULE_OF``) unless the
    caller says which rule's cost it was (``cannot-pay`` under B3, B4, B6); ``params`` are the
    values a screen words the refusal with (ids, numbers, counts by name), never English text."""
    return IllegalMove(code, message, rule=RULE_OF[code] if rule is None else rule, params=params)


def bad_move(field: str, message: str) -> IllegalMove:
    """A move of the wrong shape: ``field`` names the part that is wrong (``cell``,
    ``steps[0].portal``, ``cost.pink``), for the message and for a screen."""
    return refuse(BAD_MOVE, message, field=field)
