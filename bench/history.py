"""A large generated campaign history on PostgreSQL, for ``bench_stats.py``.

Creates a fresh database, migrates it, and COPYs groups, adventures, attempts (each with a real
engine ``state`` from a pool of seeded playouts), Moon Path boxes, envelopes and the statistics
facts straight into the tables. ``scale=1`` is 1,000 groups, 2,000 adventures, 60,000 attempts
and about 400,000 tricks.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ADMIN_URL = os.environ.get(
    "QUESTLOG_BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
)
ATTEMPTS_PER_ADVENTURE = 30
ADVENTURES_PER_GROUP = 2
GROUPS = 1000


def create_database() -> str:
    import psycopg

    name = f"questlog_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": "",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    return url


def drop_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def template_states() -> dict[tuple[int, int], dict[str, Any]]:
    """One real playout per mission and table size (2 players + Automa, 3, 4 players)."""
    from tests.stats.playouts import play_mission

    tables = {2: ["Ana", "Ben"], 3: ["Ana", "Ben", "Cy"], 4: ["Ana", "Ben", "Cy", "Dee"]}
    return {
        (mission, size): play_mission(mission, players, seed=mission * 10 + size)
        for mission in range(1, 23)
        for size, players in tables.items()
    }


def template_facts(
    state: dict[str, Any],
) -> tuple[list[tuple[Any, ...]], tuple[int, int, int, int]]:
    """The trick and coverage fact columns of a state, through the production extraction."""
    from campaign.models import MissionAttempt
    from games.rules.spirits import from_json
    from stats.facts import attempt_facts

    attempt = MissionAttempt(pk=0, adventure_id=0, mission=1, status="failure", players=[])
    board = from_json(state)
    facts = attempt_facts(attempt, 0, board, board_size=board.setup.board.size)
    tricks = [
        (t.round, t.winner, t.winner_seat, t.winner_is_automa, t.decision_colour, t.trump_colour,
         t.leader_before, t.leader_after, t.leader_changed)
        for t in facts.tricks
    ]  # fmt: skip
    cover = facts.coverage[0]
    return (
        tricks,
        (cover.board_size, cover.cover0, cover.cover1, cover.cover2),
    )


def generate(
    *, scale: float, first_group: int = 0, groups: int | None = None, seed: int = 7
) -> dict[str, int]:
    """COPY a history into the database Django is connected to; returns row counts."""
    from django.db import connection

    from games.packs import load_default_pack

    rng = random.Random(seed + first_group)
    pack_id = load_default_pack().pk
    templates = template_states()
    facts = {key: template_facts(state) for key, state in templates.items()}
    encoded = {key: json.dumps(state) for key, state in templates.items()}
    count_groups = groups if groups is not None else max(1, int(GROUPS * scale))
    now = datetime.datetime.now(tz=datetime.UTC)
    counts = {"groups": 0, "adventures": 0, "attempts": 0, "tricks": 0}
    cursor = connection.cursor().cursor  # the psycopg cursor, for COPY
    with connection.cursor() as c:
        c.execute("SELECT COALESCE(MAX(id), 0) FROM groups_group")
        group_base = c.fetchone()[0]
        c.execute("SELECT COALESCE(MAX(id), 0) FROM campaign_adventure")
        adventure_base = c.fetchone()[0]
        c.execute("SELECT COALESCE(MAX(id), 0) FROM campaign_missionattempt")
        attempt_base = c.fetchone()[0]
        c.execute("SELECT COALESCE(MAX(id), 0) FROM games_person")
        person_base = c.fetchone()[0]
    names = ["Ana", "Ben", "Cy", "Dee"]
    group_rows, adventure_rows, attempt_rows, person_rows, seat_rows = [], [], [], [], []
    trick_rows, player_rows, source_rows, box_rows, envelope_rows = [], [], [], [], []
    cover_rows: list[tuple[Any, ...]] = []
    attempt_id = attempt_base
    adventure_id = adventure_base
    for g in range(count_groups):
        group_id = group_base + g + 1
        group_rows.append((group_id, f"Bench table {first_group + g}", now))
        people = [person_base + g * len(names) + i + 1 for i in range(len(names))]
        person_rows += [(pk, group_id, name) for pk, name in zip(people, names, strict=True)]
        for a in range(ADVENTURES_PER_GROUP):
            adventure_id += 1
            mission, boxes, envelopes, number = 1, 0, 0, 0
            size = rng.choice((2, 3, 4))
            players = names[:size]
            day = datetime.date(2025, 1, 1) + datetime.timedelta(days=rng.randrange(200))
            for number in range(1, ATTEMPTS_PER_ADVENTURE + 1):
                attempt_id += 1
                success = rng.random() < 0.75 - mission * 0.02
                status = "success" if success else "failure"
                key = (mission, size)
                tricks, cover = facts[key]
                day += datetime.timedelta(days=rng.randrange(1, 5))
                attempt_rows.append((
                    attempt_id, adventure_id, number, mission, status,
                    "" if success else "objective-not-met", json.dumps(players), len(tricks), day,
                    rng.randrange(15, 60), "{}", encoded[key], len(tricks), "[]", now, now,
                ))  # fmt: skip
                common = (attempt_id, adventure_id, group_id, mission)
                trick_rows += [(*common, *t) for t in tricks]
                cover_rows.append((*common, *cover))
                player_rows += [(*common, people[i], success) for i in range(size)]
                seat_rows += [(attempt_id, i, people[i]) for i in range(size)]
                source_rows.append((attempt_id, now, len(tricks)))
                if not success and boxes < 20:
                    boxes += 1
                    box_rows.append((adventure_id, boxes, "", "", number))
                if success:
                    if mission % 3 == 0 and envelopes < 10:
                        envelopes += 1
                        envelope_rows.append(
                            (adventure_id, f"E{envelopes}", "black", "mission", number, envelopes)
                        )
                    mission = min(mission + 1, 22)
            adventure_rows.append(
                (adventure_id, group_id, f"Adventure {a + 1}", pack_id, now, mission, number, boxes)
            )
    copy(cursor, "groups_group", ("id", "name", "created_at"), group_rows)
    copy(cursor, "games_person", ("id", "group_id", "name", "anonymous", "bgstats"),
         [(*row, False, "{}") for row in person_rows])  # fmt: skip
    copy(cursor, "campaign_adventure",
         ("id", "group_id", "name", "content_pack_id", "created_at", "current_mission",
          "attempt_count", "moon_boxes_checked", "log_version", "final_mission_completed",
          "red_envelope_opened", "night_mode", "holo_liana"),
         [(*row, 1, False, False, False, False) for row in adventure_rows])  # fmt: skip
    copy(cursor, "campaign_missionattempt",
         ("id", "adventure_id", "number", "mission", "status", "failure_reason", "players",
          "rounds_played", "played_on", "duration_minutes", "loadout", "state", "version",
          "changes", "created_at", "updated_at", "last_change"),
         [(*row, "{}") for row in attempt_rows])  # fmt: skip
    copy(cursor, "campaign_attemptplayer", ("attempt_id", "seat", "person_id"), seat_rows)
    copy(
        cursor,
        "campaign_moonpathbox",
        ("adventure_id", "box", "phase", "envelope", "checked_by_attempt"),
        box_rows,
    )
    copy(
        cursor,
        "campaign_openedenvelope",
        ("adventure_id", "envelope", "colour", "source", "by_attempt", '"order"'),
        envelope_rows,
    )
    fact = ("attempt_id", "adventure_id", "group_id", "mission")
    copy(cursor, "stats_trickfact",
         (*fact, "round", "winner", "winner_seat", "winner_is_automa", "decision_colour",
          "trump_colour", "leader_before", "leader_after", "leader_changed"),
         trick_rows)  # fmt: skip
    copy(cursor, "stats_coveragefact", (*fact, "board_size", "cover0", "cover1", "cover2"),
         cover_rows)  # fmt: skip
    copy(cursor, "stats_playerfact", (*fact, "person_id", "success"), player_rows)
    copy(
        cursor,
        "stats_factsource",
        ("attempt_id", "attempt_updated_at", "attempt_version"),
        source_rows,
    )
    with connection.cursor() as c:
        for table in ("groups_group", "games_person", "campaign_adventure",
                      "campaign_missionattempt"):  # fmt: skip
            c.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT MAX(id) FROM {table}))"
            )
        c.execute("ANALYZE")
    counts.update(groups=len(group_rows), adventures=len(adventure_rows),
                  attempts=len(attempt_rows),
                  tricks=len(trick_rows))  # fmt: skip
    return counts


def copy(cursor: Any, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as out:
        for row in rows:
            out.write_row(row)
