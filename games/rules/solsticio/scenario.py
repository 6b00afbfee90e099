"""The ``solsticio-scenario/1`` format: replaying a scenario and reporting the position.

The format is documented in ``docs/formats/solsticio-scenario.md``; it is an external contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.rules.common import replay_moves

from .errors import IllegalMove, SetupError
from .game import apply_move, legal_moves, new_game, outcome
from .setup import Setup, setup_from_dict
from .state import State


def replay(
    setup: Setup | Mapping[str, Any], moves: Iterable[Mapping[str, Any]], seed: int = 0
) -> State:
    """Rebuild a state from its setup and move log; an ``IllegalMove`` carries the move's index."""
    return replay_moves(new_game(setup, seed), moves, apply_move)


def describe(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON-ready data. With ``seat``, what that player may see: the other hand,
    the face-down display tiles, the Earth pile and the Spirit supply become counts."""

    def hidden(tiles: tuple[str, ...], shown: bool) -> list[str] | int:
        return list(tiles) if shown else len(tiles)

    full = seat is None
    players = state.players
    panoramas = {}
    for index, panorama in enumerate(state.panoramas):
        panoramas[players[index]] = {
            "earth": [{"tile": tile, "place": list(cell)} for cell, tile in panorama.earth],
            "rainbows": [
                {"place": list(r.cell), "blocked": r.blocker is not None, "blocked_by": r.blocker}
                for r in panorama.rainbows
            ],
            "spirits": list(panorama.spirits),
        }
    result = outcome(state)
    pending = state.pending[0] if state.pending else None
    holder = state.evil_holder
    return {
        "players": list(players),
        "turn": players[state.turn],
        "due": players[state.due],
        "version": state.version,
        "display": [
            {"down": hidden(stack.face_down, full), "up": list(stack.face_up)}
            for stack in state.display
        ],
        "hands": {
            name: hidden(hand, full or seat == index)
            for index, (name, hand) in enumerate(zip(players, state.hands, strict=True))
        },
        "pile": hidden(state.pile, full),
        "supply": hidden(state.supply, full),
        "panoramas": panoramas,
        "spirits": {name: panoramas[name]["spirits"] for name in players},
        "evil_spirit": {
            "id": state.setup.content.evil,
            "holder": None if holder is None else players[holder],
            "covers": state.covered,
        },
        "reserve": list(state.reserve),
        "removed": list(state.removed),
        "pending": None
        if pending is None
        else {
            "choice": pending.kind,
            "seat": players[pending.seat],
            "tile": pending.tile,
            "options": [list(c) if isinstance(c, tuple) else c for c in pending.choices],
        },
        "over": result.over,
        "scores": result.scores,
        "winner": result.winner,
    }


# ``describe``'s seat for someone who plays neither hand: every hand is a count.
ONLOOKER = -1


def view_for(state: State, seat: str | None) -> dict[str, Any]:
    """What one player may see, with the moves open to them now; with ``seat`` ``None``, what
    someone who plays neither hand may see (both hands as counts, no moves)."""
    index = ONLOOKER if seat is None else state.seat_index(seat)
    view = describe(state, index)
    view["seat"] = seat
    view["moves"] = legal_moves(state) if state.due == index else []
    return view


def report(state: State, error: IllegalMove | None = None) -> dict[str, Any]:
    """The replay output of the scenario format: the full position and the first illegal move."""
    data = describe(state)
    data["error"] = None
    if error is not None:
        data["error"] = {"move": error.index, "code": error.code, "message": error.message}
    return data


def run_scenario(data: Mapping[str, Any], default_content: Any = None) -> dict[str, Any]:
    """Replay a whole scenario, stopping at the first illegal move, and report the position.

    Raises ``SetupError`` when the scenario cannot start a game.
    """
    setup = setup_from_dict(data, default_content)
    seed = data.get("seed", 0)
    if type(seed) is not int:
        raise SetupError("seed: expected an integer")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise SetupError("moves: expected a list")
    state = new_game(setup, seed)
    for index, move in enumerate(moves):
        try:
            state = apply_move(state, move)
        except IllegalMove as exc:
            return report(state, IllegalMove(exc.code, exc.message, index))
    return report(state)
