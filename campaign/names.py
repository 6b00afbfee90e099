"""The rule for the players of an attempt, the same wherever they are entered: the quick log, the
table setup and an import. Each name follows the one rule of a player's name of every game
(``games.people.check_player_name``) and stands for one of the group's people whatever its case.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.people import check_player_name
from games.rules.spirits.mission_setup import MAX_PLAYERS, MIN_PLAYERS
from web.elision import interpolate

PLAYER_COUNT = _("Name %(low)s to %(high)s players, one per line.")
PLAYER_TWICE = _("“%(name)s” is listed twice.")


def check_player_names(names: Sequence[object], known: Iterable[str] = ()) -> list[str]:
    """The names, or a ``ValidationError`` with the first problem. A name is one person whatever
    its case: one of the ``known`` names typed in another case becomes that name."""
    spelling = {name.lower(): name for name in known}
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValidationError(
            interpolate(PLAYER_COUNT, {"low": MIN_PLAYERS, "high": MAX_PLAYERS}), code="count"
        )
    checked: list[str] = []
    for typed in names:
        name = check_player_name(spelling.get(str(typed).strip().lower(), typed))
        if name.lower() in (c.lower() for c in checked):
            raise ValidationError(PLAYER_TWICE % {"name": name}, code="twice")
        checked.append(name)
    return checked
