"""The Bonfire turn helper's services: start a group's game, apply a player's move, undo the last
one, finish or abandon it.

Every change goes through the rules engine (``games.rules.bonfire``): the game's state is its
content, the shared board and one document per player (``BonfireSeat``), read back into an engine
``State``, moved, and written out again in the same transaction. Each move is also kept in the
game's move log (``BonfireMove``): the game is ``replay(setup, moves in force)``, so undo marks the
last move undone and writes the replay back; the stored documents stay the fast read. Finishing a
game writes its play in the group's play log (``games.playlog``); finishing or abandoning it leaves
the game read-only. Every write publishes the game's new stamp to its open pages once it commits
(``events.LIVE``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.actors import stored_actor
from games import playlog
from games.bonfire import events
from games.content.bonfire import StartingSupply, default_supply
from games.models import BonfireMove, BonfirePlay, BonfireSeat, BuiltinGame, Play, PlaySource
from games.rules import bonfire
from games.rules.bonfire.counts import Counts
from web import seats as seats_kit
from web import writes

STALE = _(
    "This board changed on another device. Here it is as it stands now: "
    "your move was not applied, check it and enter it again."
)
FINISHED = _(
    "This game is finished: its boards are kept as the play's record and no longer change."
)
ABANDONED = _("This game was abandoned: its boards no longer change.")
NOTHING_TO_UNDO = _("There is no move to undo.")
STALE_GAME = _(
    "A move was made on another device since this page was shown: "
    "check the boards and the scores, then finish again."
)


class StaleSeat(Exception):
    """The device's copy of a player's board is older than the stored one."""


class GameFinished(Exception):
    """The game is finished: nothing on its boards changes any more."""


class StaleGame(Exception):
    """The device finishing, undoing or abandoning showed an older game than the stored one."""


class NothingToUndo(Exception):
    """No move in force in the game's move log."""


def ended_text(play: BonfirePlay) -> str:
    """Why nothing changes any more: the game was finished, or abandoned."""
    return str(ABANDONED if play.abandoned_at is not None else FINISHED)


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


@writes.atomic()
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
    setup = {
        "format": bonfire.FORMAT,
        "content": content,
        "players": starting_players(content, players, supplies, pack),
    }
    data = bonfire.to_json(bonfire.new_game(setup))
    play = BonfirePlay.objects.create(
        group=group,
        name=name,
        content=data["content"],
        board=data["board"],
        setup=setup,
        created_by=by,
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


@writes.atomic()
def submit_move(
    *, seat: BonfireSeat, version: int, move: Mapping[str, Any], who: str = "", by: Any = None
) -> bonfire.State:
    """Apply ``seat``'s move through the engine, store the result and log the move.

    Locks the game and its seats (``select_for_update``): moves of one game are applied one at a
    time. ``version`` is the seat's version the device showed; an older one raises
    ``StaleSeat``, an illegal move ``IllegalMove``, and nothing is saved either way. The game's
    last change (``web.seats``) names ``who`` made it (the seat's player unless said); ``by`` is
    the member whose device sent it.
    """
    play = BonfirePlay.objects.select_for_update().get(pk=seat.play_id)
    if play.over:
        raise GameFinished(ended_text(play))
    seats = list(BonfireSeat.objects.select_for_update().filter(play=play).order_by("position"))
    acting = next(s for s in seats if s.pk == seat.pk)
    if acting.version != version:
        raise StaleSeat(str(STALE))
    payload = {**move, "player": acting.name}
    after = bonfire.apply(state_of(play, seats), payload)
    said = seats_kit.said_by(who, acting.name, by)
    seq = (play.moves.order_by("-seq").values_list("seq", flat=True).first() or 0) + 1
    BonfireMove.objects.create(
        play=play, seq=seq, payload=payload, who=said, created_by=stored_actor(by)
    )
    last = seats_kit.change(seats_kit.MOVE, said, move=move.get("kind"))
    store(play, seats, after, last, acting=acting)
    events.LIVE.changed(play)
    return after


def store(
    play: BonfirePlay,
    seats: Sequence[BonfireSeat],
    after: bonfire.State,
    last: dict[str, Any],
    *,
    acting: BonfireSeat | None = None,
) -> None:
    """Write the game's new state: the board, and each player's document that changed and the
    ``acting`` player's (their version moves on, so a device showing the older board is
    refused)."""
    data = bonfire.to_json(after)
    play.board = data["board"]
    play.version += 1
    play.last_change = last
    play.save(update_fields=["board", "version", "last_change", "updated_at"])
    for row, document in zip(seats, data["players"], strict=True):
        if row is acting or row.document != document:
            row.document = document
            row.version += 1
            row.save(update_fields=["document", "version"])


def undoable(play: BonfirePlay) -> bool:
    """Whether ``undo_last_move`` has a move to undo: a move in force, and the setup to replay."""
    return bool(play.setup) and play.moves.filter(undone_at__isnull=True).exists()


@writes.atomic()
def undo_last_move(*, game: BonfirePlay, version: int, by: Any, who: str = "") -> bonfire.State:
    """Undo the last move in force: marked undone (who, when) and kept in the log, the boards
    replayed from the game's setup without it. Like the campaign table, any device playing at
    the table may undo (announced on every device, naming ``who``): the group repairs a wrong
    tap together, whoever's tap it was.

    Locked like a move; ``version`` is the game's version the device showed: an older one raises
    ``StaleGame`` (saying what changed), a finished or abandoned game ``GameFinished``, and an
    empty log ``NothingToUndo`` (a game started before moves were logged has no setup to replay
    from: nothing to undo either)."""
    play = BonfirePlay.objects.select_for_update().get(pk=game.pk)
    if play.over:
        raise GameFinished(ended_text(play))
    if play.version != version:
        raise StaleGame(seats_kit.stale_text(play.last_change))
    seats = list(BonfireSeat.objects.select_for_update().filter(play=play).order_by("position"))
    in_force = list(play.moves.filter(undone_at__isnull=True).order_by("seq"))
    if not in_force or not play.setup:
        raise NothingToUndo(str(NOTHING_TO_UNDO))
    undone = in_force.pop()
    after, error = bonfire.replay(play.setup, [m.payload for m in in_force])
    if error is not None:  # the moves in force were each legal in this order: never expected
        raise error
    undone.undone_at = timezone.now()
    undone.undone_by = stored_actor(by)
    undone.save(update_fields=["undone_at", "undone_by"])
    params = {"move": undone.payload.get("kind"), "player": undone.payload.get("player")}
    name = seats_kit.said_by(who, params["player"], by)
    store(play, seats, after, seats_kit.change(seats_kit.UNDO, name, **params))
    events.LIVE.changed(play)
    return after


@writes.atomic()
def abandon_game(*, game: BonfirePlay, version: int, by: Any, who: str = "") -> BonfirePlay:
    """Give the game up: it is over and read-only on every device, its boards kept as they
    stand. Unlike finishing, no play is written in the play log (nobody scored it). Any device
    playing at the table may abandon (announced on every device, naming ``who``); refused like an
    undo when stale (``StaleGame``) or already over (``GameFinished``)."""
    play = BonfirePlay.objects.select_for_update().get(pk=game.pk)
    if play.over:
        raise GameFinished(ended_text(play))
    if play.version != version:
        raise StaleGame(seats_kit.stale_text(play.last_change))
    play.abandoned_at = timezone.now()
    play.version += 1
    name = who or seats_kit.member_name(by)
    play.last_change = seats_kit.change(seats_kit.ABANDON, name)
    play.save(update_fields=["abandoned_at", "version", "last_change", "updated_at"])
    events.LIVE.changed(play)
    return play


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
    with writes.atomic():
        group = playlog.locked(play.group)
        game = BonfirePlay.objects.select_for_update().get(pk=play.pk)
        if game.over:
            raise GameFinished(ended_text(game))
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
        name = who or seats_kit.member_name(by)
        game.last_change = seats_kit.change(seats_kit.FINISH, name)
        game.save(update_fields=["finished_at", "play", "version", "last_change", "updated_at"])
        events.LIVE.changed(game)
    return record
