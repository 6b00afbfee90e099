"""The Bonfire content pack: the game's components as data files, checked by the rules engine.

A pack is a folder with ``pack.json`` (``format``, ``id``, ``name``, ``sample``, ``notice``) and one
file per section of the ``bonfire-scenario/1`` ``content`` object (``islands.json``,
``routes.json`` … see ``docs/formats/bonfire-scenario.md``), plus ``supply.json``: each player's
starting supply and how many Offering and Destiny tiles each is dealt. The sample pack beside this
module is original sample content, not the publisher's. No Django here.
"""

from __future__ import annotations

import copy
import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.content import errors
from games.content.errors import PackError
from games.rules.bonfire import Content, SetupError, content_from_dict
from games.rules.bonfire import reading as r
from games.rules.bonfire.content import SECTIONS

FORMAT = "bonfire-pack/1"
SAMPLE_PATH = Path(__file__).resolve().parent / "sample"
INFO_FIELDS = ("format", "id", "name", "sample", "notice")
SUPPLY_FIELDS = ("tiles", "tokens", "markers", "resources", "offerings_dealt", "destiny_dealt")


@dataclass(frozen=True)
class StartingSupply:
    """What each player starts with, in the seed's three currencies kept apart (Action tiles by
    colour, Action tokens, Action markers) plus Resources, and how many Offering and Destiny
    tiles each player is dealt."""

    tiles: dict[str, int]
    tokens: int
    markers: int
    resources: dict[str, int]
    offerings_dealt: int
    destiny_dealt: int

    def player_fields(self) -> dict[str, Any]:
        """The supply as the fields of a ``bonfire-scenario/1`` player."""
        return {
            "tiles": dict(self.tiles),
            "tokens": self.tokens,
            "markers": self.markers,
            "resources": dict(self.resources),
        }


@dataclass(frozen=True)
class BonfirePack:
    id: str
    name: str
    sample: bool
    notice: str
    document: dict[str, Any]  # the ``content`` object, one key per section
    content: Content
    supply: StartingSupply


def _read(file: Path) -> object:
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PackError(file.name, "", "", errors.FILE_MISSING) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise PackError(file.name, "", "", errors.INVALID_JSON.format(detail=str(error))) from None


def _info(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise PackError(
            "pack.json",
            "",
            "",
            errors.EXPECTED_TYPE.format(expected="an object", got=type(data).__name__),
        )
    for key in data:
        if key not in INFO_FIELDS:
            raise PackError("pack.json", "", key, errors.UNKNOWN_FIELD)
    if data.get("format") != FORMAT:
        raise PackError(
            "pack.json",
            "",
            "format",
            errors.WRONG_FORMAT.format(expected=FORMAT, value=data.get("format")),
        )
    for key in ("id", "name"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise PackError("pack.json", "", key, errors.EMPTY_TEXT)
    return data


def check_content(document: dict[str, Any]) -> Content:
    """The engine's own check of the sections, its message pointing at the file in question."""
    try:
        return content_from_dict(document)
    except SetupError as error:
        where, _, problem = error.message.partition(": ")
        section = where.removeprefix("content.").split(".")[0].split("[")[0]
        field = where.removeprefix(f"content.{section}").lstrip(".")
        raise PackError(f"{section}.json", "", field, problem or where) from None


def check_supply(data: object, content: Content) -> StartingSupply:
    """``supply.json``, checked against the content's colours and resources."""
    try:
        entry = r.obj(data, "supply")
        for key in entry:
            if key not in SUPPLY_FIELDS:
                raise PackError("supply.json", "", str(key), errors.UNKNOWN_FIELD)
        for key in SUPPLY_FIELDS:
            r.need(key in entry, f"supply.{key}: {errors.MISSING}")
        return StartingSupply(
            tiles=r.counts(entry["tiles"], content.colours, "supply.tiles", "colour").as_dict(),
            tokens=r.integer(entry["tokens"], "supply.tokens"),
            markers=r.integer(entry["markers"], "supply.markers"),
            resources=r.counts(
                entry["resources"], content.resources, "supply.resources", "resource"
            ).as_dict(),
            offerings_dealt=r.integer(entry["offerings_dealt"], "supply.offerings_dealt"),
            destiny_dealt=r.integer(entry["destiny_dealt"], "supply.destiny_dealt"),
        )
    except SetupError as error:
        where, _, problem = error.message.partition(": ")
        field = where.removeprefix("supply").lstrip(".")
        raise PackError("supply.json", "", field, problem) from None


def load_bonfire_pack(path: str | Path) -> BonfirePack:
    """Read and validate the Bonfire pack in folder ``path``."""
    folder = Path(path)
    info = _info(_read(folder / "pack.json"))
    document = {section: _read(folder / f"{section}.json") for section in SECTIONS}
    content = check_content(document)
    return BonfirePack(
        id=info["id"],
        name=info["name"],
        sample=info.get("sample") is True,
        notice=str(info.get("notice", "")),
        document=document,
        content=content,
        supply=check_supply(_read(folder / "supply.json"), content),
    )


@functools.cache
def default_bonfire_pack() -> BonfirePack:
    """The sample pack shipped in ``games/content/bonfire/sample/``, loaded once."""
    return load_bonfire_pack(SAMPLE_PATH)


def default_content() -> dict[str, Any]:
    """A fresh copy of the sample pack's ``content`` object (callers may change it)."""
    return copy.deepcopy(default_bonfire_pack().document)


def default_supply() -> StartingSupply:
    """The sample pack's starting supply of each player."""
    return default_bonfire_pack().supply
