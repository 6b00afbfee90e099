"""The table's region is drawn once per change: the devices that fetch it on the change's event
share the mover's drawing (``campaign.table.views.shared_region``)."""

import threading

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models import MissionAttempt
from campaign.table import views
from tests.campaign.test_table_views import HTMX, url
from tests.support.pages import has_id

pytestmark = pytest.mark.django_db


def key_for(attempt, member):
    attempt = MissionAttempt.objects.get(pk=attempt.pk)
    return views.region_key(attempt, member)


def test_a_fetch_waits_for_the_drawing_another_request_is_making(member_client, attempt, member):
    key = key_for(attempt, member)
    assert cache.add(f"{key}:drawing", True, 5)
    drawing = b'<div id="table">drawn once</div>'
    threading.Timer(0.2, cache.set, args=(key, drawing, 60)).start()
    response = member_client.get(url(attempt), **HTMX)
    assert response.status_code == 200
    assert response.content == drawing


def test_a_drawing_that_never_comes_is_drawn_by_the_fetch(
    member_client, attempt, member, monkeypatch
):
    monkeypatch.setattr(views, "RENDER_WAIT_SECONDS", 0.05)
    assert cache.add(f"{key_for(attempt, member)}:drawing", True, 5)
    response = member_client.get(url(attempt), **HTMX)
    assert response.status_code == 200
    assert has_id(response.content.decode(), "table")


def test_a_fetch_after_a_move_reads_no_game_and_no_pack_document(member_client, attempt):
    moved = member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX
    )
    assert moved.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        fetched = member_client.get(url(attempt), **HTMX)
    assert fetched.content == moved.content
    read = " ".join(q["sql"].split(" FROM ")[0] for q in queries.captured_queries)
    for column in ('"state"', '"setup"', '"changes"', '"document"'):
        assert column not in read, column
