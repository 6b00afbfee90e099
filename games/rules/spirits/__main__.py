"""Command line: ``python -m games.rules.spirits replay FILE`` prints the replay as one JSON object.

Exit status: 0 when the scenario was read (even if a move is illegal: see ``error``), 2 when the
scenario cannot be read or its setup is invalid.
"""

from __future__ import annotations

import sys
from typing import Any

from games.rules.common import replay_command

from .errors import SetupError
from .format import FORMAT
from .scenario import run_scenario


def _with_pack_cards(data: dict[str, Any]) -> dict[str, Any]:
    if "cards" in data:
        return data
    try:
        from games.content import default_pack  # type: ignore[attr-defined,unused-ignore]
    except ImportError as exc:
        raise SetupError(
            f"the scenario has no cards and the content pack is unavailable ({exc})",
            code="no-content-pack",
        ) from exc
    return {**data, "cards": default_pack().scenario_cards()}


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return replay_command(
        "python -m games.rules.spirits",
        FORMAT,
        lambda data: run_scenario(_with_pack_cards(data)),
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
