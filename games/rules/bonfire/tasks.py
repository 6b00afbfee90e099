"""B4 — receiving a Task (seed 000, p. 9), and when a Task is fulfilled.

"Your Ship must be at the island to receive a Task. Pay Action tiles equal to the ordinal of the
Offering you are about to make on that island (1st = 1, 2nd = 2, 3rd = 3). Choose one of your two
face-up Offering tiles and pay the two Resources shown (the Offering tile's resource + the island's
resource). Then place the chosen Offering tile face down on the island and take the Task, putting
it on a Task space of your board."
"""

from __future__ import annotations

from dataclasses import replace

from . import errors
from .content import Task
from .counts import Counts
from .state import Player, State, TaskSlot

MOST_OFFERINGS = 3


def offering_ordinal(state: State, player: str, island: str) -> int:
    """Which Offering this is for ``player`` on ``island`` (1st, 2nd, 3rd): the Action tiles due.

    Our reading of seed 000, p. 9: the Portuguese says "equal to the number of Offering tiles you
    already have on that island (1st=1, 2nd=2, 3rd=3)"; the parenthesis fixes it: one more than
    those already there.
    """
    made = sum(1 for who, _ in state.offerings_on(island) if who == player)
    if made >= MOST_OFFERINGS:
        raise errors.refuse(
            errors.NO_MORE_OFFERINGS,
            f"you already made {MOST_OFFERINGS} Offerings on {island}: there is no 4th (B4, p. 9)",
            island=island,
            most=MOST_OFFERINGS,
        )
    return made + 1


def offerings_made(state: State, player: str) -> int:
    return sum(1 for _, made in state.island_offerings for who, _ in made if who == player)


def fulfilled(state: State, player: Player, task: Task) -> bool:
    """Whether ``player`` meets ``task``'s requirement (content data; nothing is paid)."""
    return (
        player.resources.covers(task.resources)
        and len(player.path_tokens) >= task.path_tokens
        and offerings_made(state, player.name) >= task.offerings
    )


def take_task(state: State, player: Player, island: str, offering: str, tiles: Counts) -> State:
    if player.ship != island:
        raise errors.refuse(
            errors.NOT_AT_ISLAND,
            f"your Ship is not at {island}: sail there first (B4, p. 9)",
            island=island,
        )
    due = offering_ordinal(state, player.name, island)
    if offering not in player.face_up():
        raise errors.refuse(
            errors.NOT_FACE_UP,
            f"Offering {offering!r} is not one of your two face-up Offering tiles (B4, p. 9)",
            offering=offering,
        )
    left = state.tasks_on(island)
    if not left:
        raise errors.refuse(
            errors.NO_TASK_LEFT, f"{island} has no Task left (B4, p. 9)", island=island
        )
    if None not in player.tasks:
        raise errors.refuse(
            errors.NO_TASK_SPACE, "every Task space of your board is full (B4, p. 9)"
        )
    if tiles.total() != due:
        raise errors.refuse(
            errors.WRONG_COUNT,
            f"this is your Offering no. {due} on {island}: pay {due} Action tile(s), "
            f"not {tiles.total()} (B4, p. 9)",
            island=island,
            due=due,
            given=tiles.total(),
        )
    content = state.content
    resources = Counts.of(
        ((content.offering(offering).resource, 1), (content.island(island).resource, 1))
    )
    if not player.tiles.covers(tiles) or not player.resources.covers(resources):
        raise errors.refuse(
            errors.CANNOT_PAY,
            f"you cannot pay {tiles.text()} and the Resources {resources.text()} "
            f"(you have {player.tiles.text()}; {player.resources.text()}) (B4, p. 9)",
            rule="B4",
            cost=(tiles + resources).as_dict(),
            have=(player.tiles + player.resources).as_dict(),
        )
    space = player.tasks.index(None)
    slots = (*player.tasks[:space], TaskSlot(left[0]), *player.tasks[space + 1 :])
    player = replace(
        player,
        tiles=player.tiles - tiles,
        resources=player.resources - resources,
        offerings=tuple(o for o in player.offerings if o != offering),
        tasks=slots,
    )
    return replace(
        state.with_player(player),
        island_offerings=tuple(
            (i, (*made, (player.name, offering)) if i == island else made)
            for i, made in state.island_offerings
        ),
        island_tasks=tuple((i, t[1:] if i == island else t) for i, t in state.island_tasks),
    )
