"""Command line: ``python -m games.rules.solsticio replay FILE`` prints the replay as JSON.

Exit status: 0 when the scenario was read (even if a move is illegal: see ``error``), 2 when the
scenario cannot be read or cannot start a game. A scenario without ``content`` plays with the
sample content pack.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .errors import SetupError
from .scenario import run_scenario


def _pack_content() -> dict[str, Any]:
    from games.content.errors import PackError
    from games.content.solsticio import solsticio_pack

    try:
        content: dict[str, Any] = solsticio_pack().scenario_content()
    except PackError as exc:
        raise SetupError(f"the content pack is invalid: {exc}", code="bad-content-pack") from exc
    return content


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m games.rules.solsticio")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a solsticio-scenario/1 file")
    replay.add_argument("file")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict):
            raise SetupError("a scenario is a JSON object")
        content = None if "content" in data else _pack_content()
        result, status = run_scenario(data, content), 0
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        result, status = _error("unreadable", f"{args.file}: {exc}"), 2
    except SetupError as exc:
        result, status = _error(exc.code, exc.message), 2
    print(json.dumps(result, indent=2))
    return status


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"move": None, "code": code, "message": message}}


if __name__ == "__main__":
    sys.exit(main())
