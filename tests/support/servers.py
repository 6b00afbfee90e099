"""Real server processes on their own database, for tests that need real concurrent requests.

`database` fixtures give a migrated database URL (a fresh SQLite file, or a fresh PostgreSQL
database dropped afterwards; both copies of one migrated once per test process); `ServerProcess`
serves Questlog on it as `make serve` does (uvicorn, the ASGI server, with worker processes);
`run_django` runs a snippet of Python with Django set up on it, to arrange data the way a test
needs. `live_servers` is one module's servers for its live tests, started once: the embedded
default, then two processes through Redis.
"""

import contextlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.support.services import TEST_REDIS_URL, port_open, unavailable

ROOT = Path(__file__).resolve().parents[2]
POSTGRES_ADMIN_URL = os.environ.get(
    "QUESTLOG_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def django_env(database_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        # The tests' settings: quick password hashing (a server test signs in a dozen devices
        # and creates their users), templates compiled once as in production.
        DJANGO_SETTINGS_MODULE="config.settings_test",
        DEBUG="1",
        DATABASE_URL=database_url,
        REDIS_URL="",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def run_django(database_url: str, code: str, **env: str) -> Any:
    """Run `code` with Django set up on `database_url`; it sets `result`, returned as JSON."""
    script = "import django, json\ndjango.setup()\nresult = None\n" + code
    script += "\nprint('RESULT:' + json.dumps(result))\n"
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT, env=django_env(database_url, **env), capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("RESULT:"))
    return json.loads(line.removeprefix("RESULT:"))


def migrate(database_url: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v0"],
        cwd=ROOT, env=django_env(database_url), capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated SQLite file per test process; each server database starts as a copy of it."""
    path = tmp_path_factory.mktemp("migrated") / "server.sqlite3"
    migrate(f"sqlite:///{path}")
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file itself
    return path


@pytest.fixture
def sqlite_database(migrated_sqlite: Path, tmp_path: Path) -> str:
    path = tmp_path / "server.sqlite3"
    shutil.copyfile(migrated_sqlite, path)
    return f"sqlite:///{path}"


@contextlib.contextmanager
def fresh_postgres(
    prefix: str, template: str | None = None, admin_url: str = POSTGRES_ADMIN_URL
) -> Iterator[str]:
    """A new, migrated PostgreSQL database, dropped afterwards; yields its URL. With ``template``
    (a migrated database's name) it starts as a copy of that one instead of migrating again."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    copy = f' TEMPLATE "{template}"' if template else ""
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"{copy}')
    url = admin_url.rsplit("/", 1)[0] + f"/{name}"
    try:
        if not template:
            migrate(url)
        yield url
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def migrated_postgres() -> Iterator[str]:
    """One migrated PostgreSQL database per test process (its name), copied by each test that
    needs a database of its own: copying is a fraction of a second, migrating several."""
    if not port_open(POSTGRES_ADMIN_URL, 5432):
        unavailable("postgres", f"no PostgreSQL answers at {POSTGRES_ADMIN_URL}")
    with fresh_postgres("questlog_migrated") as url:
        yield url.rsplit("/", 1)[1]


@pytest.fixture
def postgres_database(migrated_postgres: str) -> Iterator[str]:
    with fresh_postgres("questlog_server", template=migrated_postgres) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
def server_database(request: pytest.FixtureRequest) -> str:
    """The same test on the SQLite default and on PostgreSQL."""
    name = "sqlite_database" if request.param == "sqlite" else "postgres_database"
    return str(request.getfixturevalue(name))


class ServerProcess:
    """Questlog under uvicorn (as `make serve`) on a database of its own; ``env`` adds settings
    (``REDIS_URL`` for events through Redis)."""

    def __init__(self, database_url: str, log: Path, workers: int = 2, **env: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.database_url = database_url
        # One process as ``make run`` serves it, several as ``make serve`` does.
        served = ["uvicorn", "config.asgi:application"] if workers == 1 else ["config.serve"]
        command = [
            sys.executable, "-m", *served, "--host", "127.0.0.1", "--port", str(self.port),
            "--workers", str(workers), "--no-access-log", "--timeout-graceful-shutdown", "2",
        ]  # fmt: skip
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=django_env(database_url, **env), stdout=out, stderr=out
            )
        self.wait_ready()

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the server exited; see {self.log}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        pytest.fail(f"the server did not answer /healthz; see {self.log}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def server(server_database: str, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    log = ROOT / "test-output" / "servers" / f"{request.node.name}.log"
    process = ServerProcess(server_database, log)
    try:
        yield process
    finally:
        process.stop()


@dataclass
class LiveServers:
    """The servers of a module's live tests: moves go to ``mover``, streams are held on
    ``watcher`` (the same process on the embedded default); ``run`` arranges data on their
    database."""

    mover: ServerProcess
    watcher: ServerProcess
    database_url: str
    env: dict[str, str] = field(default_factory=dict)

    def run(self, code: str) -> Any:
        return run_django(self.database_url, code, **self.env)


# A stream's heartbeat a minute away on the live tests' servers: whatever their streams hear in a
# test, a change or a member's removal, came by push.
PUSH_ONLY = {"LIVE_HEARTBEAT_SECONDS": "60"}


@pytest.fixture(scope="module", params=["embedded", "redis"])
def live_servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServers]:
    """Started once per module and set-up. ``embedded``: ``make run``, one process on SQLite, no
    Redis, events in-process. ``redis``: two server processes on one PostgreSQL database and one
    Redis, so a move posted to the first reaches streams the second holds."""
    logs = ROOT / "test-output" / "servers"
    name = f"{request.module.__name__.rsplit('.', 1)[-1]}-{request.param}"
    if request.param == "embedded":
        path = tmp_path_factory.mktemp("live") / "server.sqlite3"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
        url = f"sqlite:///{path}"
        server = ServerProcess(url, logs / f"{name}.log", workers=1, **PUSH_ONLY)
        try:
            yield LiveServers(server, server, url)
        finally:
            server.stop()
        return
    template = request.getfixturevalue("migrated_postgres")
    if not port_open(TEST_REDIS_URL, 6379):
        unavailable("redis", f"no Redis answers at {TEST_REDIS_URL}")
    import redis

    redis.Redis.from_url(TEST_REDIS_URL, socket_timeout=2).flushdb()
    env = {"REDIS_URL": TEST_REDIS_URL}
    with fresh_postgres("questlog_live", template=template) as url:
        first = ServerProcess(url, logs / f"{name}-first.log", workers=1, **env, **PUSH_ONLY)
        try:
            second = ServerProcess(url, logs / f"{name}-second.log", workers=1, **env, **PUSH_ONLY)
        except BaseException:
            first.stop()
            raise
        try:
            yield LiveServers(first, second, url, env)
        finally:
            first.stop()
            second.stop()
