"""The table's side of the server push (``web.live``): its channel, its *stamp* (the event:
each device then fetches its own view through the membership-scoped page), and the signals that
publish "this table changed" and "this member was removed"."""

from __future__ import annotations

import hashlib
from typing import Any

from web.live import GONE, game_channel, member_channel, publish

# The attempt's columns ``stamp`` reads (with those a table's URL finds it by): all a fetch served
# from the shared drawing loads.
STAMP_FIELDS = ("adventure_id", "number", "version", "status", "failure_reason", "updated_at")


def table_channel(attempt_id: int) -> str:
    return game_channel("table", attempt_id)


def stamp(attempt: Any) -> str:
    """What changes with every write of an attempt: its version, and a digest of its result and
    the time its row was saved (a result or a correction saves the row without a move)."""
    saved = attempt.updated_at.timestamp() if attempt.updated_at else 0
    seen = f"{attempt.status}|{attempt.failure_reason}|{saved:.6f}".encode()
    return f"{attempt.version}-{hashlib.blake2b(seen, digest_size=4).hexdigest()}"


def on_attempt_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    publish(table_channel(instance.pk), stamp(instance))


def on_membership_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    publish(member_channel(instance.group_id, instance.user_id), GONE)


def connect() -> None:
    """Every save of an attempt (a move, an undo, a result, a correction) and every removed
    membership sends its event (``CampaignConfig.ready``)."""
    from django.db.models.signals import post_delete, post_save

    from campaign.models import MissionAttempt
    from groups.models import Membership

    post_save.connect(on_attempt_saved, sender=MissionAttempt, dispatch_uid="table-live")
    post_delete.connect(on_membership_deleted, sender=Membership, dispatch_uid="table-live")
