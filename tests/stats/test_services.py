"""The statistics services: facts extracted from engine states, grouped numbers, idempotence."""

from __future__ import annotations

import time
from collections import Counter
from datetime import timedelta
from typing import Any

from django.utils import timezone

from campaign import services as campaign_services
from campaign.models import MissionAttempt, StatisticsOutbox
from games.models import Person
from games.rules.spirits import from_json
from stats import heatmaps, services
from stats.models import (
    CellCounts,
    CoverageFact,
    JobState,
    RecomputeJob,
    Scope,
    StatsSnapshot,
    TrickFact,
)


def snapshot(scope: str, scope_id: int = 0) -> dict[str, Any]:
    return StatsSnapshot.objects.get(scope=scope, scope_id=scope_id).data


def expected_from_states(attempts: list[MissionAttempt]) -> dict[str, Any]:
    """The numbers computed independently, straight from the engine states."""
    won: Counter[str] = Counter()
    cells = [0] * 144
    changes = 0
    for attempt in attempts:
        state = from_json(attempt.state)
        for trick in state.tricks:
            won[trick.winner] += 1
            changes += trick.led_by != trick.winner
            for row, col in trick.placement.cells if trick.placement else ():
                cells[row * 12 + col] += 1
    return {"won": dict(won), "cells": cells, "changes": changes}


def test_drain_computes_adventure_group_and_global(db, played):
    """Draining the outbox extracts facts and stores the three scopes' statistics."""
    drained = services.drain_outbox()
    assert drained.rows >= 3
    assert not StatisticsOutbox.objects.filter(processed_at__isnull=True).exists()
    attempts = [MissionAttempt.objects.get(pk=a.pk) for a in played["attempts"]]
    expected = expected_from_states(attempts)
    data = snapshot(Scope.ADVENTURE, played["adventure"].pk)
    assert data["totals"] == {
        "attempts": 3, "successes": 1, "failures": 2, "rate": 0.3333, "minutes": 70
    }  # fmt: skip
    assert {m["mission"]: (m["attempts"], m["successes"]) for m in data["missions"]} == {
        1: (2, 1),
        2: (1, 0),
    }
    assert {w["seat"]: w["count"] for w in data["tricks_won"]} == expected["won"]
    [board] = heatmaps.for_scope(Scope.ADVENTURE, played["adventure"].pk, [12])
    overall, per_mission = board.overall, board.missions
    assert overall == expected["cells"]
    assert [sum(cells) for cells in zip(*per_mission.values(), strict=True)] == overall
    assert sorted(per_mission) == [1, 2]
    assert sum(r["changes"] for r in data["leader_changes"]) == expected["changes"]
    assert data["failure_reasons"][0]["count"] == 2
    names = dict(Person.objects.values_list("pk", "name"))
    assert {names[p["person"]]: p["attempts"] for p in data["participation"]} == {
        "Ana": 3, "Ben": 3, "Cy": 1
    }  # fmt: skip
    group = snapshot(Scope.GROUP, played["group"].pk)
    assert group["totals"] == data["totals"]
    assert heatmaps.for_scope(Scope.GROUP, played["group"].pk, [12]) == [board]
    ranking = snapshot(Scope.GLOBAL)["ranking"]
    assert [(m["mission"], m["rate"]) for m in ranking] == [(2, 0.0), (1, 0.5)]
    assert TrickFact.objects.count() == sum(len(a.state["tricks"]) for a in attempts)


def test_running_twice_changes_nothing(db, played):
    """The drain and the full recompute are idempotent: the same rows, the same numbers."""
    services.drain_outbox()
    before = stored()
    facts_before = (TrickFact.objects.count(), CoverageFact.objects.count())
    services.recompute_everything(force=True)
    services.recompute_everything()
    assert stored() == before
    assert (TrickFact.objects.count(), CoverageFact.objects.count()) == facts_before


def stored() -> tuple[dict[tuple[str, int], Any], dict[tuple[str, int, int], Any]]:
    snapshots = {(s.scope, s.scope_id): s.data for s in StatsSnapshot.objects.all()}
    cells = {(c.scope, c.scope_id, c.mission): c.counts for c in CellCounts.objects.all()}
    return snapshots, cells


def test_full_recompute_matches_the_incremental_numbers(db, played, other_group):
    """Computing every scope at once stores what the per-adventure updates stored."""
    services.drain_outbox()
    before = stored()
    StatsSnapshot.objects.all().delete()
    CellCounts.objects.all().delete()
    services.recompute_everything()
    assert stored() == before
    assert len(before[0]) == 5  # two adventures, two groups, global


def test_nightly_recompute_reextracts_only_stale_facts(db, played):
    """Facts follow attempts as they change; the nightly run reads no engine state again."""
    services.drain_outbox()
    first = TrickFact.objects.order_by("pk").values_list("pk", flat=True).first()
    services.recompute_everything()
    assert TrickFact.objects.order_by("pk").values_list("pk", flat=True).first() == first
    services.recompute_everything(force=True)
    assert TrickFact.objects.order_by("pk").values_list("pk", flat=True).first() != first


def test_deleted_adventure_loses_its_statistics(db, played):
    services.drain_outbox()
    adventure = played["adventure"].pk
    played["adventure"].delete()
    services.recompute_everything()
    assert not StatsSnapshot.objects.filter(scope=Scope.ADVENTURE, scope_id=adventure).exists()
    assert not CellCounts.objects.filter(scope=Scope.ADVENTURE, scope_id=adventure).exists()


def test_a_job_whose_worker_stopped_beating_is_failed_and_can_be_asked_again(db, played, settings):
    """Issue 17, defect 6: a running job whose heartbeat stopped is failed at once, and asking
    again starts a new job instead of returning the stuck one."""
    job = services.request_recompute(scope=Scope.GROUP, scope_id=played["group"].pk)
    assert services.claim_job() == job
    assert services.claim_job() is None  # running, beating: still its worker's
    assert services.request_recompute(scope=Scope.GROUP, scope_id=played["group"].pk) == job
    assert services.fail_abandoned_jobs() == 0
    silent = timedelta(seconds=3 * settings.STATS_JOB_HEARTBEAT_SECONDS + 1)
    RecomputeJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - silent)
    again = services.request_recompute(scope=Scope.GROUP, scope_id=played["group"].pk)
    job.refresh_from_db()
    assert (job.state, job.error) == (JobState.FAILED, str(services.JOB_ABANDONED))
    assert again != job
    assert services.run_pending_jobs() == 1
    again.refresh_from_db()
    assert again.state == JobState.DONE
    assert again.done == again.total == 3


def test_a_running_job_beats(transactional_db, settings):
    """The worker's heartbeat thread touches the running job's ``heartbeat_at`` as it runs."""
    settings.STATS_JOB_HEARTBEAT_SECONDS = 0.05
    services.request_recompute(scope=Scope.GLOBAL)
    job = services.claim_job()
    assert job is not None
    claimed = job.heartbeat_at
    deadline = time.monotonic() + 10
    with services.heartbeat(job):
        while job.heartbeat_at == claimed and time.monotonic() < deadline:
            time.sleep(0.01)  # until the heartbeat thread has touched the row
            job.refresh_from_db()
    assert job.heartbeat_at > claimed


def test_a_trick_without_trump_is_counted_as_none(db):
    """Seed 003, 'The Moon Path': with the Pale Crescent (moon.json, no-trump-first-round) round
    1 has no trump; its trick fact says "none" and the trump chart counts it."""
    from campaign.table import services as table
    from games.rules.spirits.campaign import OPEN_ENVELOPE
    from groups.models import Role
    from stats.facts import NO_TRUMP
    from tests.campaign import table_helpers
    from tests.factories import AdventureFactory, MembershipFactory

    member = MembershipFactory(role=Role.OWNER)
    adventure = AdventureFactory(group=member.group)
    campaign_services.add_override(
        adventure=adventure, kind=OPEN_ENVELOPE, target="moon-first", reason="", by=member.user
    )
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )
    table_helpers.play_out(attempt, member.user)
    services.drain_outbox()
    facts = TrickFact.objects.filter(attempt_id=attempt.pk).order_by("round")
    assert facts[0].trump_colour == NO_TRUMP
    assert all(fact.trump_colour != NO_TRUMP for fact in facts[1:])
    trumps = snapshot(Scope.ADVENTURE, adventure.pk)["trumps"]
    assert trumps["series"][NO_TRUMP][0] == 1
