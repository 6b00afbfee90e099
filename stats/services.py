"""Recomputing and storing statistics: the services the Celery tasks call.

Everything here is idempotent: facts are deleted and reinserted per attempt, snapshots are
upserted per scope, so running a service twice stores the same numbers. Nothing here talks to
Redis; the outbox rows written by ``campaign.outbox`` in the same transaction as each result say
what to recompute.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import islice
from typing import TypeVar

from django.db import connection, models, transaction
from django.db.models import F, Max
from django.db.models.functions import Now
from django.utils import timezone

from campaign.models import Adventure, StatisticsOutbox
from stats import aggregates, bulk, facts, heatmaps
from stats.models import (
    GLOBAL_SCOPE_ID,
    CellCounts,
    JobState,
    RecomputeJob,
    Scope,
    StatsSnapshot,
)

OUTBOX_BATCH = 500
SCOPE_CHUNK = 200
SNAPSHOT_BATCH = 500
STALE_JOB = timedelta(minutes=30)
EVERYTHING = ("facts", "adventures", "groups", "global")
T = TypeVar("T")


def store(
    scope: str, computed: Iterable[tuple[int, aggregates.Data]], *, source_version: int
) -> None:
    """Upsert one snapshot per scope id, a batch per statement (safe when two workers race).

    ``computed_at`` is the database's ``Now()``: an expression also keeps Django from sending the
    batch as PostgreSQL arrays (``UNNEST``), whose text quoting of every JSON document took
    longer than computing the numbers (measured: 4 s of a 16 s full recompute).
    """
    now = Now()
    for batch in batched(computed, SNAPSHOT_BATCH):
        StatsSnapshot.objects.bulk_create(
            [
                StatsSnapshot(
                    scope=scope,
                    scope_id=scope_id,
                    data=data,
                    computed_at=now,
                    source_version=source_version,
                )
                for scope_id, data in batch
            ],
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


def chunks(ids: Sequence[int], size: int = SCOPE_CHUNK) -> Iterable[list[int]]:
    for start in range(0, len(ids), size):
        yield list(ids[start : start + size])


# Any 64-bit number no other advisory lock of the project uses.
STATISTICS_WRITERS_LOCK = 0x51_75_65_73_74_6C_6F_67


def one_statistics_writer_at_a_time() -> None:
    """Wait until no other transaction writes statistics, then hold that right until this one ends.

    ``FactTally`` has no unique key (checking one cost its inserts more than they cost), so an
    outbox drain rewriting an adventure's tallies and the nightly recompute syncing every tally
    would, side by side, both insert that adventure's new rows. A transaction-level advisory lock
    on PostgreSQL serializes them; SQLite runs one writing transaction at a time anyway. Taken
    first thing in every writing transaction, so no writer holds a contested row while it waits.
    The nightly heatmaps, written on a connection of their own meanwhile, do not take it (they
    would wait for the transaction that waits for them); ``CellCounts`` has a unique key.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [STATISTICS_WRITERS_LOCK])


def recompute_scopes(scope: str, ids: Sequence[int] | None, *, version: int) -> None:
    """The statistics and heatmaps of ``ids`` (every scope of that kind when ``None``)."""
    aggregates.tune_for_aggregates()
    if scope == Scope.ADVENTURE:
        aggregates.refresh_tallies(ids)
    if scope != Scope.GLOBAL:
        heatmaps.refresh(scope, ids)
    store(scope, aggregates.compute_stream(scope, ids), source_version=version)


@transaction.atomic
def recompute_adventures(*, adventure_ids: Sequence[int], force: bool = False) -> None:
    """Refresh the facts of the adventures' attempts, then recompute and store their statistics.

    A deleted adventure's snapshot and heatmaps are removed.
    """
    one_statistics_writer_at_a_time()
    version = outbox_version()
    existing = list(Adventure.objects.filter(pk__in=adventure_ids).values_list("pk", flat=True))
    gone = set(adventure_ids) - set(existing)
    for model in (StatsSnapshot, CellCounts):
        model.objects.filter(scope=Scope.ADVENTURE, scope_id__in=gone).delete()
    if not existing:
        return
    facts.refresh_facts({"adventure_id__in": existing}, force=force)
    recompute_scopes(Scope.ADVENTURE, existing, version=version)


@transaction.atomic
def recompute_groups(*, group_ids: Sequence[int]) -> None:
    """Recompute the groups' statistics from facts already extracted for their adventures."""
    from groups.models import Group

    one_statistics_writer_at_a_time()
    version = outbox_version()
    existing = list(Group.objects.filter(pk__in=group_ids).values_list("pk", flat=True))
    gone = set(group_ids) - set(existing)
    for model in (StatsSnapshot, CellCounts):
        model.objects.filter(scope=Scope.GROUP, scope_id__in=gone).delete()
    if existing:
        recompute_scopes(Scope.GROUP, existing, version=version)


@transaction.atomic
def recompute_global() -> None:
    """Each mission's success rate and average attempts over every group (no names)."""
    one_statistics_writer_at_a_time()
    recompute_scopes(Scope.GLOBAL, [GLOBAL_SCOPE_ID], version=outbox_version())


def recompute_adventure(*, adventure_id: int) -> None:
    """One adventure, then its group and the global statistics (the incremental update)."""
    group_id = Adventure.objects.filter(pk=adventure_id).values_list("group_id", flat=True).first()
    recompute_adventures(adventure_ids=[adventure_id])
    if group_id is not None:
        recompute_groups(group_ids=[group_id])
    recompute_global()


@dataclass
class Drained:
    rows: int = 0
    adventures: list[int] = field(default_factory=list)
    groups: list[int] = field(default_factory=list)


def claim_outbox(limit: int) -> list[dict[str, int | None]]:
    """Unprocessed outbox rows, locked; rows another worker holds are skipped, not waited for."""
    queryset = StatisticsOutbox.objects.filter(processed_at__isnull=True).order_by("pk")
    if connection.features.has_select_for_update_skip_locked:
        queryset = queryset.select_for_update(skip_locked=True)
    return list(queryset.values("pk", "group_id", "adventure_id")[:limit])


@transaction.atomic
def drain_outbox(*, limit: int = OUTBOX_BATCH) -> Drained:
    """Recompute what the unprocessed outbox rows name, once each, then mark them processed.

    The rows stay locked (``select_for_update(skip_locked=True)`` on PostgreSQL) until the
    statistics are stored, in the same transaction: a crash leaves them unprocessed for the next
    run, and two workers never take the same rows.
    """
    rows = claim_outbox(limit)
    if not rows:
        return Drained()
    one_statistics_writer_at_a_time()
    adventures = sorted({r["adventure_id"] for r in rows if r["adventure_id"] is not None})
    groups = sorted({r["group_id"] for r in rows if r["group_id"] is not None})
    for chunk in chunks(adventures):
        recompute_adventures(adventure_ids=chunk)
    for chunk in chunks(groups):
        recompute_groups(group_ids=chunk)
    recompute_global()
    StatisticsOutbox.objects.filter(pk__in=[r["pk"] for r in rows]).update(
        processed_at=timezone.now()
    )
    return Drained(rows=len(rows), adventures=adventures, groups=groups)


# --- Full recomputes, with progress ---------------------------------------------------------------


def request_recompute(*, scope: str, scope_id: int = GLOBAL_SCOPE_ID) -> RecomputeJob:
    """Ask for a full recompute; a worker starts it (only the database is written, never Redis).

    Asking again while one is waiting returns the waiting one.
    """
    waiting = RecomputeJob.objects.filter(
        scope=scope, scope_id=scope_id, state__in=[JobState.PENDING, JobState.RUNNING]
    ).first()
    return waiting or RecomputeJob.objects.create(scope=scope, scope_id=scope_id)


def reclaim_stale_jobs(*, older_than: timedelta = STALE_JOB) -> int:
    """Put back to waiting the running jobs nobody advanced for ``older_than``; returns how many.

    A worker that died (killed, out of memory, lost its machine) leaves its job ``running``; a
    live worker touches ``updated_at`` with every step, so a job this old has no worker left.
    """
    return RecomputeJob.objects.filter(
        state=JobState.RUNNING, updated_at__lt=timezone.now() - older_than
    ).update(state=JobState.PENDING, updated_at=timezone.now())


def claim_job() -> RecomputeJob | None:
    reclaim_stale_jobs()
    with transaction.atomic():
        queryset = RecomputeJob.objects.filter(state=JobState.PENDING).order_by("pk")
        if connection.features.has_select_for_update_skip_locked:
            queryset = queryset.select_for_update(skip_locked=True)
        job = queryset.first()
        if job is not None:
            job.state = JobState.RUNNING
            job.updated_at = timezone.now()
            job.save(update_fields=["state", "updated_at"])
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
        recompute_adventures(adventure_ids=[adventure_id], force=True)
        advance(job, step=1)
    recompute_groups(group_ids=[group_id])
    advance(job, step=1)
    recompute_global()
    advance(job, step=1)


def recompute_everything(*, force: bool = False, job: RecomputeJob | None = None) -> None:
    """The nightly recompute: every statistic of every scope, from the facts.

    Facts are kept up to date as attempts change, so only attempts whose facts are missing or
    stale are (re)extracted first; ``force`` re-extracts every attempt (after a change to the
    extraction itself). Then each scope kind is recomputed by one set of grouped queries over all
    its scopes at once, heatmaps by the database (``stats.heatmaps``), snapshots streamed scope by
    scope, so memory stays flat as the history grows; on PostgreSQL adventures and groups are
    recomputed together, in one transaction (``stats.bulk``). Scopes whose adventure or group is
    gone lose their rows. Each step commits on its own: pages keep reading the previous numbers
    meanwhile.
    """
    from groups.models import Group

    advance(job, total=len(EVERYTHING))
    with transaction.atomic():
        facts.refresh_facts({}, force=force)
    advance(job, step=1)
    scopes = ((Scope.ADVENTURE, Adventure), (Scope.GROUP, Group))
    if bulk.supported():
        with bulk.alongside() as alongside_rows, transaction.atomic():
            one_statistics_writer_at_a_time()
            version = outbox_version()
            for scope, model in scopes:
                forget_gone(scope, model, (StatsSnapshot,))
            aggregates.tune_for_aggregates()
            bulk.recompute_adventures_and_groups(version=version, alongside_rows=alongside_rows)
        advance(job, step=len(scopes))
    else:
        for scope, model in scopes:
            with transaction.atomic():
                one_statistics_writer_at_a_time()
                version = outbox_version()
                forget_gone(scope, model)
                recompute_scopes(scope, None, version=version)
            advance(job, step=1)
    recompute_global()
    advance(job, step=1)


def forget_gone(
    scope: str,
    model: type[models.Model],
    kinds: Sequence[type[StatsSnapshot | CellCounts]] = (StatsSnapshot, CellCounts),
) -> None:
    """Delete the rows (snapshot, heatmaps) of each ``scope`` whose adventure or group is gone."""
    existing = model._default_manager.values("pk")
    for rows in kinds:
        rows.objects.filter(scope=scope).exclude(scope_id__in=existing).delete()


def run_job(job: RecomputeJob) -> None:
    """Run a claimed job to the end, recording failure on the job before re-raising."""
    try:
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


def run_pending_jobs(*, limit: int = 1) -> int:
    ran = 0
    while ran < limit and (job := claim_job()) is not None:
        run_job(job)
        ran += 1
    return ran
