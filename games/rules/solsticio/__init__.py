"""Rules engine for Solsticio (seed 001), a two-player game of Earth tiles: capture (S1), second
chance (S2), Rainbow tiles (S3), Spirit timing (S4), the Evil Spirit (S5) and the end (S6).

Pure Python: no Django, no I/O, no global random, no clock.
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
    apply_move,
    capturable,
    evil_spirit_passes,
    legal_moves,
    new_game,
    outcome,
    reveal_beneath,
    scores,
)
from .scenario import describe, replay, report, run_scenario, view_for
from .serialize import from_dict, to_dict
from .setup import FORMAT, Deal, Setup, Stack, setup_from_dict, setup_to_dict
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
    "apply_move",
    "can_capture",
    "capturable",
    "comes_across_spirit",
    "content_from_dict",
    "content_to_dict",
    "describe",
    "evil_spirit_passes",
    "from_dict",
    "legal_moves",
    "new_game",
    "outcome",
    "panorama_place",
    "replay",
    "report",
    "reveal_beneath",
    "run_scenario",
    "scores",
    "setup_from_dict",
    "setup_to_dict",
    "to_dict",
    "view_for",
]
