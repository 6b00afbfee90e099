"""A group and its members in each role, for the tests of every app."""

import pytest

from groups.models import Role
from tests.factories import GroupFactory, MembershipFactory


@pytest.fixture
def group(db):
    return GroupFactory()


@pytest.fixture
def owner(group):
    return MembershipFactory(group=group, role=Role.OWNER).user


@pytest.fixture
def player(group):
    return MembershipFactory(group=group, role=Role.PLAYER).user


@pytest.fixture
def viewer(group):
    return MembershipFactory(group=group, role=Role.VIEWER).user


@pytest.fixture
def outsider(db):
    """A user in another group only."""
    return MembershipFactory(role=Role.OWNER).user
