"""One rule for who is stored as the author of a write."""

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts.actors import stored_actor
from tests.factories import UserFactory


@pytest.mark.django_db
def test_a_signed_in_account_is_stored_and_anybody_else_is_nobody():
    user = UserFactory()
    assert stored_actor(user) == user
    assert stored_actor(AnonymousUser()) is None
    assert stored_actor(None) is None
