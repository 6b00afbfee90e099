"""Fixtures shared by the whole suite: real services, a live server, a browser."""

import json
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests.support.counts import FIGURES
from tests.support.services import missing_services

# Playwright's sync API runs an event loop in the test thread; the Django ORM calls the tests make
# beside it are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytest_plugins = [
    "tests.support.fixtures",
    "tests.support.members",
    "tests.support.servers",
]


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """Each test starts in the default language: a request that activated another (the locale
    middleware, a member's preference) must not leak it into the next test of the same thread."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def outside_a_request() -> None:
    """Each test starts outside a request (``web.answered``): Django's test ``AsyncClient`` sends
    ``request_finished`` from another thread than ``request_started``, which left this thread
    "answering", holding back the after-response work (a live game's event) of every later test
    of the process."""
    from web.answered import requests

    requests.answering = False
    requests.after.clear()


@pytest.fixture(scope="session", autouse=True)
def celery_configured_as_the_settings_say() -> None:
    """Celery reads its settings from Django's the first time it is used, and keeps them: read them
    now, as the settings file gives them, so a test that changes one for itself (``settings.
    CELERY_TASK_ALWAYS_EAGER = False``, "as with a broker") cannot leave it to every later test of
    its process, whichever test happens to run first."""
    from config.celery import app

    assert app.conf.task_always_eager == settings.CELERY_TASK_ALWAYS_EAGER


# The fixture that marks a test as needing each real service.
SERVICE_FIXTURES = {
    "postgres": "postgres",
    "redis": "redis_url",
    "celery-worker": "celery_worker",
    "browser": "chromium",
}
service_outcomes: Counter[tuple[str, str]] = Counter()


# Each test file's measured seconds (scripts/test_timings.py writes it from a JUnit report).
TIMINGS = json.loads((Path(__file__).parent / "timings.json").read_text())
# A file not measured yet: what its tests cost, roughly, by the heaviest part each one starts.
HEAVY_FIXTURE_SECONDS = {
    "chromium": 8.0,
    "live_servers": 4.0,
    "server": 4.0,
    "asgi_server": 3.0,
    "celery_worker": 3.0,
    "sqlite_database": 3.0,
    "postgres_database": 3.0,
}
PLAIN_TEST_SECONDS = 0.15


def estimated_seconds(item: pytest.Item) -> float:
    names = getattr(item, "fixturenames", ())
    heaviest = max([HEAVY_FIXTURE_SECONDS[n] for n in names if n in HEAVY_FIXTURE_SECONDS] or [0])
    return heaviest + PLAIN_TEST_SECONDS


def longest_files_first(items: list[pytest.Item]) -> None:
    """Order the files by their time, longest first, each file's tests kept in their order.

    ``make test`` hands whole files to two processes (``--dist loadfile --no-loadscope-reorder``)
    in this order: a browser file that started last would keep one process busy long after the
    other had finished, so the long files go first and the many short ones fill in behind.
    """
    estimate: Counter[str] = Counter()
    for item in items:
        estimate[item.path.as_posix()] += estimated_seconds(item)
    root = Path(__file__).parent.parent

    def seconds(path: str) -> float:
        return float(TIMINGS.get(Path(path).relative_to(root).as_posix(), estimate[path]))

    position = {item.nodeid: index for index, item in enumerate(items)}
    items.sort(key=lambda item: (-seconds(item.path.as_posix()), position[item.nodeid]))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test carries the service groups it needs in its reports (``user_properties``), so the
    summary counts them whether the test ran here or in a worker process (``make test`` runs the
    suite in two, pytest-xdist). Last of all hooks, the files are ordered longest first."""
    longest_files_first(items)
    for item in items:
        names = getattr(item, "fixturenames", ())
        groups = [g for g, f in SERVICE_FIXTURES.items() if f in names]
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "postgres_database" in names or params.get("server_database") == "postgres":
            groups.append("postgres")
        if params.get("live_servers") == "redis":  # on PostgreSQL, through Redis
            groups.extend(["postgres", "redis"])
        item.user_properties.append(("service_groups", groups))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Iterator[pytest.TestReport]:
    """A report carries the figures and the missing services known so far in its process."""
    report: pytest.TestReport = yield
    report.user_properties.append(("figures", dict(FIGURES)))
    report.user_properties.append(("missing_services", dict(missing_services)))
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Where the summary is printed (the only process, or xdist's controller): gather them."""
    properties = dict(report.user_properties)
    FIGURES.update(properties.get("figures", {}))
    for group, reason in properties.get("missing_services", {}).items():
        missing_services.setdefault(group, reason)
    if report.when == "call" or (report.when == "setup" and not report.passed):
        for group in properties.get("service_groups", []):
            service_outcomes[group, report.outcome] += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line per service group: what ran against the real service, or why it was skipped."""
    for group in SERVICE_FIXTURES:
        counts = {o: service_outcomes[group, o] for o in ("passed", "failed", "skipped")}
        if any(counts.values()):
            summary = ", ".join(f"{n} {o}" for o, n in counts.items() if n)
            terminalreporter.write_line(f"service tests {group}: {summary}")
    for name, figure in sorted(FIGURES.items()):
        terminalreporter.write_line(f"{name}: {figure}")
    for group, reason in sorted(missing_services.items()):
        terminalreporter.write_line(f"SKIPPED GROUP {group}: {reason}", yellow=True)
