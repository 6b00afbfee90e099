"""B6 — advancing Guardians (seed 000, p. 10)."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.bonfire import Counts, IllegalMove

from .factories import game, play


def advance(*steps: Any) -> dict[str, Any]:
    return {
        "kind": "advance_guardians",
        "steps": [s if isinstance(s, dict) else {"guardian": s} for s in steps],
    }


def test_one_marker_per_step_resource_where_the_move_ends() -> None:
    """Seed 000, p. 10: "Pay one or more Action markers to advance your Guardians, starting with
    the one furthest ahead ... move a Guardian one space forward and gain the Resource if the
    move ends there" — two steps of one Guardian gain only the last tile's Resource."""
    ana = play(game(markers=3), advance(1, 1)).player("Ana")
    assert (ana.markers, ana.guardians, ana.resources) == (1, ("g1", "g4"), Counts.of({"fish": 1}))


def test_front_then_back() -> None:
    """Seed 000, p. 10: "starting with the one furthest ahead", then the one behind follows."""
    ana = play(game(markers=2), advance(1, 0)).player("Ana")
    assert ana.guardians == ("g2", "g3")
    assert ana.resources == Counts.of({"stone": 1, "wood": 1})


def test_back_before_front_is_refused() -> None:
    """Our reading of seed 000, p. 10 (``check_order``): never a Guardian further ahead after
    one behind it."""
    with pytest.raises(IllegalMove) as error:
        play(game(markers=2, guardians=["g1", "g3"]), advance(0, 1))
    assert (error.value.code, error.value.message) == (
        "guardian-order",
        "advance the Guardian furthest ahead first, then the ones behind it (B6, p. 10)",
    )


def test_one_guardian_per_path_tile() -> None:
    """Seed 000, p. 10: "Each Path tile / Bonfire can hold only one Guardian"."""
    with pytest.raises(IllegalMove) as error:
        play(game(markers=1), advance(0))
    assert (error.value.code, error.value.message) == (
        "space-taken",
        "g2 already holds a Guardian: one Guardian per Path tile or Bonfire (B6, p. 10)",
    )


def test_portal_to_a_bonfire_gives_no_resource() -> None:
    """Seed 000, p. 10: "move a Guardian from a Path tile to an adjacent Bonfire through a
    Portal (this gives no Resource at once ...)"."""
    ana = play(game(markers=1), advance({"guardian": 1, "portal": True})).player("Ana")
    assert (ana.guardians, ana.resources, ana.markers) == (("g1", "b1"), Counts(), 0)


def test_one_guardian_per_bonfire() -> None:
    """Seed 000, p. 10: a Bonfire too holds only one Guardian."""
    with pytest.raises(IllegalMove) as error:
        play(game(markers=1, guardians=["b1", "g2"]), advance({"guardian": 1, "portal": True}))
    assert error.value.code == "space-taken"


def test_portal_refusals_and_path_end() -> None:
    """Seed 000, p. 10: the Portal goes from a Path tile that has one; a Guardian at a Bonfire
    stays; the path ends."""
    for guardians, step, code in (
        (["g1", "g3"], {"guardian": 1, "portal": True}, "no-portal"),
        (["g1", "b2"], {"guardian": 1}, "at-bonfire"),
        (["g1", "g5"], {"guardian": 1}, "end-of-path"),
        (["g1", "g5"], {"guardian": 2}, "no-such-guardian"),
    ):
        with pytest.raises(IllegalMove) as error:
            play(game(markers=2, guardians=guardians), advance(step))
        assert error.value.code == code


def test_markers_not_tokens_pay() -> None:
    """Seed 000, p. 10: Guardians cost Action markers; Action tokens do not count."""
    with pytest.raises(IllegalMove) as error:
        play(game(markers=1, tokens=5), advance(1, 1))
    assert (error.value.code, error.value.message) == (
        "cannot-pay",
        "2 step(s) cost 2 Action marker(s); you have 1 (B6, p. 10)",
    )


def test_no_steps_or_bad_steps() -> None:
    for move in (advance(), advance("x"), {"kind": "advance_guardians", "steps": "1"}):
        with pytest.raises(IllegalMove) as error:
            play(game(markers=2), move)
        assert error.value.code == "bad-move"
