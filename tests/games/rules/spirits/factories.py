"""Small test fixtures in the spirits-scenario/1 shape (invented sample cards, not a real pack)."""

from __future__ import annotations

import copy
from typing import Any

COLOURS = ("blue", "purple", "red", "green", "orange")
SHAPES = [
    [[0, 0]],
    [[0, 0], [0, 1]],
    [[0, 0], [1, 0], [1, 1]],
    [[0, 0], [0, 1], [0, 2]],
    [[0, 0], [0, 1], [1, 0], [1, 1]],
    [[0, 0], [0, 1], [0, 2], [1, 2]],
]
MISSION_TILE = {
    "id": "M1",
    "cells": [[5, 5], [5, 6], [6, 5], [6, 6]],
    "surround": True,
    "coloured_edges": [],
    "triangle": [5, 5],
}


def cards() -> dict[str, Any]:
    """30 cards: five colours, values 1-6, tiles of 1-4 cells."""
    return {
        f"{colour}{value}": {"colour": colour, "value": value, "tile": SHAPES[value - 1]}
        for colour in COLOURS
        for value in range(1, 7)
    }


def scenario(**overrides: Any) -> dict[str, Any]:
    """A 3-player day mission with one Mission tile to surround and unknown hands."""
    data: dict[str, Any] = {
        "format": "spirits-scenario/1",
        "cards": cards(),
        "board": {
            "size": 12,
            "mission_tiles": [copy.deepcopy(MISSION_TILE)],
            "tokens": [],
            "rocks": [],
        },
        "night": False,
        "players": ["Ana", "Ben", "Cy"],
        "first_player": "Ana",
        "trump": "green",
        "rounds": 7,
        "moves": [],
    }
    data.update(overrides)
    return data


def two_player(**overrides: Any) -> dict[str, Any]:
    """A 2-player mission with the Automa; known deck and hands."""
    data = scenario(
        players=["Ana", "Ben"],
        hands={
            "Ana": ["blue1", "purple2", "red3", "green4", "orange5", "blue6", "purple1"],
            "Ben": ["blue2", "purple3", "red4", "green5", "orange6", "red1", "purple4"],
        },
        automa={
            "deck": ["green1", "orange1", "red5", "blue4", "purple5", "green6"],
            "river": ["blue3", "red2", "green2", "orange2"],
            "kakapo": "Ana",
        },
    )
    data.update(overrides)
    return data


def pack_mission(number: int, *, night: bool = False) -> dict[str, Any]:
    """Mission ``number`` of the sample content pack for three players, without ``cards`` (the
    command line fills them in from the pack)."""
    from games.content import default_pack

    pack = default_pack()
    mission = pack.mission(number)
    return {
        "format": "spirits-scenario/1",
        "board": pack.mission_board(number, night=night),
        "night": night,
        "players": ["Ana", "Bea", "Cid"],
        "first_player": "Ana",
        "trump": mission.trump,
        "rounds": mission.rounds,
    }
