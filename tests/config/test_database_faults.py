"""Fault test: PostgreSQL connections killed (``pg_terminate_backend``) under load, against a real
server (uvicorn as `make serve` runs it, 2 processes, ``DEBUG=0``).

Seen before: after a database restart, each idle server process answered its first request with a
500. Now a kept connection is checked before reuse (``CONN_HEALTH_CHECKS``), a request caught
mid-query by the kill gets the "try again" page (503, ``Retry-After``), and one retry is enough
unless the next kill catches it too; nothing answers 500, and once the database is back every
request succeeds at once.
"""

import http.client
import threading
import time

import psycopg

from tests.support.counts import report
from tests.support.servers import POSTGRES_ADMIN_URL, ServerProcess, run_django
from tests.support.servers import ROOT as PROJECT_ROOT

ARRANGE = """
from django.test import Client
from django.urls import reverse
from campaign import services
from games.packs import load_default_pack
from groups.models import Group, Membership, Role
from django.contrib.auth.models import User

user = User.objects.create_user("faults", password="a long fault-test password")
group = Group.objects.create(name="Fault table")
Membership.objects.create(group=group, user=user, role=Role.OWNER)
adventure = services.start_adventure(
    group=group, name="Spring", by=user, content_pack=load_default_pack()
)
client = Client()
client.force_login(user)
result = {
    "session": client.cookies["sessionid"].value,
    "urls": [
        reverse("groups:list"),
        reverse("groups:detail", args=[group.pk]),
        adventure.get_absolute_url(),
        reverse("campaign:history", args=[group.pk, adventure.pk]),
    ],
}
"""
SERVER_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings_test",
    "DEBUG": "0",
    "SECRET_KEY": "fault-test-secret-key-" + "x" * 40,
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
}
CLIENTS = 8
LOAD_SECONDS = 4.5
# Far apart enough that a retry seldom meets the next kill (one that does is told by its times).
KILL_EVERY = 1.5


def kill_connections(database: str) -> int:
    """Terminate every server connection to ``database``; how many there were."""
    with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            [database],
        ).fetchall()
    return len(rows)


class Visitor:
    """A signed-in browser: GETs with the session cookie; one retry after a 503."""

    def __init__(self, port: int, session: str) -> None:
        self.port = port
        self.headers = {"Cookie": f"sessionid={session}", "X-Forwarded-Proto": "https"}
        # When each retry that did not succeed was in flight (monotonic start, end).
        self.failed_retries: list[tuple[float, float]] = []

    def status(self, url: str) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", url, headers=self.headers)
            response = connection.getresponse()
            response.read()
            return response.status, response.getheader("Retry-After") or ""
        finally:
            connection.close()

    def visit(self, url: str) -> tuple[int, int]:
        """(final status, retries)."""
        status, retry_after = self.status(url)
        if status == 503 and retry_after:
            time.sleep(0.05)
            started = time.monotonic()
            status = self.status(url)[0]
            if status != 200:
                self.failed_retries.append((started, time.monotonic()))
            return status, 1
        return status, 0


def overlap(window: tuple[float, float], other: tuple[float, float]) -> bool:
    return window[0] <= other[1] and other[0] <= window[1]


def everyone_visits(visitor: Visitor, urls: list[str], times: int) -> list[tuple[int, int]]:
    results: list[tuple[int, int]] = []

    def run() -> None:
        for _ in range(times):
            for url in urls:
                results.append(visitor.visit(url))

    threads = [threading.Thread(target=run) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_killed_connections_under_load(postgres_database):
    arranged = run_django(postgres_database, ARRANGE, SECRET_KEY=SERVER_ENV["SECRET_KEY"])
    urls = arranged["urls"]
    database = postgres_database.rsplit("/", 1)[1]
    log = PROJECT_ROOT / "test-output" / "servers" / "database-faults.log"
    server = ServerProcess(postgres_database, log, **SERVER_ENV)
    try:
        visitor = Visitor(server.port, arranged["session"])
        warm = everyone_visits(visitor, urls, 3)
        assert {status for status, _ in warm} == {200}

        # A restart: every kept connection dies while the processes are idle.
        killed = kill_connections(database)
        after_restart = everyone_visits(visitor, urls, 2)
        assert [r for r in after_restart if r != (200, 0)] == []

        # Kills while requests are in flight.
        results: list[tuple[int, int]] = []
        stop = threading.Event()

        def load() -> None:
            while not stop.is_set():
                for url in urls:
                    results.append(visitor.visit(url))

        threads = [threading.Thread(target=load) for _ in range(CLIENTS)]
        for thread in threads:
            thread.start()
        rounds = 0
        deadline = time.monotonic() + LOAD_SECONDS
        kills: list[tuple[float, float]] = []
        while time.monotonic() < deadline:
            time.sleep(KILL_EVERY)
            started = time.monotonic()
            killed += kill_connections(database)
            kills.append((started, time.monotonic()))
            rounds += 1
        stop.set()
        for thread in threads:
            thread.join()
        assert [r for r in results if r[0] == 500] == []
        # A retry fails only when the next kill caught it too (a request slowed by a busy machine
        # can take longer than the kills are apart): never because the first kill left it broken.
        assert [r for r in results if r[0] not in (200, 503)] == []
        unexplained = [
            window
            for window in visitor.failed_retries
            if not any(overlap(window, k) for k in kills)
        ]
        assert unexplained == []
        assert len([r for r in results if r[0] == 503]) == len(visitor.failed_retries)
        retried = sum(retries for _, retries in results)

        # The database is back: every request succeeds at its first try.
        back = everyone_visits(visitor, urls, 2)
        assert [r for r in back if r != (200, 0)] == []
    finally:
        server.stop()
    total = len(warm) + len(after_restart) + len(results) + len(back)
    report(
        "database faults",
        f"{killed} connections killed in {rounds + 1} rounds, {total} requests, "
        f"{retried} answered 503 and retried, {retried - len(visitor.failed_retries)} of them "
        f"succeeding ({len(visitor.failed_retries)} retries met the next kill), 0 server errors",
    )
