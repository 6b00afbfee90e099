"""Deleting an adventure, and restoring it within 30 days (``docs/deleting.md``).

The copy kept is the adventure's ``questlog-adventure/1`` export (``campaign.exchange``) and who
had revealed which spoilers; restoring reads it back through the import (validated as any import,
replayed to exactly its state). An open table of the adventure is kept in progress in the copy,
and its devices are told the game is gone.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.texts import verbatim
from campaign import exchange, services
from campaign.models import (
    Adventure,
    AttemptStatus,
    AuditEntry,
    RevealedSpoiler,
    StatisticsOutbox,
)
from campaign.table import events as table_events
from games.attempt_plays import sync_attempt_plays
from groups import deleted
from groups.models import DeletedItem, DeletedKind, Group

NOT_RESTORABLE = _("This copy cannot be restored: %(problem)s")


@transaction.atomic
def delete_adventure(*, adventure: Adventure, by: Any) -> DeletedItem:
    """Keep the adventure's copy, then delete it with its plays in the play log, in one
    transaction that holds the adventure's lock (a write racing it waits, then finds it gone).
    The group's statistics recompute (an outbox row); an open table's devices hear ``gone``."""
    adventure = services.locked(adventure)
    table = adventure.attempts.filter(status=AttemptStatus.OPEN, setup__isnull=False).first()
    revealed = RevealedSpoiler.objects.filter(adventure=adventure).select_related("user")
    item = deleted.keep(
        group=adventure.group,
        kind=DeletedKind.ADVENTURE,
        what=verbatim(adventure.name),
        data={
            "document": exchange.export_document([adventure], group_name=adventure.group.name),
            "revealed": [
                {"user": r.user.username, "key": r.key, "created_at": r.created_at.isoformat()}
                for r in revealed.order_by("pk")
            ],
            # the audit entries' details as stored texts, in the export's order (the format
            # writes them in English)
            "audit_details": list(
                adventure.audit.order_by("at", "pk").values_list("details", flat=True)
            ),
            # what the table announces as its last change (not part of the format)
            "last_change": {
                str(number): change
                for number, change in adventure.attempts.exclude(last_change={}).values_list(
                    "number", "last_change"
                )
            },
        },
        by=by,
    )
    group_id = adventure.group_id
    sync_attempt_plays(adventure=adventure, attempts=[])  # its attempts leave the play log
    adventure.delete()
    StatisticsOutbox.objects.create(group_id=group_id)
    if table is not None:
        table_events.LIVE.gone(table.pk)
    return item


@transaction.atomic
def restore_adventure(*, group: Group, data: dict[str, Any], by: Any) -> Adventure:
    """Import the kept copy into ``group`` again, with the spoilers each member had revealed,
    the audit trail's details in each reader's language and the table's last change of each
    attempt."""
    try:
        [imported] = exchange.parse_document(data["document"])
    except (exchange.ExchangeError, KeyError, TypeError, ValueError) as error:
        raise deleted.RestoreRefused(NOT_RESTORABLE % {"problem": error}) from None
    [adventure] = services.import_adventures(
        group=group, adventures=[imported], by=by, restored=True
    )
    # The file's audit entries were written first, in its order; the restore's own entry last.
    kept = adventure.audit.order_by("pk")[: len(data.get("audit_details") or [])]
    for entry, details in zip(kept, data.get("audit_details") or [], strict=False):
        AuditEntry.objects.filter(pk=entry.pk).update(details=details)
    for number, change in (data.get("last_change") or {}).items():
        adventure.attempts.filter(number=int(number)).update(last_change=change)
    members = {m.user.username: m.user for m in group.memberships.select_related("user")}
    for kept in data.get("revealed") or []:
        user = members.get(kept.get("user"))
        if user is not None:  # a member who left meanwhile reveals nothing
            row = RevealedSpoiler.objects.create(user=user, adventure=adventure, key=kept["key"])
            services.keep_created_at(row, kept.get("created_at"))
    return adventure
