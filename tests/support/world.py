"""A victim group with everything in it, the five kinds of outsider, and every URL of the project.

The access sweep and the fuzz test start here. URLs come from the resolver, so a new URL is
covered without editing a test; a URL parameter is filled by its name from the victim's objects
(``group_id``, ``adventure_id``, ``number`` …) or, for a name not known here, by a plain value of
its converter's type.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Sum
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import NoReverseMatch

from campaign import deleting
from campaign import services as campaign_services
from campaign.models import (
    Adventure,
    AttemptMove,
    AuditEntry,
    ManualOverride,
    MissionAttempt,
    Note,
    RevealedSpoiler,
)
from groups import services as group_services
from groups.models import DeletedItem, Group, Invite, Membership, Role
from tests.campaign.exchange_helpers import open_attempt_with_moves
from tests.factories import AdventureFactory, GroupFactory, MembershipFactory, log_attempt

# Every text of the victim carries this mark: a page that shows it to an outsider leaks.
MARK = "Qzv7"


@dataclass(frozen=True)
class Route:
    """One URL pattern: its full name and the names and converters of its parameters."""

    name: str
    params: tuple[tuple[str, str], ...]


def converter_kind(converter: object) -> str:
    return type(converter).__name__.removesuffix("Converter").lower()


def routes() -> list[Route]:
    """Every named URL pattern of the project, with the parameters of its whole path."""
    found: list[Route] = []

    def walk(patterns: list[Any], namespace: str, params: tuple[tuple[str, str], ...]) -> None:
        for entry in patterns:
            pattern = entry.pattern
            converters = getattr(pattern, "converters", {})
            own = tuple((n, converter_kind(c)) for n, c in converters.items())
            if not converters and hasattr(pattern, "regex"):
                own = tuple((n, "str") for n in pattern.regex.groupindex)
            if isinstance(entry, URLResolver):
                space = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                walk(entry.url_patterns, space, params + own)
            elif isinstance(entry, URLPattern) and entry.name:
                found.append(Route(f"{namespace}{entry.name}", params + own))

    walk(get_resolver().url_patterns, "", ())
    return sorted(set(found), key=lambda r: r.name)


def url_for(route: Route, values: dict[str, Any]) -> str | None:
    """The URL of ``route`` with ``values`` by parameter name (a plain value of the converter's
    type for the others); None if it cannot be built."""
    plain = {"int": 1, "path": "x", "slug": "x", "str": "x", "uuid": "0" * 32}
    kwargs = {n: values.get(n, plain.get(kind, "x")) for n, kind in route.params}
    try:
        return reverse(route.name, kwargs=kwargs)
    except NoReverseMatch:
        return None


@dataclass
class World:
    """The victim group and the outsiders; ``values`` fills URL parameters by name."""

    group: Group
    adventure: Adventure
    owner: Any
    viewer: Any
    outsiders: dict[str, Any]
    values: dict[str, Any] = field(default_factory=dict)

    def url(self, route: Route) -> str | None:
        """The URL of ``route`` with the victim's values; None if it cannot be built."""
        return url_for(route, self.values)

    def snapshot(self) -> dict[str, Any]:
        """What an outsider must never change in the victim group."""
        group = Group.objects.filter(pk=self.group.pk)
        members = Membership.objects.filter(group=self.group)
        invites = Invite.objects.filter(group=self.group)
        adventures = Adventure.objects.filter(group=self.group)
        attempts = MissionAttempt.objects.filter(adventure__group=self.group)
        moves = AttemptMove.objects.filter(attempt__in=attempts)
        return {
            "group": list(group.values_list("name")),
            "members": sorted(members.values_list("user", "role")),
            "invites": sorted(invites.values_list("pk", "revoked_at")),
            "adventures": sorted(adventures.values_list("pk", "name", "log_version")),
            "attempts": sorted(attempts.values_list("pk", "status", "version", "players")),
            "moves": (moves.count(), moves.exclude(undone_at=None).count()),
            "notes": Note.objects.filter(attempt__in=attempts).count(),
            "overrides": ManualOverride.objects.filter(adventure=self.adventure).count(),
            "audit": AuditEntry.objects.filter(adventure=self.adventure).count(),
            # A viewer may reveal a spoiler for themself (reading is theirs); nobody else may.
            "reveals": RevealedSpoiler.objects.filter(adventure=self.adventure)
            .exclude(user=self.viewer)
            .count(),
            "versions": attempts.aggregate(total=Sum("version"))["total"],
            "deleted": sorted(
                DeletedItem.objects.filter(group=self.group).values_list("pk", "restored_at")
            ),
        }


def client_for(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def build_world() -> World:
    """The victim: a group with an owner, a player and a viewer, an adventure with a success,
    a failure with a note, an override and an attempt in progress at the table, a deleted
    adventure, an active and a revoked invite. The outsiders: another group's owner, a removed
    member, a revoked invitee, and nobody (logged out)."""
    group = GroupFactory(name=f"Victim {MARK}")
    owner = MembershipFactory(group=group, role=Role.OWNER).user
    player = MembershipFactory(group=group, role=Role.PLAYER).user
    viewer = MembershipFactory(group=group, role=Role.VIEWER).user
    adventure = AdventureFactory(group=group, name=f"Secret {MARK}", by=owner)
    campaign_services.add_override(
        adventure=adventure, kind="open-envelope", target="A", reason=f"why {MARK}", by=owner
    )
    log_attempt(adventure, by=player, players=[f"Ana {MARK}", "Ben"],
                played_on=datetime.date(2025, 1, 2))  # fmt: skip
    log_attempt(adventure, result="failure", reason="abandoned", by=owner, players=["Ana", "Cy"])
    campaign_services.add_note(
        attempt=adventure.attempts.get(number=2), author=owner, text=f"note {MARK}"
    )
    open_attempt_with_moves(adventure, player, moves=3, undone=1)
    gone = AdventureFactory(group=group, name=f"Deleted {MARK}", by=owner)
    deleted_item = deleting.delete_adventure(adventure=gone, by=owner)

    removed = MembershipFactory(group=group, role=Role.PLAYER)
    group_services.remove_member(membership=removed)
    revoked_invite = Invite.objects.create(group=group)
    group_services.revoke_invite(invite=revoked_invite)
    active_invite = Invite.objects.create(group=group)
    other_owner = MembershipFactory(role=Role.OWNER).user
    revoked_invitee = MembershipFactory(role=Role.PLAYER).user  # in a group of their own

    world = World(
        group=group,
        adventure=Adventure.objects.get(pk=adventure.pk),
        owner=owner,
        viewer=viewer,
        outsiders={
            "other group's owner": other_owner,
            "viewer": viewer,
            "logged out": None,
            "removed member": removed.user,
            "revoked invitee": revoked_invitee,
        },
    )
    world.values = {
        "group_id": group.pk,
        "adventure_id": adventure.pk,
        "number": 1,
        "invite_id": active_invite.pk,
        "member_id": Membership.objects.get(group=group, user=player).pk,
        "token": revoked_invite.token,
        "version": 0,
        "app_label": "games",
        "item_id": deleted_item.pk,
    }
    world.values.update(ids_made_by_the_owner(world))
    return world


def ids_made_by_the_owner(world: World) -> dict[str, Any]:
    """Ids the victim's own requests create (a statistics job …), read from where each request
    redirects: whatever the view that makes them, the sweep gets a real id of the victim."""
    client = client_for(world.owner)
    found: dict[str, Any] = {}
    for route in routes():
        if "recompute" not in route.name:
            continue
        url = world.url(route)
        response = client.post(url) if url else None
        if response is not None and response.status_code == 302:
            found.update(resolve(response["Location"].split("?")[0]).kwargs)
    found.pop("group_id", None)
    return found
