"""A broken pack is refused with a message naming the file, the entry and the field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.content import PackError, default_pack, load_pack, pack_from_json

from .conftest import Edit


def mission(number: int) -> Callable[[Any], dict[str, Any]]:
    return lambda data: next(m for m in data if m["number"] == number)


def card(card_id: str) -> Callable[[Any], dict[str, Any]]:
    return lambda data: next(c for c in data if c["id"] == card_id)


def tile(tile_id: str) -> Callable[[Any], dict[str, Any]]:
    return lambda data: next(t for t in data if t["id"] == tile_id)


def envelope(envelope_id: str) -> Callable[[Any], dict[str, Any]]:
    return lambda data: next(e for e in data if e["id"] == envelope_id)


def set_key(find: Callable[[Any], Any], *path: Any) -> Callable[[Any], None]:
    """A change that sets ``find(data)[path[0]]...[path[-2]] = path[-1]``."""

    def change(data: Any) -> None:
        target = find(data)
        for key in path[:-2]:
            target = target[key]
        target[path[-2]] = path[-1]

    return change


def delete_key(find: Callable[[Any], Any], key: str) -> Callable[[Any], None]:
    return lambda data: find(data).pop(key)


def remove(find: Callable[[Any], Any]) -> Callable[[Any], None]:
    return lambda data: data.remove(find(data))


CASES: list[tuple[str, str, Callable[[Any], object], str]] = [
    # fields and types
    (
        "missing field",
        "cards",
        delete_key(card("blue-1"), "colour"),
        "cards.json: card blue-1: colour: missing",
    ),
    (
        "wrong type",
        "cards",
        set_key(card("blue-1"), "value", "1"),
        "cards.json: card blue-1: value: expected an integer, got a string",
    ),
    (
        "unknown field",
        "colours",
        set_key(lambda d: d[0], "hue", "x"),
        "colours.json: colour blue: hue: unknown field",
    ),
    (
        "bad cell",
        "cards",
        set_key(card("blue-1"), "tile", [[0, 0, 0]]),
        "cards.json: card blue-1: tile[0]: expected a cell [row, column], got [0, 0, 0]",
    ),
    (
        "bad choice",
        "envelopes",
        set_key(envelope("A"), "colour", "gold"),
        "envelopes.json: envelope A: colour: expected one of white, black, grey, red, got 'gold'",
    ),
    (
        "too many rounds",
        "missions",
        set_key(mission(3), "rounds", 11),
        "missions.json: mission 3: rounds: expected 1 to 10, got 11",
    ),
    (
        "mist without colour",
        "missions",
        delete_key(lambda d: mission(6)(d)["board"]["tokens"][0], "colour"),
        "missions.json: mission 6: board.tokens[0].colour: a Mist token needs a colour",
    ),
    # duplicate ids and unknown references
    (
        "duplicate card",
        "cards",
        set_key(card("purple-1"), "id", "blue-1"),
        "cards.json: card blue-1: id: duplicate id 'blue-1'",
    ),
    (
        "duplicate colour symbol",
        "colours",
        set_key(lambda d: d[1], "symbol", "≈"),
        "colours.json: colour purple: symbol: same symbol as colour 'blue'",
    ),
    (
        "unknown card colour",
        "cards",
        set_key(card("blue-1"), "colour", "pink"),
        "cards.json: card blue-1: colour: unknown colour 'pink'",
    ),
    (
        "unknown trump",
        "missions",
        set_key(mission(5), "trump", "pink"),
        "missions.json: mission 5: trump: unknown colour 'pink'",
    ),
    (
        "unknown envelope",
        "missions",
        set_key(lambda d: mission(4)(d)["rewards"][0], "envelope", "Q"),
        "missions.json: mission 4: rewards[0].envelope: unknown envelope 'Q'",
    ),
    (
        "unknown power space",
        "missions",
        set_key(lambda d: mission(2)(d)["rewards"][0], "power_space", "attic"),
        "missions.json: mission 2: rewards[0].power_space: unknown power space 'attic'",
    ),
    (
        "unknown power token",
        "missions",
        set_key(lambda d: mission(5)(d)["rewards"][0], "power_token", "x"),
        "missions.json: mission 5: rewards[0].power_token: unknown power token 'x'",
    ),
    (
        "unknown mission tile",
        "missions",
        set_key(lambda d: mission(1)(d)["board"]["mission_tiles"][0], "tile", "nope"),
        "missions.json: mission 1: board.mission_tiles[0].tile: unknown mission tile 'nope'",
    ),
    (
        "unknown edge colour",
        "mission_tiles",
        set_key(lambda d: tile("standing-stone")(d)["day"]["coloured_edges"][0], "colour", "pink"),
        "mission_tiles.json: mission tile standing-stone: day.coloured_edges[0].colour: unknown "
        "colour 'pink'",
    ),
    (
        "unknown moon phase",
        "moon",
        set_key(lambda d: d["path"][3], "phase", "eclipse"),
        "moon.json: moon box 4: phase: unknown moon phase 'eclipse'",
    ),
    (
        "unknown power tile in envelope",
        "envelopes",
        set_key(lambda d: envelope("A")(d)["contents"], "power_tiles", ["nope"]),
        "envelopes.json: envelope A: contents.power_tiles[0]: unknown power tile 'nope'",
    ),
    (
        "unknown card in envelope",
        "envelopes",
        set_key(lambda d: envelope("grey")(d)["contents"], "cards", ["blue-99"]),
        "envelopes.json: envelope grey: contents.cards[0]: unknown card 'blue-99'",
    ),
    (
        "power tile in two envelopes",
        "envelopes",
        set_key(lambda d: envelope("B")(d)["contents"], "power_tiles", ["gust"]),
        "envelopes.json: envelope B: contents.power_tiles[0]: power tile 'gust' is already in "
        "envelope 'A'",
    ),
    (
        "reward opens a black envelope",
        "missions",
        set_key(lambda d: mission(4)(d)["rewards"][0], "envelope", "moon-new"),
        "missions.json: mission 4: rewards[0].envelope: envelope 'moon-new' is black, expected "
        "white",
    ),
    (
        "two rewards open one envelope",
        "missions",
        set_key(lambda d: mission(8)(d)["rewards"][0], "envelope", "A"),
        "missions.json: mission 8: rewards[0].envelope: envelope 'A' is already opened by mission "
        "4",
    ),
    # Spirit tiles
    (
        "same Spirit tile",
        "cards",
        set_key(card("purple-1"), "tile", [[0, 0]]),
        "cards.json: card purple-1: tile: same Spirit tile as card 'blue-1'",
    ),
    (
        "Spirit tile not connected",
        "cards",
        set_key(card("purple-1"), "tile", [[0, 0], [0, 2]]),
        "cards.json: card purple-1: tile: cells must be connected",
    ),
    (
        "Spirit tile not normalised",
        "cards",
        set_key(card("blue-1"), "tile", [[1, 0]]),
        "cards.json: card blue-1: tile: cells must start at row 0 and column 0",
    ),
    (
        "Spirit tile too big",
        "cards",
        set_key(card("blue-1"), "tile", [[0, c] for c in range(6)]),
        "cards.json: card blue-1: tile: a Spirit tile has 1 to 5 cells, got 6",
    ),
    (
        "back is another piece",
        "cards",
        set_key(card("green-7"), "back", [[0, 0]]),
        "cards.json: card green-7: back: the back must be the front tile turned over",
    ),
    (
        "same colour and value",
        "cards",
        set_key(card("purple-1"), "colour", "blue"),
        "cards.json: card purple-1: value: card 'blue-1' is already blue 1",
    ),
    # Mission tiles
    (
        "triangle off the tile",
        "mission_tiles",
        set_key(tile("standing-stone"), "night", "triangle", [0, 1]),
        "mission_tiles.json: mission tile standing-stone: night.triangle: [0, 1] is not a cell of "
        "the tile",
    ),
    (
        "edge inside the tile",
        "mission_tiles",
        set_key(lambda d: tile("moss-pool")(d)["day"]["coloured_edges"][0], "side", "N"),
        "mission_tiles.json: mission tile moss-pool: day.coloured_edges[0].side: side N of [1, 1] "
        "is inside the tile, not on its border",
    ),
    # boards
    (
        "tile outside the grid",
        "missions",
        set_key(lambda d: mission(1)(d)["board"]["mission_tiles"][0], "at", [11, 11]),
        "missions.json: mission 1: board.mission_tiles[0].at: day side covers [11, 12], outside "
        "the 12 × 12 grid",
    ),
    (
        "day sides overlap",
        "missions",
        set_key(lambda d: mission(2)(d)["board"]["mission_tiles"][1], "at", [4, 5]),
        "missions.json: mission 2: board.mission_tiles[1].at: day side overlaps mission tile "
        "'fox-den' at [4, 5]",
    ),
    (
        "night sides overlap",
        "missions",
        set_key(lambda d: mission(2)(d)["board"]["mission_tiles"][1], "at", [2, 4]),
        "missions.json: mission 2: board.mission_tiles[1].at: night side overlaps mission tile "
        "'fox-den' at [3, 4]",
    ),
    (
        "coloured edge faces outside",
        "missions",
        set_key(lambda d: mission(1)(d)["board"]["mission_tiles"][0], "at", [5, 10]),
        "missions.json: mission 1: board.mission_tiles[0]: day side: coloured edge faces [5, 12], "
        "outside the grid",
    ),
    (
        "token on a mission tile",
        "missions",
        set_key(lambda d: mission(6)(d)["board"]["tokens"][0], "cell", [4, 5]),
        "missions.json: mission 6: board.tokens[0].cell: [4, 5] is on mission tile 'scree-slope'",
    ),
    (
        "rock outside the grid",
        "missions",
        set_key(lambda d: mission(10)(d)["board"]["rocks"], 0, [12, 0]),
        "missions.json: mission 10: board.rocks[0]: [12, 0] is outside the 12 × 12 grid",
    ),
    (
        "rock on a token",
        "missions",
        set_key(lambda d: mission(10)(d)["board"]["rocks"], 0, [8, 8]),
        "missions.json: mission 10: board.rocks[0]: [8, 8] already holds a whirlpool token",
    ),
    (
        "tile placed twice",
        "missions",
        set_key(lambda d: mission(2)(d)["board"]["mission_tiles"][1], "tile", "fox-den"),
        "missions.json: mission 2: board.mission_tiles[1].tile: mission tile 'fox-den' is already "
        "placed in this mission",
    ),
    (
        "bad rotation",
        "missions",
        set_key(lambda d: mission(7)(d)["board"]["mission_tiles"][1], "rotation", 45),
        "missions.json: mission 7: board.mission_tiles[1].rotation: expected one of 0, 90, 180, "
        "270, got 45",
    ),
    # objectives
    (
        "objective on an absent tile",
        "missions",
        set_key(lambda d: mission(1)(d)["objectives"][0], "tile", "fox-den"),
        "missions.json: mission 1: objectives[0].tile: mission tile 'fox-den' is not placed in "
        "this mission",
    ),
    (
        "surround without objective",
        "missions",
        set_key(mission(1), "objectives", []),
        "missions.json: mission 1: board.mission_tiles[0].surround: surround is true but no "
        "objective names 'standing-stone'",
    ),
    (
        "relief waives a tile that is not an objective",
        "missions",
        set_key(mission(22), "holo_liana_relief", "tile", "fox-den"),
        "missions.json: mission 22: holo_liana_relief.tile: mission tile 'fox-den' is not an "
        "objective of mission 22",
    ),
    (
        "relief missing",
        "missions",
        delete_key(mission(22), "holo_liana_relief"),
        "missions.json: mission 22: holo_liana_relief: mission 22 needs a holo_liana_relief since "
        "a mission rewards a Holo Liana",
    ),
    # the 22 missions
    (
        "mission number repeated",
        "missions",
        set_key(mission(2), "number", 1),
        "missions.json: mission 1: number: mission 1 appears twice",
    ),
    (
        "a mission missing",
        "missions",
        remove(mission(21)),
        "missions.json: expected missions numbered 1 to 22, got "
        + ", ".join(str(n) for n in range(1, 23) if n != 21),
    ),
    # the 10 envelopes
    (
        "nine envelopes",
        "envelopes",
        remove(envelope("grey")),
        "envelopes.json: expected exactly 10 envelopes, got 9",
    ),
    (
        "two red envelopes",
        "envelopes",
        set_key(envelope("grey"), "colour", "red"),
        "envelopes.json: expected exactly one red envelope, got 2",
    ),
    (
        "colour and opening disagree",
        "envelopes",
        set_key(envelope("A"), "opens", "end"),
        "envelopes.json: envelope A: opens: a white envelope opens by 'reward', got 'end'",
    ),
    (
        "white envelope nobody opens",
        "missions",
        set_key(mission(18), "rewards", []),
        "envelopes.json: envelope D: opens: nothing opens envelope 'D': no mission has a White "
        "Envelope reward for it",
    ),
    (
        "grey envelope nobody opens",
        "missions",
        set_key(mission(9), "instructions", []),
        "envelopes.json: envelope grey: opens: nothing opens envelope 'grey': no mission "
        "instruction opens it",
    ),
    (
        "moon phase without envelope",
        "moon",
        set_key(lambda d: d["path"][20], "envelope", None),
        "moon.json: moon box 21: envelope: a box with a moon phase opens a black envelope, and "
        "only then",
    ),
    (
        "black envelope nobody opens",
        "moon",
        lambda d: d["path"][20].update(phase=None, envelope=None),
        "envelopes.json: envelope moon-last: opens: nothing opens envelope 'moon-last': no Moon "
        "Path box opens it",
    ),
    # Moon Path
    (
        "moon boxes out of order",
        "moon",
        set_key(lambda d: d["path"][1], "box", 3),
        "moon.json: moon box 3: box: boxes must be numbered 1 to 24 in order, got 3",
    ),
    (
        "moon phase twice",
        "moon",
        set_key(lambda d: d["path"][8], "phase", "new"),
        "moon.json: moon box 9: phase: moon phase 'new' is already on box 4",
    ),
    (
        "moon tile of another phase",
        "moon",
        set_key(lambda d: d["tiles"][0], "phase", "full"),
        "moon.json: moon box 4: phase: moon tile 'dark-dawn' is for phase 'full', but box 4 shows "
        "'new'",
    ),
    # Power
    (
        "power space never unlocked",
        "missions",
        set_key(mission(2), "rewards", []),
        "power.json: power space grove: unlocked_at_start: no Totem reward unlocks Power space "
        "'grove'",
    ),
    (
        "power token never gained",
        "missions",
        set_key(mission(19), "rewards", []),
        "power.json: power token wind-charm: id: no Castle reward gives Power token 'wind-charm'",
    ),
    (
        "totem on an open space",
        "missions",
        set_key(lambda d: mission(2)(d)["rewards"][0], "power_space", "hearth"),
        "missions.json: mission 2: rewards[0].power_space: Power space 'hearth' is unlocked at "
        "start",
    ),
    # texts against what the database stores
    (
        "colour id longer than the statistics' colour column",
        "colours",
        set_key(lambda d: d[0], "id", "b" * 21),
        "colours.json: [0].id: longer than 20 characters",
    ),
    (
        "reference longer than an id",
        "missions",
        set_key(mission(3), "trump", "</script><img src=x onerror=alert(1)>"),
        "missions.json: [2].trump: longer than 20 characters",
    ),
    (
        "name too long",
        "envelopes",
        set_key(envelope("A"), "name", "n" * 81),
        "envelopes.json: [0].name: longer than 80 characters",
    ),
    (
        "text too long",
        "missions",
        set_key(mission(1), "text", "t" * 2001),
        "missions.json: [0].text: longer than 2000 characters",
    ),
    (
        "NUL in a name",
        "colours",
        set_key(lambda d: d[1], "name", "Blue\u0000"),
        "colours.json: [1].name: contains a NUL character",
    ),
    (
        "pack id longer than its column",
        "pack",
        set_key(lambda d: d, "id", "p" * 81),
        "pack.json: id: longer than 80 characters",
    ),
    # texts by language
    (
        "unknown language code",
        "missions",
        set_key(mission(7), "name", {"en": "Goat Bridge", "fr": "Pont des chèvres"}),
        "missions.json: mission 7: name.fr: unknown language 'fr' (expected one of en, pt-BR, ca)",
    ),
    (
        "language code in the wrong case",
        "power",
        set_key(lambda d: d["tiles"][1], "text", {"en": "A lantern.", "pt-br": "Uma lanterna."}),
        "power.json: power tile lantern: text.pt-br: unknown language 'pt-br' "
        "(expected one of en, pt-BR, ca)",
    ),
    (
        "empty text in one language",
        "envelopes",
        set_key(envelope("B"), "how", {"en": "Opened by Mission 8.", "ca": "  "}),
        "envelopes.json: envelope B: how.ca: must not be empty",
    ),
    (
        "text in one language not a string",
        "mission_tiles",
        set_key(tile("fox-den"), "name", {"en": "Fox Den", "pt-BR": 7}),
        "mission_tiles.json: mission tile fox-den: name.pt-BR: must not be empty",
    ),
    (
        "no language at all",
        "colours",
        set_key(lambda d: d[1], "name", {}),
        "colours.json: colour purple: name: expected a string or an object of texts by language",
    ),
    (
        "a name too long in one language",
        "envelopes",
        set_key(envelope("A"), "name", {"en": "White envelope A", "ca": "n" * 81}),
        "envelopes.json: [0].name.ca: longer than 80 characters",
    ),
    # pack.json
    (
        "wrong format",
        "pack",
        set_key(lambda d: d, "format", "x"),
        "pack.json: format: expected 'questlog-pack/1', got 'x'",
    ),
    (
        "sample flag not a boolean",
        "pack",
        set_key(lambda d: d, "sample", "yes"),
        "pack.json: sample: expected a boolean, got a string",
    ),
]


@pytest.mark.parametrize(
    ("file", "change", "message"),
    [pytest.param(file, change, message, id=name) for name, file, change, message in CASES],
)
def test_broken_pack_is_refused_with_exact_message(
    edit: Edit, file: str, change: Callable[[Any], object], message: str
) -> None:
    folder = edit(file, change)
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    assert str(caught.value) == message


def test_lone_surrogate_in_a_pack_document_is_refused() -> None:
    """A lone surrogate (``"\\ud800"`` in JSON) cannot be stored as text on PostgreSQL."""
    document = default_pack().to_json()
    document["power"]["tiles"][0]["text"] = "\ud800"
    with pytest.raises(PackError) as caught:
        pack_from_json(document)
    assert str(caught.value) == (
        "power: tiles[0].text: contains a lone surrogate (not Unicode text)"
    )


def test_missing_file(pack_copy: Path) -> None:
    (pack_copy / "moon.json").unlink()
    with pytest.raises(PackError) as caught:
        load_pack(pack_copy)
    assert str(caught.value) == "moon.json: file missing"


def test_invalid_json(pack_copy: Path) -> None:
    (pack_copy / "colours.json").write_text("[{", encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack(pack_copy)
    assert str(caught.value).startswith("colours.json: invalid JSON: ")


def test_pack_error_keeps_its_parts(edit: Edit) -> None:
    folder = edit("missions", set_key(lambda d: mission(4)(d)["rewards"][0], "envelope", "Q"))
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    error = caught.value
    assert (error.source, error.entry, error.field, error.problem) == (
        "missions.json",
        "mission 4",
        "rewards[0].envelope",
        "unknown envelope 'Q'",
    )
    assert isinstance(error, ValueError)


def test_a_pack_written_in_one_language_keeps_plain_strings(edit: Edit) -> None:
    """A group's own pack may name things in its language only: plain strings load, show in
    every language and are written back as plain strings."""
    folder = edit("colours", set_key(lambda d: d[1], "name", "Roxo"))
    pack = load_pack(folder)
    purple = pack.colour("purple")
    assert (purple.name.get("en"), purple.name.get("ca"), str(purple.name)) == ("Roxo",) * 3
    assert purple.to_json()["name"] == "Roxo"
    assert pack_from_json(pack.to_json()) == pack


def test_texts_fall_back_to_english_then_to_any(edit: Edit) -> None:
    only_catalan = {"ca": "Lila"}
    folder = edit(
        "colours",
        lambda d: (
            set_key(lambda d: d[1], "name", {"en": "Purple", "ca": "Morat"})(d),
            set_key(lambda d: d[0], "name", only_catalan)(d),
        ),
    )
    pack = load_pack(folder)
    assert pack.colour("purple").name.get("pt-br") == "Purple"
    assert pack.colour("purple").name.get("ca") == "Morat"
    assert pack.colour("blue").name.get("pt-BR") == "Lila"
    assert pack.colour("blue").name.get("en") == "Lila"
