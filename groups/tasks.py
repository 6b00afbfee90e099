"""Celery tasks of the groups app: each calls one service and is safe to run twice."""

from __future__ import annotations

from celery import shared_task

from groups import deleted


@shared_task(name="groups.purge_deleted")
def purge_deleted() -> int:
    """Forget what was deleted more than 30 days ago (daily, from beat)."""
    return deleted.purge()
