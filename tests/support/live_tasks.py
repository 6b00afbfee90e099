"""A task only tests send (a worker imports it with ``--include``): a game write made by a
worker, as a task of Questlog's would make one, whose live event goes out from the worker."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tests.live.solsticio_move")
def solsticio_move(game_id: int, user_id: int) -> int:
    """Play the first legal move of a Solsticio game for ``user_id``; the game's new version."""
    from django.contrib.auth.models import User

    from games.models import SolsticioGame
    from games.rules.solsticio import from_json, legal_moves
    from games.solsticio import services

    game = SolsticioGame.objects.get(pk=game_id)
    move = legal_moves(from_json(game.document))[0]
    by = User.objects.get(pk=user_id)
    return services.play_solsticio_move(game=game, move=move, version=game.version, by=by).version
