"""Tile geometry: sides and rotations (seed 003, 'Placing the Spirit tile')."""

from games.rules.spirits.shapes import mirror, normalise, orientations, rotate


def test_normalise_translates_to_origin() -> None:
    """Shapes are compared after translation to the top-left corner."""
    assert normalise([(3, 4), (3, 5)]) == ((0, 0), (0, 1))


def test_rotate_and_mirror() -> None:
    """Any rotation; the back side of a tile is its mirror image."""
    assert rotate([(0, 0), (0, 1)]) == ((0, 0), (1, 0))
    assert mirror([(0, 0), (1, 0), (1, 1)]) == ((0, 1), (1, 0), (1, 1))


def test_orientations_are_distinct() -> None:
    """Seed 003: "you can place it on the side of your choice, front or back", any rotation."""
    assert len(orientations([(0, 0)], [(0, 0)])) == 1
    assert (
        len(
            orientations([(0, 0), (0, 1), (0, 2), (1, 2)], mirror([(0, 0), (0, 1), (0, 2), (1, 2)]))
        )
        == 8
    )
