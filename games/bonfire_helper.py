"""The Bonfire turn helper's services: start a group's game, apply a player's move.

Every change goes through the rules engine (``games.rules.bonfire``): the game's state is its
content, the shared board and one document per player (``BonfireSeat``), read back into an engine
``State``, moved, and written out again in the same transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.models import BonfirePlay, BonfireSeat
from games.rules import bonfire
from games.rules.bonfire.counts import Counts

# Sample starting supply of each player (sample content, like the pack): a group changes it at
# the table by entering what its own game gives.
START_TOKENS = 3
START_MARKERS = 2
START_TILES = {"yellow": 1}
START_RESOURCES = 2  # of each kind
OFFERINGS_EACH = 3
DESTINY_EACH = 4

STALE = _(
    "This board changed on another device. Here it is as it stands now: "
    "your move was not applied, check it and enter it again."
)


class StaleSeat(Exception):
    """The device's copy of a player's board is older than the stored one."""


def dealt(ids: Sequence[str], index: int, count: int) -> tuple[str, ...]:
    """Player ``index``'s share of ``ids``: the next ``count`` after the earlier players'."""
    if not ids:
        return ()
    return tuple(ids[(index * count + k) % len(ids)] for k in range(count))


def starting_players(content: bonfire.Content, names: Sequence[str]) -> list[bonfire.Player]:
    """Each player's sample starting supply, Offering tiles and Destiny tiles dealt in order."""
    destiny = [t.id for t in content.destiny_tiles if t.id != content.destiny_area.start_tile]
    offerings = [o.id for o in content.offerings]
    return [
        bonfire.Player(
            name=name,
            tiles=Counts.of({c: n for c, n in START_TILES.items() if c in content.colours}),
            tokens=START_TOKENS,
            markers=START_MARKERS,
            resources=Counts.of(dict.fromkeys(content.resources, START_RESOURCES)),
            offerings=dealt(offerings, index, OFFERINGS_EACH),
            guardians=content.start_guardians,
            destiny_supply=dealt(destiny, index, DESTINY_EACH),
        )
        for index, name in enumerate(names)
    ]


@transaction.atomic
def start_play(
    *, group: Any, by: Any, name: str, players: Sequence[str], content: Mapping[str, Any]
) -> BonfirePlay:
    """Create a game: ``content`` is checked by the engine (raises ``SetupError``)."""
    checked = bonfire.content_from_dict(content)
    state = bonfire.new_game(checked, starting_players(checked, players))
    data = bonfire.to_dict(state)
    play = BonfirePlay.objects.create(
        group=group, name=name, content=data["content"], board=data["board"], created_by=by
    )
    BonfireSeat.objects.bulk_create(
        BonfireSeat(play=play, position=i, name=p["name"], document=p)
        for i, p in enumerate(data["players"])
    )
    return play


def state_of(play: BonfirePlay, seats: Sequence[BonfireSeat]) -> bonfire.State:
    return bonfire.from_dict(
        {"content": play.content, "players": [s.document for s in seats], "board": play.board}
    )


@transaction.atomic
def submit_move(*, seat: BonfireSeat, version: int, move: Mapping[str, Any]) -> bonfire.State:
    """Apply ``seat``'s move through the engine and store the result.

    Locks the game and its seats (``select_for_update``): moves of one game are applied one at a
    time. ``version`` is the seat's version the device showed; an older one raises
    ``StaleSeat``, an illegal move ``IllegalMove``, and nothing is saved either way.
    """
    play = BonfirePlay.objects.select_for_update().get(pk=seat.play_id)
    seats = list(BonfireSeat.objects.select_for_update().filter(play=play).order_by("position"))
    acting = next(s for s in seats if s.pk == seat.pk)
    if acting.version != version:
        raise StaleSeat(str(STALE))
    after = bonfire.apply_move(state_of(play, seats), {**move, "player": acting.name})
    data = bonfire.to_dict(after)
    play.board = data["board"]
    play.version += 1
    play.save(update_fields=["board", "version", "updated_at"])
    for row, document in zip(seats, data["players"], strict=True):
        if row is acting or row.document != document:
            row.document = document
            row.version += 1
            row.save(update_fields=["document", "version"])
    return after


def payment_preview(seat: BonfireSeat, cost: Mapping[str, int]) -> tuple[Counts, ...]:
    """The ways ``seat``'s player could pay ``cost`` now (B2), without changing anything."""
    tiles = Counts.of(seat.document.get("tiles", {}))
    return bonfire.payment_plans(tiles, Counts.of(cost))
