"""The rule for the players' names of an attempt, the same wherever they are entered: the quick
log, the table setup and an import. A name stands for one of the group's people whatever its case
(``games.people``).

Names are plain text shown escaped everywhere, so ``<`` and ``>`` are allowed (a table may call a
player "<3 Ana"); control characters are not, and a name fits the 40 characters the pages show.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.rules.spirits.mission_setup import MAX_PLAYERS, MIN_PLAYERS

MAX_PLAYER_NAME = 40

PLAYER_COUNT = _("Name %(low)s to %(high)s players, one per line.")
PLAYER_EMPTY = _("A player's name cannot be empty.")
PLAYER_TOO_LONG = _("“%(name)s…” is longer than %(max)s characters.")
PLAYER_CONTROL = _("Names cannot contain control characters.")
PLAYER_TWICE = _("“%(name)s” is listed twice.")


def check_player_name(name: object) -> str:
    """The name, or a ``ValidationError`` saying why it cannot be a player's."""
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(PLAYER_EMPTY, code="empty")
    if len(name) > MAX_PLAYER_NAME:
        raise ValidationError(
            PLAYER_TOO_LONG % {"name": name[:20], "max": MAX_PLAYER_NAME}, code="long"
        )
    if any(unicodedata.category(c) in {"Cc", "Cs"} for c in name):
        raise ValidationError(PLAYER_CONTROL, code="control")
    return name


def check_player_names(names: Sequence[object], known: Iterable[str] = ()) -> list[str]:
    """The names, or a ``ValidationError`` with the first problem. A name is one person whatever
    its case: one of the ``known`` names typed in another case becomes that name."""
    spelling = {name.lower(): name for name in known}
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValidationError(
            PLAYER_COUNT % {"low": MIN_PLAYERS, "high": MAX_PLAYERS}, code="count"
        )
    checked: list[str] = []
    for typed in names:
        name = check_player_name(spelling.get(str(typed).strip().lower(), typed))
        if name.lower() in (c.lower() for c in checked):
            raise ValidationError(PLAYER_TWICE % {"name": name}, code="twice")
        checked.append(name)
    return checked
