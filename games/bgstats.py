"""The BG Stats export format (``docs/formats/bgstats.md``): read a file, write one, make a link.

``parse_export`` turns the text of an export into frozen value objects without touching the
database, and raises ``BGStatsError`` (a stable ``code`` and a message naming the place, e.g.
``plays[3].gameRefId``) for anything it cannot keep exactly; the JSON itself is read by the guard
every upload passes (``web.uploads``: depth, numbers, texts the database cannot store).
``export_document`` writes the shape back from plain rows, and ``create_play_link`` is BG Stats'
"create play" link for one play.

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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
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


@dataclass(frozen=True)
class FilePlayer:
    ref: int
    name: str
    anonymous: bool = False  # BG Stats' anonymous player (``isAnonymous``): nobody in particular


@dataclass(frozen=True)
class FileScore:
    player_ref: int
    score: Decimal | None
    score_text: str
    winner: bool
    start_player: bool
    rank: int | None
    team: str


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


# --- Reading ---------------------------------------------------------------------------------


def parse_export(document: str) -> Export:
    """Read a whole BG Stats export file's text; the keys this format does not use are ignored."""
    try:
        data = parse_json_text(document)
    except ValidationError as error:
        raise BGStatsError(str(error.code), error.messages[0]) from None
    if not isinstance(data, dict) or not all(
        isinstance(data.get(key), list) for key in ("games", "players", "plays")
    ):
        raise BGStatsError("shape", str(NOT_EXPORT))
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
    return Export(games=games, players=players, locations=locations, plays=plays)


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
    )


def read_player(entry: dict[str, Any], where: str, ref: int) -> FilePlayer:
    return FilePlayer(
        ref=ref,
        name=read_name(entry, where, ref)[:80],
        anonymous=boolean(entry, "isAnonymous", where),
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
    )


# --- Writing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OutPlay:
    """A play as the export writes it: ``game_key`` names a game of the group, and each line's
    ``player_ref`` a person of the group."""

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


def stamp(value: datetime.datetime) -> str:
    return value.strftime(DATE_FORMAT)


def numbered(
    entities: Iterable[OutEntity], now: str, fields: Callable[[OutEntity], dict[str, Any]]
) -> tuple[dict[object, int], list[dict[str, Any]]]:
    """The entities' rows, with ids 1, 2, … in the file, and those ids by each entity's key."""
    ids: dict[object, int] = {}
    rows = []
    for ref, entity in enumerate(entities, start=1):
        ids[entity.key] = ref
        rows.append(
            {
                "id": ref,
                "uuid": entity.uuid,
                "name": entity.name,
                **fields(entity),
                "modificationDate": now,
            }
        )
    return ids, rows


def game_fields(game: OutEntity) -> dict[str, Any]:
    return {
        "bggId": game.bgg_id or 0,
        "bggName": game.name,
        "bggYear": 0,
        "cooperative": game.cooperative,
        "highestWins": game.highest_wins,
        "noPoints": game.no_points,
        "usesTeams": False,
        "isBaseGame": 1,
        "isExpansion": 0,
    }


def export_document(
    *,
    games: Iterable[OutEntity],
    players: Iterable[OutEntity],
    locations: Iterable[OutEntity],
    plays: Iterable[OutPlay],
    exported_at: datetime.datetime,
    me: object = None,
) -> dict[str, Any]:
    """The BG Stats export shape: integer ids 1, 2, … inside the file, every flag a boolean."""
    now = stamp(exported_at)
    game_ids, game_rows = numbered(games, now, game_fields)
    player_ids, player_rows = numbered(
        players, now, lambda player: {"isAnonymous": player.anonymous, "bggUsername": ""}
    )
    location_ids, location_rows = numbered(locations, now, lambda _: {})
    play_rows = []
    for play in plays:
        row: dict[str, Any] = {
            "uuid": play.uuid,
            "gameRefId": game_ids[play.game_key],
            "playDate": stamp(play.played_at),
            "entryDate": stamp(play.played_at),
            "modificationDate": stamp(play.modified_at),
            "durationMin": play.duration_minutes or 0,
            "ignored": play.ignored,
            "manualWinner": False,
            "rounds": 0,
            "usesTeams": play.uses_teams,
            "comments": play.note,
            "playerScores": [
                {
                    "playerRefId": player_ids[line.player_ref],
                    "score": line.score_text or score_text(line.score),
                    "winner": line.winner,
                    "newPlayer": False,
                    "startPlayer": line.start_player,
                    "rank": line.rank or 0,
                    "seatOrder": seat,
                    **({"team": line.team} if play.uses_teams else {}),
                }
                for seat, line in enumerate(play.lines)
            ],
        }
        if play.location:
            row["locationRefId"] = location_ids[play.location]
        play_rows.append(row)
    user_info: dict[str, Any] = {}
    if me in player_ids:
        user_info["meRefId"] = player_ids[me]
    return {
        "games": game_rows,
        "players": player_rows,
        "locations": location_rows,
        "plays": play_rows,
        "userInfo": user_info,
    }


def dumps(document: dict[str, Any]) -> str:
    """An export document as the text of the file (the download and ``manage.py bgstats``)."""
    return json.dumps(document, ensure_ascii=False, indent=1)


def create_play_link(play: OutPlay, game: OutEntity, names: Mapping[Any, str]) -> str:
    """BG Stats' "create play" link: opening it on a phone with BG Stats offers to log the play."""
    data = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.uuid,
        "playDate": stamp(play.played_at),
        "durationMin": play.duration_minutes or 0,
        "game": {
            "name": game.name,
            "bggId": game.bgg_id or 0,
            "highestWins": game.highest_wins,
            "noPoints": game.no_points,
        },
        "players": [
            {
                "name": names[line.player_ref],
                **({"score": number(line.score)} if line.score is not None else {}),
                "winner": line.winner,
                "startPlayer": line.start_player,
            }
            for line in play.lines
        ],
    }
    encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY_URL}?data={urllib.parse.quote(encoded, safe='')}"


def number(value: Decimal) -> int | float:
    """A score as a JSON number: whole scores as integers."""
    return int(value) if value == value.to_integral_value() else float(value)
