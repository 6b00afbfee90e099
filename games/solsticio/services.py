"""Starting a tracked Solsticio game and playing its moves, always through the rules engine.

The game's document is the engine's state; a move is applied under a row lock and with the version
the page showed, so two devices (or a second tab) never play over each other: a move made on an
older page is refused and nothing is saved.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.actors import stored_actor
from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame
from games.rules.solsticio import IllegalMove, State, apply_move, from_dict, new_game, to_dict
from groups.models import Group

#: What a refused move says, by the engine's stable code; each names the rule (seed 001).
MOVE_ERRORS = {
    "not-your-turn": _("It is not this player's turn (or choice)."),
    "not-in-hand": _("That tile is not in the player's hand (S1)."),
    "must-capture": _("A capture is possible, so exactly one tile must be captured (S1, S6)."),
    "not-capturable": _("The tile played cannot capture that tile (S1)."),
    "must-pass": _("The Earth pile is empty and no tile in hand can capture: pass (S6)."),
    "cannot-pass": _("Passing is only allowed once the Earth pile is empty (S6)."),
    "game-over": _("The game is over: neither player can capture (S6)."),
    "rainbow-not-adjacent": _(
        "A Rainbow goes orthogonally next to an Earth tile of the panorama (S3)."
    ),
    "not-a-place": _("That place of the panorama is not free (S3)."),
    "not-drawn": _("Choose one of the Spirits drawn (S5)."),
    "not-a-free-rainbow": _("The Spirit goes on one of the player's free Rainbows (S3, S4)."),
    "not-coverable": _("The Evil Spirit covers one of its holder's own Spirits (S5)."),
    "choice-required": _("Another choice must be made first."),
    "nothing-to-choose": _("There is nothing to choose now."),
    "stale-move": _(
        "Someone else just played: this is the table as it is now. Make your move again."
    ),
    "bad-move": _("That move could not be read."),
}


class SolsticioMoveError(Exception):
    """A move the rules refused; ``code`` is the engine's, ``message`` what the page says."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.message = MOVE_ERRORS.get(code, MOVE_ERRORS["bad-move"])
        super().__init__(str(self.message))


def start_solsticio_game(
    *, group: Group, players: tuple[str, str], seed: int, by: Any
) -> SolsticioGame:
    """A new game with the sample content, dealt from ``seed``."""
    state = new_game(solsticio_pack().scenario(players), seed)
    return SolsticioGame.objects.create(
        group=group,
        created_by=stored_actor(by),
        players=list(players),
        document=to_dict(state),
        version=state.version,
    )


def game_state(game: SolsticioGame) -> State:
    return from_dict(game.document)


@transaction.atomic
def play_solsticio_move(*, game: SolsticioGame, move: dict[str, Any], version: int) -> State:
    """Apply one move made on the page showing ``version``; raises ``SolsticioMoveError``."""
    locked = SolsticioGame.objects.select_for_update().get(pk=game.pk)
    state = game_state(locked)
    try:
        state = apply_move(state, {**move, "version": version})
    except IllegalMove as exc:
        raise SolsticioMoveError(exc.code) from None
    locked.document = to_dict(state)
    locked.version = state.version
    locked.over = state.over
    locked.save(update_fields=["document", "version", "over", "updated_at"])
    return state
