"""Bonfire's server push on real ASGI servers (``tests.support.live``, the same checks as every
game's): a member's stream opens on the current stamp, a viewer's too; a move and the finish on
one device reach the others' streams at once, and another player's page, fetched, shows them; a
removed member's stream ends at once; anyone else gets 404. On the embedded default (one process,
SQLite) and on two processes through Redis (PostgreSQL)."""

from __future__ import annotations

import pytest

from tests.support import live
from tests.support.pages import element_text
from tests.support.servers import LiveServers

ARRANGE = (
    live.members("Bonfire night")
    + """
from games.bonfire import services
from games.content.bonfire import default_content
play = services.start_play(
    group=group, by=ana, name="Friday", players=["Ana", "Bea"], content=default_content()
)
base = f"/groups/{group.pk}/bonfire/{play.pk}/"
seats = {seat.name: f"{base}players/{seat.pk}/" for seat in play.seats.all()}
result = [base, seats["Bea"], group.pk, other.pk, dee_membership.pk, seats["Ana"]]
"""
)


@pytest.fixture(scope="module")
def arranged(live_servers: LiveServers) -> list[str]:
    return list(live_servers.run(ARRANGE))


@pytest.fixture(scope="module")
def game(arranged: list[str]) -> live.Game:
    return live.Game(*arranged[:5])


def test_a_member_or_viewer_opens_the_stream_on_the_current_stamp(live_servers, game):
    live.opens_on_the_current_stamp(live_servers, game)


def test_a_move_and_the_finish_reach_every_other_device(live_servers, game, arranged):
    """Seed 000, p. 8 (B3): Ana sails to Ember on her phone; Bea's page shows Ana's Ship there,
    then the game finished, without a reload."""
    with live.streams_of(live_servers, game, "bea", "vic") as streams:
        ana = live.client(live_servers.mover, "ana")
        bea = live.client(live_servers.watcher, "bea")
        ana.post(game.base + "seat/", {"seat": "Ana"})  # "I am Ana" (web.seats)

        sail = {"version": "0", "kind": "move_ship", "to": "ember"}
        assert ana.post(arranged[5] + "move/", sail).status == 302
        stamp = live.hears(streams, 1)
        page = bea.get(game.page, live.HTMX).body
        assert page.lstrip().startswith('<div id="table"')
        assert f'data-stamp="{stamp}"' in page
        assert "Ana Ship Ember Rock" in (element_text(page, "shared-board") or "")

        scores = {"version": "1", "score_0": "12", "score_1": "9"}
        assert ana.post(game.base + "finish/", scores).status == 302
        live.hears(streams, 2)
        assert element_text(bea.get(game.page, live.HTMX).body, "finished") is not None


def test_a_removed_members_stream_ends_at_once(live_servers, game):
    live.ends_when_removed(live_servers, game)
