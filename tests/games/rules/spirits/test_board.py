"""The board's parts."""

from games.rules.spirits.board import ColouredEdge


def test_coloured_edge_outside_cell() -> None:
    """Seed 003, 'Mission tile constraints': a tile placed against an edge covers the cell
    across it."""
    assert ColouredEdge((5, 5), "N", "red").outside == (4, 5)
    assert ColouredEdge((5, 5), "E", "red").outside == (5, 6)
    assert ColouredEdge((5, 5), "S", "red").outside == (6, 5)
    assert ColouredEdge((5, 5), "W", "red").outside == (5, 4)
