"""A deleted play stays restorable for 30 days (docs/deleting.md): restored, it is the play it
was (game, date, players, scores, what BG Stats brought in); a play whose game or player went
meanwhile is refused with nothing saved; the statistics recompute after each."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import bgstats, forms, playlog
from games.models import CatalogGame, Person, Play, PlayAudit, PlayerResult, PlayStatsSnapshot
from groups import deleted
from groups.models import DeletedItem
from tests.games.playlog_helpers import export_text
from tests.support.pages import text

pytestmark = pytest.mark.django_db

PLAY_COLUMNS = [f.name for f in Play._meta.concrete_fields if f.name not in {"id", "updated_at"}]
LINE_COLUMNS = [f.name for f in PlayerResult._meta.concrete_fields if f.name not in {"id", "play"}]


def play_rows(play: Play) -> dict[str, Any]:
    return {
        "play": Play.objects.filter(pk=play.pk).values(*PLAY_COLUMNS).get(),
        "lines": list(
            PlayerResult.objects.filter(play=play).order_by("seat").values(*LINE_COLUMNS)
        ),
    }


def imported_play(group: Any) -> Play:
    """A play of the BG Stats fixture that kept fields of the file, on the play and its lines."""
    playlog.import_export(
        group=group, export=bgstats.parse_export(export_text()), matching={},
        tz=forms.zone("UTC"), by=None,
    )  # fmt: skip
    plays = Play.objects.filter(group=group).exclude(bgstats={})
    return next(p for p in plays if p.results.exclude(bgstats={}).count() >= 2)


def logged_play(group: Any, by: Any, *names: str) -> Play:
    game = CatalogGame.objects.create(group=group, name="Fjord Ferries")
    lines = [playlog.LineData(name=name, score=Decimal(n), score_text=str(n)) for n, name in
             enumerate(names, 10)]  # fmt: skip
    data = playlog.PlayData(
        game=game, played_at=datetime.datetime(2025, 2, 1, 19, 30, tzinfo=datetime.UTC),
        lines=lines, location="Clube", note="close game",
    )  # fmt: skip
    return playlog.log_play(group=group, data=data, by=by)


def test_a_deleted_play_restored_is_identical_to_before(group, player):
    """Same game, uuid, date, players, scores (the expression typed too), winner, start player,
    teams, and what the BG Stats file brought in that no column holds; statistics go stale."""
    play = imported_play(group)
    before = play_rows(play)
    playlog.delete_play(play=play, by=player)
    assert not Play.objects.filter(pk=play.pk).exists()
    PlayStatsSnapshot.objects.filter(group=group).update(stale=False)

    restored = deleted.restore(item=DeletedItem.objects.get(), by=player)
    assert restored.pk != play.pk
    assert play_rows(restored) == before
    assert PlayStatsSnapshot.objects.get(group=group).stale
    entry = PlayAudit.objects.filter(play=restored).get()
    assert entry.summary.startswith("Restored after it was deleted: ")


def test_a_play_whose_game_was_deleted_meanwhile_is_refused(group, player):
    play = logged_play(group, player, "Ana", "Bea")
    playlog.delete_play(play=play, by=player)
    CatalogGame.objects.filter(name="Fjord Ferries").delete()
    item = DeletedItem.objects.get()
    with pytest.raises(deleted.RestoreRefused) as refused:
        deleted.restore(item=item, by=player)
    assert str(refused.value) == str(playlog.GAME_GONE % {"game": "Fjord Ferries"})
    item.refresh_from_db()
    assert item.restored_at is None  # the claim rolled back with the rest
    assert not Play.objects.filter(group=group).exists()


def test_a_play_whose_player_was_deleted_meanwhile_is_refused_on_its_page(group, player):
    play = logged_play(group, player, "Ana", "Zed")
    playlog.delete_play(play=play, by=player)
    Person.objects.filter(group=group, name="Zed").delete()
    item = DeletedItem.objects.get()
    client = Client()
    client.force_login(player)
    url = reverse("groups:deleted-restore", args=[group.pk, item.pk])
    reply = client.post(url, follow=True)
    assert str(playlog.PEOPLE_GONE % {"names": "Zed"}) in text(reply)
    assert not Play.objects.filter(group=group).exists()
    # Still listed: the person can be added again and the play restored then.
    listing = text(client.get(reverse("groups:deleted", args=[group.pk])))
    assert "Fjord Ferries" in listing


def test_the_play_delete_page_says_it_stays_restorable(group, player):
    play = logged_play(group, player, "Ana", "Bea")
    client = Client()
    client.force_login(player)
    url = reverse("games:delete", args=[group.pk, play.pk])
    assert "Recently deleted for 30 days" in text(client.get(url))
    reply = client.post(url, {"confirm": "1"}, follow=True)
    assert "It can be restored from Recently deleted for 30 days." in text(reply)
    listing = text(client.get(reverse("groups:deleted", args=[group.pk])))
    assert "Fjord Ferries" in listing
    assert "Deleted by " + player.username in listing
    assert "30 days left" in listing
