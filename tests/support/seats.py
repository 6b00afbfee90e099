"""Saying which seat a test client's device holds (``web.seats``), as the seat picker does."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import Resolver404, resolve

from web.seats import SESSION_KEY, SHARED

# A game's URL namespace → the key its views bind a device's seat under, from the URL's kwargs.
KEYS = {
    "table": lambda kw: f"table:{kw['adventure_id']}",
    "bonfire": lambda kw: f"bonfire:{kw['play_id']}",
}


def bind(client: Any, key: str, seat: str = SHARED) -> None:
    """The device of ``client`` holds ``seat`` in game ``key`` (by default: one device for the
    whole table)."""
    session = client.session
    session[SESSION_KEY] = {**session.get(SESSION_KEY, {}), key: seat}
    session.save()


class TableClient(Client):
    """A device that is the one device for the whole table of every game it posts to, unless it
    said otherwise: what the tests of a game's rules at the table assume."""

    def post(self, path: str, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        key = game_key(str(path))
        if key and self.session.get(SESSION_KEY, {}).get(key) is None:
            bind(self, key)
        return super().post(path, *args, **kwargs)


def game_key(path: str) -> str:
    """The seat-binding key of the game a URL belongs to, or ""."""
    try:
        match = resolve(path.split("?")[0])
    except Resolver404:
        return ""
    key_of = KEYS.get(match.namespace)
    try:
        return key_of(match.kwargs) if key_of else ""
    except KeyError:
        return ""
