"""The strict move readers every engine uses at its edge, and the quiet end of a closed pipe."""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

from games.rules.common import (
    IllegalMove,
    check_index,
    emit_json,
    field_bool,
    field_cell,
    field_int,
    field_str,
    field_true,
    only_fields,
    replay_log,
)


def refusal(read: Any, *args: Any, **kwargs: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        read(*args, **kwargs)
    assert caught.value.code == "bad-move"
    assert caught.value.rule == ""
    return caught.value


def test_a_move_is_an_object_without_unknown_fields() -> None:
    assert only_fields({"tile": "d01"}, {"tile", "seat"}) == {"tile": "d01"}
    assert refusal(only_fields, ["tile"], {"tile"}).message == "a move is a JSON object"
    error = refusal(only_fields, {"tile": "d01", "portal": "yes"}, {"tile", "seat"})
    assert error.message == 'field "portal": unknown field (expected "seat", "tile")'
    assert error.params == {"field": "portal"}


@pytest.mark.parametrize("value", [True, "0", 1.0, None])
def test_an_integer_field_is_an_int(value: Any) -> None:
    """A bool is not an int, and neither is the string "0"."""
    error = refusal(field_int, {"version": value}, "version")
    assert error.message == 'field "version": expected an integer'
    assert error.params == {"field": "version"}


def test_an_index_out_of_range_is_reported_with_its_real_value() -> None:
    assert field_int({"index": 4}, "index", below=5) == 4
    error = refusal(field_int, {"index": -1}, "index", below=5)
    assert error.message == 'field "index": -1 is out of range 0–4'
    assert error.params == {"field": "index", "value": -1}
    assert refusal(check_index, "index", 5, 0, 5).message == 'field "index": 5 is out of range 0–4'
    assert refusal(check_index, "n", -2).message == 'field "n": -2 is below 0'


def test_a_missing_field_is_named() -> None:
    assert refusal(field_int, {}, "index").message == 'field "index": missing'


def test_a_string_field() -> None:
    assert field_str({"tile": "d02"}, "tile", ("d01", "d02")) == "d02"
    assert field_str({"seat": "ana"}, "seat") == "ana"
    error = refusal(field_str, {"tile": "d09"}, "tile", ("d02", "d01"))
    assert error.message == 'field "tile": expected one of "d01", "d02"'
    assert refusal(field_str, {"seat": 3}, "seat").message == 'field "seat": expected a string'


def test_flags() -> None:
    """``{"pass": false}`` is not a pass; a boolean field takes only true or false."""
    field_true({"pass": True}, "pass")
    assert refusal(field_true, {"pass": False}, "pass").message == 'field "pass": expected true'
    assert field_bool({"portal": False}, "portal") is False
    error = refusal(field_bool, {"portal": "yes"}, "portal")
    assert error.message == 'field "portal": expected true or false'


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([1], 'field "cell": expected a [row, column] pair of integers'),
        (["1", 2], 'field "cell": expected a [row, column] pair of integers'),
        ([True, 2], 'field "cell": expected a [row, column] pair of integers'),
        ("1,2", 'field "cell": expected a [row, column] pair of integers'),
        ([2, 12], 'field "cell": 12 is out of range 0–11'),
        ([-3, 2], 'field "cell": -3 is out of range 0–11'),
        ([2, -1], 'field "cell": -1 is out of range 0–11'),
    ],
)
def test_a_cell_field(value: Any, message: str) -> None:
    assert refusal(field_cell, {"cell": value}, "cell", 12).message == message


def test_a_cell_in_range() -> None:
    assert field_cell({"cell": [11, 0]}, "cell", 12) == (11, 0)
    assert field_cell({"cell": (40, 2)}, "cell") == (40, 2)


def _count(state: int, move: Any) -> int:
    if move.get("bad"):
        raise IllegalMove("nope", "refused", rule="r1", params={"x": 1})
    return state + 1


def test_replay_log_stops_at_the_first_illegal_move() -> None:
    state, error = replay_log(0, [{}, {}, {"bad": True}, {}], _count)
    assert state == 2
    assert error is not None
    assert (error.code, error.index, error.rule, error.params) == ("nope", 2, "r1", {"x": 1})
    assert replay_log(0, [{}, {}], _count) == (2, None)


def test_emit_json_prints_and_returns_the_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert emit_json({"a": 1}, 2) == 2
    assert capsys.readouterr().out == '{\n  "a": 1\n}\n'
    assert emit_json({"a": "ã"}, ensure_ascii=False) == 0
    assert capsys.readouterr().out == '{\n  "a": "ã"\n}\n'


class ClosedPipe:
    """A stdout whose reader has gone: writing raises ``BrokenPipeError``."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def flush(self) -> None:
        raise BrokenPipeError

    def fileno(self) -> int:
        return self.fd


def test_emit_json_into_a_closed_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    """The status is kept and stdout now points at devnull, so the flush at exit cannot fail."""
    read_end, write_end = os.pipe()
    try:
        monkeypatch.setattr(sys, "stdout", ClosedPipe(write_end))
        assert emit_json({"a": 1}, 3) == 3
        os.write(write_end, b"lost")  # devnull now: nothing reaches the pipe
        os.close(write_end)
        assert os.read(read_end, 10) == b""
    finally:
        os.close(read_end)
