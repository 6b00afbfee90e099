"""With Redis stopped or frozen, recording results stays fast and nothing is lost; the statistics
catch up once Redis is back.

Runs its own redis-server on a free port (so it can be frozen with SIGSTOP and stopped without
touching a shared one), a real Celery worker with beat against it, and Questlog under gunicorn,
all on the PostgreSQL test database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.utils import timezone

from campaign.models import StatisticsOutbox
from groups.models import Role
from stats.models import Scope, StatsSnapshot
from tests.factories import PASSWORD, AdventureFactory, MembershipFactory
from tests.support.fixtures import ROOT, database_url_for_subprocess, subprocess_env
from tests.support.http import WebClient
from tests.support.servers import ServerProcess, free_port
from tests.support.services import unavailable

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.celery]
P99_LIMIT = 1.5
CATCH_UP = 60


class RedisServer:
    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                   "--save", "", "--appendonly", "no", "--dir", str(self.folder)]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        import redis

        while time.monotonic() < deadline:
            try:
                redis.Redis.from_url(self.url, socket_timeout=0.5).ping()
                return
            except redis.RedisError:
                time.sleep(0.1)
        pytest.fail("redis-server did not start")

    def freeze(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None:
            self.thaw()
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    from shutil import which

    if which("redis-server") is None:
        unavailable("redis", "redis-server is not installed")
    server = RedisServer(tmp_path)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def worker_and_beat(own_redis: RedisServer, tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    log = ROOT / "test-output" / "stats-worker-beat.log"
    log.parent.mkdir(exist_ok=True)
    env = subprocess_env(
        REDIS_URL=own_redis.url,
        DATABASE_URL=database_url_for_subprocess(),
        STATS_DRAIN_SECONDS="1",
    )
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--beat", "--pool", "solo",
               "--loglevel", "INFO", "--without-gossip", "--without-mingle",
               "-s", str(tmp_path / "beat-schedule"), "-n", f"stats-{os.getpid()}@%h"]  # fmt: skip
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def group_attempts(group_id: int) -> int:
    snapshot = StatsSnapshot.objects.filter(scope=Scope.GROUP, scope_id=group_id).first()
    return snapshot.data["totals"]["attempts"] if snapshot else 0


def wait_for(group_id: int, attempts: int) -> float:
    started = time.monotonic()
    while time.monotonic() - started < CATCH_UP:
        unprocessed = StatisticsOutbox.objects.filter(processed_at__isnull=True).exists()
        if group_attempts(group_id) == attempts and not unprocessed:
            return time.monotonic() - started
        time.sleep(0.5)
    pytest.fail(f"statistics did not catch up to {attempts} attempts: {group_attempts(group_id)}")


def test_results_keep_flowing_while_redis_is_frozen_or_stopped(
    postgres, transactional_db, own_redis, worker_and_beat, settings
):
    settings.STATS_DRAIN_ON_COMMIT = False
    member = MembershipFactory(role=Role.PLAYER)
    adventure = AdventureFactory(group=member.group, by=member.user)
    group = member.group.pk
    server = ServerProcess(
        database_url_for_subprocess(),
        ROOT / "test-output" / "servers" / "stats-redis-down.log",
        REDIS_URL=own_redis.url,
        # The test settings read the users' fast test password hashes.
        DJANGO_SETTINGS_MODULE="config.settings_test",
    )
    log_url = f"/groups/{group}/adventures/{adventure.pk}/log/"
    stats_url = f"/groups/{group}/stats/"
    count = 0

    def log_results(n: int) -> list[float]:
        nonlocal count
        timings = []
        for _ in range(n):
            count += 1
            reply = web.post(log_url, {
                "number": str(count), "mission": "1", "result": "failure",
                "failure_reason": "objective-not-met", "players": "Ana\nBen",
                "rounds_played": "5", "played_on": timezone.localdate().isoformat(),
                "duration_minutes": "20", "note": "",
            })  # fmt: skip
            assert reply.status == 302, reply.body[:2000]
            timings.append(reply.seconds)
        return timings

    try:
        web = WebClient(server.url)
        web.log_in(member.user.username, PASSWORD)
        log_results(2)
        wait_for(group, 2)

        own_redis.freeze()
        frozen = sorted(log_results(20))
        page = web.get(stats_url)
        assert page.status == 200
        assert "Newer results are pending" in page.body
        p99 = frozen[int(0.99 * (len(frozen) - 1))]
        print(f"redis frozen: p99 {p99:.3f} s, max {frozen[-1]:.3f} s over {len(frozen)} results")
        assert p99 < P99_LIMIT, frozen
        own_redis.thaw()
        wait_for(group, 22)

        own_redis.stop()
        stopped = sorted(log_results(10))
        assert stopped[int(0.99 * (len(stopped) - 1))] < P99_LIMIT, stopped
        assert web.get(stats_url).status == 200
        time.sleep(2)
        assert group_attempts(group) == 22
        own_redis.start()
        wait_for(group, 32)
        assert "Newer results are pending" not in web.get(stats_url).body
    finally:
        server.stop()
