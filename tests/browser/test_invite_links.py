"""Invite links at phone width: the owner copies or shares a link; a newcomer who is not signed
in sees which group invites them, signs up (or logs in) and lands in the group; a revoked or
unknown link says so."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from groups.models import Invite, Membership, Role
from tests.browser.table_driver import log_in
from tests.factories import PASSWORD, GroupFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


@pytest.fixture
def invite(transactional_db):
    owner = MembershipFactory(role=Role.OWNER, user__username="olga", group__name="Thursday crew")
    return Invite.objects.create(group=owner.group, role=Role.PLAYER, created_by=owner.user)


def test_owner_copies_and_shares_an_invite_link(browser_session, live_server, invite):
    session = browser_session(name="owner")
    session.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    # Chromium on a desktop has no share sheet: stand one in that records what it was given.
    session.page.add_init_script("navigator.share = async (data) => { window.shared = data; };")
    log_in(session, "olga")
    page = session.page
    page.goto(reverse("groups:detail", args=[invite.group_id]))
    link = f"{live_server.url}{invite.get_absolute_url()}"
    item = page.locator("#invites .invite").first
    item.get_by_role("button", name="Copy").click()
    expect(item.get_by_role("status")).to_have_text("Link copied.")  # after the async write
    assert page.evaluate("navigator.clipboard.readText()") == link
    item.get_by_role("button", name="Share").click()
    page.wait_for_function("window.shared !== undefined")
    assert page.evaluate("window.shared") == {
        "title": "Join “Thursday crew” on Questlog",
        "url": link,
    }
    session.shot("invite-copied")
    item.screenshot(path=session.shots / "invite-close-up.png")

    plain = browser_session(name="no-share")
    log_in(plain, "olga")
    plain.page.goto(reverse("groups:detail", args=[invite.group_id]))
    assert plain.page.evaluate("typeof navigator.share") == "undefined"  # Chromium on Linux
    assert plain.page.get_by_role("button", name="Share").count() == 0
    assert plain.page.get_by_role("button", name="Copy").is_visible()


def test_a_newcomer_signs_up_from_an_invite_and_lands_in_the_group(browser_session, invite):
    session = browser_session(name="newcomer")
    page = session.page
    page.goto(invite.get_absolute_url())
    assert page.locator("#invite-group").inner_text() == "Join “Thursday crew”"
    assert page.get_by_text("You are invited to join as Player.").is_visible()
    session.shot("invite-signed-out")
    page.get_by_role("button", name="Sign up and join").click()
    page.get_by_label("Username").fill("bea")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(re.compile(rf"/groups/{invite.group_id}/$"))
    assert page.get_by_role("heading", name="Thursday crew").is_visible()
    assert page.get_by_text("Welcome to “Thursday crew”.").is_visible()
    assert Membership.objects.get(user__username="bea").role == Role.PLAYER
    session.shot("landed-in-the-group")


def test_someone_with_an_account_logs_in_from_an_invite_and_joins(browser_session, invite):
    UserFactory(username="cid")
    session = browser_session(name="member-elsewhere")
    page = session.page
    page.goto(invite.get_absolute_url())
    page.get_by_role("button", name="Log in and join").click()
    page.get_by_label("Username").fill("cid")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(rf"/groups/{invite.group_id}/$"))
    assert Membership.objects.filter(user__username="cid", group=invite.group).exists()
    session.shot("logged-in-and-joined")


def test_a_revoked_or_unknown_invite_says_so(browser_session, invite):
    from groups import services

    other = Invite.objects.create(group=GroupFactory(name="Secret table"))
    services.revoke_invite(invite=other)
    session = browser_session(name="visitor")
    page = session.page
    response = page.goto(other.get_absolute_url())
    assert response.status == 404
    assert page.locator("#invite-problem").inner_text() == "This invite link was revoked"
    assert "Secret table" not in page.content()
    session.shot("revoked")
    response = page.goto(reverse("groups:join", args=["no-such-token"]))
    assert response.status == 404
    assert page.locator("#invite-problem").inner_text() == "There is no invite at this link"
    session.shot("unknown")
