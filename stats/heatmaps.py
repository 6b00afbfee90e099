"""Board heatmaps: covered-cell counts per scope, mission and board size, summed by the database.

One ``INSERT … SELECT … GROUP BY`` per board size turns the ``CoverageFact`` rows (one per
attempt) into ``CellCounts`` rows: cell ``k``'s count is ``SUM((cover >> k) & 1)``, written as a
JSON list by text concatenation (portable SQL), so Python never sees a fact row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import connection

from stats.aggregates import FACT_KEY, in_clause, within
from stats.facts import MASK_BITS
from stats.models import CellCounts, CoverageFact, Scope

OVERALL = 0


@dataclass
class Board:
    """The heatmaps of one scope on boards of one size: over all missions, and per mission."""

    size: int
    overall: list[int]
    missions: dict[int, list[int]] = field(default_factory=dict)


def counts_json(size: int) -> str:
    """The SQL of the JSON list of the ``size × size`` cells' counts of ``CoverageFact`` rows.

    Each cell's bit is summed as a 32-bit integer: PostgreSQL sums 64-bit ones in a 128-bit
    state, which made the heatmaps of every adventure about twice as slow.
    """
    cells = range(size * size)
    bits = [f"(cover{cell // MASK_BITS} >> {cell % MASK_BITS}) & 1" for cell in cells]
    sums = [f"CAST(SUM(CAST({bit} AS INTEGER)) AS TEXT)" for bit in bits]
    return "'[' || " + " || ',' || ".join(sums) + " || ']'"


def refresh(scope: str, ids: Sequence[int] | None = None) -> None:
    """Rebuild the heatmaps of ``ids`` (every scope of that kind when ``None``) from the facts.

    One heatmap per board size: the same cell number on a 10 × 10 and a 12 × 12 board are
    different places. A scope or mission without any covered cell has no row (shown as zeros).
    """
    key = FACT_KEY[Scope(scope)]
    within(CellCounts.objects.filter(scope=scope), "scope_id", ids).delete()
    facts = within(CoverageFact.objects.all(), key, ids)
    restrict, params = in_clause("AND", key, ids)
    where = f"WHERE (cover0 <> 0 OR cover1 <> 0 OR cover2 <> 0) AND board_size = %s {restrict}"
    sizes = sorted(set(facts.values_list("board_size", flat=True).distinct()))
    with connection.cursor() as cursor:
        for size in sizes:
            per_mission, overall = (
                f"SELECT %s, {key}, {mission}, %s, {counts_json(size)} "
                f"FROM {CoverageFact._meta.db_table} {where} GROUP BY {group}"
                for mission, group in (("mission", f"{key}, mission"), (str(OVERALL), key))
            )
            cursor.execute(
                f"INSERT INTO {CellCounts._meta.db_table} "
                f"(scope, scope_id, mission, board_size, counts) {per_mission} UNION ALL {overall}",
                [scope, size, size, *params] * 2,
            )


def for_scope(scope: str, scope_id: int, sizes: Iterable[int]) -> list[Board]:
    """The scope's heatmaps, one ``Board`` per board size, in one query.

    ``sizes``: its packs' board sizes, shown (with zeros) before any attempt covered a cell.
    """
    boards = {size: Board(size, [0] * (size * size)) for size in sizes}
    rows = CellCounts.objects.filter(scope=scope, scope_id=scope_id).order_by("mission")
    for size, mission, counts in rows.values_list("board_size", "mission", "counts"):
        board = boards.setdefault(size, Board(size, [0] * (size * size)))
        if mission == OVERALL:
            board.overall = counts
        else:
            board.missions[mission] = counts
    return [boards[size] for size in sorted(boards)]
