"""The BG Stats export format (``docs/formats/bgstats.md``): read a file, write one, make a link.

``parse_export`` turns the text of an export into frozen value objects without touching the
database, and raises ``BGStatsError`` (a stable ``code`` and a message naming the place, e.g.
``plays[3].gameRefId``) for anything it cannot keep exactly; the JSON itself is read by the guard
every upload passes (``web.uploads``: depth, numbers, texts the database cannot store).
Each object read keeps the JSON it came with (``raw``), so that ``export_document``, which writes
the shape back from plain rows, can start from it and write over only what changed ("Round trip"
in the doc). ``parse_file`` also takes the shape other apps send BG Stats plays in (one play or a
list), read into the same value objects, and ``app_play`` writes a play in that shape, which
``create_play_link`` turns into BG Stats' "create play" link.

Facts of the format this module holds in one place each:
- games, players and locations carry integer ``id``s that plays reference (``gameRefId``,
  ``playerRefId``, ``locationRefId``); they mean nothing outside the file;
- ``playDate`` is ``"YYYY-MM-DD HH:mm:ss"`` in the local time of the device that logged it;
- ``durationMin`` 0 means unknown; a missing ``locationRefId`` (or 0) means no location;
- a score is text: ``""`` is no score, otherwise a number or an arithmetic expression;
- the same player may hold two lines of one play (the anonymous player, ``isAnonymous``);
- a cooperative game's play is won when every player is marked a winner.
"""

from __future__ import annotations

import datetime
import json
import urllib.parse
import uuid as uuid_module
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as kept
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.scores import ScoreError, score_text, score_value
from web.uploads import parse_json_text

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
MAX_PLAYS = 50_000
MAX_NAME = 120
MAX_NOTE = 2000
SOURCE_NAME = "Questlog"
CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html"
# BG Stats' own name for its anonymous player: a value of the file, not a text of ours.
ANONYMOUS_NAME = "Anonymous player"

NOT_EXPORT = gettext_lazy(
    "This file is not a BG Stats export: it has no “games”, “players” and “plays” lists."
)
EXPECTED = gettext_lazy("%(where)s: expected %(what)s.")
UNKNOWN_REF = gettext_lazy("%(where)s: the file has no %(kind)s with id %(id)s.")
BAD_SCORE = gettext_lazy("%(where)s: “%(score)s” is neither a number nor an arithmetic expression.")
BAD_DATE = gettext_lazy("%(where)s: “%(value)s” is not a date written YYYY-MM-DD HH:mm:ss.")
TOO_MANY = gettext_lazy("The file has %(count)s plays; at most %(max)s can be imported at once.")
TWICE = gettext_lazy("%(where)s: id %(id)s is used twice.")
NO_PLAYERS = gettext_lazy("%(where)s: a play needs at least one player.")
NEITHER = gettext_lazy(
    "This file is neither a BG Stats export (“games”, “players” and “plays” lists) nor plays "
    "sent by another app (a play with “sourceName”, “sourcePlayId”, “game” and “players”, or a "
    "list of them)."
)
NO_PLAYS = gettext_lazy("The file holds an empty list: no play to import.")
TOO_LONG = gettext_lazy("%(where)s: at most %(max)s characters, as it names the play.")


class BGStatsError(ValueError):
    """A file we cannot import as it is; ``code`` is stable, ``str()`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class FileGame:
    ref: int
    name: str
    bgg_id: int | None
    cooperative: bool
    highest_wins: bool
    no_points: bool
    raw: Mapping[str, Any] = kept(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class FilePlayer:
    ref: int
    name: str
    anonymous: bool = False  # BG Stats' anonymous player (``isAnonymous``): nobody in particular
    raw: Mapping[str, Any] = kept(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class FileScore:
    player_ref: int
    score: Decimal | None
    score_text: str
    winner: bool
    start_player: bool
    rank: int | None
    team: str
    # The line as the file wrote it (on the way out: as it came in, {} for a line of Questlog).
    raw: Mapping[str, Any] = kept(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class FilePlay:
    uuid: str
    game_ref: int
    played_at: datetime.datetime  # naive: the device's local time
    duration_minutes: int | None
    location_ref: int | None
    ignored: bool
    uses_teams: bool
    note: str
    scores: tuple[FileScore, ...]
    raw: Mapping[str, Any] = kept(default_factory=dict, compare=False, repr=False)  # no lines
    # A play sent by another app: the app's name and its id for the play ("Plays from other
    # apps" in the doc); "" for a play of an export.
    source_name: str = ""
    source_play_id: str = ""

    def group_won(self, game: FileGame) -> bool | None:
        """A cooperative play is won when every player is a winner; ``None`` if competitive."""
        if not game.cooperative:
            return None
        return bool(self.scores) and all(s.winner for s in self.scores)


@dataclass(frozen=True)
class Export:
    games: Mapping[int, FileGame]
    players: Mapping[int, FilePlayer]
    locations: Mapping[int, str]
    plays: tuple[FilePlay, ...]
    # What no row of the play log holds, kept for the export: each location as the file wrote
    # it, and the file's top-level keys but games, players, locations and plays.
    location_rows: Mapping[int, Mapping[str, Any]] = kept(default_factory=dict)
    top: Mapping[str, Any] = kept(default_factory=dict)


# --- Reading ---------------------------------------------------------------------------------


def parse_file(document: str) -> Export:
    """Read a file of either shape the import takes: a BG Stats export, or plays sent by another
    app (one play or a list, ``read_app_plays``), told apart by their keys."""
    data = json_of(document)
    if is_export(data):
        return read_export(data)
    if isinstance(data, list) or (isinstance(data, dict) and APP_KEYS & data.keys()):
        return read_app_plays(data)
    raise BGStatsError("shape", str(NEITHER))


def parse_export(document: str) -> Export:
    """Read a whole BG Stats export file's text; each object keeps the keys it came with
    (``raw``), the file's other top-level keys are kept in ``top``."""
    data = json_of(document)
    if not is_export(data):
        raise BGStatsError("shape", str(NOT_EXPORT))
    return read_export(data)


def json_of(document: str) -> Any:
    try:
        return parse_json_text(document)
    except ValidationError as error:
        raise BGStatsError(str(error.code), error.messages[0]) from None


def is_export(data: Any) -> bool:
    return isinstance(data, dict) and all(
        isinstance(data.get(key), list) for key in ("games", "players", "plays")
    )


def read_export(data: dict[str, Any]) -> Export:
    if len(data["plays"]) > MAX_PLAYS:
        raise BGStatsError(
            "too-many", str(TOO_MANY % {"count": len(data["plays"]), "max": MAX_PLAYS})
        )
    games = by_id("games", data["games"], read_game)
    players = by_id("players", data["players"], read_player)
    locations_list = data.get("locations", [])
    if not isinstance(locations_list, list):
        raise expected("locations", _("a list"))
    locations = by_id("locations", locations_list, read_name)
    plays = tuple(
        read_play(f"plays[{index}]", play, games, players, locations)
        for index, play in enumerate(data["plays"])
    )
    return Export(
        games=games,
        players=players,
        locations=locations,
        plays=plays,
        location_rows={entry["id"]: entry for entry in locations_list},
        top={key: value for key, value in data.items() if key not in LISTS},
    )


LISTS = ("games", "players", "locations", "plays")


def expected(where: str, what: str) -> BGStatsError:
    return BGStatsError("type", str(EXPECTED % {"where": where, "what": what}))


def field(entry: Any, where: str) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise expected(where, _("an object"))
    return entry


def integer(entry: dict[str, Any], key: str, where: str, *, default: int | None = None) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise expected(f"{where}.{key}", _("a whole number"))
    return value


def boolean(entry: dict[str, Any], key: str, where: str, *, default: bool = False) -> bool:
    value = entry.get(key, default)
    if not isinstance(value, bool):
        raise expected(f"{where}.{key}", _("true or false"))
    return value


def text(entry: dict[str, Any], key: str, where: str, *, limit: int, default: str = "") -> str:
    value = entry.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise expected(f"{where}.{key}", _("text"))
    return value.strip()[:limit]


def by_id(kind: str, entries: Iterable[Any], read: Any) -> dict[int, Any]:
    found: dict[int, Any] = {}
    for index, entry in enumerate(entries):
        where = f"{kind}[{index}]"
        ref = integer(field(entry, where), "id", where)
        if ref in found:
            raise BGStatsError("duplicate-id", str(TWICE % {"where": where, "id": ref}))
        found[ref] = read(entry, where, ref)
    return found


def read_name(entry: dict[str, Any], where: str, ref: int) -> str:
    name = text(entry, "name", where, limit=MAX_NAME)
    if not name:
        raise expected(f"{where}.name", _("a name"))
    return name


def read_game(entry: dict[str, Any], where: str, ref: int) -> FileGame:
    bgg_id = entry.get("bggId") or None
    if bgg_id is not None and (isinstance(bgg_id, bool) or not isinstance(bgg_id, int)):
        raise expected(f"{where}.bggId", _("a whole number"))
    return FileGame(
        ref=ref,
        name=read_name(entry, where, ref),
        bgg_id=bgg_id if bgg_id and bgg_id > 0 else None,
        cooperative=boolean(entry, "cooperative", where),
        highest_wins=boolean(entry, "highestWins", where, default=True),
        no_points=boolean(entry, "noPoints", where),
        raw=entry,
    )


def read_player(entry: dict[str, Any], where: str, ref: int) -> FilePlayer:
    return FilePlayer(
        ref=ref,
        name=read_name(entry, where, ref)[:80],
        anonymous=boolean(entry, "isAnonymous", where),
        raw=entry,
    )


def reference(
    entry: dict[str, Any], key: str, where: str, known: Mapping[int, Any], kind: str
) -> int:
    ref = integer(entry, key, where)
    if ref not in known:
        raise BGStatsError(
            "unknown-ref", str(UNKNOWN_REF % {"where": f"{where}.{key}", "kind": kind, "id": ref})
        )
    return ref


def read_date(entry: dict[str, Any], where: str) -> datetime.datetime:
    value = entry.get("playDate")
    try:
        return datetime.datetime.strptime(str(value), DATE_FORMAT)
    except ValueError:
        raise BGStatsError(
            "date", str(BAD_DATE % {"where": f"{where}.playDate", "value": value})
        ) from None


def read_score(entry: dict[str, Any], where: str, ref: int, uses_teams: bool) -> FileScore:
    raw = entry.get("score", "")
    if raw is None:
        raw = ""
    if isinstance(raw, bool) or not isinstance(raw, str | int | float):
        raise BGStatsError("score", str(BAD_SCORE % {"where": f"{where}.score", "score": raw}))
    entered = str(raw).strip()
    try:
        value = score_value(entered)
    except ScoreError:
        raise BGStatsError(
            "score", str(BAD_SCORE % {"where": f"{where}.score", "score": entered[:40]})
        ) from None
    rank = entry.get("rank") or None
    if rank is not None and (isinstance(rank, bool) or not isinstance(rank, int) or rank < 0):
        raise expected(f"{where}.rank", _("a whole number"))
    return FileScore(
        player_ref=ref,
        score=value,
        score_text=entered if value is not None and entered != score_text(value) else "",
        winner=boolean(entry, "winner", where),
        start_player=boolean(entry, "startPlayer", where),
        rank=rank,
        team=text(entry, "team", where, limit=40) if uses_teams else "",
        raw=entry,
    )


def read_play(
    where: str,
    entry: Any,
    games: Mapping[int, FileGame],
    players: Mapping[int, FilePlayer],
    locations: Mapping[int, str],
) -> FilePlay:
    entry = field(entry, where)
    uuid = text(entry, "uuid", where, limit=64)
    if not uuid:
        raise expected(f"{where}.uuid", _("an identifier"))
    game_ref = reference(entry, "gameRefId", where, games, _("game"))
    location_ref = entry.get("locationRefId") or None
    if location_ref is not None:
        location_ref = reference(entry, "locationRefId", where, locations, _("location"))
    duration = integer(entry, "durationMin", where, default=0)
    if duration < 0:
        raise expected(f"{where}.durationMin", _("a whole number"))
    uses_teams = boolean(entry, "usesTeams", where)
    lines = entry.get("playerScores")
    if not isinstance(lines, list):
        raise expected(f"{where}.playerScores", _("a list"))
    scores = []
    for index, line in enumerate(lines):
        line_where = f"{where}.playerScores[{index}]"
        line = field(line, line_where)
        ref = reference(line, "playerRefId", line_where, players, _("player"))
        scores.append(read_score(line, line_where, ref, uses_teams))
    if not scores:
        raise BGStatsError("no-players", str(NO_PLAYERS % {"where": where}))
    return FilePlay(
        uuid=uuid,
        game_ref=game_ref,
        played_at=read_date(entry, where),
        duration_minutes=duration or None,
        location_ref=location_ref,
        ignored=boolean(entry, "ignored", where),
        uses_teams=uses_teams,
        note=text(entry, "comments", where, limit=MAX_NOTE),
        scores=tuple(scores),
        raw={key: value for key, value in entry.items() if key != "playerScores"},
    )


# --- Plays sent by other apps ----------------------------------------------------------------
#
# BG Stats' import shape for a play another app hands over (one object, or a list of them): the
# play names its game and its players inline. They become the games and players of an ``Export``
# (numbered here), so the import's preview matches them to the group's games and people as it
# does an export's. A play's key is the app that sent it and the app's id for it
# (``sourceName``, ``sourcePlayId``): sending it again adds nothing. A play Questlog sent (its
# ``sourceName`` is ``SOURCE_NAME``, its id a play's uuid) is keyed by that uuid, so a group's
# own download comes back as the plays it already has.

APP_KEYS = frozenset({"sourceName", "sourcePlayId", "game", "players"})
MAX_SOURCE = 100


def read_app_plays(data: Any) -> Export:
    """Plays sent by other apps: ``data`` is one play object or a list of them."""
    entries = data if isinstance(data, list) else [data]
    if not entries:
        raise BGStatsError("no-plays", str(NO_PLAYS))
    if len(entries) > MAX_PLAYS:
        raise BGStatsError("too-many", str(TOO_MANY % {"count": len(entries), "max": MAX_PLAYS}))
    found = AppObjects()
    plays = tuple(
        read_app_play(f"plays[{index}]" if isinstance(data, list) else "play", entry, found)
        for index, entry in enumerate(entries)
    )
    return Export(
        games={game.ref: game for game in found.games.values()},
        players={player.ref: player for player in found.players.values()},
        locations={ref: name for name, ref in found.locations.items()},
        plays=plays,
    )


@dataclass
class AppObjects:
    """The games, players and places the plays named so far, each once (by what names it)."""

    games: dict[tuple[str, int | None], FileGame] = kept(default_factory=dict)
    players: dict[str, FilePlayer] = kept(default_factory=dict)
    locations: dict[str, int] = kept(default_factory=dict)


def identifier(entry: dict[str, Any], key: str, where: str) -> str:
    """An app's id for something: text or a whole number, as text ("" if absent)."""
    value = entry.get(key)
    if value is None or value == "":
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise expected(f"{where}.{key}", _("text or a whole number"))
    return key_part(str(value).strip(), f"{where}.{key}")


def key_part(value: str, where: str) -> str:
    """A part of a play's key, whole: cut short, two ids could become one."""
    if len(value) > MAX_SOURCE:
        raise BGStatsError("too-long", str(TOO_LONG % {"where": where, "max": MAX_SOURCE}))
    return value


def read_app_play(where: str, entry: Any, found: AppObjects) -> FilePlay:
    entry = field(entry, where)
    source = key_part(text(entry, "sourceName", where, limit=MAX_SOURCE + 1), f"{where}.sourceName")
    if not source:
        raise expected(f"{where}.sourceName", _("the name of the app that sent the play"))
    source_id = identifier(entry, "sourcePlayId", where)
    if not source_id:
        raise expected(f"{where}.sourcePlayId", _("an identifier"))
    game_where = f"{where}.game"
    game = replace(read_game(field(entry.get("game"), game_where), game_where, 0), raw={})
    game = found.games.setdefault(game_key(game), replace(game, ref=len(found.games) + 1))
    lines = entry.get("players")
    if not isinstance(lines, list):
        raise expected(f"{where}.players", _("a list"))
    if not lines:
        raise BGStatsError("no-players", str(NO_PLAYERS % {"where": where}))
    scores = tuple(
        read_app_line(f"{where}.players[{index}]", line, found) for index, line in enumerate(lines)
    )
    duration = integer(entry, "durationMin", where, default=0)
    if duration < 0:
        raise expected(f"{where}.durationMin", _("a whole number"))
    place = text(entry, "location", where, limit=MAX_NAME)
    board = text(entry, "board", where, limit=MAX_NAME)
    return FilePlay(
        uuid=app_play_key(source, source_id),
        game_ref=game.ref,
        played_at=read_date(entry, where),
        duration_minutes=duration or None,
        location_ref=found.locations.setdefault(place, len(found.locations) + 1) if place else None,
        ignored=boolean(entry, "ignored", where),
        uses_teams=False,
        note=text(entry, "comments", where, limit=MAX_NOTE),
        scores=scores,
        raw={"board": board} if board else {},
        source_name=source,
        source_play_id=source_id,
    )


def game_key(game: FileGame) -> tuple[str, int | None]:
    return (game.name.lower(), game.bgg_id)


def read_app_line(where: str, entry: Any, found: AppObjects) -> FileScore:
    """A player of a play sent by another app: the same player across the file is the same
    ``sourcePlayerId``, else the same name (any case)."""
    entry = field(entry, where)
    anonymous = boolean(entry, "isAnonymous", where)
    name = ANONYMOUS_NAME if anonymous else read_name(entry, where, 0)[:80]
    source_id = identifier(entry, "sourcePlayerId", where)
    key = "anonymous" if anonymous else f"id:{source_id}" if source_id else f"name:{name.lower()}"
    player = found.players.setdefault(
        key, FilePlayer(ref=len(found.players) + 1, name=name, anonymous=anonymous)
    )
    line = read_score(entry, where, player.ref, uses_teams=False)
    role = text(entry, "role", where, limit=MAX_NAME)
    # Not a line of an export (no ``playerRefId``): what the export writes besides a new line's.
    return replace(line, raw={"role": role} if role else {})


def app_play_key(source: str, source_id: str) -> str:
    """The play's key in the group (``FilePlay.uuid``): never a uuid but for a play of ours."""
    if source == SOURCE_NAME:
        try:
            return str(uuid_module.UUID(source_id))
        except ValueError:
            pass
    return f"source:{source}:{source_id}"


# --- Writing ---------------------------------------------------------------------------------
#
# An object that came from a file is written back from what it came with (``original``): every
# key it had, in its form, the uuid as it was and its id if no other object of its kind holds it.
# Only what Questlog knows and the group changed is written over it, compared by meaning (a score
# ``45`` and ``"45"`` are the same score), and only then is ``modificationDate`` the time of the
# change. An object Questlog made gets every key, a uuid in capitals and dates as BG Stats writes
# them.


@dataclass(frozen=True)
class OutPlay:
    """A play as the export writes it: ``game_key`` names a game of the group, and each line's
    ``player_ref`` a person of the group; ``original`` is the play as a file brought it in."""

    uuid: str
    game_key: object
    played_at: datetime.datetime  # naive, in the exporting user's time zone
    modified_at: datetime.datetime
    duration_minutes: int | None
    location: str
    ignored: bool
    uses_teams: bool
    note: str
    lines: tuple[FileScore, ...]
    created_at: datetime.datetime | None = None
    edited: bool = False  # saved in Questlog since it came in
    original: Mapping[str, Any] = kept(default_factory=dict)


@dataclass(frozen=True)
class OutEntity:
    key: object
    uuid: str
    name: str
    bgg_id: int | None = None
    cooperative: bool = False
    highest_wins: bool = True
    no_points: bool = False
    anonymous: bool = False
    original: Mapping[str, Any] = kept(default_factory=dict)


def stamp(value: datetime.datetime) -> str:
    return value.strftime(DATE_FORMAT)


def new_uuid(value: str) -> str:
    """A uuid Questlog made, in BG Stats' form (capitals)."""
    return value.upper()


def whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def assign_ids(entities: Iterable[OutEntity]) -> dict[object, int]:
    """Each entity's id in the file: its original one unless another entity of its kind took it
    first, else the next ones after the highest."""
    ids: dict[object, int] = {}
    taken: set[int] = set()
    later = []
    for entity in entities:
        ref = entity.original.get("id")
        if isinstance(ref, int) and not isinstance(ref, bool) and ref not in taken:
            ids[entity.key] = ref
            taken.add(ref)
        else:
            later.append(entity)
    following = max(ids.values(), default=0) + 1
    for entity in later:
        ids[entity.key] = following
        following += 1
    return ids


def cleaned(limit: int) -> Callable[[Any], str]:
    return lambda value: value.strip()[:limit] if isinstance(value, str) else ""


def is_true(value: Any) -> bool:
    return value is True


def not_false(value: Any) -> bool:
    return value is not False


def positive(value: Any) -> int:
    return value if whole(value) and value > 0 else 0


def written_score(value: Any) -> str:
    """A file's score as the export writes it: what was entered if it is not the plain value."""
    try:
        line = read_score({"score": value}, "", 0, uses_teams=False)
    except BGStatsError:
        return str(value)
    return line.score_text or score_text(line.score)


# What Questlog knows of each kind of object, by key: how a file's value reads (so that a value
# is only written over when it means something else).
GAME_KNOWS: dict[str, Callable[[Any], Any]] = {
    "name": cleaned(MAX_NAME),
    "bggId": positive,
    "cooperative": is_true,
    "highestWins": not_false,
    "noPoints": is_true,
}
PLAYER_KNOWS: dict[str, Callable[[Any], Any]] = {"name": cleaned(80), "isAnonymous": is_true}
LOCATION_KNOWS: dict[str, Callable[[Any], Any]] = {"name": cleaned(MAX_NAME)}
PLAY_KNOWS: dict[str, Callable[[Any], Any]] = {
    "playDate": lambda value: value,
    "durationMin": positive,
    "ignored": is_true,
    "usesTeams": is_true,
    "comments": cleaned(MAX_NOTE),
}
LINE_KNOWS: dict[str, Callable[[Any], Any]] = {
    "score": written_score,
    "winner": is_true,
    "startPlayer": is_true,
    "rank": positive,
}


def overlay(
    row: dict[str, Any], original: Mapping[str, Any], values: Mapping[str, Any], knows: Any
) -> bool:
    """Write over ``row`` the values that mean something else than the original's; whether any
    did."""
    changed = False
    for key, value in values.items():
        if knows[key](original.get(key)) != value:
            row[key] = value
            changed = True
    return changed


def entity_rows(
    entities: Iterable[OutEntity],
    ids: Mapping[object, int],
    now: str,
    values: Callable[[OutEntity], dict[str, Any]],
    knows: Mapping[str, Callable[[Any], Any]],
    fresh: Callable[[OutEntity], dict[str, Any]],
) -> list[dict[str, Any]]:
    """The entities' rows, by id: each original with what changed written over it, or a new one."""
    rows = []
    for entity in entities:
        ref = ids[entity.key]
        if entity.original:
            row = {**entity.original, "id": ref}
            if overlay(row, entity.original, values(entity), knows):
                row["modificationDate"] = now
        else:
            row = {
                "id": ref,
                "uuid": entity.uuid,
                **values(entity),
                **fresh(entity),
                "modificationDate": now,
            }
        rows.append(row)
    return sorted(rows, key=lambda row: row["id"])


def game_values(game: OutEntity) -> dict[str, Any]:
    return {
        "name": game.name,
        "bggId": game.bgg_id or 0,
        "cooperative": game.cooperative,
        "highestWins": game.highest_wins,
        "noPoints": game.no_points,
    }


def new_game_fields(game: OutEntity) -> dict[str, Any]:
    return {
        "bggName": game.name,
        "bggYear": 0,
        "usesTeams": False,
        "isBaseGame": 1,
        "isExpansion": 0,
    }


def original_ids(entities: Iterable[OutEntity]) -> dict[object, Any]:
    return {entity.key: entity.original.get("id") for entity in entities}


@dataclass(frozen=True)
class Refs:
    """Each game's, person's and place's id in the file, and the id it had in its own file."""

    games: Mapping[object, int]
    players: Mapping[object, int]
    locations: Mapping[object, int]
    was: Mapping[str, Mapping[object, Any]]


def line_row(
    line: FileScore, seat: int, uses_teams: bool, refs: Refs
) -> tuple[dict[str, Any], bool]:
    """A play's line, and whether it differs from the line the file brought in."""
    values: dict[str, Any] = {
        "score": line.score_text or score_text(line.score),
        "winner": line.winner,
        "startPlayer": line.start_player,
        "rank": line.rank or 0,
    }
    knows = dict(LINE_KNOWS)
    if uses_teams:
        values["team"] = line.team
        knows["team"] = cleaned(40)
    ref = refs.players[line.player_ref]
    if "playerRefId" not in line.raw:  # a line of Questlog, or of a play another app sent
        return {
            "playerRefId": ref,
            **values,
            "newPlayer": False,
            "seatOrder": seat,
            **line.raw,
        }, True
    row = {**line.raw, "playerRefId": ref}
    changed = overlay(row, line.raw, values, knows)
    return row, changed or refs.was["players"][line.player_ref] != line.raw.get("playerRefId")


def play_row(play: OutPlay, refs: Refs) -> dict[str, Any]:
    values: dict[str, Any] = {
        "playDate": stamp(play.played_at),
        "durationMin": play.duration_minutes or 0,
        "ignored": play.ignored,
        "usesTeams": play.uses_teams,
        "comments": play.note,
    }
    lines = [line_row(line, seat, play.uses_teams, refs) for seat, line in enumerate(play.lines)]
    location = refs.locations[play.location] if play.location else None
    if "gameRefId" not in play.original:  # a play of Questlog, or one another app sent
        row: dict[str, Any] = {
            "uuid": play.uuid,
            "gameRefId": refs.games[play.game_key],
            "playDate": values["playDate"],
            "entryDate": stamp(play.created_at or play.played_at),
            "modificationDate": stamp(play.modified_at),
            "durationMin": values["durationMin"],
            "ignored": play.ignored,
            "manualWinner": False,
            "rounds": 0,
            "usesTeams": play.uses_teams,
            "comments": play.note,
            **play.original,
            "playerScores": [line for line, _changed in lines],
        }
        if location is not None:
            row["locationRefId"] = location
        return row
    original = play.original
    row = {**original, "gameRefId": refs.games[play.game_key]}
    changed = overlay(row, original, values, PLAY_KNOWS) or play.edited
    changed |= refs.was["games"][play.game_key] != original.get("gameRefId")
    row["playerScores"] = [line for line, _changed in lines]
    changed |= any(line_changed for _line, line_changed in lines)
    had = original.get("locationRefId") or None
    if location is None:
        if had is not None:
            del row["locationRefId"]
            changed = True
    else:
        row["locationRefId"] = location
        changed |= refs.was["locations"][play.location] != had
    if changed:
        row["modificationDate"] = stamp(play.modified_at)
    return row


def export_document(
    *,
    games: Iterable[OutEntity],
    players: Iterable[OutEntity],
    locations: Iterable[OutEntity],
    plays: Iterable[OutPlay],
    exported_at: datetime.datetime,
    me: object = None,
    kept_top: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The BG Stats export shape: the originals with what changed, the new objects after them;
    ``kept_top`` holds the top-level keys the group's files brought in (``userInfo`` among them),
    ``me`` the person ``userInfo.meRefId`` names."""
    now = stamp(exported_at)
    games, players, locations = list(games), list(players), list(locations)
    refs = Refs(
        games=assign_ids(games),
        players=assign_ids(players),
        locations=assign_ids(locations),
        was={
            "games": original_ids(games),
            "players": original_ids(players),
            "locations": original_ids(locations),
        },
    )
    top = dict(kept_top or {})
    user_info: dict[str, Any] = dict(top.pop("userInfo", None) or {})
    user_info.pop("meRefId", None)
    if me in refs.players:
        user_info["meRefId"] = refs.players[me]
    return {
        **top,
        "games": entity_rows(games, refs.games, now, game_values, GAME_KNOWS, new_game_fields),
        "players": entity_rows(
            players,
            refs.players,
            now,
            lambda player: {"name": player.name, "isAnonymous": player.anonymous},
            PLAYER_KNOWS,
            lambda _player: {"bggUsername": ""},
        ),
        "locations": entity_rows(
            locations,
            refs.locations,
            now,
            lambda place: {"name": place.name},
            LOCATION_KNOWS,
            lambda _place: {},
        ),
        "plays": [play_row(play, refs) for play in plays],
        "userInfo": user_info,
    }


def dumps(document: dict[str, Any]) -> str:
    """An export document as the text of the file (the download and ``manage.py bgstats``)."""
    return json.dumps(document, ensure_ascii=False, indent=1)


def app_play(
    play: OutPlay, play_id: str, game: OutEntity, players: Mapping[Any, OutEntity]
) -> dict[str, Any]:
    """A play in BG Stats' shape for plays sent by other apps ("Plays from other apps" in the
    doc): ``play_id`` is the play's uuid in the group, ``players`` the play's people by key."""
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id,
        "playDate": stamp(play.played_at),
        "durationMin": play.duration_minutes or 0,
        "game": {
            "name": game.name,
            "bggId": game.bgg_id or 0,
            "highestWins": game.highest_wins,
            "noPoints": game.no_points,
        },
        "players": [app_line(line, players[line.player_ref]) for line in play.lines],
    }
    board = play.original.get("board")
    for key, value in (("location", play.location), ("comments", play.note), ("board", board)):
        if value and isinstance(value, str):
            data[key] = value
    return data


def app_line(line: FileScore, player: OutEntity) -> dict[str, Any]:
    row: dict[str, Any] = {"name": player.name}
    if player.anonymous:
        row["isAnonymous"] = True
    if line.score is not None:
        row["score"] = number(line.score)
    row["winner"] = line.winner
    row["startPlayer"] = line.start_player
    if line.rank:
        row["rank"] = line.rank
    role = line.raw.get("role")
    if role and isinstance(role, str):
        row["role"] = role
    row["sourcePlayerId"] = player.uuid
    return row


def create_play_link(data: Mapping[str, Any]) -> str:
    """BG Stats' "create play" link for one play in the shape of ``app_play``: opening it on a
    phone with BG Stats offers to log the play."""
    encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY_URL}?data={urllib.parse.quote(encoded, safe='')}"


def number(value: Decimal) -> int | float:
    """A score as a JSON number: whole scores as integers."""
    return int(value) if value == value.to_integral_value() else float(value)
