"""Benchmark of the play log; prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_playlog.py``. It builds its own SQLite
database in a temporary folder (or, with ``--postgres``, a fresh PostgreSQL database beside
``QUESTLOG_BENCH_POSTGRES_URL``, dropped afterwards) and runs with ``DEBUG=0``.

* Import: a generated BG Stats export of 10,000 plays (20 games, 40 players, 2 to 6 lines a
  play, blank and expression scores, the anonymous player twice now and then) is read and
  imported into an empty group as the Celery task does it (one transaction). Printed: the file's
  size, the time to read it, the time to import it, and the peak Python memory of reading plus
  importing (a second run into another group under ``tracemalloc``), with the process's peak
  resident size.
* History: the play-history page (first and a middle page, and filtered by player) fetched
  through Django's test Client for groups of 100, 1,000 and 10,000 plays; printed: the number of
  queries of each (the target: the same for every size) and the median time.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PLAYS = 10_000
SIZES = (100, 1_000, 10_000)
REPEAT = 15
ADMIN_URL = os.environ.get(
    "QUESTLOG_BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
)


def generated_export(plays: int, seed: int = 7) -> dict[str, Any]:
    rng = random.Random(seed)
    games = [
        {"id": n, "uuid": str(uuid.UUID(int=rng.getrandbits(128))), "name": f"Game {n:02d}",
         "bggId": 1000 + n, "cooperative": n % 5 == 0, "highestWins": n % 7 != 0,
         "noPoints": n % 5 == 0, "usesTeams": False, "modificationDate": "2024-01-01 10:00:00"}
        for n in range(1, 21)
    ]  # fmt: skip
    names = ["Ana", "Bea", "Cid", "Dora", "Élio", "Fátima", "Gus", "Hélène", "Iñigo", "Jun"]
    players = [
        {"id": n, "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
         "name": "Anonymous player" if n == 1 else f"{names[n % 10]} {n}",
         "isAnonymous": n == 1, "modificationDate": "2024-01-01 10:00:00"}
        for n in range(1, 41)
    ]  # fmt: skip
    locations = [
        {"id": n, "uuid": str(uuid.UUID(int=rng.getrandbits(128))), "name": f"Place {n}",
         "modificationDate": "2024-01-01 10:00:00"}
        for n in range(1, 6)
    ]  # fmt: skip
    rows = []
    for n in range(plays):
        game = rng.choice(games)
        count = rng.randint(2, 6)
        seated = rng.sample(range(2, 41), count)
        if n % 50 == 0:
            seated[-1] = seated[-2] = 1  # the anonymous player twice
        scores = []
        for seat, ref in enumerate(seated):
            kind = rng.random()
            score = "" if game["noPoints"] or kind < 0.05 else str(rng.randint(0, 120))
            if 0.05 <= kind < 0.1 and score:
                score = f"{rng.randint(0, 60)}+{rng.randint(0, 60)}-{rng.randint(0, 10)}"
            scores.append({"playerRefId": ref, "score": score, "winner": seat == 0,
                           "startPlayer": seat == 1, "rank": 0, "seatOrder": seat})  # fmt: skip
        day = 1 + n % 28
        play: dict[str, Any] = {
            "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
            "gameRefId": game["id"],
            "playDate": f"20{15 + n % 10}-{1 + n % 12:02d}-{day:02d} {n % 24:02d}:{n % 60:02d}:00",
            "durationMin": rng.choice([0, 30, 45, 60, 90]),
            "ignored": n % 97 == 0,
            "usesTeams": False,
            "playerScores": scores,
        }
        if n % 3:
            play["locationRefId"] = rng.randint(1, 5)
        rows.append(play)
    return {"games": games, "players": players, "locations": locations, "plays": rows,
            "userInfo": {"meRefId": 2}}  # fmt: skip


def configure(database_url: str) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        REDIS_URL="",
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
        STATS_DRAIN_ON_COMMIT="0",
    )
    import django

    django.setup()
    from django.conf import settings

    settings.STORAGES["staticfiles"] = {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
    }
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def import_figures(raw: bytes) -> None:
    from zoneinfo import ZoneInfo

    from games import bgstats, playlog
    from groups.models import Group

    # Statistics are a separate task; leave them out of the import's time.
    playlog.enqueue_statistics = lambda group_id: None  # type: ignore[assignment]
    started = time.perf_counter()
    export = bgstats.parse_export(raw.decode())
    read = time.perf_counter() - started
    started = time.perf_counter()
    added, _skipped = playlog.import_export(
        group=Group.objects.create(name="Import"), export=export, matching={},
        tz=ZoneInfo("Europe/Lisbon"), by=None,
    )  # fmt: skip
    imported = time.perf_counter() - started
    tracemalloc.start()
    again = bgstats.parse_export(raw.decode())
    playlog.import_export(group=Group.objects.create(name="Import 2"), export=again, matching={},
                          tz=ZoneInfo("Europe/Lisbon"), by=None)  # fmt: skip
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"import: {added} plays, file {len(raw) / 1e6:.1f} MB")
    print(f"  read {read:.2f} s, import {imported:.2f} s ({added / imported:.0f} plays/s)")
    print(
        f"  peak Python memory of read + import {peak / 1e6:.0f} MB; process peak RSS {rss:.0f} MB"
    )


def history_figures(raw_for: dict[int, bytes]) -> None:
    from zoneinfo import ZoneInfo

    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from games import bgstats, playlog
    from games.models import Person
    from groups.models import Group, Membership, Role

    user = User.objects.create_user("bench", password="bench-password-123")
    client = Client()
    client.force_login(user)
    print("history page: queries (median ms) for 100 / 1,000 / 10,000 plays")
    results: dict[str, list[str]] = {}
    for size in SIZES:
        group = Group.objects.create(name=f"History {size}")
        Membership.objects.create(group=group, user=user, role=Role.PLAYER)
        playlog.import_export(group=group, export=bgstats.parse_export(raw_for[size].decode()),
                              matching={}, tz=ZoneInfo("UTC"), by=None)  # fmt: skip
        url = reverse("games:history", args=[group.pk])
        person = Person.objects.filter(group=group).order_by("pk")[1]
        middle = max(1, size // 25 // 2)
        for label, query in (
            ("first page", {}),
            ("middle page", {"page": middle}),
            ("one player's plays", {"player": person.pk}),
        ):
            times = []
            for _ in range(REPEAT):
                started = time.perf_counter()
                with CaptureQueriesContext(connection) as queries:
                    response = client.get(url, query)
                times.append(time.perf_counter() - started)
                assert response.status_code == 200
            cell = f"{len(queries)} ({statistics.median(times) * 1000:.0f})"
            results.setdefault(label, []).append(cell)
    for label, cells in results.items():
        print(f"  {label:20} " + " / ".join(cells))
    constant = all(len({c.split()[0] for c in cells}) == 1 for cells in results.values())
    print(f"  query counts constant across sizes: {'yes' if constant else 'NO'}")


def run(database_url: str) -> None:
    configure(database_url)
    full = generated_export(PLAYS)
    raw = json.dumps(full, ensure_ascii=False).encode()
    import_figures(raw)
    raw_for = {}
    for size in SIZES:
        part = generated_export(size, seed=size)
        raw_for[size] = json.dumps(part, ensure_ascii=False).encode()
    history_figures(raw_for)


def main() -> None:
    if "--postgres" in sys.argv:
        name = f"questlog_bench_playlog_{os.getpid()}"
        base = ADMIN_URL.rsplit("/", 1)[0]
        subprocess.run(["psql", ADMIN_URL, "-qc", f"CREATE DATABASE {name}"], check=True)
        try:
            run(f"{base}/{name}")
        finally:
            from django.db import connections

            connections.close_all()
            subprocess.run(["psql", ADMIN_URL, "-qc", f"DROP DATABASE IF EXISTS {name}"],
                           check=False)  # fmt: skip
        return
    with tempfile.TemporaryDirectory() as folder:
        run(f"sqlite:///{folder}/bench.sqlite3")


if __name__ == "__main__":
    main()
