"""A game's setup: the content, the two players, the table's sizes and the deal.

A setup either fixes the whole deal (Earth pile order, display, both hands, Spirit supply) or lets
``new_game`` shuffle it from a seed; the dealt setup is stored in the state, so ``replay`` rebuilds
the same game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.rules.common import integer, items, need, obj, text

from .content import Content, content_from_dict, content_to_dict
from .errors import SetupError
from .reading import ids

#: The scenario format (``docs/formats/solsticio-scenario.md``) and the saved state's.
FORMAT = "solsticio-scenario/1"
STATE_FORMAT = "solsticio-state/1"
HAND_SIZE = 3
DISPLAY_STACKS = 6
STACK_DEPTH = 2


@dataclass(frozen=True)
class Stack:
    """One place of the display: ``tiles`` from the bottom up; the lowest ``down`` are face down,
    the others face up (face-down tiles always lie under face-up ones)."""

    tiles: tuple[str, ...]
    down: int = 0

    @property
    def face_up(self) -> tuple[str, ...]:
        return self.tiles[self.down :]

    @property
    def face_down(self) -> tuple[str, ...]:
        return self.tiles[: self.down]


@dataclass(frozen=True)
class Deal:
    """``pile`` and ``spirits`` are top first; ``hands`` follow the players' order."""

    pile: tuple[str, ...]
    display: tuple[Stack, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    spirits: tuple[str, ...]

    @property
    def earth(self) -> tuple[str, ...]:
        """Every Earth tile in play."""
        shown = (tile for stack in self.display for tile in stack.tiles)
        return (*self.pile, *shown, *self.hands[0], *self.hands[1])


@dataclass(frozen=True)
class Setup:
    content: Content
    players: tuple[str, str]
    first_player: str
    hand_size: int = HAND_SIZE
    display_stacks: int = DISPLAY_STACKS
    stack_depth: int = STACK_DEPTH
    deal: Deal | None = None


def shuffled_deal(setup: Setup, rng: random.Random) -> Deal:
    """Shuffle every Earth tile and Spirit with ``rng``: display stacks of ``stack_depth`` tiles
    (all face down but the top one), then ``hand_size`` tiles for each player, the rest the pile."""
    earth = [tile.id for tile in setup.content.earth]
    rng.shuffle(earth)
    spirits = [spirit.id for spirit in setup.content.spirits]
    rng.shuffle(spirits)
    depth, size = setup.stack_depth, setup.hand_size
    needed = setup.display_stacks * depth + 2 * size
    if needed > len(earth):
        raise SetupError(f"dealing needs {needed} Earth tiles, the content has {len(earth)}")
    display = tuple(
        Stack(tuple(earth[i * depth : (i + 1) * depth]), depth - 1)
        for i in range(setup.display_stacks)
    )
    rest = earth[setup.display_stacks * depth :]
    hands = (tuple(rest[:size]), tuple(rest[size : 2 * size]))
    return Deal(pile=tuple(rest[2 * size :]), display=display, hands=hands, spirits=tuple(spirits))


def dealt(setup: Setup, seed: int) -> Setup:
    """The setup with its deal: as given, or shuffled from ``seed``."""
    if setup.deal is not None:
        return setup
    return replace(setup, deal=shuffled_deal(setup, random.Random(seed)))


def setup_from_dict(data: Any, default_content: Any = None) -> Setup:
    """Read and check a scenario's setup (all but ``moves`` and ``seed``); raises ``SetupError``.

    ``default_content`` is used when the scenario gives no ``content``.
    """
    data = obj(data, "a scenario")
    need(data.get("format") == FORMAT, f'format: expected "{FORMAT}"')
    raw_content = data.get("content", default_content)
    need(raw_content is not None, "content: missing (and no content pack given)")
    if "capture" in data:
        raw_content = {**obj(raw_content, "content"), "capture": data["capture"]}
    content = content_from_dict(raw_content)
    players = tuple(text(p, "players") for p in items(data.get("players"), "players"))
    need(len(players) == 2 and players[0] != players[1], "players: expected two different names")
    first = data.get("first_player", players[0])
    need(first in players, "first_player: not one of the players")
    setup = Setup(
        content=content,
        players=(players[0], players[1]),
        first_player=str(first),
        hand_size=integer(data.get("hand_size", HAND_SIZE), "hand_size", 1),
        display_stacks=integer(data.get("display_stacks", DISPLAY_STACKS), "display_stacks"),
        stack_depth=integer(data.get("stack_depth", STACK_DEPTH), "stack_depth", 1),
    )
    if data.get("deal") is not None:
        setup = replace(setup, deal=_deal(data["deal"], setup))
    return setup


def _deal(data: Any, setup: Setup) -> Deal:
    data = obj(data, "deal")
    known = setup.content.earth_index
    pile = ids(data.get("pile"), "deal.pile", known)
    display = []
    for i, entry in enumerate(items(data.get("display"), "deal.display")):
        where = f"deal.display[{i}]"
        entry = obj(entry, where)
        down = ids(entry.get("down", []), f"{where}.down", known)
        up = ids(entry.get("up"), f"{where}.up", known)
        need(len(up) > 0, f"{where}.up: a display place shows at least one face-up tile")
        display.append(Stack((*down, *up), len(down)))
    hands_data = obj(data.get("hands"), "deal.hands")
    need(set(hands_data) == set(setup.players), "deal.hands: expected one hand per player")
    first, second = (ids(hands_data[p], f"deal.hands.{p}", known) for p in setup.players)
    spirits = ids(data.get("spirits", []), "deal.spirits", setup.content.spirit_index)
    deal = Deal(pile=pile, display=tuple(display), hands=(first, second), spirits=spirits)
    need(len(set(deal.earth)) == len(deal.earth), "deal: an Earth tile is dealt twice")
    need(len(set(spirits)) == len(spirits), "deal.spirits: a Spirit is listed twice")
    return deal


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    """The setup in the scenario shape (without ``moves``)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "content": content_to_dict(setup.content),
        "players": list(setup.players),
        "first_player": setup.first_player,
        "hand_size": setup.hand_size,
        "display_stacks": setup.display_stacks,
        "stack_depth": setup.stack_depth,
    }
    if setup.deal is not None:
        data["deal"] = deal_to_dict(setup.deal, setup.players)
    return data


def deal_to_dict(deal: Deal, players: tuple[str, str]) -> dict[str, Any]:
    return {
        "pile": list(deal.pile),
        "display": [stack_to_dict(stack) for stack in deal.display],
        "hands": {players[0]: list(deal.hands[0]), players[1]: list(deal.hands[1])},
        "spirits": list(deal.spirits),
    }


def stack_to_dict(stack: Stack) -> dict[str, Any]:
    return {"down": list(stack.face_down), "up": list(stack.face_up)}


def stack_from_dict(data: Mapping[str, Any]) -> Stack:
    down = list(data["down"])
    return Stack((*down, *data["up"]), len(down))
