"""What every rules engine shares: the engine contract (``Engine``), its two errors, reading a
setup's JSON values and a move's fields, replaying a move log, and the command-line plumbing.
Pure Python, like the engines."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

S = TypeVar("S")
StateT = TypeVar("StateT")
OutcomeT = TypeVar("OutcomeT", covariant=True)

Cell = tuple[int, int]  # (row, column) on a game's grid, 0-based
Move = Mapping[str, Any]  # a move as its format writes it: one JSON object

BAD_MOVE = "bad-move"


class Engine(Protocol[StateT, OutcomeT]):
    """What every engine package (``games.rules.<game>``) exposes; mypy checks each package
    against it in ``games/rules/engines.py``.

    States are frozen values: ``apply`` returns a new one. Moves are JSON objects read strictly at
    the edge (``only_fields`` and the ``field_*`` readers below): an unknown field, a wrong type or
    an index out of range is ``IllegalMove("bad-move")`` naming the field; nothing is ignored or
    coerced.
    """

    @property
    def FORMAT(self) -> str:
        """The scenario format the engine reads and writes, e.g. ``"spirits-scenario/1"``."""

    def new_game(self, setup: Mapping[str, Any], *, seed: int = 0) -> StateT:
        """The game before its first move; ``setup`` is the format's setup document; ``seed``
        shuffles whatever the setup leaves to a digital deal. Raises ``SetupError``."""

    def legal_moves(self, state: StateT) -> Sequence[Move]:
        """The moves a screen may offer now; empty only when ``outcome`` is not ``None``."""

    def apply(self, state: StateT, move: Move) -> StateT:
        """The state after ``move``; raises ``IllegalMove`` (stable ``code``, the seed ``rule``
        it enforces, ``params`` to word it)."""

    def outcome(self, state: StateT) -> OutcomeT | None:
        """How the game ended, or ``None`` while it goes on."""

    def view_for(self, state: StateT, seat: str) -> dict[str, Any]:
        """What one seat may see of ``state``, as JSON-ready data."""

    def replay(
        self, setup: Mapping[str, Any], moves: Iterable[Move], *, seed: int = 0
    ) -> tuple[StateT, IllegalMove | None]:
        """The state after the last legal move of the log and the first illegal move (with its
        ``index``), or ``None``. Never raises for a move; a bad setup raises ``SetupError``."""

    def to_json(self, state: StateT) -> dict[str, Any]:
        """The whole state as JSON-ready data: ``from_json(to_json(state)) == state``."""

    def from_json(self, data: Mapping[str, Any]) -> StateT:
        """The state ``to_json`` wrote."""


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


# --- reading a move: strict, at the engine's edge -----------------------------------------------


def bad_move(field: str, message: str, **params: Any) -> IllegalMove:
    """The refusal of a move's shape: ``field "<field>": <message>``, ``params["field"]`` set."""
    return IllegalMove(BAD_MOVE, f'field "{field}": {message}', params={"field": field, **params})


def only_fields(move: Any, allowed: Collection[str]) -> Move:
    """``move`` as a JSON object holding no field outside ``allowed``."""
    if not isinstance(move, Mapping):
        raise IllegalMove(BAD_MOVE, "a move is a JSON object", params={"field": ""})
    for name in move:
        if name not in allowed:
            raise bad_move(str(name), f"unknown field (expected {_listed(allowed)})")
    return move


def field(move: Move, name: str) -> Any:
    """The value of a required field."""
    if name not in move:
        raise bad_move(name, "missing")
    return move[name]


def field_int(move: Move, name: str, *, least: int = 0, below: int | None = None) -> int:
    """An integer field (not a bool, not a string of digits) in ``least``–``below - 1``."""
    value = field(move, name)
    if type(value) is not int:
        raise bad_move(name, "expected an integer")
    return check_index(name, value, least, below)


def check_index(name: str, value: int, least: int = 0, below: int | None = None) -> int:
    """``value`` when it is in ``least``–``below - 1``; otherwise the refusal names its real
    value and the range."""
    if below is None and value < least:
        raise bad_move(name, f"{value} is below {least}", value=value)
    if below is not None and not least <= value < below:
        raise bad_move(name, f"{value} is out of range {least}–{below - 1}", value=value)
    return value


def field_str(move: Move, name: str, choices: Collection[str] | None = None) -> str:
    """A string field; one of ``choices`` when given."""
    value = field(move, name)
    if choices is not None and value not in choices:
        raise bad_move(name, f"expected one of {_listed(choices)}")
    if not isinstance(value, str):
        raise bad_move(name, "expected a string")
    return value


def field_bool(move: Move, name: str) -> bool:
    """A ``true``/``false`` field (not 0, 1 or a string)."""
    value = field(move, name)
    if not isinstance(value, bool):
        raise bad_move(name, "expected true or false")
    return value


def field_true(move: Move, name: str) -> None:
    """A field whose presence is the move (``{"pass": true}``): only ``true`` is accepted."""
    if field(move, name) is not True:
        raise bad_move(name, "expected true")


def field_cell(move: Move, name: str, size: int | None = None) -> Cell:
    """A ``[row, column]`` field of integers, each in ``0``–``size - 1`` when ``size`` is given."""
    return read_cell(field(move, name), name, size)


def read_cell(value: Any, name: str, size: int | None = None) -> Cell:
    """A ``[row, column]`` value of field ``name`` (also an item of a list of cells)."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or any(type(v) is not int for v in value)
    ):
        raise bad_move(name, "expected a [row, column] pair of integers")
    row, column = value
    return check_index(name, row, 0, size), check_index(name, column, 0, size)


def _listed(names: Collection[str]) -> str:
    return ", ".join(f'"{n}"' for n in sorted(names))


# --- replaying a log -----------------------------------------------------------------------------


def replay_log(
    state: S, moves: Iterable[Move], apply: Callable[[S, Move], S]
) -> tuple[S, IllegalMove | None]:
    """Apply ``moves`` in order: the state after the last legal move, and the first
    ``IllegalMove`` carrying the move's index (or ``None``)."""
    for index, move in enumerate(moves):
        try:
            state = apply(state, move)
        except IllegalMove as exc:
            return state, IllegalMove(
                exc.code, exc.message, index, rule=exc.rule, params=exc.params
            )
    return state, None


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
        result, status = error_result("unreadable", f"{args.file}: {exc}"), 2
    except SetupError as exc:
        result, status = error_result(exc.code, exc.message), 2
    return emit_json(result, status)


def emit_json(result: Any, status: int = 0, *, ensure_ascii: bool = True) -> int:
    """Print ``result`` as JSON and return ``status``; a reader that closes the pipe early
    (``| head``) ends the command quietly, with ``status``."""
    try:
        print(json.dumps(result, indent=2, ensure_ascii=ensure_ascii))
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at devnull so that flush cannot fail.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return status


def error_result(code: str, message: str) -> dict[str, Any]:
    """What a command prints when it cannot run: only ``error``, with no move."""
    return {"error": {"move": None, "code": code, "message": message}}
