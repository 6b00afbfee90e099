"""The Bonfire content pack: the game's components as data files, checked by the rules engine.

A pack is a folder with ``pack.json`` (``format``, ``id``, ``name``, ``sample``, ``notice``) and one
file per section of the ``bonfire-scenario/1`` ``content`` object (``islands.json``,
``routes.json`` … see ``docs/formats/bonfire-scenario.md``), plus ``supply.json``: each player's
starting supply and how many Offering and Destiny tiles each is dealt. The sample pack beside this
module is original sample content, not the publisher's. No Django here.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.content import errors
from games.content.errors import PackError
from games.content.texts import FALLBACK, Text, text_from_json, text_problems
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


# The sections whose entries carry a name a reader sees; the engine keeps one name per entry.
NAMED_SECTIONS = ("islands", "tasks", "common_tasks", "council", "path_tokens")


@dataclass(frozen=True)
class BonfirePack:
    id: str
    name: Text
    sample: bool
    notice: Text
    document: dict[str, Any]  # the ``content`` object, one key per section
    content: Content
    supply: StartingSupply
    names: dict[tuple[str, str], Text] = field(default_factory=dict)  # (section, id): by language

    def localised(self, content: Content) -> Content:
        """``content`` with the names this pack gives in several languages in the reader's
        language; a name a group changed in its own copy of the content stays as they wrote it."""

        def shown(section: str, entry: Any) -> Any:
            name = self.names.get((section, entry.id))
            if name is None or entry.name != name.get(FALLBACK):
                return entry
            return dataclasses.replace(entry, name=str(name))

        changes: dict[str, Any] = {
            section: tuple(shown(section, entry) for entry in getattr(content, section))
            for section in NAMED_SECTIONS
        }
        return dataclasses.replace(content, **changes)


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
    if not isinstance(data.get("id"), str) or not data["id"].strip():
        raise PackError("pack.json", "", "id", errors.EMPTY_TEXT)
    for key in ("name", "notice"):
        if key in data and (problem := text_problems(data[key])):
            language, message = problem
            raise PackError("pack.json", "", f"{key}.{language}" if language else key, message)
    if "name" not in data:
        raise PackError("pack.json", "", "name", errors.EMPTY_TEXT)
    return data


def _split_names(document: dict[str, Any]) -> dict[tuple[str, str], Text]:
    """Take the names given by language out of ``document`` (the engine keeps the English one,
    or the only one), checking each: an unknown language or an empty text names its file and
    entry."""
    names: dict[tuple[str, str], Text] = {}
    for section in NAMED_SECTIONS:
        entries = document.get(section)
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), dict):
                continue
            where = f"{section[:-1].replace('_', ' ')} {entry.get('id', f'[{index}]')}"
            if problem := text_problems(entry["name"]):
                language, message = problem
                field_name = f"name.{language}" if language else "name"
                raise PackError(f"{section}.json", where, field_name, message)
            text = text_from_json(entry["name"])
            names[(section, str(entry.get("id")))] = text
            entry["name"] = text.get(FALLBACK)
    return names


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
    names = _split_names(document)
    content = check_content(document)
    return BonfirePack(
        id=info["id"],
        name=text_from_json(info["name"]),
        sample=info.get("sample") is True,
        notice=text_from_json(info["notice"]) if info.get("notice") else Text.plain(""),
        document=document,
        content=content,
        supply=check_supply(_read(folder / "supply.json"), content),
        names=names,
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
