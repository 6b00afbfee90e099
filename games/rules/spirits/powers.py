"""Power tiles and Power tokens: when each may be used, and what a use leaves in force.

Seed 003, 'Rewards': Power tokens are kept for the whole adventure and "can be used in every
mission"; Power tiles are placed on unlocked Power spaces before a mission "for extra help". A
setup lists the Powers of the mission (``Setup.powers``); each is used at most once per mission.
The Power moves, their options, and the readings of the rule texts live here, one function each;
so does what a placement leaves behind as far as a Power changes it (coloured edges a Lantern
neutralised, a token a Night Moth quieted), which ``game`` applies to every placement.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from . import errors, tokens
from .bitboard import mask_of
from .board import ColouredEdge, Token
from .cards import Card
from .night import active_coloured_edges
from .placement import (
    PlacedTile,
    check_free,
    coloured_edge_violations,
    covered_tokens,
    legal_masks,
    locate,
    placement_cells,
)
from .setup import (
    ANY_COLOUR_EDGE,
    AUTOMA,
    CHOOSE_TRUMP,
    IGNORE_MUST_FOLLOW,
    MOVE_SPIRIT_TILE,
    NAME_MISSING_COLOUR,
    POWERS,
    QUIET_TOKEN,
    SWAP_CARDS,
)
from .shapes import Cell
from .state import AUTOMA_PHASE, PLACE, PLAY, Move, PowerUse, State

# Powers whose effect the table cannot see: it records that they were used, nothing more.
RECORDED_ONLY = (NAME_MISSING_COLOUR, SWAP_CARDS)


def used(state: State, power: str) -> bool:
    """Whether the Power was used this mission (each Power is used at most once)."""
    return any(use.power == power for use in state.powers_used)


def available(state: State, power: str) -> bool:
    """Whether the setup lists the Power (one the engine knows) and it is not used yet."""
    return power in POWERS and power in state.setup.powers and not used(state, power)


def between_tricks(state: State) -> bool:
    """Our reading of when a Power is used: before a trick begins or before the Decision tile is
    placed, never during a trick nor while discards or a Mist colour choice are due.

    Seed 003 says only that Power tiles are placed "before starting a mission"; using one in the
    middle of a trick or of a Whirlpool's discards would change a step already under way. The Wind
    Charm is the exception (``wind_window``) and the Compass narrows this (``compass_window``).
    """
    return not state.current and state.phase in (PLAY, AUTOMA_PHASE, PLACE)


def compass_window(state: State) -> bool:
    """Reading of ``choose-trump`` ("choose the trump colour of the next round instead of the
    Decision card"): between tricks once a trick has been won, for the round after it, and never
    after the last round nor for round 1 (whose trump the Trump card sets, not a Decision card).
    The chosen colour is the trump of that round whatever the Decision card (``State.trump``).
    """
    return between_tricks(state) and 0 < len(state.tricks) < state.rounds


def wind_window(state: State) -> bool:
    """Reading of ``ignore-must-follow`` ("one player may play a card without following the lead
    colour"): the player due to follow, in a trick already led, declares it before playing; their
    next card may then be of any colour. It lifts Must Follow only, not the lead a Mist token or a
    Moon tile imposes on the first card of a trick. The Automa, which has no hand and whose choices
    the Leader makes under their own rule, never uses it.
    """
    return state.phase == PLAY and bool(state.current) and state.current_seat != AUTOMA


def in_window(state: State, power: str) -> bool:
    """Whether ``power`` may be used at this point of the mission."""
    if power == CHOOSE_TRUMP:
        return compass_window(state)
    if power == IGNORE_MUST_FOLLOW:
        return wind_window(state)
    return between_tricks(state)


def free_play_seat(state: State) -> str | None:
    """The seat a Wind Charm lets play without following, until it plays (``wind_window``).

    Reading: that one play is free of Must Follow: with known hands it is not checked; at a real
    table not following shows no void (the player was allowed not to follow) and the play raises
    no revoke flag; a void shown earlier stays as it was.
    """
    for use in state.powers_used:
        if use.power == IGNORE_MUST_FOLLOW and not use.card:
            return use.seat
    return None


def after_free_play(uses: tuple[PowerUse, ...], card: str) -> tuple[PowerUse, ...]:
    """The Power uses once the Wind Charm's player has played ``card``."""
    return tuple(
        PowerUse(u.power, u.round, card, seat=u.seat)
        if u.power == IGNORE_MUST_FOLLOW and not u.card
        else u
        for u in uses
    )


def neutral_edges(state: State) -> tuple[tuple[Cell, str], ...]:
    """The coloured edges a Lantern made accept any colour, as ``(cell, side)``.

    Reading of ``any-colour-edge`` ("one coloured edge accepts a Spirit tile of any colour"): the
    players name one coloured edge in play before a tile goes against it; from then to the end of
    the mission a tile of any colour may lie against it, placed or moved by a Power. A violation
    recorded before the Lantern was used stays (as for the Gust of Wind: undoing a placement is not
    what the tile does).
    """
    return tuple(
        (use.cell, use.side)
        for use in state.powers_used
        if use.power == ANY_COLOUR_EDGE and use.cell is not None and use.side is not None
    )


def edges_in_force(state: State) -> tuple[ColouredEdge, ...]:
    """The coloured edges that still ask for their colour."""
    neutral = set(neutral_edges(state))
    return tuple(
        edge
        for tile in state.setup.board.mission_tiles
        for edge in active_coloured_edges(tile)
        if (edge.cell, edge.side) not in neutral
    )


def quiet_cell(state: State) -> Cell | None:
    """The token a Night Moth quieted, by cell.

    Reading of ``quiet-token`` ("cover a Whirlpool or Mist token without applying its effect"): the
    players name a token still on the board; when a Spirit tile covers it (placed, or moved by a
    Power), the token is discarded and nothing else happens: no discards, no lead colour. A token
    never covered leaves the Power spent.
    """
    for use in state.powers_used:
        if use.power == QUIET_TOKEN:
            return use.cell
    return None


def voids_after(power: str, voids: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The voids shown so far (``revokes``) once a Power token that only talks or passes hidden
    cards (``RECORDED_ONLY``) is used; with known hands nothing of it is modelled either.

    Reading of ``swap-cards`` ("two players each pass one card to the other, face down"): the
    table sees neither who swapped nor which cards, and a card passed face down may fill a colour
    a player had shown they lacked; so every void shown before the swap is forgotten and no revoke
    is proved across it. Reading of ``name-missing-colour`` ("each player may say one colour they
    hold no card of"): what is said is not entered, so the use is only recorded.
    """
    if power == SWAP_CARDS:
        return ()
    return voids


# --- what a placement leaves behind ------------------------------------------------------------


def edge_violations(state: State, mask: int, card: Card) -> tuple[str, ...]:
    """Seed 003, 'Mission tile constraints': a tile against a coloured edge of another colour
    can be placed, but the mission then fails; the violation is recorded. An edge a Lantern
    made accept any colour asks for none (``neutral_edges``)."""
    edges = edges_in_force(state)
    return coloured_edge_violations(edges, mask, card.colour, state.setup.board.size)


def cover_tokens(state: State, covered: Sequence[Token]) -> State:
    """Apply Whirlpool and Mist effects for the next trick, unless the mission just ended; a
    token a Night Moth quieted has none (``quiet_cell``)."""
    if state.complete:
        return state
    quiet = quiet_cell(state)
    covered = tuple(t for t in covered if t.cell != quiet)
    owed = tokens.whirlpool_discarders(
        state.setup.players, state.hands, covered, state.pending_discards
    )
    required, choices = tokens.mist_requirement(
        (*state.mist_choices, *((state.required_lead,) if state.required_lead else ())), covered
    )
    return replace(
        state,
        pending_discards=(*state.pending_discards, *owed),
        required_lead=required,
        mist_choices=choices,
    )


# --- Power moves -------------------------------------------------------------------------------


def use(state: State, move: Mapping[str, Any]) -> State:
    """A Power move: the Power is listed in the setup, used once per mission, in its window."""
    power = move["power"]
    if power not in state.setup.powers or power not in POWER_MOVES:
        raise errors.IllegalMove(errors.POWER_UNAVAILABLE, f"power {power!r} is not available")
    if used(state, power):
        raise errors.IllegalMove(errors.POWER_USED, f"power {power} was already used")
    if not in_window(state, power):
        raise errors.IllegalMove(errors.WRONG_PHASE, POWER_WINDOWS.get(power, BETWEEN_TRICKS))
    return POWER_MOVES[power](state, move)


BETWEEN_TRICKS = "a Power is used between tricks"
POWER_WINDOWS = {
    CHOOSE_TRUMP: "the Compass chooses the next round's trump, between a trick won and the next",
    IGNORE_MUST_FOLLOW: "the Wind Charm is used by the player due to follow, before they play",
}


def move_spirit_tile(state: State, move: Mapping[str, Any]) -> State:
    """Seed 003: placed Spirit tiles never move "unless you use a Power tile that allows it".

    Our reading of the generic ``move-spirit-tile`` power: usable once per mission when the setup
    lists it, before a trick begins or before the Decision tile is placed; the moved tile follows
    the placement rules, a coloured edge of another colour at its new place is a violation like a
    placement's, and covering a token has its usual effect. A violation already recorded stays:
    moving the tile away does not undo a failed constraint.
    """
    before = tuple(sorted(move["from"]))
    tiles = [tile for tile in state.placed if tile.cells == before]
    if not tiles:
        raise errors.IllegalMove(errors.NO_SUCH_TILE, "no placed Spirit tile covers those cells")
    moved = tiles[0]
    card = state.card(moved.card)
    size = state.setup.board.size
    mask = locate(card, move["to"], size)
    check_free(mask, state.occupied & ~mask_of(moved.cells, size))
    covered = covered_tokens(state.tokens, mask, size)
    after = placement_cells(mask, size)
    violations = edge_violations(state, mask, card)
    use = PowerUse(MOVE_SPIRIT_TILE, state.round, card.id, before, after, violations)
    placed = tuple(PlacedTile(t.card, after) if t is moved else t for t in state.placed)
    state = replace(
        state,
        placed=placed,
        tokens=tuple(t for t in state.tokens if t not in covered),
        powers_used=(*state.powers_used, use),
    )
    return cover_tokens(state, covered)


def _any_colour_edge(state: State, move: Mapping[str, Any]) -> State:
    """The Lantern names one coloured edge in play (``neutral_edges``)."""
    cell, side = move["cell"], move["side"]
    edges = [e for e in edges_in_force(state) if (e.cell, e.side) == (cell, side)]
    if not edges:
        raise errors.IllegalMove(errors.NO_SUCH_EDGE, "no coloured edge in play is there")
    edge = edges[0]
    use = PowerUse(ANY_COLOUR_EDGE, state.round, cell=cell, side=edge.side, colour=edge.colour)
    return replace(state, powers_used=(*state.powers_used, use))


def _choose_trump(state: State, move: Mapping[str, Any]) -> State:
    """The Compass names the next round's trump colour (``compass_window``)."""
    colour = move["colour"]
    if colour not in {card.colour for card in state.setup.cards}:
        raise errors.IllegalMove(errors.UNKNOWN_COLOUR, f"unknown colour {colour!r}")
    use = PowerUse(CHOOSE_TRUMP, len(state.tricks) + 1, colour=colour)
    return replace(state, powers_used=(*state.powers_used, use))


def _quiet_token(state: State, move: Mapping[str, Any]) -> State:
    """The Night Moth names a token on the board (``quiet_cell``)."""
    cell = move["cell"]
    if not any(token.cell == cell for token in state.tokens):
        raise errors.IllegalMove(errors.NO_SUCH_TOKEN, "no token lies on that cell")
    use = PowerUse(QUIET_TOKEN, state.round, cell=cell)
    return replace(state, powers_used=(*state.powers_used, use))


def _ignore_must_follow(state: State, move: Mapping[str, Any]) -> State:
    """The Wind Charm frees the next card of the player due (``free_play_seat``)."""
    seat = state.current_seat
    if "seat" in move and move["seat"] != seat:
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, f"{seat} is due to play")
    use = PowerUse(IGNORE_MUST_FOLLOW, state.round, seat=seat)
    return replace(state, powers_used=(*state.powers_used, use))


def _recorded(state: State, move: Mapping[str, Any]) -> State:
    """A Power token the table cannot check: its use is recorded (``voids_after``)."""
    power = move["power"]
    use = PowerUse(power, state.round)
    voids = voids_after(power, state.voids)
    return replace(state, powers_used=(*state.powers_used, use), voids=voids)


POWER_MOVES: dict[str, Callable[[State, Mapping[str, Any]], State]] = {
    MOVE_SPIRIT_TILE: move_spirit_tile,
    ANY_COLOUR_EDGE: _any_colour_edge,
    CHOOSE_TRUMP: _choose_trump,
    QUIET_TOKEN: _quiet_token,
    IGNORE_MUST_FOLLOW: _ignore_must_follow,
    NAME_MISSING_COLOUR: _recorded,
    SWAP_CARDS: _recorded,
}


# --- Power options -----------------------------------------------------------------------------


def options(state: State) -> list[Move]:
    """Every Power move allowed now, Power by Power in the setup's order."""
    moves: list[Move] = []
    for power in state.setup.powers:
        if available(state, power) and in_window(state, power):
            moves.extend(POWER_OPTIONS[power](state, power))
    return moves


def _move_tile_options(state: State, power: str) -> list[Move]:
    size = state.setup.board.size
    moves: list[Move] = []
    for tile in state.placed:
        card = state.card(tile.card)
        own = mask_of(tile.cells, size)
        for mask in legal_masks(card, state.occupied & ~own, size):
            if mask != own:
                moves.append(
                    {
                        "power": power,
                        "from": [list(c) for c in tile.cells],
                        "to": [list(c) for c in placement_cells(mask, size)],
                    }
                )
    return moves


def _edge_options(state: State, power: str) -> list[Move]:
    return [
        {"power": power, "cell": list(edge.cell), "side": edge.side}
        for edge in edges_in_force(state)
    ]


def _trump_options(state: State, power: str) -> list[Move]:
    colours = sorted({card.colour for card in state.setup.cards})
    return [{"power": power, "colour": colour} for colour in colours]


def _token_options(state: State, power: str) -> list[Move]:
    return [{"power": power, "cell": list(token.cell)} for token in state.tokens]


def _plain_options(state: State, power: str) -> list[Move]:
    return [{"power": power}]


POWER_OPTIONS: dict[str, Callable[[State, str], list[Move]]] = {
    MOVE_SPIRIT_TILE: _move_tile_options,
    ANY_COLOUR_EDGE: _edge_options,
    CHOOSE_TRUMP: _trump_options,
    QUIET_TOKEN: _token_options,
    IGNORE_MUST_FOLLOW: _plain_options,
    NAME_MISSING_COLOUR: _plain_options,
    SWAP_CARDS: _plain_options,
}
