"""One retry policy for every task (``config.celery.RetryingTask``). With eager errors kept in
the result, ``apply()`` runs a task as a worker would, retries included (eagerly, without the
backoff's wait)."""

import pytest
from django.db import IntegrityError, OperationalError

from config.celery import RetryingTask, app
from games import playlog


@pytest.fixture(autouse=True)
def worker_like(monkeypatch):
    monkeypatch.setitem(app.conf, "task_eager_propagates", False)


def run_pending_imports():
    """The task as the project's app holds it (a test's own Celery client app, once created, is
    the one ``shared_task`` names resolve to in this process)."""
    app.loader.import_default_modules()
    return app.tasks["games.run_pending_imports"]


def failing(times, error, answer):
    """A service that raises ``error`` ``times`` times, then answers; counts its calls."""
    calls = []

    def service():
        calls.append(error)
        if len(calls) <= times:
            raise error
        return answer

    return service, calls


def test_a_dropped_connection_is_tried_again(monkeypatch):
    service, calls = failing(2, OperationalError("server closed the connection"), 3)
    monkeypatch.setattr(playlog, "run_pending_imports", service)
    assert run_pending_imports().apply().get() == 3
    assert len(calls) == 3


def test_bad_data_fails_at_once(monkeypatch):
    service, calls = failing(1, IntegrityError("duplicate key"), 3)
    monkeypatch.setattr(playlog, "run_pending_imports", service)
    with pytest.raises(IntegrityError):
        run_pending_imports().apply().get()
    assert len(calls) == 1


def test_every_task_of_the_project_has_the_policy():
    app.loader.import_default_modules()
    ours = [t for name, t in app.tasks.items() if not name.startswith("celery.")]
    assert len(ours) >= 9
    assert all(isinstance(task, RetryingTask) for task in ours)
    assert {task.max_retries for task in ours} == {8}
