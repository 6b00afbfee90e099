"""JSON round-trip and per-seat views."""

import json
from pathlib import Path

from games.rules.spirits import (
    from_json,
    new_game,
    replay,
    setup_from_dict,
    setup_to_dict,
    to_json,
    view_for,
)

from .factories import scenario, two_player
from .helpers import play_round, run

SCENARIOS = Path(__file__).parent / "scenarios"


def test_round_trip_mid_mission() -> None:
    """from_json(to_json(s)) == s, through real JSON."""
    data = scenario(powers=["move-spirit-tile"], night=True)
    data["board"]["mission_tiles"][0]["night_cells"] = [[5, 5], [6, 5]]
    data["board"]["mission_tiles"][0]["coloured_edges"] = [
        {"cell": [5, 5], "side": "N", "colour": "red"}
    ]
    data["board"]["tokens"] = [
        {"kind": "mist", "cell": [0, 0], "colour": "red"},
        {"kind": "whirlpool", "cell": [9, 9]},
    ]
    data["cards"]["blue2"]["back"] = [[0, 0], [0, 1]]
    state = play_round(new_game(data), ["blue1", "red2", "blue3"])
    state = run(state, {"place": [[0, 0], [1, 0], [1, 1]]}, {"play": "red1"})
    assert state.flags == ()
    text = json.dumps(to_json(state))
    assert from_json(json.loads(text)) == state


def test_round_trip_automa_unknown_deck() -> None:
    """The Automa's unknown deck round-trips as a size."""
    data = two_player(
        hand_size=3,
        deal=False,
        automa={"deck_size": 6, "river": ["blue3", "red2", "green2", "orange2"], "kakapo": "Ben"},
    )
    state = new_game(data)
    assert from_json(json.loads(json.dumps(to_json(state)))) == state


def test_view_hides_other_hands_and_deck() -> None:
    """A seat sees its own hand; other hands as counts; the Automa's deck as a count only."""
    state = new_game(two_player())
    view = view_for(state, "Ana")
    assert view["hands"]["Ana"] == list(state.hand("Ana") or ())
    assert view["hands"]["Ben"] == 7
    assert view["setup"]["hands"]["Ben"] == 7
    assert view["deck"] is None
    assert "deck" not in view["setup"]["automa"]
    assert view["deck_count"] == 6
    assert view["river"] == ["blue3", "red2", "green2", "orange2"]


def test_view_without_hands() -> None:
    """At a real table there are no hands to hide."""
    view = view_for(new_game(scenario()), "Ana")
    assert view["hands"] is None
    assert "automa" not in view["setup"]


def test_documents_written_before_the_moon_and_power_effects_load_and_replay_identically() -> None:
    """Saved ``spirits-scenario/1`` setups and ``spirits-state/1`` states without ``moon_effects``
    nor the new Power fields (written by the engine before they existed: a Gust of Wind use,
    Whirlpool discards, a Mist lead, revoke flags, an Automa with an unknown deck) read back and
    replay to exactly the same document."""
    documents = json.loads((SCENARIOS / "documents_before_effects.json").read_text())["documents"]
    for document in documents:
        scenario_data, saved = document["scenario"], document["state"]
        assert to_json(from_json(saved)) == saved
        state, error = replay(scenario_data, scenario_data["moves"])
        assert error is None
        assert to_json(state) == saved
        setup = setup_to_dict(setup_from_dict(scenario_data))
        assert setup == {k: v for k, v in scenario_data.items() if k != "moves"}
