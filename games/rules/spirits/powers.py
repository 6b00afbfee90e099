"""Power tiles and Power tokens: when each may be used, and what a use leaves in force.

Seed 003, 'Rewards': Power tokens are kept for the whole adventure and "can be used in every
mission"; Power tiles are placed on unlocked Power spaces before a mission "for extra help". A
setup lists the Powers of the mission (``Setup.powers``); each is used at most once per mission.
``game`` applies the moves; the readings of the rule texts live here, one function each.
"""

from __future__ import annotations

from .board import ColouredEdge
from .night import active_coloured_edges
from .setup import (
    ANY_COLOUR_EDGE,
    AUTOMA,
    CHOOSE_TRUMP,
    IGNORE_MUST_FOLLOW,
    NAME_MISSING_COLOUR,
    POWERS,
    QUIET_TOKEN,
    SWAP_CARDS,
)
from .shapes import Cell
from .state import AUTOMA_PHASE, PLACE, PLAY, PowerUse, State

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
