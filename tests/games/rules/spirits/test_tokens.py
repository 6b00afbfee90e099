"""Whirlpool and Mist tokens (seed 003, 'Whirlpool tokens', 'Mist tokens')."""

import pytest

from games.rules.spirits import IllegalMove, Outcome, apply, legal_moves, new_game, outcome
from games.rules.spirits.board import Token
from games.rules.spirits.tokens import discards_owed, mist_requirement, whirlpool_discarders

from .factories import scenario, two_player
from .helpers import play_round, run

DOMINO = [[0, 0], [0, 1]]


def _code(state, move):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    return error.value.code


def _board_with(*tokens: dict[str, object]) -> dict[str, object]:
    data = scenario()
    data["board"]["tokens"] = list(tokens)
    return data


def test_whirlpool_readings() -> None:
    """Our reading: the Automa discards nothing; each Whirlpool costs every player one card; an
    empty known hand owes nothing."""
    whirl = Token("whirlpool", (0, 0))
    assert whirlpool_discarders(["A", "B"], None, [whirl, whirl]) == ("A", "B", "A", "B")
    assert whirlpool_discarders(["A", "B"], [["x"], []], [whirl]) == ("A",)
    assert whirlpool_discarders(["A"], None, [Token("mist", (0, 0), "red")]) == ()


def test_whirlpool_discards_one_card_each() -> None:
    """ "When that happens, immediately discard the token, then every player also discards one card
    from their hand face down"."""
    data = _board_with({"kind": "whirlpool", "cell": [0, 1]})
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": DOMINO})
    assert state.tokens == ()
    assert state.tricks[-1].placement.covered_tokens == (Token("whirlpool", (0, 1)),)  # type: ignore[union-attr]
    assert state.phase == "discard"
    assert legal_moves(state) == [
        {"discard": None, "seat": "Ana"},
        {"discard": None, "seat": "Ben"},
        {"discard": None, "seat": "Cy"},
    ]
    assert _code(state, {"play": "blue3"}) == "discard-required"
    assert _code(state, {"discard": None, "seat": "Automa"}) == "not-your-turn"
    state = run(state, {"discard": None, "seat": "Cy"}, {"discard": "green6", "seat": "Ana"})
    assert _code(state, {"discard": None, "seat": "Cy"}) == "already-discarded"
    assert _code(state, {"discard": "green6", "seat": "Ben"}) == "card-already-played"
    state = apply(state, {"discard": None, "seat": "Ben"})
    assert state.phase == "play"
    assert _code(state, {"play": "green6"}) == "card-already-played"


def test_whirlpool_with_known_hands() -> None:
    """With known hands the discarded card must be named and held; the Automa discards nothing."""
    data = two_player()
    data["board"]["tokens"] = [{"kind": "whirlpool", "cell": [0, 0]}]
    state = run(
        new_game(data),
        {"play": "purple2"},
        {"play": "purple3"},
        {"automa": "river", "card": "red2"},
        {"place": [[0, 0], [1, 0], [1, 1]]},
    )
    assert state.pending_discards == ("Ana", "Ben")
    assert _code(state, {"discard": None, "seat": "Ana"}) == "card-required"
    assert _code(state, {"discard": "red3", "seat": "Ben"}) == "not-in-hand"
    assert {"discard": "red3", "seat": "Ana"} in legal_moves(state)
    state = run(state, {"discard": "red3", "seat": "Ana"}, {"discard": "red4", "seat": "Ben"})
    assert "red3" not in state.hand("Ana")  # type: ignore[operator]
    assert state.phase == "play"


def test_mist_forces_next_lead() -> None:
    """ "immediately discard the token: the next trick must then begin with the colour of that
    Mist token, if possible"."""
    data = _board_with({"kind": "mist", "cell": [0, 0], "colour": "red"})
    data["hands"] = {
        "Ana": ["blue1", "orange1"],
        "Ben": ["blue2", "red2", "blue4"],
        "Cy": ["red1", "orange2"],
    }
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": DOMINO})
    assert state.required_lead == "red"
    assert state.current_seat == "Ben"
    assert legal_moves(state) == [{"play": "red2"}]
    assert _code(state, {"play": "blue4"}) == "must-follow"
    state = apply(state, {"play": "red2"})
    assert state.required_lead == "red"


def test_mist_lead_impossible() -> None:
    """ "if possible": a leader without the Mist colour leads anything."""
    data = _board_with({"kind": "mist", "cell": [0, 0], "colour": "red"})
    data["hands"] = {
        "Ana": ["blue1", "orange1"],
        "Ben": ["blue2", "green2"],
        "Cy": ["red1", "orange2"],
    }
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = run(state, {"place": DOMINO}, {"play": "green2"})
    assert state.lead_colour == "green"


def test_several_mist_tokens_choose_colour() -> None:
    """ "If several Mist tokens are discarded at once, start the next trick with one of their
    colours, your choice." """
    data = _board_with(
        {"kind": "mist", "cell": [0, 0], "colour": "red"},
        {"kind": "mist", "cell": [0, 1], "colour": "orange"},
    )
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": DOMINO})
    assert state.phase == "mist-colour"
    assert legal_moves(state) == [{"mist_colour": "orange"}, {"mist_colour": "red"}]
    assert _code(state, {"play": "red2"}) == "mist-colour-required"
    assert _code(state, {"mist_colour": "blue"}) == "mist-colour-invalid"
    state = apply(state, {"mist_colour": "orange"})
    assert state.required_lead == "orange"
    assert state.phase == "play"


def test_same_colour_mists_need_no_choice() -> None:
    """Two Mist tokens of one colour force that colour."""
    assert mist_requirement([], [Token("mist", (0, 0), "red"), Token("mist", (0, 1), "red")]) == (
        "red",
        (),
    )
    assert mist_requirement([], []) == (None, ())


def test_tokens_and_rocks_may_be_covered() -> None:
    """'Placing the Spirit tile': "You may place Spirit tiles on spaces containing a Rock icon"."""
    data = scenario()
    data["board"]["rocks"] = [[0, 0]]
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": DOMINO})
    assert state.placed[0].cells == ((0, 0), (0, 1))


def test_last_round_tokens_have_no_effect() -> None:
    """Our reading: after the last round's placement the mission is over; no discards are due."""
    data = _board_with({"kind": "whirlpool", "cell": [0, 0]})
    data["rounds"] = 1
    state = play_round(new_game(data), ["blue1", "blue2", "red1"])
    state = apply(state, {"place": DOMINO})
    assert state.phase == "over"
    assert state.pending_discards == ()


def test_two_whirlpools_with_one_card_left_end_the_mission() -> None:
    """Seed 003, 'Whirlpool tokens': "every player also discards one card from their hand".
    A player holding one card who sees two Whirlpools covered at once discards that card only
    (``tokens.discards_owed``, our reading of an empty hand); the seat then due to play has no
    card and the mission fails (``out-of-cards``) instead of waiting forever for a discard."""
    data = scenario(
        hands={"Ana": ["blue2", "red1"], "Ben": ["blue1", "red2"], "Cy": ["purple1", "red3"]},
        rounds=2,
    )
    data["board"]["tokens"] = [
        {"kind": "whirlpool", "cell": [0, 0]},
        {"kind": "whirlpool", "cell": [0, 1]},
    ]
    state = play_round(new_game(data), ["blue2", "blue1", "purple1"])
    state = apply(state, {"place": DOMINO})
    assert state.pending_discards == ("Ana", "Ben", "Cy")
    state = run(
        state,
        {"discard": "red1", "seat": "Ana"},
        {"discard": "red2", "seat": "Ben"},
        {"discard": "red3", "seat": "Cy"},
    )
    assert outcome(state) == Outcome("failure", ("out-of-cards",))
    assert legal_moves(state) == []


def test_discards_owed_reading() -> None:
    """Our reading of an empty hand (seed 003, 'Whirlpool tokens'): a known hand owes no more
    discards than it holds cards, counting the ones already owed; unknown hands owe them all."""
    assert discards_owed(["A", "B"], None, (), 2) == ("A", "B", "A", "B")
    assert discards_owed(["A", "B"], [["x"], ["y", "z"]], (), 2) == ("A", "B", "B")
    assert discards_owed(["A", "B"], [["x"], ["y", "z"]], ("B",), 2) == ("A", "B")
    assert discards_owed(["A", "B"], [[], ["y"]], (), 1) == ("B",)
    assert discards_owed(["A"], None, (), 0) == ()
