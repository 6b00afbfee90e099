"""A BG Stats import and the play statistics run by a real Celery worker (PostgreSQL, Redis)."""

import pytest

from games import playlog
from games.models import Play, PlayImport, PlayStatsSnapshot
from groups.models import Role
from tests.factories import MembershipFactory
from tests.games.playlog_helpers import export_data, export_text

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.celery]
TIMEOUT = 120


def test_a_large_import_runs_on_the_worker_all_at_once(postgres, celery_worker, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # as with a broker: only beat's sweeps start work
    member = MembershipFactory(role=Role.PLAYER)
    data = export_data()
    data["plays"] = [
        {**data["plays"][n % 6], "uuid": f"f1000000-0000-4000-8000-{n:012d}"} for n in range(3000)
    ]
    play_import, preview = playlog.start_import(
        group=member.group, file_name="big.json", document=export_text(data), time_zone="UTC",
        by=member.user,
    )  # fmt: skip
    assert preview.new == 3000
    playlog.confirm_import(play_import=play_import, matching=play_import.matching)
    assert celery_worker.send_task("games.run_pending_imports").get(TIMEOUT) == 1
    play_import.refresh_from_db()
    assert play_import.state == "done"
    assert (play_import.added, play_import.skipped) == (3000, 0)
    assert Play.objects.filter(group=member.group).count() == 3000
    again = celery_worker.send_task("games.import_plays", args=[play_import.pk]).get(TIMEOUT)
    assert again == "done"
    assert Play.objects.filter(group=member.group).count() == 3000
    assert PlayStatsSnapshot.objects.get(group=member.group).stale
    assert celery_worker.send_task("games.recompute_stale_play_stats").get(TIMEOUT) == 1
    snapshot = PlayStatsSnapshot.objects.get(group=member.group)
    assert not snapshot.stale
    assert sum(g["plays"] for g in snapshot.data["games"].values()) == 2500  # 500 ignored


def test_a_file_that_fails_on_the_worker_saves_nothing(postgres, celery_worker):
    member = MembershipFactory(role=Role.PLAYER)
    play_import = PlayImport.objects.create(
        group=member.group, document='{"games": [], "players": [], "plays": [{}]}',
        state="pending", total=1,
    )  # fmt: skip
    state = celery_worker.send_task("games.import_plays", args=[play_import.pk]).get(TIMEOUT)
    assert state == "failed"
    play_import.refresh_from_db()
    assert play_import.error == (
        "The import failed and nothing was saved: plays[0].uuid: expected an identifier."
    )
    assert not Play.objects.filter(group=member.group).exists()
