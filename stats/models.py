"""Statistics: facts extracted from attempts, stored results, and recompute jobs.

The fact tables (a row per trick, per seated player, one final board per attempt) make each
statistic one ``GROUP BY``. They are derived data, replaced whenever their attempt changes.
"""

import json
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Scope(models.TextChoices):
    ADVENTURE = "adventure", _("Adventure")
    GROUP = "group", _("Group")
    GLOBAL = "global", _("All groups")


class JobState(models.TextChoices):
    PENDING = "pending", _("Waiting for a worker")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


GLOBAL_SCOPE_ID = 0


class JSONText(models.TextField):  # type: ignore[type-arg]
    """A JSON document stored as its text, for documents only ever read whole: a JSON column
    would parse each one on write (0.3 s of the 1 s upsert of 2,000 snapshots) for nothing."""

    def from_db_value(self, value: str | None, expression: object, connection: object) -> Any:
        return None if value is None else json.loads(value)

    def to_python(self, value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value: Any) -> str | None:
        return None if value is None else json.dumps(value, separators=(",", ":"))

    def value_to_string(self, obj: models.Model) -> str:
        """JSON for serializers (``dumpdata``), which ``to_python`` reads back."""
        return self.get_prep_value(self.value_from_object(obj)) or "null"


class StatsSnapshot(models.Model):
    """The statistics of one scope as computed at ``computed_at``; pages only read these.

    ``source_version``: the highest statistics-outbox id the numbers include.
    """

    scope = models.CharField(max_length=10, choices=Scope)
    scope_id = models.PositiveBigIntegerField(default=GLOBAL_SCOPE_ID)
    data = JSONText(default=dict)
    computed_at = models.DateTimeField()
    source_version = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "scope_id"], name="one_snapshot_per_scope"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.scope_id} statistics"


class CellCounts(models.Model):
    """How often each board cell was covered in one scope and mission (``0``: all missions).

    ``counts``: the list of the board's cells' counts (cell = row × ``board_size`` + column); one
    heatmap per board size, built by the database (``stats.heatmaps.refresh``).
    """

    scope = models.CharField(max_length=10, choices=Scope)
    scope_id = models.PositiveBigIntegerField(default=GLOBAL_SCOPE_ID)
    mission = models.PositiveSmallIntegerField()
    board_size = models.PositiveSmallIntegerField()
    counts = JSONText(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "scope_id", "mission", "board_size"],
                name="one_heatmap_per_scope_mission_board",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.scope_id} cells, mission {self.mission}"


class FactSource(models.Model):
    """Which version of an attempt its fact rows were extracted from (skip unchanged attempts)."""

    attempt = models.OneToOneField(
        "campaign.MissionAttempt", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    attempt_updated_at = models.DateTimeField()
    attempt_version = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"Facts of attempt {self.attempt_id}"


class FactFields(models.Model):
    """The columns every fact row shares: its attempt and, copied for filtering, its scope."""

    attempt = models.ForeignKey(
        "campaign.MissionAttempt", on_delete=models.CASCADE, related_name="+"
    )
    adventure_id = models.PositiveBigIntegerField()
    group_id = models.PositiveBigIntegerField()
    mission = models.PositiveSmallIntegerField()

    class Meta:
        abstract = True


class TrickFact(FactFields):
    """One trick of an attempt: who won it, its Decision card colour, trump, Leader change."""

    round = models.PositiveSmallIntegerField()
    winner = models.CharField(max_length=150)
    winner_seat = models.PositiveSmallIntegerField()
    winner_is_automa = models.BooleanField(default=False)
    decision_colour = models.CharField(max_length=20)
    trump_colour = models.CharField(max_length=20)
    leader_before = models.CharField(max_length=150)
    leader_after = models.CharField(max_length=150)
    leader_changed = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["adventure_id"], name="stats_trick_adventure"),
            models.Index(fields=["group_id"], name="stats_trick_group"),
        ]

    def __str__(self) -> str:
        return f"Round {self.round} of attempt {self.attempt_id}"


class CoverageFact(FactFields):
    """The cells an attempt's *final* board had covered by Spirit tiles (``State.spirit_mask``).

    A heatmap cell counts attempts, not placements: a tile a Power moved counts where it ended.
    The mask is cut into three 48-bit columns (``cover1`` bit ``k`` is cell ``48 + k``) that
    PostgreSQL and SQLite both sum per bit. Only attempts played in the app on their pack's board
    (at most 144 cells) have a row.
    """

    board_size = models.PositiveSmallIntegerField()
    cover0 = models.BigIntegerField(default=0)
    cover1 = models.BigIntegerField(default=0)
    cover2 = models.BigIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["adventure_id"], name="stats_cover_adventure"),
            models.Index(fields=["group_id"], name="stats_cover_group"),
        ]

    def __str__(self) -> str:
        return f"Final board of attempt {self.attempt_id}"


class MissionTally(models.Model):
    """Per adventure and mission: finished attempts, successes, rounds and minutes (sums), so
    the groups' and global statistics sum a few rows per adventure, not every attempt."""

    adventure = models.ForeignKey("campaign.Adventure", on_delete=models.CASCADE, related_name="+")
    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    mission = models.PositiveSmallIntegerField()
    attempts = models.PositiveIntegerField(default=0)
    successes = models.PositiveIntegerField(default=0)
    rounds = models.PositiveBigIntegerField(null=True)
    rounds_known = models.PositiveIntegerField(default=0)
    minutes = models.PositiveBigIntegerField(null=True)
    timed = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["adventure", "mission"], name="one_tally_per_mission"),
        ]

    def __str__(self) -> str:
        return f"Mission {self.mission} of adventure {self.adventure_id}"


class FactTally(models.Model):
    """Per adventure: the fact rows counted by one key, so the facts are scanned once per
    recompute, not once per scope kind.

    ``kind``: ``won`` counts tricks per winner (``key``, ``flag``: the Automa); ``leader`` per
    ``round`` (``count`` tricks, ``extra`` Leader changes); ``player`` per person (``key``;
    ``count`` attempts, ``extra`` successes). Colours per round are not tallied: writing them cost
    more than scanning the tricks again.
    """

    adventure = models.ForeignKey("campaign.Adventure", on_delete=models.CASCADE, related_name="+")
    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10)
    round = models.PositiveSmallIntegerField(default=0)
    key = models.CharField(max_length=150, default="")
    flag = models.BooleanField(default=False)
    count = models.PositiveIntegerField(default=0)
    extra = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["adventure", "kind", "round", "key", "flag"], name="one_tally_per_key"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} of adventure {self.adventure_id}"


class PlayerFact(FactFields):
    """One person seated at one finished attempt, with its result (participation)."""

    person = models.ForeignKey("games.Person", on_delete=models.CASCADE, related_name="+")
    success = models.BooleanField(default=False)

    class Meta:
        indexes = [
            models.Index(fields=["adventure_id"], name="stats_player_adventure"),
            models.Index(fields=["group_id"], name="stats_player_group"),
        ]

    def __str__(self) -> str:
        return f"Person {self.person_id} at attempt {self.attempt_id}"


class RecomputeJob(models.Model):
    """A full recompute someone asked for, with its progress; the worker updates it as it goes.

    A running job whose ``heartbeat_at`` stopped has no worker left: it is marked failed so that
    it can be asked for again (``services.fail_abandoned_jobs``).
    """

    scope = models.CharField(max_length=10, choices=Scope)
    scope_id = models.PositiveBigIntegerField(default=GLOBAL_SCOPE_ID)
    state = models.CharField(max_length=10, choices=JobState, default=JobState.PENDING)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(default=timezone.now)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)

    class Meta:
        indexes = [models.Index(fields=["state", "created_at"])]

    def __str__(self) -> str:
        return f"Recompute {self.scope} {self.scope_id}: {self.state}"

    @property
    def finished(self) -> bool:
        return self.state in {JobState.DONE, JobState.FAILED}

    @property
    def percent(self) -> int:
        if self.state == JobState.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0


class OutboxFailure(models.Model):
    """An outbox row whose statistics could not be computed: the error, and when to try again
    (shown on ``/healthz`` and the statistics pages until the row is processed)."""

    outbox = models.OneToOneField(
        "campaign.StatisticsOutbox",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="failure",
    )
    error = models.CharField(max_length=300)
    failures = models.PositiveIntegerField(default=1)
    failed_at = models.DateTimeField()
    retry_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Statistics of outbox row {self.outbox_id} failed {self.failures} times"
