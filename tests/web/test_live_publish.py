"""An event published by a process that ends right after the write arrives: ``web.live``
publishes to Redis before the write returns (no background thread a short-lived process could
end first), within a short timeout that a frozen Redis cannot stretch, and never fails the write.
Each check listens on a Redis subscription, as every server process does."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from games.solsticio import events, services
from games.solsticio.events import LIVE
from groups.models import Role
from tests.factories import MembershipFactory
from tests.support.fixtures import (
    ROOT,
    database_url_for_subprocess,
    running_celery_worker,
    subprocess_env,
)
from web import live

MOVE_FROM_A_SHELL = """
from django.contrib.auth.models import User
from games.models import SolsticioGame
from games.rules.solsticio import from_json, legal_moves
from games.solsticio import services
game = SolsticioGame.objects.get(pk={game})
move = legal_moves(from_json(game.document))[0]
services.play_solsticio_move(game=game, move=move, version=0, by=User.objects.get(pk={user}))
"""


@pytest.fixture
def duel(transactional_db: None) -> Any:
    """A Solsticio game of two members, committed: another process sees it."""
    dealer = MembershipFactory(role=Role.PLAYER)
    friend = MembershipFactory(group=dealer.group, role=Role.PLAYER)
    return services.start_solsticio_game(
        group=dealer.group, players=("Ana", "Bru"), seed=5, by=dealer.user, opponent=friend.user
    )


@pytest.fixture
def subscription(redis_url: str, duel: Any) -> Iterator[Any]:
    """A Redis subscription to the game's channel, made before anything moves."""
    import redis

    pubsub = redis.Redis.from_url(redis_url, decode_responses=True).pubsub()
    pubsub.subscribe(LIVE.channel(duel.pk))
    assert pubsub.get_message(timeout=5)["type"] == "subscribe"
    yield pubsub
    pubsub.close()


def already_sent(pubsub: Any) -> str:
    """The message the writer sent before it returned: there within a moment, or never."""
    message = pubsub.get_message(timeout=1)
    assert message is not None, "no event arrived"
    return str(message["data"])


def test_a_move_made_by_a_management_command_is_heard(redis_url, duel, subscription):
    """``manage.py shell -c``: the process writes, exits, and its event has arrived."""
    code = MOVE_FROM_A_SHELL.format(game=duel.pk, user=duel.first_user_id)
    env = subprocess_env(REDIS_URL=redis_url, DATABASE_URL=database_url_for_subprocess())
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    heard = already_sent(subscription)
    duel.refresh_from_db()
    assert duel.version == 1
    assert heard == events.stamp(duel)


def test_a_move_made_by_a_celery_task_is_heard(redis_url, duel, subscription):
    """A real worker runs the task: the event is out by the time its result is."""
    with running_celery_worker(redis_url, include="tests.support.live_tasks") as (_, worker):
        result = worker.send_task("tests.live.solsticio_move", args=[duel.pk, duel.first_user_id])
        assert result.get(timeout=30) == 1
        heard = already_sent(subscription)
    duel.refresh_from_db()
    assert heard == events.stamp(duel)


@pytest.fixture
def frozen_redis() -> Iterator[str]:
    """A Redis that accepts connections and never answers."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    stop.set()
    thread.join()
    for connection in held:
        connection.close()
    server.close()


def test_a_frozen_redis_costs_a_publish_its_short_timeout_and_fails_nothing(
    frozen_redis, settings, caplog
):
    """One try and one retry of ``LIVE_PUBLISH_TIMEOUT`` each, then a warning: never an error
    raised into the write that sent the event."""
    settings.REDIS_URL = frozen_redis
    started = time.monotonic()
    live.publish_now(live.game_channel("table", 1), "1-abc")
    took = time.monotonic() - started
    assert took < 4 * settings.LIVE_PUBLISH_TIMEOUT
    assert "could not publish" in caplog.text
