"""Starting a Solsticio game, opening it to a second member and playing its moves, always through
the rules engine.

The game's document is the engine's state; a move is applied under a row lock and with the version
the page showed, so two devices (or a second tab) never play over each other: a move made on an
older page is refused and nothing is saved. Every change is pushed to the game's open pages
(``events.LIVE``, channel ``solsticio:<id>``) once it commits; the move that ends the game writes
its play to the group's play log (``games.playlog.log_play``) in the same transaction, once.

Each move is also kept in the game's move log (``SolsticioMove``); the document holds the setup
with its deal and the seed, so the game is ``replay(setup, moves in force, seed=seed)``: undo marks
the last move undone and writes the replay back as the document (still the fast read).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.actors import stored_actor
from games.content.solsticio import solsticio_pack
from games.models import BuiltinGame, CatalogGame, SolsticioGame, SolsticioMode, SolsticioMove
from games.playlog import LineData, PlayData, ensure_catalog, log_play
from games.rules.solsticio import (
    IllegalMove,
    State,
    apply,
    from_json,
    new_game,
    outcome,
    replay,
    to_json,
)
from games.solsticio import events
from games.solsticio.events import stamp as stamp  # the page's stamp, read here by the views
from games.solsticio.refusals import NOT_YOUR_SEAT, REFUSALS, refusal_text
from groups.models import Group, Membership
from web import seats, writes

#: What opening a game to a second member may say.
OPEN_ERRORS = {
    "not-yours": _("Only the member who dealt this game can open it to someone."),
    "already-open": _("This game is already played on two devices."),
    "not-a-player": _("Choose another member of the group who can play."),
    "started": _("Open the game before its first move."),
}


ABANDONED = _("This game was abandoned: nothing on its table changes any more.")
FINISHED = _("This game is over: its play is in the play log and nothing changes any more.")
NOTHING_TO_UNDO = _("There is no move to undo.")


class SolsticioMoveError(Exception):
    """A move the rules refused; ``code`` is the engine's, ``message`` what the page says (by
    default the code's sentence, ``games.solsticio.refusals``)."""

    def __init__(self, code: str, message: str | None = None) -> None:
        self.code = code
        self.message = REFUSALS[code].render() if message is None else message
        super().__init__(self.message)


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
    state = new_game(solsticio_pack().scenario(players), seed=seed)
    dealer = stored_actor(by)
    game = SolsticioGame.objects.create(
        group=group,
        created_by=dealer,
        players=list(players),
        mode=SolsticioMode.ONE_DEVICE if opponent is None else SolsticioMode.TWO_DEVICES,
        first_user=dealer,
        second_user=dealer if opponent is None else opponent,
        document=to_json(state),
        version=state.version,
    )
    events.LIVE.changed(game)
    return game


def game_state(game: SolsticioGame) -> State:
    return from_json(game.document)


def seats_of(game: SolsticioGame, user: Any) -> list[str]:
    """The players' names ``user`` moves for: both on one device, one on two, none for others."""
    pk = getattr(user, "pk", None)
    holders = (game.first_user_id, game.second_user_id)
    return [name for name, holder in zip(game.players, holders, strict=True) if pk and holder == pk]


@writes.atomic()
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


@writes.atomic()
def play_solsticio_move(
    *, game: SolsticioGame, move: dict[str, Any], version: int, by: Any
) -> State:
    """Apply one move made by ``by`` on the page showing ``version`` (the game's ``changes``);
    raises ``SolsticioMoveError``. The move that ends the game logs its play."""
    locked = SolsticioGame.objects.select_for_update().get(pk=game.pk)
    if locked.abandoned_at is not None:
        raise SolsticioMoveError("game-ended", str(ABANDONED))
    if move.get("seat") not in seats_of(locked, by):
        raise SolsticioMoveError(NOT_YOUR_SEAT)
    refuse_stale(locked, version)
    state = game_state(locked)
    made = {**move, "version": state.version}  # the engine's own count of moves
    try:
        state = apply(state, made)
    except IllegalMove as exc:
        raise SolsticioMoveError(exc.code, refusal_text(exc, state, solsticio_pack())) from None
    seq = (locked.moves.order_by("-seq").values_list("seq", flat=True).first() or 0) + 1
    SolsticioMove.objects.create(
        game=locked,
        seq=seq,
        payload=made,
        who=str(move.get("seat") or ""),
        created_by=stored_actor(by),
    )
    locked.document = to_json(state)
    locked.version = state.version
    locked.changes += 1
    locked.over = state.over
    locked.last_change = last_change(state, move)
    fields = ["document", "version", "changes", "over", "last_change", "updated_at"]
    if state.over and locked.play_id is None:
        locked.play = log_finished_game(locked, state, by)
        fields.append("play")
    locked.save(update_fields=fields)
    events.LIVE.changed(locked)
    return state


def locked_for_table(game: SolsticioGame, version: int, by: Any) -> SolsticioGame:
    """The game locked for an undo or an abandon by ``by`` on the page showing ``version``:
    refused (``SolsticioMoveError``) when ``by`` holds no seat, the game is over, or the page is
    stale (saying what changed)."""
    locked = SolsticioGame.objects.select_for_update().get(pk=game.pk)
    if not seats_of(locked, by):
        raise SolsticioMoveError(NOT_YOUR_SEAT)
    if locked.abandoned_at is not None:
        raise SolsticioMoveError("game-ended", str(ABANDONED))
    if locked.over:
        raise SolsticioMoveError("game-ended", str(FINISHED))
    refuse_stale(locked, version)
    return locked


def refuse_stale(locked: SolsticioGame, version: int) -> None:
    """A page showing another ``changes`` than the game's is stale: every write counts one more
    (a move, an undo, an abandon), so a page from before an undo and the next move is refused
    too, although the game is back at its number of moves."""
    if locked.changes != version:
        raise SolsticioMoveError("stale-move", seats.stale_text(locked.last_change))


def undoable(game: SolsticioGame) -> bool:
    """Whether ``undo_last_move`` has a move to undo: a move in force, and the log holding every
    move of the game (a game dealt before moves were logged has none to undo)."""
    return bool(game.version) and game.moves.filter(undone_at__isnull=True).count() == game.version


@writes.atomic()
def undo_last_move(*, game: SolsticioGame, version: int, by: Any, who: str = "") -> State:
    """Undo the last move in force: marked undone (who, when) and kept in the log, the game
    replayed from its setup without it. Like the campaign table, any seat's device may undo
    (announced on every device, naming ``who``): the table repairs a wrong tap together. A game
    whose end was scored is over (its play is in the play log): not undone. A game whose log
    does not hold all its moves (dealt before moves were logged) has nothing to undo."""
    locked = locked_for_table(game, version, by)
    in_force = list(locked.moves.filter(undone_at__isnull=True).order_by("seq"))
    if not in_force or len(in_force) != locked.version:
        raise SolsticioMoveError("nothing-to-undo", str(NOTHING_TO_UNDO))
    undone = in_force.pop()
    document = locked.document
    state, error = replay(document["setup"], [m.payload for m in in_force], seed=document["seed"])
    if error is not None:  # the moves in force were each legal in this order: never expected
        raise error
    undone.undone_at = timezone.now()
    undone.undone_by = stored_actor(by)
    undone.save(update_fields=["undone_at", "undone_by"])
    locked.document = to_json(state)
    locked.version = state.version
    name = seats.said_by(who, undone.who, by)
    locked.changes += 1
    locked.last_change = seats.change(seats.UNDO, name, seat=undone.who)
    locked.save(update_fields=["document", "version", "changes", "last_change", "updated_at"])
    events.LIVE.changed(locked)
    return state


@writes.atomic()
def abandon_game(*, game: SolsticioGame, version: int, by: Any, who: str = "") -> SolsticioGame:
    """Give the game up: it is over and read-only on every device, its table kept as it stands.
    No play is logged (only a game played to its end is scored). Any seat's device may abandon
    (announced on every device, naming ``who``); refused like an undo when stale or over."""
    locked = locked_for_table(game, version, by)
    locked.over = True
    locked.abandoned_at = timezone.now()
    name = who or seats.member_name(by)
    locked.changes += 1
    locked.last_change = seats.change(seats.ABANDON, name)
    locked.save(update_fields=["over", "abandoned_at", "changes", "last_change", "updated_at"])
    events.LIVE.changed(locked)
    return locked


def last_change(state: State, move: dict[str, Any]) -> dict[str, Any]:
    """The game's last change as data (``web.seats``): the move and its seat, or its end with
    the scores and the winner (None for a draw)."""
    who = str(move.get("seat") or "")
    result = outcome(state)
    if result is None:
        return seats.change(seats.MOVE, who, action=next((k for k in move if k != "seat"), ""))
    return seats.change(seats.FINISH, who, scores=result.scores, winner=result.winner)


def log_finished_game(game: SolsticioGame, state: State, by: Any) -> Any:
    """The finished game as a play of the group's play log: both players with their scores."""
    result = outcome(state)
    assert result is not None
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
