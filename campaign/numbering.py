"""How an attempt is called: its mission's try and the adventure's count, both labelled, so
"attempt 2" on Mission 2 never reads as Mission 2's second try (``models.mission_try``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.models import MissionAttempt

ATTEMPT_LABEL = _("Mission %(mission)s · try %(try)s · attempt %(number)s of the adventure")
TRY_AND_COUNT = _("try %(try)s · attempt %(number)s of the adventure")


def try_of(attempt: MissionAttempt) -> int:
    """The attempt's try at its mission: as annotated (``with_mission_try``), or asked for."""
    known = getattr(attempt, "mission_try", None)
    if known is None:
        tries = MissionAttempt.objects.filter(pk=attempt.pk).with_mission_try()
        known = tries.values_list("mission_try", flat=True).get()
    return int(known)


def attempt_label(attempt: MissionAttempt) -> str:
    """For example "Mission 2 · try 1 · attempt 5 of the adventure"."""
    numbers = {"mission": attempt.mission, "try": try_of(attempt), "number": attempt.number}
    return str(ATTEMPT_LABEL % numbers)


def try_and_count(attempt: MissionAttempt) -> str:
    """For example "try 1 · attempt 5 of the adventure", beside a heading naming the mission."""
    return str(TRY_AND_COUNT % {"try": try_of(attempt), "number": attempt.number})
