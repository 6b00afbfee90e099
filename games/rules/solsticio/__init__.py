"""Rules engine for Solsticio (seed 001), a two-player game of Earth tiles: capture (S1), second
chance (S2), Rainbow tiles (S3), Spirit timing (S4), the Evil Spirit (S5) and the end (S6).

It follows the engines' contract: ``new_game``, ``legal_moves``, ``apply``, ``outcome``,
``view_for``, ``replay``, ``to_json``/``from_json``; ``FORMAT`` and ``STATE_FORMAT`` are its two
formats. Pure Python: no Django, no I/O, no global random, no clock.
"""

from .content import (
    CaptureRule,
    Content,
    EarthTile,
    Spirit,
    can_capture,
    comes_across_spirit,
    content_from_dict,
    content_to_dict,
    panorama_place,
)
from .errors import (
    CODES,
    GAME_OVER,
    MUST_CAPTURE,
    MUST_PASS,
    NOT_CAPTURABLE,
    NOT_IN_HAND,
    NOT_YOUR_TURN,
    RAINBOW_NOT_ADJACENT,
    IllegalMove,
    SetupError,
)
from .game import (
    Move,
    Outcome,
    apply,
    capturable,
    describe,
    evil_spirit_passes,
    legal_moves,
    new_game,
    outcome,
    refill_an_empty_hand,
    replay,
    reveal_beneath,
    scores,
    view_for,
)
from .scenario import report, run_scenario
from .serialize import from_json, to_json
from .setup import FORMAT, STATE_FORMAT, Deal, Setup, Stack, setup_from_dict, setup_to_dict
from .state import Panorama, Pending, Rainbow, State

__all__ = [
    "CODES",
    "FORMAT",
    "GAME_OVER",
    "MUST_CAPTURE",
    "MUST_PASS",
    "NOT_CAPTURABLE",
    "NOT_IN_HAND",
    "NOT_YOUR_TURN",
    "RAINBOW_NOT_ADJACENT",
    "STATE_FORMAT",
    "CaptureRule",
    "Content",
    "Deal",
    "EarthTile",
    "IllegalMove",
    "Move",
    "Outcome",
    "Panorama",
    "Pending",
    "Rainbow",
    "Setup",
    "SetupError",
    "Spirit",
    "Stack",
    "State",
    "apply",
    "can_capture",
    "capturable",
    "comes_across_spirit",
    "content_from_dict",
    "content_to_dict",
    "describe",
    "evil_spirit_passes",
    "from_json",
    "legal_moves",
    "new_game",
    "outcome",
    "panorama_place",
    "refill_an_empty_hand",
    "replay",
    "report",
    "reveal_beneath",
    "run_scenario",
    "scores",
    "setup_from_dict",
    "setup_to_dict",
    "to_json",
    "view_for",
]
