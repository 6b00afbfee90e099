"""What every game's server-push test does the same way on real ASGI servers (``live_servers``,
one set per module): sign devices in, open a member's stream (404 for anyone else), see a move
from another device arrive, and see a removed member's stream end at once.

Every game's module arranges, once per set-up, the group of ``members`` and one game, and its
tests call these checks with the game's stream URL and page URL."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

from tests.support.http import WebClient
from tests.support.servers import LiveServers, ServerProcess
from tests.support.sse import Event, EventStream, stamp_of

HTMX = {"HX-Request": "true"}
PASSWORD = "pass-phrase-x"
# How long an event may take to arrive by push: the servers' heartbeat is a minute away.
PUSHED_WITHIN = 5.0
# What a stream says of its game: the new region (a game whose region is shared between devices,
# ``web.live.Regions``) or its stamp (the device fetches its own).
GAME = ("region", "changed")


def members(group_name: str) -> str:
    """The start of an arranging script for ``run_django``: ``group`` with ana (owner), bea
    (player), vic (viewer) and dee (player, whom a test removes), and the stranger cy, who owns
    only the group ``other``."""
    return f"""
from django.contrib.auth.models import User
from groups.models import Group, Membership
group = Group.objects.create(name={group_name!r})
ana, bea, vic, dee, stranger = (
    User.objects.create_user(name, password="{PASSWORD}")
    for name in ("ana", "bea", "vic", "dee", "cy")
)
other = Group.objects.create(name="Elsewhere")
Membership.objects.create(group=other, user=stranger, role="owner")
Membership.objects.create(group=group, user=ana, role="owner")
Membership.objects.create(group=group, user=bea, role="player")
Membership.objects.create(group=group, user=vic, role="viewer")
dee_membership = Membership.objects.create(group=group, user=dee, role="player")
"""


@dataclass(frozen=True)
class Game:
    """One arranged game: its URL (the stream is ``…events/``, the stamp ``…version/``), the page
    a device shows and fetches, its group and another group, and dee's membership id."""

    base: str
    page: str
    group: int
    other: int
    dee: int


def client(server: ServerProcess, username: str) -> WebClient:
    device = WebClient(server.url)
    device.log_in(username, PASSWORD)
    return device


def opens_on_the_current_stamp(servers: LiveServers, game: Game, said: str = "changed") -> None:
    """Only members open the stream, a viewer too; it starts with the game at the stamp the
    version URL gives (``said``: as its region or its stamp). A stranger, the same URL under
    another group and a request without a session: 404."""
    watcher = servers.watcher
    stranger = client(watcher, "cy")
    assert EventStream(stranger, game.base + "events/").status == 404
    assert stranger.get(game.base + "version/").status == 404
    elsewhere = game.base.replace(f"/groups/{game.group}/", f"/groups/{game.other}/")
    bea = client(watcher, "bea")
    assert EventStream(bea, elsewhere + "events/").status == 404
    assert bea.get(elsewhere + "version/").status == 404
    assert EventStream(WebClient(watcher.url), game.base + "events/").status == 404
    for name in ("bea", "vic"):
        member = bea if name == "bea" else client(watcher, name)
        stream = EventStream(member, game.base + "events/")
        try:
            assert stream.status == 200
            first = stream.wait_for(*GAME)
            assert first.name == said
            assert stamp_of(first) == member.get(game.base + "version/").body
        finally:
            stream.close()


@contextlib.contextmanager
def streams_of(servers: LiveServers, game: Game, *names: str) -> Iterator[dict[str, EventStream]]:
    """The named members' streams, held on the watching server, each past its first stamp;
    closed after, whatever happened."""
    streams: dict[str, EventStream] = {}
    try:
        for name in names:
            stream = streams[name] = EventStream(
                client(servers.watcher, name), game.base + "events/"
            )
            assert stream.status == 200
            stream.wait_for(*GAME)
        yield streams
    finally:
        for stream in streams.values():
            stream.close()


def hears(streams: dict[str, EventStream], version: int) -> str:
    """Every stream hears the change to ``version`` by push; its stamp."""
    return stamp_of(heard(streams, version)[0])


def heard(streams: dict[str, EventStream], version: int) -> list[Event]:
    """Every stream hears the change to ``version`` by push, all at one stamp: their events, in
    the order of ``streams``."""
    events = [s.wait_for(*GAME, timeout=PUSHED_WITHIN) for s in streams.values()]
    stamps = {stamp_of(event) for event in events}
    assert len(stamps) == 1, stamps
    stamp = stamps.pop()
    assert stamp.startswith(f"{version}-"), stamp
    return events


def ends_when_removed(servers: LiveServers, game: Game) -> None:
    """Dee removed from the group by its owner (on the other server): her open stream says
    "gone" at once and closes; her page and her stream are 404 from then on."""
    dee = client(servers.watcher, "dee")
    owner = client(servers.mover, "ana")
    with streams_of(servers, game, "dee") as streams:
        removed = owner.post(f"/groups/{game.group}/members/{game.dee}/remove/", {"confirm": "1"})
        assert removed.status == 302
        gone: Event = streams["dee"].wait_for("gone", timeout=PUSHED_WITHIN)
        assert gone.data == ""
        assert streams["dee"].next(timeout=PUSHED_WITHIN) is None
    assert dee.get(game.page, HTMX).status == 404
    assert EventStream(dee, game.base + "events/").status == 404
