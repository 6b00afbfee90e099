"""The play log's stored texts (``accounts.texts``): what its audit trail says, as codes and
parameters, put in words in the reader's language when read."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

MESSAGES = {
    "play:summary": _("%(game)s, %(when)s UTC: %(names)s"),
    "play:deleted": _("%(game)s, %(when)s UTC"),
    "play:restored": _("Restored after it was deleted: %(game)s, %(when)s UTC: %(names)s"),
    "play:line": _("%(name)s: %(score)s%(winner)s"),
    "play:line-started": _("%(name)s: %(score)s%(winner)s (started)"),
    "play:before": _("Before: %(lines)s"),
    "play:after": _("After: %(lines)s"),
    "play:imported": ngettext_lazy(
        "Imported %(added)s play from BG Stats (%(skipped)s already here).",
        "Imported %(added)s plays from BG Stats (%(skipped)s already here).",
        "added",
    ),
}
