"""What the table screen draws, read from one attempt row (its setup and cached engine state).
Colours always come with their name and symbol, never as colour alone."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.texts import render
from campaign.models import AttemptStatus, MissionAttempt
from campaign.table import events, refusals
from campaign.table.services import ABANDONED, reason_text, state_of
from games.content import Colour
from games.content.texts import Text, text_from_json
from games.reference import campaign_rules
from games.rules import spirits
from games.rules.spirits import automa, errors, powers
from games.rules.spirits.campaign import ONE_FEWER_ROUND
from games.rules.spirits.cards import back_side
from games.rules.spirits.night import active_cells
from games.rules.spirits.shapes import normalise
from web import seats
from web.elision import interpolate

PHASE_TEXT = {
    "play": _("Play a card"),
    "automa": _("The Automa plays"),
    "place": _("Place the Spirit tile"),
    "discard": _("Whirlpool: every player discards a card"),
    "mist-colour": _("Mist: choose the next lead colour"),
    "over": _("The mission is over"),
}
SIDE_NAMES = {"N": _("north"), "E": _("east"), "S": _("south"), "W": _("west")}
OUTLINE = (("N", -1, 0), ("E", 0, 1), ("S", 1, 0), ("W", 0, -1))
# What each Power does, shown beside its control (the pack's own text is on the setup screen).
POWER_TEXT = {
    spirits.MOVE_SPIRIT_TILE: _("move a placed Spirit tile"),
    spirits.ANY_COLOUR_EDGE: _("one coloured edge accepts a Spirit tile of any colour"),
    spirits.CHOOSE_TRUMP: _("choose the next round's trump instead of the Decision card"),
    spirits.QUIET_TOKEN: _("cover a Whirlpool or Mist token without its effect"),
    spirits.IGNORE_MUST_FOLLOW: _("the player due may play without following the lead"),
    spirits.NAME_MISSING_COLOUR: _("each player may say one colour they hold no card of"),
    spirits.SWAP_CARDS: _("two players pass each other one card, face down"),
}
# When a Power can be used, shown while it cannot.
POWER_WHEN = {
    spirits.MOVE_SPIRIT_TILE: _("Between tricks, once a Spirit tile is on the board."),
    spirits.CHOOSE_TRUMP: _("After a trick is won, for the next round."),
    spirits.IGNORE_MUST_FOLLOW: _("In a trick, before the player due to follow plays."),
    spirits.QUIET_TOKEN: _("Between tricks, while a token is on the board."),
}
BETWEEN_TRICKS = _("Between tricks.")
# What each Moon tile in force does to every mission, in the table's words.
MOON_TEXT = {
    ONE_FEWER_ROUND: _("one round fewer"),
    spirits.NO_TRUMP_FIRST_ROUND: _("no trump in round 1"),
    spirits.DISCARD_AT_START: _("every player discards a card before the first trick"),
    spirits.LEAD_TRUMP_FIRST: _("the first trick is led in the trump colour, if possible"),
}


@dataclass(frozen=True)
class Why:
    """A sentence that explains something ("the mission failed because …") and its rule's link."""

    text: str
    rule: str


def failure_reasons(reasons: tuple[str, ...] | list[str]) -> list[Why]:
    """The engine's reasons a mission failed, translated, each with its rule."""
    return [Why(render(reason_text(r)), campaign_rules.failure_rule(r)) for r in reasons]


def refusal_of(
    code: str,
    state: spirits.State,
    colours: dict[str, Colour],
    move: Mapping[str, Any],
    engine_params: Mapping[str, Any] | None = None,
) -> Why:
    """An engine refusal in the reader's language, with its rule (``refusals``); the field of a
    bad move comes from the engine's ``engine_params``."""
    engine_params = engine_params or {}
    known = code in refusals.SPIRITS_REFUSALS
    refusal = refusals.refusal_for(code, engine_params) if known else refusals.NOT_A_MOVE
    card = str(move.get("play") or move.get("card") or move.get("refill") or "")
    if card in state.setup.card_index:
        card = card_view(state, colours, card).label
    lead = colours.get(state.lead_colour or "")
    seat = str(move.get("seat") or state.current_seat)
    params = {
        "card": card,
        "seat": seats.seat_name(seat),
        "colour": lead.name if lead else "",
        "field": str(engine_params.get("field", "")),
    }
    return Why(refusal.render(**{name: params[name] for name in refusal.params}), refusal.url)


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
    neutral: list[str] = field(default_factory=list)  # edges' sides a Power made accept any colour
    tile: str = ""  # the Spirit tile's card id, for the last-placed outline (table.js)


@dataclass(eq=False)
class Table:
    """The table screen's values: ``table_snapshot`` sets the cheap ones; the costly ones are
    computed the first time a template reads them (``cached_property``)."""

    attempt: MissionAttempt
    state: spirits.State
    setup: Mapping[str, Any]
    colours: dict[str, Colour]

    def card(self, card_id: str) -> CardView:
        return card_view(self.state, self.colours, card_id)

    @cached_property
    def undoable(self) -> bool:
        """Whether the table has a move to undo: it is no longer the mission as dealt (the
        engine's ``new_game``), read without a query. A move undone brings it back there."""
        state = self.state
        return state != spirits.new_game(state.setup, seed=state.seed)

    @cached_property
    def picker(self) -> list[dict[str, Any]]:
        """The cards by colour, each spent, in the Automa's river, or still to play."""
        state, colours, river = self.state, self.colours, set(self.state.river)
        rows: dict[str, list[CardView]] = {cid: [] for cid in colours}
        for card in sorted(state.setup.cards, key=lambda c: c.value):
            status = "spent" if card.id in state.spent else "river" if card.id in river else ""
            rows[card.colour].append(CardView(card.id, colours[card.colour], card.value, status))
        return [{"colour": colours[cid], "cards": cards} for cid, cards in rows.items() if cards]

    @cached_property
    def automa(self) -> dict[str, Any] | None:
        state = self.state
        if state.setup.automa is None:
            return None
        matching = automa.matching_river(state.river, state.setup.card_index, state.required_colour)
        if state.phase != "automa":
            advice = ""
        elif len(matching) == 1:
            card = self.card(matching[0]).label
            advice = gettext("The Automa must play its %(card)s.") % {"card": card}
        elif matching:
            names = ", ".join(self.card(c).label for c in matching)
            advice = gettext(
                "%(leader)s (Leader, with the Kakapo) chooses which one the Automa plays: "
                "%(cards)s."
            ) % {"leader": state.kakapo, "cards": names}
        else:
            advice = gettext(
                "%(leader)s (Leader, with the Kakapo) chooses one of the Automa's face-up cards or "
                "takes the top card of its deck."
            ) % {"leader": state.kakapo}
        moves = spirits.legal_moves(state) if state.phase == "automa" else []
        river_ok = {m["card"] for m in moves if m.get("automa") == "river"}
        deck_allowed = any(m.get("automa") == "deck" for m in moves)
        return {
            "river": [(card, card.id in river_ok) for card in map(self.card, state.river)],
            "forced": len(river_ok) == 1 and not deck_allowed,
            "deck_count": state.deck_count,
            "kakapo": state.kakapo,
            "advice": advice,
            "candidates": [self.card(c) for c in state.deck_candidates],
            "deck_allowed": deck_allowed,
        }

    @cached_property
    def board(self) -> list[list[Cell]]:
        return board_cells(self.state, self.colours, tile_names_of(self.setup))

    @cached_property
    def board_key(self) -> str:
        """Everything the board's drawing depends on beyond the attempt's own setup (fixed when
        the mission begins): the page caches the drawing under it (``{% cache %}``), so a card
        played redraws no cell and only a tile or token placed, or a Power, does."""
        state, attempt = self.state, self.attempt
        parts = (attempt.pk, attempt.created_at, state.placed, state.tokens)
        parts += (powers.neutral_edges(state), powers.quiet_cell(state))
        return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()

    @cached_property
    def board_data(self) -> dict[str, Any]:
        """What the placement preview (table.js) checks a position against."""
        state, colours, quiet = self.state, self.colours, powers.quiet_cell(self.state)
        return {
            "size": state.setup.board.size,
            "occupied": sorted([list(cell) for cell in state.board_occupancy()]),
            "tokens": [
                {
                    "cell": list(t.cell),
                    "kind": t.kind,
                    "colour": str(colours[t.colour].name) if t.colour in colours else None,
                    "quiet": t.cell == quiet,
                }
                for t in state.tokens
            ],
            "edges": [
                {"out": list(edge.outside), "colour": edge.colour}
                for edge in powers.edges_in_force(state)
            ],
        }

    @cached_property
    def tile_data(self) -> dict[str, Any] | None:
        """The Decision card's Spirit tile for the placement preview (table.js turns each side a
        quarter clockwise 0–3 times, as ``shapes.rotate`` does); None when none waits."""
        return tile_sides(self.state.decision) if self.state.decision else None

    @cached_property
    def power_data(self) -> dict[str, Any]:
        """The placed Spirit tiles by card, for the preview of the Power that moves one."""
        return {
            tile.card: tile_sides(self.state.card(tile.card), cells=[list(c) for c in tile.cells])
            for tile in self.state.placed
        }

    @cached_property
    def power_tiles(self) -> list[dict[str, Any]]:
        """The placed Spirit tiles the Power can move, their cells as the form's value."""
        return [
            {"card": self.card(tile.card), "cells": " ".join(f"{r},{c}" for r, c in tile.cells)}
            for tile in self.state.placed
        ]

    @cached_property
    def piles(self) -> list[dict[str, Any]]:
        state, piles = self.state, []
        for number in range(1, state.rounds + 1):
            trick = state.tricks[number - 1] if number <= len(state.tricks) else None
            pile = {"round": number, "trick": trick, "current": not trick and number == state.round}
            if trick is not None:
                pile |= {
                    "decision": self.card(trick.decision),
                    "trump": self.colours[trick.trump] if trick.trump else None,
                    "plays": [(seat, self.card(c)) for seat, c in trick.plays],
                    "violations": trick.placement.violations if trick.placement else (),
                }
            piles.append(pile)
        return piles

    @cached_property
    def powers(self) -> list[dict[str, Any]]:
        """The mission's Powers in the setup's order, as their controls show them."""
        state, colours = self.state, self.colours
        uses = {use.power: use for use in state.powers_used}
        return [
            {
                "id": power,
                "name": power_name(self.setup, power),
                "text": POWER_TEXT[power],
                "when": POWER_WHEN.get(power, BETWEEN_TRICKS),
                "recorded_only": power in powers.RECORDED_ONLY,
                "used": power in uses,
                "usable": power_usable(state, power),
                "detail": power_detail(state, uses[power], colours) if power in uses else "",
                "options": [] if power in uses else power_options(state, power, colours),
            }
            for power in state.setup.powers
            if power in spirits.POWERS
        ]

    @cached_property
    def gust(self) -> str:
        """The Gust of Wind's state for table.js (``#status[data-power]``); empty without it."""
        for row in self.powers:
            if row["id"] == spirits.MOVE_SPIRIT_TILE:
                return "usable" if row["usable"] else "used" if row["used"] else "waiting"
        return ""

    @cached_property
    def preview_text(self) -> dict[str, str]:
        """The placement preview's sentences, translated here; table.js fills in ``{colour}``,
        ``{side}`` and ``{degrees}``. A sentence from a rule links to it (``*_rule``)."""
        off = refusals.SPIRITS_REFUSALS[errors.OFF_BOARD]
        overlap = refusals.SPIRITS_REFUSALS[errors.OVERLAP]
        return {
            "off": off.render(),
            "off_rule": off.url,
            "overlap": overlap.render(),
            "overlap_rule": overlap.url,
            "edge_rule": campaign_rules.spirits_rule("mission-tile-constraints"),
            "rule": gettext("Read the rule"),
            "legal": gettext("Legal position."),
            "edge": gettext(
                "Legal, but a coloured edge does not match: this will fail the mission."
            ),
            "quiet": gettext("Covers the token a Power quieted: no effect."),
            "mist": gettext("Covers a Mist token ({colour}): it sets the next lead colour."),
            "whirlpool": gettext("Covers a Whirlpool: every player discards a card."),
            "same": gettext("The tile is where it lies now: move, rotate or turn it over."),
            "front": gettext("Front"),
            "back": gettext("Back"),
            "turned": gettext("{side}, turned {degrees}°"),
        }


def colours_of(setup: Mapping[str, Any]) -> dict[str, Colour]:
    named = setup.get("colours") or {}
    colours: dict[str, Colour] = {}
    for card in (setup.get("cards") or {}).values():
        cid = card["colour"]
        info = named.get(cid) or {}
        name = shown(info.get("name")) or cid.title()
        colours[cid] = Colour(cid, Text.plain(name), info.get("symbol") or "■")
    return colours


def card_view(state: spirits.State, colours: dict[str, Colour], card_id: str) -> CardView:
    card = state.card(card_id)
    return CardView(card.id, colours[card.colour], card.value)


def colour_of(colours: dict[str, Colour], colour: str) -> Colour:
    """A colour of the board the setup's cards do not name: shown by its id."""
    return colours.get(colour) or Colour(colour, colour, "■")


def tile_sides(card: Any, **extra: Any) -> dict[str, Any]:
    """A Spirit tile's both sides, for the previews of table.js."""
    front, back = normalise(card.tile), normalise(back_side(card))
    return {
        "card": card.id,
        "colour": card.colour,
        **extra,
        "front": [list(c) for c in front],
        "back": [list(c) for c in back],
    }


def tile_names_of(setup: Mapping[str, Any]) -> dict[str, str]:
    """The Mission tiles' names in the reader's language, by tile id."""
    return {tile: shown(name) for tile, name in (setup.get("tile_names") or {}).items()}


def board_cells(
    state: spirits.State, colours: dict[str, Colour], tile_names: Mapping[str, str]
) -> list[list[Cell]]:
    """The grid the board draws; a Mission tile is labelled by its name (``tile_names``), or
    only as a Mission tile when the setup names none."""
    setup = state.setup
    grid = [[Cell(r, c) for c in range(setup.board.size)] for r in range(setup.board.size)]
    neutral = set(powers.neutral_edges(state))
    for tile in setup.board.mission_tiles:
        name = tile_names.get(tile.id)
        if name and tile.surround:
            label = gettext("Mission tile %(tile)s (surround it)") % {"tile": name}
        elif name:
            label = gettext("Mission tile %(tile)s") % {"tile": name}
        elif tile.surround:
            label = gettext("Mission tile (surround it)")
        else:
            label = gettext("Mission tile")
        for r, c in active_cells(tile, setup.night):
            cell = grid[r][c]
            cell.classes += ["mission", "surround"] if tile.surround else ["mission"]
            cell.label = label
            if (r, c) == tile.triangle:
                cell.text = "◣"
        for edge in tile.coloured_edges:
            cell = grid[edge.cell[0]][edge.cell[1]]
            cell.edges.append((edge.side, colour_of(colours, edge.colour)))
            if (edge.cell, edge.side) in neutral:
                cell.neutral.append(edge.side)
    for r, c in setup.board.rocks:
        cell = grid[r][c]
        cell.classes.append("rock")
        cell.text = cell.text or "◆"
        cell.label = cell.label or gettext("Rock")
    quiet = powers.quiet_cell(state)
    for token in state.tokens:
        cell = grid[token.cell[0]][token.cell[1]]
        if token.kind == "mist" and token.colour:
            colour = colour_of(colours, token.colour)
            cell.classes += ["token", "mist", f"c-{colour.id}"]
            cell.text = f"☁{colour.symbol}"
            cell.label = gettext("Mist token, %(colour)s") % {"colour": colour.name}
        else:
            cell.classes += ["token", "whirlpool"]
            cell.text = "◎"
            cell.label = gettext("Whirlpool token")
        if token.cell == quiet:
            cell.classes.append("quiet")
            cell.label = gettext("%(token)s, no effect when covered") % {"token": cell.label}
    last = state.placed[-1].card if state.placed else None
    for placed in state.placed:
        card, cells = card_view(state, colours, placed.card), set(placed.cells)
        for r, c in placed.cells:
            cell = grid[r][c]
            cell.classes = [x for x in cell.classes if x != "rock"]
            cell.classes += ["spirit", f"c-{card.colour.id}"]
            if placed.card == last:
                cell.classes.append("last")
            # Its outline (``o-N`` …), so two neighbouring tiles of one colour read as two shapes.
            cell.classes += [
                f"o-{side}" for side, dr, dc in OUTLINE if (r + dr, c + dc) not in cells
            ]
            cell.tile = placed.card
            cell.text = card.colour.symbol
            cell.label = gettext("Spirit tile %(card)s") % {"card": card.label}
    for row in grid:
        for cell in row:
            if cell.edges:
                names = ", ".join(
                    (
                        gettext("%(colour)s edge %(side)s, accepts any colour")
                        if s in cell.neutral
                        else gettext("%(colour)s edge %(side)s")
                    )
                    % {"colour": c.name, "side": SIDE_NAMES[s]}
                    for s, c in cell.edges
                )
                cell.label = f"{cell.label}; {names}" if cell.label else names
            if not cell.label:
                cell.label = gettext("empty")
    return grid


def power_usable(state: spirits.State, power: str) -> bool:
    """Whether the Power can be used now (``spirits.powers``) and has something to act on."""
    if not (powers.available(state, power) and powers.in_window(state, power)):
        return False
    if power == spirits.MOVE_SPIRIT_TILE:
        return bool(state.placed)
    if power == spirits.ANY_COLOUR_EDGE:
        return bool(powers.edges_in_force(state))
    if power == spirits.QUIET_TOKEN:
        return bool(state.tokens)
    return True


def power_options(
    state: spirits.State, power: str, colours: dict[str, Colour]
) -> list[tuple[str, str]]:
    """The choices a Power's control offers, as (form value, label)."""
    if power == spirits.ANY_COLOUR_EDGE:
        return [
            (f"{e.cell[0]},{e.cell[1]},{e.side}", edge_label(e.cell, e.side, e.colour, colours))
            for e in powers.edges_in_force(state)
        ]
    if power == spirits.CHOOSE_TRUMP:
        return [(c.id, f"{c.symbol} {c.name}") for c in colours.values()]
    if power == spirits.QUIET_TOKEN:
        return [(f"{t.cell[0]},{t.cell[1]}", token_label(t, colours)) for t in state.tokens]
    return []


def named(colours: dict[str, Colour], colour: str) -> dict[str, str]:
    """A colour's symbol and name, for a sentence that names it."""
    view = colour_of(colours, colour)
    return {"symbol": view.symbol, "colour": str(view.name)}


def edge_label(cell: tuple[int, int], side: str, colour: str, colours: dict[str, Colour]) -> str:
    params = {**named(colours, colour), "side": SIDE_NAMES[side], "row": cell[0], "col": cell[1]}
    return interpolate(gettext("%(symbol)s %(colour)s edge %(side)s of %(row)s,%(col)s"), params)


def token_label(token: Any, colours: dict[str, Colour]) -> str:
    where = {"row": token.cell[0], "col": token.cell[1]}
    if token.kind == "mist" and token.colour:
        params = {**named(colours, token.colour), **where}
        return gettext("☁%(symbol)s Mist (%(colour)s) on %(row)s,%(col)s") % params
    return gettext("◎ Whirlpool on %(row)s,%(col)s") % where


def power_detail(state: spirits.State, use: Any, colours: dict[str, Colour]) -> str:
    """What a used Power did, in a few words."""
    if use.power == spirits.MOVE_SPIRIT_TILE:
        card = card_view(state, colours, use.card).label
        return gettext("moved %(card)s in round %(round)s") % {"card": card, "round": use.round}
    if use.power == spirits.ANY_COLOUR_EDGE:
        edge = edge_label(use.cell, use.side, use.colour, colours)
        return gettext("%(edge)s now accepts any colour") % {"edge": edge}
    if use.power == spirits.CHOOSE_TRUMP:
        params = {**named(colours, use.colour), "round": use.round}
        return gettext("%(symbol)s %(colour)s is the trump of round %(round)s") % params
    if use.power == spirits.QUIET_TOKEN:
        where = {"row": use.cell[0], "col": use.cell[1]}
        return interpolate(
            gettext("the token on %(row)s,%(col)s has no effect when covered"), where
        )
    if use.power == spirits.IGNORE_MUST_FOLLOW and use.card:
        card = card_view(state, colours, use.card).label
        params = {"seat": use.seat, "card": card, "round": use.round}
        return gettext("%(seat)s played %(card)s without following, in round %(round)s") % params
    if use.power == spirits.IGNORE_MUST_FOLLOW:
        return gettext("%(seat)s may play without following the lead") % {"seat": use.seat}
    return gettext("used in round %(round)s") % {"round": use.round}


def shown(value: object) -> str:
    """A name or text a setup keeps as the pack writes it, in the reader's language."""
    if isinstance(value, dict) and value:
        return str(text_from_json(value))
    return value if isinstance(value, str) else ""


def shown_mission(mission: Mapping[str, Any]) -> dict[str, Any]:
    """The setup's mission with its texts and objective tiles in the reader's language."""
    texts = {key: shown(mission[key]) for key in ("name", "text", "relief") if key in mission}
    objectives = [
        {**o, "name": shown(o.get("name")) or o.get("tile", "")}
        for o in mission.get("objectives") or []
    ]
    return {**mission, **texts, "objectives": objectives}


def moon_name(setup: Mapping[str, Any], effect: str) -> str:
    """The name of the Moon tile behind an effect (``mission_setup.mission_rules``)."""
    return shown((setup.get("moon_names") or {}).get(effect)) or gettext("Moon tile")


def power_name(setup: Mapping[str, Any], power: str) -> str:
    return shown((setup.get("power_names") or {}).get(power)) or gettext("Power")


def trump_source(state: spirits.State, setup: Mapping[str, Any]) -> str:
    """Why the trump of the next trick is what it is, when not the usual way: the Moon tile that
    leaves round 1 without trump, or the Power that chose it; empty otherwise."""
    if state.trump is None:
        return moon_name(setup, spirits.NO_TRUMP_FIRST_ROUND)
    following = len(state.tricks) + 1
    if any(u.power == spirits.CHOOSE_TRUMP and u.round == following for u in state.powers_used):
        return power_name(setup, spirits.CHOOSE_TRUMP)
    return ""


def table_snapshot(
    attempt: MissionAttempt,
    *,
    message: str = "",
    code: str = "",
    refused: str = "",
    move: Mapping[str, Any] | None = None,
    engine_params: Mapping[str, Any] | None = None,
) -> Table:
    """Everything the table screen shows for ``attempt``, with no query beyond its row; what the
    last request did (``message``, ``code``), also said next to the control it ``refused``."""
    state = state_of(attempt)
    setup = attempt.setup or {}
    colours = colours_of(setup)
    table = Table(attempt, state, setup, colours)
    rule = ""
    if move is not None:
        why = refusal_of(code, state, colours, move, engine_params)
        message, rule = why.text, why.rule
    # The Moon tiles' rules of the first trick (a lead forced later comes from a Mist token).
    first = not state.tricks
    first_lead = colours.get(state.required_lead or "") if first and not state.current else None
    start_discard = (
        moon_name(setup, spirits.DISCARD_AT_START) if first and state.pending_discards else ""
    )
    phase_text = PHASE_TEXT[state.phase]
    if attempt.status != AttemptStatus.OPEN:  # ended (an abandon too): no move is due any more
        abandoned = attempt.failure_reason == ABANDONED
        phase_text = gettext("Mission abandoned") if abandoned else PHASE_TEXT["over"]
    elif start_discard:
        phase_text = gettext("%(tile)s: every player discards a card") % {"tile": start_discard}
    decision, last_trick = state.decision, state.tricks[-1] if state.tricks else None
    free_seat = powers.free_play_seat(state)
    result = spirits.progress(state)
    vars(table).update(
        version=attempt.version,
        phase=state.phase,
        stamp=events.stamp(attempt),
        phase_text=phase_text,
        mission=shown_mission(
            setup.get("mission") or {"number": attempt.mission, "name": "", "objectives": []}
        ),
        trump=colours[state.trump] if state.trump else None,
        trump_source=trump_source(state, setup),
        lead=colours[state.lead_colour] if state.lead_colour else None,
        mist=colours.get(state.required_lead)
        if state.required_lead and not state.current and state.tricks
        else None,
        first_lead=first_lead,
        first_lead_tile=moon_name(setup, spirits.LEAD_TRUMP_FIRST) if first_lead else "",
        start_discard=start_discard,
        plays=[(seat, table.card(c)) for seat, c in state.current],
        flags=[f for f in state.flags if f.code == "revoke"],
        decision=table.card(decision.id) if decision else None,
        last_trick=last_trick,
        last_tile=state.placed[-1].card if state.placed else "",
        last_decision=table.card(last_trick.decision) if last_trick else None,
        pending_discards=list(dict.fromkeys(state.pending_discards)),
        mist_choices=[colours[c] for c in state.mist_choices],
        moon_tiles=[
            (shown(name), MOON_TEXT.get(effect, ""))
            for effect, name in (setup.get("moon_names") or {}).items()
        ],
        usable_powers=" ".join(row["id"] for row in table.powers if row["usable"]),
        free_seat=free_seat,
        free_power=power_name(setup, spirits.IGNORE_MUST_FOLLOW) if free_seat else "",
        result=result,
        reasons=failure_reasons(result.reasons),
        recorded=attempt.status != AttemptStatus.OPEN,
        changes=attempt.changes or [],
        message=message,
        rule=rule,
        code=code,
        refused=refused if message and code not in ("undone", "stale") else "",
        leader_name=seats.seat_name(state.leader),
        announcement=announcement_of(attempt.last_change, state, setup),
        announcement_kind=(attempt.last_change or {}).get("kind", ""),
        # The last round's Spirit tile ends the mission (our reading of seed 003, 'End of the
        # game'): said before it is sent, as only a correction changes a result.
        ends_mission=state.phase == "place" and state.round >= state.rounds,
    )
    return table


def announcement_of(
    last: Mapping[str, Any] | None, state: spirits.State, setup: Mapping[str, Any]
) -> str:
    """The table's last change said in the reader's language on every device ("carla undid
    Ana's Green 3", "bruno abandoned the mission", "The game is over: …"); a plain move is seen on
    the table itself and not announced."""
    kind = (last or {}).get("kind")
    params = (last or {}).get("params") or {}
    if kind == seats.UNDO:
        return seats.announcement(last, undone_what(params.get("move") or {}, state, setup))
    if kind == seats.ABANDON:
        return seats.announcement(last, gettext("the mission"))
    if kind == seats.FINISH:
        won = params.get("result") == "success"
        what = gettext("the mission succeeded") if won else gettext("the mission failed")
        return seats.announcement(last, what)
    return ""


def undone_text(payload: Mapping[str, Any], state: spirits.State, setup: Mapping[str, Any]) -> str:
    """What an undo took back, in the table's words ("Undid: Bob's Purple 4")."""
    return gettext("Undid: %(move)s.") % {"move": undone_what(payload, state, setup)}


def undone_what(payload: Mapping[str, Any], state: spirits.State, setup: Mapping[str, Any]) -> str:
    """The move an undo took back ("Bob's Purple 4"); ``state`` is the table after the undo,
    where the undone move is due again."""
    colours = colours_of(setup)
    card = payload.get("play") or payload.get("card")
    if "play" in payload:
        label = card_view(state, colours, card).label
        what = interpolate(
            gettext("%(seat)s's %(card)s"),
            {"seat": seats.seat_name(state.current_seat), "card": label},
        )
    elif "automa" in payload and card:
        label = card_view(state, colours, card).label
        what = gettext("the Automa's %(card)s") % {"card": label}
    elif "automa" in payload:
        what = gettext("the Automa's card")
    elif "place" in payload and state.decision:
        label = card_view(state, colours, state.decision.id).label
        what = gettext("the placement of the %(card)s Spirit tile") % {"card": label}
    elif "place" in payload:
        what = gettext("the placement of the Spirit tile")
    elif "discard" in payload:
        what = interpolate(gettext("%(seat)s's discard"), {"seat": payload.get("seat") or ""})
    elif "mist_colour" in payload:
        name = str(colour_of(colours, payload["mist_colour"]).name)
        what = gettext("the Mist's lead colour %(colour)s") % {"colour": name}
    else:
        what = power_name(setup, str(payload.get("power") or ""))
    return what
