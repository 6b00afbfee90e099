"""Others join a group through an invite link, which its owner can revoke."""

import re
from urllib.parse import quote

import pytest
from django.urls import reverse
from django.utils import timezone

from groups.models import Invite, Membership, Role
from tests.factories import PASSWORD, UserFactory
from tests.support.pages import text


@pytest.mark.django_db
def test_owner_creates_invite_and_newcomer_joins_with_its_role(client, group, owner):
    client.force_login(owner)
    client.post(reverse("groups:invite-create", args=[group.pk]), {"role": "viewer"})
    invite = Invite.objects.get(group=group)
    newcomer = UserFactory()
    client.force_login(newcomer)
    page = client.get(invite.get_absolute_url())
    assert group.name in page.content.decode()
    response = client.post(invite.get_absolute_url())
    assert response.status_code == 302
    assert Membership.objects.get(group=group, user=newcomer).role == Role.VIEWER
    assert client.get(reverse("groups:detail", args=[group.pk])).status_code == 200


@pytest.mark.django_db
def test_joining_twice_keeps_one_membership(client, group, owner):
    invite = Invite.objects.create(group=group, role=Role.VIEWER)
    client.force_login(owner)
    client.post(invite.get_absolute_url())
    assert Membership.objects.filter(group=group, user=owner).count() == 1
    assert Membership.objects.get(group=group, user=owner).role == Role.OWNER


@pytest.mark.django_db
def test_revoked_invite_no_longer_works(client, group, owner):
    invite = Invite.objects.create(group=group)
    client.force_login(owner)
    client.post(reverse("groups:invite-revoke", args=[group.pk, invite.pk]))
    newcomer = UserFactory()
    client.force_login(newcomer)
    assert client.get(invite.get_absolute_url()).status_code == 404
    assert client.post(invite.get_absolute_url()).status_code == 404
    assert not Membership.objects.filter(user=newcomer).exists()


@pytest.mark.django_db
def test_unknown_invite_token_is_404(client, owner):
    client.force_login(owner)
    assert client.get(reverse("groups:join", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_invite_link_shows_anonymous_the_group_and_ways_to_sign_up_or_log_in(client, group):
    invite = Invite.objects.create(group=group, role=Role.VIEWER)
    page = text(client.get(invite.get_absolute_url()))
    assert f"Join “{group.name}”" in page
    assert "You are invited to join as Viewer." in page
    back = f"?next={quote(invite.get_absolute_url())}"
    assert f'href="{reverse("signup")}{back}"' in page
    assert f'href="{reverse("login")}{back}"' in page


@pytest.mark.django_db
def test_joining_needs_an_account_first(client, group):
    invite = Invite.objects.create(group=group)
    response = client.post(invite.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")
    assert not Membership.objects.filter(group=group).exists()


@pytest.mark.django_db
def test_revoked_and_unknown_invites_say_which_and_reveal_no_group(client, group):
    invite = Invite.objects.create(group=group, revoked_at=timezone.now())
    revoked = client.get(invite.get_absolute_url())
    assert revoked.status_code == 404
    assert "This invite link was revoked" in text(revoked)
    assert group.name not in text(revoked)
    unknown = client.get(reverse("groups:join", args=["nope"]))
    assert unknown.status_code == 404
    assert "There is no invite at this link" in text(unknown)


@pytest.mark.django_db
def test_signing_up_from_an_invite_offers_logging_in_with_the_way_back(client, group):
    invite = Invite.objects.create(group=group)
    signup = text(client.get(reverse("signup"), {"next": invite.get_absolute_url()}))
    back = f"?next={quote(invite.get_absolute_url())}"
    assert f'href="{reverse("login")}{back}"' in signup


@pytest.mark.django_db
def test_a_newcomer_without_an_account_signs_up_and_lands_on_the_invite(client, group):
    """From an invite link, "Create an account" keeps the way back to the invite."""
    invite = Invite.objects.create(group=group)
    login_page = client.get(invite.get_absolute_url(), follow=True)
    signup_link = re.search(r'href="(/accounts/signup/\?next=[^"]+)"', text(login_page)).group(1)
    form = {"username": "newbie", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(signup_link, form)
    assert response["Location"] == invite.get_absolute_url()
