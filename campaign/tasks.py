"""Celery tasks of the campaign app: each calls one service and is safe to run twice. A passing
database failure retries with backoff, as every task does (``config.celery.RetryingTask``)."""

from __future__ import annotations

from celery import shared_task

from campaign import backups


@shared_task(name="campaign.backup_groups")
def backup_groups() -> dict[str, list[int]]:
    """The nightly backups (beat, ``CELERY_BEAT_SCHEDULE``): every group that changed since its
    last backup; returns the group ids backed up, unchanged and failed."""
    run = backups.backup_all_groups()
    return {"backed_up": run.backed_up, "unchanged": run.unchanged, "failed": run.failed}
