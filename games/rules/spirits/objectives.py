"""Mission objectives and the end of a mission.

Seed 003, 'Mission tile constraints' (coloured edges fail the mission) and 'Switching to Night
mode' (encircling Mission tiles); the mission's round count ends it ('The Decision card').
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .bitboard import mask_of, neighbours
from .board import Board, MissionTile, Token
from .night import active_cells, tokens_must_be_covered

SUCCESS = "success"
FAILURE = "failure"
IN_PROGRESS = "in-progress"
NOT_SURROUNDED = "not-surrounded"
NO_LEGAL_PLACEMENT = "no-legal-placement"
OUT_OF_CARDS = "out-of-cards"


@dataclass(frozen=True)
class Outcome:
    """``result`` is success, failure or in-progress; ``reasons`` are codes for a failure."""

    result: str
    reasons: tuple[str, ...] = ()


def surrounded(
    tile: MissionTile, board: Board, night: bool, spirit_mask: int, tokens: Iterable[Token]
) -> bool:
    """Whether a Mission tile is surrounded.

    Every grid cell orthogonally adjacent to the tile and not part of it must be covered by a
    Spirit tile or belong to another Mission tile; in day mode a cell still holding a Whirlpool or
    Mist token also counts, in Night mode it must be covered (``tokens_must_be_covered``).
    """
    size = board.size
    own = mask_of(active_cells(tile, night), size)
    closed = spirit_mask
    for other in board.mission_tiles:
        closed |= mask_of(active_cells(other, night), size)
    if not tokens_must_be_covered(night):
        closed |= mask_of((token.cell for token in tokens), size)
    ring = neighbours(own, size)
    return ring & ~closed == 0


def mission_result(
    board: Board,
    night: bool,
    spirit_mask: int,
    tokens: Iterable[Token],
    violations: Iterable[str],
) -> Outcome:
    """The result after the last round: success when all objectives hold and no coloured edge was
    violated."""
    remaining = tuple(tokens)
    reasons = sorted(set(violations))
    if not all(
        surrounded(tile, board, night, spirit_mask, remaining)
        for tile in board.mission_tiles
        if tile.surround
    ):
        reasons.append(NOT_SURROUNDED)
    if reasons:
        return Outcome(FAILURE, tuple(reasons))
    return Outcome(SUCCESS)
