"""Benchmark of the table screen's HTTP endpoints; prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_table.py``. It builds its own SQLite
database in a temporary folder, then drives 200 moves through the move endpoint (HTMX requests,
Django's test Client, so no network) and an unchanged poll after each move. Times are given as
ratios to ``/healthz`` (a trivial view) measured in the same run. Targets: a move under 5×, an
unchanged poll under 1.5×, and an HTMX move response under 10 % of the full page's bytes.
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
MOVES = 200


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    folder = tempfile.mkdtemp(prefix="questlog-bench-")
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3",
        REDIS_URL="",
        DEBUG="1",
    )
    import django

    django.setup()
    from django.conf import settings

    settings.ALLOWED_HOSTS = ["testserver"]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    import logging

    logging.disable(logging.WARNING)
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    call_command("migrate", verbosity=0)
    from campaign import services, table
    from groups.models import Group, Membership
    from tests.campaign.table_helpers import next_move

    user = User.objects.create_user("bench", password="bench-pass-phrase")
    group = Group.objects.create(name="Bench table")
    Membership.objects.create(group=group, user=user, role="owner")
    adventure = services.start_adventure(group=group, name="Bench", by=user)
    client = Client()
    client.force_login(user)
    htmx = {"HTTP_HX_REQUEST": "true"}

    def begin() -> tuple[object, str]:
        attempt = table.begin_mission(
            adventure=adventure, by=user, players=["Ana", "Ben", "Cy"], first_player="Ana"
        )
        args = [group.pk, adventure.pk, attempt.number]
        return attempt, reverse("table:table", args=args)

    def encode(move: dict) -> dict:
        if "play" in move:
            return {"kind": "play", "card": move["play"]}
        return {"kind": "place", "cells": " ".join(f"{r},{c}" for r, c in move["place"])}

    for _ in range(20):  # warm up
        client.get("/healthz")
    attempt, url = begin()
    full_bytes = len(client.get(url).content)
    move_times, poll_times, trivial_times, move_bytes, play_bytes = [], [], [], [], []
    for _ in range(MOVES):
        attempt.refresh_from_db()
        if attempt.status != "open":
            attempt, url = begin()
            attempt.refresh_from_db()
        state = table.state_of(attempt)
        data = {**encode(next_move(state)), "version": attempt.version}
        started = time.perf_counter()
        response = client.post(url + "move/", data, **htmx)
        move_times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.status_code
        move_bytes.append(len(response.content))
        if data["kind"] == "play":
            play_bytes.append(len(response.content))
        version = attempt.version + 1
        started = time.perf_counter()
        response = client.get(f"{url}poll/?version={version}", **htmx)
        poll_times.append(time.perf_counter() - started)
        assert response.status_code in (204, 286), response.status_code
        started = time.perf_counter()
        client.get("/healthz")
        trivial_times.append(time.perf_counter() - started)

    trivial_median = statistics.median(trivial_times)
    trivial_p99 = percentile(trivial_times, 99)
    print(f"{MOVES} moves through HTTP (Django test Client, SQLite)")
    print(
        f"trivial view /healthz: median {trivial_median * 1000:.2f} ms, "
        f"p99 {trivial_p99 * 1000:.2f} ms"
    )
    for name, times, target in (("move", move_times, 5.0), ("unchanged poll", poll_times, 1.5)):
        median, p99 = statistics.median(times), percentile(times, 99)
        print(
            f"{name}: median {median * 1000:.2f} ms = {median / trivial_median:.2f}× trivial "
            f"(target < {target}×), p99 {p99 * 1000:.2f} ms = {p99 / trivial_p99:.2f}× trivial p99"
        )
    print(
        f"full page {full_bytes} B; "
        f"HTMX move response median {statistics.median(move_bytes):.0f} B "
        f"= {statistics.median(move_bytes) / full_bytes:.1%} of the page (target < 10 %); "
        f"card plays median {statistics.median(play_bytes):.0f} B "
        f"= {statistics.median(play_bytes) / full_bytes:.1%}; largest {max(move_bytes)} B "
        "(a placement or a completed trick answers with the whole table)"
    )


if __name__ == "__main__":
    main()
