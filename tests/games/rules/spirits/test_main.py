"""The command line: ``python -m games.rules.spirits replay FILE``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.rules.spirits.__main__ import main

from ..commands import replay_error, run_cli
from .factories import pack_mission, scenario

SCENARIOS = Path(__file__).parent / "scenarios"


def _cli(path: Path) -> tuple[int, dict[str, Any]]:
    return run_cli("games.rules.spirits", path)


def test_seed_trick_examples() -> None:
    """Seed 003, 'Winning the trick', example: "the blue 5 wins the first trick ... so blue is the
    trump for the second trick. Players must follow purple in the second trick, but the last player
    has no purple in hand: they play the blue 2, win the trick thanks to the trump"."""
    code, out = _cli(SCENARIOS / "seed_trick_examples.json")
    assert code == 0
    assert out["error"] is None
    first, second = out["tricks"]
    assert (first["winner"], first["decision"], first["next_trump"]) == ("Ben", "blue5", "blue")
    assert second["led_by"] == "Ben"
    assert second["trump"] == "blue"
    assert second["plays"] == [["Ben", "purple4"], ["Cy", "purple6"], ["Ana", "blue2"]]
    assert (second["winner"], second["decision"]) == ("Ana", "blue2")
    assert second["placement"] is None
    assert first["placement"] == {
        "cells": [[0, 0], [0, 1], [1, 0], [1, 1]],
        "covered_tokens": [],
        "violations": [],
    }
    assert out["outcome"] == {"result": "in-progress", "reasons": []}
    assert out["kakapo"] is None
    assert out["flags"] == []


@pytest.mark.parametrize(
    ("name", "index", "code"),
    [
        ("seed_off_grid.json", 3, "off-board"),
        ("seed_covers_mission_tile.json", 3, "overlap"),
        ("seed_covers_spirit_tile.json", 7, "overlap"),
    ],
)
def test_seed_invalid_placements(name: str, index: int, code: str) -> None:
    """Seed 003, 'Placing the Spirit tile', example: "the green 6 Spirit tile sticks out of the
    grid: invalid placement. The purple 6 and orange 3 Spirit tiles cover tiles that are already
    there: invalid as well." """
    status, out = _cli(SCENARIOS / name)
    assert status == 0
    assert out["error"]["move"] == index
    assert out["error"]["code"] == code
    assert out["error"]["message"]


def test_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file is reported as JSON with exit status 2."""
    assert replay_error(main, tmp_path / "missing.json", capsys)["code"] == "unreadable"


def test_invalid_setup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An invalid setup is reported with its code and exit status 2."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario(rounds=0)))
    assert replay_error(main, path, capsys)["code"] == "bad-setup"


def test_not_an_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A scenario must be a JSON object."""
    path = tmp_path / "list.json"
    path.write_text("[]")
    assert replay_error(main, path, capsys)["code"] == "bad-setup"


def test_missing_cards_without_content_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``cards`` the CLI needs the content pack; if it is absent it says so clearly."""
    data = scenario()
    del data["cards"]
    path = tmp_path / "nocards.json"
    path.write_text(json.dumps(data))
    monkeypatch.setitem(sys.modules, "games.content", None)
    error = replay_error(main, path, capsys)
    assert error["code"] == "no-content-pack"
    assert "content pack" in error["message"]


def test_missing_cards_uses_content_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``cards`` the CLI takes the content pack's cards."""
    full = scenario()
    cards = full.pop("cards")

    class Pack:
        def scenario_cards(self) -> dict[str, Any]:
            return cards

    class Module:
        @staticmethod
        def default_pack() -> Pack:
            return Pack()

    path = tmp_path / "pack.json"
    path.write_text(json.dumps(full))
    monkeypatch.setitem(sys.modules, "games.content", Module)
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"]["result"] == "in-progress"


def test_replay_without_cards_uses_the_default_content_pack(tmp_path: Path) -> None:
    """`cards` may be omitted to use the content pack's cards (scenario format); the pack's
    Mission 1 board drives the replay the same way a hand-written one does."""
    data = {
        **pack_mission(1),
        "moves": [{"play": "blue-5"}, {"play": "blue-2"}, {"play": "red-3"}],
    }
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(data))
    done = subprocess.run(
        [sys.executable, "-m", "games.rules.spirits", "replay", str(path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    result = json.loads(done.stdout)
    assert result["error"] is None
    assert result["tricks"][0]["winner"] == "Ana"
    assert result["tricks"][0]["decision"] == "blue-5"
    assert result["outcome"]["result"] == "in-progress"
