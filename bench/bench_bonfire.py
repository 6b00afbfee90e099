"""Benchmark of the Bonfire payment search (B2); prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_bonfire.py``.

A cost of 6 Action tiles paid from a supply of 20: the engine's exact search (``payment_plans``)
against brute force over all 2^20 subsets of the 20 tiles, each subset checked with
``pays_exactly``. Both must find the same distinct plans.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from itertools import compress, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules.bonfire import Counts, payment_plans, pays_exactly
from games.rules.bonfire.payment import plan_key

# 20 tiles: two blue, one red and no purple held of the cost's, so three cost tiles are lacking.
HAVE = Counts.of({"blue": 2, "red": 1, "green": 7, "orange": 7, "yellow": 3})
COST = Counts.of({"blue": 3, "red": 2, "purple": 1})
RUNS = 5


def brute_force(have: Counts, cost: Counts) -> tuple[Counts, ...]:
    """Every subset of the physical tiles that pays, as distinct multisets, in plan order."""
    tiles = [colour for colour, count in have.items for _ in range(count)]
    found: set[Counts] = set()
    seen: set[tuple[str, ...]] = set()
    for mask in product((False, True), repeat=len(tiles)):
        chosen = tuple(compress(tiles, mask))
        if chosen in seen:
            continue
        seen.add(chosen)
        given = Counts.of((colour, 1) for colour in chosen)
        if pays_exactly(have, cost, given):
            found.add(given)
    return tuple(sorted(found, key=plan_key))


def _median(
    function: Callable[[Counts, Counts], tuple[Counts, ...]], runs: int
) -> tuple[float, tuple[Counts, ...]]:
    times = []
    result: tuple[Counts, ...] = ()
    for _ in range(runs):
        start = time.perf_counter()
        result = function(HAVE, COST)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    fast, plans = _median(payment_plans, RUNS)
    slow, reference = _median(brute_force, 1)
    same = plans == reference
    print(f"B2 payment, cost 6 from a supply of 20: {len(plans)} plans, same answers: {same}")
    print(f"exact search:                  {fast * 1e3:.3f} ms (median of {RUNS})")
    print(f"brute force over 2^20 subsets: {slow * 1e3:.1f} ms")
    print(f"speed-up: {slow / fast:.0f}x (target >= 20x)")
    if not same:
        sys.exit("the exact search and brute force disagree")


if __name__ == "__main__":
    main()
