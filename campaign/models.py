"""A group's adventures: the log (attempts, their moves, manual overrides), the state derived
from it, notes, the audit trail, revealed spoilers and the statistics outbox.

The log is the truth: ``campaign.services.rebuild`` rewrites everything derived from it (the
tables below the log's and the derived columns) after every change, and nothing else writes them.
"""

from django.conf import settings
from django.db import models
from django.db.models import Count, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts import texts
from accounts.models import AuditRecord
from games.rules.spirits.campaign import FAILURE_REASONS, OVERRIDE_KINDS

# The engine's failure reasons (``FAILURE_REASONS``), as people read them.
FAILURE_REASON_LABELS = {
    "coloured-edge": _("A coloured edge was not respected"),
    "objective-not-met": _("An objective was not met"),
    "no-legal-placement": _("No legal placement for a Spirit tile"),
    "abandoned": _("Abandoned"),
    "other": _("Other"),
}
assert FAILURE_REASON_LABELS.keys() == FAILURE_REASONS.keys()
# The engine's manual overrides (``OVERRIDE_KINDS``), as people read them.
OVERRIDE_KIND_LABELS = {
    "open-envelope": _("Open an envelope by hand"),
    "unlock-space": _("Unlock a Power space by hand"),
    "gain-power-token": _("Gain a Power token by hand"),
    "night-mode": _("Switch to Night mode by hand"),
}
assert OVERRIDE_KIND_LABELS.keys() == OVERRIDE_KINDS.keys()


def user_link() -> models.ForeignKey:
    """Who did something: the log keeps the row when their account goes."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )


class Adventure(models.Model):
    """One playthrough of the 22 missions by one group, on the content pack it started with."""

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="adventures")
    name = models.CharField(_("name"), max_length=80)
    content_pack = models.ForeignKey(
        "games.ContentPack", on_delete=models.PROTECT, related_name="adventures"
    )
    created_by = user_link()
    created_at = models.DateTimeField(auto_now_add=True)
    log_version = models.PositiveIntegerField(default=0)
    # Derived from the log by campaign.services.rebuild, never written elsewhere.
    current_mission = models.PositiveSmallIntegerField(null=True, blank=True, default=1)
    final_mission_completed = models.BooleanField(default=False)
    red_envelope_opened = models.BooleanField(default=False)
    night_mode = models.BooleanField(default=False)
    holo_liana = models.BooleanField(default=False)
    attempt_count = models.PositiveIntegerField(default=0)
    moon_boxes_checked = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(red_envelope_opened=False) | Q(final_mission_completed=True),
                name="red_envelope_needs_final_mission",
            ),
            models.CheckConstraint(
                condition=Q(current_mission__isnull=True, final_mission_completed=True)
                | Q(current_mission__isnull=False, final_mission_completed=False),
                name="adventure_finished_iff_final_mission",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaign:dashboard", args=[self.group_id, self.pk])


class AttemptStatus(models.TextChoices):
    OPEN = "open", _("In progress")
    SUCCESS = "success", _("Success")
    FAILURE = "failure", _("Failure")


class MissionAttemptQuerySet(models.QuerySet["MissionAttempt"]):
    def with_mission_try(self) -> "MissionAttemptQuerySet":
        """Each attempt with ``mission_try``, its try at its mission (``mission_try()``)."""
        return self.annotate(mission_try=mission_try())


class MissionAttempt(models.Model):
    """One try at a mission, ``number`` in the adventure's log (1, 2, …): logged with its result
    at once, or driven at the table (open, with ``AttemptMove`` rows and the cached engine
    ``state``) until ``record_attempt_result``."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="attempts")
    number = models.PositiveIntegerField(_("attempt"))
    mission = models.PositiveSmallIntegerField(_("mission"))
    status = models.CharField(
        _("result"), max_length=10, choices=AttemptStatus, default=AttemptStatus.OPEN
    )
    failure_reason = models.CharField(
        _("failure reason"), max_length=30, blank=True, choices=list(FAILURE_REASON_LABELS.items())
    )
    players = models.JSONField(_("players"), default=list)
    rounds_played = models.PositiveSmallIntegerField(_("rounds played"), null=True, blank=True)
    played_on = models.DateField(_("date"))
    duration_minutes = models.PositiveIntegerField(_("duration (minutes)"), null=True, blank=True)
    loadout = models.JSONField(_("Power tiles on spaces"), default=dict, blank=True)
    setup = models.JSONField(null=True, blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    changes = models.JSONField(default=list, blank=True)  # derived: what it changed
    # The table's last change as data (``web.seats.change``), announced on every device.
    last_change = models.JSONField(default=dict, blank=True)
    created_by = user_link()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = MissionAttemptQuerySet.as_manager()

    class Meta:
        ordering = ["adventure", "number"]
        constraints = [
            # Two members logging the same attempt at once collide here: one result per attempt.
            models.UniqueConstraint(fields=["adventure", "number"], name="one_attempt_per_number"),
            models.UniqueConstraint(
                fields=["adventure"],
                condition=Q(status="open"),
                name="one_open_attempt_per_adventure",
            ),
            models.CheckConstraint(
                condition=Q(status__in=AttemptStatus.values), name="attempt_status_valid"
            ),
            models.CheckConstraint(
                condition=(Q(status="failure") & ~Q(failure_reason=""))
                | (~Q(status="failure") & Q(failure_reason="")),
                name="failure_reason_only_on_failure",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="attempt_number_positive"),
        ]
        indexes = [models.Index(fields=["adventure", "mission"])]

    def __str__(self) -> str:
        return f"Attempt {self.number}: Mission {self.mission}"

    def get_absolute_url(self) -> str:
        return reverse(
            "campaign:attempt", args=[self.adventure.group_id, self.adventure_id, self.number]
        )


def mission_try() -> Subquery:
    """An attempt's try at its mission: the attempts of that mission in its adventure up to and
    including it, in the adventure's count (``number``), so the first is try 1. ``number`` alone
    counts every mission: attempt 2 of an adventure may be Mission 2's first try."""
    tries = (
        MissionAttempt.objects.filter(
            adventure=OuterRef("adventure"),
            mission=OuterRef("mission"),
            number__lte=OuterRef("number"),
        )
        .order_by()
        .values("adventure")
        .annotate(tries=Count("pk"))
        .values("tries")
    )
    return Subquery(tries, output_field=models.PositiveIntegerField())


class AttemptPlayer(models.Model):
    """A person of the group seated at an attempt: ``MissionAttempt.players`` keeps the names as
    they were entered, these rows say who they are (``campaign.seats``), so statistics count a
    person once whatever the spelling and show their current name."""

    attempt = models.ForeignKey(MissionAttempt, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    # RESTRICT, as the play log's results: deleting the group deletes people and seats together.
    person = models.ForeignKey("games.Person", on_delete=models.RESTRICT, related_name="seats")

    class Meta:
        ordering = ["attempt", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["attempt", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["attempt", "person"], name="one_seat_per_person"),
        ]

    def __str__(self) -> str:
        return f"{self.person} at {self.attempt}"


class AttemptMove(models.Model):
    """One move of a driven attempt, in order. Undo marks the move undone (audited) rather than
    deleting it, so the move log keeps what happened at the table."""

    attempt = models.ForeignKey(MissionAttempt, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    payload = models.JSONField()
    created_by = user_link()
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = user_link()

    class Meta:
        ordering = ["attempt", "seq"]
        constraints = [models.UniqueConstraint(fields=["attempt", "seq"], name="one_move_per_seq")]

    def __str__(self) -> str:
        return f"Move {self.seq} of {self.attempt}"


class ManualOverride(models.Model):
    """A table-side decision replayed after attempt ``after_attempt`` (0: start)."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="overrides")
    after_attempt = models.PositiveIntegerField()
    kind = models.CharField(_("what"), max_length=30, choices=list(OVERRIDE_KIND_LABELS.items()))
    target = models.CharField(_("which"), max_length=60, blank=True)
    reason = models.CharField(_("reason"), max_length=300)
    created_by = user_link()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["adventure", "after_attempt", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.target}"


class Note(models.Model):
    attempt = models.ForeignKey(MissionAttempt, on_delete=models.CASCADE, related_name="notes")
    author = user_link()
    author_name = models.CharField(max_length=150)
    text = models.TextField(_("note"), max_length=2000)
    # A note the app writes (why the mission failed at the table) is a stored text
    # (``accounts.texts``), read in each reader's language; a member's note is ``text``.
    code = models.CharField(max_length=60, blank=True)
    params = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["attempt", "created_at", "pk"]

    def __str__(self) -> str:
        return f"Note by {self.author_name}"

    @property
    def words(self) -> str:
        """The note as its reader reads it."""
        return texts.render({"code": self.code, "params": self.params}) if self.code else self.text


class AuditAction(models.TextChoices):
    START = "start", _("Started the adventure")
    LOG = "log", _("Logged an attempt")
    RESULT = "result", _("Recorded a result")
    EDIT = "edit", _("Corrected an attempt")
    UNDO = "undo", _("Undid a move at the table")
    DELETE = "delete", _("Removed an attempt")
    OVERRIDE = "override", _("Changed something by hand")
    IMPORT = "import", _("Imported the adventure")


class AuditEntry(AuditRecord):
    """Who changed the adventure's log, when, and what it changed."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="audit")
    action = models.CharField(max_length=20, choices=AuditAction)


class RevealedSpoiler(models.Model):
    """A member chose to see one hidden thing (an envelope, a mission) of one adventure."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "adventure", "key"], name="reveal_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} revealed {self.key}"


class StatisticsOutbox(models.Model):
    """A note that a group's results changed, written in the same transaction as the change, so
    Redis being down never blocks a write (``campaign.services.finish_write``)."""

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    adventure = models.ForeignKey(
        Adventure, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["processed_at", "created_at"])]

    def __str__(self) -> str:
        return f"Results changed in group {self.group_id}"


# --- Derived state, rebuilt from the log ---------------------------------------------------------


class MoonPathBox(models.Model):
    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="moon_boxes")
    box = models.PositiveSmallIntegerField()
    phase = models.CharField(max_length=40, blank=True)
    envelope = models.CharField(max_length=40, blank=True)
    checked_by_attempt = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["adventure", "box"]
        constraints = [models.UniqueConstraint(fields=["adventure", "box"], name="one_box_each")]

    def __str__(self) -> str:
        return f"Moon Path box {self.box}"


class OpenedEnvelope(models.Model):
    adventure = models.ForeignKey(
        Adventure, on_delete=models.CASCADE, related_name="opened_envelopes"
    )
    envelope = models.CharField(max_length=40)
    colour = models.CharField(max_length=10)
    source = models.CharField(max_length=20)
    by_attempt = models.PositiveIntegerField(null=True, blank=True)
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["adventure", "order"]
        constraints = [
            models.UniqueConstraint(fields=["adventure", "envelope"], name="open_envelope_once"),
        ]

    def __str__(self) -> str:
        return f"Envelope {self.envelope}"


class PowerSpaceState(models.Model):
    """One Power space of an adventure's board: locked or unlocked, and the tile on it (if any)."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="power_spaces")
    space = models.CharField(max_length=40)
    unlocked = models.BooleanField(default=False)
    placed_tile = models.CharField(max_length=40, blank=True)
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["adventure", "order"]
        constraints = [
            models.UniqueConstraint(fields=["adventure", "space"], name="one_state_per_space"),
            models.CheckConstraint(
                condition=Q(unlocked=True) | Q(placed_tile=""),
                name="power_tile_only_on_unlocked_space",
            ),
            models.UniqueConstraint(
                fields=["adventure", "placed_tile"],
                condition=~Q(placed_tile=""),
                name="power_tile_on_one_space",
            ),
        ]

    def __str__(self) -> str:
        return f"Power space {self.space}"


class ComponentKind(models.TextChoices):
    POWER_TOKEN = "power-token", _("Power token")
    POWER_TILE = "power-tile", _("Power tile")
    MOON_TILE = "moon-tile", _("Moon tile")
    CARD = "card", _("Spirit card")
    ITEM = "item", _("Item")


class GainedComponent(models.Model):
    """What joined the adventure: a Power token or tile, a Moon tile, a Spirit card, an item."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="components")
    kind = models.CharField(max_length=20, choices=ComponentKind)
    component = models.CharField(max_length=40)
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["adventure", "kind", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["adventure", "kind", "component"], name="gain_component_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.component}"
