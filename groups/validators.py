"""Validation shared by every form that takes a name."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

MARKUP_IN_NAME = _("Names cannot contain < or > (no HTML).")


def validate_no_markup(value: str) -> None:
    """Names appear everywhere in the UI; markup in them is always a mistake or an attack."""
    if "<" in value or ">" in value:
        raise ValidationError(MARKUP_IN_NAME, code="markup")
