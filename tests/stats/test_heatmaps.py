"""Heatmaps take the board size from the adventure's content pack (issue 10, item 4)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games.content.pack import Pack
from stats import facts, heatmaps, pages, services
from stats.charts import heatmap
from stats.models import CellCounts, CoverageFact, Scope
from tests.factories import AdventureFactory
from tests.stats.conftest import record_driven


@pytest.fixture
def ten_by_ten(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every content pack's board is 10 × 10."""
    monkeypatch.setattr(Pack, "board_size", property(lambda pack: 10))


def cover(attempt: Any, size: int, cells: list[int]) -> None:
    """The final board of ``attempt`` replaced by one of ``size`` × ``size`` covering ``cells``."""
    CoverageFact.objects.filter(attempt_id=attempt.pk).delete()
    mask = sum(1 << cell for cell in cells)
    CoverageFact.objects.create(
        attempt_id=attempt.pk,
        adventure_id=attempt.adventure_id,
        group_id=attempt.adventure.group_id,
        mission=attempt.mission,
        board_size=size,
        **facts.coverage_columns(mask),
    )


def test_facts_record_the_pack_s_board_size(db, played):
    services.drain_outbox()
    assert set(CoverageFact.objects.values_list("board_size", flat=True)) == {12}
    assert CoverageFact.objects.count() == 3


def test_a_final_board_of_another_size_than_the_pack_s_is_not_counted(db, played, ten_by_ten):
    """The engine states were played on 12 × 12 boards; the pack now says 10 × 10: their cells
    are not the pack's cells, so no final board is recorded (tricks and players still are)."""
    services.recompute(Scope.ADVENTURE, [played["adventure"].pk], force=True)
    assert not CoverageFact.objects.exists()
    assert facts.TrickFact.objects.exists()


def test_a_10_by_10_pack_gives_a_100_cell_heatmap_and_a_10_by_10_chart(
    db, client, played, ten_by_ten
):
    first, second, third = played["attempts"]
    cover(first, 10, [0, 99])
    cover(second, 10, [0, 55])
    cover(third, 10, [])  # no Spirit tile: left out
    heatmaps.refresh(Scope.ADVENTURE, [played["adventure"].pk])
    [board] = heatmaps.for_scope(Scope.ADVENTURE, played["adventure"].pk, [10])
    assert board.size == 10
    assert len(board.overall) == 100
    assert (board.overall[0], board.overall[55], board.overall[99], sum(board.overall)) == (
        2,
        1,
        1,
        4,
    )
    assert sorted(board.missions) == [1]
    [charts] = pages.heatmap_charts([board])
    assert len(charts.overall.rows) == 10
    assert all(len(row) == 11 for row in charts.overall.rows)  # the row number, 10 cells
    assert charts.overall.headers[1:] == [str(c) for c in range(10)]  # from 0, as the table

    client.force_login(played["user"])
    page = client.get(
        reverse("stats:adventure", args=[played["group"].pk, played["adventure"].pk])
    ).text
    assert "Row 9, column 9: 1" in page
    assert "Row 0, column 10" not in page
    assert "Row 10, column 0" not in page


def test_a_group_with_boards_of_two_sizes_has_one_heatmap_per_size(db, played):
    """Our choice (``heatmaps.refresh``): cells of different boards are never added up."""
    other = AdventureFactory(group=played["group"])
    small = record_driven(other, "failure", seed=4)
    services.drain_outbox()
    cover(small, 10, [99])
    heatmaps.refresh(Scope.GROUP, [played["group"].pk])
    boards = heatmaps.for_scope(Scope.GROUP, played["group"].pk, [12])
    assert [(b.size, len(b.overall)) for b in boards] == [(10, 100), (12, 144)]
    assert boards[0].overall[99] == 1
    assert sum(boards[0].overall) == 1
    assert set(CellCounts.objects.values_list("board_size", flat=True)) == {10, 12}
    titles = [charts.overall.title for charts in pages.heatmap_charts(boards)]
    assert titles == [
        "Board cells covered, all missions (10 × 10 board)",
        "Board cells covered, all missions (12 × 12 board)",
    ]


def test_a_chart_draws_the_size_it_is_given():
    chart = heatmap("Board", [1] * 100, size=10)
    assert len(chart.rows) == 10
    assert "Row 9, column 9: 1" in chart.svg
    assert "Row 10" not in chart.svg


def test_a_heatmap_numbers_cells_as_the_table_does_and_counts_in_words():
    """The table screen names a cell by its row and column from 0 (``Cell.r``, ``Cell.c``); the
    heatmap's cell (2, 3) is that cell, and "1 time" is singular."""
    counts = [0] * 16
    counts[2 * 4 + 3] = 1
    chart = heatmap("Board", counts, size=4)
    assert "Row 2, column 3: 1" in chart.svg
    assert chart.summary.endswith("most often row 2, column 3 (1 time).")
    assert chart.rows[2] == ["2", 0, 0, 0, 1]
    counts[2 * 4 + 3] = 2
    assert heatmap("Board", counts, size=4).summary.endswith("(2 times).")
