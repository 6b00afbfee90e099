"""/healthz reports the database, Redis and Celery workers; only a dead database fails it.

Redis and the workers are pinged in the background, never during the request; anonymous callers
are rate-limited.
"""

import threading

import pytest
from django.core.cache import cache
from django.urls import reverse

from config import health
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def fresh_health():
    """Each test starts with nothing pinged yet and no caller counted."""
    cache.clear()
    health.SERVICES = health.ServiceStatus()
    yield
    cache.clear()


def answer_after_refresh(client):
    """Ask once (starting the background ping), wait for the ping, ask again."""
    client.get(reverse("healthz"))
    for thread in threading.enumerate():
        if thread.name == "healthz-refresh":
            thread.join(timeout=10)
    return client.get(reverse("healthz"))


def check_degraded():
    return {"state": "degraded", "failed": 3}


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
        "age": 0.0,
        "checks": {
            "statistics": {"state": "ok", "failed": 0},
            "backups": {"state": "ok", "failed_groups": 0},
        },
    }


@pytest.mark.django_db
def test_redis_on_a_closed_port_is_down_but_the_page_answers(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    response = answer_after_refresh(client)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"] == "ok"
    assert body["redis"] == "down"
    assert body["celery"] == {"state": "down", "workers": 0}


@pytest.mark.django_db
def test_the_request_never_waits_for_a_ping(client, settings, monkeypatch):
    """A worker ping that hangs does not hold the answer: it says "unknown" until a ping ends."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    release = threading.Event()
    monkeypatch.setattr(health, "redis_state", lambda: release.wait(10) and "ok")
    monkeypatch.setattr(health, "celery_state", lambda ok: {"state": "ok", "workers": 1})
    first = client.get(reverse("healthz")).json()
    second = client.get(reverse("healthz")).json()
    assert (first["redis"], first["celery"]["state"]) == ("unknown", "unknown")
    assert second["redis"] == "unknown"
    assert [t.name for t in threading.enumerate()].count("healthz-refresh") == 1
    release.set()
    body = answer_after_refresh(client).json()
    assert (body["status"], body["redis"]) == ("ok", "ok")
    assert body["celery"] == {"state": "ok", "workers": 1}


@pytest.mark.django_db
def test_anonymous_callers_are_rate_limited(client, settings):
    settings.REDIS_URL = ""
    for _ in range(health.ANONYMOUS_PER_MINUTE):
        assert client.get(reverse("healthz")).status_code == 200
    refused = client.get(reverse("healthz"))
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    client.force_login(UserFactory())
    assert client.get(reverse("healthz")).status_code == 200


@pytest.mark.django_db
def test_other_checks_are_reported_and_degrade_the_status(client, settings):
    settings.REDIS_URL = ""
    settings.HEALTH_CHECKS = {"statistics": "tests.config.test_health.check_degraded"}
    body = client.get(reverse("healthz")).json()
    assert body["checks"] == {"statistics": {"state": "degraded", "failed": 3}}
    assert body["status"] == "degraded"


def test_real_redis_and_worker_are_reported(
    client, settings, celery_worker, redis_url, monkeypatch
):
    # What is checked is that a live worker is reported, not how fast it answers: on a loaded
    # machine its reply can miss the page's half-second budget (a missed reply reads "down").
    monkeypatch.setattr(health, "PING_TIMEOUT", 5.0)
    settings.REDIS_URL = redis_url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    body = answer_after_refresh(client).json()
    assert body["redis"] == "ok"
    assert body["celery"]["state"] == "ok"
    assert body["celery"]["workers"] >= 1
    assert body["status"] == "ok"


def test_a_real_worker_runs_a_task(celery_worker):
    assert celery_worker.send_task("questlog.ping").get(timeout=20) == "pong"
