"""What a refused Solsticio move says, in the reader's language, and which rule of the reference
(``/reference/solsticio/``) it enforces.

The engine refuses with ``IllegalMove``: a stable code, an English message for logs and the command
line, the seed rule (S1–S6) and the params a sentence needs. A page shows the sentence here
instead, translated, with those params; a tile it names is named as the content pack names it in
the reader's language (a Spirit by its name, an Earth tile by its symbol and stars, as the table
draws it: ``screen.tile_name``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.content.solsticio import SolsticioPack
from games.refusals import Refusal
from games.rules.solsticio import IllegalMove, State, errors
from games.solsticio.screen import tile_name

#: ``not-your-turn`` while the Evil Spirit waits to be placed: the sentence says which rule.
COVER_BY_HOLDER = "cover-by-holder"
#: Not the engine's: the page's member does not hold the seat the move names.
NOT_YOUR_SEAT = "not-your-seat"
#: The params that name one tile, and those that list several.
TILE_PARAMS = ("tile", "target", "spirit")
LIST_PARAMS = ("options", "tiles")


def solsticio(message: Promise, rule: str, *params: str) -> Refusal:
    return Refusal(message=message, game="solsticio", rule=rule, params=params)


REFUSALS: dict[str, Refusal] = {
    errors.NOT_YOUR_TURN: solsticio(
        _("It is %(player)s’s turn to play or to choose."), "s1", "player"
    ),
    COVER_BY_HOLDER: solsticio(
        _(
            "The Evil Spirit's holder does not place it: the other player chooses which of the "
            "holder's Spirits it covers (S5)."
        ),
        "s5",
    ),
    errors.NOT_IN_HAND: solsticio(
        _("%(tile)s is not in %(player)s’s hand (S1)."), "s1", "tile", "player"
    ),
    errors.MUST_CAPTURE: solsticio(
        _("A capture is possible, so exactly one tile must be captured (S1, S6)."), "s1"
    ),
    errors.NOT_CAPTURABLE: solsticio(
        _("%(tile)s cannot capture %(target)s: capture one of %(options)s (S1)."),
        "s1",
        "tile",
        "target",
        "options",
    ),
    errors.MUST_PASS: solsticio(
        _("The Earth pile is empty and no tile in hand can capture: pass (S6)."), "s6"
    ),
    errors.CANNOT_PASS: solsticio(
        _("Passing is only allowed once the Earth pile is empty (S6)."), "s6"
    ),
    errors.GAME_OVER: solsticio(_("The game is over: neither player can capture (S6)."), "s6"),
    errors.RAINBOW_NOT_ADJACENT: solsticio(
        _("A Rainbow goes orthogonally next to an Earth tile of the panorama (S3)."), "s3"
    ),
    errors.NOT_A_PLACE: solsticio(_("That place of the panorama is not free (S3)."), "s3"),
    errors.NOT_DRAWN: solsticio(
        _("%(spirit)s is not one of the Spirits drawn: choose %(options)s (S5)."),
        "s5",
        "spirit",
        "options",
    ),
    errors.NOT_A_FREE_RAINBOW: solsticio(
        _("The Spirit goes on one of the player's free Rainbows (S3, S4)."), "s4"
    ),
    errors.NOT_COVERABLE: solsticio(
        _("The Evil Spirit covers one of %(holder)s’s own Spirits (S5)."), "s5", "holder"
    ),
    errors.CHOICE_REQUIRED: solsticio(_("Another choice must be made first."), "s1"),
    errors.NOTHING_TO_CHOOSE: solsticio(_("There is nothing to choose now."), "s1"),
    errors.STALE_MOVE: solsticio(
        _("Someone else just played: this is the table as it is now. Make your move again."),
        "s1",
    ),
    errors.BAD_MOVE: solsticio(_("That move could not be read."), "s1"),
    NOT_YOUR_SEAT: solsticio(
        _("You are not this player in this game: you can watch it, not move for them."), "s1"
    ),
}


def refusal_for(error: IllegalMove) -> Refusal:
    """The refusal of an engine error, linked to the rule the engine names when it names one."""
    waiting = error.params.get("choice")
    key = (
        COVER_BY_HOLDER if error.code == errors.NOT_YOUR_TURN and waiting == "cover" else error.code
    )
    entry = REFUSALS.get(key, REFUSALS[errors.BAD_MOVE])
    return replace(entry, rule=error.rule.lower()) if error.rule else entry


def refusal_text(error: IllegalMove, state: State, pack: SolsticioPack) -> str:
    """The sentence for ``error`` in the active language, its tiles named as ``pack`` names them."""

    def name(tile: Any) -> str:
        return tile_name(tile, state, pack) if isinstance(tile, str) else str(tile)

    words: dict[str, Any] = {}
    for key, value in error.params.items():
        if key in TILE_PARAMS:
            words[key] = name(value)
        elif key in LIST_PARAMS:
            words[key] = ", ".join(name(v) for v in value)
        else:
            words[key] = value
    return refusal_for(error).render(**words)
