"""/healthz: the state of the database, Redis and the Celery workers, as JSON.

The answer is 200 while the database answers: Redis or Celery being down degrades statistics, not
play, so they are reported as degraded rather than failing the check.

Only the database is asked during the request (one ``SELECT 1``). Redis and the workers are
pinged by a background thread of each server process, at most once per ``REFRESH_SECONDS`` and
only while someone asks, and the request answers from the last result (``age`` says how old it
is; ``unknown`` until the first ping has finished). Anonymous callers are limited to
``ANONYMOUS_PER_MINUTE`` answers per address and minute (429 with ``Retry-After`` beyond).

``checks`` holds the other checks, one entry each: ``settings.HEALTH_CHECKS`` maps a name to the
dotted path of a function returning a dict with at least ``state`` (``ok``, ``degraded`` or
``down``); a check that is not ``ok`` makes the status ``degraded``.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import redis
from celery import Celery
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils.module_loading import import_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

PING_TIMEOUT = 0.5
REFRESH_SECONDS = 10.0
ANONYMOUS_PER_MINUTE = 60
UNKNOWN = "unknown"


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


class ServiceStatus:
    """The last state of Redis and the workers seen by this process, refreshed in a background
    thread (one at a time) when it is older than ``REFRESH_SECONDS``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.refreshing = False
        self.checked: float | None = None
        self.config: tuple[str, bool] | None = None
        self.redis = UNKNOWN
        self.celery: dict[str, Any] = {"state": UNKNOWN, "workers": 0}

    def refresh(self) -> None:
        """Ping Redis and the workers now (blocking, about a second at worst)."""
        config = (settings.REDIS_URL, settings.CELERY_TASK_ALWAYS_EAGER)
        try:
            redis_ = redis_state()
            celery = celery_state(redis_ == "ok")
            with self.lock:
                self.redis, self.celery = redis_, celery
                self.checked, self.config = time.monotonic(), config
        finally:
            with self.lock:
                self.refreshing = False

    def current(self) -> tuple[str, dict[str, Any], float | None]:
        """The last state seen and its age in seconds; starts a refresh if it is stale."""
        if not settings.REDIS_URL:  # nothing to ping: the embedded default, or misconfigured
            return redis_state(), celery_state(False), 0.0
        config = (settings.REDIS_URL, settings.CELERY_TASK_ALWAYS_EAGER)
        with self.lock:
            fresh = (
                self.checked is not None
                and self.config == config
                and time.monotonic() - self.checked < REFRESH_SECONDS
            )
            start = not fresh and not self.refreshing
            if start:
                self.refreshing = True
            same = self.config == config
            redis_ = self.redis if same else UNKNOWN
            celery = dict(self.celery) if same else {"state": UNKNOWN, "workers": 0}
            age = time.monotonic() - self.checked if same and self.checked else None
        if start:
            threading.Thread(target=self.refresh, name="healthz-refresh", daemon=True).start()
        return redis_, celery, age


SERVICES = ServiceStatus()


def extra_checks() -> dict[str, dict[str, Any]]:
    """The checks of ``settings.HEALTH_CHECKS``, by name."""
    results: dict[str, dict[str, Any]] = {}
    for name, path in getattr(settings, "HEALTH_CHECKS", {}).items():
        try:
            results[name] = dict(import_string(path)())
        except Exception as error:
            results[name] = {"state": "down", "error": type(error).__name__}
    return results


def over_anonymous_limit(request: HttpRequest) -> bool:
    """Count an anonymous caller's request; True once its address is over the minute's limit.

    The count lives in the cache (shared by the server processes); a cache that is down lets the
    request through.
    """
    if request.user.is_authenticated:
        return False
    key = f"healthz:{request.META.get('REMOTE_ADDR', '')}:{int(time.time() // 60)}"
    try:
        cache.add(key, 0, timeout=70)
        return cache.incr(key) > ANONYMOUS_PER_MINUTE
    except Exception:
        return False


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    if over_anonymous_limit(request):
        response = JsonResponse({"status": "too-many-requests"}, status=429)
        response["Retry-After"] = str(60 - int(time.time()) % 60)
        return response
    database = database_state()
    redis_, celery, age = SERVICES.current()
    checks = extra_checks()
    if database != "ok":
        status = "down"
    elif (
        redis_ == "down"
        or celery["state"] == "down"
        or any(c.get("state") != "ok" for c in checks.values())
    ):
        status = "degraded"
    else:
        status = "ok"
    body = {
        "status": status,
        "database": database,
        "redis": redis_,
        "celery": celery,
        "age": None if age is None else round(age, 1),
        "checks": checks,
    }
    return JsonResponse(body, status=200 if database == "ok" else 503)
