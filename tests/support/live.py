"""What every game's server-push test does the same way on real ASGI servers: sign devices in,
open a member's stream (404 for anyone else), see it close once the member is removed, and run
a check on one server process or on two through Redis."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.http import WebClient
from tests.support.servers import ROOT, ServerProcess, run_django
from tests.support.sse import EventStream

HTMX = {"HX-Request": "true"}
PASSWORD = "pass-phrase-x"
REMOVE_BEA = """
from groups.models import Membership
Membership.objects.filter(user__username="bea").delete()
result = True
"""
Check = Callable[..., None]


def members(group_name: str) -> str:
    """The start of an arranging script for ``run_django``: ``group`` with ana (owner) and bea
    (player), and the stranger cy, who owns only the group ``other``."""
    return f"""
from django.contrib.auth.models import User
from groups.models import Group, Membership
group = Group.objects.create(name={group_name!r})
ana, bea = (User.objects.create_user(name, password="{PASSWORD}") for name in ("ana", "bea"))
stranger = User.objects.create_user("cy", password="{PASSWORD}")
other = Group.objects.create(name="Elsewhere")
Membership.objects.create(group=other, user=stranger, role="owner")
Membership.objects.create(group=group, user=ana, role="owner")
Membership.objects.create(group=group, user=bea, role="player")
"""


def client(server: ServerProcess, username: str) -> WebClient:
    device = WebClient(server.url)
    device.log_in(username, PASSWORD)
    return device


def log_path(request: pytest.FixtureRequest, name: str) -> Path:
    return ROOT / "test-output" / "servers" / f"{request.node.name}-{name}.log"


def member_stream(
    watcher: ServerProcess,
    member: WebClient,
    stranger: WebClient,
    base: str,
    group: int,
    other: int,
) -> EventStream:
    """``member``'s stream of the game at ``base``, checked to open with the current stamp; a
    stranger, the same URL under another group and a request without a session get 404."""
    assert EventStream(stranger, base + "events/").status == 404
    elsewhere = base.replace(f"/groups/{group}/", f"/groups/{other}/")
    assert EventStream(member, elsewhere + "events/").status == 404
    assert EventStream(WebClient(watcher.url), base + "events/").status == 404
    stream = EventStream(member, base + "events/")
    assert stream.status == 200
    first = stream.wait_for("changed")
    assert first.data.startswith("0-")
    assert first.data == member.get(base + "version/").body
    return stream


def closes_when_removed(stream: EventStream, bea: WebClient, base: str, url: str, **env: str):
    """Bea removed from the group: her open stream says "gone" and closes; the page is 404."""
    run_django(url, REMOVE_BEA, **env)
    assert stream.wait_for("gone", timeout=20).data == ""
    assert stream.next(timeout=5) is None
    stream.close()
    assert bea.get(base, HTMX).status == 404


def on_one_process(check: Check, database: str, request: pytest.FixtureRequest) -> None:
    """``make run``: one process, no Redis, events in-process."""
    server = ServerProcess(database, log_path(request, "one"), workers=1)
    try:
        check(server, server, database)
    finally:
        server.stop()


def on_two_processes(check: Check, database: str, redis_url: str, request: Any) -> None:
    """``make serve`` twice against one database and one Redis: moves posted to the first
    process reach streams held by the second."""
    env = {"REDIS_URL": redis_url}
    first = ServerProcess(database, log_path(request, "first"), **env)
    second = ServerProcess(database, log_path(request, "second"), **env)
    try:
        check(first, second, database, **env)
    finally:
        first.stop()
        second.stop()
