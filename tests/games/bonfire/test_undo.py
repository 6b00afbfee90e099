"""Undo and abandon in Bonfire, the campaign table's way (``web.seats``): any device playing at
the table takes back the last move in force (kept in the move log, marked undone) or gives the
game up; both are announced on every device, refused when stale (saying what changed), and a
viewer makes neither. An abandoned game is read-only and logs no play."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.urls import reverse

from games.bonfire import services
from games.content.bonfire import default_content
from games.models import BonfireMove, BonfirePlay, BonfireSeat, Play
from groups.models import Role
from tests.factories import MembershipFactory
from tests.games.bonfire.test_seats import PATH, device, moves_of, seat_url
from tests.support.controls import enabled_controls
from tests.support.http import WebClient
from tests.support.pages import by_id, element_text, has_id
from tests.support.servers import run_django
from web.seats import SHARED

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(group, owner):
    return services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


def game_url(game, view):
    return reverse(f"bonfire:{view}", args=[game.group_id, game.pk])


def boards(game) -> list[dict]:
    return [s.document for s in BonfireSeat.objects.filter(play=game).order_by("position")]


def test_undo_restores_the_previous_position_and_is_announced_in_portuguese(game, owner):
    before = (BonfirePlay.objects.get(pk=game.pk).board, boards(game))
    ana = device(owner, game, "Ana")
    ana.post(seat_url(game, "Ana", "move"), PATH)
    game.refresh_from_db()
    assert boards(game) != before[1]
    answer = ana.post(game_url(game, "undo"), {"version": game.version, "seat": ""})
    assert answer["Location"] == game_url(game, "play")
    game.refresh_from_db()
    assert (game.board, boards(game)) == before
    undone = BonfireMove.objects.get(play=game)
    assert undone.undone_at is not None
    assert undone.undone_by == owner
    assert game.last_change == {
        "kind": "undo",
        "by": "Ana",
        "params": {"move": "build_path", "player": "Ana"},
    }
    other = MembershipFactory(group=game.group, role=Role.PLAYER).user
    page = device(other, game, "Ben", language="pt-br").get(seat_url(game, "Ben"))
    said = by_id(page.content.decode(), "announcement")
    assert said == "Ana desfez a jogada “Construir uma Ficha de Caminho” de Ana."
    ana.post(seat_url(game, "Ana", "move"), {**PATH, "version": 2})  # Ana's seat moved on twice
    assert BonfireSeat.objects.get(play=game, name="Ana").document["path_tokens"] == ["p01"]


def test_a_stale_undo_is_refused_saying_what_changed(game, owner):
    ana, ben = device(owner, game, "Ana"), device(owner, game, "Ben")
    ana.post(seat_url(game, "Ana", "move"), PATH)
    game.refresh_from_db()
    shown = game.version  # both devices show the game after Ana's move
    ana.post(game_url(game, "undo"), {"version": shown})
    late = ben.post(game_url(game, "undo"), {"version": shown, "seat": ""})
    page = ben.get(late["Location"]).content.decode()
    assert by_id(page, "refusal") == "Ana just undid a move: the table below is the current one."
    assert BonfireMove.objects.filter(play=game, undone_at__isnull=True).count() == 0
    assert BonfireMove.objects.filter(play=game).count() == 1


def test_undo_with_no_move_is_refused_on_the_player_s_page(game, owner):
    ana = device(owner, game, "Ana")
    ana_seat = BonfireSeat.objects.get(play=game, name="Ana")
    answer = ana.post(game_url(game, "undo"), {"version": 0, "seat": ana_seat.pk})
    assert answer["Location"] == seat_url(game, "Ana")
    page = ana.get(answer["Location"]).content.decode()
    assert "There is no move to undo." in element_text(page, "helper")
    game.refresh_from_db()
    assert game.version == 0


def test_abandon_makes_the_game_read_only_and_names_who(game, owner):
    ana = device(owner, game, "Ana")
    page = ana.get(seat_url(game, "Ana")).content.decode()
    assert not has_id(page, "undo-form")  # nothing to undo yet
    assert has_id(page, "abandon")
    ana.post(game_url(game, "abandon"), {"version": 0})
    game.refresh_from_db()
    assert game.abandoned_at is not None
    assert game.finished_at is None
    assert Play.objects.count() == 0  # an abandoned game is no play of the play log
    for seat in ("Ben", SHARED, None):
        phone = device(owner, game, seat)
        for url in (seat_url(game, "Ben"), game_url(game, "play")):
            page = phone.get(url).content.decode()
            assert by_id(page, "announcement") == "Ana abandoned the game."
            main = page[page.index("<main") : page.index("</main>")]
            assert enabled_controls(main) == []
            assert not has_id(page, "seat-bar")
            assert not has_id(page, "undo-form")
        assert "This game was abandoned" in by_id(
            phone.get(seat_url(game, "Ben")).content.decode(), "abandoned"
        )
    late = ana.post(seat_url(game, "Ana", "move"), PATH)
    assert "This game was abandoned" in ana.get(late["Location"]).content.decode()
    assert game.moves.count() == 0


def test_a_viewer_can_neither_undo_nor_abandon(game, owner):
    device(owner, game, "Ana").post(seat_url(game, "Ana", "move"), PATH)
    game.refresh_from_db()
    viewer = device(MembershipFactory(group=game.group, role=Role.VIEWER).user, game, SHARED)
    page = viewer.get(seat_url(game, "Ana")).content.decode()
    assert not has_id(page, "undo-form")
    assert not has_id(page, "abandon")
    assert moves_of(page) == []
    for view in ("undo", "abandon"):
        assert viewer.post(game_url(game, view), {"version": game.version}).status_code == 403
    game.refresh_from_db()
    assert game.abandoned_at is None
    assert BonfireMove.objects.get(play=game).undone_at is None


def test_a_device_not_at_the_table_cannot_undo(game, owner):
    """A player's device that has not said who holds it is refused, like a move."""
    device(owner, game, "Ana").post(seat_url(game, "Ana", "move"), PATH)
    game.refresh_from_db()
    unbound = device(MembershipFactory(group=game.group, role=Role.PLAYER).user)
    answer = unbound.post(game_url(game, "undo"), {"version": game.version})
    assert "Say first who holds this device" in unbound.get(answer["Location"]).content.decode()
    assert BonfireMove.objects.get(play=game).undone_at is None


DEVICES = 6


def test_devices_undoing_at_once_undo_exactly_one_move(server):
    """Two moves, then six devices undo at once against the same version: one move is undone."""
    undo_url, bind_url, play_id = run_django(
        server.database_url,
        """
from django.contrib.auth.models import User
from games.bonfire import services
from games.content.bonfire import default_content
from groups.models import Group, Membership
group = Group.objects.create(name="Busy table")
user = User.objects.create_user("ana", password="pass-phrase-x")
Membership.objects.create(group=group, user=user, role="player")
play = services.start_play(group=group, by=user, name="Race", players=["Ana", "Ben"],
                           content=default_content())
seat = play.seats.get(name="Ana")
services.submit_move(seat=seat, version=0, move={"kind": "build_path", "index": 1})
services.submit_move(seat=seat, version=1, move={"kind": "build_path", "index": 1})
base = f"/groups/{group.pk}/bonfire/{play.pk}/"
result = [base + "undo/", base + "seat/", play.pk]
""",
    )
    clients = []
    for _ in range(DEVICES):
        client = WebClient(server.url)
        client.log_in("ana", "pass-phrase-x")
        client.post(bind_url, {"seat": "*"})  # one device for the whole table, each
        clients.append(client)

    def undo(n):
        return clients[n].post(undo_url, {"version": "2"}).status

    with ThreadPoolExecutor(DEVICES) as pool:
        assert sorted(pool.map(undo, range(DEVICES))) == [302] * DEVICES
    stored = run_django(
        server.database_url,
        f"""
from games.models import BonfirePlay
play = BonfirePlay.objects.get(pk={play_id})
seat = play.seats.get(name="Ana")
result = [[m.undone_at is not None for m in play.moves.order_by("seq")], play.version,
          seat.document["path_tokens"]]
""",
    )
    assert stored == [[False, True], 3, ["p02"]]  # the first move's token only


def test_a_finished_game_is_neither_undone_nor_abandoned(game, owner):
    """Like a recorded mission: the play is in the play log, the boards are its record."""
    ana = device(owner, game, "Ana")
    ana.post(seat_url(game, "Ana", "move"), PATH)
    game.refresh_from_db()
    data = {"version": game.version, "score_0": "31", "score_1": "12"}
    ana.post(game_url(game, "finish"), data)
    game.refresh_from_db()
    for view in ("undo", "abandon"):
        answer = ana.post(game_url(game, view), {"version": game.version})
        page = ana.get(answer["Location"]).content.decode()
        assert "This game is finished" in by_id(page, "refusal")
    game.refresh_from_db()
    assert game.abandoned_at is None
    assert BonfireMove.objects.get(play=game).undone_at is None


def test_one_device_for_the_whole_table_names_the_player_who_moved_and_undid(game, owner):
    """A phone passed around the table, signed in as its owner, says "Ana: …" and "Ana undid
    …" after Ana's move and its undo: the seat that moved, not the member signed in."""
    shared = device(owner, game, SHARED)
    shared.post(seat_url(game, "Ana", "move"), PATH)
    game.refresh_from_db()
    assert game.last_change["by"] == "Ana"
    said = by_id(shared.get(seat_url(game, "Ben")).content.decode(), "announcement")
    assert said.startswith("Ana: ")
    shared.post(game_url(game, "undo"), {"version": game.version})
    game.refresh_from_db()
    assert game.last_change["by"] == "Ana"
    said = by_id(shared.get(seat_url(game, "Ana")).content.decode(), "announcement")
    assert said == "Ana undid Ana's move “Build a Path token”."
    assert owner.username not in said


def test_the_undo_control_shows_only_while_there_is_a_move_to_undo(game, owner):
    ana = device(owner, game, "Ana")
    pages = (seat_url(game, "Ana"), seat_url(game, "Ben"), game_url(game, "play"))
    assert not any(has_id(ana.get(page).content.decode(), "undo-form") for page in pages)
    ana.post(seat_url(game, "Ana", "move"), PATH)
    assert all(has_id(ana.get(page).content.decode(), "undo-form") for page in pages)
    game.refresh_from_db()
    ana.post(game_url(game, "undo"), {"version": game.version})
    assert not any(has_id(ana.get(page).content.decode(), "undo-form") for page in pages)
