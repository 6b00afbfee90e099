"""Benchmark of the spirits rules engine; prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_spirits.py``.

1. Listing every legal placement of every card's tile (40 cards, tiles of 1-5 cells) on a
   half-filled 12 × 12 board: the engine's bitboards against a plain set-of-cells reference.
2. ``replay`` of a full 7-round, 3-player mission.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules.spirits import apply, legal_moves, new_game, replay
from games.rules.spirits.bitboard import mask_of
from games.rules.spirits.cards import Card
from games.rules.spirits.placement import legal_masks

SIZE = 12
COLOURS = ("blue", "purple", "red", "green", "orange")


def _polyomino(rng: random.Random, cells: int) -> list[list[int]]:
    shape = {(0, 0)}
    while len(shape) < cells:
        r, c = rng.choice(sorted(shape))
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        shape.add((r + dr, c + dc))
    top = min(r for r, _ in shape)
    left = min(c for _, c in shape)
    return sorted([r - top, c - left] for r, c in shape)


def _cards(rng: random.Random) -> dict[str, Any]:
    cards = {}
    for i in range(40):
        colour = COLOURS[i % 5]
        cards[f"{colour}{i // 5 + 1}"] = {
            "colour": colour,
            "value": i // 5 + 1,
            "tile": _polyomino(rng, 1 + i % 5),
        }
    return cards


# --- the set-of-cells reference ------------------------------------------------------------------


def _ref_orientations(tile: list[list[int]]) -> list[frozenset[tuple[int, int]]]:
    def norm(cells: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        return frozenset((r - top, c - left) for r, c in cells)

    found: list[frozenset[tuple[int, int]]] = []
    for side in ({(r, c) for r, c in tile}, {(r, -c) for r, c in tile}):
        shape = norm(side)
        for _ in range(4):
            if shape not in found:
                found.append(shape)
            shape = norm({(c, -r) for r, c in shape})
    return found


def reference_legal_placements(
    tile: list[list[int]], occupied: set[tuple[int, int]]
) -> list[frozenset[tuple[int, int]]]:
    """Plain sets: every orientation at every offset, checked cell by cell."""
    out = []
    for shape in _ref_orientations(tile):
        for dr in range(SIZE):
            for dc in range(SIZE):
                cells = frozenset((r + dr, c + dc) for r, c in shape)
                if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells) and not (
                    cells & occupied
                ):
                    out.append(cells)
    return out


def _median(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_placements() -> None:
    rng = random.Random(3)
    cards = _cards(rng)
    all_cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
    occupied = set(rng.sample(all_cells, len(all_cells) // 2))
    occupied_mask = mask_of(occupied, SIZE)
    engine_cards = [
        Card(k, v["colour"], v["value"], tuple((r, c) for r, c in v["tile"]))
        for k, v in cards.items()
    ]

    def engine() -> int:
        return sum(len(legal_masks(card, occupied_mask, SIZE)) for card in engine_cards)

    def reference() -> int:
        return sum(len(reference_legal_placements(v["tile"], occupied)) for v in cards.values())

    assert engine() == reference(), "engine and reference disagree"
    fast = _median(engine, 50)
    slow = _median(reference, 10)
    print(f"legal placements, 40 cards, half-filled board: engine {fast * 1e3:.3f} ms (median)")
    print(f"legal placements, set-of-cells reference:       {slow * 1e3:.3f} ms (median)")
    print(f"speed-up: {slow / fast:.1f}x (target >= 10x)")


def _mission() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    rng = random.Random(7)
    setup: dict[str, Any] = {
        "format": "spirits-scenario/1",
        "cards": _cards(rng),
        "board": {
            "size": 12,
            "mission_tiles": [
                {
                    "id": "M1",
                    "cells": [[5, 5], [5, 6], [6, 5], [6, 6]],
                    "surround": True,
                    "coloured_edges": [{"cell": [5, 5], "side": "N", "colour": "red"}],
                    "triangle": [5, 5],
                }
            ],
            "tokens": [{"kind": "mist", "cell": [2, 2], "colour": "blue"}],
            "rocks": [[9, 9]],
        },
        "night": False,
        "players": ["Ana", "Ben", "Cy"],
        "first_player": "Ana",
        "trump": "green",
        "rounds": 7,
        "deal": True,
    }
    state = new_game(setup, seed=1)
    moves: list[dict[str, Any]] = []
    while True:
        options = legal_moves(state)
        if not options:
            break
        move = options[rng.randrange(len(options))]
        state = apply(state, move)
        moves.append(move)
    assert len(state.tricks) == 7, "the bench mission plays all 7 rounds"
    return setup, moves


def bench_replay() -> None:
    setup, moves = _mission()
    median = _median(lambda: replay(setup, moves, seed=1), 200)
    print(
        f"replay, 7-round 3-player mission ({len(moves)} moves): {median * 1e3:.3f} ms median "
        "(target < 5 ms)"
    )


if __name__ == "__main__":
    bench_placements()
    bench_replay()
