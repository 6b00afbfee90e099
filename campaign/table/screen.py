"""What the table screen draws, read from one attempt row: its setup and cached engine state.

``table_snapshot`` turns the engine state into plain values for the templates: whose turn it is,
the trick, the card picker, the Automa's river, the board's 144 cells, the round track and the
result. Colours always come with their name and symbol, never as colour alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.models import AttemptStatus, MissionAttempt
from campaign.table import events
from campaign.table.services import ALREADY_PLAYED, REASON_TEXT, state_of
from games import messages
from games.content import Colour
from games.content.texts import Text, text_from_json
from games.rules import spirits
from games.rules.spirits import automa, errors, powers
from games.rules.spirits.campaign import ONE_FEWER_ROUND
from games.rules.spirits.cards import back_side
from games.rules.spirits.night import active_cells
from games.rules.spirits.shapes import normalise

PHASE_TEXT = {
    "play": _("Play a card"),
    "automa": _("The Automa plays"),
    "place": _("Place the Spirit tile"),
    "discard": _("Whirlpool: every player discards a card"),
    "mist-colour": _("Mist: choose the next lead colour"),
    "over": _("The mission is over"),
}
SIDE_NAMES = {"N": _("north"), "E": _("east"), "S": _("south"), "W": _("west")}
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
    """A sentence that explains something ("the mission failed because …"), with the link to the
    rule of the reference it comes from."""

    text: str
    rule: str


def failure_reasons(reasons: tuple[str, ...] | list[str]) -> list[Why]:
    """The engine's reasons a mission failed, translated, each with its rule."""
    return [
        Why(gettext(REASON_TEXT[r]) if r in REASON_TEXT else r, messages.failure_rule(r))
        for r in reasons
    ]


def refusal_params(
    state: spirits.State, colours: dict[str, Colour], move: Mapping[str, Any]
) -> dict[str, str]:
    """What a refusal's message may name, read from the refused move and the table it met: the
    card (its colour's name and value), the seat concerned and the colour that was led."""
    card_id = str(move.get("play") or move.get("card") or move.get("refill") or "")
    card = (
        card_view(state, colours, card_id).label if card_id in state.setup.card_index else card_id
    )
    lead = colours.get(state.lead_colour or "")
    seat = str(move.get("seat") or state.current_seat)
    return {"card": card, "seat": seat, "colour": lead.name if lead else ""}


def refusal_of(
    code: str, state: spirits.State, colours: dict[str, Colour], move: Mapping[str, Any]
) -> Why:
    """An engine refusal as the table shows it: the sentence of ``games.messages`` in the
    reader's language, with the refused move's card, seat or colour, and its rule."""
    refusal = messages.SPIRITS_REFUSALS.get(code, messages.SPIRITS_REFUSALS[errors.BAD_MOVE])
    params = refusal_params(state, colours, move)
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


class Table:
    """The table screen's values. The costly parts are computed the first time a template reads
    them (``cached_property``); ``table_snapshot`` sets the rest."""

    def __init__(
        self,
        *,
        attempt: MissionAttempt,
        state: spirits.State,
        setup: Mapping[str, Any],
        colours: dict[str, Colour],
    ) -> None:
        self.attempt = attempt
        self.state = state
        self.setup = setup
        self.colours = colours
        self.version = attempt.version
        self.phase = state.phase
        self.stamp = events.stamp(attempt)

    @cached_property
    def picker(self) -> list[dict[str, Any]]:
        return picker(self.state, self.colours)

    @cached_property
    def automa(self) -> dict[str, Any] | None:
        return automa_panel(self.state, self.colours)

    @cached_property
    def board(self) -> list[list[Cell]]:
        return board_cells(self.state, self.colours, tile_names_of(self.setup))

    @cached_property
    def board_key(self) -> str:
        """Everything the board's drawing depends on beyond the attempt's own setup (fixed when
        the mission begins): the page caches the drawing under it (``{% cache %}``), so a card
        played redraws no cell and only a tile or token placed, or a Power, does."""
        state, attempt = self.state, self.attempt
        parts = (
            attempt.pk,
            attempt.created_at,
            state.placed,
            state.tokens,
            powers.neutral_edges(state),
            powers.quiet_cell(state),
        )
        return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()

    @cached_property
    def board_data(self) -> dict[str, Any]:
        return board_data(self.state, self.colours)

    @cached_property
    def tile_data(self) -> dict[str, Any] | None:
        return tile_data(self.state)

    @cached_property
    def piles(self) -> list[dict[str, Any]]:
        return piles(self.state, self.colours)

    @cached_property
    def power_tiles(self) -> list[dict[str, Any]]:
        return power_tiles(self.state, self.colours)

    @cached_property
    def power_data(self) -> dict[str, Any]:
        return power_data(self.state)

    @cached_property
    def powers(self) -> list[dict[str, Any]]:
        return power_list(self.state, self.setup, self.colours)

    @cached_property
    def preview_text(self) -> dict[str, str]:
        return preview_text()


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


def tile_names_of(setup: Mapping[str, Any]) -> dict[str, str]:
    """The Mission tiles' names in the reader's language, by tile id."""
    return {tile: shown(name) for tile, name in (setup.get("tile_names") or {}).items()}


def board_cells(
    state: spirits.State, colours: dict[str, Colour], tile_names: Mapping[str, str]
) -> list[list[Cell]]:
    """The grid the board draws; a Mission tile is labelled by its name (``tile_names``), or
    only as a Mission tile when the setup names none."""
    setup = state.setup
    board = setup.board
    size = board.size
    grid = [[Cell(r, c) for c in range(size)] for r in range(size)]
    neutral = set(powers.neutral_edges(state))
    for tile in board.mission_tiles:
        for r, c in active_cells(tile, setup.night):
            cell = grid[r][c]
            cell.classes.append("mission")
            if tile.surround:
                cell.classes.append("surround")
            name = tile_names.get(tile.id)
            if name:
                cell.label = (
                    gettext("Mission tile %(tile)s (surround it)")
                    if tile.surround
                    else gettext("Mission tile %(tile)s")
                ) % {"tile": name}
            else:
                cell.label = (
                    gettext("Mission tile (surround it)")
                    if tile.surround
                    else gettext("Mission tile")
                )
            if (r, c) == tile.triangle:
                cell.text = "◣"
        for edge in tile.coloured_edges:
            r, c = edge.cell
            grid[r][c].edges.append(
                (edge.side, colours.get(edge.colour, Colour(edge.colour, edge.colour, "■")))
            )
            if (edge.cell, edge.side) in neutral:
                grid[r][c].neutral.append(edge.side)
    for r, c in board.rocks:
        grid[r][c].classes.append("rock")
        grid[r][c].text = grid[r][c].text or "◆"
        grid[r][c].label = grid[r][c].label or gettext("Rock")
    quiet = powers.quiet_cell(state)
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
        if token.cell == quiet:
            cell.classes.append("quiet")
            cell.label = gettext("%(token)s, no effect when covered") % {"token": cell.label}
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
    outline_tiles(grid)
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


OUTLINE = (("N", -1, 0), ("E", 0, 1), ("S", 1, 0), ("W", 0, -1))


def outline_tiles(grid: list[list[Cell]]) -> None:
    """Each Spirit tile's outline: a cell's sides whose neighbour is not of the same tile
    (``o-N`` …), so two neighbouring tiles of one colour never read as one shape."""
    size = len(grid)
    for row in grid:
        for cell in row:
            if not cell.tile:
                continue
            for side, dr, dc in OUTLINE:
                r, c = cell.r + dr, cell.c + dc
                inside = 0 <= r < size and 0 <= c < size
                if not inside or grid[r][c].tile != cell.tile:
                    cell.classes.append(f"o-{side}")


def board_data(state: spirits.State, colours: dict[str, Colour]) -> dict[str, Any]:
    """What the placement preview (table.js) checks a position against: the board's size, the
    occupied cells (Mission tiles, placed Spirit tiles), the tokens (kind, colour, quieted) and
    the coloured edges that ask for their colour (fixed, but for a Power that makes one accept
    any). Sent inside the table region as JSON (``json_script``)."""
    quiet = powers.quiet_cell(state)
    tokens = []
    for token in state.tokens:
        colour = colours.get(token.colour) if token.colour else None
        tokens.append(
            {
                "cell": list(token.cell),
                "kind": token.kind,
                "colour": str(colour.name) if colour else None,
                "quiet": token.cell == quiet,
            }
        )
    return {
        "size": state.setup.board.size,
        "occupied": sorted([list(cell) for cell in state.board_occupancy()]),
        "tokens": tokens,
        "edges": [
            {"out": list(edge.outside), "colour": edge.colour}
            for edge in powers.edges_in_force(state)
        ],
    }


def preview_text() -> dict[str, str]:
    """The placement preview's sentences, translated here; ``{colour}``, ``{side}`` and
    ``{degrees}`` are filled in by table.js. An illegal position says what the engine would
    refuse (``games.messages``), and each sentence that comes from a rule links to it
    (``*_rule``)."""
    off = messages.SPIRITS_REFUSALS[errors.OFF_BOARD]
    overlap = messages.SPIRITS_REFUSALS[errors.OVERLAP]
    return {
        "off": off.render(),
        "off_rule": off.url,
        "overlap": overlap.render(),
        "overlap_rule": overlap.url,
        "edge_rule": messages.spirits_rule("mission-tile-constraints"),
        "rule": gettext("Read the rule"),
        "legal": gettext("Legal position."),
        "edge": gettext("Legal, but a coloured edge does not match: this will fail the mission."),
        "quiet": gettext("Covers the token a Power quieted: no effect."),
        "mist": gettext("Covers a Mist token ({colour}): it sets the next lead colour."),
        "whirlpool": gettext("Covers a Whirlpool: every player discards a card."),
        "same": gettext("The tile is where it lies now: move, rotate or turn it over."),
        "front": gettext("Front"),
        "back": gettext("Back"),
        "turned": gettext("{side}, turned {degrees}°"),
    }


def tile_data(state: spirits.State) -> dict[str, Any] | None:
    """The Decision card's Spirit tile, front and back, for the placement preview (table.js turns
    each side a quarter clockwise 0–3 times, as ``shapes.rotate`` does); None when none waits."""
    card = state.decision
    if card is None:
        return None
    return {
        "card": card.id,
        "colour": card.colour,
        "front": [list(c) for c in normalise(card.tile)],
        "back": [list(c) for c in normalise(back_side(card))],
    }


def power_usable(state: spirits.State, power: str) -> bool:
    """Whether the Power can be used now: available, in its window (``spirits.powers``), and with
    something to act on (a placed tile to move, a coloured edge, a token)."""
    if not (powers.available(state, power) and powers.in_window(state, power)):
        return False
    if power == spirits.MOVE_SPIRIT_TILE:
        return bool(state.placed)
    if power == spirits.ANY_COLOUR_EDGE:
        return bool(powers.edges_in_force(state))
    if power == spirits.QUIET_TOKEN:
        return bool(state.tokens)
    return True


def power_list(
    state: spirits.State, setup: Mapping[str, Any], colours: dict[str, Colour]
) -> list[dict[str, Any]]:
    """The mission's Powers, in the setup's order: name, what it does, whether it was used (and
    on what) or can be used now, and the choices its control offers. ``row`` is what its row in
    the Power section shows: a move re-sends the rows whose ``row`` changed; whether a Power can
    be used now is written on ``#status`` (``usable_powers``), which every move re-sends."""
    uses = {use.power: use for use in state.powers_used}
    result = []
    for power in state.setup.powers:
        if power not in spirits.POWERS:
            continue
        use = uses.get(power)
        options = power_options(state, power, colours) if use is None else []
        detail = power_detail(state, use, colours) if use is not None else ""
        result.append(
            {
                "id": power,
                "name": power_name(setup, power),
                "text": POWER_TEXT[power],
                "when": POWER_WHEN.get(power, BETWEEN_TRICKS),
                "recorded_only": power in powers.RECORDED_ONLY,
                "used": use is not None,
                "usable": power_usable(state, power),
                "detail": detail,
                "options": options,
                "form": power_form(power),
                "row": (use is not None, detail, options),
            }
        )
    return result


def power_form(power: str) -> str:
    """The id of a Power's form (the Gust of Wind's is the one table.js drives)."""
    return "power-form" if power == spirits.MOVE_SPIRIT_TILE else f"power-{power}-form"


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


def edge_label(cell: tuple[int, int], side: str, colour: str, colours: dict[str, Colour]) -> str:
    named = colours.get(colour, Colour(colour, colour, "■"))
    return gettext("%(symbol)s %(colour)s edge %(side)s of %(row)s,%(col)s") % {
        "symbol": named.symbol,
        "colour": str(named.name),
        "side": SIDE_NAMES[side],
        "row": cell[0],
        "col": cell[1],
    }


def token_label(token: Any, colours: dict[str, Colour]) -> str:
    r, c = token.cell
    if token.kind == "mist" and token.colour:
        named = colours.get(token.colour, Colour(token.colour, token.colour, "■"))
        return gettext("☁%(symbol)s Mist (%(colour)s) on %(row)s,%(col)s") % {
            "symbol": named.symbol,
            "colour": str(named.name),
            "row": r,
            "col": c,
        }
    return gettext("◎ Whirlpool on %(row)s,%(col)s") % {"row": r, "col": c}


def power_detail(state: spirits.State, use: Any, colours: dict[str, Colour]) -> str:
    """What a used Power did, in a few words."""
    if use.power == spirits.MOVE_SPIRIT_TILE:
        card = card_view(state, colours, use.card)
        return gettext("moved %(card)s in round %(round)s") % {
            "card": card.label,
            "round": use.round,
        }
    if use.power == spirits.ANY_COLOUR_EDGE:
        edge = edge_label(use.cell, use.side, use.colour, colours)
        return gettext("%(edge)s now accepts any colour") % {"edge": edge}
    if use.power == spirits.CHOOSE_TRUMP:
        colour = colours.get(use.colour, Colour(use.colour, use.colour, "■"))
        return gettext("%(symbol)s %(colour)s is the trump of round %(round)s") % {
            "symbol": colour.symbol,
            "colour": str(colour.name),
            "round": use.round,
        }
    if use.power == spirits.QUIET_TOKEN:
        return gettext("the token on %(row)s,%(col)s has no effect when covered") % {
            "row": use.cell[0],
            "col": use.cell[1],
        }
    if use.power == spirits.IGNORE_MUST_FOLLOW:
        if use.card:
            card = card_view(state, colours, use.card)
            return gettext("%(seat)s played %(card)s without following, in round %(round)s") % {
                "seat": use.seat,
                "card": card.label,
                "round": use.round,
            }
        return gettext("%(seat)s may play without following the lead") % {"seat": use.seat}
    return gettext("used in round %(round)s") % {"round": use.round}


def gust_status(power_rows: list[dict[str, Any]]) -> str:
    """The Gust of Wind's state for table.js (``#status[data-power]``): usable, used or waiting;
    empty when the mission does not have it."""
    for row in power_rows:
        if row["id"] == spirits.MOVE_SPIRIT_TILE:
            return "usable" if row["usable"] else "used" if row["used"] else "waiting"
    return ""


def power_tiles(state: spirits.State, colours: dict[str, Colour]) -> list[dict[str, Any]]:
    """The placed Spirit tiles the Power can move: card, cells (``r,c r,c``, the form's value)."""
    return [
        {
            "card": card_view(state, colours, tile.card),
            "cells": " ".join(f"{r},{c}" for r, c in tile.cells),
        }
        for tile in state.placed
    ]


def power_data(state: spirits.State) -> dict[str, Any]:
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
    return data


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
    matching = automa.matching_river(state.river, state.setup.card_index, state.required_colour)
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
    deck_allowed = any(m.get("automa") == "deck" for m in moves)
    return {
        "river": [(card, card.id in river_ok) for card in river],
        "forced": len(river_ok) == 1 and not deck_allowed,
        "deck_count": state.deck_count,
        "kakapo": leader,
        "advice": advice,
        "candidates": [card_view(state, colours, c) for c in state.deck_candidates],
        "deck_allowed": deck_allowed,
    }


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
                "trump": colours[trick.trump] if trick.trump else None,
                "plays": [(seat, card_view(state, colours, c)) for seat, c in trick.plays],
                "violations": trick.placement.violations if trick.placement else (),
            }
        )
    return result


def shown(value: object) -> str:
    """A name or text a setup keeps as the pack writes it, in the reader's language."""
    if isinstance(value, dict) and value:
        return str(text_from_json(value))
    return value if isinstance(value, str) else ""


def shown_mission(mission: Mapping[str, Any]) -> dict[str, Any]:
    """The setup's mission with its name, text, relief and objective tiles in the reader's
    language."""
    result = dict(mission)
    for key in ("name", "text", "relief"):
        if key in result:
            result[key] = shown(result[key])
    result["objectives"] = [
        {**o, "name": shown(o.get("name")) or o.get("tile", "")}
        for o in mission.get("objectives") or []
    ]
    return result


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
    for use in state.powers_used:
        if use.power == spirits.CHOOSE_TRUMP and use.round == following:
            return power_name(setup, spirits.CHOOSE_TRUMP)
    return ""


def moon_rules(state: spirits.State, setup: Mapping[str, Any]) -> dict[str, Any]:
    """The Moon tile rules that matter at this moment: the first trick's forced lead
    (``lead-trump-first``) and the discards owed before it (``discard-at-start``). A lead forced
    after the first trick can only come from a Mist token."""
    first = not state.tricks
    return {
        "first_lead": moon_name(setup, spirits.LEAD_TRUMP_FIRST)
        if first and state.required_lead and not state.current
        else "",
        "start_discard": moon_name(setup, spirits.DISCARD_AT_START)
        if first and state.pending_discards
        else "",
    }


def table_snapshot(
    attempt: MissionAttempt,
    *,
    message: str = "",
    code: str = "",
    refused: str = "",
    move: Mapping[str, Any] | None = None,
) -> Table:
    """Everything the table screen shows for ``attempt``: no query beyond the attempt row.

    ``message`` and ``code`` say what the last request did (a refusal, an undo); ``refused`` is
    the kind of the form a refusal answers (``MoveForm.kind``, or ``undo``), so the sentence is
    also shown next to that control. With the refused ``move``, ``code`` is the rules engine's:
    the sentence is then its translated refusal, with a link to the rule (``rule``)."""
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
    )
    rule = ""
    if move is not None:
        why = refusal_of(code, state, colours, move)
        message, rule = why.text, why.rule
    decision = state.decision
    moon = moon_rules(state, setup)
    phase_text = PHASE_TEXT[phase]
    if moon["start_discard"]:
        phase_text = gettext("%(tile)s: every player discards a card") % {
            "tile": moon["start_discard"]
        }
    power_rows = table.powers
    free_seat = powers.free_play_seat(state)
    vars(table).update(
        phase_text=phase_text,
        mission=shown_mission(
            setup.get("mission") or {"number": attempt.mission, "name": "", "objectives": []}
        ),
        seats=state.seats,
        current_seat=state.current_seat,
        trump=colours[state.trump] if state.trump else None,
        trump_source=trump_source(state, setup),
        lead=colours[lead] if lead else None,
        mist=colours.get(state.required_lead)
        if state.required_lead and not state.current and state.tricks
        else None,
        first_lead=colours.get(state.required_lead) if moon["first_lead"] else None,
        first_lead_tile=moon["first_lead"],
        start_discard=moon["start_discard"],
        plays=[(seat, card_view(state, colours, c)) for seat, c in state.current],
        waiting=state.waiting_seats,
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
        moon_tiles=[
            (shown(name), MOON_TEXT.get(effect, ""))
            for effect, name in (setup.get("moon_names") or {}).items()
        ],
        gust=gust_status(power_rows),
        usable_powers=" ".join(row["id"] for row in power_rows if row["usable"]),
        free_seat=free_seat,
        free_power=power_name(setup, spirits.IGNORE_MUST_FOLLOW) if free_seat else "",
        violations=state.violations,
        result=result,
        reasons=failure_reasons(result.reasons),
        recorded=attempt.status != AttemptStatus.OPEN,
        changes=attempt.changes or [],
        message=message,
        rule=rule,
        code=code,
        stale=code == "stale" and message == ALREADY_PLAYED,
        refused=refused if message and code not in ("undone", "stale") else "",
        ends_mission=ends_mission(state),
    )
    return table


def ends_mission(state: spirits.State) -> bool:
    """Whether the move due now is the mission's last: the Spirit tile of the last round. Our
    reading of seed 003 ('End of the game'): the game ends once the last round's tile is placed;
    the screen says so before the move is sent, since a recorded result changes only by a
    correction."""
    return state.phase == "place" and state.round >= state.rounds


def undone_text(payload: Mapping[str, Any], state: spirits.State, setup: Mapping[str, Any]) -> str:
    """What an undo took back, in the table's words ("Undid: Bob's Purple 4"); ``state`` is the
    table after the undo, where the undone move is due again."""
    colours = colours_of(setup)
    if "play" in payload:
        card = card_view(state, colours, payload["play"])
        what = gettext("%(seat)s's %(card)s") % {"seat": state.current_seat, "card": card.label}
    elif "automa" in payload:
        what = (
            gettext("the Automa's %(card)s")
            % {"card": card_view(state, colours, payload["card"]).label}
            if payload.get("card")
            else gettext("the Automa's card")
        )
    elif "place" in payload:
        decision = state.decision
        what = (
            gettext("the placement of the %(card)s Spirit tile")
            % {"card": card_view(state, colours, decision.id).label}
            if decision
            else gettext("the placement of the Spirit tile")
        )
    elif "discard" in payload:
        what = gettext("%(seat)s's discard") % {"seat": payload.get("seat") or ""}
    elif "mist_colour" in payload:
        colour = colours.get(payload["mist_colour"])
        what = gettext("the Mist's lead colour %(colour)s") % {
            "colour": str(colour.name) if colour else payload["mist_colour"]
        }
    else:
        what = power_name(setup, str(payload.get("power") or ""))
    return gettext("Undid: %(move)s.") % {"move": what}
