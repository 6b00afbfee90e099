"""What each refusal of the Bonfire engine says, in the reader's language, and which rule it breaks.

The engine refuses a move with ``IllegalMove``: a stable ``code``, an English message for logs and
the command line, the rule (``B1`` … ``B6``) and ``params`` (ids, numbers, counts by name). A
screen shows the sentence mapped here instead, translated, its parameters said in the reader's
language: an island, a Task or a High Council space by its name in the content (translated where
the content pack gives it in several languages), a colour or a resource by its word.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from games.bonfire.screen import action_markers, action_tokens, space_name, word
from games.content.bonfire import default_bonfire_pack
from games.refusals import Refusal
from games.rules import bonfire
from games.rules.bonfire import errors
from games.rules.bonfire.content import NEUTRAL
from games.rules.bonfire.state import MARKERS, TOKENS


def bonfire_refusal(message: Promise, rule: str, *params: str) -> Refusal:
    return Refusal(message=message, game="bonfire", rule=rule, params=params)


CELL = ("row", "col")
# Each engine code, its sentence and the rule of the reference (``games/reference/bonfire.*.json``)
# it links to; turn order and the move's shape are no rule of the seed (``""``: no link).
BONFIRE_REFUSALS: dict[str, Refusal] = {
    errors.NOT_YOUR_TURN: bonfire_refusal(_("It is %(seat)s’s turn."), "", "seat"),
    errors.BAD_MOVE: bonfire_refusal(
        _("This move is not understood: check “%(field)s”."), "", "field"
    ),
    errors.NOT_ADJACENT: bonfire_refusal(
        _("Row %(row)s, column %(col)s is not next to a placed Destiny tile."), "b1", *CELL
    ),
    errors.OFF_AREA: bonfire_refusal(
        _("Row %(row)s, column %(col)s is outside your Destiny Area."), "b1", *CELL
    ),
    errors.OVERLAP: bonfire_refusal(
        _("Row %(row)s, column %(col)s already holds a Destiny tile."), "b1", *CELL
    ),
    errors.NO_DESTINY_TILE: bonfire_refusal(_("Your Destiny supply is empty."), "b1"),
    errors.CANNOT_PAY: bonfire_refusal(
        _("This costs %(cost)s; you have %(have)s."), "b2", "cost", "have"
    ),
    errors.SAME_ISLAND: bonfire_refusal(_("Your Ship is already at %(island)s."), "b3", "island"),
    errors.UNKNOWN_ISLAND: bonfire_refusal(_("There is no island “%(island)s”."), "b3", "island"),
    errors.NOT_AFTER_MOVE: bonfire_refusal(
        _("An island's action comes right after moving the Ship."), "b3"
    ),
    errors.NO_SUCH_PATH_TOKEN: bonfire_refusal(
        _("There is no face-up Path token at position %(position)s."), "b3", "position"
    ),
    errors.NOT_AT_ISLAND: bonfire_refusal(
        _("Your Ship is not at %(island)s: sail there first."), "b4", "island"
    ),
    errors.NOT_FACE_UP: bonfire_refusal(
        _("The Offering tile %(offering)s is not one of your two face-up ones."), "b4", "offering"
    ),
    errors.WRONG_COUNT: bonfire_refusal(
        ngettext_lazy(
            "This is your Offering no. %(due)s on %(island)s: pay %(due)s Action tile, "
            "not %(given)s.",
            "This is your Offering no. %(due)s on %(island)s: pay %(due)s Action tiles, "
            "not %(given)s.",
            "due",
        ),
        "b4",
        "due",
        "island",
        "given",
    ),
    errors.NO_MORE_OFFERINGS: bonfire_refusal(
        _("You already made %(most)s Offerings on %(island)s."), "b4", "most", "island"
    ),
    errors.NO_TASK_LEFT: bonfire_refusal(_("%(island)s has no Task left."), "b4", "island"),
    errors.NO_TASK_SPACE: bonfire_refusal(_("Your Task spaces are full."), "b4"),
    errors.NOT_FULFILLED: bonfire_refusal(
        _("The Task “%(task)s” is not fulfilled yet."), "b5", "task"
    ),
    errors.NO_TASK_THERE: bonfire_refusal(_("Task space %(space)s holds no Task."), "b5", "space"),
    errors.ALREADY_LIT: bonfire_refusal(
        _("The Bonfire beside Task space %(space)s is already lit."), "b5", "space"
    ),
    errors.NOVICE_COLOUR_TAKEN: bonfire_refusal(
        _("%(council)s already holds a Novice of the colour %(colour)s."),
        "b5",
        "council",
        "colour",
    ),
    errors.UNKNOWN_SPACE: bonfire_refusal(
        _("There is no High Council space “%(council)s”."), "b5", "council"
    ),
    errors.NO_NEUTRAL_NOVICE: bonfire_refusal(_("You hold no Neutral Novice."), "b5"),
    errors.COMMON_TASK_DONE: bonfire_refusal(
        _("You already fulfilled the Common Task “%(task)s”."), "b5", "task"
    ),
    errors.SPACE_TAKEN: bonfire_refusal(_("%(space)s already holds a Guardian."), "b6", "space"),
    errors.GUARDIAN_ORDER: bonfire_refusal(_("Advance the Guardian furthest ahead first."), "b6"),
    errors.END_OF_PATH: bonfire_refusal(
        _("The Path tile %(tile)s is the end of the path."), "b6", "tile"
    ),
    errors.NO_PORTAL: bonfire_refusal(_("The Path tile %(tile)s has no Portal."), "b6", "tile"),
    errors.AT_BONFIRE: bonfire_refusal(
        _("Guardian %(guardian)s is already at a Bonfire."), "b6", "guardian"
    ),
    errors.NO_SUCH_GUARDIAN: bonfire_refusal(
        _("You have no Guardian %(guardian)s."), "b6", "guardian"
    ),
}

# A move's fields as the move forms label them (a field not here is shown as the engine names it).
FIELD_LABELS = {
    "cell": _("Destiny Area cell"),
    "end": _("From the supply's"),
    "to": _("Island"),
    "island": _("Island"),
    "offering": _("Offering tile"),
    "task": _("Common Task"),
    "council": _("High Council space"),
    "space": _("Task space"),
    "row": _("Row"),
    "col": _("Column"),
    "index": pgettext_lazy("Bonfire: a face-up Path token's place", "Path token"),
    "guardian": pgettext_lazy("Bonfire: the Guardian a step moves", "Guardian"),
    "portal": pgettext_lazy("Bonfire: a step through a Portal", "Portal"),
    "kind": _("Move"),
    "version": _("Version"),
}
NEUTRAL_WORD = pgettext_lazy("Bonfire Novice colour", "neutral")
NOTHING = pgettext_lazy("Bonfire: an empty count", "nothing")


def refusal(error: bonfire.IllegalMove) -> Refusal:
    """The refusal for a Bonfire engine error; ``KeyError`` for an unknown code."""
    return BONFIRE_REFUSALS[error.code]


def sentence(error: bonfire.IllegalMove, content: bonfire.Content) -> str:
    """The refusal in the active language, its parameters named as the reader sees them."""
    return refusal(error).render(**shown_params(error.params, content))


def shown_params(params: Mapping[str, Any], content: bonfire.Content) -> dict[str, Any]:
    """The engine's ``params`` as a reader sees them: names, not ids, in the active language."""
    named = default_bonfire_pack().localised(content)
    islands = {i.id: i.name for i in named.islands}
    tasks = {t.id: t.name for t in (*named.tasks, *named.common_tasks)}
    council = {s.id: s.name for s in named.council}
    shown = dict(params)
    for key, names in (("island", islands), ("task", tasks), ("council", council)):
        if key in shown:
            shown[key] = names.get(shown[key], shown[key])
    if isinstance(shown.get("space"), str):  # a Guardian's space, not a Task space's number
        shown["space"] = space_name(named, shown["space"])
    tile = shown.get("tile")
    if isinstance(tile, str) and (place := named.path_index(tile)) is not None:
        shown["tile"] = place + 1  # "the Path tile 3", as the board numbers them
    if "colour" in shown:
        shown["colour"] = str(NEUTRAL_WORD) if shown["colour"] == NEUTRAL else word(shown["colour"])
    if "field" in shown:
        shown["field"] = str(FIELD_LABELS.get(shown["field"], shown["field"]))
    for key in ("cost", "have"):
        if key in shown:
            shown[key] = amounts(shown[key])
    return shown


def amounts(counts: Mapping[str, int]) -> str:
    """``2 red, 1 Action token``: counts by name, each name in the reader's language."""
    parts = []
    for name, count in counts.items():
        if name == TOKENS:
            parts.append(action_tokens(count))
        elif name == MARKERS:
            parts.append(action_markers(count))
        else:
            parts.append(f"{count} {word(name)}")
    return ", ".join(parts) or str(NOTHING)
