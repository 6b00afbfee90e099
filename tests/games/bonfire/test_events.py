"""Bonfire's side of the live-game kit: every write publishes the game's new stamp once it
commits, the stamp URL gives it to the game's group only, and a player's page answers htmx's
fetch with its ``#table`` region, the stamp the stream sent on it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.bonfire import events, services
from games.content.bonfire import default_content
from games.models import BonfirePlay, BonfireSeat
from tests.factories import MembershipFactory
from web import live

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(group: Any, owner: Any) -> BonfirePlay:
    return services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


@pytest.fixture
def published(monkeypatch: Any) -> list[tuple[str, str]]:
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(
        live, "publish_now", lambda channel, message: sent.append((channel, message))
    )
    return sent


def test_start_move_and_finish_each_publish_the_new_stamp_once_committed(
    group, owner, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.start_play(
            group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
        )
    channel = f"questlog:live:bonfire:{game.pk}"
    assert published == [(channel, events.stamp(game))]
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.submit_move(seat=ana, version=0, move={"kind": "move_ship", "to": "ember"})
        assert len(published) == 1  # nothing before the commit
    for callback in callbacks:
        callback()
    game.refresh_from_db()
    assert published[-1] == (channel, events.stamp(game))
    assert published[-1][1].startswith("1-")
    with django_capture_on_commit_callbacks(execute=True):
        services.finish_play(
            play=game, version=1, by=owner, scores=[services.FinalScore(score=None)] * 2
        )
    game.refresh_from_db()
    assert published[-1] == (channel, events.stamp(game))
    assert published[-1][1].startswith("2-")
    assert len(published) == 3


def test_the_stamp_url_answers_the_games_group_only(client, game, player):
    url = reverse("bonfire:version", args=[game.group_id, game.pk])
    client.force_login(player)
    answer = client.get(url)
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "no-store"
    assert answer.content.decode() == events.stamp(game)
    stranger = Client()
    stranger.force_login(MembershipFactory().user)
    assert stranger.get(url).status_code == 404
    elsewhere = reverse("bonfire:version", args=[MembershipFactory().group_id, game.pk])
    assert client.get(elsewhere).status_code == 404
    assert Client().get(url).status_code == 302  # to the login page


def test_a_players_page_listens_and_htmx_gets_its_region(client, game, viewer):
    """A viewer's page too: it listens to the game's stream and fetches its region on a change."""
    seat = BonfireSeat.objects.get(play=game, name="Ben")
    url = reverse("bonfire:seat", args=[game.group_id, game.pk, seat.pk])
    client.force_login(viewer)
    page = client.get(url).content.decode()
    assert f'sse-connect="{reverse("bonfire:stream", args=[game.group_id, game.pk])}"' in page
    assert f'data-version-url="{reverse("bonfire:version", args=[game.group_id, game.pk])}"' in page
    assert "Refresh" not in page
    region = client.get(url, **HTMX)
    assert "HX-Request" in region["Vary"]
    html = region.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert f'data-stamp="{events.stamp(game)}"' in html
    assert f'hx-get="{url}"' in html
    assert 'id="live"' not in html
