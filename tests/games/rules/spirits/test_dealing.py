"""Digital dealing with an explicit seed."""

import pytest

from games.rules.spirits import SetupError, new_game, setup_to_dict
from games.rules.spirits.dealing import default_hand_size

from .factories import scenario, two_player


def test_deal_is_reproducible() -> None:
    """The same seed deals the same hands; the Automa gets 6 face-down and 4 face-up cards
    (seed 003, '2-player game: the Automa')."""
    data = two_player(deal=True)
    del data["hands"]
    first, again, other = new_game(data, seed=5), new_game(data, seed=5), new_game(data, seed=6)
    assert first == again
    assert first.hands != other.hands
    assert first.deck_count == 6
    assert len(first.river) == 4
    assert first.hands is not None
    assert all(len(hand) == 7 for hand in first.hands)


def test_hand_size_and_shortage() -> None:
    """A hand size may be set; dealing more cards than exist is a setup error."""
    assert default_hand_size(new_game(scenario()).setup) == 7
    state = new_game(scenario(deal=True, hand_size=2), seed=1)
    assert [len(h) for h in state.hands or ()] == [2, 2, 2]
    with pytest.raises(SetupError):
        new_game(scenario(deal=True, hand_size=11), seed=1)


def test_setup_keeps_deal_fields() -> None:
    """Optional setup fields survive the round trip."""
    setup = new_game(scenario(hand_size=3)).setup
    assert setup_to_dict(setup)["hand_size"] == 3
    data = scenario(deal=True)
    from games.rules.spirits import setup_from_dict

    assert setup_to_dict(setup_from_dict(data))["deal"] is True
