"""B5 — lighting a Bonfire and the High Council (seed 000, p. 11).

"Flip a fulfilled Task to light the Bonfire, take the Novice beside that Bonfire and place it on
any High Council space that does not yet hold a Novice of that colour, gaining the bonus shown on
that space. Neutral Novices are placed when fulfilling Common Tasks and can be placed on the High
Council as a Bonus Action. You may take Bonus Actions as many times as you like during your turn."
"""

from __future__ import annotations

from dataclasses import replace

from . import errors
from .content import NEUTRAL
from .state import Player, State, TaskSlot
from .tasks import fulfilled


def check_space(state: State, space: str, colour: str) -> None:
    """A High Council space takes a Novice only if it holds none of that colour.

    Our reading of seed 000, p. 11 for Neutral Novices: the seed states the colour rule for the
    Novice beside a Bonfire and says nothing else of Neutral ones, so "neutral" counts as one more
    colour: no two Neutral Novices on one space, and a Neutral Novice never blocks a coloured one.
    """
    if space not in {s.id for s in state.content.council}:
        raise errors.refuse(
            errors.UNKNOWN_SPACE, f"there is no High Council space {space!r}", council=space
        )
    if any(held == colour for held, _ in state.novices_on(space)):
        raise errors.refuse(
            errors.NOVICE_COLOUR_TAKEN,
            f"High Council space {space} already holds a {colour} Novice (B5, p. 11)",
            council=space,
            colour=colour,
        )


def seat_novice(state: State, player: Player, space: str, colour: str) -> State:
    """Put ``colour``'s Novice on ``space`` (checked) and give ``player`` the space's bonus."""
    check_space(state, space, colour)
    state = state.with_player(player.gain(state.content.council_space(space).bonus))
    return replace(
        state,
        council=tuple(
            (s, (*held, (colour, player.name)) if s == space else held) for s, held in state.council
        ),
    )


def light_bonfire(state: State, player: Player, index: int, space: str) -> State:
    """Flip the fulfilled Task on Task space ``index``: its Bonfire is lit and its Novice seated."""
    slot = player.tasks[index] if 0 <= index < len(player.tasks) else None
    if slot is None:
        raise errors.refuse(
            errors.NO_TASK_THERE,
            f"Task space {index + 1} holds no Task (B5, p. 11)",
            space=index + 1,
        )
    if slot.lit:
        raise errors.refuse(
            errors.ALREADY_LIT,
            f"the Bonfire beside Task space {index + 1} is already lit",
            space=index + 1,
        )
    task = state.content.task(slot.task)
    if not fulfilled(state, player, task):
        raise errors.refuse(
            errors.NOT_FULFILLED,
            f"Task {task.name!r} is not fulfilled: only a fulfilled Task lights a Bonfire "
            "(B5, p. 11)",
            task=task.id,
        )
    colour = state.content.bonfires[index].novice
    lit = (*player.tasks[:index], TaskSlot(slot.task, lit=True), *player.tasks[index + 1 :])
    return seat_novice(state, replace(player, tasks=lit), space, colour)


def fulfil_common(state: State, player: Player, task_id: str) -> State:
    """Fulfil a Common Task: the player gains a Neutral Novice (once per Common Task each)."""
    if task_id not in {t.id for t in state.content.common_tasks}:
        raise errors.bad_move("task", f"fulfil_common: task: there is no Common Task {task_id!r}")
    if (task_id, player.name) in state.common_done:
        raise errors.refuse(
            errors.COMMON_TASK_DONE,
            f"you already fulfilled Common Task {task_id!r}",
            task=task_id,
        )
    task = state.content.task(task_id)
    if not fulfilled(state, player, task):
        raise errors.refuse(
            errors.NOT_FULFILLED,
            f"Common Task {task.name!r} is not fulfilled (B5, p. 11)",
            task=task.id,
        )
    player = replace(player, neutral_novices=player.neutral_novices + 1)
    return replace(
        state.with_player(player), common_done=(*state.common_done, (task_id, player.name))
    )


def place_neutral(state: State, player: Player, space: str) -> State:
    """The Bonus Action: seat one of the player's Neutral Novices (any number of times a turn)."""
    if player.neutral_novices == 0:
        raise errors.refuse(
            errors.NO_NEUTRAL_NOVICE,
            "you hold no Neutral Novice: fulfil a Common Task first (B5, p. 11)",
        )
    player = replace(player, neutral_novices=player.neutral_novices - 1)
    return seat_novice(state, player, space, NEUTRAL)
