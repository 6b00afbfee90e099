"""The public API: moves, phases, Power tiles, failures and accessors."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.spirits import (
    IllegalMove,
    apply,
    from_json,
    legal_moves,
    new_game,
    outcome,
    replay,
    run_scenario,
    setup_from_dict,
    to_json,
)

from ..commands import run_as_main
from .factories import scenario, two_player
from .helpers import play_round, run

L_TILE = [[0, 0], [1, 0], [1, 1]]


def _code(state: Any, move: Any) -> str:
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    return error.value.code


def test_new_game_from_setup_object() -> None:
    """A parsed ``Setup`` starts a game as well as a scenario dict."""
    state = new_game(setup_from_dict(scenario()))
    assert state.phase == "play"
    assert state.current_seat == "Ana"
    assert state.lead_colour is None
    assert state.decision is None


def test_bad_moves() -> None:
    """Moves are JSON objects with exactly one kind."""
    state = new_game(scenario())
    assert _code(state, ["play", "blue1"]) == "bad-move"
    assert _code(state, {"play": "blue1", "place": []}) == "bad-move"
    assert _code(state, {}) == "bad-move"
    assert _code(state, {"place": [[0, 0]]}) == "wrong-phase"
    assert _code(state, {"play": "nope"}) == "unknown-card"


def test_seat_checked_when_given() -> None:
    """A device may say who played; a wrong seat is not its turn."""
    state = new_game(scenario())
    assert _code(state, {"play": "blue1", "seat": "Ben"}) == "not-your-turn"
    state = apply(state, {"play": "blue1", "seat": "Ana"})
    assert state.current_seat == "Ben"
    assert state.lead_colour == "blue"


def test_play_after_placement_pending() -> None:
    """The Decision tile is placed before the next trick."""
    state = play_round(new_game(scenario()), ["blue1", "blue2", "red1"])
    assert state.phase == "place"
    assert _code(state, {"play": "blue3"}) == "placement-required"
    assert state.decision is not None
    assert state.decision.id == "blue2"


def test_unknown_hands_cannot_play_automa_cards() -> None:
    """Cards in the Automa's river or known deck are not in a player's hand."""
    data = two_player()
    del data["hands"]
    state = new_game(data)
    assert _code(state, {"play": "blue3"}) == "not-in-hand"
    assert {"play": "blue3"} not in legal_moves(state)
    assert {"play": "blue1"} in legal_moves(state)


def test_known_hand_options_follow_colour() -> None:
    """With known hands the options obey Must Follow."""
    state = run(new_game(two_player()), {"play": "blue1"})
    assert legal_moves(state) == [{"play": "blue2"}]
    assert _code(state, {"play": "blue6"}) == "not-in-hand"


def test_full_mission_success_and_mission_over() -> None:
    """After the last round the mission succeeds when its objectives hold; then nothing more may
    be played."""
    data = scenario(rounds=1)
    data["board"]["mission_tiles"][0]["surround"] = False
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": [[0, 0], [0, 1]]})
    assert outcome(state).result == "success"
    assert state.phase == "over"
    assert state.round == 1
    assert legal_moves(state) == []
    assert _code(state, {"play": "blue3"}) == "mission-over"


def test_out_of_cards_fails() -> None:
    """Our reading: a seat due to play with no card left fails the mission."""
    state = new_game(scenario(hands={"Ana": ["blue1"], "Ben": ["blue2"], "Cy": ["red1"]}))
    state = play_round(state, ["blue1", "blue2", "red1"])
    state = apply(state, {"place": [[0, 0], [0, 1]]})
    assert outcome(state).reasons == ("out-of-cards",)


def test_automa_out_of_cards_fails() -> None:
    """An Automa with an empty river and deck cannot play."""
    data = two_player(automa={"deck": [], "river": ["blue3"], "kakapo": "Ana"})
    state = run(new_game(data), {"play": "blue1"}, {"play": "blue2"})
    assert legal_moves(state) == [{"automa": "river", "card": "blue3"}]
    state = run(state, {"automa": "river", "card": "blue3"}, {"place": L_TILE})
    assert outcome(state).reasons == ("out-of-cards",)


def _powered() -> Any:
    data = scenario(powers=["move-spirit-tile"])
    data["board"]["tokens"] = [{"kind": "mist", "cell": [3, 3], "colour": "red"}]
    return play_round(new_game(data), ["blue1", "blue2", "red1"])


def test_power_moves_a_placed_tile_once() -> None:
    """Seed 003: you cannot move placed Spirit tiles "unless you use a Power tile that allows
    it"; our reading: once per mission, between tricks, following the placement rules."""
    state = _powered()
    assert _code(state, {"power": "move-spirit-tile", "from": [[0, 0]], "to": [[1, 1]]}) == (
        "no-such-tile"
    )
    state = apply(state, {"place": [[0, 0], [0, 1]]})
    options = [m for m in legal_moves(state) if "power" in m]
    assert {"power": "move-spirit-tile", "from": [[0, 0], [0, 1]], "to": [[3, 3], [3, 4]]} in (
        options
    )
    assert (
        _code(
            state, {"power": "move-spirit-tile", "from": [[0, 1], [0, 0]], "to": [[5, 5], [5, 6]]}
        )
        == "overlap"
    )
    state = apply(
        state, {"power": "move-spirit-tile", "from": [[0, 1], [0, 0]], "to": [[3, 3], [3, 4]]}
    )
    assert state.placed[0].cells == ((3, 3), (3, 4))
    assert state.required_lead == "red"
    assert state.powers_used[0].before == ((0, 0), (0, 1))
    assert (
        _code(
            state, {"power": "move-spirit-tile", "from": [[3, 3], [3, 4]], "to": [[0, 0], [0, 1]]}
        )
        == "power-used"
    )
    assert [m for m in legal_moves(state) if "power" in m] == []
    out = run_scenario({**scenario(), "moves": []})
    assert out["powers_used"] == []


def test_a_moved_tile_against_a_coloured_edge_is_a_violation() -> None:
    """Seed 003, 'Mission tile constraints': a Spirit tile against a coloured edge must match its
    colour, else the mission fails; a tile a Power moves there records the violation too, and it
    survives saving and loading the state."""
    data = scenario(powers=["move-spirit-tile"])
    data["board"]["mission_tiles"][0]["coloured_edges"] = [
        {"cell": [5, 5], "side": "W", "colour": "red"}
    ]
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": [[0, 0], [0, 1]]})
    assert state.violations == ()
    state = apply(
        state, {"power": "move-spirit-tile", "from": [[0, 0], [0, 1]], "to": [[5, 3], [5, 4]]}
    )
    assert state.violations == ("coloured-edge",)
    assert state.powers_used[0].violations == ("coloured-edge",)
    assert from_json(to_json(state)) == state
    assert run_scenario({**data, "moves": [
        {"play": "blue1"}, {"play": "blue2"}, {"play": "red1"}, {"place": [[0, 0], [0, 1]]},
        {"power": "move-spirit-tile", "from": [[0, 0], [0, 1]], "to": [[5, 3], [5, 4]]},
    ]})["powers_used"][0]["violations"] == ["coloured-edge"]  # fmt: skip


def test_power_rules() -> None:
    """A Power must be listed in the setup and used between tricks."""
    state = play_round(new_game(scenario()), ["blue1", "blue2", "red1"])
    assert _code(state, {"power": "move-spirit-tile", "from": [], "to": []}) == (
        "power-unavailable"
    )
    state = run(_powered(), {"place": [[0, 0], [0, 1]]}, {"play": "red2"})
    assert (
        _code(
            state, {"power": "move-spirit-tile", "from": [[0, 0], [0, 1]], "to": [[3, 3], [3, 4]]}
        )
        == "wrong-phase"
    )
    assert [m for m in legal_moves(state) if "power" in m] == []


def test_power_not_during_discards() -> None:
    """Power moves are not offered while discards are due."""
    data = scenario(powers=["move-spirit-tile"])
    data["board"]["tokens"] = [{"kind": "whirlpool", "cell": [0, 0]}]
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": [[0, 0], [0, 1]]})
    assert state.phase == "discard"
    assert all("power" not in m for m in legal_moves(state))
    assert (
        _code(
            state, {"power": "move-spirit-tile", "from": [[0, 0], [0, 1]], "to": [[3, 3], [3, 4]]}
        )
        == "wrong-phase"
    )


def test_board_occupancy() -> None:
    """The UI reads what covers each cell."""
    state = run(_powered(), {"place": [[0, 0], [0, 1]]})
    occupancy = state.board_occupancy()
    assert occupancy[(0, 0)] == "blue2"
    assert occupancy[(5, 5)] == "M1"
    assert len(occupancy) == 6


def test_run_scenario_reports_error_in_process() -> None:
    """Replay stops at the first illegal move and reports its index and code."""
    data = scenario(
        powers=["move-spirit-tile"],
        moves=[
            {"play": "blue1"},
            {"play": "blue2"},
            {"play": "red1"},
            {"place": [[0, 0], [0, 1]]},
            {"power": "move-spirit-tile", "from": [[0, 0], [0, 1]], "to": [[2, 2], [3, 2]]},
            {"play": "red2"},
            {"play": "blue1"},
        ],
    )
    out = run_scenario(data)
    assert out["error"] == {
        "move": 6,
        "code": "card-already-played",
        "message": "card blue1 was already played",
    }
    assert out["current_trick"] == {"round": 2, "plays": [["Ben", "red2"]]}
    assert out["powers_used"][0]["to"] == [[2, 2], [3, 2]]


def test_module_entry_point(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """``python -m games.rules.spirits`` runs ``main``."""
    assert run_as_main("games.rules.spirits", tmp_path / "none.json", monkeypatch) == 2
    assert "unreadable" in capsys.readouterr().out


def test_replay_returns_the_first_illegal_move_with_its_index() -> None:
    """``replay`` never raises for a move: it returns the state after the last legal move and the
    first illegal move with its 0-based index."""
    moves = [{"play": "blue1"}, {"play": "blue1"}, {"play": "blue2"}]
    state, error = replay(scenario(), moves)
    assert error is not None
    assert (error.index, error.code) == (1, "card-already-played")
    assert state == apply(new_game(scenario()), {"play": "blue1"})
    assert replay(scenario(), moves[:1]) == (state, None)


def test_report_covered_whirlpool() -> None:
    """The report lists covered tokens by kind (and colour for Mist)."""
    data = scenario(
        moves=[
            {"play": "blue1"},
            {"play": "blue2"},
            {"play": "red1"},
            {"place": [[0, 0], [0, 1]]},
            {"discard": None, "seat": "Ana"},
        ]
    )
    data["board"]["tokens"] = [
        {"kind": "whirlpool", "cell": [0, 0]},
        {"kind": "mist", "cell": [0, 1], "colour": "red"},
    ]
    out = run_scenario(data)
    assert out["tricks"][0]["placement"]["covered_tokens"] == [
        {"kind": "whirlpool"},
        {"kind": "mist", "colour": "red"},
    ]
    assert out["discards"] == [{"seat": "Ana", "card": None, "round": 1}]
    assert out["phase"] == "discard"
