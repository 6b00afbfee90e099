"""Django's Redis cache keeps one pool of connections for the process (``config/redis_pool.py``):
requests, each in a thread of its own under ASGI, share its connections instead of each opening
one. Counted by Redis itself (connections it accepted), in a process set up with the project's
settings and ``REDIS_URL``, as a server is."""

from __future__ import annotations

import pytest

from tests.support.fixtures import database_url_for_subprocess
from tests.support.servers import run_django

pytestmark = [pytest.mark.redis, pytest.mark.django_db]

COUNT = """
import threading

import redis
from django.conf import settings
from django.core.cache import CacheHandler, cache

admin = redis.Redis.from_url(settings.REDIS_URL)


def accepted():
    return admin.info("stats")["total_connections_received"]


def in_threads(use, count=10):
    # One thread after another, each new (as a request under ASGI): at most one connection is
    # in use at a time, so a shared pool never needs a second one.
    before = accepted()
    for n in range(count):
        thread = threading.Thread(target=use, args=(n,))
        thread.start()
        thread.join()
    return accepted() - before


# Django's own pool class, for comparison: a new pool, and connection, in every thread.
options = {k: v for k, v in settings.CACHES["default"]["OPTIONS"].items() if k != "pool_class"}
plain = CacheHandler({"plain": {**settings.CACHES["default"], "OPTIONS": options}})
result = {
    "backend": settings.CACHES["default"]["BACKEND"],
    "the project's cache": in_threads(lambda n: cache.set(f"key-{n}", n)),
    "Django's own pool class": in_threads(lambda n: plain["plain"].set(f"key-{n}", n)),
}
"""


def test_threads_using_the_cache_share_the_process_s_connections(redis_url):
    counted = run_django(database_url_for_subprocess(), COUNT, REDIS_URL=redis_url)
    assert counted["backend"] == "django.core.cache.backends.redis.RedisCache"
    assert counted["Django's own pool class"] == 10
    assert counted["the project's cache"] == 1
