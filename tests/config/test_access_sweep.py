"""The access sweep: every URL pattern of the project, from the resolver, requested with GET and
POST by five kinds of outsider of a victim group (another group's owner, a viewer, logged out, a
removed member, a revoked invitee). Nothing of the victim appears or changes; every URL that
names the victim's objects answers 404, 403 or (logged out) a redirect to log in, and a viewer
reads but never writes. A new URL is swept without editing this test (``tests/support/world.py``).
"""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.support.counts import report
from tests.support.world import MARK, build_world, client_for, routes

# What a POST carries: plausible values for the forms of the project, so a view that forgot its
# access check would get as far as writing.
FORM = {
    "name": "taken over", "role": "owner", "text": "taken over", "reason": "taken over",
    "kind": "open-envelope", "target": "B", "key": "mission:1", "mission": "1",
    "result": "success", "players": "Mallory\nEve", "played_on": "2025-01-01", "version": "0",
    "log_version": "0", "confirm": "on", "first_player": "Mallory", "trump": "blue",
}  # fmt: skip
REFUSED = {403, 404, 405}
# URLs with parameters that name nothing of a group: checked for leaks and changes only.
NOT_A_GROUPS = {"password_reset_confirm": "a password-reset link"}


def expected(role, route):
    """The statuses allowed for ``role``; None when any status but 500 is right (the page must
    still show nothing of the victim, and change nothing)."""
    if not route.params or route.name in NOT_A_GROUPS:
        return None  # public or one's own pages (home, log-in, own groups, the admin's log-in)
    if route.name.startswith("admin:"):
        return {302}  # staff only: everyone here is sent to the admin's log-in
    if role == "viewer":
        return None  # a member: reads; that nothing changes is checked after the sweep
    if role == "logged out":
        return {302, 404, 405}
    return REFUSED


@pytest.mark.django_db
def test_outsiders_reach_nothing_of_another_group():
    world = build_world()
    before = world.snapshot()
    all_routes = routes()
    unbuilt, requests, problems = [], 0, []
    for role, user in world.outsiders.items():
        client = client_for(user)
        for route in all_routes:
            url = world.url(route)
            if url is None:
                unbuilt.append(route.name)
                continue
            for method in ("GET", "POST"):
                if user is not None and "_auth_user_id" not in client.session:
                    client.force_login(user)  # an earlier URL (log out …) ended the session
                response = client.get(url) if method == "GET" else client.post(url, FORM)
                requests += 1
                allowed = expected(role, route)
                body = b"" if response.streaming else response.content
                if allowed is not None and response.status_code not in allowed:
                    problems.append((role, method, url, response.status_code))
                elif role == "logged out" and response.status_code == 302 and allowed:
                    login = reverse("admin:login") if route.name.startswith("admin:") else (
                        reverse(settings.LOGIN_URL))  # fmt: skip
                    if not response["Location"].startswith(login):
                        problems.append((role, method, url, response["Location"]))
                if role != "viewer" and MARK.encode() in body:
                    problems.append((role, method, url, "shows the victim's data"))
        assert world.snapshot() == before, f"{role} changed the victim's data"
    assert problems == [], "\n".join(map(str, problems))
    urls = len(all_routes) - len(set(unbuilt))
    report(
        "access sweep",
        f"{urls} URLs × {len(world.outsiders)} roles × GET/POST = {requests} requests, "
        f"0 leaks, 0 changes ({len(set(unbuilt))} patterns not buildable: "
        f"{', '.join(sorted(set(unbuilt))) or 'none'})",
    )


@pytest.mark.django_db
def test_every_post_without_a_csrf_token_is_refused():
    """Even the victim's own owner cannot change anything with a POST that lacks the token."""
    world = build_world()
    before = world.snapshot()
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.owner)
    posts = []
    for route in routes():
        url = world.url(route)
        if url is not None:
            posts.append((url, client.post(url, FORM).status_code))
    assert [(url, status) for url, status in posts if status != 403] == []
    assert world.snapshot() == before
    report("CSRF sweep", f"{len(posts)} token-less posts, {len(posts)} refused")
