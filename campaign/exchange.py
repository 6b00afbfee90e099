"""The ``questlog-adventure/1`` export format (``docs/formats/adventure.md``): write and read it.

An export is the adventure's log (attempts with their moves and notes, manual overrides, audit
trail) and the content pack it is pinned to; the state is never exported, the importer replays the
log. ``parse_document`` validates a document without touching the database and raises
``ExchangeError`` naming the place of the first problem, e.g.
``adventures[0].attempts[3].mission: expected an integer``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from campaign.models import Adventure, AttemptStatus
from games.content import Pack, PackError, pack_from_json
from games.rules.spirits.campaign import FAILURE_REASONS, OVERRIDE_KINDS

FORMAT = "questlog-adventure/1"
MAX_ATTEMPTS = 5000
MAX_TEXT = 2000
MAX_NAME = 80


class ExchangeError(ValueError):
    """An import document the format does not allow; ``str()`` says where and what."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


# --- Export --------------------------------------------------------------------------------------


def when(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def username(user: Any) -> str | None:
    return user.username if user is not None else None


def export_adventure(adventure: Adventure) -> dict[str, Any]:
    """One adventure's log as a JSON-ready dict (an entry of the document's ``adventures``)."""
    attempts = adventure.attempts.order_by("number").prefetch_related(
        "notes", "moves__created_by", "moves__undone_by"
    )
    return {
        "name": adventure.name,
        "created_at": when(adventure.created_at),
        "created_by": username(adventure.created_by),
        "content_pack": adventure.content_pack.document,
        "attempts": [
            {
                "number": a.number,
                "mission": a.mission,
                "status": a.status,
                "failure_reason": a.failure_reason,
                "players": list(a.players),
                "rounds_played": a.rounds_played,
                "played_on": a.played_on.isoformat(),
                "duration_minutes": a.duration_minutes,
                "loadout": dict(a.loadout),
                "setup": a.setup,
                "state": a.state,
                "version": a.version,
                "created_by": username(a.created_by),
                "created_at": when(a.created_at),
                "notes": [
                    {"author": n.author_name, "text": n.text, "created_at": when(n.created_at)}
                    for n in a.notes.all()
                ],
                "moves": [
                    {
                        "seq": m.seq,
                        "payload": m.payload,
                        "created_by": username(m.created_by),
                        "created_at": when(m.created_at),
                        "undone_at": when(m.undone_at),
                        "undone_by": username(m.undone_by),
                    }
                    for m in a.moves.all()
                ],
            }
            for a in attempts.select_related("created_by")
        ],
        "overrides": [
            {
                "after_attempt": o.after_attempt,
                "kind": o.kind,
                "target": o.target,
                "reason": o.reason,
                "created_by": username(o.created_by),
                "created_at": when(o.created_at),
            }
            for o in adventure.overrides.select_related("created_by")
        ],
        "audit": [
            {
                "actor": e.actor_name,
                "at": when(e.at),
                "action": e.action,
                "summary": e.summary,
                "details": e.details,
            }
            for e in adventure.audit.order_by("at", "pk")
        ],
    }


def export_document(adventures: list[Adventure], *, group_name: str) -> dict[str, Any]:
    """The whole document: one adventure, or all of a group's (a list either way)."""
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

    def __init__(self, data: object, where: str, *, allowed: set[str]) -> None:
        if not isinstance(data, dict):
            raise ExchangeError(where, f"expected an object, got {type_name(data)}")
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise ExchangeError(at(where, unknown[0]), "unknown field")
        self.data = data
        self.where = where

    def get(self, name: str, kind: str, *, optional: bool = False, default: Any = None) -> Any:
        where = at(self.where, name)
        if name not in self.data or self.data[name] is None:
            if optional:
                return default
            raise ExchangeError(where, "missing")
        value = self.data[name]
        check_type(value, kind, where)
        return value


def at(where: str, name: str | int) -> str:
    if isinstance(name, int):
        return f"{where}[{name}]"
    return f"{where}.{name}" if where else name


def type_name(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return "a number"
    return names.get(type(value), type(value).__name__)


def check_type(value: object, kind: str, where: str) -> None:
    expected = {
        "int": ("an integer", lambda v: isinstance(v, int) and not isinstance(v, bool)),
        "str": ("a string", lambda v: isinstance(v, str)),
        "list": ("a list", lambda v: isinstance(v, list)),
        "dict": ("an object", lambda v: isinstance(v, dict)),
        "any": ("anything", lambda v: True),
    }
    label, test = expected[kind]
    if not test(value):
        raise ExchangeError(where, f"expected {label}, got {type_name(value)}")
    if kind == "int" and not 0 <= value <= 10**6:  # type: ignore[operator]
        raise ExchangeError(where, f"expected 0 to {10**6}, got {value}")
    if kind == "str" and len(value) > MAX_TEXT:  # type: ignore[arg-type]
        raise ExchangeError(where, f"longer than {MAX_TEXT} characters")


def check_name(value: str, where: str) -> str:
    if not value.strip():
        raise ExchangeError(where, "must not be empty")
    if len(value) > MAX_NAME:
        raise ExchangeError(where, f"longer than {MAX_NAME} characters")
    if "<" in value or ">" in value:
        raise ExchangeError(where, "names cannot contain < or >")
    return value


def check_datetime(value: str | None, where: str) -> datetime.datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.datetime.fromisoformat(value)
    except ValueError:
        raise ExchangeError(where, f"not a date and time: {value!r}") from None
    return parsed if parsed.tzinfo else timezone.make_aware(parsed, datetime.UTC)


def check_date(value: str, where: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise ExchangeError(where, f"not a date: {value!r}") from None


ADVENTURE_FIELDS = {
    "name",
    "created_at",
    "created_by",
    "content_pack",
    "attempts",
    "overrides",
    "audit",
}
ATTEMPT_FIELDS = {
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
    "notes",
    "moves",
}


def parse_document(data: object) -> list[ImportedAdventure]:
    """Validate a whole document; the adventures in it, ready to store."""
    document = Reader(data, "", allowed={"format", "exported_at", "group", "adventures"})
    if document.data.get("format") != FORMAT:
        raise ExchangeError("format", f"expected {FORMAT!r}, got {document.data.get('format')!r}")
    adventures = document.get("adventures", "list")
    return [parse_adventure(item, at("adventures", i)) for i, item in enumerate(adventures)]


def parse_adventure(data: object, where: str) -> ImportedAdventure:
    reader = Reader(data, where, allowed=ADVENTURE_FIELDS)
    check_name(reader.get("name", "str"), at(where, "name"))
    check_datetime(reader.get("created_at", "str", optional=True), at(where, "created_at"))
    try:
        pack = pack_from_json(reader.get("content_pack", "dict"))
    except PackError as error:
        raise ExchangeError(at(where, "content_pack"), str(error)) from None
    attempts = reader.get("attempts", "list")
    if len(attempts) > MAX_ATTEMPTS:
        raise ExchangeError(at(where, "attempts"), f"more than {MAX_ATTEMPTS} attempts")
    missions = {m.number for m in pack.missions}
    spaces = {s.id for s in pack.power.spaces}
    tiles = {t.id for t in pack.power.tiles}
    open_count = 0
    for index, item in enumerate(attempts):
        place = at(at(where, "attempts"), index)
        attempt = Reader(item, place, allowed=ATTEMPT_FIELDS)
        if attempt.get("number", "int") != index + 1:
            raise ExchangeError(at(place, "number"), f"expected {index + 1} (attempts in order)")
        if attempt.get("mission", "int") not in missions:
            raise ExchangeError(at(place, "mission"), "not a mission of the content pack")
        status = attempt.get("status", "str")
        if status not in AttemptStatus.values:
            raise ExchangeError(at(place, "status"), f"expected one of {AttemptStatus.values}")
        open_count += status == AttemptStatus.OPEN
        reason = attempt.get("failure_reason", "str", optional=True, default="")
        if (status == "failure") != bool(reason) or (reason and reason not in FAILURE_REASONS):
            raise ExchangeError(
                at(place, "failure_reason"),
                f"a failure needs one of {sorted(FAILURE_REASONS)}; other results none",
            )
        for i, name in enumerate(attempt.get("players", "list")):
            check_type(name, "str", at(at(place, "players"), i))
            check_name(name, at(at(place, "players"), i))
        attempt.get("rounds_played", "int", optional=True)
        check_date(attempt.get("played_on", "str"), at(place, "played_on"))
        attempt.get("duration_minutes", "int", optional=True)
        for space, tile in attempt.get("loadout", "dict", optional=True, default={}).items():
            if space not in spaces or tile not in tiles:
                raise ExchangeError(at(at(place, "loadout"), space), "unknown space or tile")
        attempt.get("version", "int", optional=True)
        attempt.get("setup", "dict", optional=True)
        attempt.get("state", "dict", optional=True)
        for i, note in enumerate(attempt.get("notes", "list", optional=True, default=[])):
            n = Reader(note, at(at(place, "notes"), i), allowed={"author", "text", "created_at"})
            n.get("text", "str")
            n.get("author", "str", optional=True)
            check_datetime(n.get("created_at", "str", optional=True), at(n.where, "created_at"))
        seqs: set[int] = set()
        for i, move in enumerate(attempt.get("moves", "list", optional=True, default=[])):
            m = Reader(
                move,
                at(at(place, "moves"), i),
                allowed={"seq", "payload", "created_by", "created_at", "undone_at", "undone_by"},
            )
            seq = m.get("seq", "int")
            if seq in seqs:
                raise ExchangeError(at(m.where, "seq"), f"seq {seq} appears twice")
            seqs.add(seq)
            m.get("payload", "any")
    if open_count > 1:
        raise ExchangeError(at(where, "attempts"), "more than one attempt in progress")
    for index, item in enumerate(reader.get("overrides", "list", optional=True, default=[])):
        place = at(at(where, "overrides"), index)
        override = Reader(
            item,
            place,
            allowed={"after_attempt", "kind", "target", "reason", "created_by", "created_at"},
        )
        if override.get("after_attempt", "int") > len(attempts):
            raise ExchangeError(at(place, "after_attempt"), "after an attempt that is not there")
        if override.get("kind", "str") not in OVERRIDE_KINDS:
            raise ExchangeError(at(place, "kind"), f"expected one of {sorted(OVERRIDE_KINDS)}")
        override.get("target", "str", optional=True)
        override.get("reason", "str")
    for index, item in enumerate(reader.get("audit", "list", optional=True, default=[])):
        entry = Reader(
            item,
            at(at(where, "audit"), index),
            allowed={"actor", "at", "action", "summary", "details"},
        )
        entry.get("summary", "str")
        check_datetime(entry.get("at", "str", optional=True), at(entry.where, "at"))
    return ImportedAdventure(data=reader.data, pack=pack)
