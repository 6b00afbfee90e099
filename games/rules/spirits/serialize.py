"""JSON round-trip of a ``State``: ``from_json(to_json(state)) == state``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .board import Token
from .format import cell_list, power_use_to_dict, setup_from_dict, setup_to_dict, token_to_dict
from .placement import PlacedTile, Placement
from .revokes import Flag
from .shapes import Cell
from .state import Discard, PowerUse, State
from .tricks import Trick

STATE_FORMAT = "spirits-state/1"


def _cells(value: Iterable[Iterable[int]]) -> tuple[Cell, ...]:
    return tuple((int(r), int(c)) for r, c in value)


def _token(data: Mapping[str, Any]) -> Token:
    return Token(kind=data["kind"], cell=_cells([data["cell"]])[0], colour=data.get("colour"))


def _trick_to_dict(trick: Trick) -> dict[str, Any]:
    placement = trick.placement
    return {
        "round": trick.round,
        "led_by": trick.led_by,
        "plays": [list(p) for p in trick.plays],
        "winner": trick.winner,
        "decision": trick.decision,
        "trump": trick.trump,
        "next_trump": trick.next_trump,
        "required_lead": trick.required_lead,
        "placement": None
        if placement is None
        else {
            "cells": cell_list(placement.cells),
            "covered_tokens": [token_to_dict(t, with_cell=True) for t in placement.covered_tokens],
            "violations": list(placement.violations),
        },
    }


def _trick(data: Mapping[str, Any]) -> Trick:
    placement = data["placement"]
    return Trick(
        round=data["round"],
        led_by=data["led_by"],
        plays=tuple((s, c) for s, c in data["plays"]),
        winner=data["winner"],
        decision=data["decision"],
        trump=data["trump"],
        next_trump=data["next_trump"],
        required_lead=data["required_lead"],
        placement=None
        if placement is None
        else Placement(
            cells=_cells(placement["cells"]),
            covered_tokens=tuple(_token(t) for t in placement["covered_tokens"]),
            violations=tuple(placement["violations"]),
        ),
    )


def _power_use(data: Mapping[str, Any]) -> PowerUse:
    cell = data.get("cell")
    return PowerUse(
        data["power"],
        data["round"],
        data.get("card", ""),
        _cells(data.get("from", ())),
        _cells(data.get("to", ())),
        tuple(data.get("violations", ())),
        seat=data.get("seat"),
        colour=data.get("colour"),
        cell=None if cell is None else _cells([cell])[0],
        side=data.get("side"),
    )


def to_json(state: State) -> dict[str, Any]:
    """The whole state as JSON-ready data."""
    players = state.setup.players
    return {
        "format": STATE_FORMAT,
        "setup": setup_to_dict(state.setup),
        "seed": state.seed,
        "hands": None
        if state.hands is None
        else {p: list(h) for p, h in zip(players, state.hands, strict=True)},
        "river": list(state.river),
        "deck": None if state.deck is None else list(state.deck),
        "deck_count": state.deck_count,
        "kakapo": state.kakapo,
        "leader": state.leader,
        "current": [list(p) for p in state.current],
        "required_lead": state.required_lead,
        "tricks": [_trick_to_dict(t) for t in state.tricks],
        "placed": [{"card": t.card, "cells": cell_list(t.cells)} for t in state.placed],
        "tokens": [token_to_dict(t, with_cell=True) for t in state.tokens],
        "pending_discards": list(state.pending_discards),
        "discards": [{"seat": d.seat, "card": d.card, "round": d.round} for d in state.discards],
        "mist_choices": list(state.mist_choices),
        "voids": [list(v) for v in state.voids],
        "flags": [{"code": f.code, "seat": f.seat, "round": f.round} for f in state.flags],
        "powers_used": [power_use_to_dict(u) for u in state.powers_used],
        "failure": state.failure,
        "phase": state.phase,
    }


def from_json(data: Mapping[str, Any]) -> State:
    """The state ``to_json`` wrote."""
    setup = setup_from_dict(data["setup"])
    hands = data["hands"]
    return State(
        setup=setup,
        seed=data["seed"],
        hands=None if hands is None else tuple(tuple(hands[p]) for p in setup.players),
        river=tuple(data["river"]),
        deck=None if data["deck"] is None else tuple(data["deck"]),
        deck_count=data["deck_count"],
        kakapo=data["kakapo"],
        leader=data["leader"],
        current=tuple((s, c) for s, c in data["current"]),
        required_lead=data["required_lead"],
        tricks=tuple(_trick(t) for t in data["tricks"]),
        placed=tuple(PlacedTile(t["card"], _cells(t["cells"])) for t in data["placed"]),
        tokens=tuple(_token(t) for t in data["tokens"]),
        pending_discards=tuple(data["pending_discards"]),
        discards=tuple(Discard(d["seat"], d["card"], d["round"]) for d in data["discards"]),
        mist_choices=tuple(data["mist_choices"]),
        voids=tuple((s, c) for s, c in data["voids"]),
        flags=tuple(Flag(f["code"], f["seat"], f["round"]) for f in data["flags"]),
        powers_used=tuple(_power_use(u) for u in data["powers_used"]),
        failure=data["failure"],
    )
