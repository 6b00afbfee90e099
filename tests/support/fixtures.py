"""Fixtures for real PostgreSQL, Redis, a Celery worker and Chromium."""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.support.services import (
    TEST_REDIS_URL,
    chromium_path,
    port_open,
    unavailable,
)

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture
def postgres(db: None) -> None:
    """The test database is PostgreSQL (CI points DATABASE_URL at it)."""
    if connection.vendor != "postgresql":
        unavailable("postgres", "DATABASE_URL is not a PostgreSQL database")


@pytest.fixture
def redis_url() -> str:
    """A real Redis, flushed: the tests use their own database number on it."""
    import redis

    if not port_open(TEST_REDIS_URL, 6379):
        unavailable("redis", f"no Redis answers at {TEST_REDIS_URL}")
    client = redis.Redis.from_url(TEST_REDIS_URL, socket_timeout=2)
    client.flushdb()
    return TEST_REDIS_URL


def database_url_for_subprocess() -> str:
    """The URL of the test database, for a worker or server process started by a test."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or ""
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings['NAME']}"


def subprocess_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1", PYTHONUNBUFFERED="1")
    env.update(extra)
    return env


@contextmanager
def running_celery_worker(
    redis_url: str, *, include: str = "", **env: str
) -> Iterator[tuple[Any, Any]]:
    """A real Celery worker process on ``redis_url`` and the test database, with ``env``; it also
    imports ``include``, modules of tasks only tests send (comma-separated).

    Yields the process and a Celery app that talks to that worker (send tasks by name).
    """
    from celery import Celery

    log = OUTPUT / "celery-worker.log"
    log.parent.mkdir(exist_ok=True)
    env = subprocess_env(REDIS_URL=redis_url, DATABASE_URL=database_url_for_subprocess(), **env)
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
        "--loglevel", "INFO", "--without-gossip", "--without-mingle",
        "-n", f"test-{os.getpid()}-{time.monotonic_ns()}@%h",
        *(["--include", include] if include else []),
    ]  # fmt: skip
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    # Not the current app: tasks declared with ``shared_task`` would send themselves through it
    # (to this Redis, not run in-process) in every later test of this process.
    client = Celery("questlog-test", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        deadline = time.monotonic() + 30
        while not client.control.ping(timeout=0.5):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Celery worker did not start; see {log}")
        yield process, client
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        client.close()


@pytest.fixture
def celery_worker(redis_url: str, transactional_db: None) -> Iterator[Any]:
    """A real Celery worker process on the test Redis and the test database.

    Yields a Celery app that talks to that worker (send tasks by name).
    """
    with running_celery_worker(redis_url) as (_process, client):
        yield client


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Chromium for one test module. Playwright's sync API runs an event loop in the test's thread
    while it is open; closing it with the module leaves no running loop to the next module of the
    same test process (``asyncio.run`` and ``async_to_sync`` refuse to run beside one)."""
    path = chromium_path()
    if path is None:
        unavailable("browser", "Chromium not found at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class BrowserSession:
    """A browser context for one user, at phone width, that records CSP violations."""

    def __init__(
        self,
        browser: Any,
        base_url: str,
        shots: Path,
        width: int = 360,
        locale: str = "en-US",
        **options: Any,
    ) -> None:
        # ``locale`` is the browser's language: its Accept-Language header and navigator.language;
        # ``options`` go to the context as they are (``timezone_id``: the browser's time zone).
        # The service worker (offline page, cached assets) is left out unless a test asks for it
        # (``service_workers="allow"``, ``test_install``): registering and running it in every
        # context cost the browser tests about a twentieth of their CPU.
        options.setdefault("service_workers", "block")
        self.context = browser.new_context(
            base_url=base_url, viewport={"width": width, "height": 760}, locale=locale, **options
        )
        self.base_url = base_url
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.csp_violations: list[str] = []
        self.page.on("console", self._console)
        self.shots = shots
        self.count = 0

    def sign_in(self, username: str) -> None:
        """Signed in as ``username``, then on the groups page as after logging in, without the
        log-in page: a session made as Django's test client makes one (``force_login``: the
        same log-in signal, so the account's language too), its cookie given to this context.
        The log-in page is used where it is the subject (``log_in_through_the_page``,
        ``test_languages``, ``test_every_page``)."""
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        self.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": self.base_url}]
        )
        self.page.goto(reverse("groups:list"))

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.csp_violations.append(message.text)

    def shot(self, name: str) -> Path:
        self.count += 1
        path = self.shots / f"{self.count:02d}-{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(path), full_page=True, timeout=30_000)
        return path


@pytest.fixture
def browser_session(
    chromium: Any, live_server: Any, request: pytest.FixtureRequest
) -> Iterator[Any]:
    """Open browser sessions (one per user) on the live server; fails on any CSP violation."""
    yield from open_sessions(chromium, live_server.url, request)


def open_sessions(chromium: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """What ``browser_session`` yields, on any server: ``open_session(width, name)``."""
    sessions: list[BrowserSession] = []
    shots = OUTPUT / "screenshots" / request.node.name

    def open_session(
        width: int = 360, name: str = "", locale: str = "en-US", **options: Any
    ) -> BrowserSession:
        folder = shots / name if name else shots
        session = BrowserSession(chromium, base_url, folder, width, locale, **options)
        sessions.append(session)
        return session

    yield open_session
    violations = [v for s in sessions for v in s.csp_violations]
    for session in sessions:
        session.context.close()
    assert violations == [], f"Content-Security-Policy violations: {violations}"
