"""The Celery app. With no REDIS_URL, tasks run eagerly in-process (the embedded default).

Every task gets one retry policy, the app's task class (``RetryingTask``): tasks take ids and are
safe to run twice, so a database that dropped the connection or picked the task's transaction as
a deadlock's victim is simply tried again, later each time.
"""

import os

from celery import Celery, Task
from django.db import InterfaceError, OperationalError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class RetryingTask(Task):  # type: ignore[misc]
    """A passing database failure (``OperationalError``: a lost connection, a deadlock, a
    serialization failure; ``InterfaceError``: a closed connection) is retried with exponential
    backoff and jitter, at most 8 times, waiting up to 5 minutes; any other error is a bug or bad
    data that a retry cannot mend, and fails the task at once."""

    autoretry_for = (OperationalError, InterfaceError)
    retry_backoff = True
    retry_backoff_max = 300
    retry_jitter = True
    max_retries = 8


app = Celery("questlog", task_cls=RetryingTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="questlog.ping")
def ping() -> str:
    """A task that does nothing: /healthz and the tests use it to see a worker answer."""
    return "pong"
