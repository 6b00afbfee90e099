"""Small hand-made positions: tiles are named by symbol and number (``sun1``), and belong in the
panorama at row = the symbol's row, column = number - 1."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from games.rules.solsticio import FORMAT, Panorama, Rainbow, State, apply, new_game

SEED = "001_60d8b239bd4bd858.txt"
SYMBOLS = ("sun", "moon", "leaf", "snow", "wave")
ANA, BRU = "Ana", "Bru"

SPIRITS: dict[str, dict[str, Any]] = {
    "sprite": {"name": "Sprite", "background": "plain", "stars": 5},
    "keeper": {"name": "Keeper", "background": "plain", "stars": 1, "effect": "block-rainbow"},
    "runner": {"name": "Runner", "background": "plain", "stars": 1, "effect": "draw-earth"},
    "prism": {"name": "Prism", "background": "blue", "stars": 0, "effect": "stars-per-rainbow"},
    "herald": {
        "name": "Herald",
        "background": "blue",
        "stars": 0,
        "effect": "stars-per-symbol",
        "symbol": "sun",
    },
    "oak": {"name": "Oak", "background": "blue", "stars": 3},
    "evil": {"name": "Evil Spirit", "background": "plain", "stars": 0, "evil": True},
}


def earth(tile: str, marked: Iterable[str] = ()) -> dict[str, Any]:
    symbol = tile.rstrip("0123456789")
    number = int(tile[len(symbol) :])
    return {
        "id": tile,
        "symbol": symbol,
        "place": [SYMBOLS.index(symbol), number - 1],
        "stars": 1,
        "spirit": tile in marked,
    }


def up(*tiles: str, down: Sequence[str] = ()) -> dict[str, list[str]]:
    """A display place: face-up ``tiles`` (bottom first) over face-down ``down``."""
    return {"down": list(down), "up": list(tiles)}


def scenario(
    *,
    ana: Sequence[str] = (),
    bru: Sequence[str] = (),
    display: Sequence[dict[str, list[str]]] = (),
    pile: Sequence[str] = (),
    spirits: Sequence[str] = (),
    marked: Iterable[str] = (),
    extra: Iterable[str] = (),
    moves: Sequence[dict[str, Any]] = (),
    **more: Any,
) -> dict[str, Any]:
    """A scenario dealing exactly the tiles given; ``extra`` tiles are in the content only (their
    places exist in the panorama) but not in play."""
    shown = [t for stack in display for t in (*stack["down"], *stack["up"])]
    tiles = [*pile, *shown, *ana, *bru, *extra]
    marked = set(marked)
    return {
        "format": FORMAT,
        "content": {
            "symbols": list(SYMBOLS),
            "earth": [earth(t, marked) for t in tiles],
            "spirits": [{"id": s, **SPIRITS[s]} for s in SPIRITS],
        },
        "players": [ANA, BRU],
        "first_player": ANA,
        "deal": {
            "pile": list(pile),
            "display": list(display),
            "hands": {ANA: list(ana), BRU: list(bru)},
            "spirits": list(spirits),
        },
        "moves": list(moves),
        **more,
    }


def game(**kwargs: Any) -> State:
    return new_game(scenario(**kwargs))


def run(state: State, *moves: dict[str, Any]) -> State:
    for move in moves:
        state = apply(state, move)
    return state


def with_panorama(
    state: State,
    seat: int,
    *,
    tiles: Iterable[str] = (),
    rainbows: Iterable[tuple[tuple[int, int], str | None]] = (),
    spirits: Iterable[str] = (),
) -> State:
    """The state with one player's panorama set (tiles at their places)."""
    panorama = Panorama(
        earth=tuple(sorted((state.earth(t).place, t) for t in tiles)),
        rainbows=tuple(Rainbow(cell, blocker) for cell, blocker in rainbows),
        spirits=tuple(spirits),
    )
    pair = (panorama, state.panoramas[1]) if seat == 0 else (state.panoramas[0], panorama)
    return replace(state, panoramas=pair)


def play(seat: str, tile: str) -> dict[str, Any]:
    return {"seat": seat, "play": tile}


def choose(seat: str, kind: str, value: Any) -> dict[str, Any]:
    return {"seat": seat, kind: value}


def passes(seat: str) -> dict[str, Any]:
    return {"seat": seat, "pass": True}


def panorama_tiles(state: State, seat: int) -> list[str]:
    return sorted(tile for _, tile in state.panoramas[seat].earth)
