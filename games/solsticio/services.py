"""Starting a Solsticio game, opening it to a second member and playing its moves, always through
the rules engine.

The game's document is the engine's state; a move is applied under a row lock and with the version
the page showed, so two devices (or a second tab) never play over each other: a move made on an
older page is refused and nothing is saved. Every change is pushed to the game's open pages
(``events.LIVE``, channel ``solsticio:<id>``) once it commits; the move that ends the game writes
its play to the group's play log (``games.playlog.log_play``) in the same transaction, once.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.actors import stored_actor
from games.content.solsticio import solsticio_pack
from games.models import BuiltinGame, CatalogGame, SolsticioGame, SolsticioMode
from games.playlog import LineData, PlayData, ensure_catalog, log_play
from games.rules.solsticio import (
    IllegalMove,
    State,
    apply_move,
    from_dict,
    new_game,
    outcome,
    to_dict,
)
from games.solsticio import events
from games.solsticio.events import stamp as stamp  # the page's stamp, read here by the views
from groups.models import Group, Membership

#: What a refused move says, by the engine's stable code; each names the rule (seed 001).
MOVE_ERRORS = {
    "not-your-turn": _("It is not this player's turn (or choice)."),
    # ``not-your-turn`` while the Evil Spirit waits to be placed: say which rule.
    "cover-by-holder": _(
        "The Evil Spirit's holder does not place it: the other player chooses which of the "
        "holder's Spirits it covers (S5)."
    ),
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
    # Not the engine's: the page's member does not hold the seat the move names.
    "not-your-seat": _(
        "You are not this player in this game: you can watch it, not move for them."
    ),
}

#: What opening a game to a second member may say.
OPEN_ERRORS = {
    "not-yours": _("Only the member who dealt this game can open it to someone."),
    "already-open": _("This game is already played on two devices."),
    "not-a-player": _("Choose another member of the group who can play."),
    "started": _("Open the game before its first move."),
}


class SolsticioMoveError(Exception):
    """A move the rules refused; ``code`` is the engine's, ``message`` what the page says."""

    def __init__(self, code: str, says: str | None = None) -> None:
        self.code = code
        self.message = MOVE_ERRORS.get(says or code, MOVE_ERRORS["bad-move"])
        super().__init__(str(self.message))


class SolsticioOpenError(Exception):
    def __init__(self, code: str) -> None:
        self.code = code
        self.message = OPEN_ERRORS[code]
        super().__init__(str(self.message))


def start_solsticio_game(
    *, group: Group, players: tuple[str, str], seed: int, by: Any, opponent: Any = None
) -> SolsticioGame:
    """A new game with the sample content, dealt from ``seed``. The dealer holds the first seat;
    with an ``opponent`` (a member) the game is played on two devices, otherwise on the dealer's
    device passed between the players."""
    state = new_game(solsticio_pack().scenario(players), seed)
    dealer = stored_actor(by)
    game = SolsticioGame.objects.create(
        group=group,
        created_by=dealer,
        players=list(players),
        mode=SolsticioMode.ONE_DEVICE if opponent is None else SolsticioMode.TWO_DEVICES,
        first_user=dealer,
        second_user=dealer if opponent is None else opponent,
        document=to_dict(state),
        version=state.version,
    )
    events.LIVE.changed(game)
    return game


def game_state(game: SolsticioGame) -> State:
    return from_dict(game.document)


def seats_of(game: SolsticioGame, user: Any) -> list[str]:
    """The players' names ``user`` moves for: both on one device, one on two, none for others."""
    pk = getattr(user, "pk", None)
    holders = (game.first_user_id, game.second_user_id)
    return [name for name, holder in zip(game.players, holders, strict=True) if pk and holder == pk]


@transaction.atomic
def open_to(*, game: SolsticioGame, member: Any, by: Any) -> SolsticioGame:
    """Give the second seat to another member of the group: the game is now played on two
    devices. Only its dealer, before the first move."""
    locked = SolsticioGame.objects.select_for_update().get(pk=game.pk)
    if locked.first_user_id is None or locked.first_user_id != getattr(by, "pk", None):
        raise SolsticioOpenError("not-yours")
    if locked.mode == SolsticioMode.TWO_DEVICES:
        raise SolsticioOpenError("already-open")
    if locked.version:
        raise SolsticioOpenError("started")
    membership = Membership.objects.filter(group_id=locked.group_id, user=member).first()
    if membership is None or not membership.can_play or member.pk == locked.first_user_id:
        raise SolsticioOpenError("not-a-player")
    locked.mode = SolsticioMode.TWO_DEVICES
    locked.second_user = member
    locked.save(update_fields=["mode", "second_user", "updated_at"])
    events.LIVE.changed(locked)
    return locked


@transaction.atomic
def play_solsticio_move(
    *, game: SolsticioGame, move: dict[str, Any], version: int, by: Any
) -> State:
    """Apply one move made by ``by`` on the page showing ``version``; raises
    ``SolsticioMoveError``. The move that ends the game logs its play."""
    locked = SolsticioGame.objects.select_for_update().get(pk=game.pk)
    if move.get("seat") not in seats_of(locked, by):
        raise SolsticioMoveError("not-your-seat")
    state = game_state(locked)
    try:
        state = apply_move(state, {**move, "version": version})
    except IllegalMove as exc:
        raise SolsticioMoveError(exc.code, refusal(state, exc.code)) from None
    locked.document = to_dict(state)
    locked.version = state.version
    locked.over = state.over
    fields = ["document", "version", "over", "updated_at"]
    if state.over and locked.play_id is None:
        locked.play = log_finished_game(locked, state, by)
        fields.append("play")
    locked.save(update_fields=fields)
    events.LIVE.changed(locked)
    return state


def refusal(state: State, code: str) -> str:
    """Which message a refused move gets: its code's, or a closer one that names the rule."""
    waiting = state.pending[0].kind if state.pending else None
    return "cover-by-holder" if code == "not-your-turn" and waiting == "cover" else code


def log_finished_game(game: SolsticioGame, state: State, by: Any) -> Any:
    """The finished game as a play of the group's play log: both players with their scores."""
    result = outcome(state)
    assert result.scores is not None
    group = game.group
    ensure_catalog(group=group)
    catalog = CatalogGame.objects.get(group=group, builtin=BuiltinGame.SOLSTICIO)
    lines = [
        LineData(
            name=name,
            score=Decimal(result.scores[name]),
            score_text=str(result.scores[name]),
            winner=name == result.winner,
            start_player=name == state.setup.first_player,
        )
        for name in state.players
    ]
    return log_play(
        group=group, data=PlayData(game=catalog, played_at=timezone.now(), lines=lines), by=by
    )
