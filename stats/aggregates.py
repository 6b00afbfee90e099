"""Every statistic as a database ``GROUP BY`` over many scopes at once, ordered by scope key.

Python only reshapes a few grouped rows per scope and holds one scope at a time, so the same code
serves one adventure after a result and the nightly recompute with flat memory. Missions and the
trick and player statistics are sums over per-adventure tallies (``refresh_tallies``): the
attempts and facts are read once, not once per scope kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from heapq import merge
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db import connection
from django.db.models import (
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce

from campaign.models import Adventure, AttemptStatus, MissionAttempt, MoonPathBox, OpenedEnvelope
from games.rules.spirits.campaign import FAILURE_REASONS
from groups.models import Group
from stats.models import (
    GLOBAL_SCOPE_ID,
    FactTally,
    MissionTally,
    PlayerFact,
    Scope,
    TrickFact,
)

HARDEST = 5
# The statistics that are lists, empty in a scope without rows.
EMPTY_LISTS = ("missions", "failure_reasons", "rounds", "tricks_won", "leader_changes",
               "participation", "envelopes", "moon")  # fmt: skip

# The column holding each scope's key: on the fact tables, on attempts, on campaign-derived rows.
FACT_KEY = {Scope.ADVENTURE: "adventure_id", Scope.GROUP: "group_id", Scope.GLOBAL: None}
ATTEMPT_KEY = {
    Scope.ADVENTURE: "adventure_id",
    Scope.GROUP: "adventure__group_id",
    Scope.GLOBAL: None,
}

Data = dict[str, Any]


def within(queryset: QuerySet[Any], field: str, ids: Sequence[int] | None) -> QuerySet[Any]:
    """``queryset`` restricted to the rows whose ``field`` is in ``ids`` (all when ``None``)."""
    return queryset if ids is None else queryset.filter(**{f"{field}__in": list(ids)})


def keyed(queryset: QuerySet[Any], field: str | None, ids: Sequence[int] | None) -> QuerySet[Any]:
    """``queryset`` restricted to ``ids`` and annotated with ``scope_key`` to group by."""
    if field is None:
        return queryset.annotate(scope_key=Value(0, output_field=IntegerField()))
    return within(queryset, field, ids).annotate(scope_key=F(field))


def rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def average(total: int | None, count: int) -> float | None:
    return round(total / count, 2) if total is not None and count else None


def finished_attempts() -> QuerySet[MissionAttempt]:
    return MissionAttempt.objects.exclude(status=AttemptStatus.OPEN)


STREAM_CHUNK = 5_000

Stream = Iterator[tuple[int, Data]]
Builder = Callable[[list[Sequence[Any]]], Data]


def universe(scope: str, ids: Sequence[int] | None) -> Stream:
    """Every scope to compute, in key order, even those with no data yet."""
    keys: Iterable[int]
    if scope == Scope.GLOBAL:
        keys = [GLOBAL_SCOPE_ID]
    elif ids is not None:
        keys = sorted(set(ids))
    else:
        model = Adventure if scope == Scope.ADVENTURE else Group
        keys = model.objects.order_by("pk").values_list("pk", flat=True).iterator(STREAM_CHUNK)
    for key in keys:
        yield key, {"_known": True}


def per_scope(stream: bool, rows: QuerySet[Any], build: Builder) -> Stream:
    """``build`` of each scope's rows (``rows``' columns after ``scope_key``), by scope key.

    ``stream``: through a server-side cursor in chunks (flat memory over every scope); a few
    scopes' rows are read at once instead, saving the cursor's round trips.
    """
    source = rows.iterator(STREAM_CHUNK) if stream else iter(rows)
    for scope_key, group in groupby(source, key=itemgetter(0)):
        yield scope_key, build([row[1:] for row in group])


def grouped(
    rows: QuerySet[Any],
    key: str | None,
    ids: Sequence[int] | None,
    build: Builder,
    by: Sequence[str],
    order: Sequence[Any] = (),
    **sums: Any,
) -> Stream:
    """``build`` of each scope's ``(*by, *sums)`` rows, grouped by ``by``, ordered by ``order``."""
    rows = (
        keyed(rows, key, ids)
        .values("scope_key", *by)
        .annotate(**sums)
        .order_by("scope_key", *(order or by))
        .values_list("scope_key", *by, *sums)
    )
    return per_scope(ids is None, rows, build)


def records(name: str, *fields: str) -> Builder:
    """A ``per_scope`` builder: ``{name: [{field: value, …} for each row]}``, in the rows' order."""
    return lambda rows: {name: [dict(zip(fields, row, strict=True)) for row in rows]}


def compute_stream(scope: str, ids: Sequence[int] | None = None) -> Stream:
    """``(scope id, statistics)`` of each scope in ``ids`` (every scope when ``None``), in order."""
    scope = Scope(scope)
    akey, fkey = ATTEMPT_KEY[scope], FACT_KEY[scope]
    streams = [universe(scope, ids), missions(fkey, ids)]
    if scope != Scope.GLOBAL:
        streams += colours_by_round(fkey, ids)
        streams += [
            failure_reasons(akey, ids),
            rounds_played(akey, ids),
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
        data: Data = {name: value for _key, part in parts for name, value in part.items()}
        if data.pop("_known", False):
            yield scope_key, finish(scope, data)


def finish(scope: str, data: Data) -> Data:
    """Defaults for statistics without rows, and the figures derived from the others."""
    for name in EMPTY_LISTS:
        data.setdefault(name, [])
    for name in COLOURS_BY_ROUND:
        data.setdefault(name, {"rounds": [], "series": {}})
    data["totals"] = totals(data["missions"])
    if scope == Scope.GLOBAL:
        return {"missions": data["missions"], "totals": data["totals"],
                "ranking": ranking(data["missions"])}  # fmt: skip
    if scope == Scope.ADVENTURE:
        data["moon"] = moon_series(data.pop("_boxes", {}), data.pop("_attempts", []))
    data["hardest"] = ranking(data["missions"])[:HARDEST]
    return data


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
    """Per mission, the sums of its ``MissionTally`` rows (one per adventure that played it)."""
    sums = {column: Sum(column) for column in MISSION_COLUMNS[1:]}
    return grouped(
        MissionTally.objects.all(),
        key,
        ids,
        lambda rows: {"missions": [mission_entry(row) for row in rows]},
        ["mission"],
        **sums,
        adventures=Count("pk"),
    )


def refresh_tallies(adventure_ids: Sequence[int] | None) -> None:
    """Rewrite the ``MissionTally`` and ``FactTally`` rows of ``adventure_ids`` (None: all)."""
    for model in (MissionTally, FactTally):
        within(model.objects.all(), "adventure_id", adventure_ids).delete()
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
    """Insert the ``FactTally`` rows of ``adventure_ids`` (all when ``None``) from the facts."""
    where, params = in_clause("WHERE", "adventure_id", adventure_ids)
    selects = " UNION ALL ".join(
        f"SELECT adventure_id, group_id, %s, {round_}, {key}, {flag}, COUNT(*), {extra} "
        f"FROM {model._meta.db_table} {where} GROUP BY adventure_id, group_id, {grouped}"
        for model, (round_, key, flag), grouped, extra in TALLIES.values()
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {FactTally._meta.db_table} "
            f'(adventure_id, group_id, kind, round, "key", flag, count, extra) {selects}',
            [value for kind in TALLIES for value in (kind, *params)],
        )


def refresh_mission_tallies(adventure_ids: Sequence[int] | None) -> None:
    """Insert the ``MissionTally`` rows of ``adventure_ids`` (all when ``None``) from attempts."""
    where, params = in_clause("AND", "a.adventure_id", adventure_ids)
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


def mission_entry(row: Sequence[Any]) -> Data:
    """One mission's figures from the sums of its tally rows (``MISSION_COLUMNS``, adventures)."""
    mission, attempts, successes, rounds, rounds_known, minutes, timed, adventures = row
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
    failures = finished_attempts().filter(status=AttemptStatus.FAILURE)
    by = ["failure_reason"]
    return grouped(failures, key, ids, failure_reasons_part, by, ["-count", *by], count=Count("pk"))


def failure_reasons_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(reason, count)`` rows, most frequent first."""
    reasons = [
        {"reason": reason, "label": str(FAILURE_REASONS.get(reason, reason)), "count": count}
        for reason, count in rows
    ]
    return {"failure_reasons": reasons}


def rounds_played(key: str | None, ids: Sequence[int] | None) -> Stream:
    """How many attempts ended after each number of rounds, successes and failures apart."""
    ended = finished_attempts().filter(rounds_played__isnull=False)
    return grouped(ended, key, ids, rounds_part, ["rounds_played", "status"], count=Count("pk"))


def rounds_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(rounds played, status, count)`` rows ordered by rounds and status."""
    entries: dict[int, dict[str, int]] = {}
    for rounds, status, count in rows:
        entry = entries.setdefault(rounds, {"rounds": rounds, "success": 0, "failure": 0})
        entry[status] = count
    return {"rounds": list(entries.values())}


COLOURS_BY_ROUND = {"trumps": "trump_colour", "decisions": "decision_colour"}


def colours_by_round(key: str | None, ids: Sequence[int] | None) -> list[Stream]:
    """Trump and Decision colours per round, a ``colours_part`` each."""
    tricks = TrickFact.objects.all()
    return [
        grouped(tricks, key, ids, partial(colours_part, name), ["round", column], n=Count("pk"))
        for name, column in COLOURS_BY_ROUND.items()
    ]


def colours_part(name: str, rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(round, colour, count)`` rows: ``{name: {"rounds", "series"}}``."""
    counts = {(r, c): n for r, c, n in rows}
    rounds = sorted({r for r, _ in counts})
    colours = sorted({c for _, c in counts})
    series = {c: [counts.get((r, c), 0) for r in rounds] for c in colours}
    return {name: {"rounds": rounds, "series": series}}


def in_clause(keyword: str, column: str, ids: Sequence[int] | None) -> tuple[str, list[int]]:
    """SQL restricting ``column`` to ``ids`` after ``keyword`` (nothing when ``None``), and its
    parameters."""
    if ids is None:
        return "", []
    ids = list(ids)
    if not ids:
        return f"{keyword} 1 = 0", []
    return f"{keyword} {column} IN ({', '.join(['%s'] * len(ids))})", ids


def tricks_won(key: str | None, ids: Sequence[int] | None) -> Stream:
    won = FactTally.objects.filter(kind="won")
    build = records("tricks_won", "seat", "automa", "count")
    return grouped(won, key, ids, build, ["key", "flag"], ["-total", "key"], total=Sum("count"))


def leader_changes(key: str | None, ids: Sequence[int] | None) -> Stream:
    leader = FactTally.objects.filter(kind="leader")
    build = records("leader_changes", "round", "tricks", "changes")
    return grouped(leader, key, ids, build, ["round"], tricks=Sum("count"), changes=Sum("extra"))


def participation(key: str | None, ids: Sequence[int] | None) -> Stream:
    players = FactTally.objects.filter(kind="player")
    sums = {"attempts": Sum("count"), "successes": Sum("extra")}
    return grouped(players, key, ids, participation_part, ["key"], ["-attempts", "key"], **sums)


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
    dated = OpenedEnvelope.objects.annotate(date=Subquery(played_on))
    order = [F("date").asc(nulls_first=True)]
    return grouped(dated, key, ids, envelopes_part, ["date"], order, count=Count("pk"))


def envelopes_part(rows: Iterable[Sequence[Any]]) -> Data:
    """From ``(date or None, envelopes)`` rows, undated first, then by date."""
    series: list[Data] = []
    for date, count in rows:
        total = (series[-1]["opened"] if series else 0) + count
        series.append({"date": date.isoformat() if date else None, "count": count, "opened": total})
    return {"envelopes": series}


def moon_path_by_attempt(ids: Sequence[int] | None) -> list[Stream]:
    """Per adventure, the two parts that ``moon_series`` turns into the Moon Path series."""
    checked = MoonPathBox.objects.filter(checked_by_attempt__isnull=False)
    finished = (
        keyed(finished_attempts(), "adventure_id", ids)
        .order_by("scope_key", "number")
        .values_list("scope_key", "number", "status")
    )
    return [
        grouped(
            checked,
            "adventure_id",
            ids,
            lambda g: {"_boxes": dict(g)},
            ["checked_by_attempt"],
            count=Count("pk"),
        ),
        per_scope(ids is None, finished, lambda g: {"_attempts": g}),
    ]


def moon_series(boxes: dict[int, int], attempts: list[Sequence[Any]]) -> list[Data]:
    """Moon Path boxes checked and missions completed after each attempt (``(number, status)``)
    of an adventure."""
    last = max((number for number, _status in attempts), default=0)
    successes = {number for number, status in attempts if status == AttemptStatus.SUCCESS}
    checked = completed = 0
    series = []
    for number in range(1, last + 1):
        checked += boxes.get(number, 0)
        completed += number in successes
        series.append({"attempt": number, "boxes": checked, "completed": completed})
    return series


def moon_path_by_adventure(ids: Sequence[int] | None) -> Stream:
    """Per group: each adventure's Moon Path boxes checked against missions completed."""
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
    return per_scope(ids is None, rows, records("moon", "adventure", "name", "boxes", "completed"))
