"""A command line whose reader goes away (``| head -c 10``) ends quietly: no traceback, its usual
exit status (``games.rules.common.emit_json``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .commands import ROOT

SCENARIOS = ROOT / "tests" / "games" / "rules"
COMMANDS = [
    ("games.rules.spirits", "replay", SCENARIOS / "spirits/scenarios/seed_off_grid.json", 0),
    ("games.rules.spirits", "replay", SCENARIOS / "no-such-file.json", 2),
    ("games.rules.solsticio", "replay", SCENARIOS / "solsticio/scenarios/evil_spirit.json", 0),
    ("games.rules.bonfire", "replay", SCENARIOS / "bonfire/scenarios/walkthrough.json", 0),
    ("games.rules.bonfire", "pay", '{"have": {"red": 15}, "cost": {"red": 1}}', 0),
]


@pytest.mark.parametrize(("module", "command", "path", "status"), COMMANDS)
def test_a_closed_pipe_ends_the_command_quietly(
    module: str, command: str, path: os.PathLike[str], status: int
) -> None:
    """The reader closes before the command writes: every write meets a closed pipe."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-m", module, command, str(path)],
            stdout=writer,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.stderr == b""
    assert done.returncode == status
