"""Fixtures of the Bonfire tests: the test client is one device for the whole table of every
game it posts to (``web.seats``), unless a test binds it to a player."""

import pytest

from tests.support.seats import TableClient


@pytest.fixture
def client():
    return TableClient()
