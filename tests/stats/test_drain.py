"""Issue 17, defect 1: one group's row the database refuses stops nobody else's statistics.

A content pack's colour id longer than the statistics' colour column (20 characters) used to roll
back the drain's whole batch, on every run, and on the embedded default answered 500 to another
group's user creating an adventure. The drain now computes each adventure and group on its own:
the failing row is noted with its error, retried with backoff, reported in ``/healthz`` and on
the statistics page; the others are processed.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models import MissionAttempt, StatisticsOutbox
from groups.models import Role
from stats import services
from stats.models import OutboxFailure, Scope, StatsSnapshot
from tests.factories import AdventureFactory, MembershipFactory
from tests.stats.conftest import record_driven
from web import answered

LONG_COLOUR = "x" * 40


def with_long_colour(attempt: MissionAttempt) -> None:
    """The attempt's final state as a pack with a 40-character colour id leaves it."""
    state = attempt.state
    state["tricks"][0]["trump"] = LONG_COLOUR
    MissionAttempt.objects.filter(pk=attempt.pk).update(state=state, updated_at=timezone.now())


@pytest.fixture
def bad_group(postgres: None, settings: Any) -> Any:
    """A group whose one result holds an over-long colour id (its outbox rows are unprocessed)."""
    settings.STATS_DRAIN_ON_COMMIT = False
    member = MembershipFactory(role=Role.OWNER)
    adventure = AdventureFactory(group=member.group)
    with_long_colour(record_driven(adventure, "success", seed=5))
    return member


def snapshot_of(adventure_id: int) -> dict[str, Any] | None:
    found = StatsSnapshot.objects.filter(scope=Scope.ADVENTURE, scope_id=adventure_id).first()
    return found.data if found else None


def test_a_refused_row_fails_alone_and_is_retried_with_backoff(bad_group, played, client):
    bad_rows = StatisticsOutbox.objects.filter(group=bad_group.group)
    drained = services.drain_outbox()
    failed = bad_rows.count()
    assert drained.failed == failed > 0
    assert drained.rows == StatisticsOutbox.objects.exclude(group=bad_group.group).count()
    assert snapshot_of(played["adventure"].pk)["totals"]["attempts"] == 3
    failures = OutboxFailure.objects.filter(outbox__group=bad_group.group)
    assert failures.count() == failed
    failure = failures.first()
    assert failure.error.startswith("DataError: value too long")
    assert failure.failures == 1
    assert not bad_rows.filter(processed_at__isnull=False).exists()

    # Reported where people look: /healthz and the group's statistics page (not other groups').
    assert client.get(reverse("healthz")).json()["checks"]["statistics"] == {
        "state": "degraded",
        "failed": failed,
    }
    client.force_login(bad_group.user)
    page = client.get(reverse("stats:group", args=[bad_group.group_id])).content.decode()
    assert 'id="stats-failures"' in page
    assert "value too long" in page
    client.force_login(played["user"])
    page = client.get(reverse("stats:group", args=[played["group"].pk])).content.decode()
    assert 'id="stats-failures"' not in page

    # Not retried before its time; then retried, with a doubled delay.
    assert services.drain_outbox().failed == 0
    OutboxFailure.objects.update(retry_at=timezone.now())
    assert services.drain_outbox().failed == failed
    failure.refresh_from_db()
    assert failure.failures == 2
    assert failure.retry_at - failure.failed_at == 2 * services.RETRY_FIRST

    # Once the row can be computed, it is processed and its note goes.
    attempt = MissionAttempt.objects.get(adventure__group=bad_group.group)
    state = attempt.state
    state["tricks"][0]["trump"] = "blue"
    MissionAttempt.objects.filter(pk=attempt.pk).update(state=state, updated_at=timezone.now())
    OutboxFailure.objects.update(retry_at=timezone.now())
    assert services.drain_outbox().rows == failed
    assert not OutboxFailure.objects.exists()
    assert snapshot_of(attempt.adventure_id)["totals"]["successes"] == 1


def test_another_groups_request_is_not_blocked_and_drains_only_its_group_afterwards(
    bad_group, client, settings, monkeypatch, transactional_db
):
    """On the embedded default, the drain after a user's change runs once the response has been
    sent, and only over that user's group's rows: the other group's refused row is not touched."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.STATS_DRAIN_ON_COMMIT = True
    calls: list[tuple[int | None, bool]] = []
    drain = services.drain_outbox

    def watched(**kwargs: Any) -> services.Drained:
        calls.append((kwargs.get("group_id"), answered.requests.answering))
        return drain(**kwargs)

    monkeypatch.setattr(services, "drain_outbox", watched)
    member = MembershipFactory(role=Role.PLAYER)
    client.force_login(member.user)
    response = client.post(reverse("campaign:new", args=[member.group_id]), {"name": "Spring"})
    assert response.status_code == 302
    assert calls == [(member.group_id, False)]
    assert not StatisticsOutbox.objects.filter(group=member.group, processed_at=None).exists()
    assert not StatisticsOutbox.objects.filter(
        group=bad_group.group, processed_at__isnull=False
    ).exists()
    assert not OutboxFailure.objects.exists()
