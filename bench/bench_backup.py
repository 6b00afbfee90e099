"""Benchmark of the nightly backups; prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_backup.py``. Needs PostgreSQL
(QUESTLOG_BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres): it creates a
fresh database, fills it with ``bench/history.py`` (100 groups, 2 adventures of 300 attempts each:
60,000 attempts with real engine states) plus 100 logged plays a group (10,000 plays, 3 lines
each), writes the backups into a temporary folder and drops everything at the end.

Printed, each next to the baseline measured in the same run (machines differ, ratios compare):
the baseline is a plain export of the same data, group by group — the adventures document and
the BG Stats document built and serialised to JSON, nothing hashed, compressed or written.

1. The first night: every group changed, so every group is backed up (export, hash, gzip, write
   through the storage, record, retention).
2. A night with nothing changed: every group exported and hashed, nothing written.
3. The peak resident size of the process that ran the baseline, and of the one that ran the
   first night (each measured in a process of its own, as a worker runs it).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GROUPS = 100
ATTEMPTS_PER_ADVENTURE = 300  # two adventures a group: 60,000 attempts in all
PLAYS_PER_GROUP = 100  # 10,000 plays in all


def setup_django(url: str, backups: str) -> None:
    """Django on ``url`` with production's settings as the worker runs them (DEBUG off)."""
    os.environ.update(
        DATABASE_URL=url, REDIS_URL="", DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0",
        STATS_DRAIN_ON_COMMIT="0", BACKUP_IN_PROCESS="0", ALLOWED_HOSTS="127.0.0.1",
        SECRET_KEY="bench-backup-" + "k" * 50,
        BACKUP_STORAGE_OPTIONS=json.dumps({"location": backups}),
    )  # fmt: skip
    import django

    django.setup()


def add_plays() -> int:
    """``PLAYS_PER_GROUP`` logged plays in each group (one game of its catalog, three people)."""
    from games.models import CatalogGame, Person, Play, PlayerResult, PlaySource
    from groups.models import Group

    started = datetime.datetime(2025, 1, 1, 20, tzinfo=datetime.UTC)
    plays, results = [], []
    for group in Group.objects.all():
        game = CatalogGame.objects.create(group=group, name="Harbour Lights")
        people = list(Person.objects.filter(group=group).order_by("pk")[:3])
        for n in range(PLAYS_PER_GROUP):
            play = Play(
                group=group, game=game, uuid=uuid.uuid4(), source=PlaySource.LOGGED,
                played_at=started + datetime.timedelta(days=n), duration_minutes=45,
                location="Home", note=f"night {n}",
            )  # fmt: skip
            plays.append(play)
            results += [
                PlayerResult(play=play, seat=seat, person=p, score=seat + n % 7, winner=seat == 2)
                for seat, p in enumerate(people)
            ]
    Play.objects.bulk_create(plays, batch_size=2000)
    PlayerResult.objects.bulk_create(results, batch_size=5000)
    return len(plays)


def plain_export() -> int:
    """The baseline: each group's two documents as JSON text; returns the bytes written."""
    from campaign import exchange
    from games import playlog
    from groups.models import Group

    size = 0
    utc = ZoneInfo("UTC")
    for group in Group.objects.order_by("pk"):
        adventures = group.adventures.select_related("content_pack", "created_by")
        document = {
            "adventures": exchange.export_document(list(adventures), group_name=group.name),
            "plays": playlog.export_plays(group=group, tz=utc),
        }
        size += len(json.dumps(document, ensure_ascii=False).encode())
    return size


def nightly() -> Any:
    from campaign import backups

    return backups.backup_all_groups()


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = work()
    return time.perf_counter() - started, result


def measure(what: str) -> None:
    """In a process of its own (its peak resident size is that work's): ``baseline`` or
    ``nights`` (a first night, then one with nothing changed); prints JSON."""
    setup_django(os.environ["DATABASE_URL"], os.environ["BENCH_BACKUPS"])
    from groups.models import Backup

    figures: dict[str, Any] = {}
    if what == "baseline":
        figures["seconds"], figures["bytes"] = timed(plain_export)
    else:
        figures["seconds"], run = timed(nightly)
        assert len(run.backed_up) == GROUPS, run
        figures["bytes"] = sum(Backup.objects.values_list("size", flat=True))
        maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        figures["unchanged_seconds"], run = timed(nightly)
        assert len(run.unchanged) == GROUPS, run
        figures["maxrss_mb"] = maxrss / 1024
    figures.setdefault("maxrss_mb", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(json.dumps(figures))


def measured(url: str, folder: str, what: str) -> dict[str, Any]:
    env = {**os.environ, "DATABASE_URL": url, "BENCH_BACKUPS": folder}
    done = subprocess.run([sys.executable, __file__, "--measure", what], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def run(url: str, folder: str) -> None:
    setup_django(url, folder)
    from bench import history
    from campaign.models import MissionAttempt
    from games.models import Play

    history.ATTEMPTS_PER_ADVENTURE = ATTEMPTS_PER_ADVENTURE
    counts = history.generate(scale=1.0, groups=GROUPS)
    add_plays()
    print(f"data: {counts['groups']} groups, {MissionAttempt.objects.count():,} attempts, "
          f"{Play.objects.count():,} plays")  # fmt: skip
    base = measured(url, folder, "baseline")
    nights = measured(url, folder, "nights")
    rss, night_rss = base["maxrss_mb"], nights["maxrss_mb"]
    print(f"baseline, a plain export of every group (JSON, not written): {base['seconds']:.1f} s, "
          f"{base['bytes'] / 2**20:.0f} MiB, peak resident {rss:.0f} MiB")  # fmt: skip
    print(f"first night, every group backed up: {nights['seconds']:.1f} s "
          f"({nights['seconds'] / base['seconds']:.2f}x the baseline), "
          f"{nights['bytes'] / 2**20:.1f} MiB written gzip-compressed, peak resident "
          f"{night_rss:.0f} MiB ({night_rss / rss:.2f}x)")  # fmt: skip
    print(f"a night with nothing changed (exported and hashed, nothing written): "
          f"{nights['unchanged_seconds']:.1f} s "
          f"({nights['unchanged_seconds'] / base['seconds']:.2f}x the baseline)")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", choices=["baseline", "nights"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure)
        return 0
    from bench import history

    url = history.create_database()
    folder = tempfile.mkdtemp(prefix="questlog-bench-backups-")
    try:
        run(url, folder)
    finally:
        from django.db import connections

        connections.close_all()
        history.drop_database(url)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
