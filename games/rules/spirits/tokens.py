"""What covering Whirlpool and Mist tokens does (seed 003, 'Whirlpool tokens', 'Mist tokens')."""

from __future__ import annotations

from collections.abc import Sequence

from .board import MIST, WHIRLPOOL, Token


def discards_owed(
    players: Sequence[str],
    hands: Sequence[Sequence[str]] | None,
    pending: Sequence[str],
    count: int,
) -> tuple[str, ...]:
    """The discards newly owed when every player must discard ``count`` cards, one entry per card,
    given the discards already ``pending``.

    Our reading of an empty hand. Seed 003, 'Whirlpool tokens': "every player also discards one
    card from their hand face down". A player discards only cards they hold: with a known hand, a
    player owes at most as many discards as cards left in it, counting those already owed, and the
    rest is forgiven, so a discard is never owed that no card can pay. The Automa has no hand and
    discards nothing. With unknown hands every discard stands (the table names none). A player
    who is due to play with no card left ends the mission in failure (``out-of-cards``,
    ``out_of_cards``).
    """
    owed: list[str] = []
    for _ in range(count):
        for i, seat in enumerate(players):
            due = pending.count(seat) + owed.count(seat)
            if hands is None or due < len(hands[i]):
                owed.append(seat)
    return tuple(owed)


def out_of_cards(hand: Sequence[str] | None) -> bool:
    """Whether a human seat due to play has no card left: the mission then fails
    (``out-of-cards``); our reading of an empty hand, see ``discards_owed``. An unknown hand is
    never out of cards."""
    return hand is not None and not hand


def whirlpool_discarders(
    players: Sequence[str],
    hands: Sequence[Sequence[str]] | None,
    covered: Sequence[Token],
    pending: Sequence[str] = (),
) -> tuple[str, ...]:
    """The discards owed after a placement, one entry per card.

    Seed 003, 'Whirlpool tokens': "immediately discard the token, then every player also discards
    one card from their hand face down". Each covered Whirlpool costs every player one card, as
    far as their hand goes (``discards_owed``).
    """
    count = sum(1 for token in covered if token.kind == WHIRLPOOL)
    return discards_owed(players, hands, pending, count)


def mist_colours(covered: Sequence[Token]) -> tuple[str, ...]:
    """The distinct colours of the Mist tokens a placement covered, sorted."""
    return tuple(sorted({t.colour for t in covered if t.kind == MIST and t.colour is not None}))


def mist_requirement(
    pending: Sequence[str], covered: Sequence[Token]
) -> tuple[str | None, tuple[str, ...]]:
    """The next trick's forced lead colour, or the colours the players must choose among.

    Seed 003, 'Mist tokens': "the next trick must then begin with the colour of that Mist token,
    if possible. If several Mist tokens are discarded at once, start the next trick with one of
    their colours, your choice." ``pending`` holds colours already forcing the next trick (a
    Power move can cover Mist before the placement); our reading is that they join the choice.
    Returns ``(colour, ())`` when one colour is forced, ``(None, choices)`` when players choose.
    """
    colours = tuple(sorted({*pending, *mist_colours(covered)}))
    if len(colours) == 1:
        return colours[0], ()
    return None, colours
