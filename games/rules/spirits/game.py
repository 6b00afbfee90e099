"""The public rules API (the engine contract, ``games.rules.common.Engine``): start a mission,
list and apply moves, and read the outcome.

Moves are plain dicts in the ``spirits-scenario/1`` move shape (see
``docs/formats/spirits-scenario.md``), so they go straight into a move log; ``apply`` reads them
strictly (``moves.read_move``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import automa, errors, powers, tokens
from .dealing import deal
from .format import setup_from_dict
from .moon import first_lead, start_discarders
from .moves import read_move
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
    covered_tokens,
    has_legal_placement,
    legal_masks,
    locate,
    no_legal_placement_fails_mission,
    placement_cells,
)
from .revokes import track_play
from .serialize import to_json
from .setup import (
    AUTOMA,
    Setup,
)
from .state import (
    AUTOMA_PHASE,
    DISCARD,
    MIST_COLOUR,
    OVER,
    PLACE,
    PLAY,
    Discard,
    Move,
    State,
)
from .tricks import Trick, check_follow, trick_winner


def new_game(setup: Setup | Mapping[str, Any], *, seed: int = 0) -> State:
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


def outcome(state: State) -> Outcome | None:
    """Success or failure (with reason codes); ``None`` while the mission goes on."""
    result = progress(state)
    return None if result.result == IN_PROGRESS else result


def progress(state: State) -> Outcome:
    """Success, failure (with reason codes) or in-progress: the scenario report's ``outcome``."""
    if state.failure is not None:
        return Outcome(FAILURE, (state.failure,))
    if not state.complete:
        return Outcome(IN_PROGRESS)
    setup = state.setup
    return mission_result(
        setup.board, setup.night, state.spirit_mask, state.tokens, state.violations
    )


def apply(state: State, move: Mapping[str, Any]) -> State:
    """The state after one move; raises ``IllegalMove`` with a stable code."""
    kind, move = read_move(move)
    phase = state.phase
    if phase == OVER:
        raise errors.IllegalMove(errors.MISSION_OVER, "the mission is over")
    if kind == "power":
        return _settle(powers.use(state, move))
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
    return moves + powers.options(state)


def view_for(state: State, seat: str) -> dict[str, Any]:
    """What one seat may see: its own hand, other hands as counts, the Automa's deck as a count."""
    view = to_json(state)
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
    required = state.required_colour
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
    required = state.required_colour
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
    automa.check_deck_choice(matching, state.deck_count)  # "deck": the only other choice
    card_id, state = _draw(state, move.get("card"), "card")
    return _add_play(state, AUTOMA, card_id)


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


def _place(state: State, move: Mapping[str, Any]) -> State:
    card = state.decision
    assert card is not None  # the phase is PLACE
    size = state.setup.board.size
    mask = locate(card, move["place"], size)
    check_free(mask, state.occupied)
    covered = covered_tokens(state.tokens, mask, size)
    violations = powers.edge_violations(state, mask, card)
    cells = placement_cells(mask, size)
    placement = Placement(cells=cells, covered_tokens=covered, violations=violations)
    last = state.tricks[-1]
    state = replace(
        state,
        tricks=(*state.tricks[:-1], replace(last, placement=placement)),
        placed=(*state.placed, PlacedTile(card.id, cells)),
        tokens=tuple(t for t in state.tokens if t not in covered),
    )
    return powers.cover_tokens(state, covered)


def _discard(state: State, move: Mapping[str, Any]) -> State:
    seat = move["seat"]
    if seat not in state.pending_discards:
        if seat in state.setup.players:
            raise errors.IllegalMove(errors.ALREADY_DISCARDED, f"{seat} owes no discard")
        raise errors.IllegalMove(errors.NOT_YOUR_TURN, f"{seat!r} does not discard")
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
    elif phase in (PLAY, AUTOMA_PHASE) and seat_out_of_cards(state):
        return replace(state, failure=OUT_OF_CARDS)
    return state


def seat_out_of_cards(state: State) -> bool:
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
    required = state.required_colour
    following = [c for c in hand if state.card(c).colour == required]
    return list(following or hand)


def _automa_options(state: State) -> list[Move]:
    required = state.required_colour
    matching = automa.matching_river(state.river, state.setup.card_index, required)
    moves: list[Move] = []
    refills = state.deck_candidates
    for card in matching or state.river:
        if refills:
            moves.extend({"automa": "river", "card": card, "refill": r} for r in refills)
        else:
            moves.append({"automa": "river", "card": card})
    if not matching and state.deck_count:
        if state.deck is not None:
            moves.append({"automa": "deck"})
        else:
            moves.extend({"automa": "deck", "card": c} for c in state.deck_candidates)
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
