"""Rules engine for the campaign game (seed 003): tricks, the Decision card, Spirit tile placement
on a 12 × 12 board, Whirlpool and Mist tokens, the Automa, Night mode, mission objectives, and the
Moon tiles and Powers in force; between missions, the campaign's progression (``campaign``, not
imported here: it reads a content pack).

Pure Python: no Django, no I/O, no global random, no clock.
"""

from .errors import (
    AUTOMA_MUST_MATCH,
    CARD_ALREADY_PLAYED,
    CODES,
    MISSION_OVER,
    MIST_COLOUR_REQUIRED,
    MUST_FOLLOW,
    NO_SUCH_EDGE,
    NO_SUCH_TOKEN,
    NOT_YOUR_TURN,
    OFF_BOARD,
    OVERLAP,
    UNKNOWN_CARD,
    UNKNOWN_COLOUR,
    WRONG_SHAPE,
    IllegalMove,
    SetupError,
)
from .format import FORMAT, setup_from_dict, setup_to_dict
from .game import apply, legal_moves, legal_placements, new_game, outcome, progress, view_for
from .moon import DISCARD_AT_START, LEAD_TRUMP_FIRST, MOON_EFFECTS, NO_TRUMP_FIRST_ROUND
from .objectives import Outcome
from .scenario import replay, report, run_scenario
from .serialize import from_json, to_json
from .setup import (
    ANY_COLOUR_EDGE,
    AUTOMA,
    CHOOSE_TRUMP,
    IGNORE_MUST_FOLLOW,
    MOVE_SPIRIT_TILE,
    NAME_MISSING_COLOUR,
    POWERS,
    QUIET_TOKEN,
    SWAP_CARDS,
    Setup,
)
from .state import Move, State

__all__ = [
    "ANY_COLOUR_EDGE",
    "AUTOMA",
    "AUTOMA_MUST_MATCH",
    "CARD_ALREADY_PLAYED",
    "CHOOSE_TRUMP",
    "CODES",
    "DISCARD_AT_START",
    "FORMAT",
    "IGNORE_MUST_FOLLOW",
    "LEAD_TRUMP_FIRST",
    "MISSION_OVER",
    "MIST_COLOUR_REQUIRED",
    "MOON_EFFECTS",
    "MOVE_SPIRIT_TILE",
    "MUST_FOLLOW",
    "NAME_MISSING_COLOUR",
    "NOT_YOUR_TURN",
    "NO_SUCH_EDGE",
    "NO_SUCH_TOKEN",
    "NO_TRUMP_FIRST_ROUND",
    "OFF_BOARD",
    "OVERLAP",
    "POWERS",
    "QUIET_TOKEN",
    "SWAP_CARDS",
    "UNKNOWN_CARD",
    "UNKNOWN_COLOUR",
    "WRONG_SHAPE",
    "IllegalMove",
    "Move",
    "Outcome",
    "Setup",
    "SetupError",
    "State",
    "apply",
    "from_json",
    "legal_moves",
    "legal_placements",
    "new_game",
    "outcome",
    "progress",
    "replay",
    "report",
    "run_scenario",
    "setup_from_dict",
    "setup_to_dict",
    "to_json",
    "view_for",
]
