"""A group (a table of players), its memberships with roles, and revocable invite links."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    PLAYER = "player", _("Player")
    VIEWER = "viewer", _("Viewer")


class GroupQuerySet(models.QuerySet["Group"]):
    def for_user(self, user: object) -> "GroupQuerySet":
        """Only the groups the user belongs to: every fetch of group data starts here."""
        if not getattr(user, "is_authenticated", False):
            return self.none()
        return self.filter(memberships__user=user)


class Group(models.Model):
    name = models.CharField(_("name"), max_length=80)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = GroupQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("groups:detail", args=[self.pk])


class MembershipQuerySet(models.QuerySet["Membership"]):
    def for_user(self, user: object) -> "MembershipQuerySet":
        if not getattr(user, "is_authenticated", False):
            return self.none()
        return self.filter(user=user)


class Membership(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        ordering = ["group", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="one_membership_per_user"),
            models.CheckConstraint(
                condition=models.Q(role__in=Role.values), name="membership_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.group} ({self.role})"

    @property
    def can_play(self) -> bool:
        """Owners and players may log and play; viewers only read."""
        return self.role in {Role.OWNER, Role.PLAYER}

    @property
    def can_manage(self) -> bool:
        return self.role == Role.OWNER


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


class Invite(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    role = models.CharField(
        max_length=10,
        choices=[(Role.PLAYER, Role.PLAYER.label), (Role.VIEWER, Role.VIEWER.label)],
        default=Role.PLAYER,
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Invite to {self.group} as {self.role}"

    def get_absolute_url(self) -> str:
        return reverse("groups:join", args=[self.token])

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class DeletedKind(models.TextChoices):
    ADVENTURE = "adventure", _("Adventure")
    PLAY = "play", _("Play")


class DeletedItem(models.Model):
    """An adventure or a play deleted from a group, kept as data for ``groups.deleted.KEEP_DAYS``
    so it can be restored (``docs/deleting.md``). ``what`` is a stored text (``accounts.texts``)
    naming it in each reader's language; ``data`` is what the restore reads back."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="deleted_items")
    kind = models.CharField(max_length=20, choices=DeletedKind)
    what = models.JSONField()
    data = models.JSONField()
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    deleted_by_name = models.CharField(max_length=150)
    deleted_at = models.DateTimeField()
    restored_at = models.DateTimeField(null=True, blank=True)
    restored_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        ordering = ["-deleted_at", "-pk"]
        indexes = [models.Index(fields=["deleted_at"], name="deleted_item_age")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=DeletedKind.values), name="deleted_item_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Deleted {self.kind} of group {self.group_id}"


class BackupStatus(models.TextChoices):
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class Backup(models.Model):
    """One nightly backup of a group (``docs/formats/backup.md``): the file in the "backups"
    storage, or why it could not be written. ``digest`` is the hash of what it holds, so an
    unchanged group is not backed up again."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="backups")
    created_at = models.DateTimeField(_("created"))
    status = models.CharField(max_length=10, choices=BackupStatus, default=BackupStatus.DONE)
    storage_name = models.CharField(max_length=300, blank=True)
    size = models.PositiveBigIntegerField(_("size"), default=0)
    digest = models.CharField(max_length=64, blank=True)
    # What it holds: {"adventures": n, "attempts": n, "plays": n, "people": n, "members": n}
    counts = models.JSONField(default=dict, blank=True)
    error = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["group", "-created_at"], name="backup_group_newest"),
            models.Index(
                fields=["group"],
                condition=models.Q(status=BackupStatus.FAILED),
                name="backup_failed",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=BackupStatus.values), name="backup_status_valid"
            )
        ]

    def __str__(self) -> str:
        return f"Backup of {self.group} at {self.created_at:%Y-%m-%d %H:%M} ({self.status})"

    @property
    def failed(self) -> bool:
        return self.status == BackupStatus.FAILED
