"""B2 — paying Action tiles with substitutes (seed 000, p. 8).

"If you must pay a specific Action tile that you do not have, you may replace it with 1 yellow
Action tile or with any 2 Action tiles." A cost is a multiset of Action tile colours; a plan is the
multiset of tiles a player gives up. ``iter_plans`` gives every distinct plan by an exact search
(never a greedy guess), fewest tiles first, then by colour name, one at a time; ``count_plans``
counts them without listing them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

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


def _sizes(pool: Counts, missing: int) -> range:
    """How many extra tiles a plan may give: ``missing`` (each lacking tile replaced by one
    yellow) to ``2 * missing`` (each by two tiles), fewer yellow in ``pool`` raising the least."""
    return range(max(missing, 2 * missing - pool.get(YELLOW)), 2 * missing + 1)


def _bounds(pool: Counts, missing: int, size: int) -> list[tuple[str, int, int]]:
    """For extras of ``size`` tiles replacing ``missing`` lacking tiles: each colour of ``pool``
    with the fewest and most tiles of it a plan may give (at least ``2 * missing - size`` yellow:
    one yellow tile per lacking tile replaced by a single tile, ``substitutes_fit``)."""
    singles = 2 * missing - size
    return [
        (colour, singles if colour == YELLOW else 0, available) for colour, available in pool.items
    ]


def _extras(bounds: list[tuple[str, int, int]], size: int) -> Iterator[Counts]:
    """Every choice of ``size`` tiles within ``bounds``, in ``plan_key`` order: colours by name,
    more of an earlier colour first (a plan with more of the first colour spells out smaller)."""
    least = [0] * (len(bounds) + 1)
    most = [0] * (len(bounds) + 1)
    for i in range(len(bounds) - 1, -1, -1):
        least[i] = least[i + 1] + bounds[i][1]
        most[i] = most[i + 1] + bounds[i][2]

    def walk(index: int, left: int, chosen: tuple[tuple[str, int], ...]) -> Iterator[Counts]:
        if index == len(bounds):
            yield Counts(chosen)
            return
        colour, low, high = bounds[index]
        top = min(high, left - least[index + 1])
        bottom = max(low, left - most[index + 1])
        for count in range(top, bottom - 1, -1):
            yield from walk(
                index + 1, left - count, (*chosen, (colour, count)) if count else chosen
            )

    if least[0] <= size <= most[0]:
        yield from walk(0, size, ())


def iter_plans(have: Counts, cost: Counts) -> Iterator[Counts]:
    """Every distinct way to pay ``cost`` from ``have`` (B2), lazily, in ``plan_key`` order.

    Plans differ only in the extras beyond the own tiles (``lacking``): between ``missing`` and
    ``2 * missing`` tiles of what is left, at least one yellow per lacking tile replaced by one
    tile. Sizes go up; within a size each colour's count is chosen from the most down, and a
    branch is entered only when the colours after it can complete it, so each plan costs the same
    few steps however many plans there are.
    """
    own, missing = lacking(have, cost)
    pool = have - own
    for size in _sizes(pool, missing):
        for extra in _extras(_bounds(pool, missing, size), size):
            yield own + extra


def count_plans(have: Counts, cost: Counts) -> int:
    """How many plans ``iter_plans`` gives, counted without listing them: for each size of the
    extras, the ways to choose that many tiles within each colour's bounds (a small dynamic
    programme over the colours)."""
    own, missing = lacking(have, cost)
    pool = have - own
    total = 0
    for size in _sizes(pool, missing):
        ways = [1] + [0] * size  # ways[n]: choices of n tiles from the colours so far
        for _, low, high in _bounds(pool, missing, size):
            ways = [sum(ways[n - k] for k in range(low, min(high, n) + 1)) for n in range(size + 1)]
        total += ways[size]
    return total


def first_plan(have: Counts, cost: Counts) -> Counts | None:
    """The first plan in ``plan_key`` order (what a ``pay`` move without a plan gives up), found
    directly; ``None`` when ``cost`` cannot be paid."""
    return next(iter_plans(have, cost), None)


def payment_plans(have: Counts, cost: Counts, limit: int | None = None) -> tuple[Counts, ...]:
    """The ways to pay ``cost`` from ``have`` (B2), sorted by ``plan_key``: every one, or the
    first ``limit``."""
    return tuple(itertools.islice(iter_plans(have, cost), limit))
