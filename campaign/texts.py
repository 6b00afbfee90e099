"""The campaign's stored texts (``accounts.texts``): what its audit trail says, as codes and
parameters, put in words in the reader's language when read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from accounts.texts import Text, text, verbatim
from campaign.models import OVERRIDE_KIND_LABELS
from games.reference import campaign_rules
from games.rules import spirits
from games.rules.spirits import campaign as progression

NAMED = re.compile(r"%\((\w+)\)s")
MESSAGES = {
    "adventure-started": _("Started “%(name)s”."),
    "adventure-imported": ngettext_lazy(
        "Imported “%(name)s” with %(count)s attempt.",
        "Imported “%(name)s” with %(count)s attempts.",
        "count",
    ),
    "adventure-restored": _("Restored “%(name)s” after it was deleted."),
    "attempt-recorded": _("Attempt %(number)s: Mission %(mission)s, %(result)s."),
    "attempt-corrected": _("Corrected attempt %(number)s (Mission %(mission)s, %(result)s)."),
    "attempt-removed": _("Removed attempt %(number)s (Mission %(mission)s, %(result)s)."),
    "override-added": _("%(kind)s %(target)s: %(reason)s"),
    "move-undone": _("Undid move %(seq)s of attempt %(number)s (Mission %(mission)s): %(move)s."),
    "attempt-changed": _("Attempt %(number)s: %(changes)s"),
    "attempt-no-effect": _("Attempt %(number)s: no effect any more"),
    "removed-attempt-changed": _("A removed attempt: %(changes)s"),
    "removed-attempt-no-effect": _("A removed attempt: no effect any more"),
    # An attempt's result, as a parameter.
    "result:open": _("in progress"),
    "result:success": _("success"),
    "result:failure": _("failure"),
    # What an override does, as a parameter.
    **{f"override:{kind}": label for kind, label in OVERRIDE_KIND_LABELS.items()},
    # A move at the table, as a parameter (``describe_move``).
    "move:play": _("played %(card)s"),
    "move:automa": _("the Automa played %(card)s"),
    "move:automa-deck": _("the Automa played the top of its deck"),
    "move:automa-refill": _("the Automa played %(card)s, refilled with %(refill)s"),
    "move:automa-deck-refill": _("the Automa played the top of its deck, refilled with %(refill)s"),
    "move:place": _("placed a Spirit tile on %(cells)s"),
    "move:discard": _("%(seat)s discarded a card"),
    "move:mist-colour": _("the next trick starts in %(colour)s"),
    "move:move-spirit-tile": _("moved the Spirit tile on %(before)s to %(after)s (Power)"),
    "move:any-colour-edge": _(
        "made the coloured edge %(side)s of %(row)s,%(col)s accept any colour (Power)"
    ),
    "move:choose-trump": _("chose %(colour)s as the next round's trump (Power)"),
    "move:quiet-token": _("quieted the token on %(row)s,%(col)s (Power)"),
    "move:ignore-must-follow": _("let %(seat)s play without following the lead (Power)"),
    "move:ignore-must-follow-due": _("let the player due play without following the lead (Power)"),
    "move:name-missing-colour": _("each player named a colour they hold none of (Power)"),
    "move:swap-cards": _("two players passed each other a card face down (Power)"),
    "move:power": _("used a Power"),
    # What an entry changed in the campaign (``progression.Change``), by its kind and ``via``.
    "change:no-effect": _("Played after the adventure ended: no effect."),
    "change:not-current": _(
        "Mission %(mission)s was not the mission to play (Mission %(current)s): only the Moon "
        "Path moves."
    ),
    "change:moon-path-full": _("The Moon Path is full: no box to check."),
    "change:moon-box": _("Moon Path box %(box)s checked."),
    "change:moon-box-phase": _("Moon Path box %(box)s checked: %(phase)s."),
    "change:night-mode": _("Night mode is on from now on."),
    "change:space-unlocked-totem": _("Totem: %(name)s unlocked."),
    "change:space-unlocked-hand": _("%(name)s unlocked by hand."),
    "change:token-gained-castle": _("Castle: Power token %(name)s gained."),
    "change:token-gained-hand": _("Power token %(name)s gained by hand."),
    "change:holo-liana": _("Purified Holo Liana: Mission 22 becomes easier."),
    "change:mission-completed": _("Mission %(mission)s completed."),
    "change:mission-opened": _("Mission %(mission)s opens."),
    "change:adventure-finished": _("The adventure is complete."),
    "change:envelope-opened-reward": _("%(name)s opened: a mission's reward."),
    "change:envelope-opened-moon-path": _("%(name)s opened: its Moon Path box was checked."),
    "change:envelope-opened-instruction": _("%(name)s opened: the mission's instruction."),
    "change:envelope-opened-end": _("%(name)s opened: the end of the adventure."),
    "change:envelope-opened-override": _("%(name)s opened by hand."),
    "change:power-tile": _("Power tile %(name)s available."),
    "change:moon-tile": _("Moon tile %(name)s: %(text)s"),
    "change:card": _("Spirit card %(card)s joins the deck."),
    "change:item": _("%(name)s."),
    "change:override": _("By hand: %(reason)s"),
    # Why the rules refuse a Power tile on a Power space (``progression.check_placement``).
    "problem:space-locked": _(
        "%(space)s is locked: a Power tile can only go on an unlocked Power space."
    ),
    "problem:tile-not-available": _("%(tile)s is not available in this adventure yet."),
    "problem:tile-twice": _("%(tile)s is placed twice: each Power tile goes on one space."),
    # Why the campaign rules refuse a write (``progression.check_*``).
    "problem:finished": _("This adventure is finished: Mission %(last)s was completed."),
    "problem:mission-not-open": _(
        "Mission %(mission)s is not open: the next mission to play is Mission %(current)s."
    ),
    "problem:reason-required": _("Say why the mission failed."),
    "problem:reason-on-success": _("A successful attempt has no failure reason."),
    "problem:red-without-final": _(
        "The red envelope opens only once Mission %(last)s has been completed."
    ),
    "problem:already-open": _("%(name)s is already open."),
    "problem:already-unlocked": _("%(name)s is already unlocked."),
    "problem:already-gained": _("%(name)s is already gained."),
    "problem:night-already": _("Night mode is already on."),
    "problem:unknown": _("Unknown: “%(value)s”."),
    "change:loadout-ignored": _("Ignored: %(problem)s"),
    # What a write changed in the campaign as a whole (``progression.diff``'s facts).
    "diff:next-mission": _("Next mission: %(before)s → %(after)s"),
    "diff:mission": _("Mission %(mission)s"),
    "diff:no-mission": _("none (adventure complete)"),
    "diff:moon-boxes": _("Moon Path boxes checked: %(before)s → %(after)s"),
    "diff:envelope-added": _("Envelope %(name)s: now opened"),
    "diff:envelope-removed": _("Envelope %(name)s: no longer opened"),
    "diff:power-space-added": _("Power space %(name)s: now unlocked"),
    "diff:power-space-removed": _("Power space %(name)s: no longer unlocked"),
    "diff:power-token-added": _("Power token %(name)s: now gained"),
    "diff:power-token-removed": _("Power token %(name)s: no longer gained"),
    "diff:power-tile-added": _("Power tile %(name)s: now available"),
    "diff:power-tile-removed": _("Power tile %(name)s: no longer available"),
    "diff:moon-tile-added": _("Moon tile %(name)s: now active"),
    "diff:moon-tile-removed": _("Moon tile %(name)s: no longer active"),
    "diff:night-mode-on": _("Night mode: no → yes"),
    "diff:night-mode-off": _("Night mode: yes → no"),
    "diff:holo-liana-on": _("Purified Holo Liana: no → yes"),
    "diff:holo-liana-off": _("Purified Holo Liana: yes → no"),
    "diff:red-envelope-on": _("Red envelope opened: no → yes"),
    "diff:red-envelope-off": _("Red envelope opened: yes → no"),
    # The notes the table writes on an attempt when the mission ends there.
    "note:failed": _("Mission failed: %(reasons)s."),
    "note:abandoned": _("Mission abandoned at the table."),
    # The engine's reasons a mission failed (``spirits.outcome``), as a parameter.
    "reason:coloured-edge": _("a coloured edge was not respected"),
    "reason:not-surrounded": _("a Mission tile is not surrounded"),
    "reason:no-legal-placement": _("the Decision card's Spirit tile fits nowhere"),
    "reason:out-of-cards": _("a seat had no card left to play"),
}
# The rule of the reference behind each kind of change (an envelope's, by why it opened) and
# behind each refusal of a Power tile.
CHANGE_RULES = {
    **dict.fromkeys(("moon-box", "moon-path-full", "moon-tile"), "moon-path"),
    "night-mode": "night-mode",
    **dict.fromkeys(("space-unlocked", "token-gained", "power-tile", "holo-liana"), "rewards"),
    **dict.fromkeys(("card", "item"), "envelopes"),
}
PROBLEM_RULES = dict.fromkeys(("space-locked", "tile-not-available", "tile-twice"), "rewards")


def cells_text(cells: Any) -> str:
    return " ".join(f"{r},{c}" for r, c in cells or [])


Named = str | dict[str, str]


def colour_name(setup: Mapping[str, Any] | None, colour: str) -> Named:
    """A colour of the attempt's ``setup`` by the pack's name, in each of its languages (a stored
    text reads in its reader's); its id when the setup does not name it."""
    entry = ((setup or {}).get("colours") or {}).get(colour) or {}
    name = entry.get("name")
    return name if isinstance(name, str | dict) and name else colour


def card_name(setup: Mapping[str, Any] | None, card_id: str) -> Named:
    """A Spirit card of the attempt's ``setup`` as the table shows it (``Azul 3``), in each of
    the pack's languages; its id when the setup does not hold it."""
    card = ((setup or {}).get("cards") or {}).get(card_id) or {}
    if "colour" not in card or "value" not in card:
        return card_id
    colour = colour_name(setup, card["colour"])
    if colour == card["colour"]:
        return card_id
    if isinstance(colour, str):
        return f"{colour} {card['value']}"
    return {language: f"{words} {card['value']}" for language, words in colour.items()}


def describe_move(payload: Mapping[str, Any], setup: Mapping[str, Any] | None = None) -> Text:
    """A move at the table in a few words, for the audit trail: a code and what it names (cards
    and colours by the names of the attempt's ``setup``, when given)."""
    if "play" in payload:
        return text("move:play", card=card_name(setup, payload["play"]))
    if "automa" in payload:
        card, refill = payload.get("card"), payload.get("refill")
        card = card_name(setup, card) if card else card
        refill = card_name(setup, refill) if refill else refill
        if card and refill:
            return text("move:automa-refill", card=card, refill=refill)
        if refill:
            return text("move:automa-deck-refill", refill=refill)
        return text("move:automa", card=card) if card else text("move:automa-deck")
    if "place" in payload:
        return text("move:place", cells=cells_text(payload["place"]))
    if "discard" in payload:
        return text("move:discard", seat=payload.get("seat") or "")
    if "mist_colour" in payload:
        return text("move:mist-colour", colour=colour_name(setup, payload["mist_colour"]))
    return describe_power(payload, setup)


def describe_power(payload: Mapping[str, Any], setup: Mapping[str, Any] | None = None) -> Text:
    """A Power move in a few words (``describe_move``)."""
    power = payload.get("power")
    row, col = payload.get("cell") or ["?", "?"]
    if power == spirits.MOVE_SPIRIT_TILE:
        before, after = cells_text(payload.get("from")), cells_text(payload.get("to"))
        return text("move:move-spirit-tile", before=before, after=after)
    if power == spirits.ANY_COLOUR_EDGE:
        return text("move:any-colour-edge", side=payload.get("side") or "", row=row, col=col)
    if power == spirits.CHOOSE_TRUMP:
        return text("move:choose-trump", colour=colour_name(setup, payload.get("colour") or ""))
    if power == spirits.QUIET_TOKEN:
        return text("move:quiet-token", row=row, col=col)
    if power == spirits.IGNORE_MUST_FOLLOW and payload.get("seat"):
        return text("move:ignore-must-follow", seat=payload["seat"])
    if power == spirits.IGNORE_MUST_FOLLOW:
        return text("move:ignore-must-follow-due")
    if power in (spirits.NAME_MISSING_COLOUR, spirits.SWAP_CARDS):
        return text(f"move:{power}")
    return text("move:power")


def problem_text(error: progression.ProgressionError) -> Text:
    """Why the campaign rules refuse something, in the reader's language when the message is
    known here; the campaign rules' English words otherwise."""
    code = f"problem:{error.code}"
    if code in MESSAGES:
        return text(code, **dict(error.params))
    return verbatim(str(error))


def rule_link(rule: str | None) -> str:
    return campaign_rules.spirits_rule(rule) if rule else ""


def mission_text(mission: str) -> Text:
    return text("diff:mission", mission=mission) if mission else text("diff:no-mission")


def fact_text(fact: progression.Change) -> Text:
    """One line of what a write changed in the campaign as a whole, as a stored text; the
    campaign rules' English words for a fact without a message here."""
    params = dict(fact.params)
    code = f"diff:{fact.kind}"
    if code not in MESSAGES:
        return verbatim(fact.text)
    if fact.kind == "next-mission":
        return text(
            code, before=mission_text(params["before"]), after=mission_text(params["after"])
        )
    return text(code, **params)


def change_text(change: Mapping[str, Any]) -> Text:
    """What a change of the campaign says, as a stored text: its kind (and ``via``, the reward or
    hand behind it) is the code, its names the parameters. A change without a message of its
    own (an entry the rules ignored, with the campaign rules' English reason) keeps its words."""
    params = dict(change.get("params") or {})
    kind = str(change.get("kind", ""))
    if kind == "loadout-ignored" and f"problem:{params.get('problem')}" in MESSAGES:
        problem = text(f"problem:{params.pop('problem')}", **params)
        return text("change:loadout-ignored", problem=problem)
    via = params.pop("via", "")
    code = f"change:{kind}-{via}" if via else f"change:{kind}"
    if kind == "moon-box" and "phase" in params:
        code = "change:moon-box-phase"
    if code not in MESSAGES or not set(NAMED.findall(str(MESSAGES[code]))) <= set(params):
        return verbatim(str(change.get("text", "")))
    return text(code, **params)


def change_rule(change: Mapping[str, Any]) -> str:
    """The link to the rule behind a change ("why"), or empty when no rule gives it."""
    kind, params = str(change.get("kind", "")), dict(change.get("params") or {})
    if kind == "envelope-opened":
        return campaign_rules.envelope_rule(params.get("via", ""))
    if kind == "loadout-ignored":
        return rule_link(PROBLEM_RULES.get(params.get("problem", "")))
    return rule_link(CHANGE_RULES.get(kind))


def stored_change(change: progression.Change) -> dict[str, Any]:
    """A change as an attempt row keeps it (``MissionAttempt.changes``)."""
    return {
        "kind": change.kind,
        "target": change.target,
        "text": change.text,
        "params": dict(change.params),
    }
