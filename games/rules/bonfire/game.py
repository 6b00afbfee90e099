"""The rules API: list and apply moves, and how the game ends.

Moves are plain dicts in the ``bonfire-scenario/1`` move shape (``docs/formats/
bonfire-scenario.md``), so they go straight into a move log. Every move names its ``player``; only
the player whose turn it is may move, until ``end_turn``. Starting a game from its setup and
replaying a move log are in ``scenario`` (``new_game``, ``replay``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from . import council, errors, guardians, moves, ship, tasks
from .content import Content
from .counts import Counts
from .destiny import ENDS, TOP, free_cells, place_destiny
from .errors import IllegalMove
from .moves import Move
from .payment import first_plan, pays_exactly
from .state import TOKENS, Player, State


def starting_state(content: Content, players: Sequence[Player]) -> State:
    """A game before its first move: each player gets one Task space per Bonfire and the starting
    Destiny tile on the start cell unless given; the shared board is as the content sets it.
    (``new_game`` reads a setup into these; a caller holding checked players may start here.)"""
    area = content.destiny_area
    seated = tuple(
        replace(
            p,
            tasks=p.tasks or (None,) * len(content.bonfires),
            destiny=p.destiny or ((area.start, area.start_tile),),
        )
        for p in players
    )
    return State(
        content=content,
        players=seated,
        path_display=tuple(t.id for t in content.path_tokens),
        council=tuple((s.id, ()) for s in content.council),
        island_offerings=tuple((i.id, ()) for i in content.islands),
        island_tasks=tuple((i.id, i.tasks) for i in content.islands),
    )


def _place_destiny(state: State, player: Player, move: Move) -> State:
    end = move.get("end", TOP)
    if end not in ENDS:
        raise errors.bad_move("end", 'place_destiny: end must be "top" or "bottom"')
    return state.with_player(place_destiny(state.content, player, end, moves.cell(move)))


def _pay(state: State, player: Player, move: Move) -> State:
    cost = moves.counts(move, "cost", state.content.colours)
    plan = moves.counts(move, "plan", state.content.colours) if "plan" in move else None
    if plan is None:
        found = first_plan(player.tiles, cost)
    else:
        found = plan if pays_exactly(player.tiles, cost, plan) else None
    if found is None:
        raise errors.refuse(
            errors.CANNOT_PAY,
            f"{'your tiles' if plan is None else plan.text()} cannot pay {cost.text()} "
            f"(you have {player.tiles.text()}; a tile you lack takes 1 yellow or any 2 tiles) "
            "(B2, p. 8)",
            cost=cost.as_dict(),
            have=player.tiles.as_dict(),
        )
    return state.with_player(replace(player, tiles=player.tiles - found))


def _spend_tokens(player: Player, cost: int, what: str) -> Player:
    if player.tokens < cost:
        raise errors.refuse(
            errors.CANNOT_PAY,
            f"{what} costs {cost} Action token(s); you have {player.tokens} (B3, p. 8)",
            rule="B3",
            cost={TOKENS: cost},
            have={TOKENS: player.tokens},
        )
    return replace(player, tokens=player.tokens - cost)


def _move_ship(state: State, player: Player, move: Move) -> State:
    goal = moves.text(move, "to", "an island id")
    cost = ship.ship_cost(state.content, player.ship, goal)
    player = replace(_spend_tokens(player, cost, f"sailing to {goal}"), ship=goal)
    return replace(state.with_player(player), just_moved=True)


def _island_action(state: State, player: Player, move: Move) -> State:
    if not state.just_moved or player.ship is None:
        raise errors.refuse(
            errors.NOT_AFTER_MOVE,
            "an island's action is taken immediately after moving the Ship (B3, p. 8)",
        )
    island = state.content.island(player.ship)
    player = _spend_tokens(player, island.action_tokens, f"{island.name}'s action")
    if not player.resources.covers(island.action_resources):
        raise errors.refuse(
            errors.CANNOT_PAY,
            f"{island.name}'s action costs {island.action_resources.text()}; you have "
            f"{player.resources.text()} (B3, p. 8)",
            rule="B3",
            cost=island.action_resources.as_dict(),
            have=player.resources.as_dict(),
        )
    player = replace(player, resources=player.resources - island.action_resources)
    return state.with_player(player.gain(island.action_gain))


def _build_path(state: State, player: Player, move: Move) -> State:
    index = moves.index(move, "index", "a position in the Path token display (0-5)")
    cost = ship.path_token_cost(state.path_display, index)
    token = state.path_display[index]
    player = _spend_tokens(player, cost, f"Path token no. {index + 1}")
    player = replace(player, path_tokens=(*player.path_tokens, token))
    display = (*state.path_display[:index], *state.path_display[index + 1 :])
    return replace(state.with_player(player), path_display=display)


def _take_task(state: State, player: Player, move: Move) -> State:
    island = moves.text(move, "island", "an island id")
    offering = moves.text(move, "offering", "an Offering tile id")
    tiles = moves.counts(move, "tiles", state.content.colours)
    return tasks.take_task(state, player, island, offering, tiles)


def _light_bonfire(state: State, player: Player, move: Move) -> State:
    index = moves.index(move, "space", "a Task space (0-based)")
    space = moves.text(move, "council", "a High Council space id")
    return council.light_bonfire(state, player, index, space)


def _fulfil_common(state: State, player: Player, move: Move) -> State:
    return council.fulfil_common(state, player, moves.text(move, "task", "a Common Task id"))


def _place_neutral(state: State, player: Player, move: Move) -> State:
    space = moves.text(move, "council", "a High Council space id")
    return council.place_neutral(state, player, space)


def _advance(state: State, player: Player, move: Move) -> State:
    steps = [guardians.Step(guardian, portal) for guardian, portal in moves.steps(move)]
    return state.with_player(guardians.advance(state.content, player, steps))


def _end_turn(state: State, player: Player, move: Move) -> State:
    return replace(state, turn=(state.turn + 1) % len(state.players))


HANDLERS: dict[str, Callable[[State, Player, Move], State]] = {
    "place_destiny": _place_destiny,
    "pay": _pay,
    "move_ship": _move_ship,
    "island_action": _island_action,
    "build_path": _build_path,
    "take_task": _take_task,
    "fulfil_common": _fulfil_common,
    "light_bonfire": _light_bonfire,
    "place_neutral": _place_neutral,
    "advance_guardians": _advance,
    "end_turn": _end_turn,
}
BONUS_ACTIONS = frozenset({"place_neutral"})


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMove`` (nothing changes) when it is not allowed.

    Its fields are checked first (``moves.kind_of``: a field its kind does not have, or lacks, is
    ``bad-move``), then whose turn it is, then each field's value as its kind reads it (a wrong
    type or a negative index is ``bad-move`` naming the field) and the rule of its kind.
    """
    kind = moves.kind_of(move)
    name = move.get("player")
    if not isinstance(name, str) or name not in {p.name for p in state.players}:
        raise errors.bad_move("player", f"{kind}: unknown player {name!r}")
    if name != state.current.name:
        raise errors.refuse(
            errors.NOT_YOUR_TURN,
            f"it is {state.current.name}'s turn, not {name}'s",
            seat=state.current.name,
            player=name,
        )
    after = HANDLERS[kind](state, state.current, move)
    if kind in BONUS_ACTIONS or kind == "move_ship":
        return after
    return replace(after, just_moved=False)


def legal_moves(state: State) -> list[dict[str, Any]]:
    """The current player's moves: Destiny placements, Ship moves and the island's action, Path
    tokens, Tasks to receive (each way to pay the Action tiles due), Common Tasks to fulfil,
    Bonfires to light, Neutral Novices to seat, single Guardian steps, and ``end_turn``.

    Left out, as choices rather than moves: ``pay`` (a cost the table names; ``iter_plans`` lists
    the ways to pay it) and ``advance_guardians`` with several steps (each single step is listed).
    """
    player = state.current
    name = player.name
    candidates: list[dict[str, Any]] = [
        {"kind": "end_turn", "player": name},
        {"kind": "island_action", "player": name},
    ]
    for end in ENDS:
        for cell in free_cells(state.content, player):
            candidates.append(
                {"kind": "place_destiny", "player": name, "end": end, "cell": list(cell)}
            )
    for island in state.content.islands:
        candidates.append({"kind": "move_ship", "player": name, "to": island.id})
    for index in range(len(state.path_display)):
        candidates.append({"kind": "build_path", "player": name, "index": index})
    candidates += _task_moves(state, player)
    for task in state.content.common_tasks:
        candidates.append({"kind": "fulfil_common", "player": name, "task": task.id})
    for space in state.content.council:
        for index in range(len(player.tasks)):
            candidates.append(
                {"kind": "light_bonfire", "player": name, "space": index, "council": space.id}
            )
        candidates.append({"kind": "place_neutral", "player": name, "council": space.id})
    for guardian in range(len(player.guardians)):
        for portal in (False, True):
            step = {"guardian": guardian, "portal": portal}
            candidates.append({"kind": "advance_guardians", "player": name, "steps": [step]})
    return [move for move in candidates if _allowed(state, move)]


def _task_moves(state: State, player: Player) -> list[dict[str, Any]]:
    """Receiving a Task where the Ship is: each face-up Offering, each choice of the Action tiles
    due (at most three, B4)."""
    if player.ship is None:
        return []
    due = sum(1 for who, _ in state.offerings_on(player.ship) if who == player.name) + 1
    held = [colour for colour, count in player.tiles.items for _ in range(min(count, due))]
    return [
        {
            "kind": "take_task",
            "player": player.name,
            "island": player.ship,
            "offering": offering,
            "tiles": Counts.of((colour, 1) for colour in chosen).as_dict(),
        }
        for offering in player.face_up()
        for chosen in sorted(set(itertools.combinations(held, due)))
    ]


def _allowed(state: State, move: Move) -> bool:
    try:
        apply(state, move)
    except IllegalMove:
        return False
    return True


def outcome(state: State) -> None:
    """How the game ended: never decided by the engine, so always ``None``.

    Seed 000 leaves the end to the players: it gives no end condition and no final scoring (B6
    only says that a Guardian at a Bonfire "scores points at final scoring"). Our reading: the
    game goes on (``end_turn`` is always legal) until the players stop and count their scores
    themselves; the turn helper then records those scores, ticks the winners or takes the highest
    score, and keeps the game read-only (``games.bonfire.services.finish_play``).
    """
    return None
