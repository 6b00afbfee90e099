"""Another group's data is never reachable; viewers read but never change anything."""

import pytest
from django.urls import reverse

from groups import access, services
from groups.models import Group, Invite, Membership, Role
from tests.support.pages import text


def group_urls(group, invite, member):
    return {
        "GET": [
            reverse("groups:detail", args=[group.pk]),
            reverse("groups:delete", args=[group.pk]),
        ],
        "POST": [
            reverse("groups:rename", args=[group.pk]),
            reverse("groups:delete", args=[group.pk]),
            reverse("groups:invite-create", args=[group.pk]),
            reverse("groups:invite-revoke", args=[group.pk, invite.pk]),
            reverse("groups:member-role", args=[group.pk, member.pk]),
            reverse("groups:member-remove", args=[group.pk, member.pk]),
        ],
    }


@pytest.mark.django_db
def test_non_member_gets_404_on_every_group_url(client, group, owner, outsider):
    invite = Invite.objects.create(group=group)
    member = Membership.objects.get(user=owner)
    client.force_login(outsider)
    for method, urls in group_urls(group, invite, member).items():
        for url in urls:
            response = client.generic(method, url, "role=viewer&name=x")
            assert response.status_code == 404, (method, url)
    assert Group.objects.filter(pk=group.pk).exists()
    assert Invite.objects.get(pk=invite.pk).revoked_at is None
    assert Membership.objects.get(pk=member.pk).role == Role.OWNER


@pytest.mark.django_db
def test_another_groups_invite_or_member_id_answers_404(client, group, owner, outsider):
    """An id from another group in the URL of one's own group is still 404."""
    other_group = outsider.memberships.get().group
    other_member = outsider.memberships.get()
    other_invite = Invite.objects.create(group=other_group)
    client.force_login(owner)
    assert (
        client.post(reverse("groups:invite-revoke", args=[group.pk, other_invite.pk])).status_code
        == 404
    )
    assert (
        client.post(
            reverse("groups:member-role", args=[group.pk, other_member.pk]), {"role": "viewer"}
        ).status_code
        == 404
    )
    assert Membership.objects.get(pk=other_member.pk).role == Role.OWNER


@pytest.mark.django_db
def test_anonymous_is_sent_to_login(client, group):
    response = client.get(reverse("groups:detail", args=[group.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_viewer_reads_but_cannot_post(client, group, owner, viewer):
    member = Membership.objects.get(user=owner)
    invite = Invite.objects.create(group=group)
    client.force_login(viewer)
    assert client.get(reverse("groups:detail", args=[group.pk])).status_code == 200
    for url in group_urls(group, invite, member)["POST"][:-1]:
        response = client.post(url, {"role": "viewer", "name": "renamed"})
        assert response.status_code == 403, url
        assert str(access.OWNERS_ONLY) in text(response)
    group.refresh_from_db()
    assert group.name != "renamed"


@pytest.mark.django_db
def test_player_cannot_manage_members(client, group, owner, player):
    member = Membership.objects.get(user=owner)
    client.force_login(player)
    url = reverse("groups:member-remove", args=[group.pk, member.pk])
    assert client.get(url).status_code == 403
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 403
    assert Membership.objects.filter(pk=member.pk).exists()


@pytest.mark.django_db
def test_member_can_leave(client, group, owner, player):
    client.force_login(player)
    mine = Membership.objects.get(user=player)
    url = reverse("groups:member-remove", args=[group.pk, mine.pk])
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=mine.pk).exists()


@pytest.mark.django_db
def test_last_owner_cannot_leave_or_be_demoted(client, group, owner):
    mine = Membership.objects.get(user=owner)
    client.force_login(owner)
    url = reverse("groups:member-remove", args=[group.pk, mine.pk])
    response = client.post(url, {"confirm": "1"}, follow=True)
    assert str(services.LAST_OWNER) in text(response)
    assert Membership.objects.filter(pk=mine.pk).exists()


@pytest.mark.django_db
def test_owner_changes_role_and_deletes_group(client, group, owner, player):
    member = Membership.objects.get(user=player)
    client.force_login(owner)
    client.post(reverse("groups:member-role", args=[group.pk, member.pk]), {"role": "viewer"})
    assert Membership.objects.get(pk=member.pk).role == Role.VIEWER
    # A bare POST (a stray tap, a button elsewhere) shows the question again and deletes nothing.
    response = client.post(reverse("groups:delete", args=[group.pk]))
    assert response.status_code == 200
    assert "This deletes the group with all its adventures" in text(response)
    assert Group.objects.filter(pk=group.pk).exists()
    response = client.post(reverse("groups:delete", args=[group.pk]), {"confirm": "1"})
    assert response.status_code == 302
    assert not Group.objects.filter(pk=group.pk).exists()


@pytest.mark.django_db
def test_user_in_several_groups_sees_each(client, group, owner):
    from tests.factories import MembershipFactory

    second = MembershipFactory(user=owner, role=Role.VIEWER).group
    client.force_login(owner)
    page = client.get(reverse("groups:list")).content.decode()
    assert group.name in page
    assert second.name in page
