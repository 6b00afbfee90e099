"""Benchmark of ``/healthz``: prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_health.py``. It builds its own SQLite
database in a temporary folder and runs the project with ``DEBUG=0`` through Django's test Client
(the whole middleware stack, no network), with ``REDIS_URL`` pointing at a Redis where no Celery
worker listens (``QUESTLOG_BENCH_REDIS_URL``, default ``redis://127.0.0.1:6379/15``): the case in
which pinging the workers during the request waited its whole timeout.

Prints the median and 99th percentile of ``/healthz`` (as a signed-in caller, not rate-limited)
beside a trivial view behind the same middleware, and how a ping done during the request (the
previous design) compares: one ``celery_state`` call, timed on its own.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.harness import configure, percentile  # noqa: E402

REQUESTS = 300
PINGS = 3


def main() -> None:
    redis_url = os.environ.get("QUESTLOG_BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
    with tempfile.TemporaryDirectory() as folder:
        configure(folder, redis_url)
        from django.contrib.auth.models import User
        from django.core.management import call_command
        from django.test import Client

        from config import health

        call_command("migrate", verbosity=0)
        client = Client()
        client.force_login(User.objects.create_user("bench", password="bench-password-1"))
        times: dict[str, list[float]] = {"trivial": [], "healthz": []}
        for _ in range(20):
            client.get("/bench-trivial")
            client.get("/healthz")
        for turn in range(REQUESTS):
            order = ["trivial", "healthz"] if turn % 2 else ["healthz", "trivial"]
            for name in order:
                started = time.perf_counter()
                response = client.get("/bench-trivial" if name == "trivial" else "/healthz")
                times[name].append(time.perf_counter() - started)
                assert response.status_code == 200, (name, response.status_code)
        pings = []
        for _ in range(PINGS):
            started = time.perf_counter()
            state = health.celery_state(health.redis_state() == "ok")
            pings.append(time.perf_counter() - started)
        body = client.get("/healthz").json()
    print(f"/healthz with REDIS_URL={redis_url} (Django test Client, SQLite, DEBUG=0)")
    print(f"last answer: redis {body['redis']}, celery {body['celery']}, age {body['age']} s")
    trivial = statistics.median(times["trivial"])
    for name, values in times.items():
        median, p99 = statistics.median(values), percentile(values, 99)
        print(
            f"{name} (n={len(values)}): median {median * 1000:.2f} ms "
            f"({median / trivial:.2f}× trivial), p99 {p99 * 1000:.2f} ms"
        )
    print(
        f"a worker ping during the request (the previous design, celery {state['state']}): "
        f"median {statistics.median(pings) * 1000:.0f} ms over {PINGS}"
    )


if __name__ == "__main__":
    main()
