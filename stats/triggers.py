"""When statistics recompute without a broker (``CELERY_TASK_ALWAYS_EAGER``, e.g. ``make run``).

With no beat, the outbox rows a user's change wrote (that group's only) are drained in-process once
the response has been sent, so no request pays for the statistics; outside a request, once the
transaction commits. A full recompute asked for on the page runs the same way. A signal keeps this
hook on the statistics side of the campaign services.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db import transaction
from django.db.models.signals import post_save

logger = logging.getLogger(__name__)

Work = Callable[[int], object]


class Requests(threading.local):
    """Per thread: whether a request is being answered, and the work to run after its response."""

    def __init__(self) -> None:
        self.answering = False
        self.after: dict[tuple[Work, int], None] = {}  # an ordered set


requests = Requests()


def drain_after_commit(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
    if created and settings.CELERY_TASK_ALWAYS_EAGER and settings.STATS_DRAIN_ON_COMMIT:
        transaction.on_commit(lambda: when_answered(drain, instance.group_id))


def when_answered(work: Work, key: int) -> None:
    """``work(key)`` once the response has been sent (at once outside a request), once per key."""
    if requests.answering:
        requests.after[work, key] = None
    else:
        safely(work, key)


def safely(work: Work, key: int) -> None:
    """A failure is logged (and, for a job, on the job), never raised to the caller."""
    try:
        work(key)
    except Exception:
        logger.exception("statistics: %s(%s) failed", work.__name__, key)


def drain(group_id: int) -> None:
    """The group's due outbox rows."""
    from stats import services

    services.drain_outbox(group_id=group_id)


def run_job(job_id: int) -> None:
    """Claim and run the recompute job ``job_id`` if it is still pending."""
    from stats import services

    if (job := services.claim_job(job_id)) is not None:
        services.run_job(job)


def request_began(**kwargs: Any) -> None:
    requests.answering = True
    requests.after.clear()


def request_ended(**kwargs: Any) -> None:
    """After the response went out: the work the request left."""
    requests.answering = False
    after, requests.after = requests.after, {}
    for work, key in after:
        safely(work, key)


def connect() -> None:
    from campaign.models import StatisticsOutbox

    post_save.connect(drain_after_commit, sender=StatisticsOutbox, dispatch_uid="stats-drain")
    request_started.connect(request_began, dispatch_uid="stats-request-began")
    request_finished.connect(request_ended, dispatch_uid="stats-request-ended")
