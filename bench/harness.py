"""What the HTTP benchmarks share: the project set up as production runs it, on a SQLite database
of their own, with a trivial view in front of its URLs to compare against; and a percentile."""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Callable
from typing import Any


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def configure(folder: str, redis_url: str = "", views: Callable[[], dict[str, Any]] = dict) -> None:
    """Django as production runs it: ``DEBUG=0`` (cached template loader, no debug cursor), a real
    ``SECRET_KEY``, ``ALLOWED_HOSTS=testserver``, on ``folder/bench.sqlite3``; only the HTTPS
    redirect is off and static files use the plain storage (no manifest to build).

    The URLs are the project's behind ``bench-trivial`` (a tiny ``HttpResponse`` behind the full
    middleware stack, touching neither the session nor the database) and the views that
    ``views()`` makes, by path, once Django is set up."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3",
        REDIS_URL=redis_url,
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
    )
    import django

    django.setup()
    import logging
    import warnings

    from django.conf import settings
    from django.http import HttpRequest, HttpResponse
    from django.urls import path

    import config.urls

    def trivial(request: HttpRequest) -> HttpResponse:
        return HttpResponse(b"ok", content_type="text/plain")

    urls = types.ModuleType("bench_urls")
    urls.urlpatterns = [  # type: ignore[attr-defined]
        path("bench-trivial", trivial),
        *(path(route, view) for route, view in views().items()),
        *config.urls.urlpatterns,
    ]
    sys.modules[urls.__name__] = urls
    settings.ROOT_URLCONF = urls.__name__
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    assert not settings.DEBUG
    logging.disable(logging.WARNING)
    # WhiteNoise looks for collected static files the bench does not build.
    warnings.filterwarnings("ignore", message="No directory at")
