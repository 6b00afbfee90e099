"""Who did it: the acting user as the rows that record an action store it."""

from __future__ import annotations

from typing import Any


def stored_actor(by: Any) -> Any:
    """The author to store, or ``None``: ``by`` may be ``AnonymousUser`` or ``None`` (a command,
    a test), and only a saved account can be referenced by a foreign key."""
    return by if getattr(by, "pk", None) else None
