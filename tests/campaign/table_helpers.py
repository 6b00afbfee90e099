"""Helpers to drive a mission at the table through the services, choosing legal moves."""

from __future__ import annotations

from typing import Any

from campaign import services
from campaign.models import Adventure
from campaign.table import services as table
from games.rules import spirits

WHIRLPOOL_CELL = [0, 0]
MIST_CELL = [11, 11]
RIVER = ["blue-1", "purple-1", "red-1", "green-1"]


def setup_with_tokens(
    adventure: Adventure,
    players: list[str],
    *,
    first_player: str | None = None,
    rounds: int | None = None,
    surround: bool = True,
    loadout: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The current mission's setup with a Whirlpool and a Mist token in opposite corners (and the
    Moon tiles, Power tiles of ``loadout`` and Power tokens of the campaign)."""
    adventure = Adventure.objects.get(pk=adventure.pk)
    setup = table.table_setup(
        pack=adventure.content_pack.pack(),
        campaign=services.current_state(adventure),
        mission=adventure.current_mission,
        players=players,
        first_player=first_player or players[0],
        trump="blue",
        automa_river=RIVER if len(players) == 2 else (),
        loadout=loadout,
    )
    setup["board"]["tokens"] = [
        {"kind": "whirlpool", "cell": WHIRLPOOL_CELL},
        {"kind": "mist", "cell": MIST_CELL, "colour": "red"},
    ]
    if rounds is not None:
        setup["rounds"] = rounds
    if not surround:
        for tile in setup["board"]["mission_tiles"]:
            tile["surround"] = False
    return setup


def token_cells(state: spirits.State) -> set[tuple[int, int]]:
    return {t.cell for t in state.tokens}


def placement(state: spirits.State, *, cover: list[int] | None = None) -> list[list[int]]:
    """A legal placement that breaks no coloured edge, covering ``cover`` (or no token)."""
    tokens = token_cells(state)
    for cells in spirits.legal_placements(state):
        covered = {tuple(c) for c in cells} & tokens
        if cover is not None and tuple(cover) not in covered:
            continue
        if cover is None and covered:
            continue
        after = spirits.apply(state, {"place": cells})
        if len(after.violations) == len(state.violations):
            return cells
    raise AssertionError("no placement found")


def next_move(state: spirits.State, *, cover: list[int] | None = None) -> dict[str, Any]:
    if state.phase == "place":
        return {"place": placement(state, cover=cover)}
    moves = [m for m in spirits.legal_moves(state) if "power" not in m]
    return moves[0]


def planned_moves(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """Every move of a mission from ``setup`` to its end, as ``next_move`` makes them."""
    state, planned = spirits.new_game(setup), []
    while state.phase != "over":
        move = next_move(state)
        planned.append(move)
        state = spirits.apply(state, move)
    return planned


def play(attempt: Any, by: Any, *, cover: list[int] | None = None) -> table.MoveResult:
    attempt.refresh_from_db()
    state = table.state_of(attempt)
    return table.submit_move(
        attempt=attempt, move=next_move(state, cover=cover), version=attempt.version, by=by
    )


def play_until(attempt: Any, by: Any, phase: str, *, cover: list[int] | None = None) -> None:
    """Play legal moves until the engine reaches ``phase``."""
    for _ in range(200):
        attempt.refresh_from_db()
        if table.state_of(attempt).phase == phase:
            return
        play(attempt, by, cover=cover)
    raise AssertionError(f"never reached {phase}")


def play_out(attempt: Any, by: Any) -> None:
    for _ in range(400):
        attempt.refresh_from_db()
        if table.state_of(attempt).phase == "over":
            return
        play(attempt, by)
    raise AssertionError("the mission never ended")
