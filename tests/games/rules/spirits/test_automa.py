"""The Automa (seed 003, '2-player game: the Automa')."""

import pytest

from games.rules.spirits import AUTOMA, IllegalMove, apply, legal_moves, new_game
from games.rules.spirits.automa import next_kakapo

from .factories import two_player
from .helpers import run


def _code(state, move):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as error:
        apply(state, move)
    return error.value.code


def test_automa_is_third_seat() -> None:
    """ "With 2 players, an Automa acts as a third player"; it sits after the last player."""
    state = new_game(two_player())
    assert state.seats == ("Ana", "Ben", AUTOMA)
    assert state.deck_count == 6
    assert len(state.river) == 4
    assert state.kakapo == "Ana"


def test_kakapo_goes_to_human_winner_never_automa() -> None:
    """ "The player (excluding the Automa) who wins the trick takes the Kakapo ... The Automa never
    receives the Kakapo meeple, even if it wins the trick"."""
    assert next_kakapo("Ana", "Ben") == "Ben"
    assert next_kakapo("Ana", AUTOMA) == "Ana"
    state = new_game(two_player())
    state = run(state, {"play": "blue1"}, {"play": "blue2"}, {"automa": "river", "card": "blue3"})
    assert state.tricks[-1].winner == AUTOMA
    assert state.kakapo == "Ana"
    assert state.leader == AUTOMA
    state = run(state, {"place": [[0, 0], [1, 0], [1, 1]]})
    assert state.current_seat == AUTOMA
    assert state.phase == "automa"


def test_automa_must_play_matching_river_card() -> None:
    """ "if one of its face-up cards matches the colour of the first card played, it must play
    that card"."""
    state = run(new_game(two_player()), {"play": "red3"}, {"play": "red4"})
    assert _code(state, {"automa": "river", "card": "blue3"}) == "automa-must-match"
    assert _code(state, {"automa": "deck"}) == "automa-must-match"
    assert legal_moves(state) == [{"automa": "river", "card": "red2"}]
    state = apply(state, {"automa": "river", "card": "red2"})
    assert state.river == ("blue3", "green2", "orange2", "green1")
    assert state.deck_count == 5


def test_automa_free_choice_without_match() -> None:
    """ "if none match, the Leader either chooses a card from the face-up cards or takes the first
    card from the Automa's deck"."""
    state = run(new_game(two_player()), {"play": "purple2"}, {"play": "purple3"})
    options = legal_moves(state)
    assert {"automa": "deck"} in options
    assert len(options) == 5
    state = apply(state, {"automa": "deck"})
    assert state.tricks[-1].plays[-1] == (AUTOMA, "green1")
    assert state.deck == ("orange1", "red5", "blue4", "purple5", "green6")


def test_automa_checks() -> None:
    """The Automa plays only from its river or the top of its deck."""
    state = run(new_game(two_player()), {"play": "purple2"}, {"play": "purple3"})
    assert _code(state, {"play": "blue1"}) == "not-your-turn"
    assert _code(state, {"automa": "river", "card": "blue3", "seat": "Ana"}) == "not-your-turn"
    assert _code(state, {"automa": "river", "card": "green1"}) == "not-in-river"
    assert _code(state, {"automa": "river", "card": "nope"}) == "unknown-card"
    assert _code(state, {"automa": "deck", "card": "red5"}) == "automa-deck-card"
    assert _code(state, {"automa": "sideways"}) == "bad-move"
    assert _code(state, {"automa": "river", "card": "blue3", "refill": "red5"}) == (
        "automa-deck-card"
    )
    fresh = new_game(two_player())
    assert _code(fresh, {"automa": "deck"}) == "not-your-turn"


def test_automa_leads_with_leader_choice() -> None:
    """ "If the Automa is the first player, the Leader chooses one of its face-up cards or takes
    the first card from its deck"."""
    state = new_game(two_player(first_player=AUTOMA))
    options = legal_moves(state)
    assert {"automa": "deck"} in options
    assert {"automa": "river", "card": "orange2"} in options


def test_automa_mist_lead_uses_river_colour() -> None:
    """When the Automa leads a trick a Mist token forces, it leads a river card of that colour if
    it has one (seed 003, 'Mist tokens')."""
    data = two_player()
    data["board"]["tokens"] = [{"kind": "mist", "cell": [0, 0], "colour": "green"}]
    state = run(
        new_game(data),
        {"play": "blue1"},
        {"play": "blue2"},
        {"automa": "river", "card": "blue3"},
        {"place": [[0, 0], [1, 0], [1, 1]]},
    )
    assert state.required_lead == "green"
    assert _code(state, {"automa": "river", "card": "red2"}) == "automa-must-match"
    state = apply(state, {"automa": "river", "card": "green2"})
    assert state.current == ((AUTOMA, "green2"),)


def test_unknown_deck_reveals_cards() -> None:
    """At a real table the deck is unknown: a deck play names the card; a river play names the
    refill card."""
    data = two_player(
        automa={"deck_size": 2, "river": ["blue3", "red2", "green2", "orange2"], "kakapo": "Ana"}
    )
    del data["hands"]
    state = run(new_game(data), {"play": "purple2"}, {"play": "purple3"})
    assert _code(state, {"automa": "deck"}) == "card-required"
    assert _code(state, {"automa": "deck", "card": "blue3"}) == "not-in-deck"
    assert _code(state, {"automa": "river", "card": "blue3"}) == "refill-required"
    assert {"automa": "river", "card": "blue3", "refill": "blue1"} in legal_moves(state)
    state = apply(state, {"automa": "river", "card": "blue3", "refill": "green5"})
    assert state.river == ("red2", "green2", "orange2", "green5")
    assert state.deck_count == 1
    state = run(state, {"place": [[0, 0], [1, 0], [1, 1]]}, {"play": "blue4"})
    assert {"automa": "deck", "card": "blue1"} in legal_moves(state)
    state = apply(state, {"automa": "deck", "card": "red6"})
    assert state.deck_count == 0
    state = run(
        state,
        {"play": "blue5"},
        {"place": [[5, 0], [5, 1], [6, 0], [6, 1]]},
        {"play": "purple1"},
        {"play": "purple4"},
    )
    assert _code(state, {"automa": "deck"}) == "automa-deck-empty"
    assert _code(state, {"automa": "river", "card": "red2", "refill": "red1"}) == (
        "automa-deck-empty"
    )
    assert all("refill" not in m for m in legal_moves(state))
    state = apply(state, {"automa": "river", "card": "red2"})
    assert len(state.river) == 3


def test_unknown_deck_with_known_hands() -> None:
    """A card in a known hand cannot be revealed from the Automa's deck."""
    data = two_player(
        automa={"deck_size": 6, "river": ["blue3", "red2", "green2", "orange2"], "kakapo": "Ana"}
    )
    state = run(new_game(data), {"play": "purple2"}, {"play": "purple3"})
    assert _code(state, {"automa": "deck", "card": "blue1"}) == "not-in-deck"
