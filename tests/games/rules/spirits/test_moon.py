"""Moon tile effects (seed 003, 'The Moon Path': "Moon tiles bring disadvantages that stack and
last until the end of the game"; the effects are the sample pack's, games/content/sample/moon.json).
"""

from typing import Any

import pytest

from games.rules.spirits import (
    IllegalMove,
    SetupError,
    apply,
    from_json,
    legal_moves,
    new_game,
    run_scenario,
    setup_from_dict,
    setup_to_dict,
    to_json,
)
from games.rules.spirits.dealing import default_hand_size
from games.rules.spirits.moon import first_lead, first_round_trump, start_discarders
from games.rules.spirits.revokes import Flag

from .factories import scenario, two_player
from .helpers import play_round, run

PALE_CRESCENT = "no-trump-first-round"
GLARING_EYE = "discard-at-start"
WANING_VEIL = "lead-trump-first"
L_TILE = [[0, 0], [1, 0], [1, 1]]


def _code(state: Any, move: Any) -> str:
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    return error.value.code


def test_pale_crescent_first_trick_has_no_trump() -> None:
    """moon.json 'pale-crescent' (no-trump-first-round): "The Trump card is ignored in round 1: the
    first trick has no trump." The highest card of the colour led wins round 1 (seed 003, 'Winning
    the trick') even against a card of the Trump card's colour; from round 2 the Decision card sets
    the trump again (seed 003, 'The Decision card')."""
    plain = play_round(new_game(scenario()), ["blue1", "green6", "blue3"])
    assert plain.tricks[0].winner == "Ben"  # green is the Trump card: green6 wins
    state = new_game(scenario(moon_effects=[PALE_CRESCENT]))
    assert state.trump is None
    state = play_round(state, ["blue1", "green6", "blue3"])
    trick = state.tricks[0]
    assert (trick.winner, trick.decision, trick.trump, trick.next_trump) == (
        "Cy", "blue3", None, "blue"
    )  # fmt: skip
    assert state.trump == "blue"
    state = run(state, {"place": L_TILE})
    state = play_round(state, ["red1", "red6", "blue4"])  # Cy leads; blue is now trump
    assert state.tricks[1].winner == "Ben"
    assert state.tricks[1].trump == "blue"
    assert from_json(to_json(state)) == state


def test_pale_crescent_in_the_report() -> None:
    """The scenario output gives the first trick's trump as null."""
    data = scenario(moon_effects=[PALE_CRESCENT])
    data["moves"] = [{"play": "blue1"}, {"play": "green6"}, {"play": "blue3"}]
    assert run_scenario(data)["tricks"][0]["trump"] is None


def test_waning_veil_binds_the_first_lead_with_known_hands() -> None:
    """moon.json 'waning-veil' (lead-trump-first): "The first trick of each mission must be led in
    the trump colour, if possible." Ana holds green4 (green is the Trump card): she must lead it."""
    state = new_game(two_player(moon_effects=[WANING_VEIL]))
    assert state.required_lead == "green"
    assert _code(state, {"play": "blue1"}) == "must-follow"
    assert legal_moves(state) == [{"play": "green4"}]
    state = apply(state, {"play": "green4"})
    assert state.lead_colour == "green"
    assert state.required_lead == "green"
    state = run(state, {"play": "green5"}, {"automa": "river", "card": "green2"})
    assert state.tricks[0].required_lead == "green"
    assert state.required_lead is None  # only the first trick


def test_waning_veil_if_possible() -> None:
    """ "if possible": a leader without a trump card leads any colour."""
    data = two_player(moon_effects=[WANING_VEIL])
    data["hands"]["Ana"] = ["blue1", "purple2", "red3"]
    state = apply(new_game(data), {"play": "red3"})
    assert state.current == (("Ana", "red3"),)


def test_waning_veil_at_a_real_table_proves_revokes() -> None:
    """Hands unknown: leading another colour shows the leader holds no trump; a trump they play
    later is a provable revoke (as for a Mist lead, seed 003, 'Mist tokens')."""
    state = new_game(scenario(moon_effects=[WANING_VEIL]))
    state = play_round(state, ["blue1", "blue2", "blue5"])
    assert state.voids == (("Ana", "green"),)
    state = run(state, {"place": [[0, 0], [0, 1], [1, 0], [1, 1]]})
    state = play_round(state, ["red1", "green1", "red2"])  # Cy leads; Ana plays green
    assert state.flags == (Flag("revoke", "Ana", 2),)


def test_waning_veil_binds_the_automa_when_it_leads() -> None:
    """The Automa leading the first trick must play a face-up card of the trump colour (the
    Leader chooses among several), as when a Mist colour binds its lead."""
    data = two_player(moon_effects=[WANING_VEIL], first_player="Automa")
    state = new_game(data)
    assert legal_moves(state) == [{"automa": "river", "card": "green2"}]
    assert _code(state, {"automa": "deck"}) == "automa-must-match"


def test_pale_crescent_and_waning_veil_stack_into_no_lead() -> None:
    """Our reading (moon.first_lead): with no trump in round 1 there is no trump colour to lead,
    so the Waning Veil asks nothing of the first trick."""
    state = new_game(two_player(moon_effects=[WANING_VEIL, PALE_CRESCENT]))
    assert state.required_lead is None
    assert state.trump is None
    assert apply(state, {"play": "blue1"}).current == (("Ana", "blue1"),)
    setup = state.setup
    assert (first_round_trump(setup), first_lead(setup)) == (None, None)


def test_glaring_eye_every_player_discards_before_the_first_trick() -> None:
    """moon.json 'glaring-eye' (discard-at-start): "At the start of each mission, every player
    discards one card face down." As for a Whirlpool (seed 003, 'Whirlpool tokens'), face down and
    unknown at a real table, before anything is played."""
    state = new_game(scenario(moon_effects=[GLARING_EYE]))
    assert state.phase == "discard"
    assert state.pending_discards == ("Ana", "Ben", "Cy")
    assert _code(state, {"play": "blue1"}) == "discard-required"
    assert legal_moves(state) == [{"discard": None, "seat": s} for s in ("Ana", "Ben", "Cy")]
    state = run(state, *({"discard": None, "seat": s} for s in ("Cy", "Ana", "Ben")))
    assert state.phase == "play"
    assert [(d.seat, d.round) for d in state.discards] == [("Cy", 0), ("Ana", 0), ("Ben", 0)]
    assert from_json(to_json(state)) == state


def test_glaring_eye_with_known_hands_and_the_automa() -> None:
    """With known hands each player names a card they hold; the Automa, with no hand, discards
    nothing (our reading in moon.start_discarders, as for the Whirlpool)."""
    state = new_game(two_player(moon_effects=[GLARING_EYE, WANING_VEIL]))
    assert state.pending_discards == ("Ana", "Ben")
    assert _code(state, {"discard": None, "seat": "Ana"}) == "card-required"
    state = run(state, {"discard": "green4", "seat": "Ana"}, {"discard": "red1", "seat": "Ben"})
    assert (hand := state.hand("Ana")) is not None
    assert "green4" not in hand
    assert state.required_lead == "green"  # the Waning Veil still binds the first lead
    assert {"play": "blue1"} in legal_moves(state)  # Ana holds no green now


def test_glaring_eye_owes_nothing_for_an_empty_known_hand() -> None:
    """A player dealt no card has nothing to discard."""
    setup = setup_from_dict(
        scenario(moon_effects=[GLARING_EYE], hands={"Ana": ["blue1"], "Ben": [], "Cy": ["red1"]})
    )
    assert start_discarders(setup, setup.hands) == ("Ana", "Cy")


def test_glaring_eye_deals_one_more_card() -> None:
    """Digital dealing gives each player one card more to pay the discard (dealing reading)."""
    assert default_hand_size(new_game(scenario(moon_effects=[GLARING_EYE])).setup) == 8
    state = new_game(scenario(moon_effects=[GLARING_EYE], deal=True), seed=3)
    assert [len(hand) for hand in state.hands or ()] == [8, 8, 8]


def test_moon_effects_in_the_setup() -> None:
    """``moon_effects`` is optional, written only when some are in force, and checked."""
    assert "moon_effects" not in setup_to_dict(setup_from_dict(scenario()))
    setup = setup_from_dict(scenario(moon_effects=[GLARING_EYE, PALE_CRESCENT]))
    assert setup.moon_effects == (GLARING_EYE, PALE_CRESCENT)
    assert setup_from_dict(setup_to_dict(setup)) == setup
    for bad in (["one-fewer-round"], "discard-at-start", [1]):
        with pytest.raises(SetupError) as error:
            setup_from_dict(scenario(moon_effects=bad))
        assert error.value.message.startswith("moon_effects: ")
