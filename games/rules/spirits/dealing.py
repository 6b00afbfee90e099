"""Digital dealing: shuffle the cards with an explicit ``random.Random`` and deal them.

Used when a setup asks for it (``"deal": true``); the dealt hands and Automa deck are then part of
the setup stored in the state, so ``replay`` rebuilds the same game from the same seed.
"""

from __future__ import annotations

import random
from dataclasses import replace

from . import errors
from .board import WHIRLPOOL
from .moon import DISCARD_AT_START
from .setup import AutomaSetup, Setup

AUTOMA_DECK = 6
AUTOMA_RIVER = 4


def default_hand_size(setup: Setup) -> int:
    """Our reading: each player gets one card per round plus one per Whirlpool token and one for
    a Moon tile's discard at the start, enough to play every trick and pay every discard (seed 003
    leaves hand sizes to the box)."""
    whirlpools = sum(1 for t in setup.board.tokens if t.kind == WHIRLPOOL)
    return setup.rounds + whirlpools + (DISCARD_AT_START in setup.moon_effects)


def deal(setup: Setup, rng: random.Random) -> Setup:
    """Deal hands (and, with an Automa, 6 face-down and 4 face-up cards: seed 003, '2-player game:
    the Automa')."""
    ids = sorted(setup.card_index)
    rng.shuffle(ids)
    size = setup.hand_size if setup.hand_size is not None else default_hand_size(setup)
    automa_cards = AUTOMA_DECK + AUTOMA_RIVER if setup.automa else 0
    needed = size * len(setup.players) + automa_cards
    if needed > len(ids):
        raise errors.SetupError(f"dealing needs {needed} cards, the setup has {len(ids)}")
    automa = setup.automa
    if automa is not None:
        deck = tuple(ids[:AUTOMA_DECK])
        river = tuple(ids[AUTOMA_DECK:automa_cards])
        automa = AutomaSetup(deck=deck, deck_size=len(deck), river=river, kakapo=automa.kakapo)
    rest = ids[automa_cards:]
    hands = tuple(tuple(sorted(rest[i * size : (i + 1) * size])) for i in range(len(setup.players)))
    return replace(setup, hands=hands, automa=automa, deal=False)
