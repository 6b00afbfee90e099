"""B5 — lighting a Bonfire and the High Council (seed 000, p. 11)."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.bonfire import Counts, IllegalMove, apply

from .factories import game, play

TASKS: dict[str, Any] = {"tasks": [{"task": "t1"}, {"task": "t4"}, {"task": "t2"}]}


def light(space: int, council: str) -> dict[str, Any]:
    return {"kind": "light_bonfire", "space": space, "council": council}


def test_fulfilled_task_lights_its_bonfire_and_seats_its_novice() -> None:
    """Seed 000, p. 11: "Flip a fulfilled Task to light the Bonfire, take the Novice beside that
    Bonfire and place it on any High Council space ..., gaining the bonus shown on that space"."""
    state = play(game(**TASKS, resources={"fish": 1}), light(0, "s2"))
    ana = state.player("Ana")
    assert ana.tasks[0] is not None
    assert ana.tasks[0].lit
    assert state.novices_on("s2") == (("red", "Ana"),)
    assert (ana.tokens, ana.tiles, ana.resources) == (
        2,
        Counts.of({"yellow": 1}),
        Counts.of({"fish": 1}),
    )


def test_unfulfilled_task() -> None:
    """Seed 000, p. 11: only "a fulfilled Task" lights a Bonfire."""
    with pytest.raises(IllegalMove) as error:
        play(game(**TASKS), light(0, "s1"))
    assert (error.value.code, error.value.message) == (
        "not-fulfilled",
        "Task 'Net' is not fulfilled: only a fulfilled Task lights a Bonfire (B5, p. 11)",
    )


def test_no_two_novices_of_a_colour_on_a_space() -> None:
    """Seed 000, p. 11: a space "that does not yet hold a Novice of that colour" — Bonfires 1
    and 3 both have a red Novice; a blue one may join the red."""
    state = play(game(**TASKS, resources={"fish": 1}, path_tokens=["p8"]), light(0, "s1"))
    with pytest.raises(IllegalMove) as error:
        play(state, light(2, "s1"))
    assert (error.value.code, error.value.message) == (
        "novice-colour-taken",
        "High Council space s1 already holds a red Novice (B5, p. 11)",
    )
    state = play(state, light(1, "s1"))
    assert state.novices_on("s1") == (("red", "Ana"), ("blue", "Ana"))


def test_other_players_novice_of_the_colour_also_blocks() -> None:
    """Seed 000, p. 11: the High Council is shared; the colour rule holds across players."""
    state = play(game(**TASKS, resources={"fish": 1}), light(0, "s1"), {"kind": "end_turn"})
    ben = {"tasks": [{"task": "t4"}, None, None]}
    from dataclasses import replace

    from games.rules.bonfire.scenario import player_from_dict

    state = state.with_player(
        replace(player_from_dict({"name": "Ben", **ben}, state.content, "Ben"))
    )
    with pytest.raises(IllegalMove) as error:
        apply(state, {"player": "Ben", **light(0, "s1")})
    assert error.value.code == "novice-colour-taken"


def test_already_lit_empty_space_unknown_council_space() -> None:
    state = play(game(tasks=[{"task": "t4", "lit": True}, None, {"task": "t4"}]))
    for move, code in (
        (light(0, "s1"), "already-lit"),
        (light(1, "s1"), "no-task-there"),
        (light(7, "s1"), "no-task-there"),
        (light(2, "s9"), "unknown-space"),
    ):
        with pytest.raises(IllegalMove) as error:
            play(state, move)
        assert error.value.code == code


def test_common_task_gives_a_neutral_novice_placed_as_bonus_actions() -> None:
    """Seed 000, p. 11: "Neutral Novices are placed when fulfilling Common Tasks and can be placed
    on the High Council as a Bonus Action. You may take Bonus Actions as many times as you like
    during your turn" — two in one turn, after a main action too."""
    state = game(tokens=1, neutral_novices=1)
    state = play(
        state,
        {"kind": "fulfil_common", "task": "c1"},
        {"kind": "place_neutral", "council": "s1"},
        {"kind": "build_path", "index": 0},
        {"kind": "place_neutral", "council": "s2"},
    )
    ana = state.player("Ana")
    assert ana.neutral_novices == 0
    assert state.novices_on("s1") == state.novices_on("s2") == (("neutral", "Ana"),)
    assert state.common_done == (("c1", "Ana"),)
    assert (ana.markers, ana.tokens) == (1, 2)


def test_neutral_novice_refusals() -> None:
    """Our reading (``check_space``): no two Neutral Novices on one space; and a Novice must be
    held to be placed; a Common Task is fulfilled once per player, and only when fulfilled."""
    state = play(game(neutral_novices=2), {"kind": "place_neutral", "council": "s1"})
    for move, code in (
        ({"kind": "place_neutral", "council": "s1"}, "novice-colour-taken"),
        ({"kind": "fulfil_common", "task": "c2"}, "not-fulfilled"),
        ({"kind": "fulfil_common", "task": "t1"}, "bad-move"),
    ):
        with pytest.raises(IllegalMove) as error:
            play(state, move)
        assert error.value.code == code
    with pytest.raises(IllegalMove) as none:
        play(game(), {"kind": "place_neutral", "council": "s1"})
    assert none.value.code == "no-neutral-novice"
    done = play(game(), {"kind": "fulfil_common", "task": "c1"})
    with pytest.raises(IllegalMove) as twice:
        play(done, {"kind": "fulfil_common", "task": "c1"})
    assert twice.value.code == "common-task-done"


def test_task_requirements_path_tokens_and_offerings() -> None:
    """A Task's requirement (content data) counts Path tokens built and Offerings made."""
    tasks = {"tasks": [{"task": "t2"}, {"task": "t3"}, None]}
    with pytest.raises(IllegalMove):
        play(game(**tasks), light(0, "s1"))
    state = play(game(**tasks, path_tokens=["p8"]), light(0, "s1"))
    assert state.player("Ana").tasks[0].lit  # type: ignore[union-attr]
    with pytest.raises(IllegalMove):
        play(game(**tasks), light(1, "s1"))
