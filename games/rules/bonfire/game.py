"""The public rules API: start a game, list and apply moves.

Moves are plain dicts in the ``bonfire-scenario/1`` move shape (``docs/formats/
bonfire-scenario.md``), so they go straight into a move log. Every move names its ``player``; only
the player whose turn it is may move, until ``end_turn``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from . import council, errors, guardians, ship, tasks
from .content import Content
from .counts import Counts
from .destiny import ENDS, TOP, free_cells, place_destiny
from .errors import IllegalMove
from .payment import payment_plans, pays_exactly
from .reading import Cell
from .state import Player, State

Move = Mapping[str, Any]


def new_game(content: Content, players: Sequence[Player]) -> State:
    """A game before its first move: each player gets one Task space per Bonfire and the starting
    Destiny tile on the start cell unless given; the shared board is as the content sets it."""
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


def _bad(message: str) -> IllegalMove:
    return IllegalMove(errors.BAD_MOVE, message)


def _field(move: Move, name: str, kind: type, what: str) -> Any:
    value = move.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _bad(f"{move.get('kind')}: {name} must be {what}")
    return value


def _counts(move: Move, name: str, known: Sequence[str]) -> Counts:
    value = _field(move, name, dict, "an object of counts by colour")
    for colour, count in value.items():
        if colour not in known or type(count) is not int or count < 0:
            raise _bad(f"{move.get('kind')}: {name}.{colour} must be a known colour and a count")
    return Counts.of(value)


def _cell(move: Move) -> Cell:
    value = move.get("cell")
    if not (isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value)):
        raise _bad("place_destiny: cell must be [row, col]")
    return (value[0], value[1])


def _place_destiny(state: State, player: Player, move: Move) -> State:
    end = move.get("end", TOP)
    if end not in ENDS:
        raise _bad('place_destiny: end must be "top" or "bottom"')
    return state.with_player(place_destiny(state.content, player, end, _cell(move)))


def _pay(state: State, player: Player, move: Move) -> State:
    cost = _counts(move, "cost", state.content.colours)
    if "plan" in move:
        plan = _counts(move, "plan", state.content.colours)
        ok = pays_exactly(player.tiles, cost, plan)
    else:
        plans = payment_plans(player.tiles, cost)
        ok, plan = bool(plans), (plans[0] if plans else Counts())
    if not ok:
        raise IllegalMove(
            errors.CANNOT_PAY,
            f"{plan.text() if 'plan' in move else 'your tiles'} cannot pay {cost.text()} "
            f"(you have {player.tiles.text()}; a tile you lack takes 1 yellow or any 2 tiles) "
            "(B2, p. 8)",
        )
    return state.with_player(replace(player, tiles=player.tiles - plan))


def _spend_tokens(player: Player, cost: int, what: str) -> Player:
    if player.tokens < cost:
        raise IllegalMove(
            errors.CANNOT_PAY,
            f"{what} costs {cost} Action token(s); you have {player.tokens} (B3, p. 8)",
            rule="B3",
        )
    return replace(player, tokens=player.tokens - cost)


def _move_ship(state: State, player: Player, move: Move) -> State:
    goal = _field(move, "to", str, "an island id")
    cost = ship.ship_cost(state.content, player.ship, goal)
    player = replace(_spend_tokens(player, cost, f"sailing to {goal}"), ship=goal)
    return replace(state.with_player(player), just_moved=True)


def _island_action(state: State, player: Player, move: Move) -> State:
    if not state.just_moved or player.ship is None:
        raise IllegalMove(
            errors.NOT_AFTER_MOVE,
            "an island's action is taken immediately after moving the Ship (B3, p. 8)",
        )
    island = state.content.island(player.ship)
    player = _spend_tokens(player, island.action_tokens, f"{island.name}'s action")
    if not player.resources.covers(island.action_resources):
        raise IllegalMove(
            errors.CANNOT_PAY,
            f"{island.name}'s action costs {island.action_resources.text()}; you have "
            f"{player.resources.text()} (B3, p. 8)",
            rule="B3",
        )
    player = replace(player, resources=player.resources - island.action_resources)
    return state.with_player(player.gain(island.action_gain))


def _build_path(state: State, player: Player, move: Move) -> State:
    index = _field(move, "index", int, "a position in the Path token display (0-5)")
    cost = ship.path_token_cost(state.path_display, index)
    token = state.path_display[index]
    player = _spend_tokens(player, cost, f"Path token no. {index + 1}")
    player = replace(player, path_tokens=(*player.path_tokens, token))
    display = (*state.path_display[:index], *state.path_display[index + 1 :])
    return replace(state.with_player(player), path_display=display)


def _take_task(state: State, player: Player, move: Move) -> State:
    island = _field(move, "island", str, "an island id")
    offering = _field(move, "offering", str, "an Offering tile id")
    return tasks.take_task(
        state, player, island, offering, _counts(move, "tiles", state.content.colours)
    )


def _light_bonfire(state: State, player: Player, move: Move) -> State:
    index = _field(move, "space", int, "a Task space (0-based)")
    return council.light_bonfire(state, player, index, _field(move, "council", str, "a space id"))


def _fulfil_common(state: State, player: Player, move: Move) -> State:
    return council.fulfil_common(state, player, _field(move, "task", str, "a Common Task id"))


def _place_neutral(state: State, player: Player, move: Move) -> State:
    return council.place_neutral(state, player, _field(move, "council", str, "a space id"))


def _advance(state: State, player: Player, move: Move) -> State:
    raw = _field(move, "steps", list, "a list of steps")
    steps = []
    for step in raw:
        if not isinstance(step, Mapping) or type(step.get("guardian")) is not int:
            raise _bad('advance_guardians: each step is {"guardian": n, "portal": false}')
        steps.append(guardians.Step(step["guardian"], step.get("portal") is True))
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


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMove`` (nothing changes) when it is not allowed."""
    if not isinstance(move, Mapping):
        raise _bad("a move is a JSON object")
    kind = move.get("kind")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise _bad(f"unknown move kind {kind!r}; expected one of {', '.join(HANDLERS)}")
    name = move.get("player")
    if name not in {p.name for p in state.players}:
        raise _bad(f"{kind}: unknown player {name!r}")
    if name != state.current.name:
        raise IllegalMove(errors.NOT_YOUR_TURN, f"it is {state.current.name}'s turn, not {name}'s")
    after = handler(state, state.current, move)
    if kind in BONUS_ACTIONS or kind == "move_ship":
        return after
    return replace(after, just_moved=False)


def legal_moves(state: State) -> list[dict[str, Any]]:
    """The current player's moves that need no choice of tiles: Destiny placements, Ship moves,
    Path tokens, Bonfires to light, Neutral Novices to seat, and ``end_turn``.

    Payments (``pay``, ``take_task``) and Guardian steps are choices of tiles and steps; the
    engine checks them when applied and ``payment_plans`` lists the ways to pay.
    """
    player = state.current
    name = player.name
    candidates: list[dict[str, Any]] = [{"kind": "end_turn", "player": name}]
    for end in ENDS:
        for cell in free_cells(state.content, player):
            candidates.append(
                {"kind": "place_destiny", "player": name, "end": end, "cell": list(cell)}
            )
    for island in state.content.islands:
        candidates.append({"kind": "move_ship", "player": name, "to": island.id})
    for index in range(len(state.path_display)):
        candidates.append({"kind": "build_path", "player": name, "index": index})
    for space in state.content.council:
        for index in range(len(player.tasks)):
            candidates.append(
                {"kind": "light_bonfire", "player": name, "space": index, "council": space.id}
            )
        candidates.append({"kind": "place_neutral", "player": name, "council": space.id})
    return [move for move in candidates if _allowed(state, move)]


def _allowed(state: State, move: Move) -> bool:
    try:
        apply_move(state, move)
    except IllegalMove:
        return False
    return True


def replay(state: State, moves: Sequence[Move]) -> tuple[State, IllegalMove | None]:
    """Apply ``moves`` in order; stops at the first illegal one (its ``index`` is set)."""
    for index, move in enumerate(moves):
        try:
            state = apply_move(state, move)
        except IllegalMove as error:
            error.index = index
            return state, error
    return state, None
