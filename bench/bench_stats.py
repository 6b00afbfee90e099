"""Benchmark of the statistics: full recompute, incremental update, naive loop; prints figures.

Run from the repository root: ``.venv/bin/python bench/bench_stats.py [--scale 1.0]``. Needs
PostgreSQL (QUESTLOG_BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres): it
creates a fresh database, fills it with ``bench/history.py`` and drops it at the end.

1. Full recompute (the nightly task: stale facts only, then every adventure, group and the
   global ranking from the fact tables, heatmaps by the database), in a separate worker-like
   process, with its peak memory (maxrss) at half and at the full history.
2. Incremental update after one new result (the outbox drain: facts of that attempt, its
   adventure, its group and the global ranking), median of 15, next to the one-row insert of
   each result's outbox row in the same run (the baseline: machines differ, ratios compare).
3. The same statistics by a naive per-object Python loop over the ORM (adventures -> attempts ->
   fact rows through one query per attempt and fact table), run in full when that takes under a
   minute, otherwise on a random sample of adventures and extrapolated linearly (and said so).

``--only-incremental``: the full history and the one full recompute the incremental update
starts from, then only part 2 (for checking the drain on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup_django(url: str) -> None:
    """Django on ``url`` with production's settings, as the worker runs: DEBUG off (DEBUG keeps
    every query's SQL in memory)."""
    os.environ.update(DATABASE_URL=url, REDIS_URL="", DJANGO_SETTINGS_MODULE="config.settings",
                      STATS_DRAIN_ON_COMMIT="0", DEBUG="0", ALLOWED_HOSTS="127.0.0.1",
                      SECRET_KEY="bench-stats-" + "k" * 50)  # fmt: skip
    import django

    django.setup()


def measure_full_recompute() -> None:
    """In its own process: one full recompute; prints seconds and peak memory as JSON."""
    setup_django(os.environ["DATABASE_URL"])
    from stats import services

    started = time.perf_counter()
    services.recompute_everything()
    seconds = time.perf_counter() - started
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "maxrss_mb": maxrss}))


def full_recompute(url: str) -> dict[str, float]:
    env = {**os.environ, "DATABASE_URL": url}
    done = subprocess.run([sys.executable, __file__, "--measure"], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def incremental(rounds: int = 15) -> tuple[list[float], list[float]]:
    """The drain after each of ``rounds`` new results, and (the baseline, same run) the one-row
    insert of each result's outbox row."""
    from campaign.models import Adventure, MissionAttempt, StatisticsOutbox
    from stats import services
    from tests.stats.playouts import play_mission

    rng = random.Random(3)
    ids = list(Adventure.objects.values_list("pk", flat=True))
    timings, inserts = [], []
    for index in range(rounds):
        adventure = Adventure.objects.get(pk=rng.choice(ids))
        number = adventure.attempts.count() + 1
        state = play_mission(1 + index % 22, ["Ana", "Ben", "Cy"], seed=index)
        MissionAttempt.objects.create(
            adventure=adventure, number=number, mission=1 + index % 22, status="failure",
            failure_reason="objective-not-met", players=["Ana", "Ben", "Cy"],
            rounds_played=len(state["tricks"]), played_on="2025-09-01", state=state,
        )  # fmt: skip
        started = time.perf_counter()
        StatisticsOutbox.objects.create(group_id=adventure.group_id, adventure=adventure)
        inserts.append(time.perf_counter() - started)
        started = time.perf_counter()
        drained = services.drain_outbox()
        timings.append(time.perf_counter() - started)
        assert drained.rows == 1
    return timings, inserts


def report_incremental(measured: tuple[list[float], list[float]]) -> None:
    timings, inserts = measured
    median, baseline = statistics.median(timings), statistics.median(inserts)
    print(f"incremental update after one new result (drain: facts + adventure + group + "
          f"global): median {1000 * median:.1f} ms, max {1000 * max(timings):.1f} ms over "
          f"{len(timings)}; baseline, a one-row insert in the same run: median "
          f"{1000 * baseline:.2f} ms (the drain is {median / baseline:.0f}x)")  # fmt: skip


def naive(adventure_ids: list[int]) -> float:
    """The same statistics by a straightforward per-object loop over the ORM; returns seconds.

    What a first implementation would write: for each adventure, its group, its attempts, and for
    each finished attempt its trick, final-board and player fact rows (one query each, as a
    related manager would; the final board's 144 bits decoded one by one), counted into
    per-adventure, per-group and global tallies: missions (attempts, successes, rounds, minutes),
    failure reasons, rounds played, trump and decision colours per round, tricks won, leader
    changes, heatmaps per mission, participation, Moon Path boxes and envelopes. No engine state
    is read (the facts are already extracted).
    """
    from campaign.models import Adventure
    from stats.models import CoverageFact, PlayerFact, TrickFact

    def tally() -> dict[str, Counter[Any]]:
        return defaultdict(Counter)

    started = time.perf_counter()
    per_adventure: dict[int, dict[str, Counter[Any]]] = {}
    per_group: dict[int, dict[str, Counter[Any]]] = defaultdict(tally)
    everyone = tally()
    for adventure in Adventure.objects.filter(pk__in=adventure_ids):
        group = adventure.group
        data = tally()
        scopes = (data, per_group[group.pk])
        dates = {}
        for attempt in adventure.attempts.all():
            dates[attempt.number] = attempt.played_on
            if attempt.status == "open":
                continue
            for target in (*scopes, everyone):
                target["attempts"][attempt.mission] += 1
                target["successes"][attempt.mission] += attempt.status == "success"
                target["rounds"][attempt.mission] += attempt.rounds_played or 0
                target["minutes"][attempt.mission] += attempt.duration_minutes or 0
            everyone["adventures"][attempt.mission, adventure.pk] += 1
            for target in scopes:
                target["reasons"][attempt.failure_reason] += attempt.status == "failure"
                target["ended"][attempt.rounds_played, attempt.status] += 1
            for trick in TrickFact.objects.filter(attempt=attempt):
                for target in scopes:
                    target["trumps"][trick.round, trick.trump_colour] += 1
                    target["decisions"][trick.round, trick.decision_colour] += 1
                    target["won"][trick.winner, trick.winner_is_automa] += 1
                    target["changes"][trick.round] += trick.leader_changed
            for board in CoverageFact.objects.filter(attempt=attempt):
                mask = board.cover0 | board.cover1 << 48 | board.cover2 << 96
                for cell in range(144):
                    if mask >> cell & 1:
                        for target in scopes:
                            target["cells"][board.mission, cell] += 1
                            target["cells"][0, cell] += 1
            for player in PlayerFact.objects.filter(attempt=attempt):
                for target in scopes:
                    target["players"][player.person_id, player.success] += 1
        for box in adventure.moon_boxes.all():
            data["boxes"][box.checked_by_attempt] += 1
            per_group[group.pk]["boxes"][adventure.pk] += box.checked_by_attempt is not None
        for envelope in adventure.opened_envelopes.all():
            for target in scopes:
                target["envelopes"][dates.get(envelope.by_attempt)] += 1
        per_adventure[adventure.pk] = data
    return time.perf_counter() - started


def extraction_rate(sample: int = 1000) -> float:
    """Seconds per attempt to re-extract facts (delete and reinsert), on a sample."""
    from campaign.models import MissionAttempt
    from stats import facts

    ids = list(MissionAttempt.objects.order_by("?").values_list("pk", flat=True)[:sample])
    started = time.perf_counter()
    facts.replace_facts(ids)
    return (time.perf_counter() - started) / len(ids)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--sample", type=int, default=100, help="adventures for the naive loop")
    parser.add_argument(
        "--naive-full-limit", type=float, default=60.0, help="run the naive loop in full below"
    )
    parser.add_argument("--only-incremental", action="store_true", help="skip parts 1 and 3")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure_full_recompute()
        return 0
    import psycopg

    from bench import history

    try:
        url = history.create_database()
    except psycopg.OperationalError as error:
        print(f"bench_stats needs PostgreSQL at {history.ADMIN_URL}")
        print(f"(set QUESTLOG_BENCH_POSTGRES_URL): {str(error).splitlines()[0]}")
        return 1

    print(f"database {url.rsplit('/', 1)[1]} (created; dropped at the end)")
    try:
        setup_django(url)
        groups = max(2, int(history.GROUPS * args.scale))
        if args.only_incremental:
            print("generated:", history.generate(scale=args.scale, groups=groups))
            print(f"full recompute: {full_recompute(url)['seconds']:.2f} s")
            report_incremental(incremental())
            return 0
        started = time.perf_counter()
        half = history.generate(scale=args.scale, groups=groups // 2)
        small = full_recompute(url)
        rest = history.generate(
            scale=args.scale, first_group=groups // 2, groups=groups - groups // 2
        )
        print(f"generated in {time.perf_counter() - started:.1f} s (with the first recompute):",
              {k: half[k] + rest[k] for k in half})  # fmt: skip
        full = full_recompute(url)
        print(f"full recompute, half history ({half['attempts']} attempts): "
              f"{small['seconds']:.2f} s, worker peak memory "
              f"{small['maxrss_mb']:.0f} MB")  # fmt: skip
        print(f"full recompute, full history ({half['attempts'] + rest['attempts']} attempts): "
              f"{full['seconds']:.2f} s, worker peak memory "
              f"{full['maxrss_mb']:.0f} MB")  # fmt: skip
        report_incremental(incremental())
        from campaign.models import Adventure

        ids = list(Adventure.objects.order_by("pk").values_list("pk", flat=True))
        rng = random.Random(5)
        sample = sorted(rng.sample(ids, min(args.sample, len(ids))))
        seconds = naive(sample)
        estimate = seconds * len(ids) / len(sample)
        if estimate <= args.naive_full_limit:
            seconds = estimate = naive(ids)
            how = f"run in full over all {len(ids)} adventures"
        else:
            how = (f"EXTRAPOLATED: ran {seconds:.2f} s over a random sample of "
                   f"{len(sample)} of {len(ids)} adventures (a full run would take minutes), "
                   "scaled linearly")  # fmt: skip
        print(f"naive per-object ORM loop (adventures -> attempts -> fact rows, same statistics "
              f"for every adventure, group and globally): {estimate:.1f} s, {how}")  # fmt: skip
        print(f"ratio naive / full recompute: {estimate / full['seconds']:.1f}x")
        per_attempt = extraction_rate()
        attempts = half["attempts"] + rest["attempts"]
        print(f"fact extraction (done once per changed attempt, not part of a recompute): "
              f"{1000 * per_attempt:.2f} ms per attempt, i.e. {per_attempt * attempts:.0f} s "
              f"to re-extract all {attempts} (extrapolated from 1000)")  # fmt: skip
    finally:
        from django.db import connections

        connections.close_all()
        history.drop_database(url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
