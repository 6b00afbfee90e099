"""Content packs stored in the database (the validated pack document, pinned by adventures), the
Bonfire games played with the turn helper, the Solsticio games tracked at the table, and the play
log: each group's catalog of games, the people at its table, their plays and imports."""

import hashlib
import json
import uuid
from functools import lru_cache

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import AuditRecord
from games.content import Pack, default_pack, pack_from_json
from games.content.texts import FALLBACK, text_from_json


def pack_digest(document: dict[str, object]) -> str:
    """A fingerprint of a pack document: two equal documents share it, whatever the key order."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


@lru_cache(maxsize=32)
def parsed_pack(digest: str) -> Pack:
    """Parse once per process: the digest names one stored document, so the cache can never go
    stale, and a row loaded without its document (``defer``) still gives its pack."""
    document = ContentPack.objects.values_list("document", flat=True).get(digest=digest)
    return pack_from_json(document)


class ContentPack(models.Model):
    """One validated content pack (``Pack.to_json()``).

    A pack an adventure was started with is pinned by it and no longer edited (the admin shows it
    read-only): a changed pack is imported as a new one, so an adventure's state never shifts under
    it.
    """

    pack_id = models.CharField(_("pack id"), max_length=80)
    name = models.CharField(_("name"), max_length=200)
    sample = models.BooleanField(_("sample content"), default=False)
    document = models.JSONField(_("pack document"))
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return str(self.pack().info.name)

    def pack(self) -> Pack:
        return parsed_pack(self.digest)

    def fill_from_document(self) -> None:
        """Set the name, id, sample flag and digest from ``document`` (already validated)."""
        info = self.document["pack"]
        self.pack_id = info["id"]
        self.name = text_from_json(info["name"]).get(FALLBACK)
        self.sample = bool(info.get("sample"))
        self.digest = pack_digest(self.document)


class BonfirePlayQuerySet(models.QuerySet["BonfirePlay"]):
    def for_group(self, group_id: int) -> "BonfirePlayQuerySet":
        return self.filter(group_id=group_id)


class BonfirePlay(models.Model):
    """A Bonfire game a group plays at the table with the turn helper.

    ``content`` is the content the game started with (engine-checked, from the Bonfire content
    pack or edited by the group) and ``board`` the shared board as the engine reports it; each
    player's own board is one ``BonfireSeat`` document. All three change only through
    ``games.bonfire.services``, which runs every move through the rules engine.

    Finishing the game (``finished_at``) writes its play in the group's play log (``play``) and
    leaves the game read-only: the helper's boards are that play's record.
    """

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    name = models.CharField(_("name"), max_length=80)
    content = models.JSONField(_("content"))
    board = models.JSONField(_("shared board"))
    version = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Abandoned: over without a play in the play log (``games.bonfire.services.abandon_game``).
    abandoned_at = models.DateTimeField(_("abandoned"), null=True, blank=True)
    # What ``bonfire.new_game`` started from: the game is ``replay(setup, moves in force)``.
    setup = models.JSONField(default=dict, blank=True)
    # The game's last change as data (``web.seats.change``), announced on every device.
    last_change = models.JSONField(default=dict, blank=True)
    # SET_NULL: deleting the play from the play log keeps the finished game's boards.
    play = models.OneToOneField(
        "Play",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="bonfire_game",
        verbose_name=_("play"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = BonfirePlayQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at", "-pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("bonfire:play", args=[self.group_id, self.pk])

    @property
    def over(self) -> bool:
        """Finished or abandoned: read-only on every device."""
        return self.finished_at is not None or self.abandoned_at is not None


class LoggedMove(models.Model):
    """One move of a game, in order (``seq`` unique per game), as the engine applied it. Undo
    marks the last move in force undone (who, when) instead of deleting it; the game's stored
    document is the replay of its setup and the moves in force."""

    seq = models.PositiveIntegerField()
    payload = models.JSONField()
    who = models.CharField(max_length=80, blank=True)  # the seat or member the move was said by
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        abstract = True


class BonfireMove(LoggedMove):
    play = models.ForeignKey(BonfirePlay, on_delete=models.CASCADE, related_name="moves")

    class Meta:
        ordering = ["play", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["play", "seq"], name="bonfire_move_seq"),
        ]

    def __str__(self) -> str:
        return f"Move {self.seq} of {self.play}"


class BonfireSeat(models.Model):
    """One player of a Bonfire game: their board and supplies as one document, with the version
    a device must send back so that two devices never overwrite each other's move."""

    play = models.ForeignKey(BonfirePlay, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(_("player"), max_length=40)
    document = models.JSONField(_("player's board"))
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["play", "position"]
        constraints = [
            models.UniqueConstraint(fields=["play", "position"], name="bonfire_seat_position"),
            models.UniqueConstraint(fields=["play", "name"], name="bonfire_seat_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.play}"


class SolsticioMode(models.TextChoices):
    ONE_DEVICE = "one-device", _("One device, passed between the players")
    TWO_DEVICES = "two-devices", _("Two devices, one per player")


class SolsticioGame(models.Model):
    """One Solsticio game a group plays in the browser.

    ``document`` is the rules engine's whole state (``games.rules.solsticio.to_json``), changed only
    by applying a move through the engine; ``version`` is the number of moves applied, so a move
    made on an older page is refused. ``players`` are the two names at the table; ``first_user``
    and ``second_user`` the members who hold those seats (on one device, the same member holds
    both; a second seat still empty waits for the member the game is opened to). ``play`` is the
    play of the group's play log the finished game became.
    """

    group = models.ForeignKey(
        "groups.Group", on_delete=models.CASCADE, related_name="solsticio_games"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    players = models.JSONField(_("players"))
    mode = models.CharField(
        _("devices"), max_length=12, choices=SolsticioMode, default=SolsticioMode.ONE_DEVICE
    )
    first_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    second_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    play = models.OneToOneField(
        "Play", on_delete=models.SET_NULL, null=True, blank=True, related_name="solsticio_game"
    )
    document = models.JSONField(_("game document"))
    version = models.PositiveIntegerField(_("moves played"), default=0)
    # Every move, undo and abandon adds one: unlike ``version`` (back by one on an undo), it only
    # grows, so a device's page knows a newer game from an older one (``events.LIVE``'s stamp).
    changes = models.PositiveIntegerField(default=0)
    over = models.BooleanField(_("over"), default=False)
    # Abandoned: over without a play in the play log (``games.solsticio.services.abandon_game``).
    abandoned_at = models.DateTimeField(_("abandoned"), null=True, blank=True)
    # The game's last change as data (``web.seats.change``), announced on every device.
    last_change = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return " – ".join(self.players)

    def get_absolute_url(self) -> str:
        return reverse("solsticio:game", args=[self.group_id, self.pk])


class SolsticioMove(LoggedMove):
    """A move of a Solsticio game; its setup (with the deal) and seed are in the game's
    document, so the game is ``replay(setup, moves in force, seed=seed)``."""

    game = models.ForeignKey(SolsticioGame, on_delete=models.CASCADE, related_name="moves")

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="solsticio_move_seq"),
        ]

    def __str__(self) -> str:
        return f"Move {self.seq} of {self.game}"


# --- The play log: a group's catalog of games, the people at its table, their plays -------------


class BuiltinGame(models.TextChoices):
    """The games of our content packs, in every group's catalog from its first visit."""

    CAMPAIGN = "campaign", _("The campaign game")
    BONFIRE = "bonfire", _("Bonfire")
    SOLSTICIO = "solsticio", _("Solsticio")


class CatalogGame(models.Model):
    """A game a group plays: one of ours, or any game added by name (optional BoardGameGeek id)."""

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="games")
    name = models.CharField(_("name"), max_length=120)
    bgg_id = models.PositiveIntegerField(_("BoardGameGeek id"), null=True, blank=True)
    builtin = models.CharField(max_length=20, blank=True, choices=BuiltinGame)
    cooperative = models.BooleanField(
        _("cooperative"), default=False, help_text=_("The players win or lose together.")
    )
    highest_wins = models.BooleanField(_("highest score wins"), default=True)
    no_points = models.BooleanField(_("played without points"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # The game as a BG Stats export brought it in, every key kept ({} if it never came from one):
    # the export starts from it (``docs/formats/bgstats.md``).
    bgstats = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "group", name="one_catalog_game_per_name"),
            models.UniqueConstraint(
                fields=["group", "builtin"],
                condition=~models.Q(builtin=""),
                name="one_builtin_game_per_group",
            ),
        ]

    def __str__(self) -> str:
        return self.shown_name

    @property
    def shown_name(self) -> str:
        """The name a reader sees: the campaign game by its content pack's name, in the reader's
        language (``name`` keeps one name for the catalog's unique names and imported files)."""
        if self.builtin == BuiltinGame.CAMPAIGN:
            return str(default_pack().info.name)
        return self.name

    @property
    def stored_name(self) -> str | dict[str, str]:
        """The name inside a stored text (``accounts.texts``): the campaign game's in each of its
        pack's languages, so that the line reads in its reader's."""
        if self.builtin == BuiltinGame.CAMPAIGN:
            return default_pack().info.name.to_json()
        return self.name


class PeopleManager(models.Manager["Person"]):
    """The group's people: every row but the anonymous player's. Every query for people to seat,
    match, list or count goes through ``Person.objects``; ``Person.rows`` is every row, for the
    few places that handle the anonymous player itself (import, statistics)."""

    def get_queryset(self) -> models.QuerySet["Person"]:
        return super().get_queryset().filter(anonymous=False)


class Person(models.Model):
    """Someone at the group's table: a member (``user``) or a name without an account.

    One row per group may be BG Stats' anonymous player (``anonymous``): it holds the play lines of
    players nobody named, keeps the file's name for the export, and is not one of the group's
    people (``Person.objects`` leaves it out): it is never a seat choice nor counted as a player,
    and pages show it as "Anonymous" (``label``).
    """

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="people")
    name = models.CharField(_("name"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    anonymous = models.BooleanField(default=False, editable=False)
    # The player as a BG Stats export brought it in ({} if none did): the export starts from it.
    bgstats = models.JSONField(default=dict, blank=True, editable=False)

    rows = models.Manager()
    # The default manager: ``group.people``, ``get_object_or_404(Person, …)``, the admin and every
    # form's choices leave the anonymous player out as well. A play line still reaches its row
    # (``base_manager_name``); ``dumpdata`` needs ``--all`` to write it.
    objects = PeopleManager()

    class Meta:
        ordering = ["name", "pk"]
        default_manager_name = "objects"
        base_manager_name = "rows"
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                "group",
                condition=models.Q(anonymous=False),
                name="one_person_per_name",
            ),
            models.UniqueConstraint(
                fields=["group", "user"],
                condition=models.Q(user__isnull=False),
                name="one_person_per_member",
            ),
            models.UniqueConstraint(
                fields=["group"],
                condition=models.Q(anonymous=True),
                name="one_anonymous_player_per_group",
            ),
            models.CheckConstraint(
                condition=models.Q(anonymous=False) | models.Q(user__isnull=True),
                name="anonymous_player_has_no_account",
            ),
        ]

    def __str__(self) -> str:
        return str(self.label)

    @property
    def label(self) -> str:
        """The name pages show: the person's, or "Anonymous" for the anonymous player."""
        return gettext("Anonymous") if self.anonymous else self.name


class PlaySource(models.TextChoices):
    LOGGED = "logged", _("Logged in Questlog")
    BGSTATS = "bgstats", _("Imported from BG Stats")
    CAMPAIGN = "campaign", _("A campaign mission attempt")
    BONFIRE = "bonfire", _("A game of the Bonfire turn helper")
    APP = "app", _("Sent by another app")


class Play(models.Model):
    """One play of a catalog game.

    A campaign mission attempt is linked (``attempt_ref``), not entered again: its play is written
    by ``games.attempt_plays`` whenever the adventure's log changes and is edited through the
    attempt. ``group_won`` is the cooperative result (win or loss), ``None`` for competitive games.
    ``uuid`` is kept from a BG Stats import, so importing the same file twice adds nothing.
    """

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="plays")
    # RESTRICT, not PROTECT: a game with plays cannot be deleted alone, but deleting the group
    # deletes its plays and its catalog together.
    game = models.ForeignKey(CatalogGame, on_delete=models.RESTRICT, related_name="plays")
    uuid = models.UUIDField(default=uuid.uuid4, editable=False)
    played_at = models.DateTimeField(_("date and time"))
    duration_minutes = models.PositiveIntegerField(_("duration (minutes)"), null=True, blank=True)
    location = models.CharField(_("location"), max_length=100, blank=True)
    uses_teams = models.BooleanField(_("played in teams"), default=False)
    ignored = models.BooleanField(
        _("left out of statistics"), default=False, help_text=_("BG Stats' “ignored” play.")
    )
    group_won = models.BooleanField(_("the group won"), null=True, blank=True)
    note = models.TextField(_("note"), max_length=2000, blank=True)
    source = models.CharField(max_length=10, choices=PlaySource, default=PlaySource.LOGGED)
    # The campaign attempt this play is (source "campaign"), by id: a foreign key would make this
    # app's migration depend on the campaign's, which depends on this one. ``games.attempt_plays``
    # keeps these in step with the adventure's log in the same transaction as every change to it.
    adventure_ref = models.PositiveBigIntegerField(null=True, blank=True, editable=False)
    attempt_ref = models.PositiveBigIntegerField(null=True, blank=True, editable=False)
    attempt_number = models.PositiveIntegerField(null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The play as a BG Stats export brought it in, but its ``playerScores`` (each line keeps its
    # own): {} if it never came from one. The export starts from it.
    bgstats = models.JSONField(default=dict, blank=True, editable=False)
    # A play another app sent (source "app"): the app's name and its id for the play, which
    # ``uuid`` is derived from (``games.bgstats.app_play_key``); "" otherwise.
    source_name = models.CharField(max_length=100, blank=True, editable=False)
    source_play_id = models.CharField(max_length=100, blank=True, editable=False)

    class Meta:
        ordering = ["-played_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["group", "uuid"], name="one_play_per_uuid"),
            models.UniqueConstraint(
                fields=["group", "source_name", "source_play_id"],
                condition=~models.Q(source_play_id=""),
                name="one_play_per_source_id",
            ),
            models.UniqueConstraint(fields=["attempt_ref"], name="one_play_per_attempt"),
            models.CheckConstraint(
                condition=models.Q(source="campaign", attempt_ref__isnull=False)
                | (~models.Q(source="campaign") & models.Q(attempt_ref__isnull=True)),
                name="attempt_ref_iff_campaign_play",
            ),
        ]
        indexes = [
            models.Index(fields=["group", "-played_at", "-id"], name="play_history"),
            models.Index(fields=["game", "-played_at"], name="play_by_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game} on {self.played_at:%Y-%m-%d}"

    def get_absolute_url(self) -> str:
        return reverse("games:play", args=[self.group_id, self.pk])


class PlayerResult(models.Model):
    """One line of a play: who, their score (a number or none), winner, start player, team.

    Lines are numbered by ``seat``, never keyed by person: the same person (BG Stats' anonymous
    player) may hold two lines of one play. ``score_text`` keeps what was entered (for instance
    the expression ``-10+7+22``), ``score`` its value.
    """

    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    # RESTRICT, as ``Play.game``: deleting the group deletes its people with their results.
    person = models.ForeignKey(Person, on_delete=models.RESTRICT, related_name="results")
    score = models.DecimalField(_("score"), max_digits=16, decimal_places=4, null=True, blank=True)
    score_text = models.CharField(max_length=100, blank=True)
    winner = models.BooleanField(_("winner"), default=False)
    start_player = models.BooleanField(_("start player"), default=False)
    rank = models.PositiveSmallIntegerField(_("rank"), null=True, blank=True)
    team = models.CharField(_("team"), max_length=40, blank=True)
    # The line as a BG Stats export brought it in ({} if none did): the export starts from it.
    bgstats = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["play", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["play", "seat"], name="one_result_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.person} in {self.play}"


class PlayAuditAction(models.TextChoices):
    LOG = "log", _("Logged a play")
    EDIT = "edit", _("Edited a play")
    DELETE = "delete", _("Deleted a play")
    IMPORT = "import", _("Imported plays")


class PlayAudit(AuditRecord):
    """Who changed the group's play log, when and what (kept after the play is deleted)."""

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    play = models.ForeignKey(
        Play, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit"
    )
    action = models.CharField(max_length=10, choices=PlayAuditAction)


class ImportState(models.TextChoices):
    PREVIEW = "preview", _("Waiting for confirmation")
    PENDING = "pending", _("Waiting for a worker")
    RUNNING = "running", _("Importing")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class PlayImport(models.Model):
    """An uploaded BG Stats file: previewed, then confirmed with its player matching, then
    imported by a Celery task in one transaction. The file is dropped once it is imported."""

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    file_name = models.CharField(max_length=200, blank=True)
    document = models.TextField(blank=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    matching = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=ImportState, default=ImportState.PREVIEW)
    total = models.PositiveIntegerField(default=0)
    added = models.PositiveIntegerField(default=0)
    skipped = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)
    # When a worker last showed it was at work on this import (claimed it, or started it); the
    # progress of a running import is in the cache, with its own time (playlog.report_progress).
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Import {self.pk} into group {self.group_id}: {self.state}"

    @property
    def finished(self) -> bool:
        return self.state in {ImportState.DONE, ImportState.FAILED}


class BGStatsKept(models.Model):
    """What the group's BG Stats imports brought in that no row of the play log holds: the
    file's top-level keys but its games, players and plays (``challenges``, ``deletedObjects``,
    ``groups``, ``tags``, ``userInfo``, keys of later versions), its locations by name, and the
    person the file's ``userInfo.meRefId`` named. The export gives them back
    (``docs/formats/bgstats.md``)."""

    group = models.OneToOneField("groups.Group", on_delete=models.CASCADE, related_name="+")
    document = models.JSONField(default=dict, blank=True)
    locations = models.JSONField(default=list, blank=True)
    me = models.ForeignKey(
        Person, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"BG Stats data kept for group {self.group_id}"


class PlayStatsSnapshot(models.Model):
    """The play log's statistics of one group, computed by a Celery task, read by the pages."""

    group = models.OneToOneField("groups.Group", on_delete=models.CASCADE, related_name="+")
    data = models.JSONField(default=dict)
    computed_at = models.DateTimeField()
    stale = models.BooleanField(default=True)

    def __str__(self) -> str:
        return f"Play statistics of group {self.group_id}"
