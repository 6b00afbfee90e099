"""When statistics recompute without a broker (the embedded default).

With Redis configured, beat drains the outbox every few seconds and nothing here runs. With no
broker (``CELERY_TASK_ALWAYS_EAGER``, e.g. ``make run``) there is no beat, so the outbox rows a
user's change wrote are drained in-process: only that group's rows, and only once the response
has been sent (``request_finished``), so the request that ended a mission never pays for the
statistics, and no request computes another group's. Outside a request (a management command, a
shell) they are drained once the transaction that wrote them commits. A signal is used because
the campaign services (another app) write the outbox; this keeps the hook on the statistics side.

A full recompute someone asks for on the statistics page (``RecomputeJob``) has no worker to start
it either: ``run_job_when_answered`` runs it in-process once the response has been sent, so the
page's polling shows its progress and its end.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db import transaction
from django.db.models.signals import post_save

logger = logging.getLogger(__name__)


class Requests(threading.local):
    """Per thread: whether a request is being answered, and the groups it changed."""

    def __init__(self) -> None:
        self.answering = False
        self.groups: set[int] = set()
        self.jobs: list[int] = []


requests = Requests()


def drain_after_commit(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
    if created and settings.CELERY_TASK_ALWAYS_EAGER and settings.STATS_DRAIN_ON_COMMIT:
        transaction.on_commit(lambda: drain_when_answered(instance.group_id))


def drain_when_answered(group_id: int) -> None:
    if requests.answering:
        requests.groups.add(group_id)
    else:
        drain(group_id)


def drain(group_id: int) -> None:
    """The group's due outbox rows; a failure is logged, never raised to the caller."""
    from stats.services import drain_outbox

    try:
        drain_outbox(group_id=group_id)
    except Exception:
        logger.exception("statistics of group %s were not drained", group_id)


def run_job_when_answered(job_id: int) -> None:
    """Run the pending recompute job ``job_id`` in-process after the response (no broker)."""
    if requests.answering:
        requests.jobs.append(job_id)
    else:
        run_job(job_id)


def run_job(job_id: int) -> None:
    """Claim and run job ``job_id`` if it is still pending; a failure is logged (and on the job)."""
    from stats.services import claim_job
    from stats.services import run_job as run_claimed

    try:
        if (job := claim_job(job_id)) is not None:
            run_claimed(job)
    except Exception:
        logger.exception("the statistics recompute job %s failed", job_id)


def request_began(**kwargs: Any) -> None:
    requests.answering = True
    requests.groups.clear()
    requests.jobs.clear()


def request_ended(**kwargs: Any) -> None:
    """After the response went out: drain the groups the request changed."""
    requests.answering = False
    groups, requests.groups = sorted(requests.groups), set()
    for group_id in groups:
        drain(group_id)
    jobs, requests.jobs = requests.jobs, []
    for job_id in jobs:
        run_job(job_id)


def connect() -> None:
    from campaign.models import StatisticsOutbox

    post_save.connect(drain_after_commit, sender=StatisticsOutbox, dispatch_uid="stats-drain")
    request_started.connect(request_began, dispatch_uid="stats-request-began")
    request_finished.connect(request_ended, dispatch_uid="stats-request-ended")
