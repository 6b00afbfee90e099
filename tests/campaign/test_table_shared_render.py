"""The table's region is drawn once per change: the devices that fetch it on the change's event
share the mover's drawing (``campaign.table.views.shared_region``)."""

from dataclasses import replace

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.models import MissionAttempt
from campaign.table import events, views
from tests.campaign.test_table_seats import device
from tests.campaign.test_table_views import HTMX, url
from tests.support.controls import enabled_controls
from web import answered, live

pytestmark = pytest.mark.django_db


def key_for(attempt, member):
    attempt = MissionAttempt.objects.get(pk=attempt.pk)
    return views.region_key(attempt, member)


def test_a_moves_event_goes_out_once_its_answer_is_drawn(
    member_client, attempt, member, monkeypatch, transactional_db
):
    """The event is sent after the mover's response (``web.answered``), so the devices that
    fetch on it find the region drawn (the test client sends ``request_finished`` as a server
    does, once the response is complete)."""
    sent = []

    def publish_now(channel, message):
        drawn = cache.get(key_for(attempt, member)) is not None
        sent.append((channel, message, answered.requests.answering, drawn))

    monkeypatch.setattr(live, "publish_now", publish_now)
    moved = member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX
    )
    assert moved.status_code == 200
    attempt.refresh_from_db()
    assert sent == [(events.table_channel(attempt.pk), events.stamp(attempt), False, True)]


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


def test_devices_bound_to_other_seats_share_the_drawing_each_with_its_own_controls(attempt, member):
    """The region is drawn once for every seat (``web.seats.GATES``): a device bound to Ben,
    due after Ana's card, is served the mover's drawing with Ben's controls enabled and undo
    offered; one bound to Cy the same drawing, waiting for Ben, its cards disabled."""
    ana, ben, cy = (device(member.user, attempt, seat) for seat in ("Ana", "Ben", "Cy"))
    moved = ana.post(url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX)
    assert moved.status_code == 200
    key = key_for(attempt, member)
    drawing = cache.get(key)
    assert drawing is not None
    cache.set(key, replace(drawing, html=drawing.html.replace("Blue 3", "Blue 3 (shared)")))
    with CaptureQueriesContext(connection) as queries:
        regions = {name: d.get(url(attempt), **HTMX).content.decode() for name, d in
                   (("ben", ben), ("cy", cy))}  # fmt: skip
    read = " ".join(q["sql"].split(" FROM ")[0] for q in queries.captured_queries)
    assert '"state"' not in read
    for region in regions.values():
        assert "Blue 3 (shared)" in region
        assert "data-seat-gate" not in region
        assert "<!--" not in region.split('id="seat-bar"')[0]
    assert "I am Ben" in regions["ben"]
    assert "Waiting for Ben" in regions["cy"]
    assert any(c.startswith("button#card-") for c in enabled_controls(regions["ben"]))
    assert not any(c.startswith("button#card-") for c in enabled_controls(regions["cy"]))
    for region in regions.values():
        assert 'id="undo-form"' in region
