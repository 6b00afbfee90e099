"""The Redis connections of Django's cache: one pool for the whole process (``CACHES``'
``pool_class``, an option Django documents for its Redis cache).

Django makes a cache object in every thread and every async task that uses the cache, and each
makes a connection pool of its own (Django ticket #35651). Under ASGI every request runs in a
thread of its own, so every request that touched the cache opened a new connection to Redis: a
TCP handshake, then redis-py's ``CLIENT SETINFO``, for which it reads its package's metadata from
the disk. ``bench/bench_live.py`` found it in the live table's moves (their shared drawing is
cached there). Every cache object of the process now takes the same pool; redis-py's pools are
thread-safe and start afresh in a forked child (a Celery worker's).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import redis


class ProcessPool(redis.ConnectionPool):
    """What ``CACHES["default"]["OPTIONS"]["pool_class"]`` names: Django asks it for a pool by
    URL and options, and gets the process's."""

    @classmethod
    def from_url(cls, url: str, **options: Any) -> redis.ConnectionPool:  # type: ignore[override]
        return shared_pool(url, tuple(sorted(options.items())))


@cache
def shared_pool(url: str, options: tuple[tuple[str, Any], ...]) -> redis.ConnectionPool:
    return redis.ConnectionPool.from_url(url, **dict(options))
