"""The live-table kit in Bonfire (``web.seats``): a device bound to a player moves for that player
only (a crafted post included), one device for the whole table plays for whoever is due, a viewer
never plays, the last move and the finish are announced in the reader's language, a finished game
leaves no enabled control, and a refused post redirects to the player's page (Post/Redirect/Get).
Turn order: seed 000, p. 6 (the player whose turn it is moves until they end their turn)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.bonfire import services
from games.content.bonfire import default_content
from games.models import BonfireSeat
from groups.models import Role
from tests.factories import MembershipFactory
from tests.support.controls import enabled_controls
from tests.support.pages import by_id, element_text, has_id
from tests.support.seats import bind
from web.seats import SHARED

pytestmark = pytest.mark.django_db
PATH = {"version": 0, "kind": "build_path", "index": 1}


@pytest.fixture
def game(group, owner):
    return services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


def seat_url(game, name, view="seat"):
    seat = BonfireSeat.objects.get(play=game, name=name)
    return reverse(f"bonfire:{view}", args=[game.group_id, game.pk, seat.pk])


def device(user, game=None, seat=None, language=None):
    client = Client()
    client.force_login(user)
    if language:
        client.post(reverse("set_language"), {"language": language, "next": "/"})
    if seat:
        bind(client, f"bonfire:{game.pk}", seat)
    return client


def recorded(game) -> list[int]:
    return [s.version for s in BonfireSeat.objects.filter(play=game).order_by("position")]


def moves_of(page: str) -> list[str]:
    """The enabled controls of the player's moves (the section ``#moves``)."""
    if 'id="moves"' not in page:
        return []
    section = page[page.index('id="moves"') :]
    return enabled_controls(section[: section.index("</section>")])


def test_a_device_says_which_player_holds_it_and_opens_their_page(game, owner):
    phone = device(owner)
    page = phone.get(reverse("bonfire:play", args=[game.group_id, game.pk])).content.decode()
    assert "I am Ben" in by_id(page, "seat-picker")
    assert moves_of(phone.get(seat_url(game, "Ana")).content.decode()) == []
    answer = phone.post(
        reverse("bonfire:seat-bind", args=[game.group_id, game.pk]), {"seat": "Ben"}
    )
    assert answer["Location"] == seat_url(game, "Ben")
    page = phone.get(seat_url(game, "Ben")).content.decode()
    assert by_id(page, "seat-waiting") == "Waiting for Ana"
    assert moves_of(page) == []


def test_a_move_for_another_player_is_refused_and_nothing_recorded(game, owner):
    """Ben's phone posting on Ana's page (a crafted post) changes nothing."""
    ben = device(owner, game, "Ben")
    answer = ben.post(seat_url(game, "Ana", "move"), PATH)
    assert answer["Location"] == seat_url(game, "Ana")
    page = ben.get(answer["Location"]).content.decode()
    assert "This device plays for Ben: it cannot move for Ana." in by_id(page, "helper")
    assert recorded(game) == [0, 0]
    ana = device(owner, game, "Ana")
    assert "button#" in " ".join(moves_of(ana.get(seat_url(game, "Ana")).content.decode()))
    ana.post(seat_url(game, "Ana", "move"), PATH)
    assert recorded(game) == [1, 0]


def test_one_device_for_the_whole_table_plays_for_whoever_is_due(game, owner):
    shared = device(owner, game, SHARED)
    page = shared.get(seat_url(game, "Ana")).content.decode()
    assert by_id(page, "seat-due") == "Ana to play"
    assert moves_of(page)
    assert moves_of(shared.get(seat_url(game, "Ben")).content.decode()) == []
    shared.post(seat_url(game, "Ana", "move"), PATH)
    assert recorded(game) == [1, 0]


def test_a_viewer_sees_no_move_and_cannot_play(game):
    viewer = MembershipFactory(group=game.group, role=Role.VIEWER).user
    watching = device(viewer, game, SHARED)
    page = watching.get(seat_url(game, "Ana")).content.decode()
    assert not has_id(page, "moves")
    assert by_id(page, "seat-viewer") == "You are watching: viewers do not play."
    assert watching.post(seat_url(game, "Ana", "move"), PATH).status_code == 403
    assert recorded(game) == [0, 0]


def test_the_last_move_is_announced_to_another_member_in_portuguese(game, owner):
    device(owner, game, "Ana").post(seat_url(game, "Ana", "move"), PATH)
    other = MembershipFactory(group=game.group, role=Role.PLAYER).user
    page = device(other, game, "Ben", language="pt-br").get(seat_url(game, "Ben"))
    assert by_id(page.content.decode(), "announcement") == "Ana: Construir uma Ficha de Caminho."


def test_a_refused_post_redirects_and_a_reload_posts_nothing(game, owner):
    ana = device(owner, game, "Ana")
    ana.post(seat_url(game, "Ana", "move"), PATH)
    late = ana.post(seat_url(game, "Ana", "move"), PATH)  # a second tab at version 0
    assert late.status_code == 302
    page = ana.get(late["Location"]).content.decode()
    assert element_text(page, "helper").count("Ana just played") == 1
    assert "Ana just played" not in ana.get(late["Location"]).content.decode()
    assert recorded(game) == [1, 0]


def test_a_finished_game_is_read_only_and_announced_everywhere(game, owner):
    ana = device(owner, game, "Ana")
    data = {"version": game.version, "score_0": "31", "score_1": "12"}
    ana.post(reverse("bonfire:finish", args=[game.group_id, game.pk]), data)
    game.refresh_from_db()
    assert game.last_change == {"kind": "finish", "by": "Ana", "params": {}}
    for seat in ("Ben", SHARED, None):
        phone = device(owner, game, seat)
        page = phone.get(seat_url(game, "Ben")).content.decode()
        assert not has_id(page, "moves")
        assert not has_id(page, "seat-bar")
        assert by_id(page, "announcement") == "The game is over: its play is in the play log."
        assert f'href="{reverse("games:play", args=[game.group_id, game.play_id])}"' in page
