"""What the dashboard and the reference show, read from the derived tables in a fixed number of
queries whatever the length of the adventure, and joined with the pinned content pack.

Spoiler rule: sealed envelopes, unreached missions and components not yet gained show only their
name and how they open, unless the member revealed that one for themselves; the names of missions
beyond the furthest one reached show as "Mission 14" unless the member chose to see them
(``NAMES_AHEAD``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.models import Adventure, ComponentKind, RevealedSpoiler
from games.content import Pack
from games.rules.spirits.campaign import SUCCESS, mission_rounds

REWARD_TEXT = {
    "totem": "Totem: unlocks a Power space on the board.",
    "castle": (
        "Castle: gives a Power token, kept until the end of the adventure and usable in every "
        "mission."
    ),
    "white-envelope": "White Envelope: open the white envelope of that letter (a Power tile).",
    "holo-liana": "Purified Holo Liana: reduces the difficulty of Mission 22.",
}
OPENS_TEXT = {
    "reward": gettext_lazy("a mission's White Envelope reward"),
    "moon-path": gettext_lazy("a Moon Path box showing its moon phase"),
    "instruction": gettext_lazy("a mission instruction"),
    "end": gettext_lazy("the end of the adventure, only if Mission 22 was completed"),
}


# The revealed-spoiler key of a member's choice to see the names of missions not reached yet.
NAMES_AHEAD = "mission-names-ahead"


@dataclass(frozen=True)
class Box:
    box: int
    phase_name: str
    envelope_name: str
    checked_by: int | None
    opened_text: str


def reward_label(pack: Pack, kind: str, target: str | None) -> str:
    if kind == "totem" and target:
        return _("Totem: %(space)s") % {"space": pack.power_space(target).name}
    if kind == "castle" and target:
        return _("Castle: %(token)s") % {"token": pack.power_token(target).name}
    if kind == "white-envelope" and target:
        return _("White Envelope %(letter)s") % {"letter": target}
    return _("Purified Holo Liana")


def mission_info(pack: Pack, number: int | None, *, rounds: int) -> dict[str, Any] | None:
    """A mission as the pages show it; ``rounds``: what it lasts for the group's campaign
    (``mission_rounds``), never the pack's base count."""
    if number is None:
        return None
    mission = pack.mission(number)
    return {
        "number": mission.number,
        "name": mission.name,
        "rounds": rounds,
        "text": mission.text,
        "rewards": [reward_label(pack, r.kind, r.target) for r in mission.rewards],
        "night_instruction": any(i.kind == "night-mode" for i in mission.instructions),
        "relief": mission.holo_liana_relief.text if mission.holo_liana_relief else "",
    }


def dashboard(adventure: Adventure) -> dict[str, Any]:
    """Everything the dashboard draws: 4 queries, whatever the number of attempts."""
    pack = adventure.content_pack.pack()
    phases = {p.id: p.name for p in pack.moon.phases}
    envelopes = {e.id: e for e in pack.envelopes}
    opened = {o.envelope: o for o in adventure.opened_envelopes.all()}
    boxes = [
        Box(
            box=b.box,
            phase_name=phases.get(b.phase, ""),
            envelope_name=envelopes[b.envelope].name if b.envelope else "",
            checked_by=b.checked_by_attempt,
            opened_text=(
                _("Opened %(envelope)s") % {"envelope": envelopes[b.envelope].name}
                if b.envelope and b.checked_by_attempt is not None
                else ""
            ),
        )
        for b in adventure.moon_boxes.all()
    ]
    components: dict[str, list[str]] = {kind: [] for kind in ComponentKind.values}
    for row in adventure.components.all():
        components[row.kind].append(row.component)
    spaces = [
        {
            "id": s.space,
            "name": pack.power_space(s.space).name,
            "unlocked": s.unlocked,
            "tile": pack.power_tile(s.placed_tile).name if s.placed_tile else "",
        }
        for s in adventure.power_spaces.all()
    ]
    number = adventure.current_mission
    moon_tiles = components[ComponentKind.MOON_TILE]
    # The rounds the table will play, under the Moon tiles and relief in force.
    current = mission_info(pack, number, rounds=rounds_now(adventure, pack, number, moon_tiles))
    last = max(m.number for m in pack.missions)
    return {
        "pack": pack,
        "mission": current,
        "night_sides": adventure.night_mode or bool(current and current["night_instruction"]),
        "moon_path": boxes,
        "envelopes": [
            {
                "id": e.id,
                "name": e.name,
                "colour": e.colour,
                "how": e.how,
                "opened": e.id in opened,
                "by_attempt": opened[e.id].by_attempt if e.id in opened else None,
                "source": opened[e.id].source if e.id in opened else "",
            }
            for e in pack.envelopes
        ],
        "spaces": spaces,
        "tokens": [pack.power_token(t) for t in components[ComponentKind.POWER_TOKEN]],
        "tiles": [pack.power_tile(t) for t in components[ComponentKind.POWER_TILE]],
        "moon_tiles": [pack.moon_tile(t) for t in components[ComponentKind.MOON_TILE]],
        "items": [
            item
            for e in pack.envelopes
            for item in e.contents.items
            if item.id in components[ComponentKind.ITEM]
        ],
        "next_text": next_text(adventure.current_mission, last),
        "last_mission": last,
        "relief": pack.mission(last).holo_liana_relief,
    }


def rounds_now(adventure: Adventure, pack: Pack, number: int | None, moon_tiles: list[str]) -> int:
    """The rounds mission ``number`` lasts now, under the Moon tiles and relief in force."""
    if number is None:
        return 0
    return mission_rounds(pack, number, moon_tiles=moon_tiles, holo_liana=adventure.holo_liana)


def next_text(current: int | None, last: int) -> str:
    if current is None:
        return _("The adventure is complete: Mission %(last)s was completed.") % {"last": last}
    if current == last:
        return _("Mission %(current)s is the last: when it succeeds, the red envelope opens.") % {
            "current": current
        }
    return _(
        "Play Mission %(current)s. Mission %(next)s opens when Mission %(current)s succeeds."
    ) % {"current": current, "next": current + 1}


def revealed_keys(adventure: Adventure, user: Any) -> set[str]:
    return set(
        RevealedSpoiler.objects.filter(user=user, adventure=adventure).values_list("key", flat=True)
    )


def completed_missions(adventure: Adventure) -> set[int]:
    return set(
        adventure.attempts.filter(status=SUCCESS).values_list("mission", flat=True).distinct()
    )


def furthest_reached(adventure: Adventure, completed: set[int], last: int) -> int:
    """The furthest mission reached: the one to play now, or the furthest completed."""
    return max(completed | {adventure.current_mission or last})


def named_missions(
    adventure: Adventure,
    user: Any,
    revealed: set[str] | None = None,
    completed: set[int] | None = None,
) -> set[int]:
    """The missions whose names ``user`` sees: those reached, and those beyond only if the member
    chose to see names ahead or revealed that mission."""
    pack = adventure.content_pack.pack()
    revealed = revealed_keys(adventure, user) if revealed is None else revealed
    completed = completed_missions(adventure) if completed is None else completed
    furthest = furthest_reached(adventure, completed, max(m.number for m in pack.missions))
    return {
        m.number
        for m in pack.missions
        if m.number <= furthest or NAMES_AHEAD in revealed or f"mission:{m.number}" in revealed
    }


def reference(adventure: Adventure, user: Any) -> dict[str, Any]:
    """The envelope and reward reference, spoiler-safe for ``user``: 5 queries."""
    pack = adventure.content_pack.pack()
    revealed = revealed_keys(adventure, user)
    opened = set(adventure.opened_envelopes.values_list("envelope", flat=True))
    completed = completed_missions(adventure)
    last = max(m.number for m in pack.missions)
    furthest = furthest_reached(adventure, completed, last)
    named = named_missions(adventure, user, revealed, completed)
    moon_tiles = list(
        adventure.components.filter(kind=ComponentKind.MOON_TILE).values_list(
            "component", flat=True
        )
    )
    missions = []
    for mission in pack.missions:
        reached = mission.number <= furthest
        key = f"mission:{mission.number}"
        missions.append(
            {
                "number": mission.number,
                "name": mission.name if mission.number in named else "",
                "key": key,
                "shown": reached or key in revealed,
                "hideable": not reached and key in revealed,
                "reached": reached,
                "completed": mission.number in completed,
                "how": _("Mission 1 is open from the start.")
                if mission.number == 1
                else _("Opens when Mission %(previous)s succeeds.")
                % {"previous": mission.number - 1},
                "info": mission_info(
                    pack,
                    mission.number,
                    rounds=rounds_now(adventure, pack, mission.number, moon_tiles),
                ),
            }
        )
    envelopes = []
    for envelope in pack.envelopes:
        key = f"envelope:{envelope.id}"
        contents = envelope.contents
        envelopes.append(
            {
                "id": envelope.id,
                "name": envelope.name,
                "colour": envelope.colour,
                "how": envelope.how,
                "opens": OPENS_TEXT.get(envelope.opens, envelope.opens),
                "key": key,
                "opened": envelope.id in opened,
                "shown": envelope.id in opened or key in revealed,
                "hideable": envelope.id not in opened and key in revealed,
                "power_tiles": [pack.power_tile(t) for t in contents.power_tiles],
                "moon_tiles": [pack.moon_tile(t) for t in contents.moon_tiles],
                "cards": list(contents.cards),
                "items": list(contents.items),
            }
        )
    token_sources = {
        r.target: m.number for m in pack.missions for r in m.rewards if r.kind == "castle"
    }
    tokens = []
    for token in pack.power.tokens:
        key = f"token:{token.id}"
        gained_from = token_sources.get(token.id)
        tokens.append(
            {
                "token": token,
                "key": key,
                "how": _("Castle reward of Mission %(mission)s.") % {"mission": gained_from}
                if gained_from
                else "",
                "shown": (gained_from in completed) or key in revealed,
                "hideable": gained_from not in completed and key in revealed,
            }
        )
    return {
        "pack": pack,
        "rewards": REWARD_TEXT,
        "missions": missions,
        "envelopes": envelopes,
        "tokens": tokens,
        "spaces": pack.power.spaces,
        "last_mission": last,
        "names_ahead": NAMES_AHEAD in revealed,
        "names_ahead_key": NAMES_AHEAD,
    }
