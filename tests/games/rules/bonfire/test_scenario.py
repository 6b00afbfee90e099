"""The ``bonfire-scenario/1`` format: players' starting supplies, replay and report."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.rules.bonfire import new_game, run_scenario

from .factories import cannot_sail, scenario, setup_error


def test_defaults_start_tile_task_spaces_and_guardians() -> None:
    ana = new_game(scenario()).player("Ana")
    assert ana.destiny == (((1, 1), "d0"),)
    assert ana.tasks == (None, None, None)
    assert ana.guardians == ("g1", "g2")
    assert (ana.ship, ana.tokens, ana.markers) == (None, 0, 0)


def test_given_board_is_kept() -> None:
    data = scenario(
        destiny=[{"cell": [0, 0], "tile": "d1"}],
        tasks=[None, {"task": "t2", "lit": True}, None],
        guardians=[],
        ship="b",
    )
    ana = new_game(data).player("Ana")
    assert ana.destiny == (((0, 0), "d1"),)
    assert ana.tasks[1] is not None
    assert ana.tasks[1].lit
    assert (ana.guardians, ana.ship) == ((), "b")


def test_a_common_task_on_a_task_space_is_refused() -> None:
    """Seed 000, B4 (p. 9): a Task is received at an island and goes "on a Task space of your
    board"; B5 (p. 11): Common Tasks are fulfilled (a Neutral Novice), never taken."""
    data = scenario(tasks=[None, {"task": "c1"}, None])
    assert setup_error(new_game, data).message == (
        "players[0].tasks[1].task: 'c1' is a Common Task; a Task space holds a Task received at "
        "an island (seed 000, B4 p. 9; Common Tasks are fulfilled, never taken, B5 p. 11)"
    )


def _player(**fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["players"][0].update(fields)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="x/1"), 'format: expected "bonfire-scenario/1"'),
        (lambda d: d.update(players=[]), "players: expected at least one player"),
        (lambda d: d["players"].append({"name": "Ana"}), "players: duplicate id 'Ana'"),
        (_player(name=""), "players[0].name: expected a non-empty string"),
        (_player(tiles={"pink": 1}), "players[0].tiles: unknown colour 'pink'"),
        (_player(tiles={"red": -1}), "players[0].tiles.red: expected an integer >= 0"),
        (_player(ship="z"), "players[0].ship: unknown island 'z'"),
        (_player(offerings=["o9"]), "players[0].offerings: unknown Offering 'o9'"),
        (_player(tasks=[None]), "players[0].tasks: one entry per Bonfire"),
        (
            _player(tasks=[{"task": "t1", "lit": 1}, None, None]),
            "players[0].tasks[0].lit: expected true or false",
        ),
        (
            _player(tasks=[{"task": "t9"}, None, None]),
            "players[0].tasks[0].task: unknown task 't9'",
        ),
        (
            _player(guardians=["g1", "g1"]),
            "players[0].guardians (one Guardian per space): duplicate id 'g1'",
        ),
        (_player(guardians=["zz"]), "players[0].guardians: unknown Path tile or Bonfire 'zz'"),
        (
            _player(destiny=[{"cell": [9, 9], "tile": "d1"}]),
            "players[0].destiny[0].cell: outside the Destiny Area",
        ),
        (
            _player(destiny=[{"cell": [0, 0], "tile": "d1"}, {"cell": [0, 0], "tile": "d2"}]),
            "players[0].destiny: two tiles on one cell",
        ),
        (_player(destiny_supply=["x"]), "players[0].destiny_supply: unknown Destiny tile 'x'"),
        (_player(path_tokens=["x"]), "players[0].path_tokens: unknown Path token 'x'"),
        (lambda d: d.update(moves={}), "moves: expected a list"),
    ],
)
def test_bad_scenarios(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = scenario()
    change(data)
    assert setup_error(run_scenario, data).message == message


def test_report_after_last_legal_move_and_first_illegal() -> None:
    data = scenario(tokens=1)
    data["moves"] = [
        {"player": "Ana", "kind": "move_ship", "to": "c"},
        {"player": "Ana", "kind": "move_ship", "to": "d"},
    ]
    out = run_scenario(data)
    assert out["applied"] == 1
    assert out["error"] == cannot_sail(1, "d")
    assert out["players"][0]["ship"] == "c"
    assert out["board"]["turn"] == "Ana"
    assert out["board"]["just_moved"] is True
    data["moves"] = data["moves"][:1]
    assert run_scenario(data)["error"] is None
