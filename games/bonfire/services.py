"""The Bonfire turn helper's services: start a group's game, apply a player's move, finish it.

Every change goes through the rules engine (``games.rules.bonfire``): the game's state is its
content, the shared board and one document per player (``BonfireSeat``), read back into an engine
``State``, moved, and written out again in the same transaction. Finishing a game writes its play
in the group's play log (``games.playlog``) and leaves the game read-only. Every write publishes
the game's new stamp to its open pages once it commits (``events.LIVE``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import playlog
from games.bonfire import events
from games.content.bonfire import StartingSupply, default_supply
from games.models import BonfirePlay, BonfireSeat, BuiltinGame, Play, PlaySource
from games.rules import bonfire
from games.rules.bonfire.counts import Counts
from web import seats as seats_kit

STALE = _(
    "This board changed on another device. Here it is as it stands now: "
    "your move was not applied, check it and enter it again."
)
FINISHED = _(
    "This game is finished: its boards are kept as the play's record and no longer change."
)
STALE_GAME = _(
    "A move was made on another device since this page was shown: "
    "check the boards and the scores, then finish again."
)


class StaleSeat(Exception):
    """The device's copy of a player's board is older than the stored one."""


class GameFinished(Exception):
    """The game is finished: nothing on its boards changes any more."""


class StaleGame(Exception):
    """The device finishing the game showed an older board than the stored one."""


@dataclass(frozen=True)
class FinalScore:
    """One player's result as entered when finishing: the score's value and what was typed."""

    score: Decimal | None
    score_text: str = ""
    winner: bool = False


def dealt(ids: Sequence[str], index: int, count: int) -> tuple[str, ...]:
    """Player ``index``'s share of ``ids``: the next ``count`` after the earlier players'."""
    if not ids:
        return ()
    return tuple(ids[(index * count + k) % len(ids)] for k in range(count))


def starting_players(
    content: Mapping[str, Any],
    names: Sequence[str],
    supplies: Sequence[Mapping[str, Any]],
    pack: StartingSupply,
) -> list[dict[str, Any]]:
    """Each player as a ``bonfire-scenario/1`` player: their starting supply, and Offering and
    Destiny tiles dealt in order, as many as the pack's supply says."""
    checked = bonfire.content_from_dict(content)
    destiny = [t.id for t in checked.destiny_tiles if t.id != checked.destiny_area.start_tile]
    offerings = [o.id for o in checked.offerings]
    return [
        {
            "name": name,
            **supply,
            "offerings": list(dealt(offerings, index, pack.offerings_dealt)),
            "destiny_supply": list(dealt(destiny, index, pack.destiny_dealt)),
        }
        for index, (name, supply) in enumerate(zip(names, supplies, strict=True))
    ]


@transaction.atomic
def start_play(
    *,
    group: Any,
    by: Any,
    name: str,
    players: Sequence[str],
    content: Mapping[str, Any],
    supplies: Sequence[Mapping[str, Any]] | None = None,
) -> BonfirePlay:
    """Create a game. ``supplies`` are the players' starting supplies (``tiles``, ``tokens``,
    ``markers``, ``resources``), the content pack's when left out; the engine checks them and
    ``content`` (raises ``SetupError``)."""
    pack = default_supply()
    if supplies is None:
        supplies = [pack.player_fields() for _ in players]
    state = bonfire.new_game(
        {
            "format": bonfire.FORMAT,
            "content": content,
            "players": starting_players(content, players, supplies, pack),
        }
    )
    data = bonfire.to_json(state)
    play = BonfirePlay.objects.create(
        group=group, name=name, content=data["content"], board=data["board"], created_by=by
    )
    BonfireSeat.objects.bulk_create(
        BonfireSeat(play=play, position=i, name=p["name"], document=p)
        for i, p in enumerate(data["players"])
    )
    events.LIVE.changed(play)
    return play


def state_of(play: BonfirePlay, seats: Sequence[BonfireSeat]) -> bonfire.State:
    return bonfire.from_json(
        {"content": play.content, "players": [s.document for s in seats], "board": play.board}
    )


@transaction.atomic
def submit_move(
    *, seat: BonfireSeat, version: int, move: Mapping[str, Any], who: str = ""
) -> bonfire.State:
    """Apply ``seat``'s move through the engine and store the result.

    Locks the game and its seats (``select_for_update``): moves of one game are applied one at a
    time. ``version`` is the seat's version the device showed; an older one raises
    ``StaleSeat``, an illegal move ``IllegalMove``, and nothing is saved either way. The game's
    last change (``web.seats``) names ``who`` made it (the seat's player unless said).
    """
    play = BonfirePlay.objects.select_for_update().get(pk=seat.play_id)
    if play.finished_at is not None:
        raise GameFinished(str(FINISHED))
    seats = list(BonfireSeat.objects.select_for_update().filter(play=play).order_by("position"))
    acting = next(s for s in seats if s.pk == seat.pk)
    if acting.version != version:
        raise StaleSeat(str(STALE))
    after = bonfire.apply(state_of(play, seats), {**move, "player": acting.name})
    data = bonfire.to_json(after)
    play.board = data["board"]
    play.version += 1
    play.last_change = seats_kit.change(seats_kit.MOVE, who or acting.name, move=move.get("kind"))
    play.save(update_fields=["board", "version", "last_change", "updated_at"])
    for row, document in zip(seats, data["players"], strict=True):
        if row is acting or row.document != document:
            row.document = document
            row.version += 1
            row.save(update_fields=["document", "version"])
    events.LIVE.changed(play)
    return after


def payment_preview(seat: BonfireSeat, cost: Mapping[str, int]) -> tuple[Counts, ...]:
    """The ways ``seat``'s player could pay ``cost`` now (B2), without changing anything."""
    tiles = Counts.of(seat.document.get("tiles", {}))
    return bonfire.payment_plans(tiles, Counts.of(cost))


def winners(scores: Sequence[FinalScore]) -> list[bool]:
    """The winners ticked; none ticked: the highest score (ties share the win)."""
    if any(s.winner for s in scores):
        return [s.winner for s in scores]
    values = [s.score for s in scores if s.score is not None]
    best = max(values, default=None)
    return [best is not None and s.score == best for s in scores]


def finish_play(
    *,
    play: BonfirePlay,
    version: int,
    scores: Sequence[FinalScore],
    by: Any,
    duration_minutes: int | None = None,
    who: str = "",
) -> Play:
    """Finish the game: one play of the catalog's "Bonfire" in the group's play log, each seat
    a line in turn order (the first player started), and the game read-only from then on.

    Locks the group's play log, then the game (``select_for_update``): two devices finishing at
    once write one play; the later one gets ``GameFinished``. ``version`` is the game's version the
    device showed: an older one raises ``StaleGame``, and nothing is saved.
    """
    with transaction.atomic():
        group = playlog.locked(play.group)
        game = BonfirePlay.objects.select_for_update().get(pk=play.pk)
        if game.finished_at is not None:
            raise GameFinished(str(FINISHED))
        if game.version != version:
            raise StaleGame(str(STALE_GAME))
        seats = list(game.seats.order_by("position"))
        if len(scores) != len(seats):
            raise ValueError("one score per player")
        won = winners(scores)
        now = timezone.now()
        record = playlog.log_play(
            group=group,
            data=playlog.PlayData(
                game=playlog.builtin_game(group=group, key=BuiltinGame.BONFIRE),
                played_at=now.replace(microsecond=0),
                duration_minutes=duration_minutes,
                lines=[
                    playlog.LineData(
                        name=seat.name,
                        score=result.score,
                        score_text=result.score_text,
                        winner=win,
                        start_player=seat.position == 0,
                    )
                    for seat, result, win in zip(seats, scores, won, strict=True)
                ],
            ),
            by=by,
            source=PlaySource.BONFIRE,
        )
        game.finished_at = now
        game.play = record
        game.version += 1
        name = who or str(getattr(by, "username", "") or "")
        game.last_change = seats_kit.change(seats_kit.FINISH, name)
        game.save(update_fields=["finished_at", "play", "version", "last_change", "updated_at"])
        events.LIVE.changed(game)
    return record
