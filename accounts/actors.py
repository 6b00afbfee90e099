"""Who did it: the acting user as the rows that record an action store it."""

from __future__ import annotations

from typing import Any


def stored_actor(by: Any) -> Any:
    """The user to store as the author of a write, or ``None`` when nobody signed in did it.

    Services take ``by`` from a request (possibly ``AnonymousUser``), a command or a test
    (``None``); only a saved account can be referenced by a foreign key.
    """
    return by if getattr(by, "pk", None) else None
