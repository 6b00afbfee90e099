"""What a group deleted stays restorable for ``KEEP_DAYS`` (``docs/deleting.md``).

The app that deletes an adventure or a play writes its copy here (``keep``) in the transaction
that deletes the rows, and names in ``settings.DELETED_ITEM_RESTORERS`` the function that builds
it again from that copy. ``restore`` first claims the item with one conditional update, so of two
restores at once exactly one goes on (the other waits for it on PostgreSQL, or for the write lock
on SQLite, and then finds it claimed); a restorer that refuses rolls the claim back with
everything else. ``purge`` drops what is older than ``KEEP_DAYS`` (a daily beat job).
"""

from __future__ import annotations

import datetime
import math
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

from accounts.actors import stored_actor
from accounts.texts import Text
from groups.models import DeletedItem, Group
from web.answered import when_answered

KEEP_DAYS = 30
KEEP = datetime.timedelta(days=KEEP_DAYS)
ALREADY_RESTORED = _("This was already restored by %(who)s: it is back where it was.")
SOMEONE = _("someone")


class RestoreRefused(Exception):
    """A restore that cannot be done (said in the reader's language); nothing was saved."""


def keep(*, group: Group, kind: str, what: Text, data: dict[str, Any], by: Any) -> DeletedItem:
    """Keep the copy of something deleted, in the caller's transaction."""
    item = DeletedItem.objects.create(
        group=group,
        kind=kind,
        what=what,
        data=data,
        deleted_by=stored_actor(by),
        deleted_by_name=getattr(by, "username", "") or "—",
        deleted_at=timezone.now(),
    )
    if settings.CELERY_TASK_ALWAYS_EAGER:  # no beat: purge in-process, after the response
        transaction.on_commit(lambda: when_answered(purge_expired, KEEP_DAYS))
    return item


def kept(group_id: int, *, now: datetime.datetime | None = None) -> QuerySet[DeletedItem]:
    """The group's deleted items younger than ``KEEP_DAYS``, the newest first; those not
    ``restored_at`` yet can be restored."""
    cutoff = (now or timezone.now()) - KEEP
    items = DeletedItem.objects.filter(group_id=group_id, deleted_at__gt=cutoff)
    return items.select_related("group")


def days_left(item: DeletedItem, *, now: datetime.datetime | None = None) -> int:
    """Days until the item is purged, the day under way counted: 30 just after the deletion,
    1 on its last day."""
    left = item.deleted_at + KEEP - (now or timezone.now())
    return max(0, math.ceil(left / datetime.timedelta(days=1)))


@transaction.atomic
def restore(*, item: DeletedItem, by: Any) -> Any:
    """Build the item again through its app's restorer; returns what it built. Refused
    (``RestoreRefused``) when it was restored already or its restorer refuses."""
    claimed = DeletedItem.objects.filter(pk=item.pk, restored_at__isnull=True).update(
        restored_at=timezone.now(), restored_by=stored_actor(by)
    )
    if not claimed:
        item.refresh_from_db()
        who = item.restored_by.username if item.restored_by else SOMEONE
        raise RestoreRefused(ALREADY_RESTORED % {"who": who})
    restorer = import_string(settings.DELETED_ITEM_RESTORERS[item.kind])
    return restorer(group=item.group, data=item.data, by=by)


def purge(*, now: datetime.datetime | None = None) -> int:
    """Forget every item deleted more than ``KEEP_DAYS`` ago; how many went."""
    cutoff = (now or timezone.now()) - KEEP
    count, _by_model = DeletedItem.objects.filter(deleted_at__lte=cutoff).delete()
    return count


def purge_expired(_days: object) -> None:
    """``purge``, as ``web.answered`` runs work after a response."""
    purge()
