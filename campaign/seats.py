"""Who sat at an attempt: ``MissionAttempt.players`` keeps the names as they were entered (the
history, the adventure file), ``AttemptPlayer`` rows say which of the group's people they are."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign.models import AttemptPlayer, MissionAttempt, StatisticsOutbox
from games.models import Person, PlayerResult
from games.people import PeopleError, people_named
from games.playlog import statistics_changed

NOT_A_GUEST = _("Only a guest can be linked to a member.")
NOT_A_MEMBER = _("Choose a member of the group.")
BOTH_PLAYED = _("%(guest)s and %(member)s both played attempt %(number)s of “%(adventure)s”.")


def seated_names(attempt: MissionAttempt | None) -> list[str]:
    """The names at an attempt's seats, in seat order, as the group calls them now (the names as
    entered for an attempt not linked to people yet); none without an attempt."""
    if attempt is None:
        return []
    people = [seat.person.name for seat in attempt.seats.select_related("person")]
    return people or list(attempt.players)


def link_players(group: Any, attempts: Iterable[MissionAttempt]) -> None:
    """Seat the people of each attempt not linked yet (a new guest for an unknown name); also
    matches the attempts entered before people existed (``manage.py link_players``)."""
    attempts = list(attempts)
    linked = set(
        AttemptPlayer.objects.filter(attempt__in=attempts).values_list("attempt_id", flat=True)
    )
    AttemptPlayer.objects.bulk_create(
        AttemptPlayer(attempt=attempt, seat=seat, person=person)
        for attempt in attempts
        if attempt.pk not in linked
        for seat, person in enumerate(people_named(group=group, names=attempt.players))
    )


@transaction.atomic
def link_guest(*, guest: Person, member: Person) -> Person:
    """The guest was the member all along: their seats and plays become the member's, who keeps
    the name the table knew them by; the statistics are recomputed with them."""
    people = Person.objects.select_for_update().filter(group=guest.group_id)
    guest, member = people.get(pk=guest.pk), people.get(pk=member.pk)
    if guest.user_id is not None:
        raise PeopleError(str(NOT_A_GUEST), field="guest")
    if member.user_id is None:
        raise PeopleError(str(NOT_A_MEMBER), field="member")
    attempts = MissionAttempt.objects.filter(seats__person=guest)
    clash = attempts.filter(pk__in=member.seats.values("attempt")).select_related("adventure")
    if both := clash.first():
        names = {"guest": guest.name, "member": member.name, "number": both.number}
        raise PeopleError(str(BOTH_PLAYED % (names | {"adventure": both.adventure.name})))
    adventures = set(attempts.values_list("adventure_id", flat=True))
    attempts.update(updated_at=timezone.now())  # their statistics facts are out of date
    AttemptPlayer.objects.filter(person=guest).update(person=member)
    PlayerResult.objects.filter(person=guest).update(person=member)
    guest.delete()
    member.name = guest.name
    member.save(update_fields=["name"])
    StatisticsOutbox.objects.bulk_create(
        StatisticsOutbox(group_id=member.group_id, adventure_id=pk) for pk in adventures
    )
    statistics_changed(group_id=member.group_id)
    return member
