"""The ``bonfire-scenario/1`` format: starting a game from a scenario's setup, replaying its moves,
reporting the result.

The format is documented in ``docs/formats/bonfire-scenario.md``; it is an external contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.rules.common import replay_log

from . import reading as r
from .content import Content, content_from_dict
from .errors import IllegalMove
from .formats import FORMAT
from .game import apply, starting_state
from .moves import Move
from .state import Player, State, TaskSlot


def player_from_dict(data: Any, content: Content, what: str) -> Player:
    """A player's board and supplies; fields left out start empty (Guardians: the content's)."""
    entry = r.obj(data, what)
    islands = {i.id for i in content.islands}
    offerings = {o.id for o in content.offerings}
    ship = entry.get("ship")
    tasks = r.items(entry.get("tasks", [None] * len(content.bonfires)), f"{what}.tasks")
    r.need(len(tasks) == len(content.bonfires), f"{what}.tasks: one entry per Bonfire")
    slots: list[TaskSlot | None] = []
    for i, slot in enumerate(tasks):
        if slot is None:
            slots.append(None)
            continue
        where = f"{what}.tasks[{i}]"
        slot = r.obj(slot, where)
        lit = slot.get("lit", False)
        r.need(isinstance(lit, bool), f"{where}.lit: expected true or false")
        slots.append(TaskSlot(task_on_space(slot.get("task"), content, f"{where}.task"), lit))
    guardians = tuple(
        r.name_in(g, content.spaces(), f"{what}.guardians", "Path tile or Bonfire")
        for g in r.items(entry.get("guardians", list(content.start_guardians)), f"{what}.guardians")
    )
    r.unique(list(guardians), f"{what}.guardians (one Guardian per space)")
    placed = []
    for i, tile in enumerate(r.items(entry.get("destiny", []), f"{what}.destiny")):
        where = f"{what}.destiny[{i}]"
        tile = r.obj(tile, where)
        cell = r.cell(tile.get("cell"), f"{where}.cell")
        r.need(cell in content.destiny_area.cells, f"{where}.cell: outside the Destiny Area")
        placed.append((cell, _id(tile.get("tile"), content, f"{where}.tile")))
    r.need(len({c for c, _ in placed}) == len(placed), f"{what}.destiny: two tiles on one cell")
    return Player(
        name=r.text(entry.get("name"), f"{what}.name"),
        tiles=r.counts(entry.get("tiles"), content.colours, f"{what}.tiles", "colour"),
        tokens=r.integer(entry.get("tokens", 0), f"{what}.tokens"),
        markers=r.integer(entry.get("markers", 0), f"{what}.markers"),
        resources=r.counts(
            entry.get("resources"), content.resources, f"{what}.resources", "resource"
        ),
        ship=None if ship is None else r.name_in(ship, islands, f"{what}.ship", "island"),
        offerings=tuple(
            r.name_in(o, offerings, f"{what}.offerings", "Offering")
            for o in r.items(entry.get("offerings", []), f"{what}.offerings")
        ),
        tasks=tuple(slots),
        neutral_novices=r.integer(entry.get("neutral_novices", 0), f"{what}.neutral_novices"),
        guardians=guardians,
        destiny_supply=tuple(
            _id(t, content, f"{what}.destiny_supply")
            for t in r.items(entry.get("destiny_supply", []), f"{what}.destiny_supply")
        ),
        destiny=tuple(sorted(placed)),
        path_tokens=tuple(
            r.name_in(t, {p.id for p in content.path_tokens}, f"{what}.path_tokens", "Path token")
            for t in r.items(entry.get("path_tokens", []), f"{what}.path_tokens")
        ),
    )


def task_on_space(value: Any, content: Content, what: str) -> str:
    """A Task on a player's Task space: one taken from an island, never a Common Task.

    Seed 000, B4 (p. 9): a Task is received at an island and put "on a Task space of your board";
    B5 (p. 11): Common Tasks are fulfilled, and give a Neutral Novice, never taken. So a Common
    Task on a Task space is a setup error (it could not be lit: its space has no Task to flip).
    """
    name = r.text(value, what)
    r.need(
        name not in {t.id for t in content.common_tasks},
        f"{what}: {name!r} is a Common Task; a Task space holds a Task received at an island "
        "(seed 000, B4 p. 9; Common Tasks are fulfilled, never taken, B5 p. 11)",
    )
    return r.name_in(name, {t.id for t in content.tasks}, what, "task")


def _id(value: Any, content: Content, what: str) -> str:
    return r.name_in(value, {t.id for t in content.destiny_tiles}, what, "Destiny tile")


def player_to_dict(player: Player) -> dict[str, Any]:
    return {
        "name": player.name,
        "tiles": player.tiles.as_dict(),
        "tokens": player.tokens,
        "markers": player.markers,
        "resources": player.resources.as_dict(),
        "ship": player.ship,
        "offerings": list(player.offerings),
        "tasks": [None if s is None else {"task": s.task, "lit": s.lit} for s in player.tasks],
        "neutral_novices": player.neutral_novices,
        "guardians": list(player.guardians),
        "destiny_supply": list(player.destiny_supply),
        "destiny": [{"cell": list(cell), "tile": tile} for cell, tile in player.destiny],
        "path_tokens": list(player.path_tokens),
    }


def new_game(setup: Mapping[str, Any], *, seed: int = 0) -> State:
    """A game before its first move, from a setup: a ``bonfire-scenario/1`` object's ``format``,
    ``content`` and ``players`` (its ``moves``, if any, are ``replay``'s). Raises ``SetupError``.

    ``seed`` is accepted as in every engine and changes nothing: nothing in Bonfire is dealt by
    the engine; the setup gives every supply in its order (the turn helper deals from the content
    pack, ``games.bonfire.services.starting_players``).
    """
    data = r.obj(setup, "scenario")
    r.need(data.get("format") == FORMAT, f'format: expected "{FORMAT}"')
    content = content_from_dict(r.obj(data.get("content"), "content"))
    entries = r.items(data.get("players"), "players")
    r.need(len(entries) > 0, "players: expected at least one player")
    players = [player_from_dict(p, content, f"players[{i}]") for i, p in enumerate(entries)]
    r.unique([p.name for p in players], "players")
    return starting_state(content, players)


def replay(
    setup: Mapping[str, Any], moves: Iterable[Move], *, seed: int = 0
) -> tuple[State, IllegalMove | None]:
    """The game ``setup`` starts, after ``moves`` in order: it stops at the first illegal one and
    returns it (its ``index`` set) beside the state before it. Raises ``SetupError`` for a bad
    setup."""
    return replay_log(new_game(setup, seed=seed), moves, apply)


def board_to_dict(state: State) -> dict[str, Any]:
    """The shared board: whose turn, the Path token display, High Council, islands."""
    return {
        "turn": state.current.name,
        "path_display": list(state.path_display),
        "council": {
            space: [{"colour": colour, "player": who} for colour, who in held]
            for space, held in state.council
        },
        "islands": {
            island: {
                "offerings": [
                    {"player": who, "offering": o} for who, o in state.offerings_on(island)
                ],
                "tasks": list(state.tasks_on(island)),
            }
            for island, _ in state.island_tasks
        },
        "common_done": [{"task": task, "player": who} for task, who in state.common_done],
        "just_moved": state.just_moved,
    }


def report(state: State, error: Any = None, applied: int = 0) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "players": [player_to_dict(p) for p in state.players],
        "board": board_to_dict(state),
        "applied": applied,
        "error": error,
    }


def run_scenario(data: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a whole scenario and return its report; raises ``SetupError`` for a bad setup."""
    moves = r.items(data.get("moves", []), "moves")
    state, error = replay(data, moves)
    if error is None:
        return report(state, applied=len(moves))
    found = {"move": error.index, "code": error.code, "message": error.message, "rule": error.rule}
    return report(state, found, applied=error.index or 0)
