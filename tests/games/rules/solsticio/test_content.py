"""Content: the capture rule and the panorama places as replaceable readings, and content checks."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.solsticio import (
    CaptureRule,
    EarthTile,
    SetupError,
    can_capture,
    comes_across_spirit,
    content_from_dict,
    content_to_dict,
    panorama_place,
)

from .factories import SPIRITS, SYMBOLS, earth


def _content(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "symbols": list(SYMBOLS),
        "earth": [earth("sun1", ["sun1"]), earth("moon1")],
        "spirits": [{"id": s, **SPIRITS[s]} for s in SPIRITS],
    }
    data.update(changes)
    return data


SUN = EarthTile("s", "sun", (0, 0), 1)
MOON = EarthTile("m", "moon", (1, 0), 1)


def test_same_symbol_is_the_sample_capture_rule() -> None:
    """Seed 001, p. 1, S1 does not say what lets a tile capture: our sample reading is the same
    symbol."""
    rule = CaptureRule()
    assert can_capture(rule, SUN, EarthTile("t", "sun", (0, 1), 2))
    assert not can_capture(rule, SUN, MOON)


def test_a_pairs_capture_rule_replaces_it() -> None:
    """Seed 001, p. 1, S1: another content may say which symbols capture which."""
    rule = CaptureRule("pairs", (("sun", "moon"),))
    assert can_capture(rule, SUN, MOON)
    assert not can_capture(rule, MOON, SUN)
    assert not can_capture(rule, SUN, SUN)


def test_places_and_spirit_marks_come_from_the_content() -> None:
    """Seed 001, p. 2, S3 and S5: where a tile belongs and whether it brings a Spirit are the
    content's (our readings)."""
    marked = EarthTile("x", "sun", (3, 4), 1, spirit=True)
    assert panorama_place(marked) == (3, 4)
    assert comes_across_spirit(marked)
    assert not comes_across_spirit(SUN)


def test_content_round_trip() -> None:
    data = _content(capture={"rule": "pairs", "pairs": [["sun", "moon"]]})
    content = content_from_dict(data)
    assert content_from_dict(content_to_dict(content)) == content
    assert content.evil == "evil"
    assert content.places == frozenset({(0, 0), (1, 0)})
    assert content_from_dict(_content(spirits=[])).evil is None


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"symbols": ["sun", "sun"]}, "content.symbols: a symbol is listed twice"),
        ({"symbols": "sun"}, "content.symbols: expected a list"),
        ({"earth": []}, "content.earth: expected at least one Earth tile"),
        (
            {"earth": [earth("sun1"), {**earth("moon1"), "id": "sun1"}]},
            "content: a tile id is used twice",
        ),
        (
            {"earth": [earth("sun1"), {**earth("moon1"), "place": [0, 0]}]},
            "content.earth: two tiles belong to the same place",
        ),
        (
            {"earth": [{**earth("sun1"), "symbol": "star"}]},
            "content.earth[0].symbol: unknown symbol 'star'",
        ),
        (
            {"earth": [{**earth("sun1"), "spirit": 1}]},
            "content.earth[0].spirit: expected true or false",
        ),
        (
            {"earth": [{**earth("sun1"), "place": [0]}]},
            "content.earth[0].place: expected [row, column]",
        ),
        (
            {"earth": [{**earth("sun1"), "stars": -1}]},
            "content.earth[0].stars: expected an integer >= 0",
        ),
        (
            {"earth": [{**earth("sun1"), "id": " "}]},
            "content.earth[0].id: expected a non-empty string",
        ),
        ({"earth": ["sun1"]}, "content.earth[0]: expected an object"),
        (
            {"spirits": [{"id": "a", "name": "A", "background": "red"}]},
            "content.spirits[0].background: expected plain or blue",
        ),
        (
            {
                "spirits": [
                    {"id": "a", "name": "A", "background": "plain", "effect": "stars-per-rainbow"}
                ]
            },
            "content.spirits[0].effect: a plain Spirit has one of none, block-rainbow, draw-earth",
        ),
        (
            {
                "spirits": [
                    {"id": "a", "name": "A", "background": "blue", "effect": "stars-per-symbol"}
                ]
            },
            "content.spirits[0].symbol: expected a symbol of the content",
        ),
        (
            {"spirits": [{"id": "a", "name": "A", "background": "plain", "evil": "yes"}]},
            "content.spirits[0].evil: expected true or false",
        ),
        (
            {
                "spirits": [
                    {"id": "a", "name": "A", "background": "plain", "evil": True},
                    {"id": "b", "name": "B", "background": "plain", "evil": True},
                ]
            },
            "content.spirits: more than one Evil Spirit",
        ),
        (
            {"capture": {"rule": "bigger"}},
            "content.capture.rule: expected one of same-symbol, pairs",
        ),
        (
            {"capture": {"rule": "pairs", "pairs": [["sun"]]}},
            "content.capture.pairs: expected [capturing symbol, captured symbol] pairs",
        ),
        (
            {"capture": {"rule": "pairs", "pairs": [["sun", "star"]]}},
            "content.capture.pairs: unknown symbol in ['sun', 'star']",
        ),
        ({"capture": "same"}, "content.capture: expected an object"),
    ],
)
def test_content_checks(changes: dict[str, Any], message: str) -> None:
    """Content that cannot make a game is refused with a message naming the field."""
    with pytest.raises(SetupError) as caught:
        content_from_dict(_content(**changes))
    assert caught.value.message == message
    assert caught.value.code == "bad-setup"
