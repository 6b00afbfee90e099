"""The people of a group's table: its members (each has one person, made on first need) and
guests, named people without an account. A name is unique in the group whatever its case, so
"alice" typed anywhere is the group's Alice: the play log, the campaign and the statistics all
count a person once.

A player's name follows one rule in every game and form (``check_player_name``). Names are plain
text shown escaped everywhere, so ``<`` and ``>`` are allowed (a table may call a player
"<3 Ana"); control characters are not, and a name fits the 40 characters the pages show.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from games.models import Person
from groups.models import Group, Membership, Role
from web.elision import interpolate

NAME_TAKEN = _("The group already has someone called “%(name)s”.")
MAX_PLAYER_NAME = 40
PLAYER_EMPTY = _("A player's name cannot be empty.")
PLAYER_TOO_LONG = _("“%(name)s…” is longer than %(max)s characters.")
PLAYER_CONTROL = _("Names cannot contain control characters.")


def check_player_name(name: object) -> str:
    """The name, or a ``ValidationError`` saying why it cannot be a player's."""
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(PLAYER_EMPTY, code="empty")
    if len(name) > MAX_PLAYER_NAME:
        raise ValidationError(
            interpolate(PLAYER_TOO_LONG, {"name": name[:20], "max": MAX_PLAYER_NAME}), code="long"
        )
    if any(unicodedata.category(c) in {"Cc", "Cs"} for c in name):
        raise ValidationError(PLAYER_CONTROL, code="control")
    return name


def player_names(value: str) -> list[str]:
    """The names of a players' box: one a line (commas work too), in seat order."""
    return [name.strip() for name in re.split(r"[\n,]", value) if name.strip()]


class PeopleError(ValueError):
    """A refused change to the group's people, with the form field it is about."""

    def __init__(self, message: str, *, field: str = "name") -> None:
        self.field = field
        super().__init__(message)


def members_without_person(group: Group) -> list[Membership]:
    return list(
        Membership.objects.filter(group=group)
        .exclude(role=Role.VIEWER)
        .exclude(user__in=Person.objects.filter(group=group, user__isnull=False).values("user"))
        .select_related("user")
        .order_by("user__username")
    )


def created(group: Group, name: str, user: Any = None) -> Person:
    """A new person, or the one another request created meanwhile. A member whose user name
    someone else of the group is called by gets the name with a number."""
    try:
        with transaction.atomic():
            return Person.objects.create(group=group, name=name, user=user)
    except IntegrityError:
        same = {"user": user} if user is not None else {"name__iexact": name}
        found = Person.objects.filter(group=group, **same).first()
        return found or created(group, f"{user.username} ({user.pk})", user)


def person_named(*, group: Group, name: str) -> Person:
    """The person of that name (any case), a member of that user name, or a new guest."""
    name = name.strip()[:80]
    found = Person.objects.filter(group=group, name__iexact=name).first()
    if found is not None:
        return found
    member = (
        Membership.objects.filter(group=group, user__username__iexact=name)
        .select_related("user")
        .first()
    )
    if member is not None:
        return person_of_member(group=group, user=member.user)
    return created(group, name)


def person_of_member(*, group: Group, user: Any) -> Person:
    """The member's person in this group: theirs, or a guest of their user name (now linked to
    them), or a new one."""
    found = Person.objects.filter(group=group, user=user).first()
    if found is not None:
        return found
    same_name = Person.objects.filter(
        group=group, name__iexact=user.username, user__isnull=True
    ).first()
    if same_name is not None:
        same_name.user = user
        same_name.save(update_fields=["user"])
        return same_name
    return created(group, user.username, user)


def anonymous_player(*, group: Group, name: str) -> Person:
    """The group's anonymous player (BG Stats' ``isAnonymous``), made on first need with the
    file's name for it; not one of the group's people (``Person.objects`` leaves it out)."""
    found = Person.rows.filter(group=group, anonymous=True).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Person.rows.create(group=group, name=name.strip()[:80], anonymous=True)
    except IntegrityError:  # another import made it meanwhile
        return Person.rows.get(group=group, anonymous=True)


def people_named(*, group: Group, names: Iterable[str]) -> list[Person]:
    """The group's people for names as typed, in order, each once: a name matches a person
    whatever its case, or a member's user name, or becomes a guest."""
    people = [person_named(group=group, name=name) for name in names]
    return list({p.pk: p for p in people}.values())


def group_people(group: Group) -> list[Person]:
    """Everyone at the group's table, members first appearing as people, by name."""
    for membership in members_without_person(group):
        person_of_member(group=group, user=membership.user)
    return list(
        Person.objects.filter(group=group).select_related("user").order_by(Lower("name"), "pk")
    )


def people_names(group: Group) -> list[str]:
    """The names the seat pickers offer: everyone at the group's table."""
    return [p.name for p in group_people(group)]


def save_name(person: Person, name: str) -> Person:
    """Add a guest (an unsaved ``Person``) or rename someone; pages and statistics show the new
    name, an attempt's history keeps the names typed at the time."""
    person.name = name.strip()
    try:
        with transaction.atomic():
            person.save()
    except IntegrityError:  # the constraint ignores case, and sees a name added meanwhile
        raise PeopleError(str(NAME_TAKEN % {"name": person.name})) from None
    return person
