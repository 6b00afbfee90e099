"""Nightly backups (``campaign.backups``): one per changed group, none for an unchanged one, a
failure kept to its group and shown; the owners' pages; restoring into a new group."""

from __future__ import annotations

import datetime
import gzip
import json

import pytest
from django.core.files.storage import storages
from django.urls import reverse
from django.utils import timezone

from campaign import backups
from games.models import Play
from groups.models import Backup, BackupStatus, Group, Role
from tests.campaign.backup_helpers import full_group, log_play, same_group
from tests.factories import GroupFactory, MembershipFactory
from tests.support.backup_storage import REFUSED
from tests.support.pages import by_id, find


@pytest.fixture(autouse=True)
def backup_storage(settings, tmp_path):
    """Each test's backups in a directory of its own."""
    settings.STORAGES = {
        **settings.STORAGES,
        "backups": {
            "BACKEND": "tests.support.backup_storage.RefusingStorage",
            "OPTIONS": {"location": str(tmp_path / "backups")},
        },
    }
    return tmp_path / "backups"


def stored(backup: Backup) -> dict:
    with storages[backups.STORAGE].open(backup.storage_name, "rb") as file:
        return json.loads(gzip.decompress(file.read()))


# --- Change detection ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_group_is_backed_up_again_only_once_it_changed(group, owner, player):
    full_group(group, owner, player)
    first = backups.backup_group(group_id=group.pk)
    assert first is not None
    assert first.status == BackupStatus.DONE
    assert first.counts == {"adventures": 2, "attempts": 5, "plays": 6, "people": 6, "members": 2}
    assert first.size == storages[backups.STORAGE].size(first.storage_name) > 0
    later = timezone.now() + datetime.timedelta(days=1)
    assert backups.backup_group(group_id=group.pk, now=later) is None
    log_play(group, note="a third night", day=3)
    second = backups.backup_group(group_id=group.pk, now=later)
    assert second is not None
    assert second.counts["plays"] == 7
    assert second.digest != first.digest
    assert group.backups.count() == 2


@pytest.mark.django_db
def test_the_digest_leaves_out_when_the_backup_was_made(group, owner, player):
    full_group(group, owner, player)
    now = timezone.now()
    one = backups.backup_document(group, created_at=now)
    other = backups.backup_document(group, created_at=now + datetime.timedelta(days=3))
    assert one != other
    assert backups.digest(one) == backups.digest(other)


@pytest.mark.django_db
def test_a_change_of_members_or_name_is_a_change(group, owner):
    before = backups.digest(backups.backup_document(group, created_at=timezone.now()))
    MembershipFactory(group=group, role=Role.VIEWER)
    members = backups.digest(backups.backup_document(group, created_at=timezone.now()))
    Group.objects.filter(pk=group.pk).update(name="Renamed")
    group.refresh_from_db()
    renamed = backups.digest(backups.backup_document(group, created_at=timezone.now()))
    assert len({before, members, renamed}) == 3


@pytest.mark.django_db
def test_the_file_holds_both_formats(group, owner, player):
    full_group(group, owner, player)
    document = stored(backups.backup_group(group_id=group.pk))
    assert document["format"] == "questlog-backup/1"
    assert document["adventures"]["format"] == "questlog-adventure/1"
    assert {"games", "players", "plays"} <= set(document["plays"])
    assert len(document["campaign_plays"]) == 4  # finished attempts: 2 + 2
    assert {m["username"]: m["role"] for m in document["members"]} == {
        owner.username: "owner",
        player.username: "player",
    }


# --- The nightly job ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_one_groups_failure_leaves_the_others_backed_up_and_shows(
    client, group, owner, player, monkeypatch
):
    """The storage refuses the first group's file: it is recorded as failed, shown to its owners
    (not its players) and on /healthz; the groups after it are backed up."""
    full_group(group, owner, player)
    others = [GroupFactory(), GroupFactory()]
    monkeypatch.setenv("BACKUP_REFUSE_GROUPS", str(group.pk))
    run = backups.backup_all_groups()
    assert run.failed == [group.pk]
    assert sorted(run.backed_up) == sorted(g.pk for g in others)
    failure = group.backups.get()
    assert failure.status == BackupStatus.FAILED
    assert REFUSED in failure.error
    assert all(g.backups.filter(status=BackupStatus.DONE).count() == 1 for g in others)

    health = client.get(reverse("healthz")).json()
    assert health["checks"]["backups"] == {"state": "degraded", "failed_groups": 1}
    assert health["status"] == "degraded"
    client.force_login(owner)
    page = client.get(group.get_absolute_url())
    assert by_id(page, "backup-failed").startswith("The group's last backup, on ")
    client.force_login(player)
    assert find(client.get(group.get_absolute_url()), "backup-failed").attributes is None

    # The next night the storage takes it: the failure is behind the group, /healthz is ok.
    monkeypatch.delenv("BACKUP_REFUSE_GROUPS")
    run = backups.backup_all_groups(now=timezone.now() + datetime.timedelta(days=1))
    assert run.backed_up == [group.pk]
    assert sorted(run.unchanged) == sorted(g.pk for g in others)
    assert list(group.backups.values_list("status", flat=True)) == [BackupStatus.DONE]
    assert client.get(reverse("healthz")).json()["checks"]["backups"]["state"] == "ok"


@pytest.mark.django_db
def test_retention_deletes_the_files_it_does_not_keep(group, backup_storage):
    """400 nights of changes: 14 + 12 backups and their files remain, the others' are gone."""
    start = timezone.now() - datetime.timedelta(days=400)
    for night in range(400):
        Group.objects.filter(pk=group.pk).update(name=f"Night {night}")
        assert backups.backup_group(group_id=group.pk, now=start + datetime.timedelta(days=night))
    kept = list(group.backups.all())
    assert len(kept) == 14 + 12
    files = {str(p.relative_to(backup_storage)) for p in backup_storage.rglob("*.json.gz")}
    assert files == {b.storage_name for b in kept}


@pytest.mark.django_db
def test_the_embedded_default_runs_the_nightly_job_in_process(
    client, settings, monkeypatch, group, owner
):
    """With no broker, the first response after the nightly time backs the groups up, once."""
    settings.BACKUP_IN_PROCESS = True
    monkeypatch.setattr(backups, "CLOCK", backups.NightlyClock())  # a process just started
    client.force_login(owner)
    client.get(reverse("groups:list"))
    assert group.backups.count() == 1
    Group.objects.filter(pk=group.pk).update(name="Changed")
    client.get(reverse("groups:list"))
    assert group.backups.count() == 1  # already run since the last nightly time


# --- Pages -------------------------------------------------------------------------------------


@pytest.fixture
def backed_up(group, owner, player):
    full_group(group, owner, player)
    return backups.backup_group(group_id=group.pk)


@pytest.mark.django_db
def test_owners_see_download_and_restore(client, group, owner, backed_up):
    client.force_login(owner)
    page = client.get(reverse("campaign:backups", args=[group.pk]))
    assert page.status_code == 200
    assert by_id(page, f"backup-{backed_up.pk}").endswith(
        "2 adventures · 5 mission attempts · 6 plays · 6 people · 2 members Download "
        "Restore into a new group…"
    )
    download = client.get(reverse("campaign:backup-download", args=[group.pk, backed_up.pk]))
    assert download.status_code == 200
    assert download["Content-Type"] == "application/gzip"
    body = gzip.decompress(b"".join(download.streaming_content))
    assert json.loads(body)["format"] == "questlog-backup/1"


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["player", "viewer"])
def test_only_owners_reach_backups(client, group, backed_up, who, request):
    client.force_login(request.getfixturevalue(who))
    for url in (
        reverse("campaign:backups", args=[group.pk]),
        reverse("campaign:backup-download", args=[group.pk, backed_up.pk]),
        reverse("campaign:backup-restore", args=[group.pk, backed_up.pk]),
    ):
        assert client.get(url).status_code == 403
    restore = reverse("campaign:backup-restore", args=[group.pk, backed_up.pk])
    assert client.post(restore).status_code == 403
    assert Group.objects.count() == 1


@pytest.mark.django_db
def test_another_groups_backups_are_not_found(client, group, backed_up, outsider):
    """An owner of another group: 404 on this group's pages, and on its backup through their own
    group's address."""
    client.force_login(outsider)
    theirs = outsider.memberships.get().group_id
    for url in (
        reverse("campaign:backups", args=[group.pk]),
        reverse("campaign:backup-download", args=[group.pk, backed_up.pk]),
        reverse("campaign:backup-download", args=[theirs, backed_up.pk]),
        reverse("campaign:backup-restore", args=[theirs, backed_up.pk]),
    ):
        assert client.get(url).status_code == 404
    restore = reverse("campaign:backup-restore", args=[theirs, backed_up.pk])
    assert client.post(restore).status_code == 404


@pytest.mark.django_db
def test_restore_previews_then_makes_a_new_group(client, group, owner, player, backed_up):
    client.force_login(owner)
    url = reverse("campaign:backup-restore", args=[group.pk, backed_up.pk])
    preview = client.get(url)
    assert preview.status_code == 200
    assert "2 adventures · 5 mission attempts · 6 plays · 6 people · 2 members" in by_id(
        preview, "restore-preview"
    )
    assert Group.objects.count() == 1
    response = client.post(url)
    restored = Group.objects.exclude(pk=group.pk).get()
    assert response.url == restored.get_absolute_url()
    assert restored.name.startswith(f"{group.name} (restored ")
    same_group(group, restored)
    assert Play.objects.filter(group=group).count() == Play.objects.filter(group=restored).count()


@pytest.mark.django_db
def test_a_backup_the_import_would_refuse_is_refused_and_nothing_is_made(
    client, group, owner, backed_up
):
    document = stored(backed_up)
    document["adventures"]["adventures"][0]["attempts"][0]["mission"] = 999
    storage = storages[backups.STORAGE]
    storage.delete(backed_up.storage_name)
    with storage.open(backed_up.storage_name, "wb") as file:
        file.write(gzip.compress(json.dumps(document).encode()))
    client.force_login(owner)
    url = reverse("campaign:backup-restore", args=[group.pk, backed_up.pk])
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 400
        assert by_id(response, "restore-refusal") == (
            "The backup's adventures cannot be restored: adventures[0].attempts[0].mission: "
            "not a mission of the content pack"
        )
    assert Group.objects.count() == 1
