"""Nightly backups of each group, and restoring one into a new group (``docs/formats/backup.md``).

A backup is one gzip-compressed JSON document: the group's adventures in ``questlog-adventure/1``
(``campaign.exchange``), its play log as a BG Stats export (``games.playlog``), its people and
its members. It is written through the "backups" storage (``settings.STORAGES``) and recorded as
a ``groups.models.Backup``; a group whose document hashes as its last backup's is not backed up
again. Each group is backed up on its own: one that fails is recorded as failed (shown to its
owners and counted by ``/healthz``) and the next group goes on. Beat runs the nightly job; with no
broker, the first response after its time runs it in-process (``run_nightly_when_due``).
"""

from __future__ import annotations

import datetime
import gzip
import hashlib
import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.core.signals import request_finished
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign import exchange, services
from games import bgstats, playlog
from games.models import Person, Play, PlaySource
from groups.models import Backup, BackupStatus, Group, Membership, Role
from groups.retention import backups_to_keep
from groups.services import create_group
from web.answered import when_answered

logger = logging.getLogger(__name__)

FORMAT = "questlog-backup/1"
STORAGE = "backups"
UTC = ZoneInfo("UTC")
# What a backup holds, in the order the pages list it.
COUNTS = ("adventures", "attempts", "plays", "people", "members")
MAX_GROUP_NAME = 80

NOT_A_BACKUP = _("This file is not a Questlog backup (format %(format)s).")
UNREADABLE = _("The backup file cannot be read: %(problem)s")
ADVENTURES_REFUSED = _("The backup's adventures cannot be restored: %(problem)s")
PLAYS_REFUSED = _("The backup's play log cannot be restored: %(problem)s")
RESTORED_NAME = _("%(name)s (restored %(date)s)")


class BackupError(ValueError):
    """A backup that cannot be restored as it is; ``str()`` is for people."""


# --- Writing ----------------------------------------------------------------------------------


def backup_document(group: Group, *, created_at: datetime.datetime) -> dict[str, Any]:
    """The group as a backup holds it. Only ``created_at`` and the adventures' ``exported_at``
    say when it was made (``digest`` leaves them out); the play log dates what Questlog made
    with the group's creation, so an unchanged group gives the same document."""
    adventures = group.adventures.select_related("content_pack", "created_by")
    plays = playlog.export_plays(group=group, tz=UTC, exported_at=group.created_at)
    campaign_uuids = Play.objects.filter(group=group, source=PlaySource.CAMPAIGN).values_list(
        "uuid", "bgstats"
    )
    members = group.memberships.select_related("user").order_by("joined_at", "pk")
    people = Person.rows.filter(group=group).select_related("user").order_by("pk")
    return {
        "format": FORMAT,
        "created_at": created_at.isoformat(),
        "group": {"name": group.name, "created_at": group.created_at.isoformat()},
        "members": [
            {"username": m.user.username, "role": m.role, "joined_at": m.joined_at.isoformat()}
            for m in members
        ],
        "people": [
            {
                "name": p.name,
                "username": p.user.username if p.user else None,
                "anonymous": p.anonymous,
                "bgstats": p.bgstats,
            }
            for p in people
        ],
        "adventures": exchange.export_document(
            list(adventures.order_by("created_at", "pk")), group_name=group.name
        ),
        "plays": plays,
        # The play log's plays that are mission attempts: a restore makes them from the
        # adventures again, not from the play log.
        "campaign_plays": sorted(
            raw.get("uuid") or bgstats.new_uuid(str(uuid)) for uuid, raw in campaign_uuids
        ),
    }


def digest(document: dict[str, Any]) -> str:
    """The hash of what a backup holds, whenever it was made."""
    content = {key: value for key, value in document.items() if key != "created_at"}
    content["adventures"] = {
        key: value for key, value in document["adventures"].items() if key != "exported_at"
    }
    text = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def counts(document: dict[str, Any]) -> dict[str, int]:
    adventures = document["adventures"]["adventures"]
    return {
        "adventures": len(adventures),
        "attempts": sum(len(a["attempts"]) for a in adventures),
        "plays": len(document["plays"].get("plays", [])),
        "people": sum(1 for p in document["people"] if not p["anonymous"]),
        "members": len(document["members"]),
    }


def file_name(group_id: int, created_at: datetime.datetime, hashed: str) -> str:
    return f"group-{group_id}/{created_at:%Y-%m-%dT%H%M%S}-{hashed[:12]}.json.gz"


def backup_group(*, group_id: int, now: datetime.datetime | None = None) -> Backup | None:
    """Back the group up unless nothing changed since its last backup (then ``None``); a file
    the storage refuses raises, and nothing is recorded. The document is built first; the
    comparison with the last backup, the write and the record happen with the group's row
    locked (``select_for_update``), so two runs at once write one backup."""
    now = now or timezone.now()
    group = Group.objects.get(pk=group_id)
    document = backup_document(group, created_at=now)
    hashed = digest(document)
    with transaction.atomic():
        Group.objects.select_for_update().get(pk=group_id)
        last = group.backups.filter(status=BackupStatus.DONE).first()
        if last is not None and last.digest == hashed:
            return None
        data = gzip.compress(json.dumps(document, ensure_ascii=False).encode(), mtime=0)
        name = storages[STORAGE].save(file_name(group.pk, now, hashed), ContentFile(data))
        backup = Backup.objects.create(
            group=group,
            created_at=now,
            storage_name=name,
            size=len(data),
            digest=hashed,
            counts=counts(document),
        )
        prune(group_id=group.pk)
    return backup


def prune(*, group_id: int) -> int:
    """Delete the backups ``backups_to_keep`` does not keep (file and record), and the failures
    older than the newest backup; how many records went."""
    done = list(Backup.objects.filter(group_id=group_id, status=BackupStatus.DONE))
    keep = backups_to_keep(b.created_at.astimezone(UTC) for b in done)
    gone = [b for b in done if b.created_at.astimezone(UTC) not in keep]
    storage = storages[STORAGE]
    for backup in gone:
        storage.delete(backup.storage_name)
    removed = Backup.objects.filter(pk__in=[b.pk for b in gone]).delete()[0]
    if done:
        newest = max(b.created_at for b in done)
        failed = Backup.objects.filter(
            group_id=group_id, status=BackupStatus.FAILED, created_at__lt=newest
        )
        removed += failed.delete()[0]
    return removed


@dataclass
class Nightly:
    """What a nightly run did, by group id."""

    backed_up: list[int] = field(default_factory=list)
    unchanged: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)


def backup_all_groups(*, now: datetime.datetime | None = None) -> Nightly:
    """The nightly job: each group backed up on its own, a failure recorded and the next group
    backed up all the same."""
    now = now or timezone.now()
    run = Nightly()
    for group_id in Group.objects.order_by("pk").values_list("pk", flat=True):
        try:
            backup = backup_group(group_id=group_id, now=now)
        except Group.DoesNotExist:
            continue  # deleted meanwhile
        except Exception as error:
            logger.exception("the backup of group %s failed", group_id)
            record_failure(group_id, now, error)
            run.failed.append(group_id)
            continue
        (run.backed_up if backup is not None else run.unchanged).append(group_id)
    return run


def record_failure(group_id: int, now: datetime.datetime, error: Exception) -> None:
    """The failure, for the group's owners and ``/healthz``; the error is for the log."""
    try:
        Backup.objects.create(
            group_id=group_id,
            created_at=now,
            status=BackupStatus.FAILED,
            error=f"{type(error).__name__}: {error}"[:300],
        )
    except Exception:  # the database itself failed: the log has it, the next group goes on
        logger.exception("could not record the failed backup of group %s", group_id)


def backup_health() -> dict[str, object]:
    """For ``/healthz``: how many groups' last backup failed. Reads only the failed rows (few:
    ``prune`` drops them once a backup succeeds; a partial index holds them)."""
    later = Backup.objects.filter(
        group=OuterRef("group"), created_at__gt=OuterRef("created_at"), status=BackupStatus.DONE
    )
    failing = (
        Backup.objects.filter(status=BackupStatus.FAILED)
        .exclude(Exists(later))
        .values("group")
        .distinct()
        .count()
    )
    return {"state": "degraded" if failing else "ok", "failed_groups": failing}


# --- In-process on the embedded default -----------------------------------------------------------


def last_scheduled(now: datetime.datetime) -> datetime.datetime:
    """The latest nightly time at or before ``now`` (``BACKUP_HOUR``:``BACKUP_MINUTE`` UTC)."""
    at = now.astimezone(UTC).replace(
        hour=settings.BACKUP_HOUR, minute=settings.BACKUP_MINUTE, second=0, microsecond=0
    )
    return at if at <= now else at - datetime.timedelta(days=1)


class NightlyClock:
    """When this process last ran the nightly job; first read from the newest backup."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last_run: datetime.datetime | None = None
        self.known = False

    def claim(self, now: datetime.datetime) -> bool:
        """Whether a run is due now; if so, it is this caller's (it counts as run)."""
        with self.lock:
            if not self.known:
                newest = Backup.objects.order_by("-created_at").first()
                self.last_run = newest.created_at if newest is not None else None
                self.known = True
            if self.last_run is not None and self.last_run >= last_scheduled(now):
                return False
            self.last_run = now
            return True


CLOCK = NightlyClock()


def run_nightly_when_due(sender: Any = None, **kwargs: Any) -> None:
    """After a response, with no broker (``CELERY_TASK_ALWAYS_EAGER``): the nightly job once its
    time has passed (``BACKUP_IN_PROCESS`` turns this off)."""
    if not (settings.CELERY_TASK_ALWAYS_EAGER and settings.BACKUP_IN_PROCESS):
        return
    if CLOCK.claim(timezone.now()):
        when_answered(run_nightly, "backups")


def run_nightly(_key: object) -> None:
    from campaign.tasks import backup_groups

    backup_groups.delay()


def connect() -> None:
    request_finished.connect(run_nightly_when_due, dispatch_uid="campaign-nightly-backups")


# --- Reading and restoring --------------------------------------------------------------------


def read_backup(backup: Backup) -> dict[str, Any]:
    """The backup's document; ``BackupError`` if its file is gone or is not one."""
    try:
        with storages[STORAGE].open(backup.storage_name, "rb") as stored:
            data = json.loads(gzip.decompress(stored.read()))
    except (OSError, EOFError, ValueError) as error:
        raise BackupError(UNREADABLE % {"problem": type(error).__name__}) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        got = data.get("format") if isinstance(data, dict) else None
        raise BackupError(NOT_A_BACKUP % {"format": repr(str(got)[:40])})
    return data


@dataclass(frozen=True)
class Restorable:
    """A backup checked as an import checks a file: what the new group would hold."""

    document: dict[str, Any]
    adventures: list[exchange.ImportedAdventure]
    plays: bgstats.Export
    counts: dict[str, int]


def check_backup(document: dict[str, Any]) -> Restorable:
    """The same refusals as the imports (``exchange.parse_document``, ``bgstats.parse_export``),
    each as a ``BackupError``; without the database."""
    try:
        adventures = exchange.parse_document(document.get("adventures"))
    except exchange.ExchangeError as error:
        raise BackupError(ADVENTURES_REFUSED % {"problem": error}) from None
    try:
        plays = bgstats.parse_export(json.dumps(document.get("plays"), ensure_ascii=False))
    except bgstats.BGStatsError as error:
        raise BackupError(PLAYS_REFUSED % {"problem": error}) from None
    try:
        found = counts(document)
        # what restore_backup reads of the group, its members and its people is there
        str(document["group"]["name"])
        [(m["username"], m["role"]) for m in document["members"]]
        [(p["name"], p["username"], p["anonymous"], p["bgstats"]) for p in document["people"]]
    except (KeyError, TypeError, AttributeError) as error:
        raise BackupError(UNREADABLE % {"problem": type(error).__name__}) from None
    return Restorable(document=document, adventures=adventures, plays=plays, counts=found)


def restored_name(document: dict[str, Any], today: datetime.date) -> str:
    name = str(document["group"]["name"])
    return str(RESTORED_NAME % {"name": name, "date": today.isoformat()})[:MAX_GROUP_NAME]


@transaction.atomic
def restore_backup(*, restorable: Restorable, by: Any) -> Group:
    """A new group holding the backup, owned by ``by``: its members (the accounts that still
    exist, with their roles), its people, its adventures replayed, and its play log but the
    mission attempts (the adventures make those again). All of it or nothing."""
    document = restorable.document
    group = create_group(name=restored_name(document, timezone.localdate()), owner=by)
    users = get_user_model().objects.in_bulk(
        [m["username"] for m in document["members"]] + [p["username"] for p in document["people"]],
        field_name="username",
    )
    Membership.objects.bulk_create(
        Membership(group=group, user=users[m["username"]], role=m["role"])
        for m in document["members"]
        if m["username"] in users and users[m["username"]].pk != by.pk and m["role"] in Role.values
    )
    members = set(group.memberships.values_list("user_id", flat=True))
    people = Person.rows.bulk_create(
        Person(
            group=group,
            name=p["name"],
            user=user if (user := users.get(p["username"] or "")) and user.pk in members else None,
            anonymous=p["anonymous"],
            bgstats=p["bgstats"],
        )
        for p in document["people"]
    )
    services.import_adventures(group=group, adventures=restorable.adventures, by=by)
    by_name = {p.name.lower(): p.pk for p in people if not p.anonymous}
    skip = {playlog.play_uuid(u) for u in document.get("campaign_plays", [])}
    plays = bgstats.Export(
        games=restorable.plays.games,
        players=restorable.plays.players,
        locations=restorable.plays.locations,
        plays=tuple(p for p in restorable.plays.plays if playlog.play_uuid(p.uuid) not in skip),
        location_rows=restorable.plays.location_rows,
        top=restorable.plays.top,
    )
    matching = {
        str(ref): f"person:{by_name[player.name.lower()]}"
        for ref, player in plays.players.items()
        if player.name.lower() in by_name
    }
    playlog.import_export(group=group, export=plays, matching=matching, tz=UTC, by=by)
    return group
