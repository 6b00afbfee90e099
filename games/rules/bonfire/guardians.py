"""B6 — advancing Guardians (seed 000, p. 10).

"Pay one or more Action markers to advance your Guardians, starting with the one furthest ahead.
For each step you may either move a Guardian one space forward and gain the Resource if the move
ends there, or move a Guardian from a Path tile to an adjacent Bonfire through a Portal (this gives
no Resource at once, but scores points at final scoring). Each Path tile / Bonfire can hold only
one Guardian."

Each player's board has its own Guardian path (the content's ``board.guardian_path``), some of
whose Path tiles have a Portal to one of the player's Bonfires.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from . import errors
from .content import Content
from .counts import Counts
from .state import MARKERS, Player


@dataclass(frozen=True)
class Step:
    guardian: int  # index in the player's ``guardians``
    portal: bool = False


def ahead(content: Content, guardians: tuple[str, ...], index: int) -> int:
    """How far along the path Guardian ``index`` stands (a Bonfire is past every Path tile)."""
    place = content.path_index(guardians[index])
    return len(content.guardian_path) if place is None else place


def check_order(content: Content, guardians: tuple[str, ...], steps: Sequence[Step]) -> None:
    """Steps go from the Guardian furthest ahead backwards.

    Our reading of seed 000, p. 10 ("starting with the one furthest ahead"): positions are taken
    before the first step; a step may move the same Guardian as the step before it or one that
    stood behind it, never one that stood further ahead than a Guardian already moved. A Guardian
    blocked at the front may be passed over, so the others are never stuck behind it.
    """
    for before, after in itertools.pairwise(steps):
        if ahead(content, guardians, after.guardian) > ahead(content, guardians, before.guardian):
            raise errors.refuse(
                errors.GUARDIAN_ORDER,
                "advance the Guardian furthest ahead first, then the ones behind it (B6, p. 10)",
            )


def step_to(content: Content, guardians: tuple[str, ...], step: Step) -> str:
    """The space Guardian ``step.guardian`` reaches with one step (checked)."""
    where = guardians[step.guardian]
    place = content.path_index(where)
    if place is None:
        raise errors.refuse(
            errors.AT_BONFIRE,
            "that Guardian is already at a Bonfire (B6, p. 10)",
            guardian=step.guardian + 1,
            bonfire=where,
        )
    tile = content.guardian_path[place]
    if step.portal:
        if tile.portal is None:
            raise errors.refuse(
                errors.NO_PORTAL,
                f"Path tile {tile.id} has no Portal to a Bonfire (B6, p. 10)",
                tile=tile.id,
            )
        goal = tile.portal
    elif place + 1 == len(content.guardian_path):
        raise errors.refuse(
            errors.END_OF_PATH, f"Path tile {tile.id} is the end of the path", tile=tile.id
        )
    else:
        goal = content.guardian_path[place + 1].id
    if goal in guardians:
        raise errors.refuse(
            errors.SPACE_TAKEN,
            f"{goal} already holds a Guardian: one Guardian per Path tile or Bonfire (B6, p. 10)",
            space=goal,
        )
    return goal


def advance(content: Content, player: Player, steps: Sequence[Step]) -> Player:
    """Pay one Action marker per step and move the Guardians; each Guardian moved forward gains
    the Resource of the Path tile where its movement ends (none at a Bonfire).

    Our reading: seed 000, B6 (p. 10) says "one or more" Action markers and "for each step",
    without a price per step; one marker per step is the price.
    """
    if not steps:
        raise errors.bad_move(
            "steps", "advance_guardians: steps: advance at least one Guardian one step (B6, p. 10)"
        )
    for step in steps:
        if not 0 <= step.guardian < len(player.guardians):
            raise errors.refuse(
                errors.NO_SUCH_GUARDIAN,
                f"you have no Guardian no. {step.guardian + 1}",
                guardian=step.guardian + 1,
            )
    if player.markers < len(steps):
        raise errors.refuse(
            errors.CANNOT_PAY,
            f"{len(steps)} step(s) cost {len(steps)} Action marker(s); you have "
            f"{player.markers} (B6, p. 10)",
            rule="B6",
            cost={MARKERS: len(steps)},
            have={MARKERS: player.markers},
        )
    check_order(content, player.guardians, steps)
    guardians = player.guardians
    for step in steps:
        goal = step_to(content, guardians, step)
        guardians = tuple(goal if i == step.guardian else g for i, g in enumerate(guardians))
    gained = Counts.of(
        (content.guardian_path[place].resource, 1)
        for index in sorted({s.guardian for s in steps})
        if (place := content.path_index(guardians[index])) is not None
    )
    return replace(
        player,
        markers=player.markers - len(steps),
        guardians=guardians,
        resources=player.resources + gained,
    )
