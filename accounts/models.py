"""What an account chooses for itself."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Preference(models.Model):
    """One account's preferences: the language its pages speak on every device.

    A blank language follows the browser (``Accept-Language``) and the switcher's cookie.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference"
    )
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True
    )

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
