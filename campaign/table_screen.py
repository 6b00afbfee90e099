"""What the table screen draws, read from one attempt row: its setup and cached engine state.

``table_snapshot`` turns the engine state into plain values for the templates: whose turn it is,
the trick, the card picker, the Automa's river, the board's 144 cells, the round track and the
result. Colours always come with their name and symbol, never as colour alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.models import AttemptStatus, MissionAttempt
from campaign.table import ALREADY_PLAYED, MOVE_SPIRIT_TILE, REASON_TEXT, state_of
from games.rules import spirits
from games.rules.spirits import automa
from games.rules.spirits.cards import back_side
from games.rules.spirits.night import active_cells
from games.rules.spirits.shapes import normalise
from games.rules.spirits.tricks import required_colour

PHASE_TEXT = {
    "play": _("Play a card"),
    "automa": _("The Automa plays"),
    "place": _("Place the Spirit tile"),
    "discard": _("Whirlpool: every player discards a card"),
    "mist-colour": _("Mist: choose the next lead colour"),
    "over": _("The mission is over"),
}
SIDE_NAMES = {"N": _("north"), "E": _("east"), "S": _("south"), "W": _("west")}


@dataclass(frozen=True)
class Colour:
    id: str
    name: str
    symbol: str


@dataclass(frozen=True)
class CardView:
    id: str
    colour: Colour
    value: int
    state: str = ""  # "", "spent", "river"

    @property
    def label(self) -> str:
        return f"{self.colour.name} {self.value}"


@dataclass
class Cell:
    r: int
    c: int
    classes: list[str] = field(default_factory=list)
    text: str = ""
    label: str = ""
    edges: list[tuple[str, Colour]] = field(default_factory=list)
    tile: str = ""  # the Spirit tile's card id, for the last-placed outline (table.js)


@dataclass
class Table:
    attempt: MissionAttempt
    state: spirits.State
    setup: Mapping[str, Any]
    colours: dict[str, Colour]
    version: int
    phase: str
    data: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        data = self.__dict__.get("data")
        if data is None:
            raise AttributeError(name)
        if name not in data:
            part = PARTS.get(name)
            if part is None:
                raise AttributeError(name)
            data[name] = part(self)
        return data[name]


def colours_of(setup: Mapping[str, Any]) -> dict[str, Colour]:
    named = setup.get("colours") or {}
    colours: dict[str, Colour] = {}
    for card in (setup.get("cards") or {}).values():
        cid = card["colour"]
        info = named.get(cid) or {}
        colours[cid] = Colour(cid, info.get("name") or cid.title(), info.get("symbol") or "■")
    return colours


def card_view(state: spirits.State, colours: dict[str, Colour], card_id: str) -> CardView:
    card = state.card(card_id)
    return CardView(card.id, colours[card.colour], card.value)


def board_cells(state: spirits.State, colours: dict[str, Colour]) -> list[list[Cell]]:
    setup = state.setup
    board = setup.board
    size = board.size
    grid = [[Cell(r, c) for c in range(size)] for r in range(size)]
    for tile in board.mission_tiles:
        for r, c in active_cells(tile, setup.night):
            cell = grid[r][c]
            cell.classes.append("mission")
            if tile.surround:
                cell.classes.append("surround")
            cell.label = (
                gettext("Mission tile %(tile)s (surround it)")
                if tile.surround
                else gettext("Mission tile %(tile)s")
            ) % {"tile": tile.id}
            if (r, c) == tile.triangle:
                cell.text = "◣"
        for edge in tile.coloured_edges:
            r, c = edge.cell
            grid[r][c].edges.append(
                (edge.side, colours.get(edge.colour, Colour(edge.colour, edge.colour, "■")))
            )
    for r, c in board.rocks:
        grid[r][c].classes.append("rock")
        grid[r][c].text = grid[r][c].text or "◆"
        grid[r][c].label = grid[r][c].label or gettext("Rock")
    for token in state.tokens:
        r, c = token.cell
        cell = grid[r][c]
        if token.kind == "mist" and token.colour:
            colour = colours.get(token.colour, Colour(token.colour, token.colour, "■"))
            cell.classes += ["token", "mist", f"c-{colour.id}"]
            cell.text = f"☁{colour.symbol}"
            cell.label = gettext("Mist token, %(colour)s") % {"colour": colour.name}
        else:
            cell.classes += ["token", "whirlpool"]
            cell.text = "◎"
            cell.label = gettext("Whirlpool token")
    last = state.placed[-1].card if state.placed else None
    for placed in state.placed:
        card = card_view(state, colours, placed.card)
        for r, c in placed.cells:
            cell = grid[r][c]
            cell.classes = [x for x in cell.classes if x not in ("rock",)]
            cell.classes += ["spirit", f"c-{card.colour.id}"]
            if placed.card == last:
                cell.classes.append("last")
            cell.tile = placed.card
            cell.text = card.colour.symbol
            cell.label = gettext("Spirit tile %(card)s") % {"card": card.label}
    for row in grid:
        for cell in row:
            if cell.edges:
                names = ", ".join(
                    gettext("%(colour)s edge %(side)s") % {"colour": c.name, "side": SIDE_NAMES[s]}
                    for s, c in cell.edges
                )
                cell.label = f"{cell.label}; {names}" if cell.label else names
            if not cell.label:
                cell.label = gettext("empty")
    return grid


def board_json(state: spirits.State) -> str:
    """What the placement preview needs that the cells do not show: the board's size and its
    coloured edges (both fixed for the mission). Occupied cells and tokens are read from the
    cells themselves (table.js), so a move re-sends only the cells that changed."""
    edges = []
    for tile in state.setup.board.mission_tiles:
        for edge in tile.coloured_edges:
            edges.append({"out": list(edge.outside), "colour": edge.colour})
    return json.dumps({"size": state.setup.board.size, "edges": edges}, separators=(",", ":"))


def tile_json(state: spirits.State) -> str:
    """The Decision card's Spirit tile, front and back, for the placement preview (table.js turns
    each side a quarter clockwise 0–3 times, as ``shapes.rotate`` does); null when none waits."""
    card = state.decision
    if card is None:
        return "null"
    data = {
        "card": card.id,
        "colour": card.colour,
        "front": [list(c) for c in normalise(card.tile)],
        "back": [list(c) for c in normalise(back_side(card))],
    }
    return json.dumps(data, separators=(",", ":"))


# Phases in which a Power may be used: before a trick begins, or before the Decision tile is placed.
POWER_PHASES = ("play", "automa", "place")


def power_status(state: spirits.State, setup: Mapping[str, Any]) -> dict[str, Any] | None:
    """The "move a placed Spirit tile" Power this mission: its Power tile's name, whether it was
    used, and whether it can be used now (once per mission, between tricks or before the Decision
    tile is placed, with a Spirit tile on the board). None when the loadout did not hold it."""
    if MOVE_SPIRIT_TILE not in state.setup.powers:
        return None
    used = any(use.power == MOVE_SPIRIT_TILE for use in state.powers_used)
    usable = not used and not state.current and state.phase in POWER_PHASES and bool(state.placed)
    names = setup.get("power_names") or {}
    name = names.get(MOVE_SPIRIT_TILE) or gettext("Power tile")
    return {
        "name": name,
        "used": used,
        "usable": usable,
        "state": "usable" if usable else "used" if used else "waiting",
    }


def power_tiles(state: spirits.State, colours: dict[str, Colour]) -> list[dict[str, Any]]:
    """The placed Spirit tiles the Power can move: card, cells (``r,c r,c``, the form's value)."""
    return [
        {
            "card": card_view(state, colours, tile.card),
            "cells": " ".join(f"{r},{c}" for r, c in tile.cells),
        }
        for tile in state.placed
    ]


def power_json(state: spirits.State) -> str:
    """The placed Spirit tiles' shapes, front and back, by card, for the move preview (table.js)."""
    data = {}
    for tile in state.placed:
        card = state.card(tile.card)
        data[card.id] = {
            "card": card.id,
            "colour": card.colour,
            "cells": [list(c) for c in tile.cells],
            "front": [list(c) for c in normalise(card.tile)],
            "back": [list(c) for c in normalise(back_side(card))],
        }
    return json.dumps(data, separators=(",", ":"))


def picker(state: spirits.State, colours: dict[str, Colour]) -> list[dict[str, Any]]:
    spent = state.spent
    river = set(state.river)
    rows: dict[str, list[CardView]] = {cid: [] for cid in colours}
    for card in sorted(state.setup.cards, key=lambda c: c.value):
        view = card_view(state, colours, card.id)
        status = "spent" if card.id in spent else "river" if card.id in river else ""
        rows[card.colour].append(CardView(view.id, view.colour, view.value, status))
    return [{"colour": colours[cid], "cards": cards} for cid, cards in rows.items() if cards]


def automa_panel(state: spirits.State, colours: dict[str, Colour]) -> dict[str, Any] | None:
    if state.setup.automa is None:
        return None
    lead = state.card(state.current[0][1]) if state.current else None
    required = required_colour(lead, state.required_lead)
    matching = automa.matching_river(state.river, state.setup.card_index, required)
    river = [card_view(state, colours, c) for c in state.river]
    leader = state.kakapo
    if state.phase != "automa":
        advice = ""
    elif len(matching) == 1:
        card = card_view(state, colours, matching[0])
        advice = gettext("The Automa must play its %(card)s.") % {"card": card.label}
    elif matching:
        names = ", ".join(card_view(state, colours, c).label for c in matching)
        advice = gettext(
            "%(leader)s (Leader, with the Kakapo) chooses which one the Automa plays: %(cards)s."
        ) % {"leader": leader, "cards": names}
    else:
        advice = gettext(
            "%(leader)s (Leader, with the Kakapo) chooses one of the Automa's face-up cards or "
            "takes the top card of its deck."
        ) % {"leader": leader}
    moves = spirits.legal_moves(state) if state.phase == "automa" else []
    river_ok = {m["card"] for m in moves if m.get("automa") == "river"}
    return {
        "river": [(card, card.id in river_ok) for card in river],
        "deck_count": state.deck_count,
        "kakapo": leader,
        "advice": advice,
        "candidates": [card_view(state, colours, c) for c in deck_candidates(state)],
        "deck_allowed": any(m.get("automa") == "deck" for m in moves),
    }


def deck_candidates(state: spirits.State) -> list[str]:
    """The cards that may lie in the Automa's face-down deck, in the setup's order, whatever the
    phase: the refill and deck drop-downs list them all the time, so a move only removes the
    cards it revealed (``campaign.table_views.move_response``)."""
    if state.deck is not None or not state.deck_count:
        return []
    held = {c for hand in state.hands or () for c in hand}
    river = set(state.river)
    return [
        card.id
        for card in state.setup.cards
        if card.id not in state.spent and card.id not in river and card.id not in held
    ]


def piles(state: spirits.State, colours: dict[str, Colour]) -> list[dict[str, Any]]:
    result = []
    for number in range(1, state.rounds + 1):
        trick = state.tricks[number - 1] if number <= len(state.tricks) else None
        if trick is None:
            result.append({"round": number, "trick": None, "current": number == state.round})
            continue
        result.append(
            {
                "round": number,
                "current": False,
                "trick": trick,
                "decision": card_view(state, colours, trick.decision),
                "trump": colours[trick.trump],
                "plays": [(seat, card_view(state, colours, c)) for seat, c in trick.plays],
                "violations": trick.placement.violations if trick.placement else (),
            }
        )
    return result


# The costly parts of the screen, computed the first time a template reads them: a move's
# partial reads only the parts it shows.
PARTS: dict[str, Callable[[Table], Any]] = {
    "picker": lambda t: picker(t.state, t.colours),
    "automa": lambda t: automa_panel(t.state, t.colours),
    "board": lambda t: board_cells(t.state, t.colours),
    "board_json": lambda t: board_json(t.state),
    "tile_json": lambda t: tile_json(t.state),
    "piles": lambda t: piles(t.state, t.colours),
    "power_tiles": lambda t: power_tiles(t.state, t.colours),
    "power_json": lambda t: power_json(t.state),
}


def table_snapshot(attempt: MissionAttempt, *, message: str = "", code: str = "") -> Table:
    """Everything the table screen shows for ``attempt``: no query beyond the attempt row. The
    costly parts (``PARTS``) are computed when first read."""
    state = state_of(attempt)
    setup = attempt.setup or {}
    colours = colours_of(setup)
    phase = state.phase
    lead = state.lead_colour
    result = spirits.outcome(state)
    table = Table(
        attempt=attempt,
        state=state,
        setup=setup,
        colours=colours,
        version=attempt.version,
        phase=phase,
    )
    decision = state.decision
    table.data.update(
        phase_text=PHASE_TEXT[phase],
        mission=setup.get("mission") or {"number": attempt.mission, "name": "", "objectives": []},
        seats=state.seats,
        current_seat=state.current_seat,
        trump=colours[state.trump],
        lead=colours[lead] if lead else None,
        mist=colours.get(state.required_lead)
        if state.required_lead and not state.current
        else None,
        plays=[(seat, card_view(state, colours, c)) for seat, c in state.current],
        waiting=state.seats[len(state.current) :] if state.current else (),
        flags=[f for f in state.flags if f.code == "revoke"],
        decision=card_view(state, colours, decision.id) if decision else None,
        last_trick=state.tricks[-1] if state.tricks else None,
        last_tile=state.placed[-1].card if state.placed else "",
        last_decision=card_view(state, colours, state.tricks[-1].decision)
        if state.tricks
        else None,
        next_leader=state.leader,
        pending_discards=list(dict.fromkeys(state.pending_discards)),
        mist_choices=[colours[c] for c in state.mist_choices],
        night=state.setup.night,
        power=power_status(state, setup),
        violations=state.violations,
        result=result,
        reasons=[gettext(REASON_TEXT[r]) if r in REASON_TEXT else r for r in result.reasons],
        recorded=attempt.status != AttemptStatus.OPEN,
        changes=attempt.changes or [],
        message=message,
        code=code,
        stale=code == "stale" and message == ALREADY_PLAYED,
    )
    return table
