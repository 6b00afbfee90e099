"""The ``questlog-adventure/1`` format (``docs/formats/adventure.md``): an adventure's log and its
content pack. ``parse_document`` checks a whole document without the database (every text against
its column, the table's moves through the rules engine), so whatever it accepts can be stored,
shown, played on and undone; ``ExchangeError`` names the place of the first problem."""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from accounts import texts
from campaign import names
from campaign.models import Adventure, AttemptStatus, AuditAction
from games.content import Pack, PackError, pack_from_json
from games.content.geometry import BOARD_SIZE
from games.content.texts import text_problems as pack_text_problems
from games.rules import spirits
from games.rules.spirits import campaign as progression
from games.rules.spirits.campaign import FAILURE_REASONS, OVERRIDE_KINDS, AttemptResult, Override
from web.elision import interpolate
from web.uploads import at, text_problems

FORMAT = "questlog-adventure/1"
# Counts: far above any real adventure, low enough that validating a file stays quick.
MAX_ADVENTURES = 200
MAX_ATTEMPTS = 5000
MAX_MOVES = 2000
MAX_NOTES = 500
MAX_OVERRIDES = 1000
MAX_AUDIT = 20000
MAX_DETAILS = 200
# Texts, by the column each lands in (campaign.models).
MAX_NAME = 80
MAX_USERNAME = 150
MAX_NOTE = 2000
MAX_TARGET = 60
MAX_REASON = 300
MAX_SUMMARY = 300
MAX_DETAIL = 2000
MAX_INT = 10**6
MAX_ROUNDS = 100
MAX_SETUP_NUMBER = 1000
SETUP_NAMES = ("moon_names", "power_names", "tile_names")


class ExchangeError(ValueError):
    """An import document the format does not allow; ``str()`` says where and what."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)


IN_PROGRESS_NEEDS_SETUP = _("an attempt in progress needs the setup it is played with")
STATE_WITHOUT_SETUP = _("a state without a setup")
MOVES_WITHOUT_SETUP = _("moves without a setup")
STATE_DIFFERS = _("does not match the replay of the setup and moves")
NOT_A_SETUP = _("not a setup the rules engine can start: %(detail)s")
ILLEGAL_MOVE = _("the rules engine refuses this move: %(detail)s")
NOT_PACK_COLOUR = _("%(value)s is not a colour of the content pack")
LONGER = _("longer than %(limit)s characters")
ONE_OF = _("expected one of %(values)s")
TILE_TWICE = _("Power tile %(tile)s is on two spaces")
REASON_MISMATCH = _("a failure needs one of %(values)s; other results none")
AFTER_NO_ATTEMPT = _("after an attempt that is not there")
OUT_OF_ORDER = _("expected %(number)s (attempts in order)")
EXPECTED_GOT = _("expected %(what)s, got %(got)s")
OUT_OF_RANGE = _("expected 0 to %(limit)s, got %(value)s")
BOARD_SIZE_RANGE = _("expected 1 to %(most)s")
NOT_COLOURS = _("expected an object of colours")
NOT_NAMES = _("expected an object of names")
OBJECT_EXPECTED = _("expected an object, got %(got)s")
NOT_AN_OBJECT = _("expected an object")
NOT_A_TEXT = _("expected a text, or texts by language")
NOT_AN_AUDIT_CODE = _("not a code of the audit trail")
NOT_A_NOTE_CODE = _("not a code of the app's notes")
TOO_LARGE = _("expected at most %(most)s")
MISSING = _("missing")
TOO_MANY_ENTRIES = _("more than %(limit)s entries")
TWO_IN_PROGRESS = _("more than one attempt in progress")
EMPTY_NAME = _("must not be empty")
MARKUP_IN_NAME = _("names cannot contain < or >")
NOT_A_DATETIME = _("not a date and time: %(value)s")
NOT_A_DATE = _("not a date: %(value)s")
NOT_A_MISSION = _("not a mission of the content pack")
SEQ_TWICE = _("seq %(seq)s appears twice")
NO_REPLAY = _("the campaign log does not replay: %(detail)s")
UNKNOWN_FIELD = _("unknown field")
UNKNOWN_SPACE_OR_TILE = _("unknown space or tile")
AN_OBJECT = _("an object")
A_LIST = _("a list")
A_STRING = _("a string")
A_BOOLEAN = _("a boolean")
A_NUMBER = _("a number")
AN_INTEGER = _("an integer")


# --- Export --------------------------------------------------------------------------------------

# The fields of the format an object's own columns fill, in the order the export writes them;
# the import accepts these and no others.
ADVENTURE_COLUMNS = ("name", "created_at", "created_by")
ATTEMPT_COLUMNS = (
    "number",
    "mission",
    "status",
    "failure_reason",
    "players",
    "rounds_played",
    "played_on",
    "duration_minutes",
    "loadout",
    "setup",
    "state",
    "version",
    "created_by",
    "created_at",
)
MOVE_FIELDS = ("seq", "payload", "created_by", "created_at", "undone_at", "undone_by")
OVERRIDE_FIELDS = ("after_attempt", "kind", "target", "reason", "created_by", "created_at")
ADVENTURE_FIELDS = (*ADVENTURE_COLUMNS, "content_pack", "attempts", "overrides", "audit")
ATTEMPT_FIELDS = (*ATTEMPT_COLUMNS, "notes", "moves")
NOTE_FIELDS = ("author", "text", "created_at", "code", "params")
AUDIT_COLUMNS = ("at", "action", "summary", "code", "params")
AUDIT_FIELDS = ("actor", "at", "action", "summary", "code", "params", "details")


def as_json(value: Any) -> Any:
    """A column as the format writes it: a date or time in ISO 8601, a person by username."""
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value.username if isinstance(value, AbstractBaseUser) else value


def columns(row: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: as_json(getattr(row, name)) for name in names}


def export_adventure(adventure: Adventure) -> dict[str, Any]:
    """One adventure's log as a JSON-ready dict (an entry of the document's ``adventures``)."""
    attempts = adventure.attempts.order_by("number").prefetch_related(
        "notes", "moves__created_by", "moves__undone_by"
    )
    return columns(adventure, ADVENTURE_COLUMNS) | {
        "content_pack": adventure.content_pack.document,
        "attempts": [
            columns(a, ATTEMPT_COLUMNS)
            | {
                "notes": [note_json(n) for n in a.notes.all()],
                "moves": [columns(m, MOVE_FIELDS) for m in a.moves.all()],
            }
            for a in attempts.select_related("created_by")
        ],
        "overrides": [
            columns(o, OVERRIDE_FIELDS) for o in adventure.overrides.select_related("created_by")
        ],
        # an entry's words, and its code and parameters to read it again in each member's language
        "audit": [
            {"actor": e.actor_name, **columns(e, AUDIT_COLUMNS), "details": e.detail_lines}
            for e in adventure.audit.order_by("at", "pk")
        ],
    }


def note_json(note: Any) -> dict[str, Any]:
    """A note: its words, and for a note the app wrote, its code and parameters (so it reads in
    each member's language again once imported)."""
    written = {
        "author": note.author_name,
        "text": note.words,
        "created_at": as_json(note.created_at),
    }
    return written | ({"code": note.code, "params": note.params} if note.code else {})


def export_document(adventures: list[Adventure], *, group_name: str) -> dict[str, Any]:
    """The whole document: one adventure, or all of a group's (a list either way). Its words (the
    app's own notes, the audit trail) are in English, for any reader of the file."""
    with translation.override("en"):
        return {
            "format": FORMAT,
            "exported_at": timezone.now().isoformat(),
            "group": group_name,
            "adventures": [export_adventure(adventure) for adventure in adventures],
        }


# --- Import: validation --------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportedAdventure:
    """One validated adventure of an import document, with its pack already parsed."""

    data: dict[str, Any]
    pack: Pack


class Reader:
    """Typed access to one JSON object, with the path used in error messages."""

    def __init__(self, data: object, where: str, *, allowed: Collection[str]) -> None:
        if not isinstance(data, dict):
            raise ExchangeError(where, OBJECT_EXPECTED % {"got": type_name(data)})
        unknown = sorted(set(data).difference(allowed))
        if unknown:
            raise ExchangeError(at(where, unknown[0][:40]), str(UNKNOWN_FIELD))
        self.data = data
        self.where = where

    def get(self, name: str, kind: type, *, optional: bool = False, limit: int = MAX_INT) -> Any:
        """The field ``name`` as ``check_type`` allows it; ``None`` if missing and ``optional``."""
        where = at(self.where, name)
        if name not in self.data or self.data[name] is None:
            if optional:
                return None
            raise ExchangeError(where, str(MISSING))
        check_type(self.data[name], kind, where, limit)
        return self.data[name]

    def items(self, name: str, *, limit: int, optional: bool = True) -> list[tuple[str, Any]]:
        """The entries of the list ``name``, each with its place."""
        values = self.get(name, list, optional=optional, limit=limit) or []
        return [(at(at(self.where, name), i), value) for i, value in enumerate(values)]

    def user(self, name: str) -> None:
        """An optional username (a string, never a list or an object), as long as a username."""
        self.get(name, str, optional=True, limit=MAX_USERNAME)

    def when(self, name: str) -> datetime.datetime | None:
        """An optional date and time, parsed now rather than when it is stored."""
        return check_datetime(self.get(name, str, optional=True, limit=64), at(self.where, name))


TYPE_NAMES = {dict: AN_OBJECT, list: A_LIST, str: A_STRING, bool: A_BOOLEAN, int: AN_INTEGER}
# What a JSON value found is: any of its numbers is "a number".
FOUND_NAMES = {**TYPE_NAMES, type(None): "null", int: A_NUMBER, float: A_NUMBER}


def type_name(value: object) -> str:
    return FOUND_NAMES.get(type(value), type(value).__name__)


def check_type(value: Any, kind: type, where: str, limit: int = MAX_INT) -> None:
    """``value`` is a ``kind`` (a bool is no ``int``) within ``limit`` (``Reader.get``)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ExchangeError(
            where, EXPECTED_GOT % {"what": TYPE_NAMES[kind], "got": type_name(value)}
        )
    if kind is int and not 0 <= value <= limit:
        raise ExchangeError(where, OUT_OF_RANGE % {"limit": limit, "value": value})
    if kind in (str, list) and len(value) > limit:
        raise ExchangeError(
            where, interpolate(LONGER if kind is str else TOO_MANY_ENTRIES, {"limit": limit})
        )


def check_datetime(value: str | None, where: str) -> datetime.datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.datetime.fromisoformat(value)
        if parsed.tzinfo is None:
            parsed = timezone.make_aware(parsed, datetime.UTC)
        parsed.astimezone(datetime.UTC)  # stored in UTC: an offset must not leave the calendar
    except (ValueError, OverflowError):
        raise ExchangeError(where, NOT_A_DATETIME % {"value": repr(value[:40])}) from None
    return parsed


def parse_document(data: object) -> list[ImportedAdventure]:
    """Validate a whole document; the adventures in it, ready to store."""
    if found := text_problems(data):
        raise ExchangeError(*found)
    document = Reader(data, "", allowed={"format", "exported_at", "group", "adventures"})
    if (got := document.data.get("format")) != FORMAT:
        got_text = repr(got[:40]) if isinstance(got, str) else type_name(got)
        raise ExchangeError("format", EXPECTED_GOT % {"what": repr(FORMAT), "got": got_text})
    document.get("exported_at", str, optional=True, limit=64)
    document.get("group", str, optional=True, limit=MAX_NAME)
    adventures = document.get("adventures", list, limit=MAX_ADVENTURES)
    return [parse_adventure(item, at("adventures", i)) for i, item in enumerate(adventures)]


def parse_adventure(data: object, where: str) -> ImportedAdventure:
    reader = Reader(data, where, allowed=ADVENTURE_FIELDS)
    name = reader.get("name", str, limit=MAX_NAME)
    if not name.strip():
        raise ExchangeError(at(where, "name"), str(EMPTY_NAME))
    if "<" in name or ">" in name:
        raise ExchangeError(at(where, "name"), str(MARKUP_IN_NAME))
    reader.when("created_at")
    reader.user("created_by")
    try:
        pack = pack_from_json(reader.get("content_pack", dict))
    except PackError as error:
        raise ExchangeError(at(where, "content_pack"), str(error)) from None
    results: dict[int, AttemptResult] = {}
    attempts = reader.items("attempts", limit=MAX_ATTEMPTS, optional=False)
    for index, (place, item) in enumerate(attempts):
        attempt = parse_attempt(item, place, index + 1, pack)
        if attempt.result != AttemptStatus.OPEN:
            results[attempt.number] = attempt
        elif len(results) < index:  # an earlier attempt is no result: in progress too
            raise ExchangeError(at(where, "attempts"), str(TWO_IN_PROGRESS))
    overrides = parse_overrides(reader, len(attempts))
    parse_audit(reader)
    check_replay(pack, results, overrides, at(where, "attempts"))
    return ImportedAdventure(data=reader.data, pack=pack)


def parse_attempt(item: object, place: str, number: int, pack: Pack) -> AttemptResult:
    """One attempt, checked field by field; as the campaign log entry it becomes."""
    attempt = Reader(item, place, allowed=ATTEMPT_FIELDS)
    if attempt.get("number", int) != number:
        raise ExchangeError(at(place, "number"), OUT_OF_ORDER % {"number": number})
    mission = attempt.get("mission", int)
    if mission not in {m.number for m in pack.missions}:
        raise ExchangeError(at(place, "mission"), str(NOT_A_MISSION))
    status = attempt.get("status", str, limit=MAX_NAME)
    if status not in AttemptStatus.values:
        raise ExchangeError(
            at(place, "status"), interpolate(ONE_OF, {"values": AttemptStatus.values})
        )
    reason = attempt.get("failure_reason", str, optional=True, limit=MAX_NAME) or ""
    if (status == "failure") != bool(reason) or (reason and reason not in FAILURE_REASONS):
        raise ExchangeError(
            at(place, "failure_reason"),
            interpolate(REASON_MISMATCH, {"values": sorted(FAILURE_REASONS)}),
        )
    players = attempt.get("players", list, limit=100)
    for where, name in attempt.items("players", limit=100):
        check_type(name, str, where, MAX_NAME)
    try:
        names.check_player_names(players)
    except ValidationError as error:
        raise ExchangeError(at(place, "players"), error.messages[0]) from None
    attempt.get("rounds_played", int, optional=True, limit=MAX_ROUNDS)
    played_on = attempt.get("played_on", str, limit=64)
    try:
        datetime.date.fromisoformat(played_on)
    except ValueError:
        problem = NOT_A_DATE % {"value": repr(played_on[:40])}
        raise ExchangeError(at(place, "played_on"), problem) from None
    attempt.get("duration_minutes", int, optional=True)
    loadout = parse_loadout(attempt, pack)
    attempt.get("version", int, optional=True)
    attempt.user("created_by")
    attempt.when("created_at")
    for where, note in attempt.items("notes", limit=MAX_NOTES):
        n = Reader(note, where, allowed=NOTE_FIELDS)
        n.get("text", str, limit=MAX_NOTE)
        n.user("author")
        n.when("created_at")
        code = n.get("code", str, optional=True, limit=MAX_NAME)
        if code is not None and code not in texts.MESSAGES:
            raise ExchangeError(at(where, "code"), str(NOT_A_NOTE_CODE))
        n.get("params", dict, optional=True)
    check_engine_log(attempt, pack)
    return AttemptResult(
        number=number,
        mission=mission,
        result=status,
        reason=reason,
        loadout=tuple(sorted(loadout.items())),
    )


def parse_loadout(attempt: Reader, pack: Pack) -> dict[str, str]:
    """Power tiles on Power spaces: ids of the pack, each tile on one space."""
    loadout = attempt.get("loadout", dict, optional=True) or {}
    spaces = {s.id for s in pack.power.spaces}
    tiles = {t.id for t in pack.power.tiles}
    placed: set[str] = set()
    for space, tile in loadout.items():
        where = at(at(attempt.where, "loadout"), space[:40])
        check_type(tile, str, where, MAX_NAME)
        if space not in spaces or tile not in tiles:
            raise ExchangeError(where, str(UNKNOWN_SPACE_OR_TILE))
        if tile in placed:
            raise ExchangeError(where, TILE_TWICE % {"tile": repr(tile)})
        placed.add(tile)
    return dict(loadout)


def check_engine_log(attempt: Reader, pack: Pack) -> None:
    """The setup, moves and state of an attempt played at the table, replayed through the rules
    engine: the state must be what the moves in force lead to. An attempt in progress needs its
    setup (the table starts from it); one logged without the table has neither state nor moves."""
    where = attempt.where
    setup = attempt.get("setup", dict, optional=True)
    state = attempt.get("state", dict, optional=True)
    moves = parse_moves(attempt)
    if setup is None:
        if attempt.data.get("status") == AttemptStatus.OPEN:
            raise ExchangeError(at(where, "setup"), str(IN_PROGRESS_NEEDS_SETUP))
        if state is not None:
            raise ExchangeError(at(where, "state"), str(STATE_WITHOUT_SETUP))
        if moves:
            raise ExchangeError(at(where, "moves"), str(MOVES_WITHOUT_SETUP))
        return
    setup_where = at(where, "setup")
    check_setup_texts(setup, pack, setup_where)
    seed = (state or {}).get("seed", 0)
    seed = seed if isinstance(seed, int) else 0
    start = functools.partial(spirits.new_game, seed=seed)
    game = engine(setup_where, NOT_A_SETUP, spirits.SetupError, start, setup)
    for place, payload in moves:
        game = engine(place, ILLEGAL_MOVE, spirits.IllegalMove, spirits.apply, game, payload)
    if state is not None and state != json.loads(json.dumps(spirits.to_json(game))):
        raise ExchangeError(at(where, "state"), str(STATE_DIFFERS))


def engine(where: str, problem: Any, refusal: type[Exception], step: Any, *args: Any) -> Any:
    """``step(*args)`` of the rules engine; its refusal, or a crash on a document the engine never
    wrote, as the ``problem`` at ``where``."""
    try:
        return step(*args)
    except refusal as error:
        detail = str(error)
    except (TypeError, KeyError, AttributeError, IndexError, ValueError) as error:
        detail = type(error).__name__
    raise ExchangeError(where, problem % {"detail": detail})


def check_setup_texts(setup: dict[str, Any], pack: Pack, where: str) -> None:
    """What of a setup the statistics and the table screen store or show, as the table writes it;
    numbers small, as the engine and the screen build what they count."""
    board = setup.get("board")
    size = board.get("size", BOARD_SIZE) if isinstance(board, dict) else BOARD_SIZE
    if not isinstance(size, int) or not 1 <= size <= BOARD_SIZE:
        raise ExchangeError(at(at(where, "board"), "size"), BOARD_SIZE_RANGE % {"most": BOARD_SIZE})
    if found := large_number(setup, MAX_SETUP_NUMBER):
        raise ExchangeError(at(where, found), TOO_LARGE % {"most": MAX_SETUP_NUMBER})
    colours = {c.id for c in pack.colours}
    trump = setup.get("trump")
    if not isinstance(trump, str) or trump not in colours:
        raise ExchangeError(at(where, "trump"), NOT_PACK_COLOUR % {"value": repr(str(trump)[:40])})
    cards = setup.get("cards")
    if isinstance(cards, dict):
        for card_id, card in cards.items():
            colour = card.get("colour") if isinstance(card, dict) else None
            if colour not in colours:
                place = at(at(at(where, "cards"), card_id[:40]), "colour")
                raise ExchangeError(place, NOT_PACK_COLOUR % {"value": repr(str(colour)[:40])})
    for field in SETUP_NAMES:
        if not are_texts(setup.get(field, {})):
            raise ExchangeError(at(where, field), str(NOT_NAMES))
    names_by_colour = setup.get("colours", {})
    if not isinstance(names_by_colour, dict) or not all(map(are_texts, names_by_colour.values())):
        raise ExchangeError(at(where, "colours"), str(NOT_COLOURS))
    mission = setup.get("mission", {})
    if not isinstance(mission, dict):
        raise ExchangeError(at(where, "mission"), str(NOT_AN_OBJECT))
    for key, kind in (("number", int), ("objectives", list)):
        if key in mission:
            check_type(mission[key], kind, at(at(where, "mission"), key), MAX_INT)
    for key in ("name", "text", "relief"):
        if key in mission and not is_text(mission[key]):
            raise ExchangeError(at(at(where, "mission"), key), str(NOT_A_TEXT))


def is_text(value: object) -> bool:
    """A name or text as a setup keeps it: a string, or the pack's texts by language."""
    return isinstance(value, str) or pack_text_problems(value) is None


def are_texts(value: object) -> bool:
    return isinstance(value, dict) and all(map(is_text, value.values()))


def large_number(data: object, limit: int) -> str | None:
    """The place of the first number above ``limit`` in ``data`` (at most 40 deep), if any."""
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((at(where, str(k)[:40]), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((at(where, i), v) for i, v in enumerate(value))
        elif isinstance(value, int | float) and not isinstance(value, bool) and value > limit:
            return where
    return None


def parse_moves(attempt: Reader) -> list[tuple[str, dict[str, Any]]]:
    """The moves in force (not undone), in ``seq`` order, each with its place."""
    moves: dict[int, tuple[str, dict[str, Any]] | None] = {}  # by seq; None: undone
    for where, move in attempt.items("moves", limit=MAX_MOVES):
        m = Reader(move, where, allowed=MOVE_FIELDS)
        seq = m.get("seq", int)
        if seq in moves:
            raise ExchangeError(at(where, "seq"), SEQ_TWICE % {"seq": seq})
        payload = m.get("payload", dict)
        m.user("created_by")
        m.user("undone_by")
        m.when("created_at")
        moves[seq] = None if m.when("undone_at") else (at(where, "payload"), payload)
    return [move for _seq, move in sorted(moves.items()) if move is not None]


def parse_overrides(reader: Reader, attempts: int) -> list[tuple[int, Override]]:
    overrides = []
    for index, (place, item) in enumerate(reader.items("overrides", limit=MAX_OVERRIDES)):
        override = Reader(item, place, allowed=OVERRIDE_FIELDS)
        after = override.get("after_attempt", int)
        if after > attempts:
            raise ExchangeError(at(place, "after_attempt"), str(AFTER_NO_ATTEMPT))
        kind = override.get("kind", str, limit=MAX_NAME)
        if kind not in OVERRIDE_KINDS:
            raise ExchangeError(
                at(place, "kind"), interpolate(ONE_OF, {"values": sorted(OVERRIDE_KINDS)})
            )
        target = override.get("target", str, optional=True, limit=MAX_TARGET) or ""
        reason = override.get("reason", str, limit=MAX_REASON)
        override.user("created_by")
        override.when("created_at")
        overrides.append((after, Override(-1 - index, kind, target, reason)))
    return overrides


def parse_audit(reader: Reader) -> None:
    for where, item in reader.items("audit", limit=MAX_AUDIT):
        entry = Reader(item, where, allowed=AUDIT_FIELDS)
        entry.user("actor")
        action = entry.get("action", str, optional=True, limit=MAX_NAME)
        if action is not None and action not in AuditAction.values:
            raise ExchangeError(
                at(where, "action"), interpolate(ONE_OF, {"values": AuditAction.values})
            )
        entry.get("summary", str, limit=MAX_SUMMARY)
        code = entry.get("code", str, optional=True, limit=MAX_NAME)
        if code is not None and code not in (*texts.MESSAGES, texts.VERBATIM):
            raise ExchangeError(at(where, "code"), str(NOT_AN_AUDIT_CODE))
        entry.get("params", dict, optional=True)
        for place, line in entry.items("details", limit=MAX_DETAILS):
            check_type(line, str, place, MAX_DETAIL)
        entry.when("at")


def check_replay(
    pack: Pack, results: dict[int, AttemptResult], overrides: list[tuple[int, Override]], where: str
) -> None:
    """The campaign log replays in the order the services replay it (``progression.log_order``).
    The rules keep what they no longer allow as ignored entries, so this fails only on something
    the checks above let through."""
    numbers = range(1, max([0, *results, *(after for after, _override in overrides)]) + 1)
    entries = progression.log_order([(n, results.get(n)) for n in numbers], overrides)
    try:
        progression.replay(pack, entries)
    except (progression.ProgressionError, KeyError, ValueError) as error:
        raise ExchangeError(where, NO_REPLAY % {"detail": error}) from None
