"""Reading an uploaded JSON document (an adventure export, a content pack, a BG Stats export)
without trusting it.

A document is refused, with a message for the person who chose the file, before anything reads
it recursively: larger than its limit, not UTF-8, nested deeper than ``MAX_DEPTH`` (Python's own
parser would run out of stack near 1,000 levels), not JSON, numbers JSON does not have (``NaN``,
``Infinity``, ``1e999``) or longer than any field holds, texts the database cannot store (a NUL
character, a lone surrogate).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.content.validation import text_problem
from web.elision import interpolate

FILE_TOO_BIG = _("The file is larger than %(size)s MB.")
NOT_UTF8 = _("This file is not UTF-8 text.")
NOT_JSON = _("This file is not valid JSON: %(detail)s")
MAX_DEPTH = 40
TOO_DEEP = _("This file nests lists and objects more than %(depth)s levels deep.")
NOT_A_NUMBER = _("This file holds %(value)s, which is not a number JSON allows.")
MAX_DIGITS = 18
TOO_MANY_DIGITS = _("This file holds a number with more than %(digits)s digits.")
MAX_KEY = 200
BAD_TEXT = _("This file holds a text that cannot be stored: %(where)s %(problem)s.")
NOT_FINITE = _("is not a finite number")
THE_DOCUMENT = _("the document")

STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
NOT_BRACKET = re.compile(r"[^\[\]{}]+")
DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep lists and objects nest in ``text``, counting brackets outside strings."""
    brackets = NOT_BRACKET.sub("", STRING.sub("", text))
    return max(itertools.accumulate(DEPTH_STEP[b] for b in brackets), default=0)


# The parser's hooks for numbers: their ValidationError goes through ``json.loads`` untouched.
def parse_constant(name: str) -> Any:
    raise ValidationError(NOT_A_NUMBER % {"value": name}, code="number")


def parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValidationError(NOT_A_NUMBER % {"value": text[:40]}, code="number")
    return value


def parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValidationError(interpolate(TOO_MANY_DIGITS, {"digits": MAX_DIGITS}), code="number")
    return int(text)


def at(where: str, name: str | int) -> str:
    """The place of ``name`` in the document place ``where``: ``a.b``, ``a[0]``."""
    if isinstance(name, int):
        return f"{where}[{name}]"
    return f"{where}.{name}" if where else name


def text_problems(data: object) -> tuple[str, str] | None:
    """The first text in ``data`` the database cannot store, as (where, problem); iterative, so
    any depth is safe to walk."""
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            for key in reversed(list(value)):
                if problem := text_problem(str(key), MAX_KEY):
                    label = str(key)[:40].encode("unicode_escape").decode("ascii")
                    return at(where, label), problem
                stack.append((at(where, key), value[key]))
        elif isinstance(value, list):
            stack.extend((at(where, i), value[i]) for i in reversed(range(len(value))))
        elif isinstance(value, str) and (problem := text_problem(value, len(value))):
            return where, problem
        elif isinstance(value, float) and not math.isfinite(value):
            return where, str(NOT_FINITE)
    return None


def parse_json_text(text: str) -> object:
    """The document in ``text``, or a ``ValidationError`` saying why it cannot be read."""
    if nesting_depth(text) > MAX_DEPTH:
        raise ValidationError(interpolate(TOO_DEEP, {"depth": MAX_DEPTH}), code="depth")
    try:
        data = json.loads(
            text, parse_constant=parse_constant, parse_float=parse_float, parse_int=parse_int
        )
    except json.JSONDecodeError as error:
        raise ValidationError(NOT_JSON % {"detail": error}, code="json") from None
    except RecursionError:  # only if the bracket count above were fooled
        raise ValidationError(interpolate(TOO_DEEP, {"depth": MAX_DEPTH}), code="depth") from None
    if found := text_problems(data):
        where, problem = found
        raise ValidationError(BAD_TEXT % {"where": where or THE_DOCUMENT, "problem": problem},
                              code="text")  # fmt: skip
    return data


def read_text_upload(upload: Any, *, max_bytes: int) -> str:
    """The text of an uploaded file of at most ``max_bytes``, UTF-8 (a byte-order mark, which some
    editors and phones write first, is not part of it)."""
    if upload.size > max_bytes:
        raise ValidationError(
            interpolate(FILE_TOO_BIG, {"size": max_bytes // (1024 * 1024)}), code="size"
        )
    try:
        return str(upload.read(max_bytes + 1).decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ValidationError(NOT_UTF8, code="encoding") from None


def read_json_upload(upload: Any, *, max_bytes: int) -> object:
    """The JSON document of an uploaded file of at most ``max_bytes``."""
    return parse_json_text(read_text_upload(upload, max_bytes=max_bytes))
