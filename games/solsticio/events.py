"""Solsticio's side of the live-game kit (``web.live``): the group's games a stream or stamp URL
finds, and the columns of a game's *stamp*: its count of changes (moves, undos and the abandon:
it only grows, while the number of moves goes back on an undo), its version, who holds the seats
and the time its row was saved (opening the game to a member saves it without a move). Its
services publish it (``LIVE.changed``) once each write commits."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from web.live import LiveGame


def group_games(group_id: int) -> QuerySet[Any]:
    from games.models import SolsticioGame

    return SolsticioGame.objects.filter(group_id=group_id)


LIVE = LiveGame(
    kind="solsticio",
    games=group_games,
    fields=("changes", "version", "mode", "second_user_id", "updated_at"),
    url_fields={"game_id": "pk"},
)


def stamp(game: Any) -> str:
    return LIVE.stamp(game)
