"""What the dashboard and the reference show, read from the derived tables in a fixed number of
queries whatever the length of the adventure, and joined with the pinned content pack.

Spoiler rule: sealed envelopes, unreached missions and components not yet gained show only their
name and how they open, unless the member revealed that one for themselves; the names of missions
beyond the furthest one reached show as "Mission 14" unless the member chose to see them
(``NAMES_AHEAD``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.models import Adventure, ComponentKind, RevealedSpoiler
from games.content import Pack
from games.rules.spirits.campaign import SUCCESS, mission_rounds

# What each kind of reward does: the rules' own (seed 003), the same for every pack.
REWARD_TEXT = {
    "totem": gettext_lazy("Totem: unlocks a Power space on the board."),
    "castle": gettext_lazy(
        "Castle: gives a Power token, kept until the end of the adventure and usable in every "
        "mission."
    ),
    "white-envelope": gettext_lazy(
        "White Envelope: open the white envelope of that letter (a Power tile)."
    ),
    "holo-liana": gettext_lazy("Purified Holo Liana: reduces the difficulty of Mission 22."),
}
OPENS_TEXT = {
    "reward": gettext_lazy("a mission's White Envelope reward"),
    "moon-path": gettext_lazy("a Moon Path box showing its moon phase"),
    "instruction": gettext_lazy("a mission instruction"),
    "end": gettext_lazy("the end of the adventure, only if Mission 22 was completed"),
}


# The revealed-spoiler key of a member's choice to see the names of missions not reached yet.
NAMES_AHEAD = "mission-names-ahead"


def card_label(pack: Pack, card_id: str) -> str:
    """A Spirit card by its colour's name and value (``Purple 9``), never its id."""
    card = pack.card(card_id)
    return f"{pack.colour(card.colour).name} {card.value}"


def reward_label(pack: Pack, kind: str, target: str | None) -> str:
    if kind == "totem" and target:
        return _("Totem: %(space)s") % {"space": str(pack.power_space(target).name)}
    if kind == "castle" and target:
        return _("Castle: %(token)s") % {"token": str(pack.power_token(target).name)}
    if kind == "white-envelope" and target:
        return _("White Envelope %(letter)s") % {"letter": target}
    return _("Purified Holo Liana")


def mission_info(pack: Pack, number: int, *, rounds: int) -> dict[str, Any]:
    """A mission as the pages show it; ``rounds`` for this campaign, not the pack's base count."""
    mission = pack.mission(number)
    return {
        "number": mission.number,
        "name": str(mission.name),
        "rounds": rounds,
        "text": str(mission.text),
        "rewards": [reward_label(pack, r.kind, r.target) for r in mission.rewards],
        "night_instruction": any(i.kind == "night-mode" for i in mission.instructions),
        "relief": str(mission.holo_liana_relief.text) if mission.holo_liana_relief else "",
    }


def held(adventure: Adventure) -> dict[str, list[str]]:
    """The ids of what the adventure has gained, by ``ComponentKind``, in the order gained."""
    components: dict[str, list[str]] = {kind: [] for kind in ComponentKind.values}
    for row in adventure.components.all():
        components[row.kind].append(row.component)
    return components


def pieces(pack: Pack, components: dict[str, list[str]]) -> dict[str, list[Any]]:
    """The Power tokens, Power tiles and Moon tiles of ``held``, as the pack describes them."""
    return {
        "tokens": [pack.power_token(t) for t in components[ComponentKind.POWER_TOKEN]],
        "tiles": [pack.power_tile(t) for t in components[ComponentKind.POWER_TILE]],
        "moon_tiles": [pack.moon_tile(t) for t in components[ComponentKind.MOON_TILE]],
    }


def dashboard(adventure: Adventure) -> dict[str, Any]:
    """Everything the dashboard draws: 4 queries, whatever the number of attempts."""
    pack = adventure.content_pack.pack()
    phases = {p.id: str(p.name) for p in pack.moon.phases}
    envelope_names = {e.id: str(e.name) for e in pack.envelopes}
    opened = {o.envelope: o for o in adventure.opened_envelopes.all()}
    boxes = [
        {
            "box": b.box,
            "phase_name": phases.get(b.phase, ""),
            "envelope_name": envelope_names[b.envelope] if b.envelope else "",
            "checked_by": b.checked_by_attempt,
            "opened_text": (
                _("Opened %(envelope)s") % {"envelope": envelope_names[b.envelope]}
                if b.envelope and b.checked_by_attempt is not None
                else ""
            ),
        }
        for b in adventure.moon_boxes.all()
    ]
    components = held(adventure)
    spaces = [
        {
            "id": s.space,
            "name": str(pack.power_space(s.space).name),
            "unlocked": s.unlocked,
            "tile": str(pack.power_tile(s.placed_tile).name) if s.placed_tile else "",
        }
        for s in adventure.power_spaces.all()
    ]
    number = adventure.current_mission
    current = None
    if number is not None:  # the rounds the table will play, under the tiles and relief in force
        tiles = components[ComponentKind.MOON_TILE]
        rounds = mission_rounds(pack, number, moon_tiles=tiles, holo_liana=adventure.holo_liana)
        current = mission_info(pack, number, rounds=rounds)
    last = max(m.number for m in pack.missions)
    return {
        "pack": pack,
        "mission": current,
        "night_sides": adventure.night_mode or bool(current and current["night_instruction"]),
        "moon_path": boxes,
        "envelopes": [
            {
                "id": e.id,
                "name": str(e.name),
                "colour": e.colour,
                "how": str(e.how),
                "opened": e.id in opened,
                "by_attempt": opened[e.id].by_attempt if e.id in opened else None,
                "source": opened[e.id].source if e.id in opened else "",
            }
            for e in pack.envelopes
        ],
        "spaces": spaces,
        **pieces(pack, components),
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


@dataclass(frozen=True)
class Spoilers:
    """What ``user`` has seen of an adventure: the missions completed and the furthest reached
    (the one to play now, or the furthest completed), and what they revealed for themselves."""

    completed: set[int]
    furthest: int
    revealed: set[str]

    @classmethod
    def of(cls, adventure: Adventure, pack: Pack, user: Any) -> Spoilers:
        missions = adventure.attempts.filter(status=SUCCESS).values_list("mission", flat=True)
        completed = set(missions.distinct())
        last = max(m.number for m in pack.missions)
        keys = RevealedSpoiler.objects.filter(user=user, adventure=adventure)
        revealed = set(keys.values_list("key", flat=True))
        return cls(completed, max(completed | {adventure.current_mission or last}), revealed)

    def named(self, number: int) -> bool:
        """Missions beyond the furthest reached are named only if the member chose so."""
        return (
            number <= self.furthest
            or NAMES_AHEAD in self.revealed
            or f"mission:{number}" in self.revealed
        )

    def reveal(self, key: str, *, known: bool) -> dict[str, Any]:
        """A hidden thing shows once known or revealed; only a revealed one can be hidden again."""
        revealed = key in self.revealed
        return {"key": key, "shown": known or revealed, "hideable": not known and revealed}


def named_missions(adventure: Adventure, user: Any) -> set[int]:
    """The missions whose names ``user`` sees."""
    pack = adventure.content_pack.pack()
    spoilers = Spoilers.of(adventure, pack, user)
    return {m.number for m in pack.missions if spoilers.named(m.number)}


def reference(adventure: Adventure, user: Any) -> dict[str, Any]:
    """The envelope and reward reference, spoiler-safe for ``user``: 5 queries."""
    pack = adventure.content_pack.pack()
    spoilers = Spoilers.of(adventure, pack, user)
    opened = set(adventure.opened_envelopes.values_list("envelope", flat=True))
    tiles = held(adventure)[ComponentKind.MOON_TILE]
    rounds = partial(mission_rounds, pack, moon_tiles=tiles, holo_liana=adventure.holo_liana)
    missions = [
        {
            "number": m.number,
            "name": str(m.name) if spoilers.named(m.number) else "",
            **spoilers.reveal(f"mission:{m.number}", known=m.number <= spoilers.furthest),
            "reached": m.number <= spoilers.furthest,
            "completed": m.number in spoilers.completed,
            "how": _("Mission 1 is open from the start.")
            if m.number == 1
            else _("Opens when Mission %(previous)s succeeds.") % {"previous": m.number - 1},
            "info": mission_info(pack, m.number, rounds=rounds(m.number)),
        }
        for m in pack.missions
    ]
    envelopes = [
        {
            "id": envelope.id,
            "name": str(envelope.name),
            "colour": envelope.colour,
            "how": str(envelope.how),
            "opens": OPENS_TEXT.get(envelope.opens, envelope.opens),
            "opened": envelope.id in opened,
            **spoilers.reveal(f"envelope:{envelope.id}", known=envelope.id in opened),
            "power_tiles": [pack.power_tile(t) for t in envelope.contents.power_tiles],
            "moon_tiles": [pack.moon_tile(t) for t in envelope.contents.moon_tiles],
            "cards": [card_label(pack, card) for card in envelope.contents.cards],
            "items": list(envelope.contents.items),
        }
        for envelope in pack.envelopes
    ]
    token_sources = {
        r.target: m.number for m in pack.missions for r in m.rewards if r.kind == "castle"
    }
    tokens = []
    for token in pack.power.tokens:
        gained_from = token_sources.get(token.id)
        tokens.append(
            {
                "token": token,
                "how": _("Castle reward of Mission %(mission)s.") % {"mission": gained_from}
                if gained_from
                else "",
                **spoilers.reveal(f"token:{token.id}", known=gained_from in spoilers.completed),
            }
        )
    return {
        "rewards": REWARD_TEXT,
        "missions": missions,
        "envelopes": envelopes,
        "tokens": tokens,
        "spaces": pack.power.spaces,
        "names_ahead": NAMES_AHEAD in spoilers.revealed,
        "names_ahead_key": NAMES_AHEAD,
    }
