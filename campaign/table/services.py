"""The live mission driver: the rules engine (``games.rules.spirits``) decides every move; this
module keeps them as an append-only log (``AttemptMove``, undone moves marked) and caches the
engine state on the attempt row with a ``version`` that grows with every write.

A write locks the adventure row, then the attempt row (FOR NO KEY UPDATE, in the order of
``campaign.services``: no deadlock with statistics) and refuses a stale version
(``ALREADY_PLAYED``): two devices entering one move record it once. Every write publishes the
table's new stamp once it commits (``events.LIVE``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.actors import stored_actor
from accounts.texts import MESSAGES, Text, text, verbatim
from campaign import overview, services
from campaign.models import Adventure, AttemptMove, AttemptStatus, AuditAction, MissionAttempt
from campaign.table import events
from campaign.texts import describe_move
from games.rules import spirits
from games.rules.spirits import campaign as progression
from games.rules.spirits import mission_setup
from web import seats, writes

ALREADY_PLAYED = _("Someone else just played: the table below is the current one.")
MISSION_ENDED = _("This mission is over: its result is recorded.")
NOTHING_TO_UNDO = _("There is no move to undo.")
AUTOMA_PLAYERS = _("The Automa plays only with 2 players; 3 or more players play without it.")
AUTOMA_RIVER = _("Enter the Automa's 4 face-up cards (4 different cards).")
FIRST_PLAYER = _("The first player must be one of the seats.")
EDGE_WARNING = _("This placement breaks a coloured edge: it will fail the mission. Place anyway?")

ABANDONED = "abandoned"  # a failure reason of games.rules.spirits.campaign.FAILURE_REASONS

# Engine failure reasons → the campaign's failure reason codes (games.rules.spirits.campaign).
FAILURE_REASON = {
    "coloured-edge": "coloured-edge",
    "not-surrounded": "objective-not-met",
    "no-legal-placement": "no-legal-placement",
    "out-of-cards": "other",
}


class TableError(Exception):
    """A move or setup refused. ``engine``: the rules engine refused it, so the screen says its
    ``code`` through ``refusals`` (translated, with its rule), not the engine's English; its
    ``params`` are the engine's (the field of a bad move)."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        engine: bool = False,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        self.code = code
        self.message = message
        self.engine = engine
        self.params: dict[str, Any] = dict(params or {})
        super().__init__(message)


@dataclass(frozen=True)
class MoveResult:
    """What one write did: the attempt and engine state after it, the campaign outcome when it
    ended the mission, the move it undid."""

    attempt: MissionAttempt
    state: spirits.State
    outcome: services.Outcome | None = None
    undone: Mapping[str, Any] | None = None


# --- Setup ---------------------------------------------------------------------------------------


# Why ``mission_setup`` refused a seating, in the reader's language.
SETUP_REFUSALS = {
    "too-few-players": _("A mission needs at least 2 players."),
    "too-many-players": _("A mission takes at most 5 players."),
    "unknown-trump": _("Unknown Trump card colour %(colour)s."),
    "automa-river": AUTOMA_RIVER,
    "automa-players": AUTOMA_PLAYERS,
    "first-player": FIRST_PLAYER,
}


def table_setup(*, trump: str, **seating: Any) -> dict[str, Any]:
    """``mission_setup.table_setup``, its refusal as a ``TableError`` in the reader's language."""
    try:
        return mission_setup.table_setup(trump=trump, **seating)
    except mission_setup.TableSetupError as error:
        message = SETUP_REFUSALS[error.reason] % {"colour": trump}
        raise TableError(message, code=error.code) from None
    except spirits.SetupError as error:
        message = _("This setup cannot start a mission: %(detail)s") % {"detail": error.message}
        raise TableError(message, code=error.code) from None


@writes.atomic()
def begin_mission(
    *,
    adventure: Adventure,
    by: object,
    players: Sequence[str],
    first_player: str,
    trump: str | None = None,
    loadout: Mapping[str, str] | None = None,
    automa_river: Sequence[str] = (),
    kakapo: str | None = None,
    setup: dict[str, Any] | None = None,
) -> MissionAttempt:
    """Open an attempt of the current mission with its engine state at version 0; ``setup``
    replaces the computed one (tests and imports build boards of their own). Raises
    ``TableError`` for a bad seating, ``CampaignError`` when the campaign refuses."""
    pack = adventure.content_pack.pack()
    campaign = services.current_state(adventure)
    with services.by_the_rules():
        progression.check_unfinished(campaign)
    loadout = {space: tile for space, tile in (loadout or {}).items() if tile}
    if setup is None:
        setup = table_setup(
            pack=pack,
            campaign=campaign,
            mission=campaign.current_mission,
            players=players,
            first_player=first_player,
            trump=trump or pack.mission(campaign.current_mission).trump,
            loadout=loadout,
            automa_river=automa_river,
            kakapo=kakapo,
        )
    attempt = services.start_attempt(
        adventure=adventure, players=list(setup["players"]), by=by, loadout=loadout, setup=setup
    )
    store(attempt, spirits.new_game(setup), version=0)
    events.LIVE.changed(attempt)
    return attempt


# --- Moves ---------------------------------------------------------------------------------------


def locked_attempt(attempt: MissionAttempt, version: int | None) -> MissionAttempt:
    """The open attempt made against ``version``, locked (adventure row first) until the
    transaction ends, with its cached engine state (``state_of``)."""
    adventure = Adventure.objects.select_for_update(no_key=True).filter(pk=attempt.adventure_id)
    if adventure.only("pk").first() is None:
        raise MissionAttempt.DoesNotExist("The adventure is gone.")
    # The last sequence number comes with the row (a scalar subquery: FOR UPDATE refuses an
    # aggregate), saving a move its own MAX query.
    last_seq = AttemptMove.objects.filter(attempt=OuterRef("pk")).order_by("-seq").values("seq")
    locked = (
        MissionAttempt.objects.select_for_update(no_key=True, of=("self",))
        .select_related("adventure")
        .annotate(last_seq=Subquery(last_seq[:1]))
        .filter(pk=attempt.pk)
        .first()
    )
    if locked is None or locked.adventure_id != attempt.adventure_id:
        raise MissionAttempt.DoesNotExist("The attempt is gone.")
    if locked.status != AttemptStatus.OPEN:
        raise TableError(ended_text(locked), code="mission-ended")
    if version is None or locked.version != version:
        raise TableError(seats.stale_text(locked.last_change), code="stale")
    return locked


def state_of(attempt: MissionAttempt) -> spirits.State:
    """The engine state cached on the row (replayed from the log when the row has none), parsed
    once per row read: the instance keeps it beside the very document it was parsed from, so a
    write's answer draws the state the write stored without parsing it again, and a document
    read again (``refresh_from_db``) is parsed again. Nothing is shared between requests."""
    kept = vars(attempt).get(PARSED)
    if kept is not None and kept[0] is attempt.state:
        return cast(spirits.State, kept[1])
    state = spirits.from_json(attempt.state) if attempt.state else replay_attempt(attempt)
    vars(attempt)[PARSED] = (attempt.state, state)
    return state


# Where ``state_of`` keeps a parsed state on its attempt instance.
PARSED = "parsed_state"


def replay_attempt(attempt: MissionAttempt) -> spirits.State:
    moves = attempt.moves.filter(undone_at__isnull=True).order_by("seq")
    state, error = spirits.replay(attempt.setup or {}, [m.payload for m in moves])
    if error is not None:  # every stored move was legal when recorded
        raise error
    return state


def ended_text(attempt: MissionAttempt) -> str:
    """Why a write to an ended attempt is refused: what ended it, when the table knows."""
    if attempt.last_change.get("kind") == seats.ABANDON:
        return seats.stale_text(attempt.last_change)
    return str(MISSION_ENDED)


def store(
    attempt: MissionAttempt,
    state: spirits.State,
    *,
    version: int,
    change: Mapping[str, Any] | None = None,
) -> None:
    """Save the engine state at ``version``, and the table's last ``change`` (``web.seats``)."""
    attempt.state = spirits.to_json(state)
    attempt.version = version
    fields = ["state", "version", "updated_at"]
    if change is not None:
        attempt.last_change = dict(change)
        fields.append("last_change")
    attempt.save(update_fields=fields)
    vars(attempt)[PARSED] = (attempt.state, state)


def note_change(attempt: MissionAttempt, change: Mapping[str, Any]) -> None:
    """Save the table's last change on an attempt whose row was saved by ``campaign.services``."""
    attempt.refresh_from_db()
    attempt.last_change = dict(change)
    attempt.save(update_fields=["last_change", "updated_at"])


def seat_for_move(state: spirits.State, move: Any) -> str | None:
    """The seat a move is made for, which the device must be bound to; None for a move of the
    whole table, which any device bound to a human seat of the table may enter.

    Our reading: a card played belongs to the seat due to play it, a discard to the seat it names.
    The Automa's moves (2-player missions) are made by the Leader with the Kakapo but entered by
    whoever is nearest the cards, so any device bound to a human seat of the table may enter them;
    placing the Spirit tile, choosing the Mist's colour and using a Power are decided by the table
    together (seed 003, 'Placing the Spirit tile'), so any of its devices enters them too."""
    if "play" in move:
        return state.current_seat
    if "discard" in move:
        return str(move.get("seat") or "")
    return None


@writes.atomic()
def submit_move(
    *,
    attempt: MissionAttempt,
    move: Mapping[str, Any],
    version: int | None,
    by: object,
    confirm_edge: bool = True,
    who: str = "",
) -> MoveResult:
    """Record one move made against ``version``; end the mission when it is over. An illegal
    move raises ``TableError`` with the engine's code, and a placement that breaks a coloured edge
    ``confirm-edge`` (``EDGE_WARNING``) unless ``confirm_edge``. ``who`` made it (the device's seat;
    on one device for the whole table the seat the move is for, ``web.seats.said_by``), as the
    table's last change says."""
    attempt = locked_attempt(attempt, version)
    before = state_of(attempt)
    try:
        after = spirits.apply(before, move)
    except spirits.IllegalMove as error:
        raise TableError(error.message, code=error.code, engine=True, params=error.params) from None
    if not confirm_edge and len(after.violations) > len(before.violations):
        raise TableError(EDGE_WARNING, code="confirm-edge")
    last = attempt.last_seq or 0  # type: ignore[attr-defined]
    AttemptMove.objects.create(
        attempt=attempt, seq=last + 1, payload=dict(move), created_by=stored_actor(by)
    )
    name = seats.said_by(who, seat_for_move(before, move), by)
    store(
        attempt,
        after,
        version=attempt.version + 1,
        change=seats.change(seats.MOVE, name, move=dict(move)),
    )
    outcome = end_mission(attempt=attempt, state=after, by=by)
    if outcome is not None:
        result = spirits.outcome(after).result
        note_change(attempt, seats.change(seats.FINISH, name, result=result))
    events.LIVE.changed(attempt)
    return MoveResult(attempt=attempt, state=after, outcome=outcome)


def actor_name(by: object) -> str:
    return str(getattr(by, "username", "") or "")


def end_mission(
    *, attempt: MissionAttempt, state: spirits.State, by: object
) -> services.Outcome | None:
    """Record the result once the engine says it is over, its reasons kept as a note."""
    result = spirits.outcome(state)
    if result is None:
        return None
    reason = FAILURE_REASON.get(result.reasons[0], "other") if result.reasons else ""
    if result.reasons:
        why = [reason_text(r) for r in result.reasons]
        services.add_note(attempt=attempt, author=by, words=text("note:failed", reasons=why))
    return services.record_attempt_result(
        attempt=attempt,
        result=progression.SUCCESS if result.result == "success" else progression.FAILURE,
        reason=reason,
        rounds_played=len(state.tricks),
        by=by,
    )


def reason_text(reason: str) -> Text:
    """An engine's reason a mission failed, as a stored text (``campaign.texts``)."""
    code = f"reason:{reason}"
    return text(code) if code in MESSAGES else verbatim(reason)


@writes.atomic()
def undo_last_move(
    *, attempt: MissionAttempt, version: int | None, by: object, who: str = ""
) -> MoveResult:
    """Undo the latest move in force: marked undone (who, when) and kept in the log, the state
    replayed without it. Our reading: a recorded result is over; the attempt page corrects it.
    Any device playing at the table may undo (the undo is announced on every device, naming
    ``who``): the group repairs a wrong tap together, whoever's tap it was."""
    attempt = locked_attempt(attempt, version)
    move = attempt.moves.filter(undone_at__isnull=True).order_by("-seq").first()
    if move is None:
        raise TableError(NOTHING_TO_UNDO, code="nothing-to-undo")
    move.undone_at = timezone.now()
    move.undone_by = stored_actor(by)
    move.save(update_fields=["undone_at", "undone_by"])
    after = replay_attempt(attempt)
    # The undone move is due again in ``after``: its seat is the one it was made for.
    name = seats.said_by(who, seat_for_move(after, move.payload), by)
    undone = seats.change(seats.UNDO, name, move=move.payload)
    store(attempt, after, version=attempt.version + 1, change=undone)
    what = describe_move(move.payload, attempt.setup)
    summary = text(
        "move-undone", seq=move.seq, number=attempt.number, mission=attempt.mission, move=what
    )
    services.audit(adventure=attempt.adventure, by=by, action=AuditAction.UNDO, summary=summary)
    events.LIVE.changed(attempt)
    return MoveResult(attempt=attempt, state=after, undone=move.payload)


@writes.atomic()
def abandon_mission(
    *, attempt: MissionAttempt, version: int | None, by: object, who: str = ""
) -> MoveResult:
    """Give the mission up: a failure (``abandoned``), its tricks kept, so an open attempt never
    blocks the campaign; refused like a move when stale or over. Any device playing at the table
    may abandon (announced on every device, naming ``who``)."""
    attempt = locked_attempt(attempt, version)
    state = state_of(attempt)
    services.add_note(attempt=attempt, author=by, words=text("note:abandoned"))
    outcome = services.record_attempt_result(
        attempt=attempt,
        result=progression.FAILURE,
        reason=ABANDONED,
        rounds_played=len(state.tricks),
        by=by,
    )
    note_change(attempt, seats.change(seats.ABANDON, who or actor_name(by)))
    events.LIVE.changed(attempt)
    return MoveResult(attempt=attempt, state=state, outcome=outcome)


# --- Reading -------------------------------------------------------------------------------------


def open_attempt(adventure: Adventure) -> MissionAttempt | None:
    return adventure.attempts.filter(status=AttemptStatus.OPEN).first()


def campaign_overview(adventure: Adventure) -> dict[str, Any]:
    """What the setup screen shows of the campaign: Power spaces, tokens, tiles, Moon tiles."""
    pack = adventure.content_pack.pack()
    return {
        "spaces": [
            {"id": s.space, "name": str(pack.power_space(s.space).name), "unlocked": s.unlocked}
            for s in adventure.power_spaces.all()
        ],
        **overview.pieces(pack, overview.held(adventure)),
    }
