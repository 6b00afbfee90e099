"""Solsticio on the live-table kit (``web.seats``): a game on two devices binds each member's
device to their seat ("I am Ana", "Waiting for Bru"), a game dealt for one device is one device
for the whole table ("Ana to play"), a viewer sees no control, the finished game is announced in
the reader's language and leaves no enabled control, and a refused move redirects to the page
(shown once, nothing changed)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import SolsticioGame
from games.rules.solsticio import from_json, legal_moves, outcome
from games.solsticio import services
from groups.models import Role
from tests.factories import MembershipFactory
from tests.games.rules.solsticio.factories import ANA, BRU
from tests.support.controls import enabled_controls
from tests.support.pages import by_id, has_id
from tests.support.solsticio import post_move

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def friend(group: Any) -> Any:
    return MembershipFactory(group=group, role=Role.PLAYER).user


@pytest.fixture
def duel(group: Any, player: Any, friend: Any) -> SolsticioGame:
    return services.start_solsticio_game(
        group=group, players=(ANA, BRU), seed=11, by=player, opponent=friend
    )


def device(user: Any, language: str | None = None) -> Client:
    client = Client()
    client.force_login(user)
    if language:
        client.post(reverse("set_language"), {"language": language, "next": "/"})
    return client


def test_each_member_s_device_is_bound_to_their_seat(duel, player, friend) -> None:
    ana, bru = device(player), device(friend)
    mine = ana.get(duel.get_absolute_url()).content.decode()
    assert by_id(mine, "seat-bound") == f"I am {ANA}"  # the game says it: no picker, no change
    theirs = bru.get(duel.get_absolute_url()).content.decode()
    assert by_id(theirs, "seat-waiting") == f"Waiting for {ANA}"
    turn = theirs[theirs.index('id="turn"') :]
    assert enabled_controls(turn[: turn.index("</section>")]) == []
    assert enabled_controls(mine[mine.index('id="turn"') :])  # Ana's own moves are there


def test_one_device_for_the_whole_table_names_the_player_due(group, player) -> None:
    game = services.start_solsticio_game(group=group, players=(ANA, BRU), seed=11, by=player)
    page = device(player).get(game.get_absolute_url()).content.decode()
    assert by_id(page, "seat-bound") == "One device for the whole table"
    assert by_id(page, "seat-due") == f"{ANA} to play"


def test_a_viewer_sees_no_control_and_cannot_play(duel, group) -> None:
    viewer = device(MembershipFactory(group=group, role=Role.VIEWER).user)
    region = viewer.get(duel.get_absolute_url(), **HTMX).content.decode()
    assert enabled_controls(region) == []
    assert not has_id(region, "seat-bar")
    state = from_json(duel.document)
    assert post_move(viewer, duel, legal_moves(state)[0]).status_code == 403
    duel.refresh_from_db()
    assert duel.version == 0


def test_the_end_is_announced_in_portuguese_and_leaves_no_enabled_control(
    duel, player, friend, group
) -> None:
    devices = {ANA: device(player), BRU: device(friend)}
    for _ in range(200):
        duel.refresh_from_db()
        state = from_json(duel.document)
        if state.over:
            break
        move = legal_moves(state)[-1]
        assert post_move(devices[move["seat"]], duel, move).status_code == 302
    duel.refresh_from_db()
    final = outcome(from_json(duel.document))
    assert duel.last_change["kind"] == "finish"
    reader = device(MembershipFactory(group=group, role=Role.PLAYER).user, language="pt-br")
    region = reader.get(duel.get_absolute_url(), **HTMX).content.decode()
    scores = " – ".join(str(final.scores[name]) for name in (ANA, BRU))
    said = f"{final.winner} vence, {scores}" if final.winner else f"empate, {scores}"
    assert by_id(region, "announcement") == f"A partida terminou: {said}."
    for client in (*devices.values(), reader):
        assert enabled_controls(client.get(duel.get_absolute_url(), **HTMX).content.decode()) == []


def test_a_reload_after_a_refused_move_posts_nothing(group, player) -> None:
    game = services.start_solsticio_game(group=group, players=(ANA, BRU), seed=11, by=player)
    phone = device(player)
    state = from_json(game.document)
    wrong = {"seat": BRU, "play": state.hands[1][0]}  # Bru's tile on Ana's turn
    answer = post_move(phone, game, wrong)
    assert answer.status_code == 302
    assert answer["Location"] == game.get_absolute_url()
    assert has_id(phone.get(answer["Location"]).content.decode(), "move-error")
    assert not has_id(phone.get(answer["Location"]).content.decode(), "move-error")
    game.refresh_from_db()
    assert game.version == 0
