"""The event stream under a WSGI server (the test server, ``live_server``): it cannot be held
there, so the stream URL answers at once with 204 No Content (an EventSource does not reconnect
on it) and the page's polling fallback takes over; nothing is logged as an error."""

import pytest
from django.urls import reverse

from campaign.table import services as table
from groups.models import Role
from tests.factories import PASSWORD, AdventureFactory, MembershipFactory
from tests.support.http import WebClient


@pytest.fixture
def attempt(transactional_db):
    member = MembershipFactory(role=Role.OWNER, user__username="wsgi-ana")
    adventure = AdventureFactory(group=member.group)
    return table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )


def test_the_stream_answers_no_content_under_wsgi_and_the_version_url_still_works(
    live_server, attempt, capfd
):
    adventure = attempt.adventure
    args = [adventure.group_id, adventure.pk, attempt.number]
    device = WebClient(live_server.url)
    device.log_in("wsgi-ana", PASSWORD)
    capfd.readouterr()
    stream = device.get(reverse("table:stream", args=args))
    assert stream.status == 204
    assert stream.body == ""
    assert stream.seconds < 5
    version = device.get(reverse("table:version", args=args))
    assert version.status == 200
    assert version.body.startswith("0-")
    logged = capfd.readouterr().err
    assert "Traceback" not in logged
    assert "async_generator" not in logged
    # Not a member: still 404, as every URL of the group.
    assert WebClient(live_server.url).get(reverse("table:stream", args=args)).status == 404
