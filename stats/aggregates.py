"""Every statistic as a database ``GROUP BY``, for many scopes at once.

``compute_stream(scope, ids)`` runs a fixed number of grouped queries over the fact tables and
the campaign tables, each over every requested scope at once, grouped and ordered by the scope's
key (adventure, group, or one global key), and yields the JSON-ready statistics of each scope in
turn. Python only reshapes the grouped rows (a few per scope), it never loops over attempts or
tricks, and it holds one scope's rows at a time: the same code computes one adventure after a new
result and every adventure in the nightly recompute with flat memory. The heatmaps, the one
heavy statistic, are built by the database into their own table (``stats.heatmaps``).

Per-adventure tallies (``MissionTally``, ``FactTally``: ``refresh_tallies``, rewritten with the
adventures' statistics) hold the missions, tricks won, Leader changes and participation counted
per adventure; the adventures', groups' and global statistics are sums over those few rows, so
the attempts and fact tables are read once for them, not once per scope kind.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from heapq import merge
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db import connection
from django.db.models import (
    Count,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce

from campaign.models import AttemptStatus, MissionAttempt, MoonPathBox, OpenedEnvelope
from games.rules.spirits.campaign import FAILURE_REASONS
from stats.models import (
    GLOBAL_SCOPE_ID,
    FactTally,
    MissionTally,
    PlayerFact,
    Scope,
    TrickFact,
)

HARDEST = 5

# The column holding each scope's key: on the fact tables, on attempts, on campaign-derived rows.
FACT_KEY = {Scope.ADVENTURE: "adventure_id", Scope.GROUP: "group_id", Scope.GLOBAL: None}
ATTEMPT_KEY = {
    Scope.ADVENTURE: "adventure_id",
    Scope.GROUP: "adventure__group_id",
    Scope.GLOBAL: None,
}

Data = dict[str, Any]


def keyed(queryset: QuerySet[Any], field: str | None, ids: Sequence[int] | None) -> QuerySet[Any]:
    """``queryset`` restricted to ``ids`` and annotated with ``scope_key`` to group by."""
    if field is None:
        return queryset.annotate(scope_key=Value(0, output_field=IntegerField()))
    if ids is not None:
        queryset = queryset.filter(**{f"{field}__in": list(ids)})
    return queryset.annotate(scope_key=F(field))


def tune_for_aggregates() -> None:
    """On PostgreSQL, no JIT and more sort/hash memory for the rest of the transaction.

    The grouped queries over the fact tables cost enough for the planner to JIT-compile them,
    which takes longer than running them (measured: +50-200 ms per query, for nothing). With the
    default 4 MB, grouping every adventure's tricks by round and colour spilled to disk.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL jit = off")
            cursor.execute("SET LOCAL work_mem = '64MB'")


def rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def average(total: int | None, count: int) -> float | None:
    return round(total / count, 2) if total is not None and count else None


def finished_attempts() -> QuerySet[MissionAttempt]:
    return MissionAttempt.objects.exclude(status=AttemptStatus.OPEN)


STREAM_CHUNK = 5_000

Stream = Iterator[tuple[int, Data]]


def universe(scope: str, ids: Sequence[int] | None) -> Stream:
    """Every scope to compute, in key order, even those with no data yet."""
    from campaign.models import Adventure
    from groups.models import Group

    if scope == Scope.GLOBAL:
        yield GLOBAL_SCOPE_ID, {"_known": True}
        return
    if ids is not None:
        keys: Iterable[int] = sorted(set(ids))
    else:
        model = Adventure if scope == Scope.ADVENTURE else Group
        keys = model.objects.order_by("pk").values_list("pk", flat=True).iterator(STREAM_CHUNK)
    for key in keys:
        yield key, {"_known": True}


def per_scope(stream: bool, rows: QuerySet[Any], build: Any) -> Stream:
    """``build(rows of one scope)`` for each scope key of ``rows``, tuples ordered by their key.

    ``rows`` is a ``values_list`` whose first column is ``scope_key``; ``build`` gets the other
    columns. ``stream`` reads
    through a server-side cursor in chunks (flat memory over every scope); a few scopes' rows are
    read at once instead, saving the cursor's round trips.
    """
    source = rows.iterator(STREAM_CHUNK) if stream else iter(rows)
    for scope_key, group in groupby(source, key=itemgetter(0)):
        yield scope_key, build([row[1:] for row in group])


def compute_stream(scope: str, ids: Sequence[int] | None = None) -> Stream:
    """``(scope id, statistics)`` of each scope in ``ids`` (every scope when ``None``), in order.

    Each statistic is one grouped query over every scope at once, ordered by the scope key; the
    ordered results are merged scope by scope, so memory holds one scope's rows at a time however
    long the history is.
    """
    scope = Scope(scope)
    akey, fkey = ATTEMPT_KEY[scope], FACT_KEY[scope]
    if scope == Scope.GLOBAL:
        streams = [universe(scope, ids), global_missions()]
    else:
        streams = [universe(scope, ids), missions(fkey, ids)]
        streams += [
            failure_reasons(akey, ids),
            rounds_played(akey, ids),
            by_round("trumps", "trump_colour", fkey, ids),
            by_round("decisions", "decision_colour", fkey, ids),
            tricks_won(fkey, ids),
            leader_changes(fkey, ids),
            participation(fkey, ids),
            envelopes(akey, ids),
        ]
        if scope == Scope.ADVENTURE:
            streams += moon_path_by_attempt(ids)
        else:
            streams.append(moon_path_by_adventure(ids))
    merged = merge(*streams, key=itemgetter(0))
    for scope_key, parts in groupby(merged, key=itemgetter(0)):
        data: Data = {}
        for _key, part in parts:
            data.update(part)
        if data.pop("_known", False):
            yield scope_key, finish(scope, data)


def finish(scope: str, data: Data) -> Data:
    """Defaults for statistics without rows, and the figures derived from the others."""
    for name, factory in DEFAULTS.items():
        if name not in data:
            data[name] = factory()
    data["totals"] = totals(data["missions"])
    if scope == Scope.GLOBAL:
        return {"missions": data["missions"], "totals": data["totals"],
                "ranking": ranking(data["missions"])}  # fmt: skip
    if scope == Scope.ADVENTURE:
        data["moon"] = moon_series(
            data.pop("_boxes", {}), data.pop("_last", 0), data.pop("_successes", set())
        )
    data["hardest"] = ranking(data["missions"])[:HARDEST]
    return data


def compute(scope: str, ids: Sequence[int] | None = None) -> dict[int, Data]:
    """The statistics of each scope in ``ids`` (every scope with data when ``None``)."""
    return dict(compute_stream(scope, ids))


def totals(rows: list[Data]) -> Data:
    attempts = sum(m["attempts"] for m in rows)
    successes = sum(m["successes"] for m in rows)
    return {
        "attempts": attempts,
        "successes": successes,
        "failures": attempts - successes,
        "rate": rate(successes, attempts),
        "minutes": sum(m["minutes"] for m in rows),
    }


MISSION_COLUMNS = ("mission", "attempts", "successes", "rounds", "rounds_known", "minutes", "timed")


def missions(key: str | None, ids: Sequence[int] | None) -> Stream:
    """Attempts, successes, rounds and time per mission (the totals are derived in ``finish``).

    Sums of the per-adventure ``MissionTally`` rows (``refresh_tallies``, rewritten before the
    adventures' statistics), a few per adventure, rather than a scan of every attempt;
    ``adventures`` counts the tally rows (one per adventure that played the mission).
    """
    tallies = keyed(MissionTally.objects.all(), key, ids)
    if key == FACT_KEY[Scope.ADVENTURE]:  # one tally row per adventure and mission: no sums
        rows = (
            tallies.annotate(adventures=Value(1, output_field=IntegerField()))
            .order_by("scope_key", "mission")
            .values_list("scope_key", *MISSION_COLUMNS, "adventures")
        )
        yield from per_scope(ids is None, rows, missions_part)
        return
    rows = (
        tallies.values("scope_key", "mission")
        .annotate(**mission_sums())
        .order_by("scope_key", "mission")
        .values_list("scope_key", *MISSION_COLUMNS, "adventures")
    )
    yield from per_scope(ids is None, rows, missions_part)


def mission_sums() -> dict[str, Any]:
    """The sums of ``MissionTally`` columns over several adventures, and how many adventures."""
    return {
        "attempts": Sum("attempts"),
        "successes": Sum("successes"),
        "rounds": Sum("rounds"),
        "rounds_known": Sum("rounds_known"),
        "minutes": Sum("minutes"),
        "timed": Sum("timed"),
        "adventures": Count("pk"),
    }


def missions_part(rows: Iterable[Sequence[Any]]) -> Data:
    """``missions`` of one scope from its ``(*MISSION_COLUMNS, adventures)`` rows, by mission."""
    return {"missions": [mission_entry(*row) for row in rows]}


def refresh_tallies(adventure_ids: Sequence[int] | None) -> None:
    """Rewrite the ``MissionTally`` and ``FactTally`` rows of ``adventure_ids`` (all when ``None``).

    One ``INSERT … SELECT … GROUP BY`` per table and kind, from the attempts and fact tables.
    """
    refresh_mission_tallies(adventure_ids)
    refresh_fact_tallies(adventure_ids)


# kind: (fact table, the (round, key, flag) columns, the columns grouped by, extra)
TALLIES: dict[str, tuple[type[TrickFact | PlayerFact], tuple[str, str, str], str, str]] = {
    "won": (TrickFact, ("0", "winner", "winner_is_automa"), "winner, winner_is_automa", "0"),
    "leader": (
        TrickFact,
        ("round", "''", "FALSE"),
        "round",
        "SUM(CASE WHEN leader_changed THEN 1 ELSE 0 END)",
    ),
    "player": (
        PlayerFact,
        ("0", "CAST(person_id AS VARCHAR(150))", "FALSE"),
        "person_id",
        "SUM(CASE WHEN success THEN 1 ELSE 0 END)",
    ),
}


def refresh_fact_tallies(adventure_ids: Sequence[int] | None) -> None:
    """Rewrite the ``FactTally`` rows of ``adventure_ids`` (all when ``None``) from the facts."""
    stale = FactTally.objects.all()
    where, params = "", []
    if adventure_ids is not None:
        adventure_ids = list(adventure_ids)
        if not adventure_ids:
            return
        stale = stale.filter(adventure_id__in=adventure_ids)
        where = f"WHERE adventure_id IN ({', '.join(['%s'] * len(adventure_ids))})"
        params = adventure_ids
    stale.delete()
    with connection.cursor() as cursor:
        for kind, (model, (round_, key, flag), grouped, extra) in TALLIES.items():
            cursor.execute(
                f"INSERT INTO {FactTally._meta.db_table} "
                '(adventure_id, group_id, kind, round, "key", flag, count, extra) '
                f"SELECT adventure_id, group_id, %s, {round_}, {key}, {flag}, COUNT(*), {extra} "
                f"FROM {model._meta.db_table} {where} GROUP BY adventure_id, group_id, {grouped}",
                [kind, *params],
            )


def refresh_mission_tallies(adventure_ids: Sequence[int] | None) -> None:
    """Rewrite the ``MissionTally`` rows of ``adventure_ids`` (all when ``None``) from attempts.

    One ``INSERT … SELECT … GROUP BY``; the sums are those ``missions`` computes per adventure.
    """
    stale = MissionTally.objects.all()
    where, params = "", []
    if adventure_ids is not None:
        adventure_ids = list(adventure_ids)
        if not adventure_ids:
            return
        stale = stale.filter(adventure_id__in=adventure_ids)
        where = f"AND a.adventure_id IN ({', '.join(['%s'] * len(adventure_ids))})"
        params = adventure_ids
    stale.delete()
    attempts, adventures = MissionAttempt._meta.db_table, "campaign_adventure"
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {MissionTally._meta.db_table} (adventure_id, group_id, mission, "
            "attempts, successes, rounds, rounds_known, minutes, timed) "
            "SELECT a.adventure_id, ad.group_id, a.mission, COUNT(*), "
            "SUM(CASE WHEN a.status = %s THEN 1 ELSE 0 END), SUM(a.rounds_played), "
            "COUNT(a.rounds_played), SUM(a.duration_minutes), COUNT(a.duration_minutes) "
            f"FROM {attempts} a JOIN {adventures} ad ON ad.id = a.adventure_id "
            f"WHERE a.status <> %s {where} "
            "GROUP BY a.adventure_id, ad.group_id, a.mission",
            [AttemptStatus.SUCCESS, AttemptStatus.OPEN, *params],
        )


def global_missions() -> Stream:
    """``missions`` over every adventure, summed from the per-adventure ``MissionTally`` rows.

    A few rows per adventure instead of every attempt: the global statistics stay cheap in every
    incremental update. ``adventures`` counts the tally rows (one per adventure that played the
    mission), as ``Count("adventure_id", distinct=True)`` over the attempts does.
    """
    rows = (
        MissionTally.objects.values("mission")
        .annotate(scope_key=Value(GLOBAL_SCOPE_ID, output_field=IntegerField()), **mission_sums())
        .order_by("mission")
        .values_list("scope_key", *MISSION_COLUMNS, "adventures")
    )
    yield from per_scope(False, rows, missions_part)


def mission_entry(
    mission: int,
    attempts: int,
    successes: int,
    rounds: int | None,
    rounds_known: int,
    minutes: int | None,
    timed: int,
    adventures: int,
) -> Data:
    """One mission's figures from the sums of its tally rows."""
    return {
        "mission": mission,
        "attempts": attempts,
        "successes": successes,
        "failures": attempts - successes,
        "rate": rate(successes, attempts),
        "avg_rounds": average(rounds, rounds_known),
        "minutes": minutes or 0,
        "avg_minutes": average(minutes, timed),
        "adventures": adventures,
        "avg_attempts": round(attempts / adventures, 2),
    }


def ranking(rows: Iterable[Data]) -> list[Data]:
    """Missions from hardest: lowest success rate, then most attempts per adventure."""
    return sorted(rows, key=lambda m: (m["rate"], -m["avg_attempts"], m["mission"]))


def failure_reasons(key: str | None, ids: Sequence[int] | None) -> Stream:
    rows = (
        keyed(finished_attempts().filter(status=AttemptStatus.FAILURE), key, ids)
        .values("scope_key", "failure_reason")
        .annotate(count=Count("pk"))
        .order_by("scope_key", "-count", "failure_reason")
        .values_list("scope_key", "failure_reason", "count")
    )
    yield from per_scope(ids is None, rows, failure_reasons_part)


def failure_reasons_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(reason, count)`` rows, most frequent first."""
    reasons = [
        {"reason": reason, "label": str(FAILURE_REASONS.get(reason, reason)), "count": count}
        for reason, count in rows
    ]
    return {"failure_reasons": reasons}


def rounds_played(key: str | None, ids: Sequence[int] | None) -> Stream:
    """How many attempts ended after each number of rounds, successes and failures apart."""
    rows = (
        keyed(finished_attempts().filter(rounds_played__isnull=False), key, ids)
        .values("scope_key", "rounds_played", "status")
        .annotate(count=Count("pk"))
        .order_by("scope_key", "rounds_played", "status")
        .values_list("scope_key", "rounds_played", "status", "count")
    )
    yield from per_scope(ids is None, rows, rounds_part)


def rounds_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(rounds played, status, count)`` rows ordered by rounds and status."""
    entries: dict[int, dict[str, int]] = {}
    for rounds, status, count in rows:
        entry = entries.setdefault(rounds, {"rounds": rounds, "success": 0, "failure": 0})
        entry[status] = count
    return {"rounds": list(entries.values())}


def tallies(kind: str, key: str | None, ids: Sequence[int] | None) -> QuerySet[FactTally]:
    return keyed(FactTally.objects.filter(kind=kind), key, ids)


def by_round(name: str, column: str, key: str | None, ids: Sequence[int] | None) -> Stream:
    """Counts of ``column`` (a colour) per round: ``{"rounds": [..], "series": {colour: [..]}}``.

    The database groups the tricks by scope, round and colour, then packs each scope's groups
    into one JSON list of ``[round, colour, count]``: Python reads one row per scope instead of
    one per round and colour (measured: 0.37 s to 0.29 s for one colour over every adventure).
    """
    if key is None:
        raise ValueError("colours per round are per adventure or group")
    where, params = "", []
    if ids is not None:
        ids = list(ids)
        where = f"WHERE {key} IN ({', '.join(['%s'] * len(ids))})" if ids else "WHERE 1 = 0"
        params = ids
    sql = (
        f"SELECT scope_key, {packed_rows('round, colour, n')} FROM (SELECT {key} AS scope_key, "
        f"round, {column} AS colour, COUNT(*) AS n FROM {TrickFact._meta.db_table} {where} "
        f"GROUP BY {key}, round, {column}) grouped GROUP BY scope_key ORDER BY scope_key"
    )
    with connection.chunked_cursor() if ids is None else connection.cursor() as cursor:
        cursor.execute(sql, params)
        while rows := cursor.fetchmany(STREAM_CHUNK):
            for scope_key, packed in rows:
                yield scope_key, colours_part(name, json.loads(packed))


def packed_rows(columns: str) -> str:
    """SQL packing a group's rows of ``columns`` into one JSON text list of lists (any order)."""
    if connection.vendor == "postgresql":
        return f"json_agg(json_build_array({columns}))::text"
    return f"json_group_array(json_array({columns}))"


def colours_part(name: str, rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(round, colour, count)`` rows in any order: ``{name: {"rounds", "series"}}``."""
    counts = {(r, c): n for r, c, n in rows}
    rounds = sorted({r for r, _ in counts})
    colours = sorted({c for _, c in counts})
    series = {c: [counts.get((r, c), 0) for r in rounds] for c in colours}
    return {name: {"rounds": rounds, "series": series}}


def tricks_won(key: str | None, ids: Sequence[int] | None) -> Stream:
    rows = (
        tallies("won", key, ids)
        .values("scope_key", "key", "flag")
        .annotate(total=Sum("count"))
        .order_by("scope_key", "-total", "key")
        .values_list("scope_key", "key", "flag", "total")
    )
    yield from per_scope(ids is None, rows, tricks_won_part)


def tricks_won_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(winner, is the Automa, tricks)`` rows, most tricks first."""
    return {
        "tricks_won": [
            {"seat": seat, "automa": automa, "count": count} for seat, automa, count in rows
        ]
    }


def leader_changes(key: str | None, ids: Sequence[int] | None) -> Stream:
    rows = (
        tallies("leader", key, ids)
        .values("scope_key", "round")
        .annotate(tricks=Sum("count"), changes=Sum("extra"))
        .order_by("scope_key", "round")
        .values_list("scope_key", "round", "tricks", "changes")
    )
    yield from per_scope(ids is None, rows, leader_changes_part)


def leader_changes_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(round, tricks, Leader changes)`` rows by round."""
    return {
        "leader_changes": [
            {"round": round_, "tricks": tricks, "changes": changes}
            for round_, tricks, changes in rows
        ]
    }


def participation(key: str | None, ids: Sequence[int] | None) -> Stream:
    rows = (
        tallies("player", key, ids)
        .values("scope_key", "key")
        .annotate(attempts=Sum("count"), successes=Sum("extra"))
        .order_by("scope_key", "-attempts", "key")
        .values_list("scope_key", "key", "attempts", "successes")
    )
    yield from per_scope(ids is None, rows, participation_part)


def participation_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(person id, attempts, successes)`` rows, most attempts first: pages show each
    person's current name."""
    return {
        "participation": [
            {"person": int(person), "attempts": attempts, "successes": successes}
            for person, attempts, successes in rows
        ]
    }


def envelopes(key: str | None, ids: Sequence[int] | None) -> Stream:
    """Envelopes opened per date of the attempt that opened them (by hand: no date), cumulative."""
    played_on = MissionAttempt.objects.filter(
        adventure_id=OuterRef("adventure_id"), number=OuterRef("by_attempt")
    ).values("played_on")[:1]
    rows = (
        keyed(OpenedEnvelope.objects.annotate(date=Subquery(played_on)), key, ids)
        .values("scope_key", "date")
        .annotate(count=Count("pk"))
        .order_by("scope_key", F("date").asc(nulls_first=True))
        .values_list("scope_key", "date", "count")
    )
    yield from per_scope(
        ids is None,
        rows,
        lambda group: envelopes_part((d.isoformat() if d else None, n) for d, n in group),
    )


def envelopes_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(ISO date or None, envelopes)`` rows, undated first, then by date."""
    series: list[Data] = []
    for date, count in rows:
        total = (series[-1]["opened"] if series else 0) + count
        series.append({"date": date, "count": count, "opened": total})
    return {"envelopes": series}


def moon_path_by_attempt(ids: Sequence[int] | None) -> list[Stream]:
    """Per adventure, three ordered parts that ``moon_series`` turns into the Moon Path series."""
    boxes = (
        keyed(MoonPathBox.objects.filter(checked_by_attempt__isnull=False), "adventure_id", ids)
        .values("scope_key", "checked_by_attempt")
        .annotate(count=Count("pk"))
        .order_by("scope_key")
        .values_list("scope_key", "checked_by_attempt", "count")
    )
    last = (
        keyed(finished_attempts(), "adventure_id", ids)
        .values("scope_key")
        .annotate(last=Max("number"))
        .order_by("scope_key")
        .values_list("scope_key", "last")
    )
    successes = (
        keyed(finished_attempts().filter(status=AttemptStatus.SUCCESS), "adventure_id", ids)
        .order_by("scope_key")
        .values_list("scope_key", "number")
    )
    return [
        per_scope(ids is None, boxes, lambda g: {"_boxes": dict(g)}),
        per_scope(ids is None, last, lambda g: {"_last": g[0][0] or 0}),
        per_scope(ids is None, successes, lambda g: {"_successes": {n for (n,) in g}}),
    ]


def moon_series(boxes: dict[int, int], last: int, successes: set[int]) -> list[Data]:
    """Moon Path boxes checked and missions completed after each attempt of an adventure."""
    checked = completed = 0
    series = []
    for number in range(1, last + 1):
        checked += boxes.get(number, 0)
        completed += number in successes
        series.append({"attempt": number, "boxes": checked, "completed": completed})
    return series


def moon_path_by_adventure(ids: Sequence[int] | None) -> Stream:
    """Per group: each adventure's Moon Path boxes checked against missions completed."""
    from campaign.models import Adventure

    completed = (
        finished_attempts()
        .filter(status=AttemptStatus.SUCCESS, adventure_id=OuterRef("pk"))
        .order_by()
        .values("adventure_id")
        .annotate(count=Count("pk"))
        .values("count")
    )
    rows = (
        keyed(Adventure.objects.all(), "group_id", ids)
        .annotate(
            boxes=Count("moon_boxes", filter=Q(moon_boxes__checked_by_attempt__isnull=False)),
            completed=Coalesce(Subquery(completed), 0),
        )
        .order_by("scope_key", "created_at", "pk")
        .values_list("scope_key", "pk", "name", "boxes", "completed")
    )
    yield from per_scope(ids is None, rows, moon_by_adventure_part)


def moon_by_adventure_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(adventure, name, boxes checked, missions completed)`` rows, oldest first."""
    return {
        "moon": [
            {"adventure": pk, "name": name, "boxes": boxes, "completed": completed}
            for pk, name, boxes, completed in rows
        ]
    }


DEFAULTS: dict[str, Any] = {
    "missions": list,
    "failure_reasons": list,
    "rounds": list,
    "trumps": lambda: {"rounds": [], "series": {}},
    "decisions": lambda: {"rounds": [], "series": {}},
    "tricks_won": list,
    "leader_changes": list,
    "participation": list,
    "envelopes": list,
    "moon": list,
}
