"""Rules engine for Bonfire (seed 000): Destiny tiles (B1), paying Action tiles with substitutes
(B2), the Ship and Path tokens (B3), Tasks (B4), Bonfires and the High Council (B5) and Guardians
(B6).

Pure Python: no Django, no I/O, no global random, no clock.
"""

from .content import Content, content_from_dict, content_to_dict
from .counts import Counts
from .destiny import matching_area_bonus
from .errors import CODES, RULE_OF, IllegalMove, SetupError
from .game import Move, apply_move, legal_moves, new_game, replay
from .payment import payment_plans, pays_exactly
from .scenario import FORMAT, run_scenario, start_from_dict
from .serialize import from_dict, to_dict
from .state import Player, State, TaskSlot

__all__ = [
    "CODES",
    "FORMAT",
    "RULE_OF",
    "Content",
    "Counts",
    "IllegalMove",
    "Move",
    "Player",
    "SetupError",
    "State",
    "TaskSlot",
    "apply_move",
    "content_from_dict",
    "content_to_dict",
    "from_dict",
    "legal_moves",
    "matching_area_bonus",
    "new_game",
    "payment_plans",
    "pays_exactly",
    "replay",
    "run_scenario",
    "start_from_dict",
    "to_dict",
]
