"""/healthz: the state of the database, Redis and the Celery workers, as JSON.

The answer is 200 while the database answers: Redis or Celery being down degrades statistics, not
play, so they are reported as degraded rather than failing the check.
"""

from typing import Any

import redis
from celery import Celery
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

PING_TIMEOUT = 0.5


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        return "down"
    return "ok"


def redis_state() -> str:
    if not settings.REDIS_URL:
        return "not-configured"
    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=PING_TIMEOUT, socket_connect_timeout=PING_TIMEOUT
        )
        client.ping()
    except redis.RedisError:
        return "down"
    return "ok"


def celery_state(redis_ok: bool) -> dict[str, Any]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"state": "eager", "workers": 0}
    if not redis_ok:
        return {"state": "down", "workers": 0}
    # A probe app of its own on REDIS_URL, not the project app's pooled connections: the answer
    # is about the broker configured now, and a stuck pool cannot hang the health check.
    probe = Celery("questlog-health", broker=settings.REDIS_URL, set_as_current=False)
    probe.conf.broker_transport_options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    probe.conf.broker_connection_timeout = PING_TIMEOUT
    try:
        replies = probe.control.ping(timeout=PING_TIMEOUT) or []
    except Exception:
        return {"state": "down", "workers": 0}
    finally:
        probe.close()
    return {"state": "ok" if replies else "down", "workers": len(replies)}


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    database = database_state()
    redis_ = redis_state()
    celery = celery_state(redis_ == "ok")
    if database != "ok":
        status = "down"
    elif redis_ == "down" or celery["state"] == "down":
        status = "degraded"
    else:
        status = "ok"
    body = {"status": status, "database": database, "redis": redis_, "celery": celery}
    if database == "ok":
        from stats.services import failed_outbox_rows

        body["statistics"] = {"failed": failed_outbox_rows().count()}
    return JsonResponse(body, status=200 if database == "ok" else 503)
