"""The database session store, reading its row with a prepared query.

Every page and every move loads the session; Django's store builds its query anew each time, which
cost more than the query itself. Same table, same rows, same expiry rule.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from config.prepared import Prepared

SESSION_BY_KEY = Prepared(lambda key: Session.objects.filter(session_key=key), "session-key")


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        # A key that is not valid (``SessionBase._validate_session_key``) reads as None.
        key = self.session_key
        found = SESSION_BY_KEY.first(key) if key else None
        if found is None or found.expire_date <= timezone.now():
            self._session_key = None
            return None
        return found
