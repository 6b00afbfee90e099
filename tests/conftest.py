"""Fixtures shared by the whole suite: real services, a live server, a browser."""

import os

import pytest

from tests.support.services import missing_services

# Playwright's sync API runs an event loop in the test thread; the Django ORM calls the tests make
# beside it are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytest_plugins = ["tests.support.fixtures"]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for group, reason in sorted(missing_services.items()):
        terminalreporter.write_line(f"SKIPPED GROUP {group}: {reason}", yellow=True)
