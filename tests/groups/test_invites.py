"""Others join a group through an invite link, which its owner can revoke."""

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
def test_invite_link_shows_anonymous_the_group_it_joins(client, group):
    invite = Invite.objects.create(group=group, role=Role.VIEWER)
    page = text(client.get(invite.get_absolute_url()))
    assert f"Join “{group.name}”" in page
    assert "You are invited to join as Viewer." in page
    assert not Membership.objects.filter(group=group).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("then", "page"), [("signup", "signup"), ("login", "login"), ("", "login")]
)
def test_asking_to_join_without_an_account_leads_to_sign_up_or_log_in(client, group, then, page):
    invite = Invite.objects.create(group=group)
    response = client.post(invite.get_absolute_url(), {"then": then})
    back = quote(invite.get_absolute_url(), safe="")
    assert response["Location"] == f"{reverse(page)}?next={back}"
    assert not Membership.objects.filter(group=group).exists()


@pytest.mark.django_db
def test_logging_in_after_asking_to_join_lands_in_the_group(client, group):
    invite = Invite.objects.create(group=group, role=Role.VIEWER)
    user = UserFactory()
    client.post(invite.get_absolute_url(), {"then": "login"})
    response = client.post(
        f"{reverse('login')}?next={invite.get_absolute_url()}",
        {"username": user.username, "password": PASSWORD, "next": invite.get_absolute_url()},
    )
    assert response["Location"] == invite.get_absolute_url()
    assert client.get(invite.get_absolute_url())["Location"] == group.get_absolute_url()
    assert Membership.objects.get(group=group, user=user).role == Role.VIEWER
    # The wish is spent: leaving and opening the link again asks before joining.
    Membership.objects.filter(group=group, user=user).delete()
    assert client.get(invite.get_absolute_url()).status_code == 200
    assert not Membership.objects.filter(group=group, user=user).exists()


@pytest.mark.django_db
def test_a_signed_in_visitor_is_not_joined_by_opening_a_link(client, group):
    invite = Invite.objects.create(group=group)
    client.force_login(UserFactory())
    assert client.get(invite.get_absolute_url()).status_code == 200
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
def test_a_newcomer_without_an_account_signs_up_and_lands_in_the_group(client, group):
    """From an invite link, "Sign up and join" keeps the way back to the invite, which joins."""
    invite = Invite.objects.create(group=group)
    signup_url = client.post(invite.get_absolute_url(), {"then": "signup"})["Location"]
    form = {"username": "newbie", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(signup_url, form, follow=True)
    assert response.redirect_chain[-1][0] == group.get_absolute_url()
    assert Membership.objects.get(group=group, user__username="newbie").role == Role.PLAYER
