"""Django's model backend, loading the signed-in user with a prepared query (every request
that needs the user does this once)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends
from django.contrib.auth.models import User

from config.prepared import Prepared, placeholder_ids

USER_BY_ID = Prepared(lambda pk: User.objects.filter(pk=pk), *placeholder_ids(1))


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id: Any) -> User | None:
        try:
            pk = int(user_id)
        except (TypeError, ValueError):
            return None
        user = USER_BY_ID.first(pk)
        return user if user is not None and self.user_can_authenticate(user) else None
