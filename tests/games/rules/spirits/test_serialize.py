"""JSON round-trip and per-seat views."""

import json

from games.rules.spirits import from_dict, new_game, to_dict, view_for

from .factories import scenario, two_player
from .helpers import play_round, run


def test_round_trip_mid_mission() -> None:
    """from_dict(to_dict(s)) == s, through real JSON."""
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
    text = json.dumps(to_dict(state))
    assert from_dict(json.loads(text)) == state


def test_round_trip_automa_unknown_deck() -> None:
    """The Automa's unknown deck round-trips as a size."""
    data = two_player(
        hand_size=3,
        deal=False,
        automa={"deck_size": 6, "river": ["blue3", "red2", "green2", "orange2"], "kakapo": "Ben"},
    )
    state = new_game(data)
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state


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
