import pytest

from tests.factories import AdventureFactory


@pytest.fixture
def adventure(group, owner):
    return AdventureFactory(group=group, by=owner)
