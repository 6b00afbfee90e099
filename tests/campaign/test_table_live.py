"""The table's server push on real ASGI servers (``tests.support.live``, the same checks as every
game's): a member's stream opens on the current table, a viewer's too; a card, an undo and an
abandon on one device reach the others' streams at once, each event carrying the new region as
that device would fetch it (a player's with the seat picker, a viewer's without a control, none
with a session's token); a stream opened again starts on the current region; a member made a
viewer is sent a viewer's region from then on; a removed member's stream ends at once; anyone else
gets 404. On the embedded default (one process, SQLite) and on two processes through Redis
(PostgreSQL)."""

import re

import pytest

from tests.support import live
from tests.support.servers import LiveServers
from tests.support.sse import EventStream, stamp_of

PICKER = 'id="seat-picker"'
WATCHING = 'id="seat-viewer"'
TOKEN = "csrfmiddlewaretoken"

ARRANGE = (
    live.members("Live table")
    + """
from campaign import services
from campaign.table import services as table
adventure = services.start_adventure(group=group, name="Live", by=ana)
attempt = table.begin_mission(adventure=adventure, by=ana, players=["Ana", "Ben", "Cy"],
                              first_player="Ana")
base = f"/groups/{group.pk}/adventures/{adventure.pk}/table/1/"
result = [base, base, group.pk, other.pk, dee_membership.pk]
"""
)


@pytest.fixture(scope="module")
def game(live_servers: LiveServers) -> live.Game:
    return live.Game(*live_servers.run(ARRANGE))


def test_a_member_or_viewer_opens_the_stream_on_the_current_stamp(live_servers, game):
    live.opens_on_the_current_stamp(live_servers, game, said="region")


def test_a_card_an_undo_and_an_abandon_reach_every_other_device(live_servers, game):
    with live.streams_of(live_servers, game, "bea", "vic") as streams:
        ana = live.client(live_servers.mover, "ana")
        ana.post(game.base + "seat/", {"seat": "*"})  # one device for the whole table (web.seats)
        bea = live.client(live_servers.watcher, "bea")

        card = {"kind": "play", "card": "blue-3", "version": "0"}
        assert ana.post(game.base + "move/", card, live.HTMX).status == 200
        to_bea, to_vic = live.heard(streams, 1)
        assert (to_bea.name, to_vic.name) == ("region", "region")
        # Bea's event carries the region her fetch would give, a player's: the seat picker
        # (her device is bound to no seat), the card played, no token of a session.
        table = bea.get(game.page, live.HTMX).body
        assert to_bea.data == table
        assert f'data-stamp="{stamp_of(to_bea)}"' in table
        assert "Blue 3" in to_bea.data
        assert PICKER in to_bea.data
        # Vic watches: his region shows the same table without a control to play.
        vic = live.client(live_servers.watcher, "vic")
        assert to_vic.data == vic.get(game.page, live.HTMX).body
        assert "Blue 3" in to_vic.data
        assert WATCHING in to_vic.data
        assert PICKER not in to_vic.data
        assert 'name="card"' not in enabled(to_vic.data)
        for event in (to_bea, to_vic):
            assert TOKEN not in event.data

        assert ana.post(game.base + "undo/", {"version": "1"}, live.HTMX).status == 200
        live.hears(streams, 2)
        # An abandon records the result without a move: the stamp changes all the same.
        assert ana.post(game.base + "abandon/", {"version": "2"}, live.HTMX).status == 200
        ended = live.hears(streams, 2)
        assert f'data-stamp="{ended}"' in bea.get(game.page, live.HTMX).body


def enabled(region: str) -> str:
    """The region's buttons that are not disabled."""
    return " ".join(b for b in re.findall(r"<button[^>]*>", region) if " disabled" not in b)


SECOND = """
from django.contrib.auth.models import User
from campaign import services
from campaign.table import services as table
from groups.models import Group
group = Group.objects.get(name="Live table")
ana = User.objects.get(username="ana")
adventure = services.start_adventure(group=group, name="Again", by=ana)
table.begin_mission(adventure=adventure, by=ana, players=["Ana", "Ben", "Cy"], first_player="Ana")
result = f"/groups/{group.pk}/adventures/{adventure.pk}/table/1/"
"""


@pytest.fixture(scope="module")
def second(live_servers: LiveServers, game: live.Game) -> live.Game:
    """A second table of the same group, on which the moves below start from the beginning."""
    base = live_servers.run(SECOND)
    return live.Game(base, base, game.group, game.other, game.dee)


def test_a_stream_opened_again_starts_on_the_current_region(live_servers, second):
    """A device that reconnects (or missed an event) is sent the current table at once."""
    ana = live.client(live_servers.mover, "ana")
    ana.post(second.base + "seat/", {"seat": "*"})
    bea = live.client(live_servers.watcher, "bea")
    with live.streams_of(live_servers, second, "bea"):
        pass  # a stream that dropped, then a change it missed
    card = {"kind": "play", "card": "blue-3", "version": "0"}
    assert ana.post(second.base + "move/", card, live.HTMX).status == 200
    stream = EventStream(bea, second.base + "events/")
    try:
        first = stream.wait_for(*live.GAME, timeout=live.PUSHED_WITHIN)
        assert first.name == "region"
        assert stamp_of(first).startswith("1-")
        assert stamp_of(first) == bea.get(second.base + "version/").body
        assert first.data == bea.get(second.page, live.HTMX).body
        assert "Blue 3" in first.data
    finally:
        stream.close()


def test_a_member_made_a_viewer_is_sent_a_viewers_region(live_servers, second):
    """The stream reads the membership again when it changes: from then on the regions it
    carries are a viewer's (no control to play)."""
    owner = live.client(live_servers.mover, "ana")
    owner.post(second.base + "seat/", {"seat": "*"})
    role = f"/groups/{second.group}/members/{second.dee}/role/"
    try:
        with live.streams_of(live_servers, second, "dee") as streams:
            before = streams["dee"]
            assert owner.post(role, {"role": "viewer"}).status == 302
            before.wait_for("comment", timeout=live.PUSHED_WITHIN)  # the membership read again
            version = owner.get(second.base + "version/").body.split("-")[0]
            undo = owner.post(second.base + "undo/", {"version": version}, live.HTMX)
            assert undo.status == 200
            event = before.wait_for(*live.GAME, timeout=live.PUSHED_WITHIN)
            assert stamp_of(event) == owner.get(second.base + "version/").body
            assert WATCHING in event.data
            assert PICKER not in event.data
            assert 'name="card"' not in enabled(event.data)
    finally:
        assert owner.post(role, {"role": "player"}).status == 302


def test_a_removed_members_stream_ends_at_once(live_servers, game):
    live.ends_when_removed(live_servers, game)
