"""Which real services the tests can reach, and what happens when one is missing.

Without QUESTLOG_REQUIRE_SERVICES, a missing service skips the tests that need it and the run ends
with one line per skipped group saying what was missing. With QUESTLOG_REQUIRE_SERVICES=1 (CI), a
missing service fails those tests: CI can never pass by skipping.
"""

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest

REQUIRE_SERVICES = os.environ.get("QUESTLOG_REQUIRE_SERVICES", "") == "1"


def test_redis_url() -> str:
    """Redis for the tests, which flush it: database 15, or with pytest-xdist 15 less the worker's
    number (``gw1`` → 14), so two worker processes never flush each other's data."""
    url = os.environ.get("QUESTLOG_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    base, _, database = url.rpartition("/")
    return f"{base}/{int(database or 0) - int(worker.removeprefix('gw'))}"


TEST_REDIS_URL = test_redis_url()
CHROMIUM = os.environ.get("QUESTLOG_CHROMIUM", "/usr/bin/chromium")

missing_services: dict[str, str] = {}


def unavailable(group: str, reason: str) -> None:
    """Skip (or, in CI, fail) the current test because `group`'s service is missing."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{group} is required (QUESTLOG_REQUIRE_SERVICES=1) but unavailable: {reason}")
    missing_services.setdefault(group, reason)
    pytest.skip(f"{group} not available: {reason}")


def port_open(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), 1
        ):
            return True
    except OSError:
        return False


def chromium_path() -> str | None:
    return CHROMIUM if shutil.which(CHROMIUM) else None
