"""What an account chooses for itself, and the shape of every audit trail that names an account."""

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts import texts
from accounts.actors import stored_actor

CODE_LENGTH = 60


class Preference(models.Model):
    """One account's language and time zone, on every device; blank follows the browser's
    (``Accept-Language`` and the switcher's cookie; the cookie ``static/js/app.js`` sets)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference"
    )
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True
    )
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True)

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"


class AuditRecord(models.Model):
    """Who changed something, when and what: the fields every audit trail shares (the adventure's
    log, the play log). The name is kept beside the account, so a deleted account still reads.
    What happened is stored as codes (``accounts.texts``), read in the reader's language."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    actor_name = models.CharField(max_length=150)
    at = models.DateTimeField()
    code = models.CharField(max_length=CODE_LENGTH)
    params = models.JSONField(default=dict, blank=True)
    details = models.JSONField(default=list, blank=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.actor_name}: {self.summary}"

    @property
    def summary(self) -> str:
        """What happened, in the active language."""
        return texts.render({"code": self.code, "params": self.params})

    @property
    def detail_lines(self) -> list[str]:
        """The details, in the active language."""
        return [texts.render(line) for line in self.details]

    @staticmethod
    def written_by(
        by: Any, summary: texts.Text, details: Iterable[texts.Text] = ()
    ) -> dict[str, Any]:
        """The shared fields of a new entry written now by ``by`` (a user, anonymous or None)."""
        return {
            "actor": stored_actor(by),
            "actor_name": getattr(by, "username", "") or "—",
            "at": timezone.now(),
            "code": summary["code"],
            "params": summary.get("params") or {},
            "details": list(details),
        }
