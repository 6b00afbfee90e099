"""B3 — moving the Ship and building Path tokens (seed 000, p. 8).

"The first time you move your Ship you may pay 1 Action token to go to any island. Later moves cost
1, 2 or 3 Action tokens depending on distance: 1 for one route, 2 for two steps, 3 for any island.
Building Path tokens costs 1 Action token for any of the first three face-up tokens, or 2 Action
tokens for any of the last three. Immediately after moving you may perform the island's action, but
you must still pay its normal Action token / Resource costs."
"""

from __future__ import annotations

from . import errors
from .content import Content

FACE_UP = 6
CHEAP = 3


def distance(content: Content, start: str, goal: str) -> int | None:
    """Fewest routes between two islands, ``None`` when no chain of routes joins them."""
    steps = {start: 0}
    frontier = [start]
    while frontier:
        island = frontier.pop(0)
        for a, b in content.routes:
            for here, there in ((a, b), (b, a)):
                if here == island and there not in steps:
                    steps[there] = steps[island] + 1
                    frontier.append(there)
    return steps.get(goal)


def ship_cost(content: Content, ship: str | None, goal: str) -> int:
    """Action tokens to sail from ``ship`` (``None``: never moved) to ``goal``."""
    if goal not in {i.id for i in content.islands}:
        raise errors.refuse(
            errors.UNKNOWN_ISLAND, f"there is no island {goal!r} (B3, p. 8)", island=goal
        )
    if ship is None:
        return 1
    if ship == goal:
        raise errors.refuse(
            errors.SAME_ISLAND, f"your Ship is already at {goal} (B3, p. 8)", island=goal
        )
    steps = distance(content, ship, goal)
    return steps if steps is not None and steps <= 2 else 3


def path_token_cost(display: tuple[str, ...], index: int) -> int:
    """1 Action token for one of the first three face-up Path tokens, 2 for the last three."""
    if not 0 <= index < min(FACE_UP, len(display)):
        raise errors.refuse(
            errors.NO_SUCH_PATH_TOKEN,
            f"there is no face-up Path token at position {index + 1} (B3, p. 8)",
            position=index + 1,
        )
    return 1 if index < CHEAP else 2
