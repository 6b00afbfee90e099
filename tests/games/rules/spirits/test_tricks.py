"""Playing and winning tricks (seed 003, 'Playing the trick', 'Winning the trick', 'The Decision
card', 'Storing the trick')."""

import pytest

from games.rules.spirits import IllegalMove, apply, new_game
from games.rules.spirits.cards import Card
from games.rules.spirits.tricks import check_follow, trick_winner

from .factories import scenario
from .helpers import play_round, run


def _c(colour: str, value: int) -> Card:
    return Card(f"{colour}{value}", colour, value, ((0, 0),))


def test_highest_lead_colour_wins() -> None:
    """'Winning the trick': "The player who played the Spirit card of the requested colour ... with
    the highest value wins the trick"."""
    assert trick_winner([_c("blue", 3), _c("blue", 5), _c("red", 6)], "green") == 1


def test_highest_trump_wins() -> None:
    """ "if one or more Spirit cards of the trump colour have been played, the player who played the
    trump card with the highest value wins the trick instead"."""
    assert trick_winner([_c("purple", 4), _c("purple", 6), _c("blue", 2)], "blue") == 2
    assert trick_winner([_c("blue", 1), _c("red", 2), _c("red", 5)], "red") == 2


def test_equal_values_first_played_wins() -> None:
    """Our reading (tie_break): with equal values the card played first wins."""
    assert trick_winner([_c("blue", 3), _c("blue", 3)], "green") == 0


def test_must_follow() -> None:
    """'Playing the trick': "They must follow the colour of the first card played if possible"."""
    with pytest.raises(IllegalMove) as error:
        check_follow(_c("red", 1), "blue", [_c("blue", 2)])
    assert error.value.code == "must-follow"
    check_follow(_c("red", 1), "blue", [_c("red", 2)])
    check_follow(_c("red", 1), None, [_c("blue", 2)])


def test_must_follow_with_known_hands() -> None:
    """With known hands a player holding the lead colour cannot play another colour."""
    state = new_game(scenario(hands={"Ana": ["blue1"], "Ben": ["blue2", "red2"], "Cy": ["red1"]}))
    state = apply(state, {"play": "blue1"})
    with pytest.raises(IllegalMove) as error:
        apply(state, {"play": "red2"})
    assert error.value.code == "must-follow"


def test_decision_card_sets_next_trump_and_leader() -> None:
    """'The Decision card': "The winning card of the trick becomes the Decision card ... it also
    sets the trump colour for the next round"; the first round's trump is the Trump card."""
    state = new_game(scenario())
    assert state.trump == "green"
    state = play_round(state, ["blue3", "blue5", "red1"])
    trick = state.tricks[-1]
    assert (trick.winner, trick.decision, trick.next_trump) == ("Ben", "blue5", "blue")
    assert state.trump == "blue"
    state = run(state, {"place": [[0, 0], [0, 1], [1, 0], [1, 1]]})
    assert state.current_seat == "Ben"
    assert state.round == 2


def test_red_four_sets_final_trump() -> None:
    """'The Decision card' example: "six rounds have already been played and the red 4 is the
    Decision card: red is the trump colour for the final round"."""
    state = new_game(scenario())
    rounds = [
        ["blue1", "blue2", "blue3"],
        ["purple1", "purple2", "purple3"],
        ["orange1", "orange2", "orange3"],
        ["green1", "green2", "green3"],
        ["blue4", "blue5", "blue6"],
        ["red1", "red2", "red4"],
    ]
    spots = iter(
        [
            [[0, 0], [1, 0], [1, 1]],
            [[0, 4], [1, 4], [1, 5]],
            [[3, 0], [4, 0], [4, 1]],
            [[8, 0], [9, 0], [9, 1]],
            [[0, 8], [0, 9], [0, 10], [1, 10]],
            [[11, 8], [11, 9], [11, 10]],
        ]
    )
    for cards in rounds:
        state = play_round(state, cards)
        state = apply(state, {"place": next(spots)})
    assert state.round == 7
    assert state.tricks[-1].decision == "red4"
    assert state.trump == "red"
    assert len(state.piles) == 6


def test_waiting_seats_follow_the_seating_from_the_leader() -> None:
    """Seed 003, 'Playing the trick': "The first player begins by playing a Spirit card ... The
    other players then play a Spirit card one after the other, in clockwise order." The seats
    still to play start after the one who led, not after seat 1."""
    state = new_game(scenario(first_player="Cy"))
    assert state.waiting_seats == ()
    state = apply(state, {"play": "blue1"})
    assert state.waiting_seats == ("Ana", "Ben")
    state = apply(state, {"play": "blue2"})
    assert state.waiting_seats == ("Ben",)
    state = apply(state, {"play": "blue3"})
    assert state.waiting_seats == ()
