"""The live-table kit on the campaign table (``web.seats``): a device bound to a seat plays for
that seat only, one device for the whole table names the seat to play, a viewer never plays, the
last change is announced on every device in its reader's language, an ended mission leaves no
enabled control, and a plain form's refused post redirects to the table."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import AttemptMove
from campaign.table import services as table
from groups.models import Role
from tests.campaign.table_helpers import RIVER, next_move
from tests.factories import MembershipFactory
from tests.support.controls import enabled_controls
from tests.support.pages import by_id, element_text, has_id
from tests.support.seats import bind
from web.seats import SHARED

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
PLAY_BLUE_3 = {"kind": "play", "card": "blue-3", "version": 0}  # Ana leads (the fixture's first)


def url(attempt, name="table"):
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def device(user, attempt=None, seat=None, language=None):
    """A signed-in device of ``user``, bound to ``seat`` of ``attempt``'s table if given."""
    client = Client()
    client.force_login(user)
    if language:
        client.post(reverse("set_language"), {"language": language, "next": "/"})
    if seat:
        bind(client, f"table:{attempt.adventure_id}", seat)
    return client


def test_a_device_says_once_who_holds_it_and_can_change_it(attempt, member):
    phone = device(member.user)
    page = phone.get(url(attempt)).content.decode()
    assert by_id(page, "seat-picker").startswith("Who holds this device?")
    assert "I am Ben" in by_id(page, "seat-picker")
    assert "card-blue-3" not in enabled_controls(page, inside='id="table"')
    answer = phone.post(url(attempt, "seat"), {"seat": "Ben"})
    assert answer.status_code == 302
    assert answer["Location"] == url(attempt)
    page = phone.get(url(attempt)).content.decode()
    assert not has_id(page, "seat-picker")
    assert by_id(page, "seat-bound") == "I am Ben Not Ben? Change"
    assert by_id(page, "seat-waiting") == "Waiting for Ana"
    phone.post(url(attempt, "seat"), {"seat": ""})
    assert has_id(phone.get(url(attempt)).content.decode(), "seat-picker")
    assert phone.post(url(attempt, "seat"), {"seat": "Zed"}).status_code == 302
    assert has_id(phone.get(url(attempt)).content.decode(), "seat-picker")


def test_a_tap_on_another_seat_s_turn_is_refused_and_nothing_recorded(attempt, member):
    """Ben's phone tapping a card while Ana is due records nothing, a crafted post naming Ana
    included: the bound seat, not the form, says who plays."""
    ben = device(member.user, attempt, "Ben")
    for data in (PLAY_BLUE_3, {**PLAY_BLUE_3, "playing_as": "Ana"}):
        answer = ben.post(url(attempt, "move"), data, **HTMX).content.decode()
        assert (
            element_text(answer, "refusal") == "This device plays for Ben: it cannot move for Ana."
        )
    assert not AttemptMove.objects.exists()
    ana = device(member.user, attempt, "Ana")
    assert ana.post(url(attempt, "move"), PLAY_BLUE_3, **HTMX).status_code == 200
    assert AttemptMove.objects.get().payload == {"play": "blue-3"}


def test_a_tap_before_the_page_s_scripts_start_posts_with_the_device_s_token(attempt, member):
    """The shared drawing's forms carry no CSRF token (htmx sends it as a header); a page drawn
    for one device gives each its token, so a card tapped before htmx has started posts as a
    plain form and is played, not answered with the CSRF failure page."""
    ana = device(member.user, attempt, "Ana")
    ana.handler.enforce_csrf_checks = True
    page = ana.get(url(attempt)).content.decode()
    card_form = re.search(r'<form\b[^>]*>(?:(?!</form>).)*id="card-blue-3"', page, re.DOTALL)
    assert card_form is not None
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', card_form.group(0))
    assert token is not None
    plain = {"kind": "play", "card": "blue-3", "version": 0, "csrfmiddlewaretoken": token[1]}
    assert ana.post(url(attempt, "move"), plain).status_code == 302
    assert AttemptMove.objects.get().payload == {"play": "blue-3"}


def test_an_unbound_device_is_told_to_say_who_holds_it(attempt, member):
    answer = device(member.user).post(url(attempt, "move"), PLAY_BLUE_3, **HTMX).content.decode()
    assert (
        element_text(answer, "refusal") == "Say first who holds this device: tap your name above."
    )
    assert not AttemptMove.objects.exists()


def test_one_device_for_the_whole_table_names_the_seat_to_play(attempt, member):
    shared = device(member.user, attempt, SHARED)
    page = shared.get(url(attempt)).content.decode()
    assert by_id(page, "seat-due") == "Ana to play"
    assert '<input type="hidden" name="playing_as" value="Ana">' in page
    late = shared.post(url(attempt, "move"), {**PLAY_BLUE_3, "playing_as": "Ben"}, **HTMX)
    assert "It is Ana's move, not Ben's" in element_text(late.content.decode(), "refusal")
    assert not AttemptMove.objects.exists()
    shared.post(url(attempt, "move"), {**PLAY_BLUE_3, "playing_as": "Ana"}, **HTMX)
    assert AttemptMove.objects.count() == 1
    assert by_id(shared.get(url(attempt)).content.decode(), "seat-due") == "Ben to play"


def test_a_viewer_sees_no_control_and_cannot_play(attempt):
    viewer = MembershipFactory(group=attempt.adventure.group, role=Role.VIEWER).user
    watching = device(viewer, attempt, SHARED)
    region = watching.get(url(attempt), **HTMX).content.decode()
    assert by_id(region, "seat-viewer") == "You are watching: viewers do not play."
    assert enabled_controls(region) == []
    assert watching.post(url(attempt, "move"), PLAY_BLUE_3).status_code == 403
    assert not AttemptMove.objects.exists()


def test_an_undo_is_announced_on_another_member_s_device_in_its_language(attempt, member):
    """Ana's phone undoes her Blue 3; a Portuguese reader's device fetching the table reads who
    undid what, in Portuguese (the change is stored as data, not as a sentence)."""
    ana = device(member.user, attempt, "Ana")
    ana.post(url(attempt, "move"), PLAY_BLUE_3, **HTMX)
    ana.post(url(attempt, "undo"), {"version": 1}, **HTMX)
    attempt.refresh_from_db()
    assert attempt.last_change == {
        "kind": "undo",
        "by": "Ana",
        "params": {"move": {"play": "blue-3"}},
    }
    other = MembershipFactory(group=attempt.adventure.group, role=Role.PLAYER).user
    reader = device(other, attempt, "Cy", language="pt-br")
    region = reader.get(url(attempt), **HTMX).content.decode()
    assert by_id(region, "announcement") == "Ana desfez a carta Azul 3 de Ana."


def test_a_stale_device_is_told_what_changed_the_table(attempt, member):
    ana = device(member.user, attempt, "Ana")
    ana.post(url(attempt, "move"), PLAY_BLUE_3, **HTMX)
    ana.post(url(attempt, "undo"), {"version": 1}, **HTMX)
    late = ana.post(url(attempt, "move"), {**PLAY_BLUE_3, "version": 1}, **HTMX).content.decode()
    assert "Ana just undid a move: the table below is the current one." in late


def test_an_abandoned_mission_leaves_no_enabled_control_on_any_device(attempt, member):
    ana = device(member.user, attempt, "Ana")
    ana.post(url(attempt, "move"), PLAY_BLUE_3, **HTMX)
    ana.post(url(attempt, "abandon"), {"version": 1}, **HTMX)
    for seat in ("Ben", SHARED, None):
        region = device(member.user, attempt, seat).get(url(attempt), **HTMX).content.decode()
        assert enabled_controls(region) == [], seat
        assert by_id(region, "announcement") == "Ana abandoned the mission."
        assert "Mission abandoned" in by_id(region, "status")  # not "Play a card" any more
        assert "Play a card" not in region
        assert f'href="{attempt.get_absolute_url()}"' in region


def test_a_refused_plain_post_redirects_to_the_table_and_shows_the_refusal_once(attempt, member):
    ben = device(member.user, attempt, "Ben")
    answer = ben.post(url(attempt, "move"), PLAY_BLUE_3)
    assert answer.status_code == 302
    assert answer["Location"] == url(attempt)
    page = ben.get(url(attempt)).content.decode()
    assert element_text(page, "refusal") == "This device plays for Ben: it cannot move for Ana."
    assert not has_id(ben.get(url(attempt)).content.decode(), "refusal")
    assert not AttemptMove.objects.exists()


def test_the_automa_s_moves_may_be_entered_by_any_human_seat(adventure, member):
    """Two players with the Automa: the Automa's card is entered from Ben's phone as well as
    Ana's (``seat_for_move``)."""
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben"], first_player="Automa",
        automa_river=RIVER,
    )  # fmt: skip
    state = table.state_of(attempt)
    assert state.phase == "automa"
    ben = device(member.user, attempt, "Ben")
    page = ben.get(url(attempt)).content.decode()
    assert not has_id(page, "seat-waiting")
    automa = next_move(state)  # the river card, and the card drawn to refill the river
    move = {
        "kind": "automa-river",
        "version": 0,
        "card": automa["card"],
        "refill": automa["refill"],
    }
    ben.post(url(attempt, "move"), move, **HTMX)
    assert AttemptMove.objects.get(attempt=attempt).payload == automa


def test_one_device_for_the_whole_table_names_the_seat_that_moved_and_undid(attempt, member):
    """A phone passed around, signed in as its owner: Ana's card and its undo are said to be
    Ana's, not the owner's; the undo control shows only while there is a move to undo."""
    shared = device(member.user, attempt, SHARED)
    assert not has_id(shared.get(url(attempt)).content.decode(), "undo-form")
    shared.post(url(attempt, "move"), {**PLAY_BLUE_3, "playing_as": "Ana"}, **HTMX)
    attempt.refresh_from_db()
    assert attempt.last_change["by"] == "Ana"
    assert has_id(shared.get(url(attempt)).content.decode(), "undo-form")
    shared.post(url(attempt, "undo"), {"version": 1}, **HTMX)
    attempt.refresh_from_db()
    assert attempt.last_change["by"] == "Ana"
    page = shared.get(url(attempt)).content.decode()
    assert by_id(page, "announcement") == "Ana undid Ana's Blue 3."
    assert not has_id(page, "undo-form")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("ca", "Aquest dispositiu juga per Ben: no pot jugar per l’Automa."),
        ("pt-br", "Este aparelho joga por Ben: não pode jogar pelo Automa."),
        ("en", "This device plays for Ben: it cannot move for the Automa."),
    ],
)
def test_the_automa_is_named_with_its_article_at_the_table(adventure, member, language, said):
    """A card played for the Automa from Ben's phone is refused naming the Automa as the
    catalog's Automa sentences do: "per l’Automa", "pelo Automa" (``web.seats.seat_name``)."""
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben"], first_player="Automa",
        automa_river=RIVER,
    )  # fmt: skip
    ben = device(member.user, attempt, "Ben", language=language)
    play = {"kind": "play", "card": RIVER[0], "version": 0}
    answer = ben.post(url(attempt, "move"), play, **HTMX).content.decode()
    assert said in answer
    assert not AttemptMove.objects.exists()
