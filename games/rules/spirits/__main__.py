"""Command line: ``python -m games.rules.spirits replay FILE`` prints the replay as one JSON object.

Exit status: 0 when the scenario was read (even if a move is illegal: see ``error``), 2 when the
scenario cannot be read or its setup is invalid.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .errors import SetupError
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
    parser = argparse.ArgumentParser(prog="python -m games.rules.spirits")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a spirits-scenario/1 file")
    replay.add_argument("file")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict):
            raise SetupError("a scenario is a JSON object")
        result = run_scenario(_with_pack_cards(data))
    except (OSError, json.JSONDecodeError) as exc:
        result, status = _error("unreadable", str(exc)), 2
    except SetupError as exc:
        result, status = _error(exc.code, exc.message), 2
    else:
        status = 0
    print(json.dumps(result, indent=2))
    return status


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"move": None, "code": code, "message": message}}


if __name__ == "__main__":
    sys.exit(main())
