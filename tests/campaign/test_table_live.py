"""The table's server push on real ASGI servers (``tests.support.live``, the same checks as every
game's): a member's stream opens on the current stamp, a viewer's too; a card, an undo and an
abandon on one device reach the others' streams at once, and their fetch shows it; a removed
member's stream ends at once; anyone else gets 404. On the embedded default (one process,
SQLite) and on two processes through Redis (PostgreSQL)."""

import pytest

from tests.support import live
from tests.support.servers import LiveServers

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
    live.opens_on_the_current_stamp(live_servers, game)


def test_a_card_an_undo_and_an_abandon_reach_every_other_device(live_servers, game):
    with live.streams_of(live_servers, game, "bea", "vic") as streams:
        ana = live.client(live_servers.mover, "ana")
        ana.post(game.base + "seat/", {"seat": "*"})  # one device for the whole table (web.seats)
        bea = live.client(live_servers.watcher, "bea")

        card = {"kind": "play", "card": "blue-3", "version": "0"}
        assert ana.post(game.base + "move/", card, live.HTMX).status == 200
        stamp = live.hears(streams, 1)
        table = bea.get(game.page, live.HTMX).body
        assert f'data-stamp="{stamp}"' in table
        assert "Blue 3" in table

        assert ana.post(game.base + "undo/", {"version": "1"}, live.HTMX).status == 200
        live.hears(streams, 2)
        # An abandon records the result without a move: the stamp changes all the same.
        assert ana.post(game.base + "abandon/", {"version": "2"}, live.HTMX).status == 200
        ended = live.hears(streams, 2)
        assert f'data-stamp="{ended}"' in bea.get(game.page, live.HTMX).body


def test_a_removed_members_stream_ends_at_once(live_servers, game):
    live.ends_when_removed(live_servers, game)
