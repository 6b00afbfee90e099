"""Statistics computed by a real Celery worker on PostgreSQL and Redis.

A recorded result updates the adventure's, the group's and the global statistics; a correction
changes them back; running the tasks again changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from campaign.models import StatisticsOutbox
from stats.models import Scope, StatsSnapshot
from tests.factories import AdventureFactory, GroupFactory
from tests.stats.conftest import correct, record_driven

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.celery]
TIMEOUT = 60


def numbers() -> dict[tuple[str, int], Any]:
    return {(s.scope, s.scope_id): s.data for s in StatsSnapshot.objects.all()}


def run(client: Any, name: str) -> Any:
    return client.send_task(name).get(timeout=TIMEOUT)


@pytest.fixture
def no_eager_drain(settings):
    """This test process has no broker (eager); only the real worker may compute here."""
    settings.STATS_DRAIN_ON_COMMIT = False


def test_worker_updates_corrects_and_is_idempotent(postgres, celery_worker, no_eager_drain):
    group = GroupFactory()
    adventure = AdventureFactory(group=group)
    rival = AdventureFactory(group=GroupFactory())
    record_driven(rival, "success", seed=4)
    first = record_driven(adventure, "failure", seed=1)
    assert run(celery_worker, "stats.drain_outbox") >= 4
    key = {
        "adventure": (Scope.ADVENTURE, adventure.pk),
        "group": (Scope.GROUP, group.pk),
        "global": (Scope.GLOBAL, 0),
    }
    before = numbers()
    assert before[key["adventure"]]["totals"]["failures"] == 1
    assert before[key["group"]]["totals"]["failures"] == 1
    mission_1 = next(m for m in before[key["global"]]["missions"] if m["mission"] == 1)
    assert (mission_1["attempts"], mission_1["successes"]) == (2, 1)

    record_driven(adventure, "success", seed=2)
    assert run(celery_worker, "stats.drain_outbox") == 1
    after = numbers()
    assert after[key["adventure"]]["totals"]["successes"] == 1
    assert after[key["group"]]["totals"]["attempts"] == 2
    mission_1 = next(m for m in after[key["global"]]["missions"] if m["mission"] == 1)
    assert (mission_1["attempts"], mission_1["successes"]) == (3, 2)

    # Correcting the first attempt to a success, then back, restores the numbers exactly.
    correct(first, result="success")
    run(celery_worker, "stats.drain_outbox")
    assert numbers()[key["adventure"]]["totals"]["successes"] == 2
    correct(first, result="failure")
    run(celery_worker, "stats.drain_outbox")
    assert numbers() == after

    assert run(celery_worker, "stats.drain_outbox") == 0
    run(celery_worker, "stats.recompute_all")
    run(celery_worker, "stats.recompute_all")
    celery_worker.send_task("stats.recompute_adventure", args=[adventure.pk]).get(timeout=TIMEOUT)
    assert numbers() == after
    assert not StatisticsOutbox.objects.filter(processed_at__isnull=True).exists()
