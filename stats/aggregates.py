"""Every statistic as a database ``GROUP BY``, for many scopes at once.

``compute(scope, ids)`` runs a fixed number of grouped queries over the fact tables and the
campaign tables, grouped by the scope's key (adventure, group, or one global key) and returns the
JSON-ready statistics of each scope. Python only reshapes the grouped rows (a few per scope), it
never loops over attempts or tricks. The same code computes one adventure after a new result and
thousands of them in the nightly recompute (in chunks of ids, so memory stays flat).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

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

from campaign.models import AttemptStatus, MissionAttempt, MoonPathBox, OpenedEnvelope
from campaign.progression import FAILURE_REASONS
from stats.models import CellFact, PlayerFact, Scope, TrickFact

CELLS = 144
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


def rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def average(total: int | None, count: int) -> float | None:
    return round(total / count, 2) if total is not None and count else None


def finished_attempts() -> QuerySet[MissionAttempt]:
    return MissionAttempt.objects.exclude(status=AttemptStatus.OPEN)


def compute(scope: str, ids: Sequence[int] | None = None) -> dict[int, Data]:
    """The statistics of each scope in ``ids`` (every scope with data when ``None``)."""
    scope = Scope(scope)
    results: dict[int, Data] = defaultdict(dict)
    if ids is not None:
        for scope_id in ids:
            results[scope_id] = {}
    akey, fkey = ATTEMPT_KEY[scope], FACT_KEY[scope]
    missions(results, akey, ids)
    if scope == Scope.GLOBAL:
        for data in results.values():
            data["ranking"] = ranking(data["missions"])
        return dict(results)
    failure_reasons(results, akey, ids)
    rounds_played(results, akey, ids)
    by_round(results, "trumps", "trump_colour", fkey, ids)
    by_round(results, "decisions", "decision_colour", fkey, ids)
    tricks_won(results, fkey, ids)
    leader_changes(results, fkey, ids)
    heatmaps(results, fkey, ids)
    participation(results, fkey, ids)
    envelopes(results, akey, ids)
    if scope == Scope.ADVENTURE:
        moon_path_by_attempt(results, ids)
    else:
        moon_path_by_adventure(results, ids)
    for data in results.values():
        data["hardest"] = ranking(data["missions"])[:HARDEST]
    return dict(results)


def empty(results: dict[int, Data], name: str, factory: Any) -> None:
    for data in results.values():
        data.setdefault(name, factory())


def missions(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    """Attempts, successes, rounds and time per mission, and the totals."""
    rows = (
        keyed(finished_attempts(), key, ids)
        .values("scope_key", "mission")
        .annotate(
            attempts=Count("pk"),
            successes=Count("pk", filter=Q(status=AttemptStatus.SUCCESS)),
            rounds=Sum("rounds_played"),
            rounds_known=Count("rounds_played"),
            minutes=Sum("duration_minutes"),
            timed=Count("duration_minutes"),
            adventures=Count("adventure_id", distinct=True),
        )
        .order_by("scope_key", "mission")
    )
    for row in rows:
        data = results[row["scope_key"]]
        data.setdefault("missions", []).append(
            {
                "mission": row["mission"],
                "attempts": row["attempts"],
                "successes": row["successes"],
                "failures": row["attempts"] - row["successes"],
                "rate": rate(row["successes"], row["attempts"]),
                "avg_rounds": average(row["rounds"], row["rounds_known"]),
                "minutes": row["minutes"] or 0,
                "avg_minutes": average(row["minutes"], row["timed"]),
                "adventures": row["adventures"],
                "avg_attempts": round(row["attempts"] / row["adventures"], 2),
            }
        )
    empty(results, "missions", list)
    for data in results.values():
        rows_ = data["missions"]
        attempts = sum(m["attempts"] for m in rows_)
        successes = sum(m["successes"] for m in rows_)
        data["totals"] = {
            "attempts": attempts,
            "successes": successes,
            "failures": attempts - successes,
            "rate": rate(successes, attempts),
            "minutes": sum(m["minutes"] for m in rows_),
        }


def ranking(rows: Iterable[Data]) -> list[Data]:
    """Missions from hardest: lowest success rate, then most attempts per adventure."""
    return sorted(rows, key=lambda m: (m["rate"], -m["avg_attempts"], m["mission"]))


def failure_reasons(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    rows = (
        keyed(finished_attempts().filter(status=AttemptStatus.FAILURE), key, ids)
        .values("scope_key", "failure_reason")
        .annotate(count=Count("pk"))
        .order_by("scope_key", "-count", "failure_reason")
    )
    for row in rows:
        reason = row["failure_reason"]
        results[row["scope_key"]].setdefault("failure_reasons", []).append(
            {
                "reason": reason,
                "label": str(FAILURE_REASONS.get(reason, reason)),
                "count": row["count"],
            }
        )
    empty(results, "failure_reasons", list)


def rounds_played(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    """How many attempts ended after each number of rounds, successes and failures apart."""
    rows = (
        keyed(finished_attempts().filter(rounds_played__isnull=False), key, ids)
        .values("scope_key", "rounds_played", "status")
        .annotate(count=Count("pk"))
        .order_by("scope_key", "rounds_played", "status")
    )
    table: dict[int, dict[int, dict[str, int]]] = defaultdict(dict)
    for row in rows:
        entry = table[row["scope_key"]].setdefault(
            row["rounds_played"], {"rounds": row["rounds_played"], "success": 0, "failure": 0}
        )
        entry[row["status"]] = row["count"]
    for scope_key, entries in table.items():
        results[scope_key]["rounds"] = list(entries.values())
    empty(results, "rounds", list)


def by_round(
    results: dict[int, Data], name: str, column: str, key: str | None, ids: Sequence[int] | None
) -> None:
    """Counts of ``column`` (a colour) per round: ``{"rounds": [..], "series": {colour: [..]}}``."""
    rows = (
        keyed(TrickFact.objects.all(), key, ids)
        .values("scope_key", "round", column)
        .annotate(count=Count("pk"))
        .order_by("scope_key", "round", column)
    )
    table: dict[int, dict[tuple[int, str], int]] = defaultdict(dict)
    for row in rows:
        table[row["scope_key"]][row["round"], row[column]] = row["count"]
    for scope_key, counts in table.items():
        rounds = sorted({r for r, _ in counts})
        colours = sorted({c for _, c in counts})
        results[scope_key][name] = {
            "rounds": rounds,
            "series": {c: [counts.get((r, c), 0) for r in rounds] for c in colours},
        }
    empty(results, name, lambda: {"rounds": [], "series": {}})


def tricks_won(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    rows = (
        keyed(TrickFact.objects.all(), key, ids)
        .values("scope_key", "winner", "winner_is_automa")
        .annotate(count=Count("pk"))
        .order_by("scope_key", "-count", "winner")
    )
    for row in rows:
        results[row["scope_key"]].setdefault("tricks_won", []).append(
            {"seat": row["winner"], "automa": row["winner_is_automa"], "count": row["count"]}
        )
    empty(results, "tricks_won", list)


def leader_changes(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    rows = (
        keyed(TrickFact.objects.all(), key, ids)
        .values("scope_key", "round")
        .annotate(tricks=Count("pk"), changes=Count("pk", filter=Q(leader_changed=True)))
        .order_by("scope_key", "round")
    )
    for row in rows:
        results[row["scope_key"]].setdefault("leader_changes", []).append(
            {"round": row["round"], "tricks": row["tricks"], "changes": row["changes"]}
        )
    empty(results, "leader_changes", list)


def heatmaps(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    """How often each of the 144 cells was covered, per mission and overall."""
    rows = (
        keyed(CellFact.objects.all(), key, ids)
        .values_list("scope_key", "mission", "cell")
        .annotate(count=Count("pk"))
        .order_by()
    )
    table: dict[int, dict[int, list[int]]] = defaultdict(dict)
    for scope_key, mission, cell, count in rows.iterator(chunk_size=20_000):
        grid = table[scope_key].get(mission)
        if grid is None:
            grid = table[scope_key][mission] = [0] * CELLS
        grid[cell] = count
    for scope_key, per_mission in table.items():
        overall = [sum(column) for column in zip(*per_mission.values(), strict=True)]
        results[scope_key]["heatmap"] = {
            "overall": overall,
            "missions": {str(m): per_mission[m] for m in sorted(per_mission)},
        }
    empty(results, "heatmap", lambda: {"overall": [0] * CELLS, "missions": {}})


def participation(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    rows = (
        keyed(PlayerFact.objects.all(), key, ids)
        .values("scope_key", "player")
        .annotate(attempts=Count("pk"), successes=Count("pk", filter=Q(success=True)))
        .order_by("scope_key", "-attempts", "player")
    )
    for row in rows:
        results[row["scope_key"]].setdefault("participation", []).append(
            {"player": row["player"], "attempts": row["attempts"], "successes": row["successes"]}
        )
    empty(results, "participation", list)


def envelopes(results: dict[int, Data], key: str | None, ids: Sequence[int] | None) -> None:
    """Envelopes opened per date of the attempt that opened them (by hand: no date), cumulative."""
    played_on = MissionAttempt.objects.filter(
        adventure_id=OuterRef("adventure_id"), number=OuterRef("by_attempt")
    ).values("played_on")[:1]
    rows = (
        keyed(OpenedEnvelope.objects.annotate(date=Subquery(played_on)), key, ids)
        .values("scope_key", "date")
        .annotate(count=Count("pk"))
        .order_by("scope_key", F("date").asc(nulls_first=True))
    )
    for row in rows:
        series = results[row["scope_key"]].setdefault("envelopes", [])
        total = (series[-1]["opened"] if series else 0) + row["count"]
        date = row["date"].isoformat() if row["date"] else None
        series.append({"date": date, "count": row["count"], "opened": total})
    empty(results, "envelopes", list)


def moon_path_by_attempt(results: dict[int, Data], ids: Sequence[int] | None) -> None:
    """Per adventure: Moon Path boxes checked and missions completed after each attempt."""
    boxes: dict[int, dict[int, int]] = defaultdict(dict)
    box_rows = (
        keyed(MoonPathBox.objects.filter(checked_by_attempt__isnull=False), "adventure_id", ids)
        .values("scope_key", "checked_by_attempt")
        .annotate(count=Count("pk"))
        .order_by()
    )
    for row in box_rows:
        boxes[row["scope_key"]][row["checked_by_attempt"]] = row["count"]
    attempts = (
        keyed(finished_attempts(), "adventure_id", ids)
        .values("scope_key")
        .annotate(last=Max("number"))
        .order_by()
    )
    last = {row["scope_key"]: row["last"] for row in attempts}
    success_rows = (
        keyed(finished_attempts().filter(status=AttemptStatus.SUCCESS), "adventure_id", ids)
        .values_list("scope_key", "number")
        .order_by()
    )
    successes: dict[int, set[int]] = defaultdict(set)
    for scope_key, number in success_rows:
        successes[scope_key].add(number)
    for scope_key, data in results.items():
        checked = completed = 0
        series = []
        for number in range(1, (last.get(scope_key) or 0) + 1):
            checked += boxes[scope_key].get(number, 0)
            completed += number in successes[scope_key]
            series.append({"attempt": number, "boxes": checked, "completed": completed})
        data["moon"] = series


def moon_path_by_adventure(results: dict[int, Data], ids: Sequence[int] | None) -> None:
    """Per group: each adventure's Moon Path boxes checked against missions completed."""
    from campaign.models import Adventure

    rows = list(
        keyed(Adventure.objects.all(), "group_id", ids)
        .annotate(
            boxes=Count("moon_boxes", filter=Q(moon_boxes__checked_by_attempt__isnull=False)),
        )
        .values("scope_key", "pk", "name", "boxes", "created_at")
        .order_by("scope_key", "created_at", "pk")
    )
    completed = dict(
        finished_attempts()
        .filter(status=AttemptStatus.SUCCESS, adventure_id__in=[r["pk"] for r in rows])
        .values("adventure_id")
        .annotate(count=Count("pk"))
        .values_list("adventure_id", "count")
        .order_by()
    )
    for row in rows:
        results[row["scope_key"]].setdefault("moon", []).append(
            {
                "adventure": row["pk"],
                "name": row["name"],
                "boxes": row["boxes"],
                "completed": completed.get(row["pk"], 0),
            }
        )
    empty(results, "moon", list)
