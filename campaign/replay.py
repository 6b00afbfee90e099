"""An attempt driven at the table, replayed for its page move by move through the rules engine:
nothing here decides a rule, every caption says what changed between the engine's states.

A board is drawn only when the board changes, and every step names the board it shows, so a
60-move attempt draws a dozen boards, not sixty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.table.screen import (
    PHASE_TEXT,
    CardView,
    Cell,
    Why,
    board_cells,
    card_view,
    colours_of,
    failure_reasons,
    refusal_of,
    tile_names_of,
)
from games.content import Colour
from games.rules import spirits

RESULT_TEXT = {
    "success": _("The mission is a success."),
    "failure": _("The mission failed."),
    "in-progress": _("The mission was not finished."),
}
STILL_PLAYED = _("The mission is still being played at the table.")
TOKEN_NAMES = {"whirlpool": _("Whirlpool token"), "mist": _("Mist token")}
REPLAY_BROKEN = _("The move log no longer replays from move %(number)s: %(message)s")


@dataclass(frozen=True)
class TrickRow:
    round: int
    plays: list[tuple[str, CardView]]
    winner: str
    decision: CardView
    trump: Colour | None


@dataclass
class Step:
    number: int
    lines: list[str]
    round: int
    board: int
    phase: str
    trump: Colour | None
    plays: list[tuple[str, CardView]] = field(default_factory=list)
    result: str = ""
    reasons: list[Why] = field(default_factory=list)


@dataclass
class Replay:
    tricks: list[TrickRow]
    steps: list[Step]
    boards: list[list[list[Cell]]]
    error: str = ""

    @property
    def last(self) -> int:
        return len(self.steps) - 1


def colour_of(colours: dict[str, Colour], colour: str | None) -> Colour | None:
    if colour is None:
        return None
    return colours.get(colour) or Colour(colour, colour.title(), "■")


def replay_attempt(
    setup: Mapping[str, Any], moves: Iterable[Mapping[str, Any]], *, still_open: bool = False
) -> Replay:
    """One step per move after the starting board (``still_open``: still at the table). A log
    the engine refuses part-way (a hand-edited import) stops at the refused move and says so."""
    colours = colours_of(setup)
    state = spirits.new_game(setup)
    names = tile_names_of(setup)
    boards = [board_cells(state, colours, names)]
    steps = [step_of(state, colours, 0, [gettext("The board as set up.")], board=0)]
    error = ""
    for number, move in enumerate(moves, start=1):
        try:
            after = spirits.apply(state, move)
        except spirits.IllegalMove as refused:
            why = refusal_of(refused.code, state, colours, move, refused.params)
            error = str(REPLAY_BROKEN % {"number": number, "message": why.text})
            break
        if board_of(state) != board_of(after):
            boards.append(board_cells(after, colours, names))
        lines = describe(state, after, colours) or [
            gettext("Move %(number)s.") % {"number": number}
        ]
        steps.append(step_of(after, colours, number, lines, board=len(boards) - 1))
        state = after
    result = spirits.progress(state)
    last = steps[-1]
    open_now = still_open and result.result == "in-progress"
    last.result = str(STILL_PLAYED if open_now else RESULT_TEXT[result.result])
    last.reasons = failure_reasons(result.reasons)
    tricks = [
        TrickRow(
            round=trick.round,
            plays=[(seat, card_view(state, colours, card)) for seat, card in trick.plays],
            winner=trick.winner,
            decision=card_view(state, colours, trick.decision),
            trump=colour_of(colours, trick.trump),
        )
        for trick in state.tricks
    ]
    return Replay(tricks=tricks, steps=steps, boards=boards, error=error)


def board_of(state: spirits.State) -> tuple[Any, ...]:
    """What the board shows: the placements, the tokens left and the Powers used."""
    return state.placed, state.tokens, state.powers_used


def step_of(
    state: spirits.State, colours: dict[str, Colour], number: int, lines: list[str], *, board: int
) -> Step:
    """A step: the trick on the table (the finished one while its Decision card waits)."""
    plays = state.current or (state.tricks[-1].plays if state.decision is not None else ())
    return Step(
        number=number,
        lines=lines,
        round=state.round,
        board=board,
        phase=str(PHASE_TEXT.get(state.phase, "")),
        trump=colour_of(colours, state.trump),
        plays=[(seat, card_view(state, colours, card)) for seat, card in plays],
    )


def describe(before: spirits.State, after: spirits.State, colours: dict[str, Colour]) -> list[str]:
    """What a move did, in sentences: read from the engine's states before and after it."""
    lines = []
    if len(after.current) > len(before.current) or len(after.tricks) > len(before.tricks):
        seat, card = (after.current or after.tricks[-1].plays)[-1]
        lines.append(
            gettext("%(seat)s plays %(card)s.")
            % {"seat": seat, "card": card_view(after, colours, card).label}
        )
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        lines.append(
            gettext("%(seat)s wins the trick; the Decision card is %(card)s.")
            % {"seat": trick.winner, "card": card_view(after, colours, trick.decision).label}
        )
    if len(after.placed) > len(before.placed):
        placed = after.placed[-1]
        lines.append(
            gettext("Spirit tile %(card)s placed on %(cells)s.")
            % {
                "card": card_view(after, colours, placed.card).label,
                "cells": " ".join(f"{r},{c}" for r, c in placed.cells),
            }
        )
    lines += [token_line(token, colours) for token in before.tokens if token not in after.tokens]
    lines += [discard_line(after, d, colours) for d in after.discards[len(before.discards) :]]
    if after.mist_choices and not before.mist_choices:
        lines.append(gettext("Mist: the next lead colour is to be chosen."))
    if after.required_lead and after.required_lead != before.required_lead and not after.current:
        colour = colour_of(colours, after.required_lead)
        assert colour is not None
        lines.append(
            gettext("The next trick starts in %(symbol)s %(colour)s.")
            % {"symbol": colour.symbol, "colour": colour.name}
        )
    if len(after.powers_used) > len(before.powers_used):
        lines.append(gettext("A Power is used."))
    if after.failure is not None and before.failure is None:
        lines.append(gettext("Play cannot go on."))
    return lines


def token_line(token: Any, colours: dict[str, Colour]) -> str:
    name = TOKEN_NAMES.get(token.kind, token.kind)
    colour = colour_of(colours, token.colour)
    if colour is not None:
        name = f"{name} {colour.symbol} {colour.name}"
    return gettext("%(token)s on %(row)s,%(col)s covered and discarded.") % {
        "token": name,
        "row": token.cell[0],
        "col": token.cell[1],
    }


def discard_line(state: spirits.State, discard: Any, colours: dict[str, Colour]) -> str:
    """A discard: before the first trick (a Moon tile), or for a Whirlpool token."""
    card = (
        gettext("a card") if discard.card is None else card_view(state, colours, discard.card).label
    )
    if discard.round == 0:
        text = gettext("Before the first trick, %(seat)s discards %(card)s.")
    else:
        text = gettext("Whirlpool: %(seat)s discards %(card)s.")
    return text % {"seat": discard.seat, "card": card}
