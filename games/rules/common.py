"""What every rules engine shares: its two errors, reading JSON values, replaying a move log, and
the ``replay`` command line. Pure Python, like the engines."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

S = TypeVar("S")


class IllegalMove(ValueError):
    """A move the rules forbid: the one refusal of every engine.

    ``code`` is stable; ``message`` is English, for logs and the command line. ``rule`` names the
    seed rule the refusal enforces (``""`` for turn order and the move's shape), and ``params``
    the values a screen needs to word the refusal in the reader's language (a field, a card, a
    seat). ``index`` is the 0-based position of the move in a replayed log, when known.
    """

    def __init__(
        self,
        code: str,
        message: str,
        index: int | None = None,
        *,
        rule: str = "",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.index = index
        self.rule = rule
        self.params: dict[str, Any] = dict(params or {})


class SetupError(ValueError):
    """A setup (scenario) that cannot start a game. ``code`` is stable."""

    def __init__(self, message: str, code: str = "bad-setup") -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def need(condition: bool, message: str) -> None:
    if not condition:
        raise SetupError(message)


def obj(value: Any, what: str) -> Mapping[str, Any]:
    need(isinstance(value, Mapping), f"{what}: expected an object")
    assert isinstance(value, Mapping)
    return value


def items(value: Any, what: str) -> list[Any]:
    need(isinstance(value, list), f"{what}: expected a list")
    assert isinstance(value, list)
    return value


def text(value: Any, what: str) -> str:
    need(isinstance(value, str) and value.strip() != "", f"{what}: expected a non-empty string")
    return str(value)


def integer(value: Any, what: str, least: int = 0) -> int:
    need(type(value) is int and value >= least, f"{what}: expected an integer >= {least}")
    return int(value)


def replay_moves(
    state: S, moves: Iterable[Mapping[str, Any]], apply: Callable[[S, Mapping[str, Any]], S]
) -> S:
    """Apply ``moves`` in order; an ``IllegalMove`` is raised again with the move's index."""
    for index, move in enumerate(moves):
        try:
            state = apply(state, move)
        except IllegalMove as exc:
            raise IllegalMove(
                exc.code, exc.message, index, rule=exc.rule, params=exc.params
            ) from exc
    return state


def replay_command(
    prog: str, scenario_format: str, run: Callable[[dict[str, Any]], dict[str, Any]],
    argv: list[str] | None = None,
) -> int:  # fmt: skip
    """``prog replay FILE``: print ``run(scenario)`` as JSON; returns the exit status.

    0 when the scenario was read (even if a move is illegal: ``run`` reports it), 2 when the file
    cannot be read or its setup is invalid: the JSON then holds only ``error``.
    """
    parser = argparse.ArgumentParser(prog=prog)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help=f"replay a {scenario_format} file")
    replay.add_argument("file")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict):
            raise SetupError("a scenario is a JSON object")
        result, status = run(data), 0
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        result, status = _error("unreadable", f"{args.file}: {exc}"), 2
    except SetupError as exc:
        result, status = _error(exc.code, exc.message), 2
    print(json.dumps(result, indent=2))
    return status


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"move": None, "code": code, "message": message}}
