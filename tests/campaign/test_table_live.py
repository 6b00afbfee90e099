"""Server push on real ASGI servers: each device's stream hears every move, undo and result at
once; only members open it (404 otherwise) and a removed member's stream closes.

The embedded default (one process, events in-process) on SQLite and PostgreSQL; with Redis, two
server processes against one PostgreSQL database and one Redis, as ``make serve`` runs them.
"""

from pathlib import Path

import pytest

from tests.support.http import WebClient
from tests.support.servers import ROOT, ServerProcess, run_django
from tests.support.sse import EventStream

HTMX = {"HX-Request": "true"}
PASSWORD = "pass-phrase-x"
ARRANGE = f"""
from django.contrib.auth.models import User
from campaign import services
from campaign.table import services as table
from groups.models import Group, Membership
group = Group.objects.create(name="Live table")
ana, bea = (User.objects.create_user(name, password="{PASSWORD}") for name in ("ana", "bea"))
stranger = User.objects.create_user("cy", password="{PASSWORD}")
other = Group.objects.create(name="Elsewhere")
Membership.objects.create(group=other, user=stranger, role="owner")
Membership.objects.create(group=group, user=ana, role="owner")
Membership.objects.create(group=group, user=bea, role="player")
adventure = services.start_adventure(group=group, name="Live", by=ana)
attempt = table.begin_mission(adventure=adventure, by=ana, players=["Ana", "Ben", "Cy"],
                              first_player="Ana")
base = f"/groups/{{group.pk}}/adventures/{{adventure.pk}}/table/1/"
result = [base, other.pk, group.pk, adventure.pk]
"""
REMOVE_BEA = """
from groups.models import Membership
Membership.objects.filter(user__username="bea").delete()
result = True
"""


def client(server: ServerProcess, username: str) -> WebClient:
    device = WebClient(server.url)
    device.log_in(username, PASSWORD)
    return device


def log_path(request: pytest.FixtureRequest, name: str) -> Path:
    return ROOT / "test-output" / "servers" / f"{request.node.name}-{name}.log"


def check_push(
    mover_server: ServerProcess, watcher_server: ServerProcess, database_url: str, **env: str
) -> None:
    base, other_group, group, _adventure = run_django(database_url, ARRANGE, **env)
    ana, bea = client(mover_server, "ana"), client(watcher_server, "bea")
    stranger = client(watcher_server, "cy")

    # Only members open the stream: another group's URL, a stranger, no session: 404.
    assert EventStream(stranger, base + "events/").status == 404
    elsewhere = base.replace(f"/groups/{group}/", f"/groups/{other_group}/")
    assert EventStream(bea, elsewhere + "events/").status == 404
    assert EventStream(WebClient(watcher_server.url), base + "events/").status == 404

    stream = EventStream(bea, base + "events/")
    assert stream.status == 200
    first = stream.wait_for("changed")
    assert first.data.startswith("0-")
    assert first.data == bea.get(base + "version/").body

    # A card, then an undo: each reaches the other device's stream, which fetches its table.
    reply = ana.post(base + "move/", {"kind": "play", "card": "blue-3", "version": "0"}, HTMX)
    assert reply.status == 200
    moved = stream.wait_for("changed", timeout=5)
    assert moved.data.startswith("1-")
    table = bea.get(base, HTMX).body
    assert f'data-stamp="{moved.data}"' in table
    assert "Blue 3" in table
    ana.post(base + "undo/", {"version": "1"}, HTMX)
    assert stream.wait_for("changed", timeout=5).data.startswith("2-")
    # An abandon records the result: the stream says so too.
    ana.post(base + "abandon/", {"version": "2"}, HTMX)
    ended = stream.wait_for("changed", timeout=5)
    assert f'data-stamp="{ended.data}"' in bea.get(base, HTMX).body

    # Removed from the group: the open stream says "gone" and closes; the next fetch is 404.
    run_django(database_url, REMOVE_BEA, **env)
    assert stream.wait_for("gone", timeout=20).data == ""
    assert stream.next(timeout=5) is None
    stream.close()
    assert bea.get(base, HTMX).status == 404
    assert EventStream(bea, base + "events/").status == 404


def test_the_embedded_default_pushes_in_process(server_database, request):
    """``make run``: one process, no Redis; on SQLite and on PostgreSQL."""
    server = ServerProcess(server_database, log_path(request, "one"), workers=1)
    try:
        check_push(server, server, server_database)
    finally:
        server.stop()


def test_two_server_processes_push_through_redis(postgres_database, redis_url, request):
    """``make serve`` twice against one PostgreSQL and one Redis: a move posted to the first
    process reaches a stream held by the second."""
    env = {"REDIS_URL": redis_url}
    first = ServerProcess(postgres_database, log_path(request, "first"), **env)
    second = ServerProcess(postgres_database, log_path(request, "second"), **env)
    try:
        check_push(first, second, postgres_database, **env)
    finally:
        first.stop()
        second.stop()
