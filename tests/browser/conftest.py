"""Fixtures for browser tests that open the live table: its event streams are async views, so
they run on uvicorn as ``make run`` serves them, not on the threaded test server."""

import pytest

from tests.support.fixtures import database_url_for_subprocess, open_sessions
from tests.support.servers import ROOT, ServerProcess


@pytest.fixture(scope="module")
def asgi_server(django_db_setup, request):
    """The table as ``make run`` serves it: uvicorn (ASGI), one process, on the test database,
    shared by the tests of a module (starting one costs a couple of seconds). Each test still
    gets an emptied database (``table_session`` asks for ``transactional_db``); the server keeps
    nothing of a test's but what is keyed by rows, whose ids are never reused."""
    log = ROOT / "test-output" / "servers" / f"{request.module.__name__}.log"
    server = ServerProcess(
        database_url_for_subprocess(), log, workers=1, DJANGO_SETTINGS_MODULE="config.settings_test"
    )
    yield server
    server.stop()


@pytest.fixture
def table_session(chromium, asgi_server, transactional_db, request):
    """Browser sessions on the ASGI server (``tests.support.fixtures.browser_session`` for it)."""
    yield from open_sessions(chromium, asgi_server.url, request)
