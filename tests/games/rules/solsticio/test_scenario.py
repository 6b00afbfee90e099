"""Replaying scenarios, reporting positions, and what each player may see."""

from __future__ import annotations

import pytest

from games.rules.solsticio import (
    IllegalMove,
    SetupError,
    apply,
    describe,
    replay,
    run_scenario,
    view_for,
)

from .factories import ANA, BRU, choose, play, scenario, up


def _moves() -> list[dict[str, object]]:
    return [play(ANA, "sun1"), choose(ANA, "capture", "sun3"), play(BRU, "snow1")]


def _data(moves: list[dict[str, object]]) -> dict[str, object]:
    return scenario(
        ana=["sun1", "moon1", "leaf1"],
        bru=["snow1", "snow2", "snow3"],
        display=[up("sun2", down=["wave5"]), up("sun3"), up("moon2")],
        pile=["wave1", "wave2", "wave3", "wave4"],
        spirits=["oak", "evil"],
        moves=moves,
    )


def test_run_scenario_reports_the_position() -> None:
    """The replay output lists the display, panoramas, hands, Spirits, whose turn and the end."""
    out = run_scenario(_data(_moves()))
    assert out["error"] is None
    assert out["turn"] == ANA
    assert out["due"] == ANA
    assert out["version"] == 3
    # Bru's snow1 captured nothing; the drawn wave2 neither, until wave5 turned up (S2).
    assert out["display"] == [
        {"down": [], "up": ["sun2"]},
        {"down": [], "up": ["moon2"]},
        {"down": [], "up": ["snow1"]},
    ]
    assert out["hands"] == {ANA: ["moon1", "leaf1", "wave1"], BRU: ["snow2", "snow3", "wave3"]}
    assert out["panoramas"][ANA]["earth"] == [
        {"tile": "sun1", "place": [0, 0]},
        {"tile": "sun3", "place": [0, 2]},
    ]
    assert [e["tile"] for e in out["panoramas"][BRU]["earth"]] == ["wave2", "wave5"]
    assert out["spirits"] == {ANA: [], BRU: []}
    assert out["evil_spirit"] == {"id": "evil", "holder": None, "covers": None}
    assert out["pile"] == ["wave4"]
    assert out["supply"] == ["oak", "evil"]
    assert out["reserve"] == []
    assert (out["pending"], out["over"], out["scores"], out["winner"]) == (None, False, None, None)


def test_run_scenario_stops_at_the_first_illegal_move() -> None:
    moves = [*_moves(), play(BRU, "snow2"), play(ANA, "moon1")]
    out = run_scenario(_data(moves))
    assert out["error"] == {"move": 3, "code": "not-your-turn", "message": "it is Ana's turn"}
    assert out["version"] == 3


def test_run_scenario_shows_a_pending_choice() -> None:
    out = run_scenario(_data(_moves()[:1]))
    assert out["pending"] == {
        "choice": "capture",
        "seat": ANA,
        "tile": "sun1",
        "options": ["sun2", "sun3"],
    }


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"seed": "1"}, "seed: expected an integer"), ({"moves": {}}, "moves: expected a list")],
)
def test_run_scenario_checks_seed_and_moves(changes: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError) as caught:
        run_scenario({**_data([]), **changes})
    assert caught.value.message == message


def test_replay_rebuilds_the_state_and_names_the_illegal_move() -> None:
    """``replay`` returns the state and the first illegal move's refusal; it never raises one."""
    data = _data([])
    start, error = replay(data, [])
    assert error is None
    built = apply(apply(start, _moves()[0]), _moves()[1])
    assert replay(data, _moves()[:2]) == (built, None)
    state, error = replay(data, [play(ANA, "sun1"), play(ANA, "moon1"), play(BRU, "snow1")])
    assert state == apply(start, play(ANA, "sun1"))
    assert isinstance(error, IllegalMove)
    assert (error.index, error.code, error.rule) == (1, "must-capture", "S1")
    assert error.params == {
        "player": ANA,
        "choice": "capture",
        "tile": "sun1",
        "options": ["sun2", "sun3"],
    }


def test_view_for_hides_the_other_hand_the_pile_the_supply_and_face_down_tiles() -> None:
    """Each player sees their own hand only; the pile order and face-down tiles are hidden."""
    state, _ = replay(_data([]), [])
    view = view_for(state, BRU)
    assert view["seat"] == BRU
    assert view["hands"] == {ANA: 3, BRU: ["snow1", "snow2", "snow3"]}
    assert view["pile"] == 4
    assert view["supply"] == 2
    assert view["display"][0] == {"down": 1, "up": ["sun2"]}
    assert view["moves"] == []
    assert "wave5" not in str(view)
    assert "sun1" not in str(view)
    mine = view_for(state, ANA)
    assert mine["hands"][ANA] == ["sun1", "moon1", "leaf1"]
    assert mine["moves"][0] == play(ANA, "sun1")
    assert describe(state)["hands"][BRU] == ["snow1", "snow2", "snow3"]


def test_view_for_someone_who_plays_neither_seat_hides_both_hands() -> None:
    """A member watching a game (not playing it) sees no hand at all and has no move."""
    state, _ = replay(_data([]), [])
    view = view_for(state, None)
    assert view["seat"] is None
    assert view["hands"] == {ANA: 3, BRU: 3}
    assert view["moves"] == []
    assert view["display"][0] == {"down": 1, "up": ["sun2"]}
    for tile in ("sun1", "moon1", "leaf1", "snow1", "snow2", "snow3"):
        assert tile not in str(view)
