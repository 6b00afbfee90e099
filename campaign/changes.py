"""What a log entry changed, told in the reader's language with the pack's names.

The campaign engine words each change once, in English (``Change.text``), and an attempt keeps
those words; a page rebuilds the sentence from the change's stable ``kind`` and ``target`` instead,
so a reader sees their own language and the pack's names, never an internal id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext

from games.content import Pack

By = Callable[[Pack, str], str]


def moon_box(pack: Pack, target: str) -> str:
    box = next((b for b in pack.moon.path if str(b.box) == target), None)
    phase = next((p for p in pack.moon.phases if box and p.id == box.phase), None)
    if phase is None:
        return gettext("Moon Path box %(box)s checked.") % {"box": target}
    return gettext("Moon Path box %(box)s checked: %(phase)s.") % {
        "box": target,
        "phase": phase.name,
    }


def spirit_card(pack: Pack, target: str) -> str:
    card = pack.card(target)
    return gettext("Spirit card %(colour)s %(value)s joins the deck.") % {
        "colour": pack.colour(card.colour).name,
        "value": card.value,
    }


def moon_tile(pack: Pack, target: str) -> str:
    tile = pack.moon_tile(target)
    return gettext("Moon tile %(name)s: %(text)s") % {"name": tile.name, "text": tile.text}


def item(pack: Pack, target: str) -> str:
    found = next(i for e in pack.envelopes for i in e.contents.items if i.id == target)
    return f"{found.name}."


def holo_liana(pack: Pack, target: str) -> str:
    last = max(m.number for m in pack.missions)
    return gettext("Purified Holo Liana: Mission %(last)s becomes easier.") % {"last": last}


SENTENCES: dict[str, By] = {
    "no-effect": lambda pack, target: gettext("Played after the adventure ended: no effect."),
    "night-mode": lambda pack, target: gettext("Night mode is on from now on."),
    "moon-path-full": lambda pack, target: gettext("The Moon Path is full: no box to check."),
    "moon-box": moon_box,
    "space-unlocked": lambda pack, target: (
        gettext("Power space %(name)s unlocked.") % {"name": pack.power_space(target).name}
    ),
    "token-gained": lambda pack, target: (
        gettext("Power token %(name)s gained.") % {"name": pack.power_token(target).name}
    ),
    "holo-liana": holo_liana,
    "mission-completed": lambda pack, target: (
        gettext("Mission %(number)s completed.") % {"number": target}
    ),
    "mission-opened": lambda pack, target: (
        gettext("Mission %(number)s opens.") % {"number": target}
    ),
    "adventure-finished": lambda pack, target: gettext("The adventure is complete."),
    "envelope-opened": lambda pack, target: (
        gettext("%(envelope)s opened.") % {"envelope": pack.envelope(target).name}
    ),
    "power-tile": lambda pack, target: (
        gettext("Power tile %(name)s available.") % {"name": pack.power_tile(target).name}
    ),
    "moon-tile": moon_tile,
    "card": spirit_card,
    "item": item,
}
BY_HAND = "By hand:"


def change_text(pack: Pack, kind: str, target: str, text: str) -> str:
    """The sentence for one change; a change that carries words of its own (a reason, an error)
    keeps them."""
    if kind == "override":
        reason = text.removeprefix(BY_HAND).strip()
        return gettext("By hand: %(reason)s") % {"reason": reason} if reason else gettext("By hand")
    sentence = SENTENCES.get(kind)
    if sentence is None:
        return text
    try:
        return sentence(pack, target)
    except (KeyError, StopIteration):  # a component the pack no longer has: the words kept
        return text


def shown_changes(pack: Pack, changes: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """An attempt's stored changes (``MissionAttempt.changes``) with their text in the reader's
    language."""
    return [
        {**c, "text": change_text(pack, c.get("kind", ""), c.get("target", ""), c.get("text", ""))}
        for c in changes
    ]
