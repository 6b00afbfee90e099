"""When statistics recompute without a broker (the embedded default).

With Redis configured, beat drains the outbox every few seconds and nothing here runs. With no
broker (``CELERY_TASK_ALWAYS_EAGER``, e.g. ``make run``) there is no beat, so once the
transaction that wrote an outbox row commits, the drain runs in-process. A signal is used because
the campaign services (another app) write the outbox; this keeps the hook on the statistics side.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save


def drain_after_commit(sender: Any, created: bool = False, **kwargs: Any) -> None:
    if created and settings.CELERY_TASK_ALWAYS_EAGER and settings.STATS_DRAIN_ON_COMMIT:
        from stats.tasks import drain_outbox

        transaction.on_commit(drain_outbox.delay)


def connect() -> None:
    from campaign.models import StatisticsOutbox

    post_save.connect(drain_after_commit, sender=StatisticsOutbox, dispatch_uid="stats-drain")
