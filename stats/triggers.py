"""When statistics recompute without a broker (``CELERY_TASK_ALWAYS_EAGER``, e.g. ``make run``).

With no beat, the outbox rows a user's change wrote (that group's only) are drained in-process once
the response has been sent (``web.answered``), so no request pays for the statistics; outside a
request, once the transaction commits. A full recompute asked for on the page runs the same way.
A signal keeps this hook on the statistics side of the campaign services.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save

from web.answered import when_answered


def drain_after_commit(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
    if created and settings.CELERY_TASK_ALWAYS_EAGER and settings.STATS_DRAIN_ON_COMMIT:
        transaction.on_commit(lambda: when_answered(drain, instance.group_id))


def drain(group_id: int) -> None:
    """The group's due outbox rows."""
    from stats import services

    services.drain_outbox(group_id=group_id)


def run_job(job_id: int) -> None:
    """Claim and run the recompute job ``job_id`` if it is still pending."""
    from stats import services

    if (job := services.claim_job(job_id)) is not None:
        services.run_job(job)


def connect() -> None:
    from campaign.models import StatisticsOutbox

    post_save.connect(drain_after_commit, sender=StatisticsOutbox, dispatch_uid="stats-drain")
