"""The statistics services: facts extracted from engine states, grouped numbers, idempotence."""

from __future__ import annotations

from collections import Counter
from typing import Any

from campaign.models import MissionAttempt, StatisticsOutbox
from games.rules.spirits import from_dict
from stats import services
from stats.models import CellFact, Scope, StatsSnapshot, TrickFact


def snapshot(scope: str, scope_id: int = 0) -> dict[str, Any]:
    return StatsSnapshot.objects.get(scope=scope, scope_id=scope_id).data


def expected_from_states(attempts: list[MissionAttempt]) -> dict[str, Any]:
    """The numbers computed independently, straight from the engine states."""
    won: Counter[str] = Counter()
    cells = [0] * 144
    changes = 0
    for attempt in attempts:
        state = from_dict(attempt.state)
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
    assert data["heatmap"]["overall"] == expected["cells"]
    assert sum(r["changes"] for r in data["leader_changes"]) == expected["changes"]
    assert data["failure_reasons"][0]["count"] == 2
    assert {p["player"]: p["attempts"] for p in data["participation"]} == {
        "Ana": 3, "Ben": 3, "Cy": 1
    }  # fmt: skip
    group = snapshot(Scope.GROUP, played["group"].pk)
    assert group["totals"] == data["totals"]
    assert group["heatmap"] == data["heatmap"]
    ranking = snapshot(Scope.GLOBAL)["ranking"]
    assert [(m["mission"], m["rate"]) for m in ranking] == [(2, 0.0), (1, 0.5)]
    assert TrickFact.objects.count() == sum(len(a.state["tricks"]) for a in attempts)


def test_running_twice_changes_nothing(db, played):
    """The drain and the full recompute are idempotent: the same rows, the same numbers."""
    services.drain_outbox()
    before = {(s.scope, s.scope_id): s.data for s in StatsSnapshot.objects.all()}
    facts_before = (TrickFact.objects.count(), CellFact.objects.count())
    services.recompute_everything(force=True)
    services.recompute_everything()
    after = {(s.scope, s.scope_id): s.data for s in StatsSnapshot.objects.all()}
    assert after == before
    assert (TrickFact.objects.count(), CellFact.objects.count()) == facts_before
