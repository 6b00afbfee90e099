"""Spirit cards and their tiles (seed 003, 'Selecting the Spirit tile')."""

from games.rules.spirits.cards import Card, back_side


def test_back_defaults_to_mirror() -> None:
    """Our reading of 'Placing the Spirit tile': the back is the mirror image of the front."""
    card = Card("c", "red", 1, ((0, 0), (0, 1), (0, 2), (1, 2)))
    assert back_side(card) == ((0, 0), (0, 1), (0, 2), (1, 0))
    assert len(card.shapes) == 8


def test_back_given_by_card() -> None:
    """A card may print its own back side."""
    card = Card("c", "red", 1, ((0, 0), (0, 1)), back=((0, 0),))
    assert back_side(card) == ((0, 0),)
    assert ((0, 0),) in card.shapes
