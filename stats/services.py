"""Recomputing and storing statistics: the services the Celery tasks call.

Everything here is idempotent: facts are deleted and reinserted per attempt, snapshots are
upserted per scope, so running a service twice stores the same numbers. Nothing here talks to
Redis; the outbox rows written by ``campaign.outbox`` in the same transaction as each result say
what to recompute.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import F, Max
from django.utils import timezone

from campaign.models import Adventure, StatisticsOutbox
from stats import aggregates, facts
from stats.models import GLOBAL_SCOPE_ID, JobState, RecomputeJob, Scope, StatsSnapshot

OUTBOX_BATCH = 500
SCOPE_CHUNK = 200


def store(scope: str, computed: dict[int, aggregates.Data], *, source_version: int) -> None:
    """Upsert one snapshot per scope id (one statement, safe when two workers race)."""
    now = timezone.now()
    StatsSnapshot.objects.bulk_create(
        [
            StatsSnapshot(
                scope=scope,
                scope_id=scope_id,
                data=data,
                computed_at=now,
                source_version=source_version,
            )
            for scope_id, data in computed.items()
        ],
        update_conflicts=True,
        unique_fields=["scope", "scope_id"],
        update_fields=["data", "computed_at", "source_version"],
    )


def outbox_version() -> int:
    """The highest outbox id so far: numbers computed now include every result up to it."""
    return StatisticsOutbox.objects.aggregate(top=Max("pk"))["top"] or 0


def chunks(ids: Sequence[int], size: int = SCOPE_CHUNK) -> Iterable[list[int]]:
    for start in range(0, len(ids), size):
        yield list(ids[start : start + size])


@transaction.atomic
def recompute_adventures(*, adventure_ids: Sequence[int], force: bool = False) -> None:
    """Refresh the facts of the adventures' attempts, then recompute and store their statistics.

    A deleted adventure's snapshot is removed.
    """
    version = outbox_version()
    existing = list(Adventure.objects.filter(pk__in=adventure_ids).values_list("pk", flat=True))
    StatsSnapshot.objects.filter(
        scope=Scope.ADVENTURE, scope_id__in=set(adventure_ids) - set(existing)
    ).delete()
    if not existing:
        return
    facts.refresh_facts({"adventure_id__in": existing}, force=force)
    store(Scope.ADVENTURE, aggregates.compute(Scope.ADVENTURE, existing), source_version=version)


@transaction.atomic
def recompute_groups(*, group_ids: Sequence[int]) -> None:
    """Recompute the groups' statistics from facts already extracted for their adventures."""
    from groups.models import Group

    version = outbox_version()
    existing = list(Group.objects.filter(pk__in=group_ids).values_list("pk", flat=True))
    StatsSnapshot.objects.filter(
        scope=Scope.GROUP, scope_id__in=set(group_ids) - set(existing)
    ).delete()
    if existing:
        store(Scope.GROUP, aggregates.compute(Scope.GROUP, existing), source_version=version)


@transaction.atomic
def recompute_global() -> None:
    """Each mission's success rate and average attempts over every group (no names)."""
    version = outbox_version()
    store(
        Scope.GLOBAL,
        aggregates.compute(Scope.GLOBAL, [GLOBAL_SCOPE_ID]),
        source_version=version,
    )


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


def claim_job() -> RecomputeJob | None:
    with transaction.atomic():
        queryset = RecomputeJob.objects.filter(state=JobState.PENDING).order_by("pk")
        if connection.features.has_select_for_update_skip_locked:
            queryset = queryset.select_for_update(skip_locked=True)
        job = queryset.first()
        if job is not None:
            job.state = JobState.RUNNING
            job.save(update_fields=["state"])
    return job


def advance(job: RecomputeJob | None, *, total: int | None = None, step: int = 0) -> None:
    """Record progress in its own committed write, so a polling page sees it at once."""
    if job is None:
        return
    if total is not None:
        RecomputeJob.objects.filter(pk=job.pk).update(total=total, done=0)
    if step:
        RecomputeJob.objects.filter(pk=job.pk).update(done=F("done") + step)


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
    """The nightly recompute: every adventure and group in chunks (flat memory), then global.

    Without ``force`` only facts of changed attempts are re-extracted.
    """
    from groups.models import Group

    adventure_ids = list(Adventure.objects.order_by("pk").values_list("pk", flat=True))
    group_ids = list(Group.objects.order_by("pk").values_list("pk", flat=True))
    advance(job, total=len(adventure_ids) + len(group_ids) + 1)
    for chunk in chunks(adventure_ids):
        recompute_adventures(adventure_ids=chunk, force=force)
        advance(job, step=len(chunk))
    for chunk in chunks(group_ids):
        recompute_groups(group_ids=chunk)
        advance(job, step=len(chunk))
    recompute_global()
    advance(job, step=1)


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
