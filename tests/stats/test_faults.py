"""Issue 17, defect 6 and the fault probe: a real Celery worker killed with SIGKILL during an
outbox drain and during a full recompute. Afterwards the statistics equal a full recompute and no
job stays stuck: a job whose worker stopped beating is failed at once and can be asked again.

Runs real worker processes on the PostgreSQL test database and the test Redis; the faults
injected are counted in the run's summary (``tests/stats/conftest.py``).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from campaign.models import MissionAttempt, StatisticsOutbox
from stats import services
from stats.models import CellCounts, JobState, RecomputeJob, Scope, StatsSnapshot
from tests.factories import AdventureFactory, GroupFactory
from tests.stats import conftest
from tests.stats.playouts import play_mission
from tests.support.fixtures import running_celery_worker

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.celery]
HEARTBEAT = 0.5
ADVENTURES = 16
ATTEMPTS = 12
TIMEOUT = 60


@pytest.fixture
def history(postgres: None, transactional_db: None, settings: Any) -> int:
    """Enough results for a drain and a recompute to take a while; how many outbox rows."""
    settings.STATS_DRAIN_ON_COMMIT = False
    settings.STATS_JOB_HEARTBEAT_SECONDS = HEARTBEAT
    states = [play_mission(1 + seed % 3, ["Ana", "Ben", "Cy"], seed) for seed in range(4)]
    for index in range(ADVENTURES):
        adventure = AdventureFactory(group=GroupFactory())
        for number in range(1, ATTEMPTS + 1):
            state = states[(index + number) % len(states)]
            MissionAttempt.objects.create(
                adventure=adventure, number=number, mission=1 + number % 3,
                status="success" if number % 4 == 0 else "failure",
                failure_reason="" if number % 4 == 0 else "objective-not-met",
                players=["Ana", "Ben", "Cy"], rounds_played=len(state["tricks"]),
                played_on="2025-09-01", state=state,
            )  # fmt: skip
        StatisticsOutbox.objects.create(group_id=adventure.group_id, adventure=adventure)
    return StatisticsOutbox.objects.count()


def stored() -> tuple[dict[Any, Any], dict[Any, Any]]:
    snapshots = {(s.scope, s.scope_id): s.data for s in StatsSnapshot.objects.all()}
    cells = {(c.scope, c.scope_id, c.mission): c.counts for c in CellCounts.objects.all()}
    return snapshots, cells


def wait_for(condition: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.01)


def another_session_writes_statistics() -> bool:
    """Whether another session of this database holds the statistics writers' advisory lock."""
    key = services.STATISTICS_WRITERS_LOCK
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
            "WHERE d.datname = current_database() AND l.locktype = 'advisory' AND l.granted "
            "AND l.classid::bigint = %s AND l.objid::bigint = %s AND l.pid <> pg_backend_pid()",
            [key >> 32, key & 0xFFFFFFFF],
        )
        return cursor.fetchone() is not None


def kill(process: Any) -> None:
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    conftest.FAULTS_INJECTED.append(process.pid)


def test_a_worker_killed_during_a_drain_and_a_recompute_leaves_nothing_stuck(history, redis_url):
    env = {"STATS_JOB_HEARTBEAT_SECONDS": str(HEARTBEAT)}
    with running_celery_worker(redis_url, **env) as (process, client):
        client.send_task("stats.drain_outbox")
        wait_for(another_session_writes_statistics, "the worker to start draining")
        kill(process)
    # The drain's transaction died with it: every row is still to be done, none half-done.
    assert StatisticsOutbox.objects.filter(processed_at__isnull=True).count() == history
    assert not StatsSnapshot.objects.filter(scope=Scope.ADVENTURE).exists()

    job = services.request_recompute(scope=Scope.GLOBAL)
    with running_celery_worker(redis_url, **env) as (process, client):
        client.send_task("stats.run_pending_jobs")
        wait_for(
            lambda: RecomputeJob.objects.filter(pk=job.pk, state=JobState.RUNNING).exists(),
            "the worker to start the recompute",
        )
        kill(process)
    job.refresh_from_db()
    assert job.state == JobState.RUNNING
    # Its heartbeat stops with the worker: within three beats the job is failed.
    wait_for(lambda: services.fail_abandoned_jobs() > 0, "the job to be found abandoned", 10)
    job.refresh_from_db()
    assert (job.state, job.error) == (JobState.FAILED, str(services.JOB_ABANDONED))

    again = services.request_recompute(scope=Scope.GLOBAL)
    assert again.pk != job.pk
    with running_celery_worker(redis_url, **env) as (_process, client):
        assert client.send_task("stats.drain_outbox").get(timeout=TIMEOUT) == history
        assert client.send_task("stats.run_pending_jobs").get(timeout=TIMEOUT) == 1
    again.refresh_from_db()
    assert again.state == JobState.DONE
    assert not RecomputeJob.objects.filter(state__in=[JobState.PENDING, JobState.RUNNING]).exists()
    assert not StatisticsOutbox.objects.filter(processed_at__isnull=True).exists()

    after_faults = stored()
    assert len(after_faults[0]) == 2 * ADVENTURES + 1
    services.recompute_everything(force=True)
    assert stored() == after_faults
