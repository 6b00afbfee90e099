"""The Solsticio sample pack: labelled sample, playable, and checked with messages naming the file,
the entry and the field."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.content.errors import PackError
from games.content.solsticio import SAMPLE_PATH, load_solsticio_pack, solsticio_pack
from games.rules.solsticio import content_from_dict, new_game


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
    folder = tmp_path / "solsticio"
    shutil.copytree(SAMPLE_PATH, folder)
    return folder


def _edit(folder: Path, name: str, change: Callable[[Any], object]) -> None:
    path = folder / f"{name}.json"
    data = json.loads(path.read_text())
    result = change(data)
    path.write_text(json.dumps(data if result is None else result))


def _first(key: str, value: object) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        data[0][key] = value

    return change


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        (
            "pack",
            lambda d: {**d, "format": "x"},
            "pack.json: format: expected 'solsticio-pack/1', got 'x'",
        ),
        ("pack", lambda d: {**d, "extra": 1}, "pack.json: extra: unknown field"),
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
            lambda d: {**d, "hand_size": 0},
            "rules.json: hand_size: expected 1 to 10, got 0",
        ),
    ],
)
def test_pack_checks(
    pack_copy: Path, name: str, change: Callable[[Any], object], message: str
) -> None:
    _edit(pack_copy, name, change)
    with pytest.raises(PackError) as caught:
        load_solsticio_pack(pack_copy)
    assert str(caught.value) == message


def test_missing_and_broken_files(pack_copy: Path) -> None:
    (pack_copy / "rules.json").unlink()
    with pytest.raises(PackError) as caught:
        load_solsticio_pack(pack_copy)
    assert str(caught.value) == "rules.json: file missing"
    (pack_copy / "spirits.json").write_text("{")
    with pytest.raises(PackError) as caught:
        load_solsticio_pack(pack_copy)
    assert str(caught.value).startswith("spirits.json: invalid JSON: ")
