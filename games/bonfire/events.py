"""Bonfire's side of the live-game kit (``web.live``): the group's games a stream or stamp URL
finds, and the columns of a game's *stamp*: its version (every move and the finish add one) and
the time its row was saved. Its services publish it (``LIVE.changed``) once each write commits,
and every player's page then fetches its own region."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from web.live import LiveGame


def group_games(group_id: int) -> QuerySet[Any]:
    from games.models import BonfirePlay

    return BonfirePlay.objects.for_group(group_id)


LIVE = LiveGame(
    kind="bonfire",
    games=group_games,
    fields=("version", "updated_at"),
    url_fields={"play_id": "pk"},
)


def stamp(play: Any) -> str:
    return LIVE.stamp(play)
