"""Recomputing and storing statistics: the services the Celery tasks call.

Idempotent (facts replaced per attempt, snapshots upserted per scope) and Redis-free: the outbox
rows written with each result say what to recompute.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from itertools import islice
from typing import TypeVar

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Exists, F, Max, OuterRef, QuerySet
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign.models import Adventure, StatisticsOutbox
from groups.models import Group
from stats import aggregates, facts, heatmaps
from stats.models import (
    GLOBAL_SCOPE_ID,
    CellCounts,
    JobState,
    OutboxFailure,
    RecomputeJob,
    Scope,
    StatsSnapshot,
)

logger = logging.getLogger(__name__)

OUTBOX_BATCH = 500
SNAPSHOT_BATCH = 500
RETRY_FIRST = timedelta(seconds=30)
RETRY_MOST = timedelta(hours=1)
JOB_ABANDONED = _("The worker running this recompute stopped; ask again to start it anew.")
T = TypeVar("T")


def store(
    scope: str, computed: Iterable[tuple[int, aggregates.Data]], *, source_version: int
) -> None:
    """Upsert one snapshot per scope id, a batch per statement (safe when two workers race).

    ``computed_at`` is an expression (``Now()``) so Django does not send the batch as PostgreSQL
    arrays, whose quoting of the JSON took 4 s of a 16 s full recompute.
    """
    common = {"scope": scope, "computed_at": Now(), "source_version": source_version}
    for batch in batched(computed, SNAPSHOT_BATCH):
        StatsSnapshot.objects.bulk_create(
            [StatsSnapshot(scope_id=scope_id, data=data, **common) for scope_id, data in batch],
            update_conflicts=True,
            unique_fields=["scope", "scope_id"],
            update_fields=["data", "computed_at", "source_version"],
        )


def outbox_version() -> int:
    """The highest outbox id so far: numbers computed now include every result up to it."""
    return StatisticsOutbox.objects.aggregate(top=Max("pk"))["top"] or 0


def batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


# Any 64-bit number no other advisory lock of the project uses.
STATISTICS_WRITERS_LOCK = 0x51_75_65_73_74_6C_6F_67


def one_statistics_writer_at_a_time() -> None:
    """Wait until no other transaction writes statistics, then hold that right until this one ends.

    Side by side, a second writer's DELETE misses the first one's uncommitted rows and its inserts
    then fail on the unique keys (``tests/stats/test_writers.py``); SQLite has one writer anyway.
    Taken first thing, so no writer holds a contested row while it waits. Also: no JIT (+50-200 ms
    a query for nothing) and enough sort memory that grouping tricks does not spill to disk.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s), set_config('jit', 'off', true), "
                "set_config('work_mem', '64MB', true)",
                [STATISTICS_WRITERS_LOCK],
            )


@transaction.atomic(savepoint=False)  # inside the drain's own savepoint, one more costs 2 trips
def recompute(
    scope: str, ids: Sequence[int] | None, *, force: bool = False, version: int | None = None
) -> None:
    """Recompute and store the statistics and heatmaps of ``ids`` (``None``: every scope of that
    kind), an adventure's facts first (``force``: all of them, not only stale ones).

    ``version``: the drain's, which holds the writers' lock already; otherwise it is taken here.
    """
    if version is None:
        one_statistics_writer_at_a_time()
        version = outbox_version()
    if scope != Scope.GLOBAL:
        ids = forget_gone(scope, ids)
        if ids is not None and not ids:
            return
    if scope == Scope.ADVENTURE:
        facts.refresh_facts({} if ids is None else {"adventure_id__in": ids}, force=force)
        aggregates.refresh_tallies(ids)
    if scope != Scope.GLOBAL:
        heatmaps.refresh(scope, ids)
    store(scope, aggregates.compute_stream(scope, ids), source_version=version)


def forget_gone(scope: str, ids: Sequence[int] | None) -> list[int] | None:
    """Delete the snapshot and heatmaps of the scopes (of ``ids``) whose adventure or group is
    gone; returns those of ``ids`` that exist (``None`` stays ``None``: every scope)."""
    model = Adventure if scope == Scope.ADVENTURE else Group
    existing = model.objects.values_list("pk", flat=True)
    if ids is not None:
        existing = list(existing.filter(pk__in=ids))
        if len(existing) == len(set(ids)):  # nothing gone: no DELETE
            return existing
    for rows in (StatsSnapshot, CellCounts):
        gone = rows.objects.filter(scope=scope).exclude(scope_id__in=existing)
        aggregates.within(gone, "scope_id", ids).delete()
    return None if ids is None else existing


def recompute_adventure(*, adventure_id: int) -> None:
    """One adventure, then its group and the global statistics (the incremental update)."""
    group_id = Adventure.objects.filter(pk=adventure_id).values_list("group_id", flat=True).first()
    recompute(Scope.ADVENTURE, [adventure_id])
    if group_id is not None:
        recompute(Scope.GROUP, [group_id])
    recompute(Scope.GLOBAL, None)


@dataclass
class Drained:
    rows: int = 0
    failed: int = 0


def claim_outbox(limit: int, group_id: int | None = None) -> list[dict[str, int | None]]:
    """Unprocessed outbox rows due now (not waiting for a retry), locked; rows another worker
    holds are skipped. ``failed``: whether the row has a failure note to delete once processed."""
    waiting = OutboxFailure.objects.filter(outbox=OuterRef("pk"), retry_at__gt=timezone.now())
    queryset = StatisticsOutbox.objects.filter(processed_at__isnull=True).exclude(Exists(waiting))
    if group_id is not None:
        queryset = queryset.filter(group_id=group_id)
    if connection.features.has_select_for_update_skip_locked:
        queryset = queryset.select_for_update(skip_locked=True)
    failed = Exists(OutboxFailure.objects.filter(outbox=OuterRef("pk")))
    rows = queryset.annotate(failed=failed).order_by("pk")
    return list(rows.values("pk", "group_id", "adventure_id", "failed")[:limit])


def isolated(work: Callable[[], object]) -> str:
    """Run ``work`` in a savepoint: its error message (the savepoint rolled back), or ``""``."""
    try:
        with transaction.atomic():
            work()
    except Exception as error:
        logger.exception("statistics could not be computed")
        return f"{type(error).__name__}: {error}"[:300]
    return ""


@transaction.atomic
def drain_outbox(*, limit: int = OUTBOX_BATCH, group_id: int | None = None) -> Drained:
    """Recompute what the outbox rows due now name, each adventure and group on its own.

    Each in a savepoint, so one that fails rolls back only its own work and its rows get an
    ``OutboxFailure`` (retried with backoff) while the others are processed. The rows stay locked
    until the statistics are stored, in this transaction: a worker that dies leaves them for the
    next run. ``group_id``: only that group's rows (the in-process drain after a user's change).
    """
    rows = claim_outbox(limit, group_id)
    if not rows:
        return Drained()
    one_statistics_writer_at_a_time()
    version = outbox_version()
    errors: dict[int, str] = {}
    for name, scope in (("adventure_id", Scope.ADVENTURE), ("group_id", Scope.GROUP)):
        for key in sorted({row[name] for row in rows if row[name] is not None}):
            if error := isolated(partial(recompute, scope, [key], version=version)):
                errors.update({row["pk"]: error for row in rows if row[name] == key})
    if error := isolated(partial(recompute, Scope.GLOBAL, None, version=version)):
        errors = {row["pk"]: error for row in rows}
    done = [row["pk"] for row in rows if row["pk"] not in errors]
    StatisticsOutbox.objects.filter(pk__in=done).update(processed_at=timezone.now())
    if any(row["failed"] for row in rows if row["pk"] in done):
        OutboxFailure.objects.filter(outbox_id__in=done).delete()
    note_failures(errors)
    return Drained(rows=len(done), failed=len(errors))


def note_failures(errors: dict[int, str]) -> None:
    """Record each failed row's error and when to try it again (the delay doubles each time)."""
    now = timezone.now()
    known = OutboxFailure.objects.in_bulk(list(errors))
    for pk, error in errors.items():
        failures = known[pk].failures + 1 if pk in known else 1
        delay = min(RETRY_FIRST * 2 ** (failures - 1), RETRY_MOST)
        OutboxFailure.objects.update_or_create(
            outbox_id=pk,
            defaults={"error": error, "failures": failures, "failed_at": now,
                      "retry_at": now + delay},
        )  # fmt: skip


def failed_outbox_rows(**scope: int) -> QuerySet[OutboxFailure]:
    """The failure notes of the unprocessed outbox rows of ``scope`` (e.g. ``group_id``)."""
    rows = OutboxFailure.objects.filter(outbox__processed_at__isnull=True)
    return rows.filter(**{f"outbox__{name}": value for name, value in scope.items()})


def outbox_health() -> dict[str, object]:
    """/healthz's statistics check: rows that failed and wait for a retry degrade the service."""
    failed = failed_outbox_rows().count()
    return {"state": "degraded" if failed else "ok", "failed": failed}


# --- Full recomputes, with progress ---------------------------------------------------------------


def request_recompute(*, scope: str, scope_id: int = GLOBAL_SCOPE_ID) -> RecomputeJob:
    """Ask for a full recompute (a database row, never Redis); a worker starts it.

    Asking again while one waits or runs returns that one, unless its worker is gone.
    """
    fail_abandoned_jobs()
    waiting = RecomputeJob.objects.filter(
        scope=scope, scope_id=scope_id, state__in=[JobState.PENDING, JobState.RUNNING]
    ).first()
    return waiting or RecomputeJob.objects.create(scope=scope, scope_id=scope_id)


def fail_abandoned_jobs() -> int:
    """Mark failed the running jobs that missed three ``heartbeat`` beats (their worker died);
    returns how many."""
    now = timezone.now()
    silent = timedelta(seconds=3 * settings.STATS_JOB_HEARTBEAT_SECONDS)
    return RecomputeJob.objects.filter(
        state=JobState.RUNNING, heartbeat_at__lt=now - silent
    ).update(state=JobState.FAILED, error=JOB_ABANDONED, finished_at=now, updated_at=now)


@contextmanager
def heartbeat(job: RecomputeJob) -> Iterator[None]:
    """While the block runs, a thread touches the job's ``heartbeat_at`` every few seconds.

    The thread dies with the worker, so the beats stop exactly when nobody runs the job any more;
    it writes on its own connection, outside the work's transactions.
    """
    stopped = threading.Event()

    def beat() -> None:
        try:
            while not stopped.wait(settings.STATS_JOB_HEARTBEAT_SECONDS):
                try:
                    RecomputeJob.objects.filter(pk=job.pk, state=JobState.RUNNING).update(
                        heartbeat_at=timezone.now()
                    )
                except DatabaseError:
                    logger.warning("the heartbeat of job %s was not written", job.pk)
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"job-{job.pk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stopped.set()
        thread.join()


def claim_job(pk: int | None = None) -> RecomputeJob | None:
    """The oldest pending job (job ``pk`` only, when given), marked running; ``None`` if none."""
    fail_abandoned_jobs()
    with transaction.atomic():
        queryset = RecomputeJob.objects.filter(state=JobState.PENDING).order_by("pk")
        if pk is not None:
            queryset = queryset.filter(pk=pk)
        if connection.features.has_select_for_update_skip_locked:
            queryset = queryset.select_for_update(skip_locked=True)
        job = queryset.first()
        if job is not None:
            job.state = JobState.RUNNING
            job.updated_at = job.heartbeat_at = timezone.now()
            job.save(update_fields=["state", "updated_at", "heartbeat_at"])
    return job


def advance(job: RecomputeJob | None, *, total: int | None = None, step: int = 0) -> None:
    """Record progress in its own committed write, so a polling page sees it at once."""
    if job is None:
        return
    jobs = RecomputeJob.objects.filter(pk=job.pk)
    if total is not None:
        jobs.update(total=total, done=0, updated_at=timezone.now())
    if step:
        jobs.update(done=F("done") + step, updated_at=timezone.now())


def recompute_group_fully(*, group_id: int, job: RecomputeJob | None = None) -> None:
    """Re-extract every fact of the group's attempts and recompute all its statistics."""
    adventure_ids = list(Adventure.objects.filter(group_id=group_id).values_list("pk", flat=True))
    advance(job, total=len(adventure_ids) + 2)
    for adventure_id in adventure_ids:
        recompute(Scope.ADVENTURE, [adventure_id], force=True)
        advance(job, step=1)
    for scope, ids in ((Scope.GROUP, [group_id]), (Scope.GLOBAL, None)):
        recompute(scope, ids)
        advance(job, step=1)


def recompute_everything(*, force: bool = False, job: RecomputeJob | None = None) -> None:
    """The nightly recompute: every statistic of every scope, from the facts.

    Only stale facts are re-extracted (``force``: all, after a change to the extraction). Each
    step commits on its own, so pages keep reading the previous numbers meanwhile.
    """
    scopes = (Scope.ADVENTURE, Scope.GROUP, Scope.GLOBAL)
    advance(job, total=1 + len(scopes))
    with transaction.atomic():
        facts.refresh_facts({}, force=force)
    advance(job, step=1)
    for scope in scopes:
        recompute(scope, None)
        advance(job, step=1)


def run_job(job: RecomputeJob) -> None:
    """Run a claimed job to the end, recording failure on the job before re-raising."""
    try:
        with heartbeat(job):
            if job.scope == Scope.GROUP:
                recompute_group_fully(group_id=job.scope_id, job=job)
            else:
                recompute_everything(force=True, job=job)
    except Exception as error:
        RecomputeJob.objects.filter(pk=job.pk).update(
            state=JobState.FAILED, error=str(error)[:300], finished_at=timezone.now()
        )
        raise
    RecomputeJob.objects.filter(pk=job.pk).update(state=JobState.DONE, finished_at=timezone.now())


def run_pending_jobs() -> int:
    """Run the oldest pending job, if any; returns how many ran (0 or 1)."""
    if (job := claim_job()) is None:
        return 0
    run_job(job)
    return 1
