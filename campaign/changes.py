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


# --- What a correction changes -------------------------------------------------------------------

SET_LINES: tuple[tuple[str, str, str], ...] = (
    # (state field, pack lookup, kind of the sentences below)
    ("opened_ids", "envelope", "envelope"),
    ("unlocked_spaces", "power_space", "space"),
    ("power_tokens", "power_token", "token"),
    ("power_tiles", "power_tile", "tile"),
    ("moon_tiles", "moon_tile", "moon"),
)


def set_sentence(kind: str, name: str, *, now: bool) -> str:
    sentences = {
        ("envelope", False): gettext("Envelope %(name)s: no longer opened"),
        ("envelope", True): gettext("Envelope %(name)s: now opened"),
        ("space", False): gettext("Power space %(name)s: no longer unlocked"),
        ("space", True): gettext("Power space %(name)s: now unlocked"),
        ("token", False): gettext("Power token %(name)s: no longer gained"),
        ("token", True): gettext("Power token %(name)s: now gained"),
        ("tile", False): gettext("Power tile %(name)s: no longer available"),
        ("tile", True): gettext("Power tile %(name)s: now available"),
        ("moon", False): gettext("Moon tile %(name)s: no longer active"),
        ("moon", True): gettext("Moon tile %(name)s: now active"),
    }
    return sentences[(kind, now)] % {"name": name}


def mission_word(mission: int | None) -> str:
    if mission is None:
        return gettext("none (adventure complete)")
    return gettext("Mission %(number)s") % {"number": mission}


def yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def diff_lines(before: Any, after: Any, pack: Pack, labels: Mapping[str, str]) -> list[str]:
    """What differs between two campaign states (``progression.diff``), in the reader's language
    and the pack's names: the campaign as a whole, then each attempt (``labels`` by entry key)."""
    lines: list[str] = []
    if before.current_mission != after.current_mission:
        lines.append(
            gettext("Next mission: %(before)s → %(after)s")
            % {"before": mission_word(before.current_mission),
               "after": mission_word(after.current_mission)}
        )  # fmt: skip
    if before.moon_boxes_checked != after.moon_boxes_checked:
        lines.append(
            gettext("Moon Path boxes checked: %(before)s → %(after)s")
            % {"before": before.moon_boxes_checked, "after": after.moon_boxes_checked}
        )
    for field_name, lookup, kind in SET_LINES:
        old, new = set(getattr(before, field_name)), set(getattr(after, field_name))
        for ident, now in [*((i, False) for i in sorted(old - new)),
                           *((i, True) for i in sorted(new - old))]:  # fmt: skip
            try:
                name = str(getattr(pack, lookup)(ident).name)
            except KeyError:
                name = ident
            lines.append(set_sentence(kind, name, now=now))
    for label, old_flag, new_flag in (
        (gettext("Night mode"), before.night_mode, after.night_mode),
        (gettext("Purified Holo Liana"), before.holo_liana, after.holo_liana),
        (gettext("Red envelope opened"), before.red_envelope_opened, after.red_envelope_opened),
    ):
        if old_flag != new_flag:
            lines.append(f"{label}: {yes_no(old_flag)} → {yes_no(new_flag)}")
    old_entries = {e.key: e.changes for e in before.entries}
    new_entries = {e.key: e.changes for e in after.entries}
    for key in sorted(set(old_entries) | set(new_entries), key=entry_order):
        old_changes, new_changes = old_entries.get(key, ()), new_entries.get(key, ())
        if tuple(c.text for c in old_changes) == tuple(c.text for c in new_changes):
            continue
        said = " ".join(change_text(pack, c.kind, c.target, c.text) for c in new_changes)
        lines.append(
            gettext("%(attempt)s: %(changes)s")
            % {"attempt": labels.get(key, gettext("A removed attempt")),
               "changes": said or gettext("no effect any more")}
        )  # fmt: skip
    return lines


def entry_order(key: str) -> tuple[str, int]:
    kind, _, number = key.partition(":")
    return kind, int(number)
