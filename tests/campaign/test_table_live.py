"""Server push on real ASGI servers: each device's stream hears every move, undo and result at
once; only members open it (404 otherwise) and a removed member's stream closes.

The embedded default (one process, events in-process) on SQLite and PostgreSQL; with Redis, two
server processes against one PostgreSQL database and one Redis, as ``make serve`` runs them.
"""

from tests.support.live import (
    HTMX,
    client,
    closes_when_removed,
    member_stream,
    members,
    on_one_process,
    on_two_processes,
)
from tests.support.servers import ServerProcess, run_django
from tests.support.sse import EventStream

ARRANGE = (
    members("Live table")
    + """
from campaign import services
from campaign.table import services as table
adventure = services.start_adventure(group=group, name="Live", by=ana)
attempt = table.begin_mission(adventure=adventure, by=ana, players=["Ana", "Ben", "Cy"],
                              first_player="Ana")
base = f"/groups/{group.pk}/adventures/{adventure.pk}/table/1/"
result = [base, other.pk, group.pk, adventure.pk]
"""
)


def check_push(
    mover_server: ServerProcess, watcher_server: ServerProcess, database_url: str, **env: str
) -> None:
    base, other_group, group, _adventure = run_django(database_url, ARRANGE, **env)
    ana, bea = client(mover_server, "ana"), client(watcher_server, "bea")
    stranger = client(watcher_server, "cy")
    ana.post(base + "seat/", {"seat": "*"})  # one device for the whole table (web.seats)

    # Only members open the stream: another group's URL, a stranger, no session: 404.
    stream = member_stream(watcher_server, bea, stranger, base, group, other_group)

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
    closes_when_removed(stream, bea, base, database_url, **env)
    assert EventStream(bea, base + "events/").status == 404


def test_the_embedded_default_pushes_in_process(server_database, request):
    """``make run``: one process, no Redis; on SQLite and on PostgreSQL."""
    on_one_process(check_push, server_database, request)


def test_two_server_processes_push_through_redis(postgres_database, redis_url, request):
    """``make serve`` twice against one PostgreSQL and one Redis: a move posted to the first
    process reaches a stream held by the second."""
    on_two_processes(check_push, postgres_database, redis_url, request)
