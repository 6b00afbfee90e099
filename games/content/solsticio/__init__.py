"""The Solsticio content pack: Earth tiles, symbols, Spirits and the table's rules, as data.

A folder of JSON files (the sample one is ``games/content/solsticio/sample/``), read and validated
in pure Python. Each entry is checked on its own here (fields, types), with messages that name the
file, the entry and the field; checks across entries (known symbols, one place per tile, effects
that suit their background, one Evil Spirit) are the rules engine's own content checks
(``games.rules.solsticio.content_from_dict``). See ``docs/formats/solsticio-scenario.md``.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.content import errors
from games.content.errors import PackError
from games.content.pack import read_sections
from games.content.parsing import Fields, entries, parse_info
from games.content.schema import PackInfo
from games.content.texts import FALLBACK, Text
from games.rules.solsticio import FORMAT as SCENARIO_FORMAT
from games.rules.solsticio import SetupError, content_from_dict

FORMAT = "solsticio-pack/1"
SAMPLE_PATH = Path(__file__).resolve().parent / "sample"
SECTIONS = ("pack", "symbols", "earth", "spirits", "rules")
EARTH_FIELDS = ("id", "symbol", "place", "stars", "spirit")
SPIRIT_FIELDS = ("id", "name", "background", "stars", "effect", "symbol", "evil", "text")


@dataclass(frozen=True)
class Symbol:
    id: str
    name: Text
    mark: str


@dataclass(frozen=True)
class SolsticioPack:
    info: PackInfo
    symbols: tuple[Symbol, ...]
    content: dict[str, Any]
    texts: dict[str, Text]
    table: dict[str, int]
    names: dict[str, Text] = field(default_factory=dict)  # each Spirit's name, by language

    def spirit_name(self, spirit_id: str, fallback: str) -> str:
        """A Spirit's name in the reader's language (``fallback``: the name the game holds)."""
        name = self.names.get(spirit_id)
        return fallback if name is None else str(name)

    def scenario_content(self) -> dict[str, Any]:
        """The pack's components in the ``content`` shape of ``solsticio-scenario/1``."""
        return json.loads(json.dumps(self.content))  # type: ignore[no-any-return]

    def scenario(self, players: tuple[str, str]) -> dict[str, Any]:
        """A scenario (without a deal or moves) for two players with the pack's content."""
        return {
            "format": SCENARIO_FORMAT,
            "content": self.scenario_content(),
            "players": list(players),
            **self.table,
        }


def load_solsticio_pack(path: str | Path) -> SolsticioPack:
    """Read and validate the pack in folder ``path``; raises ``PackError``."""
    sections = read_sections(Path(path), SECTIONS)
    info = Fields(sections["pack"], source="pack.json", entry="")
    if info.data.get("format") != FORMAT:
        problem = errors.WRONG_FORMAT.format(expected=FORMAT, value=info.data.get("format"))
        raise info.error("format", problem)
    rest = {key: value for key, value in info.data.items() if key != "format"}
    symbols = []
    for fields in entries(sections["symbols"], source="symbols.json", kind="symbol"):
        fields.allow("id", "name", "mark")
        symbols.append(Symbol(fields.text("id"), fields.words("name"), fields.text("mark")))
    earth = [
        _entry(fields, EARTH_FIELDS)
        for fields in entries(sections["earth"], source="earth.json", kind="tile")
    ]
    spirits = [
        _entry(fields, SPIRIT_FIELDS)
        for fields in entries(sections["spirits"], source="spirits.json", kind="spirit")
    ]
    texts = {str(s["id"]): s.pop("text") for s in spirits}
    names = {str(s["id"]): s["name"] for s in spirits}
    for spirit in spirits:  # the game keeps one name; a page shows the reader's (``names``)
        spirit["name"] = spirit["name"].get(FALLBACK)
    rules = Fields(sections["rules"], source="rules.json", entry="")
    rules.allow("capture", "hand_size", "display_stacks", "stack_depth")
    content = {
        "symbols": [s.id for s in symbols],
        "earth": earth,
        "spirits": spirits,
        "capture": rules.raw("capture"),
    }
    try:
        content_from_dict(content, what="pack")
    except SetupError as exc:
        raise PackError("solsticio pack", "", "", exc.message) from None
    table = {
        "hand_size": rules.integer("hand_size", 1, 10),
        "display_stacks": rules.integer("display_stacks", 0, 20),
        "stack_depth": rules.integer("stack_depth", 1, 10),
    }
    return SolsticioPack(
        info=parse_info(rest, source="pack.json"),
        symbols=tuple(symbols),
        content=content,
        texts=texts,
        table=table,
        names=names,
    )


def _entry(fields: Fields, allowed: tuple[str, ...]) -> dict[str, Any]:
    """One entry with its fields checked for type; cross-entry checks come later."""
    fields.allow(*allowed)
    entry: dict[str, Any] = {"id": fields.text("id")}
    for name in allowed[1:]:
        if name not in fields.data:
            continue
        if name == "place":
            entry[name] = list(fields.cell(name))
        elif name == "stars":
            entry[name] = fields.integer(name, 0, 99)
        elif name in ("spirit", "evil"):
            entry[name] = fields.boolean(name)
        elif name in ("name", "text"):
            entry[name] = fields.words(name)
        else:
            entry[name] = fields.text(name)
    return entry


@functools.cache
def solsticio_pack() -> SolsticioPack:
    """The sample pack shipped in ``games/content/solsticio/sample/``, loaded once."""
    return load_solsticio_pack(SAMPLE_PATH)
