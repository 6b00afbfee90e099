"""The nightly recompute of every adventure and group at once, on PostgreSQL (the fast path).

The portable path (``aggregates.compute_stream``, ``heatmaps.refresh``) computes one scope kind at
a time with a query per statistic and rewrites every tally and heatmap row. Here each fact table
is read once for adventures and groups together (``GROUPING SETS``) into temporary tables; the
tallies and heatmaps are compared with what is stored, in the database, and only the rows that
changed are written (``sync``): writing rows, with their indexes and WAL, cost more than computing
them. One query packs each statistic of a scope into one value, so Python reads one row per scope
and builds its document with the portable path's own functions (``aggregates.*_part``,
``aggregates.finish``). The colours per round and the heatmaps, half of the database's work, are
computed meanwhile on connections of their own (``alongside``). Tests check that both paths store
the same rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from itertools import islice
from queue import Full, Queue
from threading import Event
from typing import Any

import orjson
from django.db import connection, transaction

from campaign.models import Adventure, AttemptStatus, MissionAttempt, MoonPathBox, OpenedEnvelope
from stats import aggregates, heatmaps
from stats.models import (
    CellCounts,
    CoverageFact,
    FactTally,
    MissionTally,
    PlayerFact,
    Scope,
    StatsSnapshot,
    TrickFact,
)

SCOPES = (Scope.ADVENTURE, Scope.GROUP)  # scope_kind 0 and 1 in the queries below


def supported() -> bool:
    return connection.vendor == "postgresql"


def table(model: Any) -> str:
    return str(model._meta.db_table)


def recompute_adventures_and_groups(*, version: int, alongside_rows: Iterator[ScopeRow]) -> None:
    """Tallies and snapshots of every adventure and group, in the caller's transaction.

    ``alongside_rows`` are the rows of ``scope_rows`` (read by ``alongside``, beside the heatmaps).
    """
    with connection.cursor() as cursor:
        # Joins as hash joins whatever the row estimates (temporary tables have no statistics,
        # the tallies' may be stale): a nested loop anti-join would rescan the table once per
        # fresh row, on an insert including the rows it added (measured: 11 s instead of 0.05 s).
        cursor.execute("SET LOCAL enable_nestloop = off")
        for sql in fresh_tables():
            cursor.execute(sql)
        sync(cursor, MissionTally, "fresh_mission_tally", ("adventure_id", "mission"), MISSION_SUMS)
        sync(cursor, FactTally, "fresh_fact_tally", FACT_TALLY_KEY, ("count", "extra"))
    store_snapshots(version=version, alongside_rows=alongside_rows)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {', '.join(FRESH)}")


MISSION_SUMS = ("group_id", "attempts", "successes", "rounds", "rounds_known", "minutes", "timed")
FACT_TALLY_KEY = ("adventure_id", "group_id", "kind", "round", '"key"', "flag")
FRESH = ("fresh_mission_tally", "fresh_trick_counts", "fresh_fact_tally")


def fresh_tables() -> list[str]:
    """SQL filling one temporary table per derived table, from one pass over each fact table.

    ``fresh_trick_counts`` holds the tricks of each adventure grouped two ways (winners, rounds).
    """
    tricks, attempts, adventures = table(TrickFact), table(MissionAttempt), table(Adventure)
    create = "CREATE TEMPORARY TABLE {} ON COMMIT DROP AS "
    return [
        f"DROP TABLE IF EXISTS {', '.join(FRESH)}",
        create.format("fresh_mission_tally")
        + "SELECT a.adventure_id, ad.group_id, a.mission, COUNT(*) AS attempts, "
        f"SUM(CASE WHEN a.status = '{AttemptStatus.SUCCESS}' THEN 1 ELSE 0 END) AS successes, "
        "SUM(a.rounds_played) AS rounds, COUNT(a.rounds_played) AS rounds_known, "
        "SUM(a.duration_minutes) AS minutes, COUNT(a.duration_minutes) AS timed "
        f"FROM {attempts} a JOIN {adventures} ad ON ad.id = a.adventure_id "
        f"WHERE a.status <> '{AttemptStatus.OPEN}' GROUP BY a.adventure_id, ad.group_id, a.mission",
        create.format("fresh_trick_counts")
        + "SELECT CASE WHEN GROUPING(round) = 0 THEN 'leader' ELSE 'won' END AS kind, "
        "adventure_id, group_id, round, winner, winner_is_automa, COUNT(*) AS tricks, "
        "SUM(CASE WHEN leader_changed THEN 1 ELSE 0 END) AS changes "
        f"FROM {tricks} GROUP BY GROUPING SETS "
        "((adventure_id, group_id, winner, winner_is_automa), (adventure_id, group_id, round))",
        # The rows ``aggregates.refresh_fact_tallies`` writes.
        create.format("fresh_fact_tally")
        + "SELECT adventure_id, group_id, 'won'::text AS kind, 0 AS round, winner AS \"key\", "
        "winner_is_automa AS flag, tricks AS count, 0 AS extra "
        "FROM fresh_trick_counts WHERE kind = 'won' "
        "UNION ALL SELECT adventure_id, group_id, 'leader', round, '', FALSE, tricks, changes "
        "FROM fresh_trick_counts WHERE kind = 'leader' "
        "UNION ALL SELECT adventure_id, group_id, 'player', 0, player, FALSE, COUNT(*), "
        f"SUM(CASE WHEN success THEN 1 ELSE 0 END) FROM {table(PlayerFact)} "
        "GROUP BY adventure_id, group_id, player",
    ]


ScopeRow = tuple[Any, ...]  # scope_kind, scope_key, then the statistics of ``SCOPE_ROWS``


@contextmanager
def alongside() -> Iterator[Iterator[ScopeRow]]:
    """The statistics that need no tally, and every heatmap, on connections of their own.

    Yields the rows of ``scope_rows`` (colours per round, failures, rounds played, envelopes,
    Moon Path) for the block to read as they come. They read only facts and campaign rows and
    the heatmaps write only ``CellCounts``, so two more connections compute them beside the
    tallies and the documents, on the other core: they were most of a recompute's database time.
    (On one connection the heatmaps waited for the block to read the last rows.) In the caller's
    transaction (tests) another connection would not see its rows: they are then read on the same
    connection and the heatmaps refreshed after the block. The heatmaps commit on their own either
    way, like each recompute step.
    """
    if connection.in_atomic_block:
        yield scope_rows()
        refresh_heatmaps()
        return
    feed = Feed()

    def heatmaps_once_rows_are_grouped() -> None:
        feed.first_rows.wait()  # not three connections at work on two cores at the start
        refresh_heatmaps()

    with ThreadPoolExecutor(max_workers=2) as pool:
        rows_done = pool.submit(on_own_connection, lambda: feed.fill(scope_rows))
        heatmaps_done = pool.submit(on_own_connection, heatmaps_once_rows_are_grouped)
        try:
            yield iter(feed)
        finally:
            feed.close()
            rows_done.result()
            heatmaps_done.result()


class Feed:
    """Rows handed from a producing thread to the consuming one, a few chunks at a time."""

    END = None
    CHUNK = 500

    def __init__(self) -> None:
        self.queue: Queue[list[Any] | BaseException | None] = Queue(maxsize=4)
        self.closed = Event()
        self.first_rows = Event()  # the query has done its grouping (or failed)

    def fill(self, rows: Callable[[], Iterator[Any]]) -> None:
        """In the producing thread: ``rows()`` in one transaction, then the end (or the error)."""
        try:
            with transaction.atomic():
                aggregates.tune_for_aggregates()
                source = rows()
                while chunk := list(islice(source, self.CHUNK)):
                    self.first_rows.set()
                    if not self.put(chunk):
                        return  # the consumer stopped
        except BaseException as error:
            self.put(error)
            raise
        finally:
            self.first_rows.set()
        self.put(self.END)

    def put(self, item: list[Any] | BaseException | None) -> bool:
        while not self.closed.is_set():
            try:
                self.queue.put(item, timeout=0.1)
                return True
            except Full:
                continue
        return False

    def __iter__(self) -> Iterator[Any]:
        while (item := self.queue.get()) is not self.END:
            if isinstance(item, BaseException):
                raise RuntimeError("the other connection failed") from item
            yield from item

    def close(self) -> None:
        """Stop the producer, whether or not every row was read."""
        self.closed.set()


def scope_rows() -> Iterator[ScopeRow]:
    """Every adventure's, then every group's, statistics that need no tally (``SCOPE_ROWS``).

    The colours per round come from one pass over the tricks grouped four ways.
    """
    with connection.chunked_cursor() as cursor:
        cursor.execute(SCOPE_ROWS.format(**names()))
        while rows := cursor.fetchmany(aggregates.STREAM_CHUNK):
            yield from rows


SCOPE_ROWS = """
WITH universe AS (
    SELECT 0 AS scope_kind, id AS scope_key FROM {adventures}
    UNION ALL SELECT 1, id FROM {groups}
), finished AS MATERIALIZED (
    SELECT a.adventure_id, ad.group_id, a.number, a.status, a.failure_reason, a.rounds_played
    FROM {attempts} a JOIN {adventures} ad ON ad.id = a.adventure_id WHERE a.status <> '{open}'
), reasons AS (
    SELECT scope_kind, scope_key,
        json_agg(json_build_array(failure_reason, n) ORDER BY n DESC, failure_reason)::text
        AS reasons
    FROM (
        SELECT GROUPING(adventure_id) AS scope_kind,
            COALESCE(adventure_id, group_id) AS scope_key, failure_reason, COUNT(*) AS n
        FROM finished WHERE status = '{failure}'
        GROUP BY GROUPING SETS ((adventure_id, failure_reason), (group_id, failure_reason))
    ) rows GROUP BY scope_kind, scope_key
), rounds AS (
    SELECT scope_kind, scope_key,
        json_agg(json_build_array(rounds_played, status, n) ORDER BY rounds_played, status)::text
        AS rounds
    FROM (
        SELECT GROUPING(adventure_id) AS scope_kind,
            COALESCE(adventure_id, group_id) AS scope_key, rounds_played, status, COUNT(*) AS n
        FROM finished WHERE rounds_played IS NOT NULL
        GROUP BY GROUPING SETS ((adventure_id, rounds_played, status),
                                (group_id, rounds_played, status))
    ) rows GROUP BY scope_kind, scope_key
), colours AS (
    SELECT scope_kind, scope_key,
        json_agg(json_build_array(round, colour, n)) FILTER (WHERE kind = 'trumps')::text
        AS trumps,
        json_agg(json_build_array(round, colour, n)) FILTER (WHERE kind = 'decisions')::text
        AS decisions
    FROM (
        SELECT GROUPING(adventure_id) AS scope_kind, COALESCE(adventure_id, group_id) AS scope_key,
            CASE WHEN GROUPING(trump_colour) = 0 THEN 'trumps' ELSE 'decisions' END AS kind, round,
            COALESCE(trump_colour, decision_colour) AS colour, COUNT(*) AS n
        FROM {tricks}
        GROUP BY GROUPING SETS ((adventure_id, round, trump_colour),
                                (adventure_id, round, decision_colour),
                                (group_id, round, trump_colour), (group_id, round, decision_colour))
    ) rows GROUP BY scope_kind, scope_key
), envelopes AS (
    SELECT scope_kind, scope_key,
        json_agg(json_build_array(played_on, n) ORDER BY played_on NULLS FIRST)::text
        AS envelopes
    FROM (
        SELECT GROUPING(e.adventure_id) AS scope_kind,
            COALESCE(e.adventure_id, ad.group_id) AS scope_key, a.played_on, COUNT(*) AS n
        FROM {envelopes} e JOIN {adventures} ad ON ad.id = e.adventure_id
        LEFT JOIN {attempts} a ON a.adventure_id = e.adventure_id AND a.number = e.by_attempt
        GROUP BY GROUPING SETS ((e.adventure_id, a.played_on), (ad.group_id, a.played_on))
    ) rows GROUP BY scope_kind, scope_key
), boxes AS (
    SELECT 0 AS scope_kind, adventure_id AS scope_key,
        array_agg(ARRAY[checked_by_attempt, n]) AS boxes
    FROM (
        SELECT adventure_id, checked_by_attempt, COUNT(*) AS n FROM {boxes}
        WHERE checked_by_attempt IS NOT NULL GROUP BY adventure_id, checked_by_attempt
    ) rows GROUP BY adventure_id
), progress AS (
    SELECT 0 AS scope_kind, adventure_id AS scope_key, MAX(number) AS last,
        array_agg(number) FILTER (WHERE status = '{success}') AS successes
    FROM finished GROUP BY adventure_id
), moon AS (
    SELECT 1 AS scope_kind, ad.group_id AS scope_key,
        json_agg(json_build_array(ad.id, ad.name, COALESCE(checked.n, 0),
            COALESCE(completed.n, 0)) ORDER BY ad.created_at, ad.id)::text AS moon
    FROM {adventures} ad
    LEFT JOIN (
        SELECT adventure_id, COUNT(*) AS n FROM {boxes}
        WHERE checked_by_attempt IS NOT NULL GROUP BY adventure_id
    ) checked ON checked.adventure_id = ad.id
    LEFT JOIN (
        SELECT adventure_id, COUNT(*) AS n FROM finished WHERE status = '{success}'
        GROUP BY adventure_id
    ) completed ON completed.adventure_id = ad.id
    GROUP BY ad.group_id
)
SELECT scope_kind, scope_key, reasons, rounds, trumps, decisions, envelopes, boxes, last,
    successes, moon
FROM universe
LEFT JOIN reasons USING (scope_kind, scope_key) LEFT JOIN rounds USING (scope_kind, scope_key)
LEFT JOIN colours USING (scope_kind, scope_key) LEFT JOIN envelopes USING (scope_kind, scope_key)
LEFT JOIN boxes USING (scope_kind, scope_key) LEFT JOIN progress USING (scope_kind, scope_key)
LEFT JOIN moon USING (scope_kind, scope_key)
ORDER BY scope_kind, scope_key
"""


def on_own_connection(work: Callable[[], Any]) -> None:
    """``work`` on this thread's own connection, closed afterwards."""
    try:
        work()
    finally:
        connection.close()


@transaction.atomic
def refresh_heatmaps() -> None:
    """Every adventure's and group's ``CellCounts`` rows, written where they changed."""
    aggregates.tune_for_aggregates()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_nestloop = off")  # see recompute_adventures_and_groups
        cursor.execute("DROP TABLE IF EXISTS fresh_cell_counts")
        cursor.execute(
            f"CREATE TEMPORARY TABLE fresh_cell_counts ON COMMIT DROP AS {heatmap_rows()}"
        )
        sync(cursor, CellCounts, "fresh_cell_counts", ("scope", "scope_id", "mission"), ("counts",))
        cursor.execute("DROP TABLE fresh_cell_counts")


def heatmap_rows() -> str:
    """The ``CellCounts`` rows of every adventure and group, as ``heatmaps.refresh`` writes them."""
    return (
        "SELECT CASE WHEN scope_kind = 0 THEN %s ELSE %s END AS scope, scope_key AS scope_id, "
        f"COALESCE(mission, {heatmaps.OVERALL}) AS mission, "
        f"{heatmaps.counts_json(pairs=True)} AS counts "
        "FROM (SELECT GROUPING(adventure_id) AS scope_kind, "
        "COALESCE(adventure_id, group_id) AS scope_key, mission, "
        f"{', '.join(heatmaps.pair_sums())} FROM {table(CoverageFact)} "
        "WHERE (cover0 <> 0 OR cover1 <> 0 OR cover2 <> 0) GROUP BY GROUPING SETS "
        "((adventure_id, mission), (adventure_id), (group_id, mission), (group_id))) packed"
    ) % (f"'{Scope.ADVENTURE}'", f"'{Scope.GROUP}'")


def sync(cursor: Any, model: Any, fresh: str, keys: Sequence[str], values: Sequence[str]) -> None:
    """Make ``model``'s table hold the rows of ``fresh``, writing only the rows that differ.

    Rows with no identical fresh row are deleted, then fresh rows whose key is missing inserted.
    ``keys`` are never null (so they can be hash-joined), ``values`` may be.
    """
    name = table(model)
    same_key = " AND ".join(f"f.{k} = t.{k}" for k in keys)
    same_values = " AND ".join(f"f.{v} IS NOT DISTINCT FROM t.{v}" for v in values)
    columns = ", ".join((*keys, *values))
    cursor.execute(
        f"DELETE FROM {name} t WHERE NOT EXISTS "
        f"(SELECT 1 FROM {fresh} f WHERE {same_key} AND {same_values})"
    )
    cursor.execute(
        f"INSERT INTO {name} ({columns}) SELECT {columns} FROM {fresh} f "
        f"WHERE NOT EXISTS (SELECT 1 FROM {name} t WHERE {same_key})"
    )


# One row per adventure (scope_kind 0) and group (1), in that order, with each statistic's rows
# of the scope packed into one value: a two-dimensional bigint array when they hold only numbers
# (read without any parsing in Python), JSON text otherwise. ``snapshot_data`` hands them to the
# builders in ``aggregates.compute_stream``'s order of statistics (the order of the stored keys).
SNAPSHOT_ROWS = """
WITH universe AS (
    SELECT 0 AS scope_kind, id AS scope_key FROM {adventures}
    UNION ALL SELECT 1, id FROM {groups}
), missions AS (
    SELECT scope_kind, scope_key, array_agg(ARRAY[mission, attempts, successes, rounds,
        rounds_known, minutes, timed, adventures] ORDER BY mission) AS missions
    FROM (
        SELECT 0 AS scope_kind, adventure_id AS scope_key, mission, attempts, successes, rounds,
            rounds_known, minutes, timed, 1 AS adventures
        FROM fresh_mission_tally
        UNION ALL SELECT 1, group_id, mission, SUM(attempts)::bigint, SUM(successes)::bigint,
            SUM(rounds)::bigint, SUM(rounds_known)::bigint, SUM(minutes)::bigint,
            SUM(timed)::bigint, COUNT(*)
        FROM fresh_mission_tally GROUP BY group_id, mission
    ) rows GROUP BY scope_kind, scope_key
), tallies AS (
    SELECT scope_kind, scope_key,
        json_agg(json_build_array("key", flag, n) ORDER BY n DESC, "key")
            FILTER (WHERE kind = 'won')::text AS won,
        array_agg(ARRAY[round, n, extra] ORDER BY round) FILTER (WHERE kind = 'leader')
            AS leader,
        json_agg(json_build_array("key", n, extra) ORDER BY n DESC, "key")
            FILTER (WHERE kind = 'player')::text AS players
    FROM (
        SELECT GROUPING(adventure_id) AS scope_kind,
            COALESCE(adventure_id, group_id) AS scope_key, kind, round, "key", flag,
            SUM(count)::bigint AS n, SUM(extra)::bigint AS extra
        FROM fresh_fact_tally GROUP BY GROUPING SETS ((adventure_id, kind, round, "key", flag),
                                                      (group_id, kind, round, "key", flag))
    ) rows GROUP BY scope_kind, scope_key
)
SELECT scope_kind, scope_key, missions, won, leader, players
FROM universe
LEFT JOIN missions USING (scope_kind, scope_key) LEFT JOIN tallies USING (scope_kind, scope_key)
ORDER BY scope_kind, scope_key
"""


def names() -> dict[str, str]:
    """The tables and values the queries above name."""
    from groups.models import Group

    tables = {"adventures": Adventure, "groups": Group, "attempts": MissionAttempt,
              "envelopes": OpenedEnvelope, "boxes": MoonPathBox, "tricks": TrickFact}  # fmt: skip
    return {**{name: table(model) for name, model in tables.items()},
            "open": AttemptStatus.OPEN, "success": AttemptStatus.SUCCESS,
            "failure": AttemptStatus.FAILURE}  # fmt: skip


def store_snapshots(*, version: int, alongside_rows: Iterator[ScopeRow]) -> None:
    """Compute every adventure's and group's snapshot and upsert them all in one statement.

    The rows of ``SNAPSHOT_ROWS`` and ``alongside_rows``, both in scope order, are merged scope by
    scope. The documents are copied (``COPY``) into a temporary table a batch at a time, between
    the reads of the server-side cursors, then upserted at once: a statement per row cost more
    than computing the numbers (measured: 0.5 s for 3,000 rows against 0.1 s).
    """
    field = StatsSnapshot._meta.get_field("data")
    other = next(alongside_rows, None)
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE fresh_snapshots "
            "(scope varchar(10), scope_id bigint, data text) ON COMMIT DROP"
        )
        with connection.chunked_cursor() as rows_cursor:
            rows_cursor.execute(SNAPSHOT_ROWS.format(**names()))
            while rows := rows_cursor.fetchmany(Feed.CHUNK):
                documents = []
                for scope_kind, scope_key, *parts in rows:
                    # A scope created since the other connection read would have no row there.
                    while other is not None and (other[0], other[1]) < (scope_kind, scope_key):
                        other = next(alongside_rows, None)
                    others: Sequence[Any] = (None,) * len(SCOPE_COLUMNS)
                    if other is not None and (other[0], other[1]) == (scope_kind, scope_key):
                        others = other[2:]
                    scope = SCOPES[scope_kind]
                    data = snapshot_data(scope, parts, others)
                    text = field.get_prep_value(aggregates.finish(scope, data))
                    documents.append((scope, scope_key, text))
                with cursor.cursor.copy("COPY fresh_snapshots FROM STDIN") as copy:
                    for document in documents:
                        copy.write_row(document)
        for _rest in alongside_rows:  # to the end, so that the other connection finishes
            pass
        cursor.execute(
            f"INSERT INTO {table(StatsSnapshot)} (scope, scope_id, data, computed_at, "
            "source_version) SELECT scope, scope_id, data, STATEMENT_TIMESTAMP(), %s "
            "FROM fresh_snapshots ON CONFLICT (scope, scope_id) DO UPDATE SET "
            "data = EXCLUDED.data, computed_at = EXCLUDED.computed_at, "
            "source_version = EXCLUDED.source_version",
            [version],
        )
        cursor.execute("DROP TABLE fresh_snapshots")


SCOPE_COLUMNS = ("reasons", "rounds", "trumps", "decisions", "envelopes", "boxes", "last",
                 "successes", "moon")  # fmt: skip


def snapshot_data(scope: str, parts: Sequence[Any], others: Sequence[Any]) -> aggregates.Data:
    """A scope's statistics before ``finish``, in ``compute_stream``'s order (absent: left out).

    ``parts`` are the columns of ``SNAPSHOT_ROWS``, ``others`` those of ``SCOPE_ROWS``; numbers
    only come as arrays, the rest as JSON text.
    """
    missions, won, leader, players = parts
    reasons, rounds, trumps, decisions, envelopes, boxes, last, successes, moon = others
    data: aggregates.Data = {}
    for packed, part in (
        (missions, aggregates.missions_part),
        (reasons, aggregates.failure_reasons_part),
        (rounds, aggregates.rounds_part),
        (trumps, lambda rows: aggregates.colours_part("trumps", rows)),
        (decisions, lambda rows: aggregates.colours_part("decisions", rows)),
        (won, aggregates.tricks_won_part),
        (leader, aggregates.leader_changes_part),
        (players, aggregates.participation_part),
        (envelopes, aggregates.envelopes_part),
        (moon, aggregates.moon_by_adventure_part),
    ):
        if packed is not None:
            data.update(part(orjson.loads(packed) if isinstance(packed, str) else packed))
    if scope == Scope.ADVENTURE:
        if boxes is not None:
            data["_boxes"] = dict(boxes)
        if last is not None:
            data["_last"] = last
        if successes is not None:
            data["_successes"] = set(successes)
    return data
