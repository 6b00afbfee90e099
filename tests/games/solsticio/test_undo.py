"""Undo and abandon in Solsticio, the campaign table's way (``web.seats``): a device holding a
seat takes back the last move in force (kept in the move log, marked undone; the game replayed
from its setup) or gives the game up; both are announced on every device, refused when stale
(saying what changed), and a viewer makes neither. An abandoned game is read-only and logs no
play."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.urls import reverse

from games.models import Play, SolsticioGame, SolsticioMove
from games.rules.solsticio import from_json, legal_moves
from games.solsticio import services
from groups.models import Role
from tests.factories import MembershipFactory
from tests.games.rules.solsticio.factories import ANA, BRU
from tests.games.solsticio.test_kit import HTMX, device
from tests.support.controls import enabled_controls
from tests.support.http import WebClient
from tests.support.pages import by_id, has_id
from tests.support.servers import run_django
from tests.support.solsticio import post_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def friend(group: Any) -> Any:
    return MembershipFactory(group=group, role=Role.PLAYER).user


@pytest.fixture
def duel(group: Any, player: Any, friend: Any) -> SolsticioGame:
    return services.start_solsticio_game(
        group=group, players=(ANA, BRU), seed=11, by=player, opponent=friend
    )


def url(game: SolsticioGame, view: str) -> str:
    return reverse(f"solsticio:{view}", args=[game.group_id, game.pk])


def first_move(game: SolsticioGame, client: Any) -> dict[str, Any]:
    move = legal_moves(from_json(game.document))[0]
    assert post_move(client, game, move).status_code == 302
    game.refresh_from_db()
    return move


def test_undo_restores_the_previous_position_and_is_announced_in_portuguese(
    duel, player, friend, group
) -> None:
    before = duel.document
    ana = device(player)
    first_move(duel, ana)
    assert duel.version == 1
    answer = ana.post(url(duel, "undo"), {"version": 1})
    assert answer["Location"] == duel.get_absolute_url()
    duel.refresh_from_db()
    assert (duel.document, duel.version) == (before, 0)
    assert SolsticioMove.objects.get(game=duel).undone_by == player
    assert duel.last_change == {"kind": "undo", "by": ANA, "params": {"seat": ANA}}
    region = device(friend, language="pt-br").get(duel.get_absolute_url(), **HTMX)
    said = by_id(region.content.decode(), "announcement")
    assert said == f"{ANA} desfez a última jogada de {ANA}."
    first_move(duel, ana)  # the same move is legal again: the position is the earlier one
    assert duel.version == 1


def test_a_stale_undo_is_refused_saying_what_changed(duel, player, friend) -> None:
    ana, bru = device(player), device(friend)
    first_move(duel, ana)
    ana.post(url(duel, "undo"), {"version": 1})
    late = bru.post(url(duel, "undo"), {"version": 1})  # Bru's page still showed move 1
    page = bru.get(late["Location"]).content.decode()
    said = f"{ANA} just undid a move: the table below is the current one."
    assert by_id(page, "move-error") == said
    assert list(SolsticioMove.objects.values_list("undone_at", flat=True)).count(None) == 0
    duel.refresh_from_db()
    assert duel.version == 0


def test_undo_with_no_move_is_refused(duel, player) -> None:
    ana = device(player)
    answer = ana.post(url(duel, "undo"), {"version": 0})
    page = ana.get(answer["Location"]).content.decode()
    assert by_id(page, "move-error") == "There is no move to undo."


def test_abandon_makes_the_game_read_only_and_names_who(duel, player, friend, group) -> None:
    ana, bru = device(player), device(friend)
    first_move(duel, ana)
    page = bru.get(duel.get_absolute_url()).content.decode()
    assert has_id(page, "undo-form")
    assert has_id(page, "abandon")
    bru.post(url(duel, "abandon"), {"version": 1})
    duel.refresh_from_db()
    assert duel.over
    assert duel.abandoned_at is not None
    assert duel.play is None
    assert Play.objects.count() == 0  # an abandoned game is no play of the play log
    viewer = device(MembershipFactory(group=group, role=Role.VIEWER).user)
    for client in (ana, bru, viewer):
        region = client.get(duel.get_absolute_url(), **HTMX).content.decode()
        assert by_id(region, "announcement") == f"{BRU} abandoned the game."
        assert "This game was abandoned" in by_id(region, "abandoned")
        assert enabled_controls(region) == []
        assert not has_id(region, "seat-bar")
        assert not has_id(region, "undo-form")
    move = legal_moves(from_json(duel.document))[0]
    due = {ANA: ana, BRU: bru}[move["seat"]]
    late = post_move(due, duel, move)
    said = by_id(due.get(late["Location"]).content.decode(), "move-error")
    assert said.startswith("This game was abandoned")
    duel.refresh_from_db()
    assert duel.version == 1
    assert duel.moves.count() == 1


def test_a_viewer_and_a_member_without_a_seat_can_neither_undo_nor_abandon(
    duel, player, group
) -> None:
    first_move(duel, device(player))
    viewer = device(MembershipFactory(group=group, role=Role.VIEWER).user)
    region = viewer.get(duel.get_absolute_url(), **HTMX).content.decode()
    assert not has_id(region, "undo-form")
    assert not has_id(region, "abandon")
    for view in ("undo", "abandon"):
        assert viewer.post(url(duel, view), {"version": 1}).status_code == 403
    watcher = device(MembershipFactory(group=group, role=Role.PLAYER).user)
    answer = watcher.post(url(duel, "undo"), {"version": 1})
    assert has_id(watcher.get(answer["Location"]).content.decode(), "move-error")
    duel.refresh_from_db()
    assert duel.version == 1
    assert not duel.over
    assert SolsticioMove.objects.get(game=duel).undone_at is None


DEVICES = 6


def test_devices_undoing_at_once_undo_exactly_one_move(server) -> None:
    """Two moves on one device for the whole table, then six tabs undo at once against the same
    version: one move is undone, the game is at move 1."""
    undo_url, game_id = run_django(
        server.database_url,
        """
from django.contrib.auth.models import User
from games.rules.solsticio import from_json, legal_moves
from games.solsticio import services
from groups.models import Group, Membership
group = Group.objects.create(name="Busy table")
user = User.objects.create_user("ana", password="pass-phrase-x")
Membership.objects.create(group=group, user=user, role="player")
game = services.start_solsticio_game(group=group, players=("Ana", "Bru"), seed=11, by=user)
for version in (0, 1):
    game.refresh_from_db()
    move = legal_moves(from_json(game.document))[0]
    services.play_solsticio_move(game=game, move=move, version=version, by=user)
result = [f"/groups/{group.pk}/solsticio/{game.pk}/undo/", game.pk]
""",
    )
    clients = []
    for _ in range(DEVICES):
        client = WebClient(server.url)
        client.log_in("ana", "pass-phrase-x")
        clients.append(client)

    def undo(n: int) -> int:
        return clients[n].post(undo_url, {"version": "2"}).status

    with ThreadPoolExecutor(DEVICES) as pool:
        assert sorted(pool.map(undo, range(DEVICES))) == [302] * DEVICES
    stored = run_django(
        server.database_url,
        f"""
from games.models import SolsticioGame
game = SolsticioGame.objects.get(pk={game_id})
result = [[m.undone_at is not None for m in game.moves.order_by("seq")], game.version,
          game.document["version"]]
""",
    )
    assert stored == [[False, True], 1, 1]


def test_a_page_from_before_an_undo_and_the_next_move_is_stale(
    duel: SolsticioGame, player: Any, friend: Any
) -> None:
    """Undone and played again, the game is back at one move: a page that showed that first move
    still posts against another position, so it is refused, and nothing is recorded."""
    state = from_json(duel.document)
    move = legal_moves(state)[0]
    services.play_solsticio_move(game=duel, move=move, version=0, by=player)  # the page's count: 1
    services.undo_last_move(game=duel, version=1, by=player)
    services.play_solsticio_move(game=duel, move=move, version=2, by=player)
    duel.refresh_from_db()
    assert (duel.version, duel.changes) == (1, 3)
    reply = legal_moves(from_json(duel.document))[0]
    seat_of_reply = friend if reply["seat"] == BRU else player
    with pytest.raises(services.SolsticioMoveError) as caught:
        services.play_solsticio_move(game=duel, move=reply, version=1, by=seat_of_reply)
    assert caught.value.code == "stale-move"
    assert SolsticioMove.objects.filter(game=duel, undone_at__isnull=True).count() == 1


def test_one_device_for_the_whole_table_names_the_player_whose_move_was_undone(
    group, player
) -> None:
    """The game dealt for one device: its undo is announced as the player's whose move it was,
    not the member signed in; and the undo control shows only while there is a move to undo."""
    game = services.start_solsticio_game(group=group, players=(ANA, BRU), seed=11, by=player)
    phone = device(player)
    assert not has_id(phone.get(game.get_absolute_url()).content.decode(), "undo-form")
    move = first_move(game, phone)
    assert has_id(phone.get(game.get_absolute_url()).content.decode(), "undo-form")
    phone.post(url(game, "undo"), {"version": game.changes})
    game.refresh_from_db()
    assert game.last_change["by"] == move["seat"] == ANA
    page = phone.get(game.get_absolute_url()).content.decode()
    assert by_id(page, "announcement") == f"{ANA} undid {ANA}'s last move."
    assert not has_id(page, "undo-form")


def test_a_waiting_device_says_whom_it_waits_for_once(duel, friend) -> None:
    """Bru's device at move 0: "Waiting for Ana" once (the seat bar), and no undo control."""
    page = device(friend).get(duel.get_absolute_url()).content.decode()
    assert page.count(f"Waiting for {ANA}") == 1
    assert by_id(page, "seat-waiting") == f"Waiting for {ANA}"
    assert not has_id(page, "undo-form")
