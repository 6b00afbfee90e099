"""Reading raw JSON sections into the dataclasses of ``schema``, checking fields and types.

This module checks each entry on its own: required and unknown fields, types, allowed values and
shape rules that need nothing else (a Spirit tile is connected and normalised, a coloured edge is on
the tile's border). Checks across entries and files live in ``validation``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar, cast

from games.content import errors
from games.content.errors import PackError, cell_text
from games.content.geometry import (
    ROTATIONS,
    SIDES,
    is_connected,
    is_normalised,
    neighbour,
)
from games.content.schema import (
    INSTRUCTION_TARGETS,
    REWARD_TARGETS,
    Board,
    Card,
    Colour,
    ColouredEdge,
    Envelope,
    EnvelopeContents,
    EnvelopeItem,
    HoloLianaRelief,
    Instruction,
    Mission,
    MissionTile,
    MissionTileSide,
    Moon,
    MoonBox,
    MoonPhase,
    MoonTile,
    Objective,
    PackInfo,
    PlacedTile,
    PowerPiece,
    PowerSet,
    PowerSpace,
    Reward,
    Token,
)
from games.content.texts import Text, text_from_json, text_problems
from games.rules.spirits.shapes import Cell

T = TypeVar("T")

TOKEN_KINDS = ("whirlpool", "mist")
OBJECTIVE_KINDS = ("surround",)
RELIEF_KINDS = ("extra-rounds", "waive-objective")
ENVELOPE_COLOURS = ("white", "black", "grey", "red")
ENVELOPE_OPENINGS = ("reward", "moon-path", "instruction", "end")


def type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Fields:
    """One JSON object being read, remembering where it sits for error messages."""

    def __init__(self, data: object, *, source: str, entry: str, prefix: str = "") -> None:
        self.source = source
        self.entry = entry
        self.prefix = prefix
        if not isinstance(data, dict):
            raise PackError(
                source,
                entry,
                prefix.rstrip("."),
                errors.EXPECTED_TYPE.format(expected="an object", got=type_name(data)),
            )
        self.data: dict[str, object] = data

    def path(self, name: str) -> str:
        return f"{self.prefix}{name}"

    def error(self, name: str, problem: str) -> PackError:
        return PackError(self.source, self.entry, self.path(name), problem)

    def relabel(self, entry: str) -> None:
        self.entry = entry

    def allow(self, *names: str) -> None:
        for key in self.data:
            if key not in names:
                raise self.error(key, errors.UNKNOWN_FIELD)

    def raw(self, name: str) -> object:
        if name not in self.data:
            raise self.error(name, errors.MISSING)
        return self.data[name]

    def typed(self, name: str, kind: type[T], expected: str) -> T:
        value = self.raw(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(
                name, errors.EXPECTED_TYPE.format(expected=expected, got=type_name(value))
            )
        return value

    def text(self, name: str) -> str:
        value = self.typed(name, str, "a string")
        if not value.strip():
            raise self.error(name, errors.EMPTY_TEXT)
        return value

    def words(self, name: str) -> Text:
        """A name or text a reader sees: a plain string, or texts by language."""
        value = self.raw(name)
        if problem := text_problems(value):
            language, message = problem
            raise self.error(f"{name}.{language}" if language else name, message)
        return text_from_json(cast(str | dict[str, str], value))

    def optional_text(self, name: str) -> str | None:
        if self.data.get(name) is None:
            return None
        return self.text(name)

    def integer(self, name: str, low: int, high: int) -> int:
        value = self.typed(name, int, "an integer")
        if not low <= value <= high:
            raise self.error(name, errors.OUT_OF_RANGE.format(low=low, high=high, value=value))
        return value

    def boolean(self, name: str) -> bool:
        return self.typed(name, bool, "a boolean")

    def choice(self, name: str, choices: Iterable[str]) -> str:
        choices = tuple(choices)
        value = self.typed(name, str, "a string")
        if value not in choices:
            raise self.error(
                name, errors.NOT_ONE_OF.format(choices=", ".join(choices), value=value)
            )
        return value

    def strings(self, name: str) -> tuple[str, ...]:
        values = self.typed(name, list, "a list")
        for index, value in enumerate(values):
            if not isinstance(value, str):
                raise self.error(
                    f"{name}[{index}]",
                    errors.EXPECTED_TYPE.format(expected="a string", got=type_name(value)),
                )
        return tuple(values)

    def cell(self, name: str) -> Cell:
        return read_cell(self.raw(name), self, name)

    def cells(self, name: str) -> tuple[Cell, ...]:
        values = self.typed(name, list, "a list")
        cells: list[Cell] = []
        for index, value in enumerate(values):
            cell = read_cell(value, self, f"{name}[{index}]")
            if cell in cells:
                raise self.error(
                    f"{name}[{index}]", errors.DUPLICATE_CELL.format(cell=cell_text(cell))
                )
            cells.append(cell)
        return tuple(cells)

    def shape(self, name: str) -> tuple[Cell, ...]:
        """A relative shape: at least one cell, connected, normalised to start at 0, 0."""
        cells = self.cells(name)
        if not cells:
            raise self.error(name, errors.NOT_CONNECTED)
        if not is_normalised(cells):
            raise self.error(name, errors.NOT_NORMALISED)
        if not is_connected(cells):
            raise self.error(name, errors.NOT_CONNECTED)
        return cells

    def nested(self, name: str) -> Fields:
        return Fields(
            self.raw(name), source=self.source, entry=self.entry, prefix=f"{self.path(name)}."
        )

    def items(self, name: str) -> list[Fields]:
        values = self.typed(name, list, "a list")
        return [
            Fields(value, source=self.source, entry=self.entry, prefix=f"{self.path(name)}[{i}].")
            for i, value in enumerate(values)
        ]


def read_cell(value: object, fields: Fields, name: str) -> Cell:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(part, int) and not isinstance(part, bool) for part in value)
    ):
        raise fields.error(
            name, errors.EXPECTED_TYPE.format(expected="a cell [row, column]", got=repr(value))
        )
    return (value[0], value[1])


def entries(data: object, *, source: str, kind: str, key: str = "id") -> list[Fields]:
    """The objects of a list section, each labelled ``<kind> <id>`` once its id is read."""
    if not isinstance(data, list):
        raise PackError(
            source, "", "", errors.EXPECTED_TYPE.format(expected="a list", got=type_name(data))
        )
    result = []
    for index, item in enumerate(data):
        fields = Fields(item, source=source, entry=f"{kind} [{index}]")
        ident = fields.raw(key)
        if isinstance(ident, str | int) and not isinstance(ident, bool):
            fields.relabel(f"{kind} {ident}")
        result.append(fields)
    return result


def parse_info(data: object, *, source: str) -> PackInfo:
    fields = Fields(data, source=source, entry="")
    fields.allow("id", "name", "sample", "notice")
    return PackInfo(
        id=fields.text("id"),
        name=fields.words("name"),
        sample=fields.boolean("sample"),
        notice=fields.words("notice"),
    )


def parse_colours(data: object, *, source: str) -> tuple[Colour, ...]:
    colours = []
    for fields in entries(data, source=source, kind="colour"):
        fields.allow("id", "name", "symbol")
        colours.append(
            Colour(id=fields.text("id"), name=fields.words("name"), symbol=fields.text("symbol"))
        )
    return tuple(colours)


def parse_cards(data: object, *, source: str) -> tuple[Card, ...]:
    cards = []
    for fields in entries(data, source=source, kind="card"):
        fields.allow("id", "colour", "value", "tile", "back")
        tile = spirit_tile(fields, "tile")
        back = spirit_tile(fields, "back") if "back" in fields.data else None
        cards.append(
            Card(
                id=fields.text("id"),
                colour=fields.text("colour"),
                value=fields.integer("value", 0, 99),
                tile=tile,
                back=back,
            )
        )
    return tuple(cards)


def spirit_tile(fields: Fields, name: str) -> tuple[Cell, ...]:
    cells = fields.cells(name)
    if not 1 <= len(cells) <= 5:
        raise fields.error(name, errors.SPIRIT_TILE_SIZE.format(count=len(cells)))
    return fields.shape(name)


def parse_mission_tiles(data: object, *, source: str) -> tuple[MissionTile, ...]:
    tiles = []
    for fields in entries(data, source=source, kind="mission tile"):
        fields.allow("id", "name", "day", "night")
        tiles.append(
            MissionTile(
                id=fields.text("id"),
                name=fields.words("name"),
                day=mission_tile_side(fields.nested("day")),
                night=mission_tile_side(fields.nested("night")),
            )
        )
    return tuple(tiles)


def mission_tile_side(fields: Fields) -> MissionTileSide:
    fields.allow("cells", "coloured_edges", "triangle")
    cells = fields.shape("cells")
    triangle = fields.cell("triangle")
    if triangle not in cells:
        raise fields.error("triangle", errors.TRIANGLE_OFF_TILE.format(cell=cell_text(triangle)))
    edges = []
    for edge in fields.items("coloured_edges"):
        edge.allow("cell", "side", "colour")
        cell = edge.cell("cell")
        side = edge.choice("side", SIDES)
        if cell not in cells:
            raise edge.error("cell", errors.EDGE_CELL_OFF_TILE.format(cell=cell_text(cell)))
        if neighbour(cell, side) in cells:
            raise edge.error(
                "side", errors.EDGE_INSIDE_TILE.format(side=side, cell=cell_text(cell))
            )
        edges.append(ColouredEdge(cell=cell, side=side, colour=edge.text("colour")))
    return MissionTileSide(cells=cells, coloured_edges=tuple(edges), triangle=triangle)


def parse_missions(data: object, *, source: str) -> tuple[Mission, ...]:
    missions = []
    for fields in entries(data, source=source, kind="mission", key="number"):
        fields.allow(
            "number",
            "name",
            "environment",
            "rounds",
            "trump",
            "board",
            "objectives",
            "rewards",
            "instructions",
            "text",
            "holo_liana_relief",
        )
        relief = None
        if "holo_liana_relief" in fields.data:
            relief = holo_liana_relief(fields.nested("holo_liana_relief"))
        missions.append(
            Mission(
                number=fields.integer("number", 1, 999),
                name=fields.words("name"),
                environment=fields.text("environment"),
                rounds=fields.integer("rounds", 1, 10),
                trump=fields.text("trump"),
                board=board(fields.nested("board")),
                objectives=tuple(objective(item) for item in fields.items("objectives")),
                rewards=tuple(reward(item) for item in fields.items("rewards")),
                instructions=tuple(instruction(item) for item in fields.items("instructions")),
                text=fields.words("text"),
                holo_liana_relief=relief,
            )
        )
    return tuple(missions)


def board(fields: Fields) -> Board:
    fields.allow("mission_tiles", "tokens", "rocks")
    placed = []
    for item in fields.items("mission_tiles"):
        item.allow("tile", "at", "surround", "rotation")
        rotation = 0
        if "rotation" in item.data:
            rotation = item.typed("rotation", int, "an integer")
            if rotation not in ROTATIONS:
                raise item.error(
                    "rotation",
                    errors.NOT_ONE_OF.format(
                        choices=", ".join(str(r) for r in ROTATIONS), value=rotation
                    ),
                )
        placed.append(
            PlacedTile(
                tile=item.text("tile"),
                at=item.cell("at"),
                surround=item.boolean("surround"),
                rotation=rotation,
            )
        )
    tokens = []
    for item in fields.items("tokens"):
        item.allow("kind", "cell", "colour")
        kind = item.choice("kind", TOKEN_KINDS)
        colour = item.optional_text("colour")
        if kind == "mist" and colour is None:
            raise item.error("colour", errors.MIST_NEEDS_COLOUR)
        if kind == "whirlpool" and colour is not None:
            raise item.error("colour", errors.WHIRLPOOL_HAS_NO_COLOUR)
        tokens.append(Token(kind=kind, cell=item.cell("cell"), colour=colour))
    return Board(mission_tiles=tuple(placed), tokens=tuple(tokens), rocks=fields.cells("rocks"))


def objective(fields: Fields) -> Objective:
    fields.allow("kind", "tile")
    return Objective(kind=fields.choice("kind", OBJECTIVE_KINDS), tile=fields.text("tile"))


def reward(fields: Fields) -> Reward:
    kind = fields.choice("kind", REWARD_TARGETS)
    target = REWARD_TARGETS[kind]
    if target is None:
        fields.allow("kind")
        return Reward(kind=kind)
    fields.allow("kind", target)
    return Reward(kind=kind, target=fields.text(target))


def instruction(fields: Fields) -> Instruction:
    kind = fields.choice("kind", INSTRUCTION_TARGETS)
    target = INSTRUCTION_TARGETS[kind]
    if target is None:
        fields.allow("kind")
        return Instruction(kind=kind)
    fields.allow("kind", target)
    return Instruction(kind=kind, envelope=fields.text(target))


def holo_liana_relief(fields: Fields) -> HoloLianaRelief:
    fields.allow("kind", "rounds", "tile", "text")
    kind = fields.choice("kind", RELIEF_KINDS)
    if kind == "extra-rounds":
        fields.allow("kind", "rounds", "text")
        return HoloLianaRelief(
            kind=kind, rounds=fields.integer("rounds", 1, 3), text=fields.words("text")
        )
    fields.allow("kind", "tile", "text")
    return HoloLianaRelief(kind=kind, tile=fields.text("tile"), text=fields.words("text"))


def parse_power(data: object, *, source: str) -> PowerSet:
    fields = Fields(data, source=source, entry="")
    fields.allow("spaces", "tokens", "tiles")
    spaces = []
    for item in entries(fields.raw("spaces"), source=source, kind="power space"):
        item.allow("id", "name", "unlocked_at_start")
        spaces.append(
            PowerSpace(
                id=item.text("id"),
                name=item.words("name"),
                unlocked_at_start=item.boolean("unlocked_at_start"),
            )
        )
    return PowerSet(
        spaces=tuple(spaces),
        tokens=power_pieces(fields.raw("tokens"), source=source, kind="power token"),
        tiles=power_pieces(fields.raw("tiles"), source=source, kind="power tile"),
    )


def power_pieces(data: object, *, source: str, kind: str) -> tuple[PowerPiece, ...]:
    pieces = []
    for item in entries(data, source=source, kind=kind):
        item.allow("id", "name", "effect", "text")
        pieces.append(
            PowerPiece(
                id=item.text("id"),
                name=item.words("name"),
                effect=item.text("effect"),
                text=item.words("text"),
            )
        )
    return tuple(pieces)


def parse_moon(data: object, *, source: str) -> Moon:
    fields = Fields(data, source=source, entry="")
    fields.allow("path", "phases", "tiles")
    path = []
    for item in entries(fields.raw("path"), source=source, kind="moon box", key="box"):
        item.allow("box", "phase", "envelope")
        path.append(
            MoonBox(
                box=item.integer("box", 1, 999),
                phase=item.optional_text("phase"),
                envelope=item.optional_text("envelope"),
            )
        )
    phases = []
    for item in entries(fields.raw("phases"), source=source, kind="moon phase"):
        item.allow("id", "name")
        phases.append(MoonPhase(id=item.text("id"), name=item.words("name")))
    tiles = []
    for item in entries(fields.raw("tiles"), source=source, kind="moon tile"):
        item.allow("id", "name", "phase", "space", "effect", "text")
        tiles.append(
            MoonTile(
                id=item.text("id"),
                name=item.words("name"),
                phase=item.text("phase"),
                space=item.text("space"),
                effect=item.text("effect"),
                text=item.words("text"),
            )
        )
    return Moon(path=tuple(path), phases=tuple(phases), tiles=tuple(tiles))


def parse_envelopes(data: object, *, source: str) -> tuple[Envelope, ...]:
    envelopes = []
    for fields in entries(data, source=source, kind="envelope"):
        fields.allow("id", "colour", "name", "opens", "how", "contents")
        contents = fields.nested("contents")
        contents.allow("power_tiles", "cards", "moon_tiles", "items")
        items = []
        for item in contents.items("items") if "items" in contents.data else []:
            item.allow("id", "name", "text")
            items.append(
                EnvelopeItem(id=item.text("id"), name=item.words("name"), text=item.words("text"))
            )
        envelopes.append(
            Envelope(
                id=fields.text("id"),
                colour=fields.choice("colour", ENVELOPE_COLOURS),
                name=fields.words("name"),
                opens=fields.choice("opens", ENVELOPE_OPENINGS),
                how=fields.words("how"),
                contents=EnvelopeContents(
                    power_tiles=optional_strings(contents, "power_tiles"),
                    cards=optional_strings(contents, "cards"),
                    moon_tiles=optional_strings(contents, "moon_tiles"),
                    items=tuple(items),
                ),
            )
        )
    return tuple(envelopes)


def optional_strings(fields: Fields, name: str) -> tuple[str, ...]:
    return fields.strings(name) if name in fields.data else ()
