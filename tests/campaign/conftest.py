"""Fixtures of the campaign tests: an adventure of the ``group`` fixture, its owner's membership
(the table tests act as ``member.user``, signed in through ``member_client``), and a mission
begun at the table."""

import pytest

from campaign.table import services as table
from groups.models import Membership
from tests.factories import AdventureFactory
from tests.support.seats import TableClient


@pytest.fixture
def member(group, owner):
    return Membership.objects.get(group=group, user=owner)


@pytest.fixture
def adventure(group, owner):
    return AdventureFactory(group=group, by=owner)


@pytest.fixture
def attempt(adventure, member):
    """Mission 1 begun at the table by three players, no Automa."""
    return table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )


@pytest.fixture
def member_client(member):
    """A browser signed in as ``member``, the one device for the whole table of every table it
    posts to (``web.seats``)."""
    client = TableClient()
    client.force_login(member.user)
    return client
