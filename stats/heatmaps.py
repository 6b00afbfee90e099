"""Board heatmaps: covered-cell counts per scope and mission, aggregated by the database itself.

Each finished attempt has one ``CoverageFact`` row, its final board as a 144-bit mask in three
48-bit integer columns (see that model for the reading of "covered"). One ``INSERT … SELECT …
GROUP BY`` per scope kind (``ROLLUP (mission)`` adds the "all missions" rows on PostgreSQL; a
second statement does on SQLite) turns those rows into one ``CellCounts`` row per scope and
mission: cell ``k``'s count is ``SUM((cover >> k) & 1)``, the sums taken three cells per
aggregate (``packed_sums``) and stored as JSON text as they are (``counts_json``: text
concatenation; the bit arithmetic is portable SQL), unpacked by ``grid`` when a page reads them.
The statement reads one row per attempt (not one per covered cell), and Python never sees a fact
row; a page reads a scope's heatmaps with one query (``for_scope``). On PostgreSQL the nightly
recompute builds every adventure's and group's rows in one statement (``stats.bulk``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db import connection

from stats.facts import MASK_BITS
from stats.models import CellCounts, CoverageFact, Scope

CELLS = 144
OVERALL = 0

FACT_KEY = {Scope.ADVENTURE: "adventure_id", Scope.GROUP: "group_id"}


# Three cells per sum: bits k, k+1, k+2 of a cover column spread into 21-bit fields (bits 0, 21
# and 42) by one multiplication (the three shifted copies of a 3-bit value never overlap, so no
# carries) and a mask; each field then sums one cell's bit. A field holds up to 2**21 - 1, so the
# counts are exact for fewer than 2,097,152 attempts in one scope and mission.
PACK = 3
FIELD = 21
SPREAD = sum(1 << (i * (FIELD - 1)) for i in range(PACK))  # 1 + 2**20 + 2**40
FIELDS = sum(1 << (i * FIELD) for i in range(PACK))  # bits 0, 21 and 42
FIELD_MASK = (1 << FIELD) - 1


def packed_sums() -> list[str]:
    """The ``SUM`` expressions of the cells, in cell order, that ``counts_json`` reads.

    One aggregate per three cells instead of one per cell: the aggregate transitions, not the
    bit arithmetic, were the cost (measured: 1.25 s to 0.33 s for every adventure and mission).
    The sums stay 64-bit integers (below ``2**63``), on PostgreSQL and SQLite alike.
    """
    return [
        f"CAST(SUM(((cover{first // MASK_BITS} >> {first % MASK_BITS}) & 7) * {SPREAD} "
        f"& {FIELDS}) AS BIGINT) AS s{first // PACK}"
        for first in range(0, CELLS, PACK)
    ]


PAIR_SPREAD = 1 + (1 << (FIELD - 1))  # bits k, k+1 to bits 0 and 21
PAIR_FIELDS = 1 + (1 << FIELD)


def pair_sums() -> list[str]:
    """The 72 ``SUM`` expressions of two cells each (``p0`` holds cells 0-1, …), on PostgreSQL.

    Two 21-bit fields fit a 32-bit integer, whose ``SUM`` PostgreSQL keeps in a plain 64-bit
    integer, where a 64-bit one's takes a 128-bit state and a ``numeric`` result: 72 of them cost
    less than 48 (measured: 0.31 s against 0.42 s for every adventure and group), though the
    longer statement takes longer to plan, which a few rows do not repay: the nightly recompute
    uses them (``stats.bulk``), a single scope's refresh does not. ``counts_json(pairs=True)``
    turns them back into the stored three cells per number.
    """
    return [
        f"SUM((((cover{first // MASK_BITS} >> {first % MASK_BITS}) & 3) * {PAIR_SPREAD} "
        f"& {PAIR_FIELDS})::integer) AS p{first // 2}"
        for first in range(0, CELLS, 2)
    ]


def repacked(number: int) -> str:
    """The SQL of packed sum ``number`` (cells ``3 × number`` to ``+ 2``) from the pair sums."""
    pair = 3 * number // 2
    if number % 2 == 0:  # both cells of one pair, then the first cell of the next
        return f"(p{pair} | ((p{pair + 1} & {FIELD_MASK}) << {2 * FIELD}))"
    return f"((p{pair} >> {FIELD}) | (p{pair + 1} << {FIELD}))"  # second cell of one, the next two


def counts_json(*, pairs: bool = False) -> str:
    """The SQL building the stored JSON text of a row of packed sums: ``{"packed": [s0, …]}``.

    The 48 sums are stored as they are and unpacked when a page reads them (``grid``): unpacking
    144 counts per row in SQL cost nearly as much as summing them (measured: 1.0 s to 0.57 s for
    every adventure, by mission and overall). ``counts`` is text, not ``jsonb``, for the same
    reason: the database writes it without parsing the numbers. ``pairs``: from ``pair_sums``.
    """
    sums = [f"s{index}" for index in range(CELLS // PACK)]
    if pairs:
        sums = [repacked(index) for index in range(CELLS // PACK)]
    if connection.vendor == "postgresql":  # concat_ws: a third cheaper than array_to_json
        return f"""'{{"packed":[' || concat_ws(',', {", ".join(sums)}) || ']}}'"""
    if connection.vendor == "sqlite":
        return """'{"packed":[' || """ + " || ',' || ".join(sums) + " || ']}'"
    raise NotImplementedError(f"heatmaps on {connection.vendor}")


def unpack(packed: list[int]) -> list[int]:
    """The 144 counts, cell order, of the 48 packed sums."""
    return [
        (int(packed[cell // PACK]) >> (FIELD * (cell % PACK))) & FIELD_MASK for cell in range(CELLS)
    ]


def refresh(scope: str, ids: Sequence[int] | None = None) -> None:
    """Rebuild the heatmaps of ``ids`` (every scope of that kind when ``None``) from the facts.

    Attempts whose final board has no Spirit tile are left out, so a scope or mission without
    any covered cell has no row (and ``for_scope`` shows zeros), as before.
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
    counts, sums = counts_json(), ", ".join(packed_sums())
    if connection.vendor == "postgresql":
        # One pass for both: per mission and, rolled up, all missions (mission NULL).
        groupings = [(f"COALESCE(mission, {OVERALL})", f"{key}, ROLLUP (mission)")]
    else:
        groupings = [("mission", f"{key}, mission"), (str(OVERALL), key)]
    with connection.cursor() as cursor:
        for mission, group in groupings:
            cursor.execute(
                f"INSERT INTO {CellCounts._meta.db_table} (scope, scope_id, mission, counts) "
                f"SELECT %s, scope_key, {mission}, {counts} FROM ("
                f"SELECT {key} AS scope_key, {'mission' if mission != str(OVERALL) else 'NULL'} "
                f"AS mission, {sums} "
                f"FROM {CoverageFact._meta.db_table} {where} GROUP BY {group}) packed",
                [scope, *params],
            )


def grid(counts: str | list[int] | dict[str, Any]) -> list[int]:
    """The 144 counts of a stored row: JSON text of the packed sums (``counts_json``), or, as
    older rows hold, a list of the 144 counts or a map of the covered cells to their counts."""
    if isinstance(counts, str):
        counts = json.loads(counts) if counts else []
    if isinstance(counts, dict) and "packed" in counts:
        return unpack(counts["packed"])
    if isinstance(counts, list):
        return [int(count) for count in counts[:CELLS]] + [0] * (CELLS - len(counts))
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
