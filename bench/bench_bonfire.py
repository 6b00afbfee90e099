"""Benchmark of the Bonfire payment search (B2); prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_bonfire.py``.

A cost of 6 Action tiles paid from a supply of 20: the engine's exact search (``payment_plans``)
against brute force over all 2^20 subsets of the 20 tiles, each subset checked with
``pays_exactly``. Both must find the same distinct plans. Then a ``pay`` move without a plan on a
hand of 75 tiles: the first plan found directly (``first_plan``) and the plans counted
(``count_plans``), against listing every plan.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from itertools import compress, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules.bonfire import Counts, count_plans, first_plan, payment_plans, pays_exactly
from games.rules.bonfire.payment import plan_key

# 20 tiles: two blue, one red and no purple held of the cost's, so three cost tiles are lacking.
HAVE = Counts.of({"blue": 2, "red": 1, "green": 7, "orange": 7, "yellow": 3})
COST = Counts.of({"blue": 3, "red": 2, "purple": 1})
RUNS = 5
# 75 tiles, 15 of five colours, and 15 red lacking.
BIG_HAVE = Counts.of(dict.fromkeys(("blue", "green", "orange", "purple", "yellow"), 15))
BIG_COST = Counts.of({"red": 15})


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
    start = time.perf_counter()
    every = payment_plans(BIG_HAVE, BIG_COST)
    listing = time.perf_counter() - start
    start = time.perf_counter()
    first, total = first_plan(BIG_HAVE, BIG_COST), count_plans(BIG_HAVE, BIG_COST)
    direct = time.perf_counter() - start
    print(f"pay without a plan, 75 tiles: {total} plans; listing them all {listing * 1e3:.0f} ms,")
    print(f"the first plan and the count: {direct * 1e3:.2f} ms")
    if not same or (first, total) != (every[0], len(every)):
        sys.exit("the searches disagree")


if __name__ == "__main__":
    main()
