"""/healthz reports the database, Redis and Celery workers; only a dead database fails it."""

import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_embedded_default_is_healthy_with_eager_tasks(client, settings):
    settings.REDIS_URL = ""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "redis": "not-configured",
        "celery": {"state": "eager", "workers": 0},
        "statistics": {"failed": 0},
    }


@pytest.mark.django_db
def test_redis_on_a_closed_port_is_down_but_the_page_answers(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"] == "ok"
    assert body["redis"] == "down"
    assert body["celery"] == {"state": "down", "workers": 0}


def test_real_redis_and_worker_are_reported(client, settings, celery_worker, redis_url):
    settings.REDIS_URL = redis_url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    body = client.get(reverse("healthz")).json()
    assert body["redis"] == "ok"
    assert body["celery"]["state"] == "ok"
    assert body["celery"]["workers"] >= 1
    assert body["status"] == "ok"


def test_a_real_worker_runs_a_task(celery_worker):
    assert celery_worker.send_task("questlog.ping").get(timeout=20) == "pong"
