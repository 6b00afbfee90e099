"""Writes to a group's play log: the catalog, logging, editing and deleting plays, importing a BG
Stats export. Reads that several pages share: the history queryset, the export document.

Every write runs in one transaction and first locks the group row (``select_for_update``, no key
lock so plays can still reference the group), so two members logging or importing at once are
serialised: an import sees the plays the other one added and skips them by uuid. Each write is
audited (``PlayAudit``) and marks the group's play statistics stale; the recompute is enqueued
once the transaction commits.
"""

from __future__ import annotations

import datetime
import json
import logging
import uuid as uuid_module
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.cache import cache
from django.db import DataError, IntegrityError, transaction
from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.actors import stored_actor
from accounts.texts import Text, text
from games import bgstats
from games.models import (
    BGStatsKept,
    BuiltinGame,
    CatalogGame,
    ImportState,
    Person,
    Play,
    PlayAudit,
    PlayAuditAction,
    PlayerResult,
    PlayImport,
    PlaySource,
    PlayStatsSnapshot,
)
from games.people import (
    anonymous_player,
    members_without_person,
    person_named,
    person_of_member,
)
from games.scores import score_text
from groups import deleted
from groups.models import DeletedKind, Group, Membership
from web.answered import when_answered

log = logging.getLogger(__name__)

BATCH = 1000
NEW = "new"
ANONYMOUS = "anonymous"  # the file's anonymous player: not matched to anyone

CAMPAIGN_PLAY = gettext_lazy("This play is a campaign mission attempt: correct it in the campaign.")
GAME_EXISTS = gettext_lazy("The catalog already has a game called “%(name)s”.")
IMPORT_GONE = gettext_lazy(
    "This import was already confirmed or has expired; upload the file again."
)
IMPORT_FAILED = gettext_lazy("The import failed and nothing was saved: %(reason)s")
DATABASE_PROBLEM = gettext_lazy("the database refused the plays (%(detail)s).")
IMPORT_NOT_STOPPED = gettext_lazy(
    "This import is not stopped: it is still at work, or already finished."
)
# A running import that showed no sign of life for this long is taken as stopped (its worker
# died): the progress page says so and offers to try again.
STALLED_AFTER = datetime.timedelta(minutes=2)


class Builtin(NamedTuple):
    """A game of our content packs, as the catalog holds it."""

    name: str
    cooperative: bool
    highest_wins: bool
    no_points: bool


BUILTIN_GAMES = {
    BuiltinGame.CAMPAIGN: Builtin("Questlog campaign", True, True, True),
    BuiltinGame.BONFIRE: Builtin("Bonfire", False, True, False),
    BuiltinGame.SOLSTICIO: Builtin("Solsticio", False, True, False),
}


class PlayLogError(ValueError):
    def __init__(self, message: str, *, code: str, field: str | None = None) -> None:
        self.code = code
        self.field = field
        super().__init__(message)


# --- Catalog and people ------------------------------------------------------------------------


def ensure_catalog(*, group: Group) -> None:
    """Put the games of our content packs in the group's catalog (once)."""
    present = set(
        CatalogGame.objects.filter(group=group)
        .exclude(builtin="")
        .values_list("builtin", flat=True)
    )
    for key, game in BUILTIN_GAMES.items():
        if key in present:
            continue
        same_name = CatalogGame.objects.filter(group=group, name__iexact=game.name).first()
        if same_name is not None:
            same_name.builtin = key
            same_name.save(update_fields=["builtin"])
            continue
        try:
            with transaction.atomic():
                CatalogGame.objects.create(group=group, builtin=key, **game._asdict())
        except IntegrityError:  # another request added it meanwhile
            pass


def builtin_game(*, group: Group, key: str) -> CatalogGame:
    """The group's catalog game of one of our content packs (``BuiltinGame``), added if missing."""
    ensure_catalog(group=group)
    return CatalogGame.objects.get(group=group, builtin=key)


@transaction.atomic
def add_game(
    *,
    group: Group,
    name: str,
    bgg_id: int | None,
    cooperative: bool,
    highest_wins: bool,
    no_points: bool,
) -> CatalogGame:
    locked(group)
    if CatalogGame.objects.filter(group=group, name__iexact=name).exists():
        raise PlayLogError(str(GAME_EXISTS % {"name": name}), code="game-exists", field="name")
    return CatalogGame.objects.create(
        group=group,
        name=name,
        bgg_id=bgg_id,
        cooperative=cooperative,
        highest_wins=highest_wins,
        no_points=no_points,
    )


# --- Logging, editing, deleting --------------------------------------------------------------


@dataclass(frozen=True)
class LineData:
    name: str
    score: Decimal | None
    score_text: str = ""
    winner: bool = False
    start_player: bool = False
    team: str = ""
    rank: int | None = None
    anonymous: bool = False  # the group's anonymous player's line (``name`` is only shown)


@dataclass(frozen=True)
class PlayData:
    game: CatalogGame
    played_at: datetime.datetime
    lines: Sequence[LineData]
    duration_minutes: int | None = None
    location: str = ""
    uses_teams: bool = False
    ignored: bool = False
    group_won: bool | None = None
    note: str = ""


def locked(group: Group) -> Group:
    """Lock the group's row for this transaction: its play-log writes take turns."""
    return Group.objects.select_for_update(no_key=True).get(pk=group.pk)


def audit(
    *,
    group: Group,
    play: Play | None,
    by: Any,
    action: str,
    summary: Text,
    details: Sequence[Text] = (),
) -> None:
    PlayAudit.objects.create(
        group=group, play=play, action=action, **PlayAudit.written_by(by, summary, details)
    )


def describe(play: Play, lines: Sequence[LineData]) -> Text:
    names = ", ".join(line.name for line in lines)
    return text("play:summary", game=play.game.stored_name, when=when(play), names=names)


def when(play: Play) -> str:
    return f"{play.played_at:%Y-%m-%d %H:%M}"


def line_key(line: LineData) -> str | None:
    """Lines of one person share a key: their name in any case; ``None``, the anonymous player."""
    return None if line.anonymous else line.name.strip().lower()


def write_lines(
    play: Play, lines: Sequence[LineData], kept: Sequence[tuple[int, dict[str, Any]]] = ()
) -> None:
    """Write a play's lines; ``kept`` are (person, original) of the lines a BG Stats file brought
    in before an edit: each goes back to the first new line of the same person."""
    people: dict[str | None, Person] = {}
    for line in lines:
        key = line_key(line)
        if key in people:
            continue
        if line.anonymous:
            people[key] = anonymous_player(group=play.group, name=bgstats.ANONYMOUS_NAME)
        else:
            people[key] = person_named(group=play.group, name=line.name)
    originals = list(kept)
    rows = []
    for seat, line in enumerate(lines):
        person = people[line_key(line)]
        original = next((o for o in originals if o[0] == person.pk), None)
        if original is not None:
            originals.remove(original)
        rows.append(
            PlayerResult(
                play=play,
                seat=seat,
                person=person,
                score=line.score,
                score_text=line.score_text,
                winner=line.winner,
                start_player=line.start_player,
                rank=line.rank,
                team=line.team if play.uses_teams else "",
                bgstats=original[1] if original is not None else {},
            )
        )
    PlayerResult.objects.bulk_create(rows)


def cooperative_result(data: PlayData) -> bool | None:
    """A cooperative game records the group's win or loss; a competitive one does not."""
    if not data.game.cooperative:
        return None
    if data.group_won is not None:
        return data.group_won
    return bool(data.lines) and all(line.winner for line in data.lines)


def play_fields(data: PlayData) -> dict[str, Any]:
    """The columns of a play that logging and editing write from the form's data."""
    return {
        "game": data.game,
        "played_at": data.played_at,
        "duration_minutes": data.duration_minutes,
        "location": data.location,
        "uses_teams": data.uses_teams,
        "ignored": data.ignored,
        "group_won": cooperative_result(data),
        "note": data.note,
    }


@transaction.atomic
def log_play(*, group: Group, data: PlayData, by: Any, source: str = PlaySource.LOGGED) -> Play:
    """Add a play: logged by hand, or written by a game played in Questlog (``source``)."""
    locked(group)
    play = Play.objects.create(
        group=group,
        **play_fields(data),
        source=source,
        created_by=stored_actor(by),
    )
    write_lines(play, data.lines)
    audit(
        group=group,
        play=play,
        by=by,
        action=PlayAuditAction.LOG,
        summary=describe(play, data.lines),
    )
    statistics_changed(group_id=group.pk)
    return play


@transaction.atomic
def edit_play(*, play: Play, data: PlayData, by: Any) -> Play:
    """Rewrite a play and its lines; the audit entry keeps what it said before."""
    locked(play.group)
    play = (
        Play.objects.select_for_update(no_key=True).select_related("game", "group").get(pk=play.pk)
    )
    if play.source == PlaySource.CAMPAIGN:
        raise PlayLogError(str(CAMPAIGN_PLAY), code="campaign-play")
    before = summary_lines(play)
    for name, value in play_fields(data).items():
        setattr(play, name, value)
    play.save()
    kept = [(r.person_id, r.bgstats) for r in play.results.all() if r.bgstats]
    play.results.all().delete()
    write_lines(play, data.lines, kept)
    after = summary_lines(play)
    audit(
        group=play.group,
        play=play,
        by=by,
        action=PlayAuditAction.EDIT,
        summary=describe(play, data.lines),
        details=[text("play:before", lines=before), text("play:after", lines=after)],
    )
    statistics_changed(group_id=play.group_id)
    return play


@transaction.atomic
def delete_play(*, play: Play, by: Any) -> None:
    locked(play.group)
    play = Play.objects.select_for_update().select_related("game", "group").get(pk=play.pk)
    if play.source == PlaySource.CAMPAIGN:
        raise PlayLogError(str(CAMPAIGN_PLAY), code="campaign-play")
    lines = summary_lines(play)
    summary = text("play:deleted", game=play.game.stored_name, when=when(play))
    group = play.group
    deleted.keep(group=group, kind=DeletedKind.PLAY, what=summary, data=play_copy(play), by=by)
    play.delete()
    audit(
        group=group, play=None, by=by, action=PlayAuditAction.DELETE, summary=summary, details=lines
    )
    statistics_changed(group_id=group.pk)


# --- Restoring a deleted play (docs/deleting.md) ---------------------------------------------

# A play's columns its copy keeps as they are (JSON values already), and its lines'.
COPIED_PLAY = ("duration_minutes", "location", "uses_teams", "ignored", "group_won", "note")
COPIED_LINE = ("seat", "score_text", "winner", "start_player", "rank", "team", "bgstats")
GAME_GONE = gettext_lazy(
    "The game “%(game)s” is no longer in the catalog: add it again, then restore the play."
)
PEOPLE_GONE = gettext_lazy(
    "Some of its players are no longer among the group's people (%(names)s): the play cannot "
    "be restored."
)
PLAY_BACK = gettext_lazy("This play is in the play log already (the same BG Stats play).")


def play_copy(play: Play) -> dict[str, Any]:
    """What restoring a play needs: its columns, its game and people by id (with their names, to
    say which one is missing), and its lines with what a BG Stats file brought in."""
    results = play.results.select_related("person").order_by("seat")
    return {
        "game": play.game_id,
        "game_name": play.game.shown_name,
        "uuid": str(play.uuid),
        "played_at": play.played_at.isoformat(),
        "source": play.source,
        "created_by": play.created_by_id,
        "created_at": play.created_at.isoformat(),
        "bgstats": play.bgstats,
        **{name: getattr(play, name) for name in COPIED_PLAY},
        "lines": [
            {
                "person": r.person_id,
                "person_name": r.person.name,
                "score": None if r.score is None else str(r.score),
                **{name: getattr(r, name) for name in COPIED_LINE},
            }
            for r in results
        ],
    }


@transaction.atomic
def restore_play(*, group: Group, data: dict[str, Any], by: Any) -> Play:
    """Write a deleted play back as it was, with its own uuid; refused, with nothing saved, when
    its game or one of its people was deleted meanwhile or the play is back already."""
    locked(group)
    game = CatalogGame.objects.filter(group=group, pk=data["game"]).first()
    if game is None:
        raise deleted.RestoreRefused(GAME_GONE % {"game": data["game_name"]})
    lines = data["lines"]
    people = Person.rows.filter(group=group).in_bulk([line["person"] for line in lines])
    missing = sorted({line["person_name"] for line in lines if line["person"] not in people})
    if missing:
        raise deleted.RestoreRefused(PEOPLE_GONE % {"names": ", ".join(missing)})
    if Play.objects.filter(group=group, uuid=data["uuid"]).exists():
        raise deleted.RestoreRefused(PLAY_BACK)
    creator = group.memberships.filter(user_id=data["created_by"]).select_related("user").first()
    play = Play.objects.create(
        group=group,
        game=game,
        uuid=uuid_module.UUID(data["uuid"]),
        played_at=datetime.datetime.fromisoformat(data["played_at"]),
        source=data["source"],
        created_by=creator.user if creator is not None else None,
        bgstats=data["bgstats"],
        **{name: data[name] for name in COPIED_PLAY},
    )
    Play.objects.filter(pk=play.pk).update(
        created_at=datetime.datetime.fromisoformat(data["created_at"])
    )
    PlayerResult.objects.bulk_create(
        PlayerResult(
            play=play,
            person=people[line["person"]],
            score=None if line["score"] is None else Decimal(line["score"]),
            **{name: line[name] for name in COPIED_LINE},
        )
        for line in lines
    )
    names = ", ".join(people[line["person"]].name for line in lines)
    summary = text("play:restored", game=game.stored_name, when=when(play), names=names)
    audit(group=group, play=play, by=by, action=PlayAuditAction.LOG, summary=summary)
    statistics_changed(group_id=group.pk)
    return play


def summary_lines(play: Play) -> list[Text]:
    """Each player's line of a play, for the audit trail: name, score, ★ for a winner."""
    return [
        text(
            "play:line-started" if r.start_player else "play:line",
            name=r.person.name,
            score=score_text(r.score) or "—",
            winner=" ★" if r.winner else "",
        )
        for r in play.results.select_related("person")
    ]


# --- Reading ---------------------------------------------------------------------------------


def history(group_id: int) -> QuerySet[Play]:
    """The group's plays, newest first, with what a history row shows (two queries a page)."""
    return (
        Play.objects.filter(group_id=group_id)
        .select_related("game")
        .prefetch_related("results__person")
        .order_by("-played_at", "-pk")
    )


def export_plays(
    *, group: Group, tz: ZoneInfo, me: Any = None, exported_at: datetime.datetime | None = None
) -> dict[str, Any]:
    """Every play of the group (campaign attempts included) as a BG Stats export, with what the
    group's BG Stats imports brought in (``docs/formats/bgstats.md``): the games, players and
    places they brought even without a play, and the file's other top-level keys.
    ``exported_at`` (default now) dates what Questlog made: a backup passes a fixed time, so an
    unchanged group exports the same document."""
    plays = list(history(group.pk).order_by("played_at", "pk"))
    games = {p.game_id: p.game for p in plays}
    games.update((g.pk, g) for g in CatalogGame.objects.filter(group=group).exclude(bgstats={}))
    people = {r.person_id: r.person for p in plays for r in p.results.all()}
    people.update((p.pk, p) for p in Person.rows.filter(group=group).exclude(bgstats={}))
    kept = BGStatsKept.objects.filter(group=group).first()
    places: dict[str, dict[str, Any]] = {}
    for entry in kept.locations if kept is not None else []:
        places.setdefault(location_name(entry), entry)
    for name in sorted({p.location for p in plays if p.location}):
        places.setdefault(name, {})
    namespace = namespace_of(group.pk)
    me_person: int | None = None
    if kept is not None and kept.me_id is not None:
        me_person = kept.me_id
    elif stored_actor(me) is not None:
        # Without an account (a command), nobody is "me": ``user=None`` would pick a guest.
        me_person = Person.objects.filter(group=group, user=me).values_list("pk", flat=True).first()
    return bgstats.export_document(
        games=[out_game(g, namespace) for g in sorted(games.values(), key=lambda g: g.pk)],
        players=[out_person(p, namespace) for p in sorted(people.values(), key=lambda p: p.pk)],
        locations=[
            bgstats.OutEntity(
                key=name,
                uuid=bgstats.new_uuid(str(uuid_module.uuid5(namespace, f"place:{name}"))),
                name=name,
                original=original,
            )
            for name, original in places.items()
        ],
        plays=[out_play(p, tz) for p in plays],
        exported_at=(exported_at or timezone.now()).astimezone(tz),
        me=me_person,
        kept_top=kept.document if kept is not None else None,
    )


def location_name(entry: Any) -> str:
    """A file location's name as a play of the group holds it."""
    name = entry.get("name") if isinstance(entry, dict) else None
    return name.strip()[: bgstats.MAX_NAME][:100] if isinstance(name, str) else ""


def namespace_of(group_id: int) -> uuid_module.UUID:
    """Where the uuids of a group's games, people and places come from: the same each export."""
    return uuid_module.uuid5(uuid_module.NAMESPACE_URL, f"questlog:group:{group_id}")


def out_person(person: Person, namespace: uuid_module.UUID) -> bgstats.OutEntity:
    return bgstats.OutEntity(
        key=person.pk,
        uuid=bgstats.new_uuid(str(uuid_module.uuid5(namespace, f"person:{person.pk}"))),
        name=person.name,
        anonymous=person.anonymous,
        original=person.bgstats,
    )


def out_game(game: CatalogGame, namespace: uuid_module.UUID) -> bgstats.OutEntity:
    return bgstats.OutEntity(
        key=game.pk,
        uuid=bgstats.new_uuid(str(uuid_module.uuid5(namespace, f"game:{game.pk}"))),
        name=game.name,
        bgg_id=game.bgg_id,
        cooperative=game.cooperative,
        highest_wins=game.highest_wins,
        no_points=game.no_points,
        original=game.bgstats,
    )


def result_fields(line: PlayerResult | bgstats.FileScore) -> dict[str, Any]:
    """What a player's line holds alike in the play log and in a BG Stats file."""
    names = ("score", "score_text", "winner", "start_player", "rank", "team")
    return {name: getattr(line, name) for name in names}


# A play saved this long after it was added was saved again: edited in Questlog.
EDITED_AFTER = datetime.timedelta(seconds=1)


def out_play(play: Play, tz: ZoneInfo) -> bgstats.OutPlay:
    return bgstats.OutPlay(
        uuid=play.bgstats.get("uuid") or bgstats.new_uuid(str(play.uuid)),
        game_key=play.game_id,
        played_at=play.played_at.astimezone(tz).replace(tzinfo=None),
        modified_at=play.updated_at.astimezone(tz).replace(tzinfo=None),
        duration_minutes=play.duration_minutes,
        location=play.location,
        ignored=play.ignored,
        uses_teams=play.uses_teams,
        note=play.note,
        lines=tuple(
            bgstats.FileScore(player_ref=r.person_id, **result_fields(r), raw=r.bgstats)
            for r in play.results.all()
        ),
        created_at=play.created_at.astimezone(tz).replace(tzinfo=None),
        edited=play.updated_at - play.created_at > EDITED_AFTER,
        original=play.bgstats,
    )


def app_plays(plays: Iterable[Play], tz: ZoneInfo) -> list[dict[str, Any]]:
    """Plays (from ``history``) in BG Stats' shape for plays sent by other apps, their dates in
    ``tz``: what BG Stats, or another group of Questlog, imports as plays Questlog sent."""
    shaped = []
    for play in plays:
        namespace = namespace_of(play.group_id)
        people = {r.person_id: out_person(r.person, namespace) for r in play.results.all()}
        game = out_game(play.game, namespace)
        shaped.append(bgstats.app_play(out_play(play, tz), str(play.uuid), game, people))
    return shaped


def create_play_link(play: Play, tz: ZoneInfo) -> str:
    return bgstats.create_play_link(app_plays([play], tz)[0])


# --- Import ----------------------------------------------------------------------------------


@dataclass
class PlayerMatch:
    ref: int
    name: str
    lines: int
    suggested: str  # NEW, "person:<id>", "member:<user id>" or ANONYMOUS

    @property
    def anonymous(self) -> bool:
        return self.suggested == ANONYMOUS


@dataclass
class GameMatch:
    name: str
    plays: int
    existing: bool


@dataclass
class ImportPreview:
    plays: int
    new: int
    already: int
    ignored: int
    games: list[GameMatch] = field(default_factory=list)
    players: list[PlayerMatch] = field(default_factory=list)
    locations: int = 0


def match_choices(group: Group) -> list[tuple[str, str]]:
    """Who a file's player can be: a new name, a person of the group, or a member."""
    choices = [(NEW, _("Someone new (keep the file's name)"))]
    choices += [(f"person:{p.pk}", p.name) for p in Person.objects.filter(group=group)]
    choices += [
        (f"member:{m.user_id}", _("%(name)s (member)") % {"name": m.user.username})
        for m in members_without_person(group)
    ]
    return choices


def suggest(name: str, people: dict[str, int], members: dict[str, int]) -> str:
    key = name.lower()
    if key in people:
        return f"person:{people[key]}"
    if key in members:
        return f"member:{members[key]}"
    return NEW


def game_key(game: bgstats.FileGame) -> tuple[str, int | None]:
    return (game.name.lower(), game.bgg_id)


def preview_import(*, group: Group, export: bgstats.Export) -> ImportPreview:
    """What an import would add, without writing: counts, the games and the players found, and
    who each player is taken to be (editable before confirming)."""
    known = existing_uuids(group, export)
    people = {
        name.lower(): pk
        for pk, name in Person.objects.filter(group=group).values_list("pk", "name")
    }
    members = {m.user.username.lower(): m.user_id for m in members_without_person(group)}
    catalog = {
        n.lower() for n in CatalogGame.objects.filter(group=group).values_list("name", flat=True)
    }
    seen: set[uuid_module.UUID] = set()
    new = 0
    plays_per_game: dict[int, int] = {}
    lines_per_player: dict[int, int] = {}
    for play in export.plays:
        key = play_uuid(play.uuid)
        if key not in known and key not in seen:
            new += 1
        seen.add(key)
        plays_per_game[play.game_ref] = plays_per_game.get(play.game_ref, 0) + 1
        for line in play.scores:
            lines_per_player[line.player_ref] = lines_per_player.get(line.player_ref, 0) + 1
    return ImportPreview(
        plays=len(export.plays),
        new=new,
        already=len(export.plays) - new,
        ignored=sum(1 for p in export.plays if p.ignored),
        games=[
            GameMatch(g.name, plays_per_game.get(ref, 0), g.name.lower() in catalog)
            for ref, g in export.games.items()
            if plays_per_game.get(ref)
        ],
        players=[
            PlayerMatch(
                ref,
                p.name,
                lines_per_player[ref],
                ANONYMOUS if p.anonymous else suggest(p.name, people, members),
            )
            for ref, p in export.players.items()
            if lines_per_player.get(ref)
        ],
        locations=len(export.locations),
    )


def play_uuid(text: str) -> uuid_module.UUID:
    """The file's play uuid, or a uuid derived from it when it is not one (same text, same id)."""
    try:
        return uuid_module.UUID(text)
    except ValueError:
        return uuid_module.uuid5(uuid_module.NAMESPACE_URL, f"bgstats:play:{text}")


def existing_uuids(group: Group, export: bgstats.Export) -> set[uuid_module.UUID]:
    wanted = list({play_uuid(p.uuid) for p in export.plays})
    found: set[uuid_module.UUID] = set()
    for start in range(0, len(wanted), BATCH):
        found.update(
            Play.objects.filter(group=group, uuid__in=wanted[start : start + BATCH]).values_list(
                "uuid", flat=True
            )
        )
    return found


def start_import(
    *,
    group: Group,
    file_name: str,
    document: str,
    time_zone: str,
    by: Any,
    export: bgstats.Export | None = None,
) -> tuple[PlayImport, ImportPreview]:
    """Check the file's text (``BGStatsError`` if it cannot be imported) and keep it for
    confirmation; ``export`` is the file already read, if the caller has it."""
    if export is None:
        export = bgstats.parse_file(document)
    preview = preview_import(group=group, export=export)
    # A file previewed and never confirmed is kept until the same member uploads another one.
    PlayImport.objects.filter(
        group=group, created_by=stored_actor(by), state=ImportState.PREVIEW
    ).delete()
    play_import = PlayImport.objects.create(
        group=group,
        created_by=stored_actor(by),
        file_name=file_name[:200],
        document=document,
        time_zone=time_zone,
        total=len(export.plays),
        matching=suggested_matching(preview),
    )
    return play_import, preview


def suggested_matching(preview: ImportPreview) -> dict[str, str]:
    """Who each file player is taken to be when nobody changes the preview's suggestions."""
    return {str(p.ref): p.suggested for p in preview.players}


def confirm_import(*, play_import: PlayImport, matching: dict[str, str]) -> PlayImport:
    """Record who each file player is and leave the import for a worker.

    Only the database is written: beat's ``games.run_pending_imports`` starts it within seconds,
    so a confirmation never waits on Redis. With no broker (the embedded default) the import runs
    in-process once this commits.
    """
    with transaction.atomic():
        play_import = PlayImport.objects.select_for_update().get(pk=play_import.pk)
        if play_import.state != ImportState.PREVIEW:
            raise PlayLogError(str(IMPORT_GONE), code="import-gone")
        play_import.matching = matching
        play_import.state = ImportState.PENDING
        play_import.save(update_fields=["matching", "state"])
        if settings.CELERY_TASK_ALWAYS_EAGER:
            transaction.on_commit(lambda: enqueue_import(play_import.pk))
    return play_import


def enqueue_import(import_id: int) -> None:
    from games.tasks import import_plays

    import_plays.delay(import_id)


def progress_key(import_id: int) -> str:
    return f"games:import-progress:{import_id}"


def report_progress(import_id: int, done: int) -> None:
    """Progress lives in the cache, with when it was reported (the import's heartbeat while it
    writes): the import's own rows, and any column of it, stay invisible until it commits."""
    try:
        cache.set(progress_key(import_id), [done, timezone.now().timestamp()], timeout=3600)
    except Exception:  # a cache that is down only costs the progress bar
        log.warning("could not report the progress of import %s", import_id)


def cached_progress(play_import: PlayImport) -> tuple[int, datetime.datetime | None]:
    """(plays written, when that was reported) from the cache; (0, None) if nothing is there."""
    try:
        found = cache.get(progress_key(play_import.pk))
    except Exception:
        return 0, None
    if not isinstance(found, list | tuple) or len(found) != 2:
        return 0, None
    done, at = found
    return int(done), datetime.datetime.fromtimestamp(at, tz=datetime.UTC)


def read_progress(play_import: PlayImport) -> int:
    if play_import.state == ImportState.DONE:
        return play_import.total
    if play_import.state != ImportState.RUNNING:
        return 0
    return cached_progress(play_import)[0]


def last_heartbeat(play_import: PlayImport) -> datetime.datetime | None:
    """The last sign of life of a running import: its claim, or its latest progress report."""
    reported = cached_progress(play_import)[1]
    beats = [t for t in (play_import.heartbeat_at, reported) if t is not None]
    return max(beats) if beats else None


def is_stalled(play_import: PlayImport, *, now: datetime.datetime | None = None) -> bool:
    """A running import that showed no sign of life for ``STALLED_AFTER``: its worker died
    (its transaction then rolled back: none of its plays were saved)."""
    if play_import.state != ImportState.RUNNING:
        return False
    beat = last_heartbeat(play_import)
    return beat is None or (now or timezone.now()) - beat > STALLED_AFTER


def retry_import(*, play_import: PlayImport) -> PlayImport:
    """Give a stopped import back to the workers (running → pending). Safe even if its worker
    was only slow: the import is one transaction under the group's lock and skips every play
    whose uuid the group already has, so no play is ever added twice."""
    with transaction.atomic():
        play_import = PlayImport.objects.select_for_update().get(pk=play_import.pk)
        if not is_stalled(play_import):
            raise PlayLogError(str(IMPORT_NOT_STOPPED), code="import-not-stopped")
        play_import.state = ImportState.PENDING
        play_import.heartbeat_at = timezone.now()
        play_import.save(update_fields=["state", "heartbeat_at"])
        if settings.CELERY_TASK_ALWAYS_EAGER:
            transaction.on_commit(lambda: enqueue_import(play_import.pk))
    return play_import


def run_pending_imports(*, limit: int = 5) -> int:
    """Start the confirmed imports, oldest first; each is claimed (pending → running) by one
    worker only. Returns how many ran."""
    ran = 0
    pending = PlayImport.objects.filter(state=ImportState.PENDING).order_by("pk")
    for import_id in list(pending.values_list("pk", flat=True)[:limit]):
        claimed = PlayImport.objects.filter(pk=import_id, state=ImportState.PENDING).update(
            state=ImportState.RUNNING, heartbeat_at=timezone.now()
        )
        if claimed:
            run_import(import_id=import_id)
            ran += 1
    return ran


def run_import(*, import_id: int) -> PlayImport:
    """Import a confirmed file in one transaction: all of its new plays, or none.

    Safe to run twice: a finished import returns at once, and plays already in the group
    (by uuid) are skipped.
    """
    updated = PlayImport.objects.filter(
        pk=import_id, state__in=[ImportState.PENDING, ImportState.RUNNING]
    ).update(state=ImportState.RUNNING, heartbeat_at=timezone.now())
    play_import = PlayImport.objects.select_related("group", "created_by").get(pk=import_id)
    if not updated:
        return play_import
    try:
        export = bgstats.parse_file(play_import.document)
        added, skipped = import_export(
            group=play_import.group,
            export=export,
            matching=play_import.matching,
            tz=ZoneInfo(play_import.time_zone),
            by=play_import.created_by,
            progress=lambda done: report_progress(import_id, done),
        )
    except bgstats.BGStatsError as error:
        finish(play_import, ImportState.FAILED, error=str(IMPORT_FAILED % {"reason": error}))
    except (IntegrityError, DataError) as error:
        log.exception("import %s failed", import_id)
        reason = DATABASE_PROBLEM % {"detail": type(error).__name__}
        finish(play_import, ImportState.FAILED, error=str(IMPORT_FAILED % {"reason": reason}))
    else:
        finish(play_import, ImportState.DONE, added=added, skipped=skipped)
    return play_import


def finish(
    play_import: PlayImport, state: str, *, error: str = "", added: int = 0, skipped: int = 0
) -> None:
    play_import.state = state
    play_import.error = error[:300]
    play_import.added = added
    play_import.skipped = skipped
    play_import.finished_at = timezone.now()
    play_import.document = ""
    play_import.save()


@transaction.atomic
def import_export(
    *,
    group: Group,
    export: bgstats.Export,
    matching: dict[str, str],
    tz: ZoneInfo,
    by: Any,
    progress: Callable[[int], None] | None = None,
) -> tuple[int, int]:
    """Add the export's plays that the group does not have yet; returns (added, skipped)."""
    group = locked(group)
    known = existing_uuids(group, export)
    games = resolve_games(group, export.games.values())
    people = resolve_people(group, export, matching)
    keep_the_rest(group, export, people)
    fresh: list[tuple[bgstats.FilePlay, Play]] = []
    skipped = 0
    creator = stored_actor(by)
    for play in export.plays:
        key = play_uuid(play.uuid)
        if key in known:
            skipped += 1
            continue
        known.add(key)
        game = export.games[play.game_ref]
        fresh.append(
            (
                play,
                Play(
                    group=group,
                    game=games[play.game_ref],
                    uuid=key,
                    played_at=local_time(play.played_at, tz),
                    duration_minutes=play.duration_minutes,
                    location=export.locations.get(play.location_ref or 0, "")[:100],
                    uses_teams=play.uses_teams,
                    ignored=play.ignored,
                    group_won=play.group_won(game),
                    note=play.note,
                    source=PlaySource.APP if play.source_name else PlaySource.BGSTATS,
                    source_name=play.source_name,
                    source_play_id=play.source_play_id,
                    created_by=creator,
                    bgstats=dict(play.raw),
                ),
            )
        )
    done = 0
    for start in range(0, len(fresh), BATCH):
        chunk = fresh[start : start + BATCH]
        Play.objects.bulk_create([row for _, row in chunk])
        PlayerResult.objects.bulk_create(
            PlayerResult(
                play=row,
                seat=seat,
                person=people[line.player_ref],
                **result_fields(line),
                bgstats=dict(line.raw),
            )
            for play, row in chunk
            for seat, line in enumerate(play.scores)
        )
        done += len(chunk)
        if progress is not None:
            progress(done)
    if fresh:
        audit(
            group=group,
            play=None,
            by=by,
            action=PlayAuditAction.IMPORT,
            summary=text("play:imported", added=len(fresh), skipped=skipped),
        )
        statistics_changed(group_id=group.pk)
    return len(fresh), skipped


def local_time(value: datetime.datetime, tz: ZoneInfo) -> datetime.datetime:
    """A device's local time in the importing user's time zone, as an instant."""
    return timezone.make_aware(value, tz)


def resolve_games(group: Group, games: Iterable[bgstats.FileGame]) -> dict[int, CatalogGame]:
    """Each file game as a catalog game: the one of that name (any case), or a new one."""
    ensure_catalog(group=group)
    catalog = {g.name.lower(): g for g in CatalogGame.objects.filter(group=group)}
    resolved = {}
    for game in games:
        found = catalog.get(game.name.lower())
        if found is None:
            found = CatalogGame.objects.create(
                group=group,
                name=game.name,
                bgg_id=game.bgg_id,
                cooperative=game.cooperative,
                highest_wins=game.highest_wins,
                no_points=game.no_points,
                bgstats=dict(game.raw),
            )
            catalog[game.name.lower()] = found
        resolved[game.ref] = found
    keep_originals(CatalogGame, [(resolved[g.ref], g.raw) for g in games])
    return resolved


def keep_originals(model: Any, pairs: Iterable[tuple[Any, Any]]) -> None:
    """Give each row that holds no file's original yet the one it was matched to (one query)."""
    changed = {}
    for row, raw in pairs:
        if not row.bgstats and raw and row.pk not in changed:
            row.bgstats = dict(raw)
            changed[row.pk] = row
    manager = Person.rows if model is Person else model.objects
    manager.bulk_update(changed.values(), ["bgstats"])


def keep_the_rest(group: Group, export: bgstats.Export, people: dict[int, Person]) -> None:
    """Keep what the file holds that no row does: its other top-level keys (a list gains the
    entries it did not have, anything else is the latest file's), its locations by name, and the
    person its ``userInfo.meRefId`` names."""
    kept, _created = BGStatsKept.objects.select_for_update().get_or_create(group=group)
    document = dict(kept.document)
    for key, value in export.top.items():
        before = document.get(key)
        if isinstance(before, list) and isinstance(value, list):
            seen = {canonical(entry) for entry in before}
            document[key] = before + [e for e in value if canonical(e) not in seen]
        else:
            document[key] = value
    names = {location_name(entry) for entry in kept.locations}
    locations = list(kept.locations)
    for entry in export.location_rows.values():
        if location_name(entry) not in names:
            names.add(location_name(entry))
            locations.append(dict(entry))
    me = export.top.get("userInfo")
    me_ref = me.get("meRefId") if isinstance(me, dict) else None
    if isinstance(me_ref, int) and me_ref in people:
        kept.me = people[me_ref]
    kept.document = document
    kept.locations = locations
    kept.save()


def canonical(entry: Any) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def resolve_people(
    group: Group, export: bgstats.Export, matching: dict[str, str]
) -> dict[int, Person]:
    """Each file player as a person of the group, as the importing member matched them; the
    file's anonymous player is the group's anonymous player, whatever the matching says."""
    people = {p.pk: p for p in Person.objects.filter(group=group)}
    member_ids = set(Membership.objects.filter(group=group).values_list("user_id", flat=True))
    resolved: dict[int, Person] = {}
    for ref, player in export.players.items():
        choice = matching.get(str(ref), NEW)
        kind, _sep, value = choice.partition(":")
        if player.anonymous:
            resolved[ref] = anonymous_player(group=group, name=player.name)
            people[resolved[ref].pk] = resolved[ref]
            continue
        if kind == "person" and value.isdecimal() and int(value) in people:
            resolved[ref] = people[int(value)]
        elif kind == "member" and value.isdecimal() and int(value) in member_ids:
            member = Membership.objects.select_related("user").get(group=group, user_id=int(value))
            resolved[ref] = person_of_member(group=group, user=member.user)
        else:
            resolved[ref] = person_named(group=group, name=player.name)
        people[resolved[ref].pk] = resolved[ref]
    keep_originals(Person, [(resolved[ref], p.raw) for ref, p in export.players.items()])
    return resolved


# --- Statistics --------------------------------------------------------------------------------


def statistics_changed(*, group_id: int) -> None:
    """Mark the group's play statistics stale, in the caller's transaction.

    Only the database is written, never Redis: beat's ``games.recompute_stale_play_stats``
    recomputes stale groups every few seconds. With no broker (the embedded default) the
    recompute runs in-process once the response has been sent (``web.answered``), so the move
    that ends a mission never waits for it; outside a request, once the transaction commits.
    """
    updated = PlayStatsSnapshot.objects.filter(group_id=group_id).update(stale=True)
    if not updated:
        PlayStatsSnapshot.objects.get_or_create(
            group_id=group_id, defaults={"computed_at": timezone.now(), "stale": True}
        )
    if settings.CELERY_TASK_ALWAYS_EAGER:
        transaction.on_commit(lambda: when_answered(enqueue_statistics, group_id))


def enqueue_statistics(group_id: int) -> None:
    from games.tasks import recompute_play_stats

    try:
        recompute_play_stats.delay(group_id)
    except Exception:  # a broker that is down: the page says the numbers are pending
        log.warning("could not enqueue the play statistics of group %s", group_id)


def people_with_counts(group: Group) -> QuerySet[Person]:
    return (
        Person.objects.filter(group=group)
        .annotate(plays=Count("results__play", distinct=True))
        .order_by(Lower("name"))
    )


def games_with_counts(group: Group) -> QuerySet[CatalogGame]:
    return CatalogGame.objects.filter(group=group).annotate(
        play_count=Count("plays", filter=Q(plays__ignored=False))
    )
