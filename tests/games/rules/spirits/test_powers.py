"""Power tiles and Power tokens other than the Gust of Wind (test_game.py), each once per mission.

Seed 003, 'Rewards': Power tokens "can be used in every mission"; Power tiles are placed on
unlocked Power spaces "for extra help". The effects are the sample pack's
(games/content/sample/power.json).
"""

from typing import Any

import pytest

from games.rules.spirits import (
    IllegalMove,
    apply,
    from_json,
    legal_moves,
    new_game,
    outcome,
    run_scenario,
    to_json,
)
from games.rules.spirits.revokes import Flag

from .factories import scenario, two_player
from .helpers import play_round, run

DOMINO = [[0, 0], [0, 1]]


def _code(state: Any, move: Any) -> str:
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    return error.value.code


def _power_moves(state: Any) -> list[dict[str, Any]]:
    return [m for m in legal_moves(state) if "power" in m]


# --- Compass: choose-trump ------------------------------------------------------------------


def test_compass_chooses_the_next_rounds_trump() -> None:
    """power.json 'compass' (choose-trump): "Once per mission, choose the trump colour of the next
    round instead of the Decision card" (seed 003, 'The Decision card' sets it otherwise)."""
    state = new_game(scenario(powers=["choose-trump"]))
    assert _code(state, {"power": "choose-trump", "colour": "red"}) == "wrong-phase"  # round 1
    assert _power_moves(state) == []
    state = play_round(state, ["blue1", "blue2", "red1"])  # Ben's blue2 is the Decision card
    assert state.trump == "blue"
    assert [m["colour"] for m in _power_moves(state)] == [
        "blue", "green", "orange", "purple", "red"
    ]  # fmt: skip
    assert _code(state, {"power": "choose-trump", "colour": "pink"}) == "unknown-colour"
    assert _code(state, {"power": "choose-trump", "colour": ["red"]}) == "bad-move"
    state = apply(state, {"power": "choose-trump", "colour": "red"})
    assert state.trump == "red"
    assert state.tricks[0].next_trump == "blue"  # the Decision card is still on its pile
    assert from_json(to_json(state)) == state
    state = run(state, {"place": DOMINO})
    state = play_round(state, ["blue3", "red2", "blue6"])  # Ben leads; red trumps blue
    assert (state.tricks[1].winner, state.tricks[1].trump) == ("Cy", "red")
    assert state.trump == "red"  # red2 decided, as ever
    assert _code(state, {"power": "choose-trump", "colour": "blue"}) == "power-used"


def test_compass_not_during_a_trick_nor_after_the_last_round() -> None:
    """Our reading (powers.compass_window): between a trick won and the next; the last round has
    no next round."""
    state = play_round(new_game(scenario(powers=["choose-trump"], rounds=2)), ["blue1", "blue2"])
    assert _code(state, {"power": "choose-trump", "colour": "red"}) == "wrong-phase"
    last = new_game(scenario(powers=["choose-trump"], rounds=1))
    last = play_round(last, ["blue1", "blue2", "red1"])
    assert last.phase == "place"
    with pytest.raises(IllegalMove) as error:
        apply(last, {"power": "choose-trump", "colour": "red"})
    assert error.value.message == (
        "the Compass chooses the next round's trump, between a trick won and the next"
    )


# --- Lantern: any-colour-edge ---------------------------------------------------------------


def _edged(*powers: str) -> dict[str, Any]:
    data = scenario(powers=list(powers))
    data["board"]["mission_tiles"][0]["coloured_edges"] = [
        {"cell": [5, 5], "side": "W", "colour": "red"}
    ]
    return data


def test_lantern_lets_one_coloured_edge_accept_any_colour() -> None:
    """power.json 'lantern' (any-colour-edge): "Once per mission, one coloured edge accepts a
    Spirit tile of any colour." Seed 003, 'Mission tile constraints' would otherwise fail the
    mission for a blue tile against a red edge."""
    state = play_round(new_game(_edged("any-colour-edge")), ["blue1", "blue2", "red1"])
    against = [[5, 3], [5, 4]]
    assert apply(state, {"place": against}).violations == ("coloured-edge",)
    assert _power_moves(state) == [{"power": "any-colour-edge", "cell": [5, 5], "side": "W"}]
    assert _code(state, {"power": "any-colour-edge", "cell": [5, 5], "side": "N"}) == (
        "no-such-edge"
    )
    assert _code(state, {"power": "any-colour-edge", "cell": [0, 0], "side": "W"}) == (
        "no-such-edge"
    )
    assert _code(state, {"power": "any-colour-edge", "cell": "5,5", "side": "W"}) == "bad-move"
    state = apply(state, {"power": "any-colour-edge", "cell": [5, 5], "side": "W"})
    assert (state.powers_used[0].colour, state.powers_used[0].round) == ("red", 1)
    assert _power_moves(state) == []
    state = apply(state, {"place": against})
    assert state.violations == ()
    assert from_json(to_json(state)) == state


def test_lantern_after_the_violation_does_not_undo_it() -> None:
    """Our reading (powers.neutral_edges): a violation recorded before the Lantern stays."""
    state = play_round(new_game(_edged("any-colour-edge")), ["blue1", "blue2", "red1"])
    state = run(state, {"place": [[5, 3], [5, 4]]})
    state = apply(state, {"power": "any-colour-edge", "cell": [5, 5], "side": "W"})
    assert state.violations == ("coloured-edge",)


def test_lantern_also_covers_a_tile_the_gust_moves() -> None:
    """A tile moved against the Lantern's edge by the Gust of Wind breaks nothing either."""
    state = play_round(
        new_game(_edged("any-colour-edge", "move-spirit-tile")), ["blue1", "blue2", "red1"]
    )
    state = run(
        state,
        {"place": DOMINO},
        {"power": "any-colour-edge", "cell": [5, 5], "side": "W"},
        {"power": "move-spirit-tile", "from": DOMINO, "to": [[5, 3], [5, 4]]},
    )
    assert state.violations == ()


# --- Night Moth: quiet-token ----------------------------------------------------------------


def _tokens(*tokens: dict[str, Any], powers: tuple[str, ...] = ("quiet-token",)) -> Any:
    data = scenario(powers=list(powers))
    data["board"]["tokens"] = list(tokens)
    return new_game(data)


def test_night_moth_quiets_a_whirlpool() -> None:
    """power.json 'moth' (quiet-token): "Once per mission, cover a Whirlpool or Mist token without
    applying its effect." Covered, the Whirlpool costs no discard (seed 003, 'Whirlpool tokens')."""
    state = _tokens({"kind": "whirlpool", "cell": [0, 1]}, {"kind": "mist", "cell": [3, 3],
                    "colour": "red"})  # fmt: skip
    assert _power_moves(state) == [
        {"power": "quiet-token", "cell": [0, 1]},
        {"power": "quiet-token", "cell": [3, 3]},
    ]
    assert _code(state, {"power": "quiet-token", "cell": [9, 9]}) == "no-such-token"
    state = apply(state, {"power": "quiet-token", "cell": [0, 1]})
    assert state.powers_used[0].cell == (0, 1)
    state = play_round(state, ["blue1", "blue2", "red1"])
    state = apply(state, {"place": DOMINO})
    assert [t.kind for t in state.tricks[0].placement.covered_tokens] == ["whirlpool"]  # type: ignore[union-attr]
    assert [t.kind for t in state.tokens] == ["mist"]
    assert state.pending_discards == ()
    assert state.phase == "play"
    assert from_json(to_json(state)) == state


def test_night_moth_quiets_a_mist_and_only_the_named_token() -> None:
    """Covering a quieted Mist sets no lead colour (seed 003, 'Mist tokens'); another token covered
    by the same tile keeps its effect."""
    state = _tokens({"kind": "mist", "cell": [0, 0], "colour": "red"},
                    {"kind": "whirlpool", "cell": [0, 1]})  # fmt: skip
    state = run(state, {"power": "quiet-token", "cell": [0, 0]})
    state = apply(play_round(state, ["blue1", "blue2", "red1"]), {"place": DOMINO})
    assert state.required_lead is None
    assert state.pending_discards == ("Ana", "Ben", "Cy")
    state = _tokens({"kind": "mist", "cell": [0, 0], "colour": "red"},
                    {"kind": "whirlpool", "cell": [0, 1]})  # fmt: skip
    state = run(state, {"power": "quiet-token", "cell": [0, 1]})
    state = apply(play_round(state, ["blue1", "blue2", "red1"]), {"place": DOMINO})
    assert state.required_lead == "red"
    assert state.pending_discards == ()


def test_night_moth_and_the_gust() -> None:
    """A quieted token covered by a tile the Gust of Wind moves has no effect either."""
    state = _tokens({"kind": "whirlpool", "cell": [3, 3]},
                    powers=("quiet-token", "move-spirit-tile"))  # fmt: skip
    state = play_round(state, ["blue1", "blue2", "red1"])
    state = run(
        state,
        {"place": DOMINO},
        {"power": "quiet-token", "cell": [3, 3]},
        {"power": "move-spirit-tile", "from": DOMINO, "to": [[3, 3], [3, 4]]},
    )
    assert state.tokens == ()
    assert state.phase == "play"


# --- Wind Charm: ignore-must-follow ---------------------------------------------------------


def test_wind_charm_lifts_must_follow_with_known_hands() -> None:
    """power.json 'wind-charm' (ignore-must-follow): "Once per mission, one player may play a card
    without following the lead colour" (seed 003, 'Playing the trick': Must Follow)."""
    state = new_game(two_player(powers=["ignore-must-follow"]))
    assert _code(state, {"power": "ignore-must-follow"}) == "wrong-phase"  # nothing led yet
    state = apply(state, {"play": "blue1"})
    assert _code(state, {"play": "red4"}) == "must-follow"  # Ben holds blue2
    assert _power_moves(state) == [{"power": "ignore-must-follow"}]
    assert _code(state, {"power": "ignore-must-follow", "seat": "Ana"}) == "not-your-turn"
    state = apply(state, {"power": "ignore-must-follow", "seat": "Ben"})
    assert {"play": "red4"} in legal_moves(state)
    assert len(legal_moves(state)) == 7  # Ben's whole hand
    assert from_json(to_json(state)) == state
    state = apply(state, {"play": "red4"})
    use = state.powers_used[0]
    assert (use.seat, use.card, use.round) == ("Ben", "red4", 1)
    assert (hand := state.hand("Ben")) is not None
    assert "red4" not in hand
    assert _code(state, {"power": "ignore-must-follow"}) == "power-used"


def test_wind_charm_not_for_the_automa() -> None:
    """Our reading (powers.wind_window): the Automa has no hand and never uses it."""
    state = new_game(two_player(powers=["ignore-must-follow"]))
    state = run(state, {"play": "blue1"}, {"play": "blue2"})
    assert state.phase == "automa"
    with pytest.raises(IllegalMove) as error:
        apply(state, {"power": "ignore-must-follow"})
    assert error.value.message == (
        "the Wind Charm is used by the player due to follow, before they play"
    )


def test_wind_charm_play_proves_no_revoke_at_a_real_table() -> None:
    """Hands unknown: the charmed play shows no void and raises no flag (powers.free_play_seat),
    while the same plays without it prove a revoke."""
    plays = ["blue1", "red2", "blue3"]
    later = ["green1", "green2", "blue4"]  # Cy leads round 2, Ana follows, Ben plays blue
    plain = play_round(new_game(scenario()), plays)
    plain = play_round(run(plain, {"place": [[0, 0], [1, 0], [1, 1]]}), later)
    assert plain.flags == (Flag("revoke", "Ben", 2),)
    state = run(new_game(scenario(powers=["ignore-must-follow"])), {"play": "blue1"},
                {"power": "ignore-must-follow"})  # fmt: skip
    state = play_round(state, plays[1:])
    assert state.voids == ()
    state = play_round(run(state, {"place": [[0, 0], [1, 0], [1, 1]]}), later)
    assert state.flags == ()


# --- Ember Charm and Tide Charm: recorded only ----------------------------------------------


def test_charms_the_table_cannot_check_are_recorded_once() -> None:
    """power.json 'ember-charm' (name-missing-colour) and 'tide-charm' (swap-cards) change what
    players say or hold, which the table cannot see: each use is recorded, once per mission, and
    a swap forgets the voids shown before it (powers.voids_after)."""
    data = scenario(powers=["name-missing-colour", "swap-cards"])
    state = play_round(new_game(data), ["blue1", "red2"])
    assert _code(state, {"power": "swap-cards"}) == "wrong-phase"  # not during a trick
    state = play_round(state, ["blue3"])
    state = run(state, {"place": [[0, 0], [1, 0], [1, 1]]})
    assert _power_moves(state) == [{"power": "name-missing-colour"}, {"power": "swap-cards"}]
    state = apply(state, {"power": "name-missing-colour"})
    assert state.voids == (("Ben", "blue"),)
    state = apply(state, {"power": "swap-cards"})
    assert state.voids == ()
    assert _code(state, {"power": "swap-cards"}) == "power-used"
    assert _power_moves(state) == []
    state = play_round(state, ["green1", "green2", "blue4"])  # Ben plays blue
    assert state.flags == ()
    assert from_json(to_json(state)) == state


def test_recorded_powers_in_the_report() -> None:
    """The scenario output lists each use with only the fields it has."""
    data = _edged("any-colour-edge", "ignore-must-follow", "swap-cards")
    data["moves"] = [
        {"power": "swap-cards"},
        {"play": "blue1"},
        {"power": "ignore-must-follow"},
        {"play": "red2"},
        {"play": "blue3"},
        {"power": "any-colour-edge", "cell": [5, 5], "side": "W"},
    ]
    assert run_scenario(data)["powers_used"] == [
        {"power": "swap-cards", "round": 1},
        {"power": "ignore-must-follow", "round": 1, "seat": "Ben", "card": "red2"},
        {"power": "any-colour-edge", "round": 1, "colour": "red", "side": "W", "cell": [5, 5]},
    ]


def test_unknown_powers_are_never_available() -> None:
    """A setup may list a Power the engine does not know: it is never offered nor accepted."""
    state = play_round(new_game(scenario(powers=["fly"])), ["blue1", "blue2", "red1"])
    assert _power_moves(state) == []
    assert _code(state, {"power": "fly"}) == "power-unavailable"
    assert _code(state, {"power": ["fly"]}) == "bad-move"
    assert outcome(state) is None
