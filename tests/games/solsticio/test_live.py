"""Solsticio's server push on real ASGI servers, through the same ``web.live`` as the campaign
table: the other player's stream hears a move at once, their region then shows their own hand only;
only members of the game's group open the stream (404 otherwise), and a removed member's
stream closes. In one process (SQLite and
PostgreSQL), and across two processes through Redis."""

from __future__ import annotations

import re
from typing import Any

from tests.support import live
from tests.support.servers import ServerProcess, run_django

ARRANGE = (
    live.members("Solstice")
    + """
from games.rules.solsticio import from_json, legal_moves
from games.solsticio import services
game = services.start_solsticio_game(
    group=group, players=("Ana", "Bea"), seed=3, by=ana, opponent=bea
)
state = from_json(game.document)
move = legal_moves(state)[0]
result = [game.get_absolute_url(), other.pk, group.pk, move["play"], list(state.hands[0])]
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


def check_push(mover_server: ServerProcess, watcher_server: ServerProcess, url: str, **env: Any):
    base, other_group, group, tile, _ = run_django(url, ARRANGE, **env)
    ana, bea = live.client(mover_server, "ana"), live.client(watcher_server, "bea")
    stranger = live.client(watcher_server, "cy")
    stream = live.member_stream(watcher_server, bea, stranger, base, group, other_group)

    move = {"seat": "Ana", "action": "play", "value": tile, "version": "0"}
    reply = ana.post(base + "move/", move)
    assert reply.status == 302
    moved = stream.wait_for("changed", timeout=5)
    assert moved.data.startswith("1-")
    region = bea.get(base, live.HTMX).body
    assert f'data-stamp="{moved.data}"' in region
    hands = run_django(url, HANDS, **env)
    assert all(shows(region, t) for t in hands[1])
    assert not any(shows(region, t) for t in hands[0])

    # Removed from the group: the open stream says "gone" and closes; the page is 404.
    live.closes_when_removed(stream, bea, base, url, **env)


def test_the_embedded_default_pushes_a_move_in_process(server_database, request):
    live.on_one_process(check_push, server_database, request)


def test_two_server_processes_push_a_move_through_redis(postgres_database, redis_url, request):
    live.on_two_processes(check_push, postgres_database, redis_url, request)
