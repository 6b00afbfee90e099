"""Celery tasks: each takes ids (or nothing), calls one service, and is safe to run twice.

No request enqueues these: beat drains the outbox (``CELERY_BEAT_SCHEDULE``). A task that fails
on the database (a dropped connection, a deadlock) retries with backoff, as every task does
(``config.celery.RetryingTask``).
"""

from __future__ import annotations

from celery import shared_task

from stats import services


@shared_task(name="stats.drain_outbox")
def drain_outbox() -> int:
    """Recompute what changed since the last run; returns how many outbox rows were processed."""
    return services.drain_outbox().rows


@shared_task(name="stats.run_pending_jobs")
def run_pending_jobs() -> int:
    """Start the full recomputes people asked for (with progress)."""
    return services.run_pending_jobs()


@shared_task(name="stats.recompute_adventure")
def recompute_adventure(adventure_id: int) -> None:
    services.recompute_adventure(adventure_id=adventure_id)


@shared_task(name="stats.recompute_all")
def recompute_all() -> None:
    """The nightly full recompute of every statistic (facts are re-extracted only if stale)."""
    services.recompute_everything()
