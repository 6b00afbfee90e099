"""/healthz: the state of the database, Redis and the Celery workers, as JSON.

200 while the database answers: Redis or Celery being down degrades statistics, not play. Only
the database is asked during the request; Redis and the workers are pinged in the background, at
most once per ``REFRESH_SECONDS`` (``age``: how old that answer is), so a slow service never slows
the check. ``checks``: the functions of ``settings.HEALTH_CHECKS``; one not ``ok`` degrades.
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
        redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=PING_TIMEOUT, socket_connect_timeout=PING_TIMEOUT
        ).ping()
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
    """The last state of Redis and the workers this process saw, with the settings it was seen
    under and when; refreshed in a background thread (one at a time) once stale."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.refreshing = False
        self.seen: tuple[tuple[str, bool], float, str, dict[str, Any]] | None = None

    def refresh(self, config: tuple[str, bool]) -> None:
        """Ping Redis and the workers now (blocking, about a second at worst)."""
        try:
            redis_ = redis_state()
            seen = (config, time.monotonic(), redis_, celery_state(redis_ == "ok"))
            with self.lock:
                self.seen = seen
        finally:
            with self.lock:
                self.refreshing = False

    def current(self) -> tuple[str, dict[str, Any], float | None]:
        """The last state seen and its age in seconds; starts a refresh if it is stale."""
        if not settings.REDIS_URL:  # nothing to ping: the embedded default, or misconfigured
            return redis_state(), celery_state(False), 0.0
        config = (settings.REDIS_URL, settings.CELERY_TASK_ALWAYS_EAGER)
        now = time.monotonic()
        with self.lock:
            seen = self.seen if self.seen and self.seen[0] == config else None
            start = (seen is None or now - seen[1] >= REFRESH_SECONDS) and not self.refreshing
            self.refreshing = self.refreshing or start
        if start:
            threading.Thread(
                target=self.refresh, args=[config], name="healthz-refresh", daemon=True
            ).start()
        if seen is None:
            return UNKNOWN, {"state": UNKNOWN, "workers": 0}, None
        _config, checked, redis_, celery = seen
        return redis_, dict(celery), now - checked


SERVICES = ServiceStatus()


def extra_checks() -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    for name, path in settings.HEALTH_CHECKS.items():
        try:
            results[name] = dict(import_string(path)())
        except Exception as error:
            results[name] = {"state": "down", "error": type(error).__name__}
    return results


def over_anonymous_limit(request: HttpRequest) -> bool:
    """Count an anonymous caller's request; True once its address is over the minute's limit.
    The count lives in the cache (shared by the processes); a cache that is down lets it through."""
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
    services_down = "down" in (redis_, celery["state"])
    degraded = services_down or any(c.get("state") != "ok" for c in checks.values())
    status = "down" if database != "ok" else "degraded" if degraded else "ok"
    body = {
        "status": status,
        "database": database,
        "redis": redis_,
        "celery": celery,
        "age": None if age is None else round(age, 1),
        "checks": checks,
    }
    return JsonResponse(body, status=200 if database == "ok" else 503)
