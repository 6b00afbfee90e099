"""The table's events: what is published, when, by whom (the services, not a model signal), and how
a process hands it to its streams."""

import asyncio
import threading

import pytest

from campaign import services
from campaign.table import events
from campaign.table import services as table
from groups.models import Membership, Role
from tests.factories import MembershipFactory
from web import live

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(monkeypatch):
    sent = []
    monkeypatch.setattr(
        live, "publish_now", lambda channel, message: sent.append((channel, message))
    )
    return sent


def test_a_move_publishes_the_new_stamp_once_committed(
    attempt, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        table.submit_move(attempt=attempt, move={"play": "blue-3"}, version=0, by=None)
        assert published == []  # nothing before the commit
    for callback in callbacks:
        callback()
    attempt.refresh_from_db()
    channel = events.table_channel(attempt.pk)
    assert published[-1] == (channel, events.stamp(attempt))
    assert published[-1][1].startswith("1-")
    assert all(c == channel for c, _ in published)


def test_a_correction_of_a_table_attempt_is_published_and_a_bare_save_is_not(
    attempt, member, published, django_capture_on_commit_callbacks
):
    """The services publish, not a model signal: a correction made on the attempt's page
    (``campaign.services.edit_attempt``) changes the stamp every open table shows."""
    with django_capture_on_commit_callbacks(execute=True):
        table.abandon_mission(attempt=attempt, version=0, by=member.user)
    attempt.refresh_from_db()
    abandoned = events.stamp(attempt)
    assert published[-1] == (events.table_channel(attempt.pk), abandoned)
    with django_capture_on_commit_callbacks(execute=True):
        attempt.save()
    assert published[-1][1] == abandoned  # nothing more
    data = services.AttemptData(
        mission=attempt.mission,
        result="failure",
        reason="coloured-edge",
        players=attempt.players,
        rounds_played=attempt.rounds_played,
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.edit_attempt(attempt=attempt, data=data, by=member.user, log_version=None)
    attempt.refresh_from_db()
    assert attempt.failure_reason == "coloured-edge"
    assert published[-1] == (events.table_channel(attempt.pk), events.stamp(attempt))
    assert published[-1][1] != abandoned


def test_a_removed_member_is_told_gone(published, django_capture_on_commit_callbacks):
    membership = MembershipFactory(role=Role.PLAYER)
    group_id, user_id = membership.group_id, membership.user_id
    with django_capture_on_commit_callbacks(execute=True):
        Membership.objects.filter(pk=membership.pk).delete()
    assert published == [(live.member_channel(group_id, user_id), live.GONE)]


def test_the_hub_hands_a_message_from_another_thread_to_its_streams(settings):
    """The embedded default: a move's thread delivers to the streams of this process's loop;
    a stream on another channel hears nothing."""
    settings.REDIS_URL = ""

    async def scenario():
        here = live.listen("questlog:live:table:1", heartbeat=5)
        other = live.listen("questlog:live:table:2", heartbeat=0.2)
        assert await anext(here) is None  # subscribed
        assert await anext(other) is None
        thread = threading.Thread(target=live.publish_now, args=("questlog:live:table:1", "7-ab"))
        thread.start()
        thread.join()
        heard = await asyncio.wait_for(anext(here), 2)
        quiet = await anext(other)  # the heartbeat's None, not the message
        await here.aclose()
        await other.aclose()
        return heard, quiet

    heard, quiet = asyncio.run(scenario())
    assert heard == ("questlog:live:table:1", "7-ab")
    assert quiet is None
    assert not live.HUB.everyone()  # closed streams are unsubscribed
