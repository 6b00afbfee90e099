"""A move is read strictly at the engine's edge (``moves.read_move``): an unknown field, a wrong
type or a negative cell coordinate is ``bad-move`` naming the field; nothing is ignored or
coerced (docs/formats/spirits-scenario.md, 'Moves')."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.spirits import IllegalMove, State, apply, new_game, replay

from .factories import scenario, two_player
from .helpers import play_round

ROUND = ["blue1", "blue2", "red1"]


def refused(state: State, move: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        apply(state, move)
    return caught.value


def placing() -> State:
    return play_round(new_game(scenario()), ROUND)


def with_powers() -> State:
    powers = ["move-spirit-tile", "any-colour-edge", "choose-trump", "quiet-token"]
    return play_round(new_game(scenario(powers=powers)), ROUND)


@pytest.mark.parametrize(
    ("move", "field", "message"),
    [
        ({"play": "blue1", "version": "0"}, "version", "unknown field"),
        ({"play": "blue1", "version": 0}, "version", "unknown field"),
        ({"play": "blue1", "card": "blue2"}, "card", "unknown field"),
        ({"play": "blue1", "refill": "blue2"}, "refill", "unknown field"),
        ({"play": "blue1", "seet": "Ana"}, "seet", "unknown field"),
        ({"play": 1}, "play", "expected a string"),
        ({"play": True}, "play", "expected a string"),
        ({"play": "blue1", "seat": 0}, "seat", "expected a string"),
        ({"play": "blue1", "seat": None}, "seat", "expected a string"),
    ],
)
def test_a_play_with_a_wrong_field_is_refused_naming_it(
    move: Any, field: str, message: str
) -> None:
    error = refused(new_game(scenario()), move)
    assert error.code == "bad-move"
    assert error.rule == ""
    assert error.params["field"] == field
    assert error.message.startswith(f'field "{field}": {message}')


@pytest.mark.parametrize(
    ("move", "field", "message"),
    [
        ({"place": [[-1, 0], [0, 0]]}, "place", '"place": -1 is below 0'),
        ({"place": [[0, 0], [0, -3]]}, "place", '"place": -3 is below 0'),
        ({"place": [[True, 0], [0, 1]]}, "place", "pair of integers"),
        ({"place": [["0", 0], [0, 1]]}, "place", "pair of integers"),
        ({"place": [[0, 0, 0]]}, "place", "pair of integers"),
        ({"place": "A1"}, "place", "a list of [row, column] pairs"),
        ({"place": [[0, 0], [0, 1]], "cells": []}, "cells", "unknown field"),
        ({"place": [[0, 0], [0, 1]], "seat": "Cy"}, "seat", "unknown field"),
    ],
)
def test_a_placement_with_a_wrong_field_is_refused_naming_it(
    move: Any, field: str, message: str
) -> None:
    """A negative coordinate is reported with its real value; a bool is not an int."""
    error = refused(placing(), move)
    assert (error.code, error.params["field"]) == ("bad-move", field)
    assert message in error.message


def test_a_negative_coordinate_carries_its_value() -> None:
    assert refused(placing(), {"place": [[0, 0], [-2, 0]]}).params == {
        "field": "place",
        "value": -2,
    }


@pytest.mark.parametrize(
    ("move", "field"),
    [
        ({"automa": "sideways"}, "automa"),
        ({"automa": 1}, "automa"),
        ({"automa": "river", "card": 5}, "card"),
        ({"automa": "river", "card": "red2", "refill": False}, "refill"),
        ({"automa": "deck", "top": "red2"}, "top"),
    ],
)
def test_an_automa_move_with_a_wrong_field_is_refused_naming_it(move: Any, field: str) -> None:
    """The move's shape is read before whose turn it is."""
    error = refused(new_game(two_player()), move)
    assert (error.code, error.params["field"]) == ("bad-move", field)


def test_null_cards_of_an_automa_move_read_as_none_given() -> None:
    """The table writes ``"card": null`` for a deck play with a known deck: the move is read,
    then the rules answer (here: Ana, not the Automa, is due)."""
    state = new_game(two_player())
    for move in ({"automa": "deck", "card": None}, {"automa": "river", "refill": None}):
        assert refused(state, move).code == "not-your-turn"


@pytest.mark.parametrize(
    ("move", "field", "message"),
    [
        ({"discard": "blue3"}, "seat", "missing"),
        ({"discard": 3, "seat": "Ana"}, "discard", "expected a card id or null"),
        ({"discard": None, "seat": ["Ana"]}, "seat", "expected a string"),
        ({"mist_colour": 1}, "mist_colour", "expected a string"),
        ({"power": "choose-trump"}, "colour", "missing"),
        ({"power": "choose-trump", "colour": "red", "cell": [0, 0]}, "cell", "unknown field"),
        ({"power": "quiet-token", "cell": [0, -1]}, "cell", "-1 is below 0"),
        ({"power": "quiet-token", "cell": "0,0"}, "cell", "pair of integers"),
        ({"power": "any-colour-edge", "cell": [5, 5]}, "side", "missing"),
        ({"power": "any-colour-edge", "cell": [5, 5], "side": 4}, "side", "expected a string"),
        ({"power": "move-spirit-tile", "from": [[0, 0]]}, "to", "missing"),
        ({"power": 7}, "power", "expected a string"),
    ],
)
def test_other_moves_with_a_wrong_field_are_refused_naming_it(
    move: Any, field: str, message: str
) -> None:
    error = refused(with_powers(), move)
    assert (error.code, error.params["field"]) == ("bad-move", field)
    assert message in error.message


def test_a_move_that_is_not_one_object_of_one_kind() -> None:
    """No kind, two kinds, or not an object at all: refused without a single field to name."""
    state = new_game(scenario())
    for move in (["play", "blue1"], {}, {"play": "blue1", "place": []}, {"seat": "Ana"}):
        error = refused(state, move)
        assert (error.code, error.params["field"]) == ("bad-move", "")


def test_an_unknown_power_is_unavailable_whatever_its_fields() -> None:
    """A Power the engine does not know is refused as unavailable, not as a bad move."""
    state = play_round(new_game(scenario(powers=["fly"])), ROUND)
    assert refused(state, {"power": "fly", "cell": [0, 0]}).code == "power-unavailable"


def test_replay_stops_at_a_bad_move_with_its_index() -> None:
    state, error = replay(scenario(), [{"play": "blue1"}, {"play": "blue2", "version": "0"}])
    assert error is not None
    assert (error.index, error.code, error.params["field"]) == (1, "bad-move", "version")
    assert state.current == (("Ana", "blue1"),)
