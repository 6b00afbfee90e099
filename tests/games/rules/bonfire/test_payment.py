"""B2 — paying with substitutes (seed 000, p. 8)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.bonfire import Counts, count_plans, first_plan, payment_plans, pays_exactly
from games.rules.bonfire.payment import lacking, plan_key

COLOURS = ("blue", "green", "red", "yellow")


def c(**counts: int) -> Counts:
    return Counts.of(counts)


def test_own_tiles_pay_as_themselves() -> None:
    """Seed 000, p. 8: substitutes replace a tile "that you do not have"; having it, it is paid."""
    assert payment_plans(c(blue=2, yellow=1), c(blue=1)) == (c(blue=1),)


def test_lacking_tile_takes_one_yellow_or_any_two() -> None:
    """Seed 000, p. 8: "replace it with 1 yellow Action tile or with any 2 Action tiles"."""
    plans = payment_plans(c(red=1, yellow=1, green=2), c(blue=1, red=1))
    assert plans == (c(red=1, yellow=1), c(green=2, red=1), c(green=1, red=1, yellow=1))


def test_any_two_may_be_two_yellow() -> None:
    """Seed 000, p. 8: "any 2 Action tiles" — yellow ones too, though one yellow would do."""
    assert payment_plans(c(yellow=2), c(red=1)) == (c(yellow=1), c(yellow=2))


def test_yellow_cost_lacking_takes_two() -> None:
    """Seed 000, p. 8: a lacking yellow tile itself can only be replaced by any 2 tiles."""
    assert payment_plans(c(blue=1, red=1), c(yellow=1)) == (c(blue=1, red=1),)


def test_cannot_pay() -> None:
    """Seed 000, p. 8: with no yellow and fewer than 2 tiles spare, a lacking tile is unpaid."""
    assert payment_plans(c(green=1), c(red=1)) == ()
    assert payment_plans(c(red=1), c(red=2)) == ()
    assert not pays_exactly(c(green=1), c(red=1), c(green=1))


def test_nothing_to_pay() -> None:
    assert payment_plans(c(), c()) == (c(),)


def test_order_fewest_tiles_then_colour_name() -> None:
    """Plans: fewest tiles first, then by colour name (issue 14, the pay command)."""
    plans = payment_plans(c(blue=2, green=2, yellow=1), c(red=1))
    assert plans == (
        c(yellow=1),
        c(blue=2),
        c(blue=1, green=1),
        c(blue=1, yellow=1),
        c(green=2),
        c(green=1, yellow=1),
    )


def test_pays_exactly_refuses_tiles_not_held_or_own_colour_skipped() -> None:
    """Seed 000, p. 8: a plan must come from the player's tiles, and a held tile is paid."""
    assert not pays_exactly(c(yellow=1), c(red=1), c(yellow=2))
    assert not pays_exactly(c(red=1, yellow=1), c(red=1), c(yellow=1))
    assert not pays_exactly(c(blue=3), c(red=1), c(blue=3))
    assert pays_exactly(c(blue=3), c(red=1), c(blue=2))


def test_lacking_counts_tile_by_tile() -> None:
    """Our reading (``lacking``): one red held of two due leaves one red lacking."""
    assert lacking(c(red=1, blue=4), c(red=2, green=1)) == (c(red=1), 2)


# --- properties ----------------------------------------------------------------------------------

supplies = st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 3))
costs = st.dictionaries(st.sampled_from(COLOURS), st.integers(0, 2))


def covers_exactly(given: Counts, cost: Counts, have: Counts) -> bool:
    """An independent check of B2 by trying every assignment of the given tiles to the cost."""
    if not have.covers(given):
        return False
    tiles = [colour for colour, n in given.items for _ in range(n)]
    due = [colour for colour, n in cost.items for _ in range(n)]

    def fit(tiles: list[str], due: list[str], held: dict[str, int]) -> bool:
        if not due:
            return not tiles
        colour, rest = due[0], due[1:]
        if held.get(colour, 0) > 0:  # held: must be paid as itself
            if colour not in tiles:
                return False
            left = list(tiles)
            left.remove(colour)
            return fit(left, rest, {**held, colour: held[colour] - 1})
        options = [[t] for t in set(tiles) if t == "yellow"]
        options += [list(p) for p in set(itertools.combinations(sorted(tiles), 2))]
        for option in options:
            left = list(tiles)
            for t in option:
                left.remove(t)
            if fit(left, rest, held):
                return True
        return False

    return fit(tiles, due, have.as_dict())


def brute_force(have: Counts, cost: Counts) -> set[Counts]:
    tiles = [colour for colour, n in have.items for _ in range(n)]
    found = set()
    for size in range(len(tiles) + 1):
        for subset in itertools.combinations(tiles, size):
            given = Counts.of((t, 1) for t in subset)
            if covers_exactly(given, cost, have):
                found.add(given)
    return found


@settings(max_examples=150, deadline=None)
@given(supplies, costs)
def test_every_plan_pays_exactly(have_raw: dict[str, int], cost_raw: dict[str, int]) -> None:
    """Seed 000, p. 8: a plan the engine finds pays the cost exactly under B2."""
    have, cost = Counts.of(have_raw), Counts.of(cost_raw)
    plans = payment_plans(have, cost)
    assert len(set(plans)) == len(plans)
    for plan in plans:
        assert covers_exactly(plan, cost, have)
        assert pays_exactly(have, cost, plan)


@settings(max_examples=150, deadline=None)
@given(supplies, costs)
def test_plans_agree_with_brute_force(have_raw: dict[str, int], cost_raw: dict[str, int]) -> None:
    """Seed 000, p. 8: "cannot pay" (no plan) exactly when no subset of the tiles pays; and the
    plans are exactly the distinct subsets that pay."""
    have, cost = Counts.of(have_raw), Counts.of(cost_raw)
    plans = payment_plans(have, cost)
    assert set(plans) == brute_force(have, cost)
    assert (plans == ()) == (not brute_force(have, cost))


@settings(max_examples=150, deadline=None)
@given(supplies, costs)
def test_plans_come_in_order_counted_and_first(
    have_raw: dict[str, int], cost_raw: dict[str, int]
) -> None:
    """The plans come sorted by ``plan_key`` (fewest tiles, then colour names) one by one; their
    count, found without listing them, is how many there are; a limit takes the first ones."""
    have, cost = Counts.of(have_raw), Counts.of(cost_raw)
    plans = payment_plans(have, cost)
    assert list(plans) == sorted(brute_force(have, cost), key=plan_key)
    assert count_plans(have, cost) == len(plans)
    assert first_plan(have, cost) == (plans[0] if plans else None)
    assert payment_plans(have, cost, limit=2) == plans[:2]
