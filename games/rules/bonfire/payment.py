"""B2 — paying Action tiles with substitutes (seed 000, p. 8).

"If you must pay a specific Action tile that you do not have, you may replace it with 1 yellow
Action tile or with any 2 Action tiles." A cost is a multiset of Action tile colours; a plan is the
multiset of tiles a player gives up. ``payment_plans`` lists every distinct plan by an exact search
(never a greedy guess), fewest tiles first, then by colour name.
"""

from __future__ import annotations

from .counts import Counts

YELLOW = "yellow"


def lacking(have: Counts, cost: Counts) -> tuple[Counts, int]:
    """Which tiles of the cost are paid as themselves, and how many tiles are lacking.

    Our reading of seed 000, p. 8 ("a specific Action tile *that you do not have*"): a substitute
    only ever replaces a tile the player lacks. So every tile of a required colour the player has
    is paid as itself (up to the cost), and only the shortfall — counted tile by tile — may be
    replaced, each lacking tile by 1 yellow tile or by any 2 tiles from what is left.
    """
    own = Counts.of((colour, min(count, have.get(colour))) for colour, count in cost.items)
    return own, cost.total() - own.total()


def substitutes_fit(given: Counts, missing: int) -> bool:
    """Whether ``given`` (the tiles beyond those paid as themselves) replaces exactly ``missing``
    lacking tiles: ``y`` of them by one yellow tile each and the rest by two tiles each."""
    size = given.total()
    singles = 2 * missing - size  # lacking tiles replaced by one yellow tile
    return 0 <= singles <= missing and singles <= given.get(YELLOW)


def pays_exactly(have: Counts, cost: Counts, given: Counts) -> bool:
    """Whether handing over ``given`` (out of ``have``) pays ``cost`` exactly under B2."""
    own, missing = lacking(have, cost)
    if not have.covers(given) or not given.covers(own):
        return False
    return substitutes_fit(given - own, missing)


def plan_key(plan: Counts) -> tuple[int, tuple[str, ...]]:
    """Fewest tiles first, then by colour name: the plan's tiles spelt out in colour order."""
    return plan.total(), tuple(colour for colour, count in plan.items for _ in range(count))


def payment_plans(have: Counts, cost: Counts) -> tuple[Counts, ...]:
    """Every distinct way to pay ``cost`` from ``have`` (B2), sorted by ``plan_key``.

    The search walks the colours left after the own tiles, choosing how many of each to give
    (bounded by the 2-per-lacking-tile maximum), so it visits each candidate multiset once.
    """
    own, missing = lacking(have, cost)
    pool = (have - own).items
    found: list[Counts] = []

    def walk(index: int, chosen: tuple[tuple[str, int], ...], size: int) -> None:
        if index == len(pool):
            extra = Counts(chosen)
            if substitutes_fit(extra, missing):
                found.append(own + extra)
            return
        colour, available = pool[index]
        for count in range(min(available, 2 * missing - size) + 1):
            walk(index + 1, (*chosen, (colour, count)) if count else chosen, size + count)

    walk(0, (), 0)
    return tuple(sorted(found, key=plan_key))
