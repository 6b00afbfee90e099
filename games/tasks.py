"""Celery tasks of the play log: each takes an id (or nothing), calls one service, and is safe to
run twice. Nothing enqueues them from a request when a broker is configured: writes only mark
the database (a pending import, a stale snapshot) and beat runs the two sweeps below every few
seconds (see CELERY_BEAT_SCHEDULE). A passing database failure retries with backoff, as every task
does (``config.celery.RetryingTask``)."""

from __future__ import annotations

from celery import shared_task

from games import playlog, playstats


@shared_task(name="games.import_plays")
def import_plays(import_id: int) -> str:
    """Import a confirmed BG Stats file: every new play in one transaction, or none."""
    return playlog.run_import(import_id=import_id).state


@shared_task(name="games.recompute_play_stats")
def recompute_play_stats(group_id: int) -> None:
    playstats.recompute(group_id=group_id)


@shared_task(name="games.run_pending_imports")
def run_pending_imports() -> int:
    return playlog.run_pending_imports()


@shared_task(name="games.recompute_stale_play_stats")
def recompute_stale_play_stats() -> int:
    return playstats.recompute_stale()
