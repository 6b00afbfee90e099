"""Fixtures for the statistics tests: groups with adventures whose attempts were played through
the real rules engine (standing in for the live mission driver)."""

from __future__ import annotations

from typing import Any

import pytest

from campaign import services
from campaign.models import Adventure, MissionAttempt
from groups.models import Role
from tests.factories import AdventureFactory, GroupFactory, MembershipFactory
from tests.stats.playouts import mission_setup, play_mission

# The worker processes the fault tests killed (``test_faults.py``), for the run's summary.
FAULTS_INJECTED: list[int] = []


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if FAULTS_INJECTED:
        terminalreporter.write_line(
            f"fault tests: {len(FAULTS_INJECTED)} faults injected "
            "(Celery workers killed with SIGKILL during a drain and a recompute)"
        )


def record_driven(
    adventure: Adventure,
    result: str,
    *,
    seed: int,
    players: tuple[str, ...] = ("Ana", "Ben"),
    by: Any = None,
    duration: int | None = None,
) -> MissionAttempt:
    """Play the current mission through the engine, cache its state, record ``result``."""
    adventure = Adventure.objects.get(pk=adventure.pk)
    mission = adventure.current_mission
    attempt = services.start_attempt(
        adventure=adventure,
        players=list(players),
        by=by,
        setup=mission_setup(mission, list(players)),
    )
    state = play_mission(mission, list(players), seed)
    MissionAttempt.objects.filter(pk=attempt.pk).update(
        state=state, version=len(state["tricks"]), duration_minutes=duration
    )
    attempt.refresh_from_db()
    reason = "objective-not-met" if result == "failure" else ""
    outcome = services.record_attempt_result(
        attempt=attempt, result=result, reason=reason, by=by, rounds_played=len(state["tricks"])
    )
    assert outcome.attempt is not None
    return outcome.attempt


def correct(attempt: MissionAttempt, *, result: str, by: Any = None) -> None:
    """Correct a recorded attempt's result through the campaign service."""
    attempt = MissionAttempt.objects.select_related("adventure").get(pk=attempt.pk)
    data = services.AttemptData(
        mission=attempt.mission,
        result=result,
        reason="objective-not-met" if result == "failure" else "",
        players=attempt.players,
        rounds_played=attempt.rounds_played,
        played_on=attempt.played_on,
        duration_minutes=attempt.duration_minutes,
    )
    services.edit_attempt(attempt=attempt, data=data, by=by, log_version=None)


@pytest.fixture
def member() -> Any:
    return MembershipFactory(role=Role.PLAYER)


@pytest.fixture
def played(member: Any) -> dict[str, Any]:
    """A group with one adventure: a failure then a success of mission 1, then mission 2 failed."""
    group = member.group
    adventure = AdventureFactory(group=group, by=member.user)
    attempts = [
        record_driven(adventure, "failure", seed=1, by=member.user, duration=30),
        record_driven(adventure, "success", seed=2, by=member.user, duration=40),
        record_driven(adventure, "failure", seed=3, players=("Ana", "Ben", "Cy"), by=member.user),
    ]
    return {"group": group, "adventure": adventure, "attempts": attempts, "user": member.user}


@pytest.fixture
def other_group() -> Any:
    group = GroupFactory(name="Secret Other Table")
    adventure = AdventureFactory(group=group)
    record_driven(adventure, "success", seed=9)
    return group
