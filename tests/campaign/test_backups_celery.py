"""Nightly backups run by a real Celery worker on PostgreSQL and Redis, writing through the
backups storage the worker is configured with by its environment (``BACKUP_STORAGE_*``)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.urls import reverse
from django.utils import timezone

from campaign import backups
from groups.models import Backup, BackupStatus, Group, Role
from tests.campaign.backup_helpers import full_group, log_play, same_group, statistics
from tests.factories import AdventureFactory, MembershipFactory, log_attempt
from tests.support.backup_storage import REFUSED
from tests.support.fixtures import running_celery_worker

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.celery]
TIMEOUT = 120
NIGHTLY = "campaign.backup_groups"


@pytest.fixture
def backup_dir(settings, tmp_path: Path) -> Path:
    """The worker's backups storage, which this process reads too."""
    location = tmp_path / "backups"
    settings.STORAGES = {
        **settings.STORAGES,
        "backups": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(location)},
        },
    }
    settings.CELERY_TASK_ALWAYS_EAGER = False  # as with a broker: only the worker computes
    return location


def worker_env(location: Path, **extra: str) -> dict[str, str]:
    return {
        "BACKUP_STORAGE_BACKEND": "tests.support.backup_storage.RefusingStorage",
        "BACKUP_STORAGE_OPTIONS": json.dumps({"location": str(location)}),
        **extra,
    }


@pytest.fixture
def worker(postgres, redis_url, transactional_db, backup_dir):
    with running_celery_worker(redis_url, **worker_env(backup_dir)) as (_process, client):
        yield client


def run(client: Any, name: str) -> Any:
    return client.send_task(name).get(timeout=TIMEOUT)


def a_group() -> Group:
    owner = MembershipFactory(role=Role.OWNER)
    adventure = AdventureFactory(group=owner.group, by=owner.user)
    log_attempt(adventure, by=owner.user)
    return owner.group


def test_the_nightly_job_is_on_beats_schedule(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["campaign-nightly-backups"]
    assert entry["task"] == NIGHTLY
    assert entry["schedule"].hour == {settings.BACKUP_HOUR}
    assert entry["schedule"].minute == {settings.BACKUP_MINUTE}


def test_one_backup_per_changed_group_and_none_for_an_unchanged_one(worker):
    """Two runs the same day: the changed group's new backup replaces the day's earlier one
    (one a day is kept); the unchanged group keeps its one."""
    changed, unchanged = a_group(), a_group()
    first = run(worker, NIGHTLY)
    assert sorted(first["backed_up"]) == sorted([changed.pk, unchanged.pk])
    before = {g: g.backups.get() for g in (changed, unchanged)}
    log_play(changed, note="one more night")
    second = run(worker, NIGHTLY)
    assert second == {"backed_up": [changed.pk], "unchanged": [unchanged.pk], "failed": []}
    newest = changed.backups.get()
    assert newest.pk != before[changed].pk
    assert newest.counts["plays"] == before[changed].counts["plays"] + 1
    assert unchanged.backups.get() == before[unchanged]
    assert run(worker, NIGHTLY)["backed_up"] == []
    storage = storages[backups.STORAGE]
    assert storage.size(newest.storage_name) == newest.size
    assert not storage.exists(before[changed].storage_name)


def test_retention_keeps_exactly_14_daily_and_12_monthly(worker):
    """Two years of nightly backups before tonight's: 14 days and 12 months remain, with their
    files; every other file is deleted."""
    group = a_group()
    storage = storages[backups.STORAGE]
    start = timezone.now() - datetime.timedelta(days=730)
    for night in range(730):
        when = start + datetime.timedelta(days=night)
        name = storage.save(backups.file_name(group.pk, when, "0" * 64), ContentFile(b"old"))
        Backup.objects.create(
            group=group, created_at=when, storage_name=name, size=3, digest="0" * 64
        )
    assert run(worker, NIGHTLY)["backed_up"] == [group.pk]
    kept = list(group.backups.all())
    assert len(kept) == 14 + 12
    days = {b.created_at.date() for b in kept[:14]}
    assert len(days) == 14
    assert len({(b.created_at.year, b.created_at.month) for b in kept[14:]}) == 12
    files = {str(p.relative_to(storage.location)) for p in Path(storage.location).rglob("*.gz")}
    assert files == {b.storage_name for b in kept}


def test_a_restored_backup_gives_the_same_group_back(worker, client):
    """Adventures, plays, people and statistics, object by object, in a new group; the group
    backed up is not touched."""
    owner = MembershipFactory(role=Role.OWNER)
    player = MembershipFactory(group=owner.group, role=Role.PLAYER)
    group = full_group(owner.group, owner.user, player.user)
    assert run(worker, NIGHTLY)["backed_up"] == [group.pk]
    backup = group.backups.get()
    before = backups.digest(backups.backup_document(group, created_at=timezone.now()))

    client.force_login(owner.user)
    url = reverse("campaign:backup-restore", args=[group.pk, backup.pk])
    assert client.get(url).status_code == 200
    response = client.post(url)
    restored = Group.objects.exclude(pk=group.pk).get()
    assert response.url == restored.get_absolute_url()
    run(worker, "stats.drain_outbox")
    run(worker, "games.recompute_stale_play_stats")
    same_group(group, restored)
    assert statistics(restored) == statistics(group)
    assert backups.digest(backups.backup_document(group, created_at=timezone.now())) == before


def test_a_failing_storage_write_for_one_group_leaves_the_others_backed_up(
    postgres, redis_url, transactional_db, backup_dir, client
):
    groups = [a_group() for _ in range(3)]
    refused = groups[1]
    env = worker_env(backup_dir, BACKUP_REFUSE_GROUPS=str(refused.pk))
    with running_celery_worker(redis_url, **env) as (_process, worker):
        result = run(worker, NIGHTLY)
    assert result["failed"] == [refused.pk]
    assert sorted(result["backed_up"]) == sorted(g.pk for g in groups if g != refused)
    failure = refused.backups.get()
    assert failure.status == BackupStatus.FAILED
    assert REFUSED in failure.error
    for group in groups:
        if group != refused:
            assert group.backups.get().status == BackupStatus.DONE
    health = client.get(reverse("healthz")).json()
    assert health["status"] == "degraded"
    assert health["checks"]["backups"] == {"state": "degraded", "failed_groups": 1}
