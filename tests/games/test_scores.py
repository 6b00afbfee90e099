"""Scores as typed: a number, nothing, or an arithmetic expression, read without ``eval``."""

from decimal import Decimal

import pytest

from games.scores import ScoreError, score_text, score_value


@pytest.mark.parametrize(
    ("entered", "value"),
    [
        ("45", Decimal(45)),
        (" 12 ", Decimal(12)),
        ("8.5", Decimal("8.5")),
        ("-10+7+22", Decimal(19)),
        ("0.1+0.2", Decimal("0.3")),
        ("2*(3+4)", Decimal(14)),
        ("-(-5)", Decimal(5)),
        ("10/4", Decimal("2.5")),
        ("1/3", Decimal("0.3333")),
        ("3 + 4 * 2", Decimal(11)),
        (".5", Decimal("0.5")),
    ],
)
def test_numbers_and_expressions_have_their_value(entered, value):
    assert score_value(entered) == value


@pytest.mark.parametrize("entered", ["", "   "])
def test_a_blank_score_is_none(entered):
    assert score_value(entered) is None


@pytest.mark.parametrize(
    "entered",
    [
        "abc",
        "1+",
        "1//2",
        "1/0",
        "((((1",
        "(1",
        "2**3",
        "1e5",
        '__import__("os").system("true")',
        "1 2",
        "()",
        "1" * 101,
        "-" * 30 + "1",
        "99999999999*99999999999",
    ],
)
def test_anything_else_is_refused(entered):
    with pytest.raises(ScoreError):
        score_value(entered)


@pytest.mark.parametrize(
    ("value", "written"),
    [(None, ""), (Decimal("19.0000"), "19"), (Decimal("8.5000"), "8.5"), (Decimal(100), "100")],
)
def test_scores_are_written_back_as_bg_stats_writes_them(value, written):
    assert score_text(value) == written
