"""The components of a content pack, as frozen dataclasses.

Each class mirrors one entry of a pack file (see ``docs/content-pack.md``) and turns back into that
JSON with ``to_json()``, so a pack survives export and import unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.content.texts import Text
from games.rules.spirits.shapes import Cell

FORMAT = "questlog-pack/1"

# What the database stores of a pack bounds its texts: every id and every reference to one lands
# in a column (the statistics' colour columns hold 20 characters, the adventure's Power spaces,
# envelopes and components 40), names and texts are shown on pages.
MAX_ID = 20
MAX_PACK_ID = 80
MAX_NAME = 80
MAX_TEXT = 2000
TEXT_LIMITS = {"name": MAX_NAME, "text": MAX_TEXT, "notice": MAX_TEXT, "how": MAX_TEXT}

JSONDict = dict[str, object]


def cells_json(cells: tuple[Cell, ...]) -> list[list[int]]:
    return [[r, c] for r, c in cells]


@dataclass(frozen=True)
class PackInfo:
    id: str
    name: Text
    sample: bool
    notice: Text

    def to_json(self) -> JSONDict:
        return {
            "id": self.id,
            "name": self.name.to_json(),
            "sample": self.sample,
            "notice": self.notice.to_json(),
        }


@dataclass(frozen=True)
class Colour:
    id: str
    name: Text
    symbol: str

    def to_json(self) -> JSONDict:
        return {"id": self.id, "name": self.name.to_json(), "symbol": self.symbol}


@dataclass(frozen=True)
class Card:
    """A Spirit card and the Spirit tile it shows; ``back`` is None when it is the mirror image."""

    id: str
    colour: str
    value: int
    tile: tuple[Cell, ...]
    back: tuple[Cell, ...] | None = None

    def to_json(self) -> JSONDict:
        data: JSONDict = {
            "id": self.id,
            "colour": self.colour,
            "value": self.value,
            "tile": cells_json(self.tile),
        }
        if self.back is not None:
            data["back"] = cells_json(self.back)
        return data


@dataclass(frozen=True)
class ColouredEdge:
    """A coloured edge on the outer border of ``cell``, on its ``side`` (N, E, S or W)."""

    cell: Cell
    side: str
    colour: str

    def to_json(self) -> JSONDict:
        return {"cell": list(self.cell), "side": self.side, "colour": self.colour}


@dataclass(frozen=True)
class MissionTileSide:
    cells: tuple[Cell, ...]
    coloured_edges: tuple[ColouredEdge, ...]
    triangle: Cell

    def to_json(self) -> JSONDict:
        return {
            "cells": cells_json(self.cells),
            "coloured_edges": [edge.to_json() for edge in self.coloured_edges],
            "triangle": list(self.triangle),
        }


@dataclass(frozen=True)
class MissionTile:
    id: str
    name: Text
    day: MissionTileSide
    night: MissionTileSide

    def to_json(self) -> JSONDict:
        return {
            "id": self.id,
            "name": self.name.to_json(),
            "day": self.day.to_json(),
            "night": self.night.to_json(),
        }


@dataclass(frozen=True)
class PlacedTile:
    """A Mission tile on a mission's board: its triangle sits on ``at``, turned ``rotation``."""

    tile: str
    at: Cell
    surround: bool
    rotation: int = 0

    def to_json(self) -> JSONDict:
        data: JSONDict = {"tile": self.tile, "at": list(self.at), "surround": self.surround}
        if self.rotation:
            data["rotation"] = self.rotation
        return data


@dataclass(frozen=True)
class Token:
    """A Whirlpool token, or a Mist token with its colour."""

    kind: str
    cell: Cell
    colour: str | None = None

    def to_json(self) -> JSONDict:
        data: JSONDict = {"kind": self.kind, "cell": list(self.cell)}
        if self.colour is not None:
            data["colour"] = self.colour
        return data


@dataclass(frozen=True)
class Board:
    mission_tiles: tuple[PlacedTile, ...]
    tokens: tuple[Token, ...]
    rocks: tuple[Cell, ...]

    def to_json(self) -> JSONDict:
        return {
            "mission_tiles": [placed.to_json() for placed in self.mission_tiles],
            "tokens": [token.to_json() for token in self.tokens],
            "rocks": cells_json(self.rocks),
        }


@dataclass(frozen=True)
class Objective:
    kind: str
    tile: str

    def to_json(self) -> JSONDict:
        return {"kind": self.kind, "tile": self.tile}


REWARD_TARGETS = {
    "totem": "power_space",
    "castle": "power_token",
    "white-envelope": "envelope",
    "holo-liana": None,
}
INSTRUCTION_TARGETS = {"night-mode": None, "open-envelope": "envelope"}


@dataclass(frozen=True)
class Reward:
    """A success reward; ``target`` is the Power space, Power token or envelope it names."""

    kind: str
    target: str | None = None

    def to_json(self) -> JSONDict:
        field = REWARD_TARGETS[self.kind]
        return {"kind": self.kind} if field is None else {"kind": self.kind, field: self.target}


@dataclass(frozen=True)
class Instruction:
    kind: str
    envelope: str | None = None

    def to_json(self) -> JSONDict:
        if self.envelope is None:
            return {"kind": self.kind}
        return {"kind": self.kind, "envelope": self.envelope}


@dataclass(frozen=True)
class HoloLianaRelief:
    """How each Purified Holo Liana eases the final mission.

    ``extra-rounds`` adds ``rounds`` rounds; ``waive-objective`` drops the surround objective of
    ``tile``.
    """

    kind: str
    text: Text
    rounds: int | None = None
    tile: str | None = None

    def to_json(self) -> JSONDict:
        data: JSONDict = {"kind": self.kind}
        if self.rounds is not None:
            data["rounds"] = self.rounds
        if self.tile is not None:
            data["tile"] = self.tile
        data["text"] = self.text.to_json()
        return data


@dataclass(frozen=True)
class Mission:
    number: int
    name: Text
    environment: str
    rounds: int
    trump: str
    board: Board
    objectives: tuple[Objective, ...]
    rewards: tuple[Reward, ...]
    instructions: tuple[Instruction, ...]
    text: Text
    holo_liana_relief: HoloLianaRelief | None = None

    def to_json(self) -> JSONDict:
        data: JSONDict = {
            "number": self.number,
            "name": self.name.to_json(),
            "environment": self.environment,
            "rounds": self.rounds,
            "trump": self.trump,
            "board": self.board.to_json(),
            "objectives": [objective.to_json() for objective in self.objectives],
            "rewards": [reward.to_json() for reward in self.rewards],
            "instructions": [instruction.to_json() for instruction in self.instructions],
            "text": self.text.to_json(),
        }
        if self.holo_liana_relief is not None:
            data["holo_liana_relief"] = self.holo_liana_relief.to_json()
        return data


@dataclass(frozen=True)
class PowerSpace:
    id: str
    name: Text
    unlocked_at_start: bool

    def to_json(self) -> JSONDict:
        return {
            "id": self.id,
            "name": self.name.to_json(),
            "unlocked_at_start": self.unlocked_at_start,
        }


@dataclass(frozen=True)
class PowerPiece:
    """A Power token or Power tile: ``effect`` is a short id, ``text`` says what it does."""

    id: str
    name: Text
    effect: str
    text: Text

    def to_json(self) -> JSONDict:
        return {
            "id": self.id,
            "name": self.name.to_json(),
            "effect": self.effect,
            "text": self.text.to_json(),
        }


@dataclass(frozen=True)
class PowerSet:
    spaces: tuple[PowerSpace, ...]
    tokens: tuple[PowerPiece, ...]
    tiles: tuple[PowerPiece, ...]

    def to_json(self) -> JSONDict:
        return {
            "spaces": [space.to_json() for space in self.spaces],
            "tokens": [token.to_json() for token in self.tokens],
            "tiles": [tile.to_json() for tile in self.tiles],
        }


@dataclass(frozen=True)
class MoonBox:
    box: int
    phase: str | None
    envelope: str | None

    def to_json(self) -> JSONDict:
        return {"box": self.box, "phase": self.phase, "envelope": self.envelope}


@dataclass(frozen=True)
class MoonPhase:
    id: str
    name: Text

    def to_json(self) -> JSONDict:
        return {"id": self.id, "name": self.name.to_json()}


@dataclass(frozen=True)
class MoonTile:
    """A Moon tile, placed on board space ``space``; its disadvantage lasts to the end."""

    id: str
    name: Text
    phase: str
    space: str
    effect: str
    text: Text

    def to_json(self) -> JSONDict:
        return {
            "id": self.id,
            "name": self.name.to_json(),
            "phase": self.phase,
            "space": self.space,
            "effect": self.effect,
            "text": self.text.to_json(),
        }


@dataclass(frozen=True)
class Moon:
    path: tuple[MoonBox, ...]
    phases: tuple[MoonPhase, ...]
    tiles: tuple[MoonTile, ...]

    def to_json(self) -> JSONDict:
        return {
            "path": [box.to_json() for box in self.path],
            "phases": [phase.to_json() for phase in self.phases],
            "tiles": [tile.to_json() for tile in self.tiles],
        }


@dataclass(frozen=True)
class EnvelopeItem:
    """A component other than a Power tile, Spirit card or Moon tile (an epilogue, a letter)."""

    id: str
    name: Text
    text: Text

    def to_json(self) -> JSONDict:
        return {"id": self.id, "name": self.name.to_json(), "text": self.text.to_json()}


@dataclass(frozen=True)
class EnvelopeContents:
    power_tiles: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    moon_tiles: tuple[str, ...] = ()
    items: tuple[EnvelopeItem, ...] = ()

    def to_json(self) -> JSONDict:
        return {
            "power_tiles": list(self.power_tiles),
            "cards": list(self.cards),
            "moon_tiles": list(self.moon_tiles),
            "items": [item.to_json() for item in self.items],
        }


@dataclass(frozen=True)
class Envelope:
    id: str
    colour: str
    name: Text
    opens: str
    how: Text
    contents: EnvelopeContents

    def to_json(self) -> JSONDict:
        return {
            "id": self.id,
            "colour": self.colour,
            "name": self.name.to_json(),
            "opens": self.opens,
            "how": self.how.to_json(),
            "contents": self.contents.to_json(),
        }
