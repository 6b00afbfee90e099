"""An import whose worker died: it stays "running" in the database (its transaction rolled back),
so the progress page shows it as stopped after two minutes without a sign of life, and offers a
retry that can never add a play twice (the import is one transaction keyed by play uuid)."""

import datetime

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from games import bgstats, playlog
from games.models import ImportState, Play, PlayImport
from groups.models import Role
from tests.factories import MembershipFactory
from tests.games.playlog_helpers import export_text
from tests.support.pages import element_text

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_progress_left():
    """Progress lives in the cache under the import's id, which each test reuses."""
    cache.clear()


@pytest.fixture
def member():
    return MembershipFactory(role=Role.PLAYER)


@pytest.fixture
def confirmed(member, settings):
    """A confirmed import, left for beat's sweep (a broker is configured)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    play_import, _preview = playlog.start_import(
        group=member.group, file_name="plays.json", document=export_text(), time_zone="UTC",
        by=member.user,
    )  # fmt: skip
    return playlog.confirm_import(play_import=play_import, matching=play_import.matching)


def claimed_by_a_worker_that_died(play_import, *, minutes_ago):
    """What a worker that claimed the import and died leaves: "running", nothing imported."""
    PlayImport.objects.filter(pk=play_import.pk).update(
        state=ImportState.RUNNING,
        heartbeat_at=timezone.now() - datetime.timedelta(minutes=minutes_ago),
    )
    play_import.refresh_from_db()
    return play_import


def progress_url(play_import):
    return reverse("games:import-progress", args=[play_import.group_id, play_import.pk])


def retry_url(play_import):
    return reverse("games:import-retry", args=[play_import.group_id, play_import.pk])


def test_a_claim_gives_the_import_a_heartbeat(confirmed):
    assert confirmed.heartbeat_at is None
    before = timezone.now()
    assert playlog.run_pending_imports() == 1
    confirmed.refresh_from_db()
    assert confirmed.state == ImportState.DONE
    assert confirmed.heartbeat_at >= before


def test_an_import_without_progress_for_two_minutes_shows_as_stopped(client, member, confirmed):
    client.force_login(member.user)
    fresh = claimed_by_a_worker_that_died(confirmed, minutes_ago=1)
    page = client.get(progress_url(fresh))
    assert element_text(page, "import-stopped") is None
    assert element_text(page, "import-retry") is None
    stale = claimed_by_a_worker_that_died(confirmed, minutes_ago=3)
    page = client.get(progress_url(stale))
    assert element_text(page, "import-stopped").startswith("This import stopped")
    assert element_text(page, "import-retry") == "Try again"
    # The page's poll stops on a stopped import.
    assert client.get(progress_url(stale), HTTP_HX_REQUEST="true").status_code == 286


def test_progress_reported_lately_keeps_a_long_import_alive(confirmed):
    running = claimed_by_a_worker_that_died(confirmed, minutes_ago=10)
    assert playlog.is_stalled(running)
    playlog.report_progress(running.pk, 1000)
    assert not playlog.is_stalled(running)
    later = timezone.now() + playlog.STALLED_AFTER + datetime.timedelta(seconds=1)
    assert playlog.is_stalled(running, now=later)


def test_try_again_imports_the_file_once(client, member, confirmed):
    stale = claimed_by_a_worker_that_died(confirmed, minutes_ago=3)
    client.force_login(member.user)
    response = client.post(retry_url(stale))
    assert response.status_code == 302
    assert response["Location"] == progress_url(stale)
    stale.refresh_from_db()
    assert stale.state == ImportState.PENDING
    assert playlog.run_pending_imports() == 1
    stale.refresh_from_db()
    assert (stale.state, stale.added, stale.skipped) == (ImportState.DONE, 6, 0)
    assert Play.objects.filter(group=member.group).count() == 6
    # A second click (a stale page) changes nothing: the import is no longer stopped.
    again = client.post(retry_url(stale), follow=True)
    assert str(playlog.IMPORT_NOT_STOPPED) in again.content.decode()
    assert Play.objects.filter(group=member.group).count() == 6


def test_a_retry_after_a_worker_that_committed_its_plays_adds_none_twice(member, confirmed):
    """The worker wrote every play and died before marking the import done: a retry finds each
    play's uuid already in the group and adds nothing."""
    stale = claimed_by_a_worker_that_died(confirmed, minutes_ago=3)
    playlog.import_export(
        group=member.group, export=bgstats.parse_export(stale.document),
        matching=stale.matching, tz=datetime.UTC, by=member.user,
    )  # fmt: skip
    uuids = set(Play.objects.filter(group=member.group).values_list("uuid", flat=True))
    assert len(uuids) == 6
    playlog.retry_import(play_import=stale)
    assert playlog.run_pending_imports() == 1
    stale.refresh_from_db()
    assert (stale.state, stale.added, stale.skipped) == (ImportState.DONE, 0, 6)
    assert set(Play.objects.filter(group=member.group).values_list("uuid", flat=True)) == uuids


def test_a_live_import_cannot_be_retried(client, member, confirmed):
    alive = claimed_by_a_worker_that_died(confirmed, minutes_ago=0)
    with pytest.raises(playlog.PlayLogError):
        playlog.retry_import(play_import=alive)
    alive.refresh_from_db()
    assert alive.state == ImportState.RUNNING


def test_viewers_and_other_groups_cannot_retry(client, confirmed):
    stale = claimed_by_a_worker_that_died(confirmed, minutes_ago=3)
    viewer = MembershipFactory(role=Role.VIEWER, group=stale.group)
    client.force_login(viewer.user)
    assert client.post(retry_url(stale)).status_code == 403
    outsider = MembershipFactory(role=Role.OWNER)
    client.force_login(outsider.user)
    assert client.post(retry_url(stale)).status_code == 404
    stale.refresh_from_db()
    assert stale.state == ImportState.RUNNING
