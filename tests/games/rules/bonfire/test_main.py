"""The command line: ``python -m games.rules.bonfire replay FILE`` and ``pay JSON``."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.rules.bonfire.__main__ import main

from .factories import cannot_sail, scenario

SCENARIOS = Path(__file__).parent / "scenarios"
ROOT = Path(__file__).resolve().parents[4]


def _cli(*args: str) -> tuple[int, dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "games.rules.bonfire", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.stderr == ""
    return done.returncode, json.loads(done.stdout)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    status = main(list(args))
    return status, json.loads(capsys.readouterr().out)


def test_walkthrough_with_the_default_pack() -> None:
    """Seed 000: B1 (d02 from the bottom), B2 (blue lacking: 2 green), B3 (first move 1 token,
    the island's action), B4 (1st Offering: 1 tile), B6 (two steps, one Resource), then Ben has
    no second token for a later move."""
    status, out = _cli("replay", str(SCENARIOS / "walkthrough.json"))
    assert status == 0
    ana, ben = out["players"]
    assert ana["destiny"][-1] == {"cell": [2, 3], "tile": "d02"}
    assert ana["tiles"] == {"orange": 2, "red": 1, "yellow": 1}
    assert (ana["ship"], ana["tokens"], ana["markers"]) == ("tidewatch", 2, 0)
    assert ana["tasks"][0] == {"task": "t03", "lit": False}
    assert ana["guardians"] == ["g1", "g4"]
    assert ana["resources"] == {"wood": 1}
    assert ben["ship"] == "ember"
    assert out["applied"] == 8
    assert out["error"] == cannot_sail(8, "tidewatch")


def test_pay_command() -> None:
    """Seed 000, p. 8 (B2): every distinct plan, fewest tiles first, then by colour name."""
    status, out = _cli(
        "pay", '{"have": {"red": 1, "yellow": 1, "green": 2}, "cost": {"blue": 1, "red": 1}}'
    )
    assert status == 0
    assert out == {
        "payable": True,
        "total": 3,
        "plans": [
            {"red": 1, "yellow": 1},
            {"green": 2, "red": 1},
            {"green": 1, "red": 1, "yellow": 1},
        ],
    }
    assert _cli("pay", '{"have": {"green": 1}, "cost": {"red": 1}}')[1] == {
        "payable": False,
        "total": 0,
        "plans": [],
    }


def test_pay_lists_a_hundred_plans_and_counts_them_all() -> None:
    """15 red lacking, paid from 6 colours of 15 tiles (B2): 908,868 plans, counted (a count
    checked apart by brute force: ``y`` yellow and ``t`` other tiles, ``t >= 30 - 2y``,
    ``15 <= y + t <= 30``); the first 100 (or ``--limit``) listed, quickly."""
    have = dict.fromkeys(("blue", "green", "orange", "purple", "white", "yellow"), 15)
    argument = json.dumps({"have": have, "cost": {"red": 15}})
    status, out = _cli("pay", argument)
    assert (status, out["payable"], len(out["plans"])) == (0, True, 100)
    assert out["total"] == 908_868
    assert out["plans"][0] == {"yellow": 15}
    status, out = _cli("pay", argument, "--limit", "2")
    assert out["plans"] == [{"yellow": 15}, {"blue": 2, "yellow": 14}]  # 14 + 2 for 15
    assert _cli("pay", argument, "--limit", "0")[1]["plans"] == []


@pytest.mark.parametrize("limit", ["-1", "x"])
def test_pay_refuses_a_limit_that_is_no_count(
    capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["pay", "{}", "--limit", limit])
    assert done.value.code == 2
    assert f"expected a whole number >= 0, not '{limit}'" in capsys.readouterr().err


class ClosedPipe:
    """A standard output whose reader is gone: writing fails as a closed pipe does."""

    def __init__(self, fileno: int) -> None:
        self._fileno = fileno

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    def fileno(self) -> int:
        return self._fileno


def test_a_closed_pipe_in_process_sends_the_rest_nowhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The output's file descriptor is pointed at the null device, so nothing fails at exit."""
    with open(tmp_path / "out", "w") as target:
        monkeypatch.setattr(sys, "stdout", ClosedPipe(target.fileno()))
        assert main(["pay", '{"have": {"yellow": 1}, "cost": {"red": 1}}']) == 0
        os.write(target.fileno(), b"after")
    assert (tmp_path / "out").read_bytes() == b""


@pytest.mark.parametrize("command", ["pay", "replay"])
def test_a_closed_pipe_ends_quietly(command: str) -> None:
    """``… | head -c 20``: the reader stops early; no ``BrokenPipeError`` traceback."""
    argument = (
        json.dumps({"have": {"yellow": 30, "blue": 30}, "cost": {"red": 20}})
        if command == "pay"
        else str(SCENARIOS / "walkthrough.json")
    )
    done = subprocess.run(
        f"{sys.executable} -m games.rules.bonfire {command} '{argument}' | head -c 20",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert (done.returncode, len(done.stdout), done.stderr) == (0, 20, "")


@pytest.mark.parametrize(
    ("argument", "code", "message"),
    [
        (
            "{",
            "unreadable",
            "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        ),
        ("[]", "bad-setup", "input: expected an object"),
        ('{"have": {"red": "1"}, "cost": {}}', "bad-setup", "have.red: expected an integer >= 0"),
    ],
)
def test_pay_bad_input(
    capsys: pytest.CaptureFixture[str], argument: str, code: str, message: str
) -> None:
    assert _run(capsys, "pay", argument) == (
        2,
        {"error": {"move": None, "code": code, "message": message}},
    )


def test_malformed_scenario_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A malformed scenario gets a clear message, never a traceback, and exit status 2."""
    cases = {
        "broken.json": ("{ nope", "unreadable"),
        "list.json": ("[]", "bad-setup"),
        "players.json": (
            json.dumps({"format": "bonfire-scenario/1", "players": "Ana"}),
            "bad-setup",
        ),
    }
    for name, (text, code) in cases.items():
        (tmp_path / name).write_text(text)
        status, out = _run(capsys, "replay", str(tmp_path / name))
        assert status == 2
        assert out["error"]["code"] == code
    status, out = _run(capsys, "replay", str(tmp_path / "missing.json"))
    assert (status, out["error"]["code"]) == (2, "unreadable")
    (tmp_path / "bytes.json").write_bytes(b"\xff\xfe")
    assert _run(capsys, "replay", str(tmp_path / "bytes.json"))[0] == 2
    status, out = _run(capsys, "replay", str(tmp_path / "players.json"))
    assert out["error"]["message"] == "players: expected a list"


def test_scenario_with_its_own_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A scenario carrying all its content does not need the pack; a partial one is completed."""
    data = scenario(tokens=1)
    data["moves"] = [{"player": "Ana", "kind": "move_ship", "to": "f"}]
    (tmp_path / "own.json").write_text(json.dumps(data))
    status, out = _run(capsys, "replay", str(tmp_path / "own.json"))
    assert (status, out["players"][0]["ship"], out["error"]) == (0, "f", None)
    partial = {
        "format": "bonfire-scenario/1",
        "content": {"council": [{"id": "only", "bonus": {"markers": 1}}]},
        "players": [{"name": "Ana"}],
    }
    (tmp_path / "partial.json").write_text(json.dumps(partial))
    status, out = _run(capsys, "replay", str(tmp_path / "partial.json"))
    assert (status, list(out["board"]["council"])) == (0, ["only"])
    assert "ember" in out["board"]["islands"]


@pytest.mark.filterwarnings("ignore:.*found in sys.modules:RuntimeWarning")
def test_pay_in_process_and_module_entry(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same ``pay`` through ``main`` and through ``python -m`` (``runpy``)."""
    argument = '{"have": {"yellow": 2}, "cost": {"red": 1}}'
    expected = {"payable": True, "total": 2, "plans": [{"yellow": 1}, {"yellow": 2}]}
    assert _run(capsys, "pay", argument) == (0, expected)
    assert _run(capsys, "pay", argument, "--limit", "1") == (
        0,
        {**expected, "plans": [{"yellow": 1}]},
    )
    monkeypatch.setattr(sys, "argv", ["bonfire", "pay", argument])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("games.rules.bonfire", run_name="__main__")
    assert done.value.code == 0
    assert json.loads(capsys.readouterr().out) == expected
