"""Running an engine's ``replay`` command line from a test: as a process, as ``python -m``, or
through its ``main`` for a file it refuses."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run_cli(module: str, path: Path) -> tuple[int, dict[str, Any]]:
    """``python -m MODULE replay PATH`` in a new process: its exit status and its JSON output."""
    done = subprocess.run(
        [sys.executable, "-m", module, "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return done.returncode, json.loads(done.stdout)


def run_as_main(module: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """``python -m MODULE replay PATH`` in this process (so it is measured); its exit status."""
    monkeypatch.setattr(sys, "argv", [module, "replay", str(path)])
    monkeypatch.delitem(sys.modules, f"{module}.__main__", raising=False)
    with pytest.raises(SystemExit) as done:
        runpy.run_module(module, run_name="__main__")
    return int(done.value.code or 0)


def replay_error(
    main: Callable[[list[str]], int], path: Path, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    """``main(["replay", PATH])`` in this process must exit with status 2: the error it prints."""
    assert main(["replay", str(path)]) == 2
    return dict(json.loads(capsys.readouterr().out)["error"])
