"""The table screen's views: scoping, rights, partial vs full page, Vary, polling."""

import pytest
from django.test import Client
from django.urls import reverse

from campaign import table
from campaign.models import AttemptMove
from groups.models import Role
from tests.campaign import table_helpers as helpers
from tests.factories import AdventureFactory, MembershipFactory

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def member():
    return MembershipFactory(role=Role.OWNER)


@pytest.fixture
def adventure(member):
    return AdventureFactory(group=member.group)


@pytest.fixture
def attempt(adventure, member):
    return table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )


@pytest.fixture
def client(member):
    client = Client()
    client.force_login(member.user)
    return client


def url(attempt, name="table"):
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def test_setup_page_shows_the_mission_board_objectives_and_the_reminder(client, adventure):
    response = client.get(reverse("table:setup", args=[adventure.group_id, adventure.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Mission 1: First Light in the Glade" in html
    assert "Surround standing-stone" in html
    assert "Limited communication" in html
    assert "Power tile on Hearth space" in html


def test_setup_starts_the_mission_and_an_open_one_is_resumed(client, adventure):
    setup_url = reverse("table:setup", args=[adventure.group_id, adventure.pk])
    response = client.post(
        setup_url, {"players": "Ana\nBen\nCy", "first_player": "Ben", "trump": "green"}
    )
    attempt = adventure.attempts.get()
    assert response.status_code == 302
    assert response["Location"] == url(attempt)
    assert table.state_of(attempt).current_seat == "Ben"
    assert table.state_of(attempt).trump == "green"
    assert client.get(setup_url)["Location"] == url(attempt)


def test_setup_with_two_players_needs_four_river_cards(client, adventure):
    setup_url = reverse("table:setup", args=[adventure.group_id, adventure.pk])
    response = client.post(setup_url, {"players": "Ana\nBen", "first_player": "Ana",
                                       "trump": "blue", "automa_river": ["blue-1"]})  # fmt: skip
    assert response.status_code == 200
    assert "Tick exactly 4 face-up cards for the Automa." in response.content.decode()


def test_other_groups_get_404(attempt):
    stranger = Client()
    stranger.force_login(MembershipFactory(role=Role.OWNER).user)
    for name in ("table", "poll"):
        assert stranger.get(url(attempt, name)).status_code == 404
    response = stranger.post(url(attempt, "move"), {"kind": "play", "card": "blue-1", "version": 0})
    assert response.status_code == 404


def test_viewers_see_the_table_but_get_403_on_moves(attempt):
    viewer = MembershipFactory(group=attempt.adventure.group, role=Role.VIEWER).user
    client = Client()
    client.force_login(viewer)
    assert client.get(url(attempt)).status_code == 200
    data = {"kind": "play", "card": "blue-1", "version": 0}
    assert client.post(url(attempt, "move"), data).status_code == 403
    assert client.post(url(attempt, "undo"), {"version": 0}).status_code == 403
    assert not AttemptMove.objects.exists()


def test_full_page_and_partial_vary_on_hx_request(client, attempt):
    full = client.get(url(attempt))
    partial = client.get(url(attempt), **HTMX)
    assert b"<html" in full.content
    assert b"<html" not in partial.content
    assert partial.content.lstrip().startswith(b'<div id="table"')
    assert "HX-Request" in full["Vary"]
    assert "HX-Request" in partial["Vary"]


def test_history_restore_gets_the_full_page(client, attempt):
    response = client.get(url(attempt), HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert b"<html" in response.content


def test_a_move_answers_with_a_small_partial(client, attempt):
    response = client.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0},
                           **HTMX)  # fmt: skip
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="status"')
    assert 'id="trick" class="trick panel" aria-label="The trick" hx-swap-oob="true"' in html
    assert 'id="card-blue-3"' in html
    assert "already played" in html
    assert "<html" not in html
    full = client.get(url(attempt))
    assert len(response.content) < len(full.content) / 10


def test_a_move_without_htmx_redirects_to_the_table(client, attempt):
    response = client.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0})
    assert response.status_code == 302
    assert response["Location"] == url(attempt)


def test_an_illegal_move_shows_its_message_in_the_status(client, attempt):
    client.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX)
    response = client.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 1},
                           **HTMX)  # fmt: skip
    html = response.content.decode()
    assert 'data-code="card-already-played"' in html
    assert "card blue-3 was already played" in html


def test_a_stale_move_shows_already_played_and_the_current_table(client, attempt):
    client.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX)
    response = client.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0},
                           **HTMX)  # fmt: skip
    html = response.content.decode()
    assert response["HX-Retarget"] == "#table"
    assert table.ALREADY_PLAYED in html
    assert html.lstrip().startswith('<div id="table"')
    assert AttemptMove.objects.count() == 1


def test_poll_is_unchanged_then_the_table_then_stops_when_over(
    client, attempt, member, django_assert_max_num_queries
):
    with django_assert_max_num_queries(3):  # session, user, and the one scoped version query
        response = client.get(url(attempt, "poll") + "?version=0", **HTMX)
    assert response.status_code == 204
    assert "HX-Request" in response["Vary"]
    table.submit_move(attempt=attempt, move={"play": "blue-3"}, version=0, by=member.user)
    response = client.get(url(attempt, "poll") + "?version=0", **HTMX)
    assert response.status_code == 200
    assert b'data-version="1"' in response.content
    helpers.play_out(attempt, member.user)
    attempt.refresh_from_db()
    response = client.get(url(attempt, "poll") + f"?version={attempt.version}", **HTMX)
    assert response.status_code == 286


def test_undo_answers_with_the_table(client, attempt):
    client.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX)
    response = client.post(url(attempt, "undo"), {"version": 1}, **HTMX)
    assert response["HX-Retarget"] == "#table"
    assert "The last move was undone." in response.content.decode()
    assert AttemptMove.objects.get().undone_at is not None


def test_the_placement_with_an_edge_mismatch_asks_place_anyway(client, attempt, member):
    for version, card in enumerate(("blue-3", "purple-1", "green-1")):
        table.submit_move(attempt=attempt, move={"play": card}, version=version, by=member.user)
    data = {"kind": "place", "cells": "5,7 5,8 5,9 6,7", "version": 3}
    response = client.post(url(attempt, "move"), data, **HTMX)
    html = response.content.decode()
    assert table.EDGE_WARNING in html
    assert "Place anyway" in html
    response = client.post(url(attempt, "move"), {**data, "confirm": "on"}, **HTMX)
    assert response["HX-Retarget"] == "#table"
    assert AttemptMove.objects.count() == 4
