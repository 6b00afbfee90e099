"""Rules engine for Bonfire (seed 000): Destiny tiles (B1), paying Action tiles with substitutes
(B2), the Ship and Path tokens (B3), Tasks (B4), Bonfires and the High Council (B5) and Guardians
(B6).

The contract every engine follows (``games.rules.common``): ``new_game(setup, *, seed=0)``,
``legal_moves(state)``, ``apply(state, move)`` raising the shared ``IllegalMove``,
``outcome(state)``, ``view_for(state, seat)``, ``replay(setup, moves)`` → ``(state, first_error)``,
``to_json`` / ``from_json``; ``FORMAT`` names the scenario format.

Pure Python: no Django, no I/O, no global random, no clock.
"""

from .content import Content, content_from_dict, content_to_dict
from .counts import Counts
from .destiny import matching_area_bonus
from .errors import CODES, RULE_OF, IllegalMove, SetupError
from .formats import FORMAT, STATE_FORMAT
from .game import apply, legal_moves, outcome, starting_state
from .moves import Move
from .payment import count_plans, first_plan, iter_plans, payment_plans, pays_exactly
from .scenario import new_game, replay, run_scenario
from .serialize import from_json, to_json, view_for
from .state import Player, State, TaskSlot

__all__ = [
    "CODES",
    "FORMAT",
    "RULE_OF",
    "STATE_FORMAT",
    "Content",
    "Counts",
    "IllegalMove",
    "Move",
    "Player",
    "SetupError",
    "State",
    "TaskSlot",
    "apply",
    "content_from_dict",
    "content_to_dict",
    "count_plans",
    "first_plan",
    "from_json",
    "iter_plans",
    "legal_moves",
    "matching_area_bonus",
    "new_game",
    "outcome",
    "payment_plans",
    "pays_exactly",
    "replay",
    "run_scenario",
    "starting_state",
    "to_json",
    "view_for",
]
