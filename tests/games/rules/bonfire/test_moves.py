"""Moves are read strictly at the engine's edge: an unknown field, a wrong type, ``true`` for a
number, a negative index is ``bad-move`` naming the field, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.bonfire import IllegalMove, apply

from .factories import game

STEP = {"guardian": 1, "portal": False}


@pytest.mark.parametrize(
    ("move", "field"),
    [
        ([], "move"),
        ({"player": "Ana"}, "kind"),
        ({"player": "Ana", "kind": 3}, "kind"),
        ({"player": "Ana", "kind": "fly"}, "kind"),
        ({"player": "Zed", "kind": "end_turn"}, "player"),
        ({"player": 1, "kind": "end_turn"}, "player"),
        # an unknown field: d02 is not placed as d01 would be
        ({"player": "Ana", "kind": "place_destiny", "cell": [1, 2], "tile": "d02"}, "tile"),
        # the engine sees no versions: a version is no field of a move, "0" or 0
        ({"player": "Ana", "kind": "end_turn", "version": "0"}, "version"),
        ({"player": "Ana", "kind": "end_turn", "version": 0}, "version"),
        ({"player": "Ana", "kind": "move_ship"}, "to"),
        ({"player": "Ana", "kind": "move_ship", "to": 3}, "to"),
        ({"player": "Ana", "kind": "move_ship", "to": ""}, "to"),
        ({"player": "Ana", "kind": "place_destiny", "cell": ["1", 2]}, "cell"),
        ({"player": "Ana", "kind": "place_destiny", "cell": [True, 2]}, "cell"),
        ({"player": "Ana", "kind": "place_destiny", "cell": [1, 2], "end": "middle"}, "end"),
        # a bool is not a number; a negative index is no position
        ({"player": "Ana", "kind": "build_path", "index": True}, "index"),
        ({"player": "Ana", "kind": "build_path", "index": -1}, "index"),
        ({"player": "Ana", "kind": "build_path", "index": 1.0}, "index"),
        ({"player": "Ana", "kind": "light_bonfire", "space": -1, "council": "s1"}, "space"),
        ({"player": "Ana", "kind": "light_bonfire", "space": False, "council": "s1"}, "space"),
        ({"player": "Ana", "kind": "light_bonfire", "space": 0, "council": 1}, "council"),
        ({"player": "Ana", "kind": "pay", "cost": []}, "cost"),
        ({"player": "Ana", "kind": "pay", "cost": {"pink": 1}}, "cost.pink"),
        ({"player": "Ana", "kind": "pay", "cost": {"red": -1}}, "cost.red"),
        ({"player": "Ana", "kind": "pay", "cost": {"red": True}}, "cost.red"),
        ({"player": "Ana", "kind": "pay", "cost": {"red": 1}, "plan": {"red": "1"}}, "plan.red"),
        (
            {"player": "Ana", "kind": "take_task", "island": "a", "offering": "o1", "tiles": 1},
            "tiles",
        ),
        ({"player": "Ana", "kind": "fulfil_common", "task": "zz"}, "task"),
        ({"player": "Ana", "kind": "advance_guardians", "steps": {}}, "steps"),
        ({"player": "Ana", "kind": "advance_guardians", "steps": []}, "steps"),
        ({"player": "Ana", "kind": "advance_guardians", "steps": [1]}, "steps[0]"),
        # "yes" is no answer to "through the Portal?": not a plain step
        (
            {"player": "Ana", "kind": "advance_guardians", "steps": [{**STEP, "portal": "yes"}]},
            "steps[0].portal",
        ),
        (
            {"player": "Ana", "kind": "advance_guardians", "steps": [{**STEP, "guardian": -1}]},
            "steps[0].guardian",
        ),
        (
            {"player": "Ana", "kind": "advance_guardians", "steps": [{**STEP, "guardian": True}]},
            "steps[0].guardian",
        ),
        (
            {"player": "Ana", "kind": "advance_guardians", "steps": [STEP, {**STEP, "to": "g3"}]},
            "steps[1].to",
        ),
    ],
)
def test_a_bad_move_names_its_field(move: Any, field: str) -> None:
    state = game(tokens=3, markers=2, tiles={"red": 2}, destiny_supply=["d1", "d2"])
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    assert (error.value.code, error.value.rule, error.value.params) == (
        "bad-move",
        "",
        {"field": field},
    )
    assert field.split(".")[0].split("[")[0] in error.value.message


def test_a_step_without_portal_is_a_plain_step() -> None:
    """Seed 000, p. 10 (B6): a step goes forward unless it goes through the Portal."""
    state = apply(
        game(markers=1), {"player": "Ana", "kind": "advance_guardians", "steps": [{"guardian": 1}]}
    )
    assert state.player("Ana").guardians == ("g1", "g3")


def test_a_refusal_carries_the_values_a_screen_words_it_with() -> None:
    """Seed 000, p. 7 (B1) and turn order: the cell, the seats; the rule it enforces."""
    with pytest.raises(IllegalMove) as error:
        apply(game(), {"player": "Ben", "kind": "end_turn"})
    assert (error.value.rule, error.value.params) == ("", {"seat": "Ana", "player": "Ben"})
    with pytest.raises(IllegalMove) as error:
        apply(
            game(destiny_supply=["d1"]), {"player": "Ana", "kind": "place_destiny", "cell": [9, 9]}
        )
    assert (error.value.code, error.value.rule, error.value.params) == (
        "off-area",
        "B1",
        {"row": 9, "col": 9},
    )
