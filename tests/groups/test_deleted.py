"""Recently deleted (``groups.deleted``): 30 days to restore, then purged by the daily job;
a restore happens once, even when two are asked at the same moment; another group's items are
not found."""

from __future__ import annotations

import datetime
import threading
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaign import deleting
from campaign.models import Adventure
from groups import deleted, tasks
from groups.models import DeletedItem, Role
from tests.factories import AdventureFactory, MembershipFactory, log_attempt
from tests.support.pages import text

DAY = datetime.timedelta(days=1)


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def deleted_adventure(group: Any, owner: Any) -> DeletedItem:
    adventure = AdventureFactory(group=group, by=owner, name="Moonrise")
    log_attempt(adventure, by=owner)
    return deleting.delete_adventure(adventure=adventure, by=owner)


@pytest.mark.django_db
def test_the_daily_job_purges_what_is_older_than_30_days(group, owner):
    """Given the time as a parameter: at 29 days the item is kept and listed, at 30 it is
    purged; the beat schedule runs the job daily."""
    item = deleted_adventure(group, owner)
    later = item.deleted_at + 29 * DAY
    assert deleted.purge(now=later) == 0
    assert deleted.days_left(item, now=later) == 1
    assert list(deleted.kept(group.pk, now=later)) == [item]
    assert deleted.purge(now=item.deleted_at + 30 * DAY) == 1
    assert not DeletedItem.objects.exists()
    schedule = settings.CELERY_BEAT_SCHEDULE["groups-purge-deleted"]
    assert schedule["task"] == tasks.purge_deleted.name


@pytest.mark.django_db
def test_the_task_purges_with_the_current_time(group, owner):
    old = deleted_adventure(group, owner)
    DeletedItem.objects.filter(pk=old.pk).update(deleted_at=timezone.now() - 31 * DAY)
    fresh = deleted_adventure(group, owner)
    assert tasks.purge_deleted.delay().get() == 1
    assert list(DeletedItem.objects.all()) == [fresh]


@pytest.mark.django_db(transaction=True)
def test_on_the_embedded_default_a_deletion_purges_in_process(group, owner):
    """No broker, no beat: once a deletion commits, what is past 30 days goes."""
    old = deleted_adventure(group, owner)
    DeletedItem.objects.filter(pk=old.pk).update(deleted_at=timezone.now() - 31 * DAY)
    fresh = deleted_adventure(group, owner)
    assert list(DeletedItem.objects.values_list("pk", flat=True)) == [fresh.pk]


@pytest.mark.django_db
def test_an_item_past_30_days_is_neither_listed_nor_restorable(group, owner):
    """Between its 30th day and the purge, an item is already gone for the pages."""
    item = deleted_adventure(group, owner)
    DeletedItem.objects.filter(pk=item.pk).update(deleted_at=timezone.now() - 30 * DAY)
    client = client_for(owner)
    assert "Moonrise" not in text(client.get(reverse("groups:deleted", args=[group.pk])))
    url = reverse("groups:deleted-restore", args=[group.pk, item.pk])
    assert client.post(url).status_code == 404
    assert not Adventure.objects.exists()


@pytest.mark.django_db
def test_restoring_twice_is_refused_clearly(group, owner):
    item = deleted_adventure(group, owner)
    client = client_for(owner)
    url = reverse("groups:deleted-restore", args=[group.pk, item.pk])
    first = client.post(url)
    restored = Adventure.objects.get()
    assert first.url == restored.get_absolute_url()
    again = client.post(url, follow=True)
    expected = deleted.ALREADY_RESTORED % {"who": owner.username}
    assert str(expected) in text(again)
    assert Adventure.objects.count() == 1
    listing = text(client.get(reverse("groups:deleted", args=[group.pk])))
    assert "Moonrise" not in listing


@pytest.mark.django_db
def test_another_groups_deleted_items_are_not_found(group, owner):
    item = deleted_adventure(group, owner)
    stranger = MembershipFactory(role=Role.OWNER)
    client = client_for(stranger.user)
    assert client.get(reverse("groups:deleted", args=[group.pk])).status_code == 404
    own_group = stranger.group_id
    for group_id in (group.pk, own_group):
        url = reverse("groups:deleted-restore", args=[group_id, item.pk])
        assert client.post(url).status_code == 404
    assert "Moonrise" not in text(client.get(reverse("groups:deleted", args=[own_group])))
    assert not Adventure.objects.exists()
    item.refresh_from_db()
    assert item.restored_at is None


@pytest.mark.django_db
def test_the_list_says_what_who_when_and_days_left(group, owner, viewer):
    deleted_adventure(group, owner)
    page = text(client_for(viewer).get(reverse("groups:deleted", args=[group.pk])))
    assert "Adventure: Moonrise" in page
    assert f"Deleted by {owner.username} on " in page
    assert "30 days left" in page
    assert "Restore" not in page  # a viewer reads only


@pytest.mark.django_db(transaction=True)
def test_two_restores_at_once_restore_one_adventure(group, owner):
    """Two owners press Restore at the same moment (threads on their own connections, SQLite or
    PostgreSQL): one adventure comes back, the other restore is told it was restored already."""
    item = deleted_adventure(group, owner)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def restore() -> None:
        try:
            barrier.wait()
            deleted.restore(item=DeletedItem.objects.get(pk=item.pk), by=owner)
            outcomes.append("restored")
        except deleted.RestoreRefused as error:
            outcomes.append(str(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=restore) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    refused = str(deleted.ALREADY_RESTORED % {"who": owner.username})
    assert sorted(outcomes) == sorted(["restored", refused])
    assert Adventure.objects.filter(group=group).count() == 1
    assert Adventure.objects.get(group=group).attempts.count() == 1


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.celery
def test_a_real_worker_runs_the_daily_purge(postgres, celery_worker, group, owner, settings):
    """The beat job's task, by name, on a real worker (PostgreSQL, Redis)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False  # as with a broker: only beat purges
    old = deleted_adventure(group, owner)
    DeletedItem.objects.filter(pk=old.pk).update(deleted_at=timezone.now() - 31 * DAY)
    fresh = deleted_adventure(group, owner)
    assert celery_worker.send_task("groups.purge_deleted").get(120) == 1
    assert list(DeletedItem.objects.values_list("pk", flat=True)) == [fresh.pk]
