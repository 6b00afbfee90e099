"""The live mission driver: begin a mission at the table, record its moves, undo, end it.

The rules engine (``games.rules.spirits``) decides every move; this module persists them. An
attempt's moves are an append-only log (``AttemptMove``, ``seq`` 1, 2, … per attempt, undone moves
kept and marked) and its engine state is cached on the attempt row with a ``version`` that grows
with every recorded move or undo.

Concurrency: every write locks the adventure row and then the attempt row (``select_for_update``,
the same order and the same FOR NO KEY UPDATE mode as ``campaign.services``, so statistics rows
referencing them never deadlock against a move) and checks the version the device made its move
against. A stale version is refused with ``ALREADY_PLAYED`` and records nothing, so two devices
entering the same move at once record it exactly once. The unique ``(attempt, seq)`` constraint is
the last line of defence against a duplicate sequence number.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from accounts.actors import stored_actor
from accounts.texts import MESSAGES, text, verbatim
from campaign import services
from campaign.models import (
    Adventure,
    AttemptMove,
    AttemptStatus,
    AuditAction,
    ComponentKind,
    MissionAttempt,
)
from campaign.services import CampaignError
from campaign.texts import describe_move
from games.content import Pack
from games.rules import spirits
from games.rules.spirits import campaign as progression

ALREADY_PLAYED = _("Someone else just played: the table below is the current one.")
MISSION_ENDED = _("This mission is over: its result is recorded.")
NOTHING_TO_UNDO = _("There is no move to undo.")
BAD_SETUP = _("This setup cannot start a mission: %(detail)s")
AUTOMA_PLAYERS = _("The Automa plays only with 2 players; 3 or more players play without it.")
TOO_FEW_PLAYERS = _("A mission needs at least 2 players.")
TOO_MANY_PLAYERS = _("A mission takes at most 5 players.")
AUTOMA_RIVER = _("Enter the Automa's 4 face-up cards (4 different cards).")
FIRST_PLAYER = _("The first player must be one of the seats.")
UNKNOWN_TRUMP = _("Unknown Trump card colour %(colour)s.")
EDGE_WARNING = _("This placement breaks a coloured edge: it will fail the mission. Place anyway?")

ABANDONED = (
    "abandoned"  # the campaign's failure reason (games.rules.spirits.campaign.FAILURE_REASONS)
)
AUTOMA_DECK_SIZE = 6
AUTOMA_RIVER_SIZE = 4
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# Engine failure reasons → the campaign's failure reason codes (games.rules.spirits.campaign).
FAILURE_REASON = {
    "coloured-edge": "coloured-edge",
    "not-surrounded": "objective-not-met",
    "no-legal-placement": "no-legal-placement",
    "out-of-cards": "other",
}
# The engine's reasons, as the table screen, the replay and the failure note say them.
REASON_TEXT = {
    "coloured-edge": gettext_noop("a coloured edge was not respected"),
    "not-surrounded": gettext_noop("a Mission tile is not surrounded"),
    "no-legal-placement": gettext_noop("the Decision card's Spirit tile fits nowhere"),
    "out-of-cards": gettext_noop("a seat had no card left to play"),
}

# Moon tile and Power tile effects that change the rounds (progression.mission_rounds); the
# other effects the engine knows go to it as they are (spirits.MOON_EFFECTS, spirits.POWERS).
ONE_FEWER_ROUND = progression.ONE_FEWER_ROUND
MOVE_SPIRIT_TILE = spirits.MOVE_SPIRIT_TILE


class TableError(Exception):
    """A move or setup the rules or a concurrent change refused. ``code`` is stable; ``engine``
    says the rules engine refused the move, so the screen reads ``code`` through
    ``games.messages`` (translated, with a link to the rule) rather than the engine's English."""

    def __init__(self, message: str, *, code: str, engine: bool = False) -> None:
        self.code = code
        self.message = message
        self.engine = engine
        super().__init__(message)


@dataclass(frozen=True)
class MoveResult:
    """What one write did: the attempt after it, the engine state, and the campaign outcome when
    the move ended the mission."""

    attempt: MissionAttempt
    state: spirits.State
    before: spirits.State | None = None
    outcome: services.Outcome | None = None
    warning: str = ""
    undone: Mapping[str, Any] | None = None


# --- Setup ---------------------------------------------------------------------------------------


def first_kakapo_holder(players: Sequence[str], first_player: str) -> str:
    """Who holds the Kakapo (and so leads the Automa's choices) before any trick is won.

    Our reading: seed 003 ('2-player game: the Automa') only says the human who wins a trick takes
    the Kakapo; before the first trick the first player holds it, or, when the Automa plays first,
    the first player in seating order.
    """
    return first_player if first_player in players else players[0]


def table_setup(
    *,
    pack: Pack,
    campaign: progression.CampaignState,
    mission: int,
    players: Sequence[str],
    first_player: str,
    trump: str,
    loadout: Mapping[str, str] | None = None,
    automa_river: Sequence[str] = (),
    kakapo: str | None = None,
) -> dict[str, Any]:
    """The engine setup (``spirits-scenario/1``) of ``mission`` for these seats.

    Hands are unknown (a real table). With 2 players the Automa sits after them, with its 4 face-up
    river cards entered at setup and a face-down deck of 6 unknown cards. The campaign's Moon tiles
    and the Power tiles of the ``loadout`` change the rounds (``mission_rounds``), and with the
    Power tokens the group holds give the Moon effects and Powers the engine enforces; a Holo Liana
    relief eases the last mission (``progression.relieve``). Extra
    optional fields (``colours``, ``mission``, ``moon_names``, ``power_names``) carry what the
    table screen shows without loading the pack.
    """
    players = [p.strip() for p in players if p.strip()]
    if len(players) < MIN_PLAYERS:
        raise TableError(TOO_FEW_PLAYERS, code="players")
    if len(players) > MAX_PLAYERS:
        raise TableError(TOO_MANY_PLAYERS, code="players")
    colours = {c.id: {"name": c.name, "symbol": c.symbol} for c in pack.colours}
    if trump not in colours:
        raise TableError(UNKNOWN_TRUMP % {"colour": trump}, code="trump")
    info = pack.mission(mission)
    night = progression.uses_night_sides(campaign, pack)
    rules = mission_rules(pack, campaign, loadout or {})
    setup: dict[str, Any] = {
        "format": spirits.FORMAT,
        "cards": pack.scenario_cards(opened=campaign.opened_ids),
        "board": pack.mission_board(mission, night=night),
        "night": night,
        "players": players,
        "first_player": first_player,
        "trump": trump,
        "rounds": progression.mission_rounds(
            pack,
            mission,
            moon_tiles=campaign.moon_tiles,
            holo_liana=campaign.holo_liana,
            power_tiles=[t for t in (loadout or {}).values() if t],
        ),
        "colours": colours,
        "mission": {
            "number": info.number,
            "name": info.name,
            "text": info.text,
            "objectives": [o.to_json() for o in info.objectives],
        },
    }
    for field in ("moon_effects", "moon_names", "powers", "power_names"):
        if rules[field]:
            setup[field] = rules[field]
    if relief := progression.mission_relief(pack, campaign, mission):
        setup = progression.relieve(setup, relief)
        objectives = setup["mission"]["objectives"]
        setup["mission"]["objectives"] = [o for o in objectives if o["tile"] != relief.tile]
        setup["mission"]["relief"] = relief.text
    seats = list(players)
    if len(players) == MIN_PLAYERS:
        river = [c for c in automa_river if c]
        if len(river) != AUTOMA_RIVER_SIZE or len(set(river)) != AUTOMA_RIVER_SIZE:
            raise TableError(AUTOMA_RIVER, code="automa-river")
        holder = kakapo or first_kakapo_holder(players, first_player)
        setup["automa"] = {"deck_size": AUTOMA_DECK_SIZE, "river": river, "kakapo": holder}
        seats.append(spirits.AUTOMA)
    elif automa_river and any(automa_river):
        raise TableError(AUTOMA_PLAYERS, code="automa-river")
    if first_player not in seats:
        raise TableError(FIRST_PLAYER, code="first-player")
    try:
        spirits.new_game(setup)
    except spirits.SetupError as error:
        raise TableError(BAD_SETUP % {"detail": error.message}, code=error.code) from None
    return setup


def mission_rules(
    pack: Pack, campaign: progression.CampaignState, loadout: Mapping[str, str]
) -> dict[str, Any]:
    """What the Moon tiles in force, the Power tiles placed on Power spaces (``loadout``) and the
    Power tokens the group holds change in a mission.

    Seed 003, 'The Moon Path': Moon tiles "stack and last until the end of the game"; 'Rewards':
    Power tokens "can be used in every mission", Power tiles placed before a mission "for extra
    help" (their effect on the rounds is ``progression.mission_rounds``'s); ``moon_effects`` and
    ``powers`` the effects the engine enforces, in its
    order; ``moon_names`` (every Moon tile in force) and ``power_names`` (the Powers) the pieces'
    names by effect, for the table screen. Effects the engine does not know stay text on the setup
    screen.
    """
    moon = [pack.moon_tile(t) for t in campaign.moon_tiles]
    tiles = [pack.power_tile(t) for t in loadout.values() if t]
    tokens = [pack.power_token(t) for t in campaign.power_tokens]
    moon_names = {tile.effect: tile.name for tile in moon}
    power_names = {piece.effect: piece.name for piece in (*tokens, *tiles)}
    moon_effects = [e for e in spirits.MOON_EFFECTS if e in moon_names]
    powers = [p for p in spirits.POWERS if p in power_names]
    return {
        "moon_effects": moon_effects,
        "moon_names": moon_names,
        "powers": powers,
        "power_names": {p: power_names[p] for p in powers},
    }


@transaction.atomic
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
    """Open an attempt of the adventure's current mission (the next one, or a retry after a
    failure) with its engine state at version 0.

    ``setup`` replaces the computed engine setup (tests and imports build boards of their own).
    Raises ``TableError`` for a bad seating and ``CampaignError`` when the campaign refuses (an
    attempt already open, a Power tile on a locked space). Locks the adventure row (in
    ``services.start_attempt``).
    """
    pack = adventure.content_pack.pack()
    campaign = services.current_state(adventure)
    if campaign.current_mission is None:
        raise CampaignError(
            progression.ADVENTURE_FINISHED.format(last=campaign.last_mission), code="finished"
        )
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
        adventure=adventure,
        players=list(setup["players"]),
        by=by,
        loadout=loadout,
        setup=setup,
    )
    state = spirits.new_game(setup)
    attempt.state = spirits.to_dict(state)
    attempt.version = 0
    attempt.save(update_fields=["state", "version", "updated_at"])
    STATES.put(attempt, state)
    return attempt


# --- Moves ---------------------------------------------------------------------------------------


def lock_adventure_query(adventure_id: int) -> QuerySet[Adventure]:
    return Adventure.objects.select_for_update(no_key=True).filter(pk=adventure_id).only("pk")


def lock_attempt_query(attempt_id: int) -> QuerySet[MissionAttempt]:
    # The last sequence number comes with the row (a scalar subquery: FOR UPDATE refuses an
    # aggregate), saving a move its own MAX query.
    last_seq = AttemptMove.objects.filter(attempt=OuterRef("pk")).order_by("-seq").values("seq")
    return (
        MissionAttempt.objects.select_for_update(no_key=True, of=("self",))
        .select_related("adventure")
        .defer("state")
        .annotate(last_seq=Subquery(last_seq[:1]))
        .filter(pk=attempt_id)
    )


def locked_attempt(attempt_id: int, adventure_id: int) -> MissionAttempt:
    """Lock the adventure row, then the attempt row, until the transaction ends.

    The state JSON is loaded only when the parsed state is not cached already (``state_of``).
    """
    if lock_adventure_query(adventure_id).first() is None:
        raise MissionAttempt.DoesNotExist("The adventure is gone.")
    attempt = lock_attempt_query(attempt_id).first()
    if attempt is None or attempt.adventure_id != adventure_id:
        raise MissionAttempt.DoesNotExist("The attempt is gone.")
    if cached_state(attempt) is None:
        attempt.refresh_from_db(fields=["state"])
    return attempt


def check_open(attempt: MissionAttempt, version: int | None) -> None:
    if attempt.status != AttemptStatus.OPEN:
        raise TableError(MISSION_ENDED, code="mission-ended")
    if version is None or attempt.version != version:
        raise TableError(ALREADY_PLAYED, code="stale")


class StateCache:
    """Parsed engine states of recent attempts, in this process, least recently used dropped.

    Parsing the state JSON costs a move more than the rules do. The key is the attempt's id, its
    version and the time its row was last saved: every write of the state bumps the version and
    the save time, so a state at a key never changes (the save time also keeps a test database
    that reuses ids from meeting an old entry).
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.states: OrderedDict[tuple[int, int, Any], spirits.State] = OrderedDict()

    @staticmethod
    def key(attempt: MissionAttempt) -> tuple[int, int, Any]:
        return (attempt.pk, attempt.version, attempt.updated_at)

    def get(self, attempt: MissionAttempt) -> spirits.State | None:
        key = self.key(attempt)
        state = self.states.get(key)
        if state is not None:
            self.states.move_to_end(key)
        return state

    def put(self, attempt: MissionAttempt, state: spirits.State) -> None:
        self.states[self.key(attempt)] = state
        self.states.move_to_end(self.key(attempt))
        while len(self.states) > self.size:
            self.states.popitem(last=False)


STATES = StateCache()


def cached_state(attempt: MissionAttempt) -> spirits.State | None:
    return STATES.get(attempt)


def state_of(attempt: MissionAttempt) -> spirits.State:
    """The engine state: parsed once per version and cached, or the replay of the log when the
    row has no cached state."""
    state = STATES.get(attempt)
    if state is not None:
        return state
    if not attempt.state:
        return replay_attempt(attempt)
    state = spirits.from_dict(attempt.state)
    STATES.put(attempt, state)
    return state


def replay_attempt(attempt: MissionAttempt) -> spirits.State:
    moves = attempt.moves.filter(undone_at__isnull=True).order_by("seq")
    return spirits.replay(attempt.setup or {}, [m.payload for m in moves])


def edge_violation(before: spirits.State, after: spirits.State) -> bool:
    return len(after.violations) > len(before.violations)


@transaction.atomic
def submit_move(
    *,
    attempt: MissionAttempt,
    move: Mapping[str, Any],
    version: int | None,
    by: object,
    confirm_edge: bool = True,
) -> MoveResult:
    """Record one move made against ``version`` of the attempt; end the mission when it is over.

    Raises ``TableError``: ``stale`` (``ALREADY_PLAYED``) when another device moved first,
    ``mission-ended`` once the result is recorded, the engine's code for an illegal move, and
    ``confirm-edge`` (``EDGE_WARNING``) for a placement that breaks a coloured edge unless
    ``confirm_edge``. Locks the adventure row, then the attempt row.
    """
    attempt = locked_attempt(attempt.pk, attempt.adventure_id)
    check_open(attempt, version)
    before = state_of(attempt)
    try:
        after = spirits.apply_move(before, move)
    except spirits.IllegalMove as error:
        raise TableError(error.message, code=error.code, engine=True) from None
    if not confirm_edge and edge_violation(before, after):
        raise TableError(EDGE_WARNING, code="confirm-edge")
    last = attempt.last_seq or 0  # type: ignore[attr-defined]
    AttemptMove.objects.create(
        attempt=attempt,
        seq=last + 1,
        payload=dict(move),
        created_by=stored_actor(by),
    )
    attempt.state = spirits.to_dict(after)
    attempt.version += 1
    attempt.save(update_fields=["state", "version", "updated_at"])
    STATES.put(attempt, after)
    outcome = end_mission(attempt=attempt, state=after, by=by)
    if outcome is not None:
        attempt.refresh_from_db()
    return MoveResult(attempt=attempt, state=after, before=before, outcome=outcome)


def end_mission(
    *, attempt: MissionAttempt, state: spirits.State, by: object
) -> services.Outcome | None:
    """Record the result through ``record_attempt_result`` once the engine says it is over.

    The engine's reasons are kept as a note on the attempt; the first one, in the campaign's
    codes, is the attempt's failure reason.
    """
    result = spirits.outcome(state)
    if result.result == "in-progress":
        return None
    reasons = list(result.reasons)
    reason = FAILURE_REASON.get(reasons[0], "other") if reasons else ""
    if reasons:
        why = [text(f"reason:{r}") if f"reason:{r}" in MESSAGES else verbatim(r) for r in reasons]
        services.add_note(attempt=attempt, author=by, words=text("note:failed", reasons=why))
    return services.record_attempt_result(
        attempt=attempt,
        result=progression.SUCCESS if result.result == "success" else progression.FAILURE,
        reason=reason,
        rounds_played=len(state.tricks),
        by=by,
    )


@transaction.atomic
def undo_last_move(*, attempt: MissionAttempt, version: int | None, by: object) -> MoveResult:
    """Undo the latest move still in force: it is marked undone (who, when), kept in the log, and
    the state is replayed without it. Audited. Locks the adventure row, then the attempt row.

    Our reading: once the result is recorded the mission is over; a wrong result is corrected
    from the attempt page, which recomputes the campaign downstream.
    """
    attempt = locked_attempt(attempt.pk, attempt.adventure_id)
    check_open(attempt, version)
    move = attempt.moves.filter(undone_at__isnull=True).order_by("-seq").first()
    if move is None:
        raise TableError(NOTHING_TO_UNDO, code="nothing-to-undo")
    before = state_of(attempt)
    move.undone_at = timezone.now()
    move.undone_by = stored_actor(by)
    move.save(update_fields=["undone_at", "undone_by"])
    after = replay_attempt(attempt)
    attempt.state = spirits.to_dict(after)
    attempt.version += 1
    attempt.save(update_fields=["state", "version", "updated_at"])
    STATES.put(attempt, after)
    services.audit(
        adventure=attempt.adventure,
        by=by,
        action=AuditAction.UNDO,
        summary=text(
            "move-undone",
            seq=move.seq,
            number=attempt.number,
            mission=attempt.mission,
            move=describe_move(move.payload),
        ),
    )
    return MoveResult(attempt=attempt, state=after, before=before, undone=move.payload)


@transaction.atomic
def abandon_mission(*, attempt: MissionAttempt, version: int | None, by: object) -> MoveResult:
    """Give up the mission at the table: recorded as a failure with the reason ``abandoned``,
    its tricks kept (the log stays as it was), so an open attempt never blocks the campaign.
    Locks the adventure row, then the attempt row; refused like a move when stale or over."""
    attempt = locked_attempt(attempt.pk, attempt.adventure_id)
    check_open(attempt, version)
    state = state_of(attempt)
    services.add_note(attempt=attempt, author=by, words=text("note:abandoned"))
    outcome = services.record_attempt_result(
        attempt=attempt,
        result=progression.FAILURE,
        reason=ABANDONED,
        rounds_played=len(state.tricks),
        by=by,
    )
    attempt.refresh_from_db()
    return MoveResult(attempt=attempt, state=state, outcome=outcome)


# --- Reading -------------------------------------------------------------------------------------


def open_attempt(adventure: Adventure) -> MissionAttempt | None:
    return adventure.attempts.filter(status=AttemptStatus.OPEN).first()


def campaign_overview(adventure: Adventure) -> dict[str, Any]:
    """What the setup screen shows of the campaign: Power spaces, tokens, tiles, Moon tiles."""
    pack = adventure.content_pack.pack()
    components: dict[str, list[str]] = {kind: [] for kind in ComponentKind.values}
    for row in adventure.components.all():
        components[row.kind].append(row.component)
    return {
        "spaces": [
            {"id": s.space, "name": pack.power_space(s.space).name, "unlocked": s.unlocked}
            for s in adventure.power_spaces.all()
        ],
        "tokens": [pack.power_token(t) for t in components[ComponentKind.POWER_TOKEN]],
        "tiles": [pack.power_tile(t) for t in components[ComponentKind.POWER_TILE]],
        "moon_tiles": [pack.moon_tile(t) for t in components[ComponentKind.MOON_TILE]],
    }
