"""Solsticio on two devices: each member's page carries only their own hand (``view_for``), a
member who is not in the game watches read-only without any hand, a move for the other seat or from
an older page changes nothing, every write is pushed on the game's channel once committed, and the
finished game becomes exactly one play of the group's play log with both scores."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.models import BuiltinGame, Play, SolsticioGame, SolsticioMode
from games.rules.solsticio import from_json, legal_moves, outcome
from games.solsticio import services
from groups.models import Role
from tests.factories import MembershipFactory
from tests.games.rules.solsticio.factories import ANA, BRU
from tests.support.pages import element_text, text
from tests.support.solsticio import assert_refused, post_move
from web import live

pytestmark = pytest.mark.django_db


@pytest.fixture
def friend(group: Any) -> Any:
    return MembershipFactory(group=group, role=Role.PLAYER).user


@pytest.fixture
def duel(group: Any, player: Any, friend: Any) -> SolsticioGame:
    return services.start_solsticio_game(
        group=group, players=(ANA, BRU), seed=11, by=player, opponent=friend
    )


@pytest.fixture
def published(monkeypatch: Any) -> list[tuple[str, str]]:
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(
        live, "publish_now", lambda channel, message: sent.append((channel, message))
    )
    return sent


def tiles_in(html: str, tiles: tuple[str, ...]) -> set[str]:
    return {t for t in tiles if re.search(rf"\b{re.escape(t)}\b", html)}


def test_each_device_receives_only_its_own_hand(
    client: Any, duel: SolsticioGame, player: Any, friend: Any
) -> None:
    state = from_json(duel.document)
    assert duel.mode == SolsticioMode.TWO_DEVICES
    client.force_login(player)
    mine = client.get(duel.get_absolute_url()).content.decode()
    assert tiles_in(mine, state.hands[0]) == set(state.hands[0])
    assert tiles_in(mine, state.hands[1]) == set()
    client.force_login(friend)
    theirs = client.get(duel.get_absolute_url())
    html = theirs.content.decode()
    assert tiles_in(html, state.hands[1]) == set(state.hands[1])
    assert tiles_in(html, state.hands[0]) == set()
    assert "Waiting for Ana" in text(theirs)
    # The region a device fetches on a pushed event is as scoped as the page.
    region = client.get(duel.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert 'id="table"' in region
    assert "<html" not in region
    assert tiles_in(region, state.hands[0]) == set()


def test_a_member_not_in_the_game_watches_without_hands(
    client: Any, duel: SolsticioGame, group: Any
) -> None:
    other = MembershipFactory(group=group, role=Role.OWNER).user
    client.force_login(other)
    state = from_json(duel.document)
    response = client.get(duel.get_absolute_url())
    assert response.status_code == 200
    assert tiles_in(response.content.decode(), (*state.hands[0], *state.hands[1])) == set()
    assert "you are watching" in text(response)
    assert duel.version == 0  # and still after the refused move
    assert_refused(client, duel, legal_moves(state)[0], "not-your-seat")


def test_a_player_cannot_move_for_the_other_seat(
    client: Any, duel: SolsticioGame, friend: Any
) -> None:
    """Bru's device cannot play Ana's turn, even with Ana's tile (``web.seats``)."""
    client.force_login(friend)
    state = from_json(duel.document)
    says = f"This device plays for {BRU}: it cannot move for {ANA}."
    assert_refused(client, duel, legal_moves(state)[0], says)


def test_a_move_out_of_turn_names_the_rule(client: Any, duel: SolsticioGame, friend: Any) -> None:
    client.force_login(friend)
    state = from_json(duel.document)
    assert duel.version == 0  # and still after the refused move
    move = {"seat": BRU, "play": state.hands[1][0]}
    assert_refused(client, duel, move, "not-your-turn", player=ANA)


def test_every_write_is_pushed_on_the_games_channel_once_committed(
    duel: SolsticioGame,
    player: Any,
    published: list[tuple[str, str]],
    django_capture_on_commit_callbacks: Any,
) -> None:
    move = legal_moves(from_json(duel.document))[0]
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.play_solsticio_move(game=duel, move=move, version=0, by=player)
        assert published == []
    for callback in callbacks:
        callback()
    duel.refresh_from_db()
    assert published == [(f"questlog:live:solsticio:{duel.pk}", services.stamp(duel))]
    assert services.stamp(duel).startswith(f"{duel.version}-")


def test_a_finished_game_is_one_play_with_both_scores(
    client: Any, duel: SolsticioGame, player: Any, friend: Any
) -> None:
    devices = {ANA: player, BRU: friend}
    last: dict[str, Any] = {}
    for _ in range(300):
        duel.refresh_from_db()
        state = from_json(duel.document)
        if state.over:
            break
        move = legal_moves(state)[-1]
        client.force_login(devices[move["seat"]])
        assert post_move(client, duel, move).status_code == 302
        last = {"move": move, "version": state.version}
    duel.refresh_from_db()
    state = from_json(duel.document)
    assert duel.over
    assert duel.play is not None
    final = outcome(state)
    assert final.scores is not None
    play = Play.objects.get(group=duel.group)
    assert play == duel.play
    assert play.game.builtin == BuiltinGame.SOLSTICIO
    lines = [(r.person.name, int(r.score), r.winner) for r in play.results.order_by("seat")]
    assert lines == [(n, final.scores[n], n == final.winner) for n in state.players]
    # The last move replayed from a second tab: refused, and still one play.
    client.force_login(devices[last["move"]["seat"]])
    again = post_move(client, duel, last["move"], version=last["version"])
    assert again.status_code == 302  # back to the page, which says the game is over
    assert Play.objects.filter(group=duel.group).count() == 1
    assert "In the play log" in text(client.get(duel.get_absolute_url()))


def test_the_dealer_opens_a_game_to_a_friend_before_the_first_move(
    client: Any, group: Any, player: Any, friend: Any, viewer: Any
) -> None:
    game = services.start_solsticio_game(group=group, players=(ANA, BRU), seed=5, by=player)
    assert game.mode == SolsticioMode.ONE_DEVICE
    url = reverse("solsticio:open", args=[group.pk, game.pk])
    client.force_login(friend)
    response = client.post(url, {"member": friend.pk})
    assert response.status_code == 302  # Post/Redirect/Get: the game's page says why, once
    assert str(services.OPEN_ERRORS["not-yours"]) in text(client.get(response["Location"]))
    client.force_login(player)
    response = client.post(url, {"member": viewer.pk})
    assert response.status_code == 302
    page = client.get(response["Location"])  # a viewer cannot play: not among the choices
    assert element_text(page, "id_member_errors") is not None
    assert element_text(client.get(response["Location"]), "id_member_errors") is None
    game.refresh_from_db()
    assert game.mode == SolsticioMode.ONE_DEVICE
    response = client.post(url, {"member": friend.pk})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.mode, game.second_user) == (SolsticioMode.TWO_DEVICES, friend)
    assert services.seats_of(game, friend) == [BRU]
    assert services.seats_of(game, player) == [ANA]


def test_the_hand_over_screen_follows_the_player_due(client: Any, group: Any, player: Any) -> None:
    """One device: after Ana's move the page hands over to Bru, with no hand in it."""
    game = services.start_solsticio_game(group=group, players=(ANA, BRU), seed=9, by=player)
    client.force_login(player)
    reveal = reverse("solsticio:reveal", args=[group.pk, game.pk])
    client.post(reveal, {"seat": BRU})  # not Bru's turn: nothing revealed
    assert "Pass the device to Ana." in text(client.get(game.get_absolute_url()))
    client.post(reveal, {"seat": ANA})
    state = from_json(game.document)
    for _ in range(10):
        move = legal_moves(state)[0]
        post_move(client, game, move)
        game.refresh_from_db()
        state = from_json(game.document)
        if state.players[state.due] == BRU:
            break
    page = client.get(game.get_absolute_url())
    assert "Pass the device to Bru." in text(page)
    assert tiles_in(page.content.decode(), (*state.hands[0], *state.hands[1])) == set()


def test_another_groups_game_is_not_found_anywhere(
    client: Any, duel: SolsticioGame, outsider: Any
) -> None:
    client.force_login(outsider)
    args = [duel.group_id, duel.pk]
    for name in ("game", "version", "stream"):
        assert client.get(reverse(f"solsticio:{name}", args=args)).status_code == 404
    for name in ("move", "reveal", "open"):
        assert client.post(reverse(f"solsticio:{name}", args=args), {}).status_code == 404


def test_a_move_replayed_from_a_second_tab_changes_nothing(
    client: Any, duel: SolsticioGame, player: Any
) -> None:
    """Two tabs of Ana's device showed move 0; the second one's move comes after the first's."""
    client.force_login(player)
    state = from_json(duel.document)
    first, other = legal_moves(state)[0], legal_moves(state)[1]
    assert post_move(client, duel, first, version=0).status_code == 302
    duel.refresh_from_db()
    # The page says what changed the game: the first tab's move, by its seat.
    says = f"{first['seat']} just played: the table below is the current one."
    assert_refused(client, duel, other, says, version=0)
