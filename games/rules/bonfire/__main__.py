"""Command line.

``python -m games.rules.bonfire replay FILE`` replays a ``bonfire-scenario/1`` file and prints the
result as one JSON object; ``python -m games.rules.bonfire pay JSON [--limit N]`` prints how many
ways there are to pay a cost of Action tiles (B2) and the first ``N`` (100 unless given). Exit
status: 0 when the input was read (even if a move is illegal or a cost cannot be paid), 2 when it
cannot be read. Output cut short by its reader (``… | head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from games.rules.common import emit_json, error_result

from . import reading as r
from .content import SECTIONS
from .errors import SetupError
from .formats import FORMAT
from .payment import count_plans, payment_plans
from .scenario import run_scenario

PLAN_LIMIT = 100


def with_default_content(data: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario with each content section it leaves out taken from the default pack."""
    given = r.obj(data.get("content", {}), "content")
    if all(section in given for section in SECTIONS):
        return dict(data)
    try:
        from games.content.bonfire import default_content
    except ImportError as exc:  # pragma: no cover - the pack ships with the engine
        raise SetupError(
            f"the scenario leaves out content and the content pack is unavailable ({exc})",
            code="no-content-pack",
        ) from exc
    return {**data, "content": {**default_content(), **given}}


def pay(data: Any, limit: int = PLAN_LIMIT) -> dict[str, Any]:
    """``{"payable": bool, "total": n, "plans": [...]}`` for ``{"have": {...}, "cost": {...}}``:
    how many plans there are, and the first ``limit`` of them (counted, not listed, so a cost with
    millions of ways to pay answers at once)."""
    data = r.obj(data, "input")
    have = r.counts(data.get("have"), _colours(data), "have", "colour")
    cost = r.counts(data.get("cost"), _colours(data), "cost", "colour")
    total = count_plans(have, cost)
    plans = payment_plans(have, cost, limit)
    return {"payable": total > 0, "total": total, "plans": [plan.as_dict() for plan in plans]}


def plan_limit(value: str) -> int:
    """``--limit``: a whole number >= 0."""
    if not value.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {value!r}")
    return int(value)


def _colours(data: Mapping[str, Any]) -> set[str]:
    """Any colour name is accepted; ``yellow`` is the substitute colour of B2."""
    return {
        str(name)
        for part in ("have", "cost")
        if isinstance(data.get(part), Mapping)
        for name in data[part]
    }


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m games.rules.bonfire")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help=f"replay a {FORMAT} file")
    replay.add_argument("file")
    paying = commands.add_parser("pay", help="count and list the ways to pay Action tiles (B2)")
    paying.add_argument("json")
    paying.add_argument(
        "--limit",
        type=plan_limit,
        default=PLAN_LIMIT,
        help=f"list at most this many plans (default {PLAN_LIMIT}); the total is always given",
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "pay":
            result = pay(json.loads(args.json), args.limit)
        else:
            with open(args.file, encoding="utf-8") as handle:
                data = json.load(handle)
            result = run_scenario(with_default_content(r.obj(data, "scenario")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        result, status = error_result("unreadable", str(exc)), 2
    except SetupError as exc:
        result, status = error_result(exc.code, exc.message), 2
    else:
        status = 0
    return emit_json(result, status, ensure_ascii=False)


if __name__ == "__main__":
    sys.exit(main())
