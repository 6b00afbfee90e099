"""Command line: ``python -m games.rules.solsticio replay FILE`` prints the replay as JSON.

Exit status: 0 when the scenario was read (even if a move is illegal: see ``error``), 2 when the
scenario cannot be read or cannot start a game. A scenario without ``content`` plays with the
sample content pack.
"""

from __future__ import annotations

import sys
from typing import Any

from games.rules.common import replay_command

from .errors import SetupError
from .scenario import run_scenario
from .setup import FORMAT


def _pack_content() -> dict[str, Any]:
    from games.content.errors import PackError
    from games.content.solsticio import solsticio_pack

    try:
        content: dict[str, Any] = solsticio_pack().scenario_content()
    except PackError as exc:
        raise SetupError(f"the content pack is invalid: {exc}", code="bad-content-pack") from exc
    return content


def run(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a scenario, with the sample pack's content when it gives none."""
    return run_scenario(data, None if "content" in data else _pack_content())


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return replay_command("python -m games.rules.solsticio", FORMAT, run, argv)


if __name__ == "__main__":
    sys.exit(main())
