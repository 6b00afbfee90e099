"""Deleting an adventure keeps it restorable for 30 days (docs/deleting.md): restored, it is the
adventure it was, row by row; its plays and statistics leave and come back; an open table's
devices hear that it is gone; only owners delete and restore it."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.texts import text
from campaign import deleting, services
from campaign.models import (
    Adventure,
    AttemptMove,
    AttemptPlayer,
    AuditEntry,
    GainedComponent,
    ManualOverride,
    MissionAttempt,
    MoonPathBox,
    Note,
    OpenedEnvelope,
    PowerSpaceState,
    RevealedSpoiler,
    StatisticsOutbox,
)
from campaign.table import events as table_events
from games.models import Play, PlayStatsSnapshot
from groups import deleted
from groups.models import DeletedItem, Role
from stats import services as stats_services
from stats.models import Scope, StatsSnapshot
from tests.campaign.exchange_helpers import full_adventure
from tests.factories import AdventureFactory, MembershipFactory, log_attempt
from tests.support.pages import text as page_text
from web import live, seats

pytestmark = pytest.mark.django_db

# The rows of an adventure, each model with the columns that say what it is (``id`` and the
# adventure's foreign key aside: a restored adventure is a new row with the same content).
ATTEMPT_COLUMNS = [
    f.name
    for f in MissionAttempt._meta.concrete_fields
    if f.name not in {"id", "adventure", "updated_at"}
]
BELOW_ADVENTURE = {
    ManualOverride: ("after_attempt", "kind", "target", "reason", "created_by", "created_at"),
    MoonPathBox: ("box", "phase", "envelope", "checked_by_attempt"),
    OpenedEnvelope: ("envelope", "colour", "source", "by_attempt", "order"),
    PowerSpaceState: ("space", "unlocked", "placed_tile", "order"),
    GainedComponent: ("kind", "component", "order"),
}
ADVENTURE_COLUMNS = (
    "name", "group", "content_pack", "created_by", "created_at", "current_mission",
    "final_mission_completed", "red_envelope_opened", "night_mode", "holo_liana",
    "attempt_count", "moon_boxes_checked",
)  # fmt: skip


def adventure_rows(adventure: Adventure) -> dict[str, Any]:
    """Everything an adventure holds, object by object, in a stable order."""
    adventure = Adventure.objects.get(pk=adventure.pk)
    attempts = MissionAttempt.objects.filter(adventure=adventure).order_by("number")
    rows: dict[str, Any] = {
        "adventure": {name: getattr(adventure, name) for name in ADVENTURE_COLUMNS},
        "attempts": list(attempts.values(*ATTEMPT_COLUMNS)),
        "moves": list(
            AttemptMove.objects.filter(attempt__adventure=adventure)
            .order_by("attempt__number", "seq")
            .values(
                "attempt__number",
                "seq",
                "payload",
                "created_by",
                "created_at",
                "undone_at",
                "undone_by",
            )
        ),
        "notes": list(
            Note.objects.filter(attempt__adventure=adventure)
            .order_by("attempt__number", "created_at", "pk")
            .values(
                "attempt__number", "author", "author_name", "text", "code", "params", "created_at"
            )
        ),
        "seats": list(
            AttemptPlayer.objects.filter(attempt__adventure=adventure)
            .order_by("attempt__number", "seat")
            .values("attempt__number", "seat", "person")
        ),
        "revealed": sorted(
            RevealedSpoiler.objects.filter(adventure=adventure).values_list(
                "user", "key", "created_at"
            )
        ),
        "plays": list(
            Play.objects.filter(adventure_ref=adventure.pk)
            .order_by("attempt_number")
            .values("attempt_number", "game", "played_at", "group_won", "created_by")
        ),
        "play_lines": sorted(
            Play.objects.filter(adventure_ref=adventure.pk).values_list(
                "attempt_number", "results__seat", "results__person", "results__winner"
            )
        ),
    }
    for model, columns in BELOW_ADVENTURE.items():
        queryset = model.objects.filter(adventure=adventure)  # type: ignore[attr-defined]
        rows[model.__name__] = list(queryset.order_by(*columns).values(*columns))
    return rows


def audit_rows(adventure: Adventure) -> list[tuple[Any, ...]]:
    """The audit trail as stored (codes and parameters, read in each reader's language), and as
    a Catalan reader reads it, oldest first."""
    with translation.override("ca"):
        return [
            (e.actor_id, e.actor_name, e.at, e.action, e.code, e.params, e.details, e.summary,
             e.detail_lines)
            for e in AuditEntry.objects.filter(adventure=adventure).order_by("at", "pk")
        ]  # fmt: skip


@pytest.fixture
def rich(group, owner, player):
    """An adventure with every kind of row: overrides (an opened envelope), a success with a
    Power tile, a failure with the table's own note, a member's note, an attempt in progress at
    the table with moves (one undone) and its last change announced, revealed spoilers."""
    adventure = full_adventure(group, owner, player)
    failure = adventure.attempts.get(number=2)
    services.add_note(attempt=failure, author=owner, words=text("note:abandoned"))
    MissionAttempt.objects.filter(adventure=adventure, status="open").update(
        last_change=seats.change(seats.UNDO, player.username)
    )
    services.reveal_spoiler(user=player, adventure=adventure, key="envelope:B")
    services.reveal_spoiler(user=owner, adventure=adventure, key="mission:3")
    return Adventure.objects.get(pk=adventure.pk)


def test_a_deleted_adventure_restored_within_30_days_is_identical_to_before(rich, owner):
    """Every row comes back: the adventure's columns, each attempt with all its fields (the
    table's setup, state and version), the move log with the undone move, the notes (the app's
    note read from its code again), the corrections, the Moon Path, the opened envelopes, the
    Power spaces and components, the seats, the revealed spoilers and the attempts' plays."""
    before = adventure_rows(rich)
    audit_before = audit_rows(rich)
    assert before["moves"]
    assert before["notes"]
    assert before["revealed"]
    assert before["plays"]
    assert any(note["code"] for note in before["notes"])
    assert before["OpenedEnvelope"]
    assert any(attempt["last_change"] for attempt in before["attempts"])

    item = deleting.delete_adventure(adventure=rich, by=owner)
    assert not Adventure.objects.filter(pk=rich.pk).exists()
    assert not Play.objects.filter(adventure_ref=rich.pk).exists()

    restored = deleted.restore(item=DeletedItem.objects.get(pk=item.pk), by=owner)
    assert restored.pk != rich.pk
    assert adventure_rows(restored) == before
    audit_after = audit_rows(restored)
    assert audit_after[:-1] == audit_before
    assert audit_after[-1][4] == "adventure-restored"
    assert any(details for *_, details, _summary, _lines in audit_before)


def test_the_copy_is_taken_and_the_rows_go_in_one_transaction(rich, owner, monkeypatch):
    """A deletion that fails half way deletes nothing and keeps no copy."""

    def broken(**kwargs: Any) -> None:
        raise RuntimeError("storage failed")

    monkeypatch.setattr(deleting, "sync_attempt_plays", broken)
    with pytest.raises(RuntimeError):
        deleting.delete_adventure(adventure=rich, by=owner)
    assert Adventure.objects.filter(pk=rich.pk).exists()
    assert not DeletedItem.objects.exists()


def test_statistics_leave_with_the_adventure_and_come_back_with_it(rich, owner, group):
    """Deleting writes the group's statistics outbox row and marks its play statistics stale;
    the recompute then counts no attempt of it, and after the restore the same numbers again."""
    stats_services.drain_outbox()
    totals = StatsSnapshot.objects.get(scope=Scope.GROUP, scope_id=group.pk).data["totals"]
    assert totals["attempts"] == 2

    item = deleting.delete_adventure(adventure=rich, by=owner)
    assert StatisticsOutbox.objects.filter(group=group, processed_at__isnull=True).exists()
    assert PlayStatsSnapshot.objects.get(group=group).stale
    stats_services.drain_outbox()
    gone = StatsSnapshot.objects.get(scope=Scope.GROUP, scope_id=group.pk).data["totals"]
    assert gone["attempts"] == 0

    PlayStatsSnapshot.objects.filter(group=group).update(stale=False)
    deleted.restore(item=item, by=owner)
    assert PlayStatsSnapshot.objects.get(group=group).stale
    stats_services.drain_outbox()
    back = StatsSnapshot.objects.get(scope=Scope.GROUP, scope_id=group.pk).data["totals"]
    assert back == totals


def test_an_open_tables_devices_hear_that_it_is_gone(rich, owner, monkeypatch):
    """The table's channel gets ``gone`` once the deletion commits; a stream that hears it ends
    with the ``gone`` event its page stops on."""
    published: list[tuple[str, str]] = []
    monkeypatch.setattr(live, "publish", lambda *event: published.append(event))
    table = rich.attempts.get(status="open")
    deleting.delete_adventure(adventure=rich, by=owner)
    assert (table_events.table_channel(table.pk), live.GONE) in published


def test_a_stream_ends_with_gone_when_its_game_is_deleted(settings, rich):
    """``event_lines`` answers the game channel's ``gone`` with the ``gone`` event and stops."""
    import asyncio

    class AtOneStamp(live.LiveGame):
        def current(self, group_id: int, game_id: int) -> str | None:
            return "1-abc"

    game = AtOneStamp(kind="table", games=lambda group_id: None, fields=())
    channel = game.channel(1)
    viewer = live.Viewer(request=None, group_id=rich.group_id, user_id=0, plays=True, language="en")

    async def lines() -> list[bytes]:
        heard: list[bytes] = []
        stream = live.event_lines(game, 1, viewer)
        async for line in stream:
            heard.append(line)
            if line.startswith(b"event: changed"):
                live.publish_now(channel, live.GONE)
        return heard

    settings.REDIS_URL = ""
    settings.LIVE_HEARTBEAT_SECONDS = 5
    heard = asyncio.run(asyncio.wait_for(lines(), 5))
    assert heard[-1] == live.GONE_LINES


# --- The pages ---------------------------------------------------------------------------------


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_confirmation_page_says_what_goes_and_for_how_long(rich, owner):
    url = reverse("campaign:delete", args=[rich.group_id, rich.pk])
    page = client_for(owner).get(url)
    assert page.status_code == 200
    words = page_text(page)
    notes = Note.objects.filter(attempt__adventure=rich).count()
    assert f"its 3 attempts with their moves and notes ({notes} in all)" in words
    assert "the table closes on every device" in words
    assert "Recently deleted for 30 days" in words
    # A POST without ``confirm`` shows the page again and deletes nothing.
    assert client_for(owner).post(url).status_code == 200
    assert Adventure.objects.filter(pk=rich.pk).exists()


def test_owners_delete_and_restore_players_and_viewers_cannot(rich, owner, player, viewer):
    """Deleting an adventure removes what every member logged, so only an owner may, as deleting
    the group; restoring it back is the owners' too."""
    url = reverse("campaign:delete", args=[rich.group_id, rich.pk])
    for user in (player, viewer):
        assert client_for(user).get(url).status_code == 403
        assert client_for(user).post(url, {"confirm": "1"}).status_code == 403
    assert Adventure.objects.filter(pk=rich.pk).exists()

    reply = client_for(owner).post(url, {"confirm": "1"})
    assert reply.status_code == 302
    assert not Adventure.objects.filter(pk=rich.pk).exists()
    item = DeletedItem.objects.get()

    listing = reverse("groups:deleted", args=[rich.group_id])
    shown = page_text(client_for(player).get(listing))
    assert rich.name in shown
    assert "Restore" not in shown
    restore = reverse("groups:deleted-restore", args=[rich.group_id, item.pk])
    assert client_for(player).post(restore).status_code == 403
    assert client_for(viewer).post(restore).status_code == 403
    assert not Adventure.objects.filter(group=rich.group_id).exists()
    reply = client_for(owner).post(restore)
    assert reply.status_code == 302
    assert Adventure.objects.get(group=rich.group_id).name == rich.name


@pytest.mark.django_db(transaction=True)
def test_two_owners_deleting_at_once_keep_one_copy(group, owner):
    """Both confirm at the same moment (threads, SQLite or PostgreSQL): no server error, the
    adventure is gone, and Recently deleted holds it once."""
    second = MembershipFactory(group=group, role=Role.OWNER).user
    adventure = AdventureFactory(group=group, by=owner)
    log_attempt(adventure, by=owner)
    url = reverse("campaign:delete", args=[group.pk, adventure.pk])
    clients = [client_for(owner), client_for(second)]
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def confirm(client: Client) -> None:
        try:
            barrier.wait()
            statuses.append(client.post(url, {"confirm": "1"}).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(statuses) == 2
    assert all(status in {302, 404} for status in statuses), statuses
    assert not Adventure.objects.filter(pk=adventure.pk).exists()
    assert DeletedItem.objects.filter(group=group).count() == 1
