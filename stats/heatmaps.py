"""Board heatmaps: covered-cell counts per scope and mission, aggregated by the database itself.

One ``INSERT … SELECT … GROUP BY`` per scope kind turns the covered-cell facts (one row per cell,
millions of them) into one ``CellCounts`` row per scope and mission, its counts built as a JSON
object by the database (``json_object_agg`` on PostgreSQL, ``json_group_object`` on SQLite; the
rest of the statement is portable SQL). Python never sees a fact row; a page reads a scope's
heatmaps with one query (``for_scope``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection

from stats.models import CellCounts, CellFact, Scope

CELLS = 144
OVERALL = 0

FACT_KEY = {Scope.ADVENTURE: "adventure_id", Scope.GROUP: "group_id"}
OBJECT_AGG = {"postgresql": "json_object_agg(cell, n)", "sqlite": "json_group_object(cell, n)"}


def object_agg() -> str:
    try:
        return OBJECT_AGG[connection.vendor]
    except KeyError:
        raise NotImplementedError(f"heatmaps on {connection.vendor}") from None


def refresh(scope: str, ids: Sequence[int] | None = None) -> None:
    """Rebuild the heatmaps of ``ids`` (every scope of that kind when ``None``) from the facts."""
    key = FACT_KEY[Scope(scope)]
    stale = CellCounts.objects.filter(scope=scope)
    where, params = "", []
    if ids is not None:
        ids = list(ids)
        if not ids:
            return
        stale = stale.filter(scope_id__in=ids)
        where = f"WHERE {key} IN ({', '.join(['%s'] * len(ids))})"
        params = ids
    stale.delete()
    # ``cell`` is cast to text for the JSON keys: SQLite wants text labels, PostgreSQL does it too.
    per_cell = (
        f"SELECT {key} AS scope_id, {{mission}} AS mission, CAST(cell AS TEXT) AS cell, "
        f"COUNT(*) AS n FROM {CellFact._meta.db_table} {where} GROUP BY {key}, {{group}}"
    )
    with connection.cursor() as cursor:
        for mission, group in (("mission", "mission, cell"), (str(OVERALL), "cell")):
            cursor.execute(
                f"INSERT INTO {CellCounts._meta.db_table} (scope, scope_id, mission, counts) "
                f"SELECT %s, scope_id, mission, {object_agg()} "
                f"FROM ({per_cell.format(mission=mission, group=group)}) per_cell "
                "GROUP BY scope_id, mission",
                [scope, *params],
            )


def grid(counts: dict[str, int]) -> list[int]:
    """The 144 counts of a stored row, cells never covered as 0."""
    cells = [0] * CELLS
    for cell, count in counts.items():
        cells[int(cell)] = count
    return cells


def for_scope(scope: str, scope_id: int) -> tuple[list[int], dict[int, list[int]]]:
    """The overall heatmap and one per mission played (in mission order), in one query."""
    overall = [0] * CELLS
    missions: dict[int, list[int]] = {}
    rows = CellCounts.objects.filter(scope=scope, scope_id=scope_id).order_by("mission")
    for mission, counts in rows.values_list("mission", "counts"):
        if mission == OVERALL:
            overall = grid(counts)
        else:
            missions[mission] = grid(counts)
    return overall, missions
