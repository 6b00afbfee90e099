"""Fixtures of the games tests: a signed-in superuser for the admin."""

import pytest


@pytest.fixture
def admin_client(client, django_user_model):
    user = django_user_model.objects.create_superuser("admin", "a@example.org", "pw-admin-123")
    client.force_login(user)
    return client
