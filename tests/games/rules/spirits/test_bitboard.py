"""The grid as an int: masks, placements, neighbours."""

from games.rules.spirits.bitboard import cells_of, mask_of, neighbours, on_grid, placement_masks


def test_mask_round_trip() -> None:
    """Bit row * size + col is one cell."""
    assert cells_of(mask_of([(0, 0), (11, 11), (3, 4)], 12), 12) == ((0, 0), (3, 4), (11, 11))


def test_on_grid() -> None:
    """Seed 003: a tile cannot exceed the limits of the 12 × 12 grid."""
    assert on_grid((11, 11), 12)
    assert not on_grid((12, 0), 12)
    assert not on_grid((0, -1), 12)


def test_placement_masks_stay_on_grid() -> None:
    """A domino has 11 * 12 placements per orientation on a 12 × 12 grid."""
    masks = placement_masks((((0, 0), (0, 1)), ((0, 0), (1, 0))), 12)
    assert len(masks) == 2 * 11 * 12
    assert all(m < 1 << 144 for m in masks)


def test_neighbours_do_not_wrap() -> None:
    """Orthogonal neighbours inside the grid only, not wrapping between rows."""
    assert set(cells_of(neighbours(mask_of([(0, 11)], 12), 12), 12)) == {(0, 10), (1, 11)}
    assert set(cells_of(neighbours(mask_of([(5, 0)], 12), 12), 12)) == {(4, 0), (6, 0), (5, 1)}
