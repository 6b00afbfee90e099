"""The public rules API: start a mission, list and apply moves, and read the outcome.

Moves are plain dicts in the ``spirits-scenario/1`` move shape (see
``docs/formats/spirits-scenario.md``), so they go straight into a move log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from . import automa, errors, powers, tokens
from .bitboard import mask_of
from .board import Token
from .cards import Card
from .dealing import deal
from .format import setup_from_dict
from .moon import first_lead, start_discarders
from .objectives import (
    FAILURE,
    IN_PROGRESS,
    NO_LEGAL_PLACEMENT,
    OUT_OF_CARDS,
    Outcome,
    mission_result,
)
from .placement import (
    PlacedTile,
    Placement,
    check_free,
    coloured_edge_violations,
    covered_tokens,
    has_legal_placement,
    legal_masks,
    locate,
    no_legal_placement_fails_mission,
    placement_cells,
)
from .revokes import track_play
from .serialize import to_dict
from .setup import (
    ANY_COLOUR_EDGE,
    AUTOMA,
    CHOOSE_TRUMP,
    IGNORE_MUST_FOLLOW,
    MOVE_SPIRIT_TILE,
    NAME_MISSING_COLOUR,
    QUIET_TOKEN,
    SWAP_CARDS,
    Setup,
)
from .shapes import Cell
from .state import (
    AUTOMA_PHASE,
    DISCARD,
    MIST_COLOUR,
    OVER,
    PLACE,
    PLAY,
    Discard,
    PowerUse,
    State,
)
from .tricks import Trick, check_follow, required_colour, trick_winner

Move = dict[str, Any]
MOVE_KINDS = ("play", "automa", "place", "discard", "mist_colour", "power")


def new_game(setup: Setup | Mapping[str, Any], seed: int = 0) -> State:
    """A mission before its first trick.

    ``setup`` is a ``Setup`` or a ``spirits-scenario/1`` dict (its ``moves`` are ignored). When
    the setup asks for digital dealing (``deal``) the ``seed`` shuffles the cards. Moon tiles in
    force may owe discards before the first trick and bind its lead (``moon``).
    """
    if not isinstance(setup, Setup):
        setup = setup_from_dict(setup)
    if setup.deal:
        setup = deal(setup, random.Random(seed))
    auto = setup.automa
    return State(
        setup=setup,
        seed=seed,
        hands=setup.hands,
        river=auto.river if auto else (),
        deck=auto.deck if auto else None,
        deck_count=auto.deck_size if auto else 0,
        kakapo=auto.kakapo if auto else None,
        leader=setup.first_player,
        tokens=setup.board.tokens,
        required_lead=first_lead(setup),
        pending_discards=start_discarders(setup, setup.hands),
    )


def outcome(state: State) -> Outcome:
    """Success, failure (with reason codes) or in-progress."""
    if state.failure is not None:
        return Outcome(FAILURE, (state.failure,))
    if not state.complete:
        return Outcome(IN_PROGRESS)
    setup = state.setup
    return mission_result(
        setup.board, setup.night, state.spirit_mask, state.tokens, state.violations
    )


def apply_move(state: State, move: Mapping[str, Any]) -> State:
    """The state after one move; raises ``IllegalMove`` with a stable code."""
    kind = _move_kind(move)
    phase = state.phase
    if phase == OVER:
        raise errors.IllegalMove(errors.MISSION_OVER, "the mission is over")
    if kind == "power":
        return _settle(_power(state, move))
    wanted = {
        PLAY: ("play", "automa"),
        AUTOMA_PHASE: ("play", "automa"),
        PLACE: ("place",),
        DISCARD: ("discard",),
        MIST_COLOUR: ("mist_colour",),
    }[phase]
    if kind not in wanted:
        raise errors.IllegalMove(*_phase_error(phase))
    handler = {
        "play": _play,
        "automa": _automa,
        "place": _place,
        "discard": _discard,
        "mist_colour": _mist_colour,
    }[kind]
    return _settle(handler(state, move))


def legal_placements(state: State) -> list[list[list[int]]]:
    """Every legal placement of the Decision card's Spirit tile, as lists of absolute cells."""
    card = state.decision
    if card is None:
        return []
    size = state.setup.board.size
    return [
        [list(cell) for cell in placement_cells(mask, size)]
        for mask in legal_masks(card, state.occupied, size)
    ]


def legal_moves(state: State) -> list[Move]:
    """The moves a UI may offer now.

    Plays list the cards the seat may play: from the known hand (Must Follow applied), or every
    card not yet seen elsewhere when hands are unknown. Automa moves list the allowed river cards
    and the deck; with an unknown deck, every card that may be in it. Placements, discards, a Mist
    colour choice and Power moves are listed when due.
    """
    phase = state.phase
    if phase == OVER:
        return []
    moves: list[Move] = []
    if phase == PLAY:
        moves = [{"play": card} for card in _playable(state)]
    elif phase == AUTOMA_PHASE:
        moves = _automa_options(state)
    elif phase == PLACE:
        moves = [{"place": cells} for cells in legal_placements(state)]
    elif phase == DISCARD:
        moves = _discard_options(state)
    else:
        moves = [{"mist_colour": colour} for colour in state.mist_choices]
    return moves + _power_options(state)


def view_for(state: State, seat: str) -> dict[str, Any]:
    """What one seat may see: its own hand, other hands as counts, the Automa's deck as a count."""
    view = to_dict(state)
    hands = view["hands"]
    if hands is not None:
        view["hands"] = {
            name: cards if name == seat else len(cards) for name, cards in hands.items()
        }
    setup_hands = view["setup"].get("hands")
    if setup_hands is not None:
        view["setup"]["hands"] = {
            name: cards if name == seat else len(cards) for name, cards in setup_hands.items()
        }
    view["deck"] = None
    if "automa" in view["setup"]:
        view["setup"]["automa"].pop("deck", None)
    view["seat"] = seat
    return view


# --- moves -------------------------------------------------------------------------------------


def _move_kind(move: Mapping[str, Any]) -> str:
    if not isinstance(move, Mapping):
        raise errors.IllegalMove(errors.BAD_MOVE, "a move is a JSON object")
    kinds = [kind for kind in MOVE_KINDS if kind in move]
    if len(kinds) != 1:
        raise errors.IllegalMove(errors.BAD_MOVE, f"a move has exactly one of {MOVE_KINDS}")
    return kinds[0]


def _phase_error(phase: str) -> tuple[str, str]:
    return {
        PLACE: (errors.PLACEMENT_REQUIRED, "the Decision card's Spirit tile must be placed first"),
        DISCARD: (errors.DISCARD_REQUIRED, "every player must first discard a card"),
        MIST_COLOUR: (errors.MIST_COLOUR_REQUIRED, "choose which Mist colour starts the trick"),
    }.get(phase, (errors.WRONG_PHASE, "a trick is in progress"))


def _card_id(value: Any, state: State) -> str:
    if not isinstance(value, str) or value not in state.setup.card_index:
        raise errors.IllegalMove(errors.UNKNOWN_CARD, f"unknown card {value!r}")
    if value in state.spent:
        raise errors.IllegalMove(errors.CARD_ALREADY_PLAYED, f"card {value} was already played")
    return value


def _automa_owned(state: State) -> frozenset[str]:
    return frozenset((*state.river, *(state.deck or ())))


def _check_human_card(state: State, seat: str, card: str) -> None:
    hand = state.hand(seat)
    outside = card not in hand if hand is not None else card in _automa_owned(state)
    if outside:
        raise errors.IllegalMove(errors.NOT_IN_HAND, f"card {card} is not in {seat}'s hand")


def _play(state: State, move: Mapping[str, Any]) -> State:
    seat = state.current_seat
    if seat == AUTOMA:
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, "the Automa is due: use an automa move")
    if "seat" in move and move["seat"] != seat:
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, f"{seat} is due to play")
    card_id = _card_id(move["play"], state)
    _check_human_card(state, seat, card_id)
    card = state.card(card_id)
    lead = state.card(state.current[0][1]) if state.current else None
    required = required_colour(lead, state.required_lead)
    hand = state.hand(seat)
    hands = state.hands
    voids, flags, used = state.voids, state.flags, state.powers_used
    free = powers.free_play_seat(state) == seat
    if free:
        used = powers.after_free_play(used, card_id)
    elif hand is None:
        voids, flag = track_play(voids, seat, card.colour, required, state.round)
        flags = (*flags, flag) if flag is not None else flags
    else:
        check_follow(card, required, (state.card(c) for c in hand))
    if hand is not None and hands is not None:
        i = state.setup.players.index(seat)
        remaining = tuple(c for c in hand if c != card_id)
        hands = (*hands[:i], remaining, *hands[i + 1 :])
    state = replace(state, hands=hands, voids=voids, flags=flags, powers_used=used)
    return _add_play(state, seat, card_id)


def _automa(state: State, move: Mapping[str, Any]) -> State:
    if state.current_seat != AUTOMA:
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, f"{state.current_seat} is due to play")
    if "seat" in move and move["seat"] != AUTOMA:
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, "the Automa is due to play")
    lead = state.card(state.current[0][1]) if state.current else None
    required = required_colour(lead, state.required_lead)
    matching = automa.matching_river(state.river, state.setup.card_index, required)
    choice = move["automa"]
    if choice == "river":
        card_id = _card_id(move.get("card"), state)
        automa.check_river_choice(card_id, state.river, matching)
        river = tuple(c for c in state.river if c != card_id)
        state = replace(state, river=river)
        if automa.needs_refill(river, state.deck_count):
            drawn, state = _draw(state, move.get("refill"), "refill")
            state = replace(state, river=(*river, drawn))
        elif move.get("refill") is not None:
            raise errors.IllegalMove(errors.AUTOMA_DECK_EMPTY, "the Automa's deck is empty")
        return _add_play(state, AUTOMA, card_id)
    if choice == "deck":
        automa.check_deck_choice(matching, state.deck_count)
        card_id, state = _draw(state, move.get("card"), "card")
        return _add_play(state, AUTOMA, card_id)
    raise errors.IllegalMove(errors.BAD_MOVE, 'an automa move is "river" or "deck"')


def _draw(state: State, named: Any, key: str) -> tuple[str, State]:
    """Take the top card of the Automa's deck; with an unknown deck the move names it."""
    if state.deck is not None:
        top = state.deck[0]
        if named is not None and named != top:
            raise errors.IllegalMove(
                errors.AUTOMA_DECK_CARD, f"the top card of the Automa's deck is {top}, not {named}"
            )
        return top, replace(state, deck=state.deck[1:], deck_count=state.deck_count - 1)
    if named is None:
        raise errors.IllegalMove(
            errors.REFILL_REQUIRED if key == "refill" else errors.CARD_REQUIRED,
            f"the Automa's deck is unknown: give the drawn card as {key!r}",
        )
    card_id = _card_id(named, state)
    in_hands = state.hands is not None and any(card_id in hand for hand in state.hands)
    if card_id in state.river or in_hands:
        raise errors.IllegalMove(errors.NOT_IN_DECK, f"card {card_id} cannot be in the deck")
    return card_id, replace(state, deck_count=state.deck_count - 1)


def _add_play(state: State, seat: str, card_id: str) -> State:
    current = (*state.current, (seat, card_id))
    if len(current) < len(state.seats):
        return replace(state, current=current)
    cards = [state.card(card) for _, card in current]
    won = trick_winner(cards, state.trump)
    winner, decision = current[won]
    trick = Trick(
        round=len(state.tricks) + 1,
        led_by=current[0][0],
        plays=current,
        winner=winner,
        decision=decision,
        trump=state.trump,
        next_trump=cards[won].colour,
        required_lead=state.required_lead,
    )
    return replace(
        state,
        current=(),
        tricks=(*state.tricks, trick),
        leader=winner,
        required_lead=None,
        kakapo=automa.next_kakapo(state.kakapo, winner) if state.setup.automa else None,
    )


def _cells(value: Any) -> tuple[Cell, ...]:
    ok = isinstance(value, list) and all(
        isinstance(c, list | tuple) and len(c) == 2 and all(type(x) is int for x in c)
        for c in value
    )
    if not ok:
        raise errors.IllegalMove(errors.BAD_MOVE, "cells are a list of [row, col] integer pairs")
    return tuple((int(c[0]), int(c[1])) for c in value)


def _place(state: State, move: Mapping[str, Any]) -> State:
    card = state.decision
    assert card is not None  # the phase is PLACE
    size = state.setup.board.size
    mask = locate(card, _cells(move["place"]), size)
    check_free(mask, state.occupied)
    covered = covered_tokens(state.tokens, mask, size)
    violations = _edge_violations(state, mask, card)
    cells = placement_cells(mask, size)
    placement = Placement(cells=cells, covered_tokens=covered, violations=violations)
    last = state.tricks[-1]
    state = replace(
        state,
        tricks=(*state.tricks[:-1], replace(last, placement=placement)),
        placed=(*state.placed, PlacedTile(card.id, cells)),
        tokens=tuple(t for t in state.tokens if t not in covered),
    )
    return _token_effects(state, covered)


def _edge_violations(state: State, mask: int, card: Card) -> tuple[str, ...]:
    """Seed 003, 'Mission tile constraints': a tile against a coloured edge of another colour
    can be placed, but the mission then fails; the violation is recorded. An edge a Lantern
    made accept any colour asks for none (``powers.neutral_edges``)."""
    edges = powers.edges_in_force(state)
    return coloured_edge_violations(edges, mask, card.colour, state.setup.board.size)


def _token_effects(state: State, covered: Sequence[Token]) -> State:
    """Apply Whirlpool and Mist effects for the next trick, unless the mission just ended; a
    token a Night Moth quieted has none (``powers.quiet_cell``)."""
    if state.complete:
        return state
    quiet = powers.quiet_cell(state)
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


def _discard(state: State, move: Mapping[str, Any]) -> State:
    seat = move.get("seat")
    if seat not in state.pending_discards:
        if seat in state.setup.players:
            raise errors.IllegalMove(errors.ALREADY_DISCARDED, f"{seat} owes no discard")
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, f"{seat!r} does not discard")
    assert isinstance(seat, str)
    value = move["discard"]
    hands = state.hands
    if value is None:
        if hands is not None:
            raise errors.IllegalMove(errors.CARD_REQUIRED, "name the discarded card")
        card_id = None
    else:
        card_id = _card_id(value, state)
        _check_human_card(state, seat, card_id)
        if hands is not None:
            i = state.setup.players.index(seat)
            hands = (*hands[:i], tuple(c for c in hands[i] if c != card_id), *hands[i + 1 :])
    pending = list(state.pending_discards)
    pending.remove(seat)
    return replace(
        state,
        hands=hands,
        pending_discards=tuple(pending),
        discards=(*state.discards, Discard(seat, card_id, len(state.tricks))),
    )


def _mist_colour(state: State, move: Mapping[str, Any]) -> State:
    colour = move["mist_colour"]
    if colour not in state.mist_choices:
        raise errors.IllegalMove(
            errors.MIST_COLOUR_INVALID, f"choose one of {', '.join(state.mist_choices)}"
        )
    return replace(state, required_lead=colour, mist_choices=())


def _power(state: State, move: Mapping[str, Any]) -> State:
    """A Power used: listed in the setup, once per mission, in its window (``powers``)."""
    power = move["power"]
    if not isinstance(power, str) or power not in state.setup.powers or power not in POWER_MOVES:
        raise errors.IllegalMove(errors.POWER_UNAVAILABLE, f"power {power!r} is not available")
    if powers.used(state, power):
        raise errors.IllegalMove(errors.POWER_USED, f"power {power} was already used")
    if not powers.in_window(state, power):
        raise errors.IllegalMove(errors.WRONG_PHASE, POWER_WINDOWS.get(power, BETWEEN_TRICKS))
    return POWER_MOVES[power](state, move)


BETWEEN_TRICKS = "a Power is used between tricks"
POWER_WINDOWS = {
    CHOOSE_TRUMP: "the Compass chooses the next round's trump, between a trick won and the next",
    IGNORE_MUST_FOLLOW: "the Wind Charm is used by the player due to follow, before they play",
}


def _move_tile(state: State, move: Mapping[str, Any]) -> State:
    """Seed 003: placed Spirit tiles never move "unless you use a Power tile that allows it".

    Our reading of the generic ``move-spirit-tile`` power: usable once per mission when the setup
    lists it, before a trick begins or before the Decision tile is placed; the moved tile follows
    the placement rules, a coloured edge of another colour at its new place is a violation like a
    placement's, and covering a token has its usual effect. A violation already recorded stays:
    moving the tile away does not undo a failed constraint.
    """
    before = tuple(sorted(_cells(move.get("from"))))
    tiles = [tile for tile in state.placed if tile.cells == before]
    if not tiles:
        raise errors.IllegalMove(errors.NO_SUCH_TILE, "no placed Spirit tile covers those cells")
    moved = tiles[0]
    card = state.card(moved.card)
    size = state.setup.board.size
    mask = locate(card, _cells(move.get("to")), size)
    check_free(mask, state.occupied & ~mask_of(moved.cells, size))
    covered = covered_tokens(state.tokens, mask, size)
    after = placement_cells(mask, size)
    violations = _edge_violations(state, mask, card)
    use = PowerUse(MOVE_SPIRIT_TILE, state.round, card.id, before, after, violations)
    placed = tuple(PlacedTile(t.card, after) if t is moved else t for t in state.placed)
    state = replace(
        state,
        placed=placed,
        tokens=tuple(t for t in state.tokens if t not in covered),
        powers_used=(*state.powers_used, use),
    )
    return _token_effects(state, covered)


def _any_colour_edge(state: State, move: Mapping[str, Any]) -> State:
    """The Lantern names one coloured edge in play (``powers.neutral_edges``)."""
    cell = _cells([move.get("cell")])[0]
    side = move.get("side")
    edges = [e for e in powers.edges_in_force(state) if (e.cell, e.side) == (cell, side)]
    if not edges:
        raise errors.IllegalMove(errors.NO_SUCH_EDGE, "no coloured edge in play is there")
    edge = edges[0]
    use = PowerUse(ANY_COLOUR_EDGE, state.round, cell=cell, side=edge.side, colour=edge.colour)
    return replace(state, powers_used=(*state.powers_used, use))


def _choose_trump(state: State, move: Mapping[str, Any]) -> State:
    """The Compass names the next round's trump colour (``powers.compass_window``)."""
    colour = move.get("colour")
    if not isinstance(colour, str) or colour not in {card.colour for card in state.setup.cards}:
        raise errors.IllegalMove(errors.UNKNOWN_COLOUR, f"unknown colour {colour!r}")
    use = PowerUse(CHOOSE_TRUMP, len(state.tricks) + 1, colour=colour)
    return replace(state, powers_used=(*state.powers_used, use))


def _quiet_token(state: State, move: Mapping[str, Any]) -> State:
    """The Night Moth names a token on the board (``powers.quiet_cell``)."""
    cell = _cells([move.get("cell")])[0]
    if not any(token.cell == cell for token in state.tokens):
        raise errors.IllegalMove(errors.NO_SUCH_TOKEN, "no token lies on that cell")
    use = PowerUse(QUIET_TOKEN, state.round, cell=cell)
    return replace(state, powers_used=(*state.powers_used, use))


def _ignore_must_follow(state: State, move: Mapping[str, Any]) -> State:
    """The Wind Charm frees the next card of the player due (``powers.free_play_seat``)."""
    seat = state.current_seat
    if "seat" in move and move["seat"] != seat:
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, f"{seat} is due to play")
    use = PowerUse(IGNORE_MUST_FOLLOW, state.round, seat=seat)
    return replace(state, powers_used=(*state.powers_used, use))


def _recorded(state: State, move: Mapping[str, Any]) -> State:
    """A Power token the table cannot check: its use is recorded (``powers.voids_after``)."""
    power = move["power"]
    use = PowerUse(power, state.round)
    voids = powers.voids_after(power, state.voids)
    return replace(state, powers_used=(*state.powers_used, use), voids=voids)


POWER_MOVES: dict[str, Callable[[State, Mapping[str, Any]], State]] = {
    MOVE_SPIRIT_TILE: _move_tile,
    ANY_COLOUR_EDGE: _any_colour_edge,
    CHOOSE_TRUMP: _choose_trump,
    QUIET_TOKEN: _quiet_token,
    IGNORE_MUST_FOLLOW: _ignore_must_follow,
    NAME_MISSING_COLOUR: _recorded,
    SWAP_CARDS: _recorded,
}


def _settle(state: State) -> State:
    """Fail the mission at once when play cannot go on."""
    phase = state.phase
    if phase == PLACE:
        card = state.decision
        assert card is not None
        size = state.setup.board.size
        if (
            not has_legal_placement(card, state.occupied, size)
            and no_legal_placement_fails_mission()
        ):
            return replace(state, failure=NO_LEGAL_PLACEMENT)
    elif phase in (PLAY, AUTOMA_PHASE) and _out_of_cards(state):
        return replace(state, failure=OUT_OF_CARDS)
    return state


def _out_of_cards(state: State) -> bool:
    """A seat due to play with no card left ends the mission in failure (``out-of-cards``): a
    known empty hand (``tokens.out_of_cards``, our reading of an empty hand), or an Automa with
    empty river and deck."""
    seat = state.current_seat
    if seat == AUTOMA:
        return not state.river and state.deck_count == 0
    return tokens.out_of_cards(state.hand(seat))


# --- options -----------------------------------------------------------------------------------


def _playable(state: State) -> list[str]:
    seat = state.current_seat
    hand = state.hand(seat)
    if hand is None:
        owned = _automa_owned(state)
        return sorted(c for c in state.setup.card_index if c not in state.spent and c not in owned)
    if powers.free_play_seat(state) == seat:
        return list(hand)
    lead = state.card(state.current[0][1]) if state.current else None
    required = required_colour(lead, state.required_lead)
    following = [c for c in hand if state.card(c).colour == required]
    return list(following or hand)


def _deck_candidates(state: State) -> list[str]:
    """Cards that may lie in the Automa's unknown deck."""
    if state.deck_count == 0:
        return []
    held = {c for hand in state.hands or () for c in hand}
    return sorted(
        c
        for c in state.setup.card_index
        if c not in state.spent and c not in state.river and c not in held
    )


def _automa_options(state: State) -> list[Move]:
    lead = state.card(state.current[0][1]) if state.current else None
    required = required_colour(lead, state.required_lead)
    matching = automa.matching_river(state.river, state.setup.card_index, required)
    moves: list[Move] = []
    refills = _deck_candidates(state) if state.deck is None else []
    for card in matching or state.river:
        if refills:
            moves.extend({"automa": "river", "card": card, "refill": r} for r in refills)
        else:
            moves.append({"automa": "river", "card": card})
    if not matching and state.deck_count:
        if state.deck is not None:
            moves.append({"automa": "deck"})
        else:
            moves.extend({"automa": "deck", "card": c} for c in _deck_candidates(state))
    return moves


def _discard_options(state: State) -> list[Move]:
    moves: list[Move] = []
    for seat in dict.fromkeys(state.pending_discards):
        hand = state.hand(seat)
        if hand is None:
            moves.append({"discard": None, "seat": seat})
        else:
            moves.extend({"discard": card, "seat": seat} for card in hand)
    return moves


def _power_options(state: State) -> list[Move]:
    """Every Power move allowed now, Power by Power in the setup's order."""
    moves: list[Move] = []
    for power in state.setup.powers:
        if powers.available(state, power) and powers.in_window(state, power):
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
        for edge in powers.edges_in_force(state)
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
