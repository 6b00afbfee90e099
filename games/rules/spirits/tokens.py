"""What covering Whirlpool and Mist tokens does (seed 003, 'Whirlpool tokens', 'Mist tokens')."""

from __future__ import annotations

from collections.abc import Sequence

from .board import MIST, WHIRLPOOL, Token


def whirlpool_discarders(
    players: Sequence[str], hands: Sequence[Sequence[str]] | None, covered: Sequence[Token]
) -> tuple[str, ...]:
    """The discards owed after a placement, one entry per card to discard.

    Seed 003, 'Whirlpool tokens': "immediately discard the token, then every player also discards
    one card from their hand face down". Our reading: the Automa has no hand and discards nothing;
    each covered Whirlpool costs every player one card; a player whose known hand is empty owes
    nothing.
    """
    count = sum(1 for token in covered if token.kind == WHIRLPOOL)
    owing = [seat for i, seat in enumerate(players) if hands is None or len(hands[i]) >= 1]
    return tuple(seat for _ in range(count) for seat in owing)


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
