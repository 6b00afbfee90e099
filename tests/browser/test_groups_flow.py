"""A newcomer's path through accounts and groups, in Chromium at phone width."""

import re

import pytest
from django.urls import reverse

from groups.models import Group, Invite
from tests.browser.table_driver import log_in_through_the_page
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.browser


def sign_up(session, username):
    page = session.page
    page.goto(reverse("signup"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(re.compile(r"/groups/$"))


def test_sign_up_create_group_invite_join_and_keep_others_out(browser_session, transactional_db):
    owner = browser_session(name="owner")
    sign_up(owner, "ana")
    owner.shot("signed-up")
    owner.page.get_by_label("Name").fill("Thursday crew")
    owner.page.get_by_role("button", name="Create group").click()
    owner.page.wait_for_url(re.compile(r"/groups/\d+/$"))
    group = Group.objects.get(name="Thursday crew")
    owner.shot("group-created")

    owner.page.get_by_label("Joins as").select_option("player")
    owner.page.get_by_role("button", name="New invite link").click()
    invite_url = owner.page.locator(".invite-url").first.input_value()
    assert invite_url.endswith(Invite.objects.get(group=group).get_absolute_url())
    owner.shot("invite-link")

    friend = browser_session(name="friend")
    sign_up(friend, "bea")
    friend.page.goto(invite_url)
    friend.shot("invite-page")
    friend.page.get_by_role("button", name="Join the group").click()
    friend.page.wait_for_url(re.compile(rf"/groups/{group.pk}/$"))
    assert friend.page.get_by_role("heading", name="Thursday crew").is_visible()
    friend.shot("joined")
    friend.page.goto(reverse("groups:list"))
    assert friend.page.get_by_role("link", name="Thursday crew").is_visible()

    stranger = browser_session(name="stranger")
    UserFactory(username="cid")
    log_in_through_the_page(stranger, "cid")
    for url in [
        reverse("groups:detail", args=[group.pk]),
        reverse("groups:delete", args=[group.pk]),
    ]:
        response = stranger.page.goto(url)
        assert response.status == 404, url
        assert "Thursday crew" not in stranger.page.content()
    stranger.shot("stranger-404")


def test_viewer_sees_the_group_but_cannot_post(browser_session, transactional_db):
    from groups.models import Membership, Role

    owner_user = UserFactory(username="olga")
    viewer_user = UserFactory(username="vic")
    group = Group.objects.create(name="Read-only table")
    Membership.objects.create(group=group, user=owner_user, role=Role.OWNER)
    Membership.objects.create(group=group, user=viewer_user, role=Role.VIEWER)

    viewer = browser_session(name="viewer")
    viewer.sign_in("vic")
    viewer.page.goto(reverse("groups:detail", args=[group.pk]))
    assert viewer.page.get_by_text("You are Viewer in this group.").is_visible()
    assert viewer.page.get_by_role("button", name="New invite link").count() == 0
    viewer.shot("viewer-page")
    # A hand-made post (as a tampered page would send) is refused.
    status = viewer.page.evaluate(
        """async (url) => {
            const headers = JSON.parse(document.body.getAttribute('hx-headers'));
            const token = headers['X-CSRFToken'];
            const r = await fetch(url, {method: 'POST', headers: {'X-CSRFToken': token,
                'Content-Type': 'application/x-www-form-urlencoded'}, body: 'name=hacked'});
            return r.status;
        }""",
        reverse("groups:rename", args=[group.pk]),
    )
    assert status == 403
    assert Group.objects.get(pk=group.pk).name == "Read-only table"


def test_language_switcher_changes_the_page_language(browser_session, transactional_db):
    session = browser_session(name="language")
    session.page.goto(reverse("login"))
    with session.page.expect_navigation():
        session.page.get_by_label("Language").select_option("ca")
    assert session.page.locator("html").get_attribute("lang") == "ca"
    session.shot("catalan")
