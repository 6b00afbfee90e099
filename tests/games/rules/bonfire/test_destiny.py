"""B1 — placing a Destiny tile (seed 000, p. 7)."""

from __future__ import annotations

import pytest

from games.rules.bonfire import Counts, IllegalMove, matching_area_bonus

from .factories import game, play


def place(end: str, cell: list[int]) -> dict[str, object]:
    return {"kind": "place_destiny", "end": end, "cell": cell}


def test_top_tile_next_to_start_gains_its_three_action_tiles() -> None:
    """Seed 000, p. 7: take the tile "from the top ... of your supply", place it orthogonally
    adjacent to a placed tile and "gain the three Action tiles shown on that Destiny tile"."""
    state = play(game(destiny_supply=["d2", "d1"]), place("top", [1, 2]))
    ana = state.player("Ana")
    assert ana.destiny_supply == ("d1",)
    assert dict(ana.destiny)[(1, 2)] == "d2"
    assert ana.tiles == Counts.of({"green": 2, "red": 1})


def test_bottom_tile() -> None:
    """Seed 000, p. 7: "from the top or the bottom of your supply"."""
    state = play(game(destiny_supply=["d2", "d1", "d3"]), place("bottom", [2, 1]))
    assert state.player("Ana").destiny_supply == ("d2", "d1")
    assert dict(state.player("Ana").destiny)[(2, 1)] == "d3"


def test_diagonal_is_not_adjacent() -> None:
    """Seed 000, p. 7: "orthogonally adjacent to at least one tile already placed"."""
    before = game(destiny_supply=["d2"])
    with pytest.raises(IllegalMove) as error:
        play(before, place("top", [0, 0]))
    assert error.value.code == "not-adjacent"
    assert (
        error.value.message == "[0, 0] is not orthogonally next to a placed Destiny tile (B1, p. 7)"
    )
    assert error.value.rule == "B1"


def test_beyond_the_area() -> None:
    """Seed 000, p. 7: "without going beyond the limits of the Destiny Area"."""
    state = play(game(destiny_supply=["d2", "d2"]), place("top", [1, 2]))
    with pytest.raises(IllegalMove) as error:
        play(state, place("top", [1, 3]))
    assert (error.value.code, error.value.message) == (
        "off-area",
        "[1, 3] is outside the Destiny Area (B1, p. 7)",
    )


def test_covering_a_tile() -> None:
    """Seed 000, p. 7: "without covering another tile"."""
    with pytest.raises(IllegalMove) as error:
        play(game(destiny_supply=["d2"]), place("top", [1, 1]))
    assert (error.value.code, error.value.message) == (
        "overlap",
        "[1, 1] already holds Destiny tile d0 (B1, p. 7)",
    )


def test_empty_supply() -> None:
    with pytest.raises(IllegalMove) as error:
        play(game(), place("top", [1, 2]))
    assert error.value.code == "no-destiny-tile"


def test_gold_symbol_gives_its_object() -> None:
    """Seed 000, p. 7: "and any object shown when you cover a gold or yellow symbol"."""
    ana = play(game(destiny_supply=["d2"]), place("top", [0, 1])).player("Ana")
    assert (ana.tokens, ana.resources) == (1, Counts.of({"wood": 1}))


def test_matching_symbol_next_to_an_area_gains_one_more_tile() -> None:
    """Seed 000, p. 7: "plus additional tiles for any matching symbols adjacent to connected
    areas" — our reading: one Action tile of the symbol's colour per matching area touched."""
    ana = play(game(destiny_supply=["d1"]), place("top", [1, 0])).player("Ana")
    assert ana.tiles == Counts.of({"blue": 2, "green": 1, "red": 1})


def test_no_bonus_for_another_symbol() -> None:
    """Seed 000, p. 7 (our reading): d2's blue symbol matches no area next to it."""
    ana = play(game(destiny_supply=["d2"]), place("top", [1, 0])).player("Ana")
    assert ana.tiles.get("blue") == 0


def test_matching_area_bonus_counts_areas_not_sides() -> None:
    """Our reading of seed 000, p. 7: a tile joining two separate red areas gains two; one area
    touched on two sides gains one."""
    two_areas = {(0, 0): "red", (0, 2): "red"}
    assert matching_area_bonus(two_areas, (0, 1), "red") == Counts.of({"red": 2})
    one_area = {(0, 0): "red", (1, 0): "red", (1, 1): "red", (0, 2): "blue"}
    assert matching_area_bonus(one_area, (0, 1), "red") == Counts.of({"red": 1})
    assert matching_area_bonus(one_area, (0, 1), "blue") == Counts.of({"blue": 1})
    assert matching_area_bonus(one_area, (2, 2), "red") == Counts()


def test_bad_end_or_cell_is_a_bad_move() -> None:
    state = game(destiny_supply=["d2"])
    for move in (place("middle", [1, 2]), place("top", [1]), place("top", "1,2")):
        with pytest.raises(IllegalMove) as error:
            play(state, move)
        assert error.value.code == "bad-move"
