"""Provable revokes when the app does not know the hands (a real table).

A player who did not follow colour X (or did not lead a Mist colour X) has shown they held no X;
playing an X card later proves a revoke (seed 003, 'Playing the trick': Must Follow).
"""

from __future__ import annotations

from dataclasses import dataclass

REVOKE = "revoke"


@dataclass(frozen=True)
class Flag:
    """Something the app noticed but could not prevent."""

    code: str
    seat: str
    round: int


def track_play(
    voids: tuple[tuple[str, str], ...],
    seat: str,
    colour: str,
    required: str | None,
    round_number: int,
) -> tuple[tuple[tuple[str, str], ...], Flag | None]:
    """Update the shown voids with one play; return a revoke flag if the play proves one.

    A seat shown void in a colour that later plays that colour is flagged once, in the round of
    the play that proves it; the void is then forgotten until shown again.

    Our reading: seed 003, 'Playing the trick' says what Must Follow asks, not what a revoke
    costs; a proven revoke is only flagged: the trick stands and the mission does not fail.
    """
    flag = None
    if (seat, colour) in voids:
        flag = Flag(REVOKE, seat, round_number)
        voids = tuple(void for void in voids if void != (seat, colour))
    if required is not None and colour != required and (seat, required) not in voids:
        voids = (*voids, (seat, required))
    return voids, flag
