"""Pages of the Bonfire turn helper: scoped to the group, refusals shown, nothing half-saved."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games import bonfire_helper
from games.bonfire_screen import REFUSALS
from games.content.bonfire import default_content
from games.models import BonfirePlay, BonfireSeat
from games.rules.bonfire import CODES
from tests.support.pages import text


@pytest.fixture
def game(group, owner):
    return bonfire_helper.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


def seat_url(game, name, view="seat"):
    seat = BonfireSeat.objects.get(play=game, name=name)
    return reverse(f"bonfire:{view}", args=[game.group_id, game.pk, seat.pk])


def test_every_engine_code_has_a_headline() -> None:
    assert set(REFUSALS) == set(CODES)


def test_games_page_and_start(client, group, owner) -> None:
    client.force_login(owner)
    url = reverse("bonfire:games", args=[group.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "sample content" in text(page)
    content = json.dumps(default_content())
    done = client.post(url, {"name": "Friday", "players": "Ana\nBen", "content": content})
    game = BonfirePlay.objects.get(group=group)
    assert done.status_code == 302
    assert done["Location"] == reverse("bonfire:play", args=[group.pk, game.pk])
    assert "Ana" in text(client.get(done["Location"]))


@pytest.mark.parametrize(
    ("players", "content", "message"),
    [
        ("", "{}", "This field is required."),
        ("Ana\nAna", None, "Each player needs a different name."),
        ("Ana", "{", "The content is not valid JSON"),
        (
            "Ana",
            '{"colours": []}',
            "The content breaks a rule of the format: content.resources: missing",
        ),
    ],
)
def test_start_refusals(client, group, owner, players, content, message) -> None:
    client.force_login(owner)
    data = {"name": "x", "players": players, "content": content or json.dumps(default_content())}
    page = client.post(reverse("bonfire:games", args=[group.pk]), data)
    assert page.status_code == 400
    assert message in text(page)
    assert not BonfirePlay.objects.exists()


def test_outsiders_get_404_and_viewers_cannot_move(client, game, outsider, viewer) -> None:
    client.force_login(outsider)
    assert client.get(seat_url(game, "Ana")).status_code == 404
    assert client.get(reverse("bonfire:play", args=[game.group_id, game.pk])).status_code == 404
    client.force_login(viewer)
    assert client.get(seat_url(game, "Ana")).status_code == 200
    answer = client.post(seat_url(game, "Ana", "move"), {"version": 0, "kind": "end_turn"})
    assert answer.status_code == 403


def test_move_and_refusal_with_its_rule(client, game, player) -> None:
    """Seed 000, p. 8 (B3): a Ship move, then a second one Ana cannot pay."""
    client.force_login(player)
    move_url = seat_url(game, "Ana", "move")
    done = client.post(move_url, {"version": 0, "kind": "move_ship", "to": "ember"})
    assert done.status_code == 302
    page = client.get(done["Location"])
    assert "Done: Move the Ship." in text(page)
    refused = client.post(move_url, {"version": 1, "kind": "move_ship", "to": "saltspire"})
    assert refused.status_code == 400
    body = text(refused)
    assert "You cannot pay this." in body
    assert "sailing to saltspire costs 3 Action token(s); you have 2 (B3, p. 8)" in body
    assert f"{reverse('bonfire:rules', args=[game.group_id])}#B3" in body
    assert BonfireSeat.objects.get(play=game, name="Ana").document["ship"] == "ember"


def test_stale_device_gets_the_current_board(client, game, player) -> None:
    client.force_login(player)
    move_url = seat_url(game, "Ana", "move")
    client.post(move_url, {"version": 0, "kind": "build_path", "index": 1})
    stale = client.post(move_url, {"version": 0, "kind": "build_path", "index": 1})
    assert stale.status_code == 409
    assert str(bonfire_helper.STALE) in text(stale)
    assert BonfireSeat.objects.get(play=game, name="Ana").document["path_tokens"] == ["p01"]


def test_incomplete_move(client, game, player) -> None:
    client.force_login(player)
    page = client.post(seat_url(game, "Ana", "move"), {"version": 0, "kind": "place_destiny"})
    assert page.status_code == 400
    assert "This move needs it." in text(page)
    page = client.post(seat_url(game, "Ana", "move"), {"version": 0, "kind": "advance_guardians"})
    assert "Choose the Guardian of at least one step." in text(page)


def test_moves_through_the_form(client, game, player) -> None:
    """Seed 000 B1, B2, B6 and B5 through the page's forms (Guardians numbered from 1)."""
    client.force_login(player)
    url = seat_url(game, "Ana", "move")
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    top = ana.document["destiny_supply"][0]
    steps = [
        {"kind": "place_destiny", "end": "top", "row": 2, "col": 3},
        {"kind": "pay", "cost_purple": 1, "plan_yellow": 1},
        {"kind": "advance_guardians", "guardian_1": 2, "guardian_2": 2},
        {"kind": "fulfil_common", "task": "c1"},
        {"kind": "place_neutral", "council": "hearth"},
        {"kind": "end_turn"},
    ]
    for version, step in enumerate(steps):
        assert client.post(url, {"version": version, **step}).status_code == 302, step
    ana.refresh_from_db()
    assert {"cell": [2, 3], "tile": top} in ana.document["destiny"]
    assert ana.document["guardians"] == ["g1", "g4"]
    assert ana.document["markers"] == 2  # 2 paid for the steps, 2 from the Seat of the Hearth
    game.refresh_from_db()
    assert game.board["council"]["hearth"] == [{"colour": "neutral", "player": "Ana"}]
    assert game.board["turn"] == "Ben"


def test_payment_preview_lists_the_ways(client, game, player) -> None:
    """Seed 000, p. 8 (B2): purple lacking: 1 yellow, or any 2 tiles."""
    client.force_login(player)
    page = client.get(seat_url(game, "Ana"), {"cost_purple": 1})
    assert "Pay with 1 yellow" in text(page)
    page = client.get(seat_url(game, "Ana"), {"cost_purple": 3})
    assert "You cannot pay this" in text(page)


def test_rules_page_shows_the_readings(client, game, player) -> None:
    client.force_login(player)
    page = client.get(reverse("bonfire:rules", args=[game.group_id]))
    body = text(page)
    for rule in ("B1", "B2", "B3", "B4", "B5", "B6"):
        assert f'id="{rule}"' in body
    assert "Our reading:" in body


def test_the_helper_shows_the_packs_names_in_the_readers_language(client, game, owner) -> None:
    """The sample pack names its islands, Tasks, High Council seats and Path tokens in three
    languages; a Path token or a route is named, never shown by its id."""
    client.force_login(owner)
    portuguese = text(client.get(seat_url(game, "Ana"), HTTP_ACCEPT_LANGUAGE="pt-BR"))
    assert "Rocha da Brasa" in portuguese  # the island "ember"
    assert "Assento da Lareira" in portuguese  # a seat of the High Council
    catalan = text(client.get(seat_url(game, "Ana"), HTTP_ACCEPT_LANGUAGE="ca"))
    assert "Roca de la Brasa" in catalan
    assert "Rocha da Brasa" not in catalan
    assert "Ember Rock" not in catalan
    tokens = [t["id"] for t in default_content()["path_tokens"]]
    assert not any(f". {token} (" in catalan for token in tokens)


def test_a_name_the_group_changed_stays_as_they_wrote_it(client, group, owner) -> None:
    content = default_content()
    content["islands"][0]["name"] = "Ilha do Fogo"
    game = bonfire_helper.start_play(
        group=group, by=owner, name="Sábado", players=["Ana", "Ben"], content=content
    )
    client.force_login(owner)
    catalan = text(client.get(seat_url(game, "Ana"), HTTP_ACCEPT_LANGUAGE="ca"))
    assert "Ilha do Fogo" in catalan
    assert "Roca de la Brasa" not in catalan
