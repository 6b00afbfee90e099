"""Benchmark of the Solsticio rules engine; prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_solsticio.py``.

1,000 seeded random games with the sample content (read once; each seed deals its own game),
each played to the end through ``legal_moves`` and ``apply``: games per second, moves per
second and the longest game's length. Then the replay of the longest game from its move log.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.content.solsticio import solsticio_pack
from games.rules.solsticio import Setup, apply, legal_moves, new_game, replay, setup_from_dict

GAMES = 1_000
#: A game's moves are bounded (each turn spends a hand tile); stop a runaway anyway.
MOVE_LIMIT = 1_000
TIME_LIMIT = 120.0


def play_one(setup: Setup, seed: int) -> list[dict[str, Any]]:
    """One game to the end with moves chosen by ``random.Random(seed)``; returns the move log."""
    rng = random.Random(seed)
    state = new_game(setup, seed=seed)
    moves: list[dict[str, Any]] = []
    while not state.over and len(moves) < MOVE_LIMIT:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
    return moves


def main() -> None:
    setup = setup_from_dict(solsticio_pack().scenario(("Ana", "Bru")))  # read once, dealt per seed
    started = time.perf_counter()
    longest: tuple[int, int] = (0, 0)
    total_moves = played = 0
    for seed in range(GAMES):
        moves = play_one(setup, seed)
        total_moves += len(moves)
        longest = max(longest, (len(moves), seed))
        played += 1
        if time.perf_counter() - started > TIME_LIMIT:
            break
    elapsed = time.perf_counter() - started
    print(f"{played} random games to the end in {elapsed:.2f} s")
    print(f"  {played / elapsed:,.0f} games/s, {total_moves / elapsed:,.0f} moves/s")
    print(f"  longest game: {longest[0]} moves (seed {longest[1]})")
    print(f"  mean game: {total_moves / played:.1f} moves")
    moves = play_one(setup, longest[1])
    started = time.perf_counter()
    replay(setup, moves, seed=longest[1])
    print(f"  replay of the longest game: {(time.perf_counter() - started) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
