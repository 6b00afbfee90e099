"""The Solsticio sample pack: labelled sample, playable, and checked with messages naming the file,
the entry and the field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.content.solsticio import SAMPLE_PATH, load_solsticio_pack, solsticio_pack
from games.rules.solsticio import content_from_dict, new_game
from tests.support.packs import copy_pack, edit_json, pack_error


def test_the_sample_pack_is_labelled_and_playable() -> None:
    pack = solsticio_pack()
    assert pack.info.sample is True
    assert "Sample content" in str(pack.info.notice)
    content = content_from_dict(pack.scenario_content())
    assert content.evil == "evil-spirit"
    assert {s.background for s in content.spirits} == {"plain", "blue"}
    assert len(pack.symbols) == len(content.symbols)
    assert pack.texts["evil-spirit"]
    state = new_game(pack.scenario(("Ana", "Bru")), seed=1)
    assert len(state.display) == pack.table["display_stacks"]
    assert pack.scenario_content() is not pack.content


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    return copy_pack(SAMPLE_PATH, tmp_path)


def test_missing_and_broken_files(pack_copy: Path) -> None:
    (pack_copy / "rules.json").unlink()
    assert pack_error(load_solsticio_pack, pack_copy) == "rules.json: file missing"
    (pack_copy / "spirits.json").write_text("{")
    assert pack_error(load_solsticio_pack, pack_copy).startswith("spirits.json: invalid JSON: ")


def _first(key: str, value: object) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        data[0][key] = value

    return change


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        (
            "pack",
            lambda d: d.update(format="x"),
            "pack.json: format: expected 'solsticio-pack/1', got 'x'",
        ),
        ("pack", lambda d: d.update(extra=1), "pack.json: extra: unknown field"),
        (
            "symbols",
            _first("mark", 3),
            "symbols.json: symbol sun: mark: expected a string, got a number",
        ),
        ("earth", _first("colour", "red"), "earth.json: tile sun-1: colour: unknown field"),
        (
            "earth",
            _first("place", [0]),
            "earth.json: tile sun-1: place: expected a cell [row, column], got [0]",
        ),
        (
            "earth",
            _first("stars", "2"),
            "earth.json: tile sun-1: stars: expected an integer, got a string",
        ),
        (
            "earth",
            _first("spirit", "yes"),
            "earth.json: tile sun-1: spirit: expected a boolean, got a string",
        ),
        (
            "earth",
            _first("symbol", "star"),
            "solsticio pack: pack.earth[0].symbol: unknown symbol 'star'",
        ),
        (
            "spirits",
            _first("text", ""),
            "spirits.json: spirit hearth-sprite: text: must not be empty",
        ),
        (
            "rules",
            lambda d: d.update(hand_size=0),
            "rules.json: hand_size: expected 1 to 10, got 0",
        ),
    ],
)
def test_pack_checks(
    pack_copy: Path, name: str, change: Callable[[Any], object], message: str
) -> None:
    assert pack_error(load_solsticio_pack, edit_json(pack_copy, name, change)) == message
