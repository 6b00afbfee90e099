"""Solsticio's server push on real ASGI servers (``tests.support.live``, the same checks as every
game's): a member's stream opens on the current stamp, a viewer's too; a move on one device
reaches the others' streams at once, and the other player's fetch shows their own hand only; a
removed member's stream ends at once; anyone else gets 404. On the embedded default (one process,
SQLite) and on two processes through Redis (PostgreSQL)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support import live
from tests.support.servers import LiveServers

ARRANGE = (
    live.members("Solstice")
    + """
from games.rules.solsticio import from_json, legal_moves
from games.solsticio import services
game = services.start_solsticio_game(
    group=group, players=("Ana", "Bea"), seed=3, by=ana, opponent=bea
)
base = game.get_absolute_url()
tile = legal_moves(from_json(game.document))[0]["play"]
result = [base, base, group.pk, other.pk, dee_membership.pk, tile]
"""
)
HANDS = """
from games.models import SolsticioGame
from games.rules.solsticio import from_json
state = from_json(SolsticioGame.objects.get().document)
result = [list(hand) for hand in state.hands]
"""


def shows(html: str, tile: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(tile)}(?![\w-])", html) is not None


@pytest.fixture(scope="module")
def arranged(live_servers: LiveServers) -> list[Any]:
    return list(live_servers.run(ARRANGE))


@pytest.fixture(scope="module")
def game(arranged: list[Any]) -> live.Game:
    return live.Game(*arranged[:5])


def test_a_member_or_viewer_opens_the_stream_on_the_current_stamp(live_servers, game):
    live.opens_on_the_current_stamp(live_servers, game)


def test_a_move_reaches_every_other_device_each_seeing_their_own_hand(live_servers, game, arranged):
    with live.streams_of(live_servers, game, "bea", "vic") as streams:
        ana = live.client(live_servers.mover, "ana")
        tile = arranged[5]

        played = ana.post(
            game.base + "move/", {"seat": "Ana", "action": "play", "value": tile, "version": "0"}
        )
        assert played.status == 302
        stamp = live.hears(streams, 1)
        region = live.client(live_servers.watcher, "bea").get(game.page, live.HTMX).body
        assert f'data-stamp="{stamp}"' in region
        hands = live_servers.run(HANDS)
        assert all(shows(region, t) for t in hands[1])
        assert not any(shows(region, t) for t in hands[0])


def test_a_removed_members_stream_ends_at_once(live_servers, game):
    live.ends_when_removed(live_servers, game)
