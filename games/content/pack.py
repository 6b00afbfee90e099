"""The ``Pack``: a whole validated content pack, and the ways to load and export one.

A pack comes from a folder of JSON files (``load_pack``), from one JSON document
(``pack_from_json``, the shape ``Pack.to_json`` writes), or is the sample pack shipped beside this
module (``default_pack``). All three go through the same parsing and validation.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from games.content import errors, parsing, validation
from games.content.boards import board_json
from games.content.errors import PackError
from games.content.geometry import BOARD_SIZE
from games.content.schema import (
    FORMAT,
    Card,
    Colour,
    Envelope,
    JSONDict,
    Mission,
    MissionTile,
    Moon,
    MoonTile,
    PackInfo,
    PowerPiece,
    PowerSet,
    PowerSpace,
)
from games.rules.spirits.format import card_to_dict

SAMPLE_PATH = Path(__file__).resolve().parent / "sample"

SECTIONS = (
    "pack",
    "colours",
    "cards",
    "mission_tiles",
    "missions",
    "power",
    "moon",
    "envelopes",
)


@dataclass(frozen=True)
class Pack:
    info: PackInfo
    colours: tuple[Colour, ...]
    cards: tuple[Card, ...]
    mission_tiles: tuple[MissionTile, ...]
    missions: tuple[Mission, ...]
    power: PowerSet
    moon: Moon
    envelopes: tuple[Envelope, ...]

    @property
    def board_size(self) -> int:
        """The side of the square board its missions are played on: every reader of a board
        (the engine's setup, the setup preview, statistics) takes it from here. A pack's boards
        are validated against the seed's 12 × 12 grid."""
        return BOARD_SIZE

    def colour(self, colour_id: str) -> Colour:
        return find(self.colours, colour_id, "colour")

    def card(self, card_id: str) -> Card:
        return find(self.cards, card_id, "card")

    def mission_tile(self, tile_id: str) -> MissionTile:
        return find(self.mission_tiles, tile_id, "mission tile")

    def mission(self, number: int) -> Mission:
        for mission in self.missions:
            if mission.number == number:
                return mission
        raise KeyError(f"unknown mission {number!r}")

    def envelope(self, envelope_id: str) -> Envelope:
        return find(self.envelopes, envelope_id, "envelope")

    def power_space(self, space_id: str) -> PowerSpace:
        return find(self.power.spaces, space_id, "power space")

    def power_token(self, token_id: str) -> PowerPiece:
        return find(self.power.tokens, token_id, "power token")

    def power_tile(self, tile_id: str) -> PowerPiece:
        return find(self.power.tiles, tile_id, "power tile")

    def moon_tile(self, tile_id: str) -> MoonTile:
        return find(self.moon.tiles, tile_id, "moon tile")

    def enveloped_cards(self) -> frozenset[str]:
        """Ids of the Spirit cards sealed in an envelope, not in play until it is opened."""
        return frozenset(card for e in self.envelopes for card in e.contents.cards)

    def scenario_cards(self, *, opened: Iterable[str] = ()) -> dict[str, JSONDict]:
        """The Spirit cards in the ``spirits-scenario/1`` ``cards`` shape.

        Cards sealed in an envelope are left out unless that envelope's id is in ``opened``.
        ``back`` is given only for cards whose back is not the mirror image of the front.
        """
        opened = set(opened)
        sealed = {card for e in self.envelopes if e.id not in opened for card in e.contents.cards}
        result: dict[str, JSONDict] = {}
        for card in self.cards:
            if card.id in sealed:
                continue
            result[card.id] = card_to_dict(card.colour, card.value, card.tile, card.back)
        return result

    def mission_board(self, number: int, *, night: bool) -> JSONDict:
        """Mission ``number``'s board in the ``spirits-scenario/1`` ``board`` shape."""
        tiles = {tile.id: tile for tile in self.mission_tiles}
        return board_json(self.mission(number).board, tiles, night=night, size=self.board_size)

    def to_json(self) -> JSONDict:
        """The whole pack as one JSON document, read back by ``pack_from_json``."""
        return {
            "format": FORMAT,
            "pack": self.info.to_json(),
            "colours": [colour.to_json() for colour in self.colours],
            "cards": [card.to_json() for card in self.cards],
            "mission_tiles": [tile.to_json() for tile in self.mission_tiles],
            "missions": [mission.to_json() for mission in self.missions],
            "power": self.power.to_json(),
            "moon": self.moon.to_json(),
            "envelopes": [envelope.to_json() for envelope in self.envelopes],
        }


class Identified(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=Identified)


def find(items: tuple[T, ...], ident: str, kind: str) -> T:
    for item in items:
        if item.id == ident:
            return item
    raise KeyError(f"unknown {kind} {ident!r}")


def build(sections: dict[str, object], source: Callable[[str], str]) -> Pack:
    """Parse and validate raw sections; ``source`` names a section in error messages."""
    for section in SECTIONS:
        validation.check_texts(sections[section], source=source(section), section=section)
    info = parsing.parse_info(sections["pack"], source=source("pack"))
    colours = parsing.parse_colours(sections["colours"], source=source("colours"))
    cards = parsing.parse_cards(sections["cards"], source=source("cards"))
    mission_tiles = parsing.parse_mission_tiles(
        sections["mission_tiles"], source=source("mission_tiles")
    )
    power = parsing.parse_power(sections["power"], source=source("power"))
    moon = parsing.parse_moon(sections["moon"], source=source("moon"))
    envelopes = parsing.parse_envelopes(sections["envelopes"], source=source("envelopes"))
    missions = parsing.parse_missions(sections["missions"], source=source("missions"))

    colour_ids = validation.check_colours(colours, source=source("colours"))
    card_ids = validation.check_cards(cards, colour_ids, source=source("cards"))
    tiles = validation.check_mission_tiles(
        mission_tiles, colour_ids, source=source("mission_tiles")
    )
    validation.check_power(power, source=source("power"))
    moon_tile_ids = {tile.id for tile in moon.tiles}
    envelope_map = validation.check_envelopes(
        envelopes,
        cards=card_ids,
        power_tiles={tile.id for tile in power.tiles},
        moon_tiles=moon_tile_ids,
        source=source("envelopes"),
    )
    validation.check_moon(moon, envelope_map, source=source("moon"))
    validation.check_missions(
        missions,
        colours=colour_ids,
        tiles=tiles,
        power=power,
        envelopes=envelope_map,
        source=source("missions"),
    )
    validation.check_power_reachable(power, missions, source=source("power"))
    validation.check_reachable(envelopes, missions, moon, source=source("envelopes"))
    return Pack(
        info=info,
        colours=colours,
        cards=cards,
        mission_tiles=mission_tiles,
        missions=tuple(sorted(missions, key=lambda mission: mission.number)),
        power=power,
        moon=moon,
        envelopes=envelopes,
    )


def check_format(value: object, *, source: str, entry: str) -> None:
    if value != FORMAT:
        raise PackError(
            source, entry, "format", errors.WRONG_FORMAT.format(expected=FORMAT, value=value)
        )


def read_sections(folder: Path, names: Iterable[str]) -> dict[str, object]:
    """The JSON of ``<name>.json`` in ``folder`` for each name; ``PackError`` names a missing or
    broken file."""
    sections: dict[str, object] = {}
    for section in names:
        file = folder / f"{section}.json"
        try:
            text = file.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise PackError(file.name, "", "", errors.FILE_MISSING) from None
        try:
            sections[section] = json.loads(text)
        except json.JSONDecodeError as error:
            raise PackError(
                file.name, "", "", errors.INVALID_JSON.format(detail=str(error))
            ) from None
    return sections


def load_pack(path: str | Path) -> Pack:
    """Read and validate the pack in folder ``path`` (one ``<section>.json`` file per section)."""
    sections = read_sections(Path(path), SECTIONS)
    info = sections["pack"]
    if isinstance(info, dict):
        check_format(info.get("format"), source="pack.json", entry="")
        sections["pack"] = {key: value for key, value in info.items() if key != "format"}
    return build(sections, lambda section: f"{section}.json")


def pack_from_json(data: object) -> Pack:
    """Validate a whole pack given as one JSON document (the shape ``Pack.to_json`` returns)."""
    document = parsing.Fields(data, source="", entry="")
    document.allow("format", *SECTIONS)
    check_format(document.data.get("format"), source="", entry="")
    for section in SECTIONS:
        if section not in document.data:
            raise PackError(section, "", "", errors.MISSING)
    return build(document.data, lambda section: section)


@functools.cache
def default_pack() -> Pack:
    """The sample pack shipped in ``games/content/sample/``, loaded once."""
    return load_pack(SAMPLE_PATH)
