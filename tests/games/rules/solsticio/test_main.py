"""The command line: ``python -m games.rules.solsticio replay FILE``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.content.errors import PackError
from games.rules.solsticio import CODES
from games.rules.solsticio.__main__ import main

from ..commands import replay_error, run_as_main, run_cli

SCENARIOS = Path(__file__).parent / "scenarios"


def _cli(path: Path) -> tuple[int, dict[str, Any]]:
    return run_cli("games.rules.solsticio", path)


def test_a_whole_game_replayed_from_the_command_line() -> None:
    """Seed 001, p. 2, S5–S6: the Evil Spirit passed Ana → Bru → Ana, the pile empty, both pass,
    Bru chooses the Spirit it covers; the output has the scores."""
    code, out = _cli(SCENARIOS / "evil_spirit.json")
    assert code == 0
    assert out["error"] is None
    assert (out["over"], out["scores"], out["winner"]) == (True, {"Ana": 6, "Bru": 5}, "Ana")
    assert out["evil_spirit"] == {"id": "evil", "holder": "Ana", "covers": "sprite"}
    assert out["spirits"] == {"Ana": ["sprite", "herald"], "Bru": ["oak"]}
    assert set(out) >= {"display", "panoramas", "hands", "turn", "pile", "supply"}


def test_the_first_illegal_move_is_reported_with_its_code() -> None:
    """Seed 001, p. 1, S1: sun-1 cannot capture moon-2 (sample pack content, same-symbol rule)."""
    code, out = _cli(SCENARIOS / "not_capturable.json")
    assert code == 0
    assert out["error"] == {
        "move": 1,
        "code": "not-capturable",
        "message": "sun-1 cannot capture 'moon-2': capture one of sun-2, sun-3 (S1)",
    }
    assert out["pending"]["options"] == ["sun-2", "sun-3"]
    assert out["error"]["code"] in CODES


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("[1]", "bad-setup", "a scenario is a JSON object"),
        ('{"format": "x"}', "bad-setup", 'format: expected "solsticio-scenario/1"'),
        ("{", "unreadable", None),
        (b"\xff\xfe", "unreadable", None),
    ],
)
def test_a_malformed_file_gets_a_message_not_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str | bytes,
    code: str,
    message: str | None,
) -> None:
    path = tmp_path / "scenario.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    error = replay_error(main, path, capsys)
    assert (error["move"], error["code"]) == (None, code)
    if message is not None:
        assert error["message"] == message
    assert error["message"]


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    error = replay_error(main, tmp_path / "none.json", capsys)
    assert error["code"] == "unreadable"
    assert "none.json" in error["message"]


def test_a_broken_content_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise PackError("earth.json", "", "", "file missing")

    monkeypatch.setattr("games.content.solsticio.solsticio_pack", broken)
    assert replay_error(main, SCENARIOS / "not_capturable.json", capsys) == {
        "move": None,
        "code": "bad-content-pack",
        "message": "the content pack is invalid: earth.json: file missing",
    }


def test_module_entry_point(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``python -m games.rules.solsticio`` runs ``main``."""
    assert run_as_main("games.rules.solsticio", tmp_path / "none.json", monkeypatch) == 2
    assert "unreadable" in capsys.readouterr().out
