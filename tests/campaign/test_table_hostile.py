"""A content pack is data from outside: whatever its ids and names say, no page lets them out of
their place. Every page and partial of an adventure, rendered from a pack whose red colour is
called ``</script><img src=x>``: no script data holds a raw ``<`` (JSON meets
HTML only through ``json_script``), and the markup never carries the string unescaped."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaign import services
from campaign.table import services as table
from games.content import default_pack
from games.packs import import_pack
from tests.campaign import table_helpers as helpers
from tests.factories import log_attempt

pytestmark = pytest.mark.django_db
HOSTILE = "</script><img src=x>"  # within the pack's 20 characters for an id
HTMX = {"HTTP_HX_REQUEST": "true"}
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL | re.IGNORECASE)


def hostile(value):
    """The default pack with its red colour's id and name replaced (envelope colours are the
    physical envelopes' own, not the pack's)."""
    if isinstance(value, dict):
        return {k: v if k == "envelopes" else hostile(v) for k, v in value.items()}
    if isinstance(value, list):
        return [hostile(v) for v in value]
    if value == "red":
        return HOSTILE
    if value == "Red":
        return f"Red {HOSTILE}"
    return value


@pytest.fixture
def adventure(member):
    pack = import_pack(data=hostile(default_pack().to_json()))
    return services.start_adventure(
        group=member.group, name="Hostile", by=member.user, content_pack=pack
    )


def scripts_are_inert(html):
    for attributes, body in SCRIPT.findall(html):
        assert "<" not in body, (attributes, body[:200])
    assert "<img src=x" not in html


def test_every_page_and_partial_keeps_the_pack_in_its_place(member, adventure):
    client = Client()
    client.force_login(member.user)
    log_attempt(adventure, result="failure", reason="objective-not-met")
    setup = client.get(reverse("table:setup", args=[adventure.group_id, adventure.pk]))
    scripts_are_inert(setup.content.decode())
    attempt = table.begin_mission(
        adventure=adventure,
        by=member.user,
        players=["Ana", "Ben", "Cy"],
        first_player="Ana",
        trump=HOSTILE,
    )
    helpers.play_until(attempt, member.user, "place")
    group, pk = adventure.group_id, adventure.pk
    attempt_args = [group, pk, attempt.number]
    pages = [
        reverse("campaign:dashboard", args=[group, pk]),
        reverse("campaign:log", args=[group, pk]),
        reverse("campaign:history", args=[group, pk]),
        reverse("campaign:attempt", args=[group, pk, 1]),
        reverse("campaign:attempt-edit", args=[group, pk, 1]),
        reverse("campaign:audit", args=[group, pk]),
        reverse("campaign:reference", args=[group, pk]),
        reverse("campaign:group-history", args=[group]),
        reverse("table:table", args=attempt_args),
        reverse("stats:adventure", args=[group, pk]),
    ]
    rendered = 0
    for url in pages:
        for headers in ({}, HTMX):
            response = client.get(url, **headers)
            assert response.status_code == 200, url
            html = response.content.decode()
            scripts_are_inert(html)
            rendered += 1
    # The table region a move answers with, and a refusal's.
    attempt.refresh_from_db()
    move = client.post(
        reverse("table:move", args=attempt_args),
        {"kind": "place", "cells": "0,0 0,1", "version": attempt.version},
        **HTMX,
    )
    scripts_are_inert(move.content.decode())
    page = client.get(reverse("table:table", args=attempt_args)).content.decode()
    assert 'id="board-data"' in page
    assert "\\u003C/script\\u003E" in page  # the hostile id reached the JSON, escaped
    assert rendered == 2 * len(pages)
