"""Writes that change who belongs to a group. Each runs in one transaction."""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from groups.models import Group, Invite, Membership, Role

INVITE_REVOKED = _("This invite link has been revoked.")
LAST_OWNER = _("A group needs at least one owner.")


class MembershipError(Exception):
    """A membership change the rules of groups forbid; the message is shown to the user."""


@transaction.atomic
def create_group(*, name: str, owner: object) -> Group:
    group = Group.objects.create(name=name, created_by=owner)
    Membership.objects.create(group=group, user=owner, role=Role.OWNER)
    return group


@transaction.atomic
def create_invite(*, group: Group, role: str, created_by: object) -> Invite:
    return Invite.objects.create(group=group, role=role, created_by=created_by)


@transaction.atomic
def revoke_invite(*, invite: Invite) -> None:
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])


def join_group(*, invite: Invite, user: object) -> Membership:
    """Join through an active invite; joining twice keeps the existing membership and role."""
    if not invite.is_active:
        raise MembershipError(INVITE_REVOKED)
    existing = Membership.objects.filter(group=invite.group, user=user).first()
    if existing:
        return existing
    try:
        with transaction.atomic():
            return Membership.objects.create(group=invite.group, user=user, role=invite.role)
    except IntegrityError:  # a double click raced us: the membership exists now
        return Membership.objects.get(group=invite.group, user=user)


@transaction.atomic
def change_role(*, membership: Membership, role: str) -> Membership:
    """Change a member's role; a group always keeps at least one owner.

    Locks the group's owner memberships so two owners demoting each other at once cannot leave
    the group without an owner.
    """
    owners = list(
        Membership.objects.select_for_update().filter(group=membership.group, role=Role.OWNER)
    )
    if membership.role == Role.OWNER and role != Role.OWNER and len(owners) <= 1:
        raise MembershipError(LAST_OWNER)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def remove_member(*, membership: Membership) -> None:
    owners = list(
        Membership.objects.select_for_update().filter(group=membership.group, role=Role.OWNER)
    )
    if membership.role == Role.OWNER and len(owners) <= 1:
        raise MembershipError(LAST_OWNER)
    membership.delete()


@transaction.atomic
def delete_group(*, group: Group) -> None:
    group.delete()
