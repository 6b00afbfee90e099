"""A score as players type it: a number, nothing, or a small arithmetic expression.

BG Stats stores a score as text and lets players add up a score sheet in the field
(``"-10+7+22"``). ``score_value`` reads that text with a tiny recursive-descent parser over
``+ - * /``, unary signs and parentheses, in ``Decimal`` (so ``0.1+0.2`` is ``0.3``); nothing
is ever evaluated as code.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

MAX_LENGTH = 100
MAX_DEPTH = 20
PLACES = Decimal("0.0001")
LIMIT = Decimal("1e11")  # the play's ``score`` column holds 12 digits before the point
TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d*)?|\.\d+)|(.))")


class ScoreError(ValueError):
    """Text that is neither a number nor an arithmetic expression of numbers."""


def score_value(text: str) -> Decimal | None:
    """The value of a score as entered: ``None`` for a blank score.

    Raises ``ScoreError`` for anything else than numbers joined by ``+ - * /`` and parentheses,
    a division by zero, or a result too large to keep.
    """
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_LENGTH:
        raise ScoreError(text)
    parser = _Parser(text)
    value = parser.expression(0)
    if parser.peek() is not None or abs(value) >= LIMIT:
        raise ScoreError(text)
    return value.quantize(PLACES, rounding=ROUND_HALF_EVEN)


def score_text(value: Decimal | None) -> str:
    """A score written back as BG Stats writes it: ``"12"``, ``"-3.5"``, ``""`` for none."""
    if value is None:
        return ""
    return format(value.normalize(), "f")


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens: list[tuple[str, str]] = []
        for match in TOKEN.finditer(text):
            number, other = match.groups()
            if number is not None:
                self.tokens.append(("number", number))
            elif other is not None and not other.isspace():
                self.tokens.append(("op", other))
        self.position = 0
        self.text = text

    def peek(self) -> str | None:
        if self.position < len(self.tokens):
            return self.tokens[self.position][1]
        return None

    def take(self) -> tuple[str, str]:
        if self.position >= len(self.tokens):
            raise ScoreError(self.text)
        token = self.tokens[self.position]
        self.position += 1
        return token

    def expression(self, depth: int) -> Decimal:
        value = self.term(depth)
        while self.peek() in {"+", "-"}:
            operator = self.take()[1]
            right = self.term(depth)
            value = value + right if operator == "+" else value - right
        return value

    def term(self, depth: int) -> Decimal:
        value = self.factor(depth)
        while self.peek() in {"*", "/"}:
            operator = self.take()[1]
            right = self.factor(depth)
            if operator == "*":
                value *= right
            elif right == 0:
                raise ScoreError(self.text)
            else:
                value /= right
        return value

    def factor(self, depth: int) -> Decimal:
        if depth > MAX_DEPTH:
            raise ScoreError(self.text)
        kind, token = self.take()
        if kind == "number":
            try:
                return Decimal(token)
            except InvalidOperation:  # pragma: no cover - the token pattern admits only numbers
                raise ScoreError(self.text) from None
        if token in {"+", "-"}:
            value = self.factor(depth + 1)
            return value if token == "+" else -value
        if token == "(":
            value = self.expression(depth + 1)
            if self.take()[1] != ")":
                raise ScoreError(self.text)
            return value
        raise ScoreError(self.text)
