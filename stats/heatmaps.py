"""Board heatmaps: covered-cell counts per scope and mission, aggregated by the database itself.

Each finished attempt has one ``CoverageFact`` row, its final board as a 144-bit mask in three
48-bit integer columns (see that model for the reading of "covered"). One ``INSERT … SELECT …
GROUP BY`` per scope kind, per mission and then over all missions, turns those rows into one
``CellCounts`` row per scope and mission: cell ``k``'s count is ``SUM((cover >> k) & 1)``, one
sum per cell, written as the JSON list of the 144 counts by text concatenation (portable SQL).
The statement reads one row per attempt (not one per covered cell), and Python never sees a fact
row; a page reads a scope's heatmaps with one query (``for_scope``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection

from stats.facts import MASK_BITS
from stats.models import CellCounts, CoverageFact, Scope

CELLS = 144
OVERALL = 0

FACT_KEY = {Scope.ADVENTURE: "adventure_id", Scope.GROUP: "group_id"}


def counts_json() -> str:
    """The SQL of the JSON list of the 144 cells' counts of a group of ``CoverageFact`` rows.

    Each cell's bit is summed as a 32-bit integer: PostgreSQL sums 64-bit ones in a 128-bit
    state, which made the heatmaps of every adventure about twice as slow.
    """
    bits = [f"(cover{cell // MASK_BITS} >> {cell % MASK_BITS}) & 1" for cell in range(CELLS)]
    sums = [f"CAST(SUM(CAST({bit} AS INTEGER)) AS TEXT)" for bit in bits]
    return "'[' || " + " || ',' || ".join(sums) + " || ']'"


def refresh(scope: str, ids: Sequence[int] | None = None) -> None:
    """Rebuild the heatmaps of ``ids`` (every scope of that kind when ``None``) from the facts.

    Attempts whose final board has no Spirit tile are left out, so a scope or mission without
    any covered cell has no row (and ``for_scope`` shows zeros).
    """
    key = FACT_KEY[Scope(scope)]
    stale = CellCounts.objects.filter(scope=scope)
    where, params = "WHERE (cover0 <> 0 OR cover1 <> 0 OR cover2 <> 0)", []
    if ids is not None:
        ids = list(ids)
        if not ids:
            return
        stale = stale.filter(scope_id__in=ids)
        where += f" AND {key} IN ({', '.join(['%s'] * len(ids))})"
        params = ids
    stale.delete()
    with connection.cursor() as cursor:
        for mission, group in (("mission", f"{key}, mission"), (str(OVERALL), key)):
            cursor.execute(
                f"INSERT INTO {CellCounts._meta.db_table} (scope, scope_id, mission, counts) "
                f"SELECT %s, {key}, {mission}, {counts_json()} "
                f"FROM {CoverageFact._meta.db_table} {where} GROUP BY {group}",
                [scope, *params],
            )


def for_scope(scope: str, scope_id: int) -> tuple[list[int], dict[int, list[int]]]:
    """The overall heatmap and one per mission played (in mission order), in one query."""
    overall = [0] * CELLS
    missions: dict[int, list[int]] = {}
    rows = CellCounts.objects.filter(scope=scope, scope_id=scope_id).order_by("mission")
    for mission, counts in rows.values_list("mission", "counts"):
        if mission == OVERALL:
            overall = counts
        else:
            missions[mission] = counts
    return overall, missions
