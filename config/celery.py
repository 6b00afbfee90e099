"""The Celery app. With no REDIS_URL, tasks run eagerly in-process (the embedded default)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("questlog")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="questlog.ping")
def ping() -> str:
    """A task that does nothing: /healthz and the tests use it to see a worker answer."""
    return "pong"
