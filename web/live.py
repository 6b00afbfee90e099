"""The live-game kit every game screen uses the same way (the campaign table, Solsticio, Bonfire):
"this game changed" and "this member was removed", pushed to every open stream of every server
process, and the two views a game's page listens with.

A game describes itself once as a ``LiveGame`` (its kind, its group's games, the columns its
*stamp* is made of); its ``urls.py`` routes ``…/events/`` to ``stream`` and ``…/version/`` to
``version`` with that description, and its services call ``LiveGame.changed`` after every write.
What is published is a game's stamp (what changes with every write). A game whose region is drawn
alike for every device of the same kind (``LiveGame.region``: the campaign table) then has each
open stream carry the new region itself, drawn once per stamp and kind of device from the shared
render cache (``settings.LIVE_EVENT_CARRIES_REGION``; off, or for the other games, the event
carries the stamp and each device fetches its own view through the membership-scoped page view).
A member's event only makes their streams check the membership again (``member_changed``).

Without ``settings.REDIS_URL`` (``make run``, one process) events go to this process's streams.
With Redis they are ``PUBLISH``ed at once, with a short timeout (an event sent by a command or a
task that ends right after arrives all the same); each server process holds one pattern
subscription (one connection per process, not per stream), and after a lost subscription tells its
streams to resend the current stamp, so a change published meanwhile is never lost. Events are
published once the writing transaction commits and the writer's response has gone out: a device
that fetches on an event reads the committed game, already drawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cache, partial
from types import MappingProxyType
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.handlers.wsgi import WSGIRequest
from django.db import connections, transaction
from django.db.models import QuerySet
from django.db.models.signals import post_delete
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.utils import translation
from django.views.decorators.http import require_GET

from web.answered import when_answered

log = logging.getLogger(__name__)

PREFIX = "questlog:live:"
# What a subscription that came back tells its streams: something may have been missed.
RESYNC = "resync"
GONE = "gone"
ROLE = "role"
RECONNECT_SECONDS = 1.0
SUBSCRIBE_SECONDS = 3.0
# How long a device waits before it tries the stream again, after it dropped.
RETRY_MILLISECONDS = 2000


def game_channel(kind: str, game_id: int) -> str:
    return f"{PREFIX}{kind}:{game_id}"


def member_channel(group_id: int, user_id: int) -> str:
    return f"{PREFIX}member:{group_id}:{user_id}"


# --- A game, as the kit sees it ---------------------------------------------------------------


def stamp_from(version: int, *seen: object) -> str:
    """A stamp: the game's version, then a short digest of the other columns that change with a
    write but not always the version (a result, a seat given, the time the row was saved)."""
    words = (f"{v.timestamp():.6f}" if isinstance(v, datetime) else str(v) for v in seen)
    digest = hashlib.blake2b("|".join(words).encode(), digest_size=4).hexdigest()
    return f"{version}-{digest}"


@dataclass(frozen=True)
class Viewer:
    """Whom a stream draws a game's region for: its request as it opened (the member, the
    session, where a device's seat is bound), whether the member plays (read again when their
    membership changes) and the language of their pages."""

    request: HttpRequest
    group_id: int
    user_id: int
    plays: bool
    language: str


@dataclass(frozen=True)
class Regions:
    """How a game's streams carry its region. ``draw(viewer, game_id, stamp)``, in a thread: the
    drawing every device of the viewer's kind (playing or watching, the language) shares, from
    the shared render cache or drawn and cached there (at the game's current stamp, which a
    device compares with the one it shows), ``None`` once the game is gone; ``finish(viewer,
    drawing)``, on the event loop and cheap: the region as the viewer's device is shown it (its
    seat's controls)."""

    draw: Callable[[Viewer, int, str], Any]
    finish: Callable[[Viewer, Any], str]


@dataclass(frozen=True)
class LiveGame:
    """One game's live side. ``kind`` names its channels (``<kind>:<id>``); ``games(group_id)``
    are one group's games of that kind, so a stream or stamp URL of another group's game is 404;
    ``url_fields`` names the field each of the URL's keyword arguments (after the group's) matches
    (the same name when left out); ``fields`` are the columns its stamp is made of, the version
    first: the stream and the stamp view read only those (``values_list``), never the game;
    ``region``, for a game whose region is shared between devices, how its events carry it."""

    kind: str
    games: Callable[[int], QuerySet[Any]]
    fields: tuple[str, ...]
    url_fields: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    region: Regions | None = None

    def channel(self, game_id: int) -> str:
        return game_channel(self.kind, game_id)

    def stamp(self, game: Any) -> str:
        """The stamp of a game row the caller holds."""
        return stamp_from(*(getattr(game, name) for name in self.fields))

    def changed(self, game: Any) -> None:
        """Every open stream of ``game`` hears its new stamp, once the write commits (a
        service calls this after each write, in its transaction)."""
        publish(self.channel(game.pk), self.stamp(game))

    def gone(self, game_id: int) -> None:
        """Every open stream of the game ends (``gone``) once the write that deleted it
        commits: its devices stop and say so, rather than wait for a game no longer there."""
        publish(self.channel(game_id), GONE)

    def found(self, group_id: int, lookup: Mapping[str, Any]) -> QuerySet[Any]:
        """The game a URL names (its keyword arguments ``lookup``) among the group's."""
        wanted = {self.url_fields.get(name, name): value for name, value in lookup.items()}
        return self.games(group_id).filter(**wanted)

    def current(self, group_id: int, game_id: int) -> str | None:
        """The stamp as stored now, from its columns alone; ``None`` once the game is gone."""
        row = self.games(group_id).filter(pk=game_id).values_list(*self.fields).first()
        return stamp_from(*row) if row is not None else None


# --- Fan-out ----------------------------------------------------------------------------------


@dataclass(eq=False)
class Listener:
    """One open stream's inbox, on the event loop that serves it."""

    channels: tuple[str, ...]
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[tuple[str, str]] = field(default_factory=asyncio.Queue)

    def put(self, channel: str, message: str) -> None:
        """Thread-safe: a move's thread hands the message to the stream's loop."""
        with contextlib.suppress(RuntimeError):  # a closed loop: the stream is gone
            self.loop.call_soon_threadsafe(self.queue.put_nowait, (channel, message))


class Hub:
    """The streams this process holds, by channel; delivers to them from any thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.listeners: dict[str, set[Listener]] = {}
        self.redis: dict[asyncio.AbstractEventLoop, tuple[asyncio.Task[None], asyncio.Event]] = {}

    def add(self, listener: Listener) -> None:
        with self.lock:
            for channel in listener.channels:
                self.listeners.setdefault(channel, set()).add(listener)

    def remove(self, listener: Listener) -> None:
        with self.lock:
            for channel in listener.channels:
                found = self.listeners.get(channel, set())
                found.discard(listener)
                if not found:
                    self.listeners.pop(channel, None)

    def deliver(self, channel: str, message: str) -> None:
        with self.lock:
            targets = list(self.listeners.get(channel, ()))
        for listener in targets:
            listener.put(channel, message)

    def everyone(self) -> set[Listener]:
        with self.lock:
            return {x for found in self.listeners.values() for x in found}

    def ensure_redis(self, loop: asyncio.AbstractEventLoop) -> asyncio.Event:
        """One pattern subscription per event loop (a server process has one); the event is set
        while it is subscribed."""
        with self.lock:
            task, ready = self.redis.get(loop) or (None, asyncio.Event())
            if task is None or task.done():
                self.redis[loop] = (loop.create_task(self.listen_redis(ready)), ready)
            return ready

    async def listen_redis(self, ready: asyncio.Event) -> None:
        import redis.asyncio as aioredis

        resubscribed = False
        while True:
            client = aioredis.Redis.from_url(
                settings.REDIS_URL,
                socket_connect_timeout=settings.REDIS_SOCKET_TIMEOUT,
                decode_responses=True,
            )
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.psubscribe(PREFIX + "*")
                    ready.set()
                    if resubscribed:
                        for listener in self.everyone():
                            listener.put("", RESYNC)
                    resubscribed = True
                    async for item in pubsub.listen():
                        if item.get("type") == "pmessage":
                            self.deliver(item["channel"], item["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis down or restarted: wait, then resubscribe
                log.warning("live events: Redis subscription lost (%s); retrying", error)
                ready.clear()
                resubscribed = True
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                await client.aclose()


HUB = Hub()


def publish_now(channel: str, message: str) -> None:
    """Send ``message`` to every stream on ``channel``, in every server process: through Redis
    at once (a short timeout, a failure logged, never raised into the write: a device whose event
    is lost sees the change at its next reconnect or poll), or to this process's streams."""
    if not settings.REDIS_URL:
        HUB.deliver(channel, message)
        return
    import redis

    try:
        redis_client(settings.REDIS_URL).publish(channel, message)
    except redis.RedisError as error:
        log.warning("live events: could not publish to %s (%s)", channel, error)


@cache
def redis_client(url: str) -> Any:
    """One client per process, bounded: ``LIVE_PUBLISH_TIMEOUT`` to connect and to answer, and
    one retry (a pooled connection a restarted Redis closed), so a frozen Redis costs at most
    twice that."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    timeout = settings.LIVE_PUBLISH_TIMEOUT
    return redis.Redis.from_url(
        url, socket_timeout=timeout, socket_connect_timeout=timeout, retry=Retry(NoBackoff(), 1)
    )


def publish(channel: str, message: str) -> None:
    """``publish_now`` once the current transaction commits and, in a request, once its response
    has gone out (``web.answered``): a device that fetches on the event finds the mover's
    answer drawn already, and shares that drawing (``campaign.table.views.shared_region``)."""
    transaction.on_commit(lambda: when_answered(send_event, (channel, message), first=True))


def send_event(event: tuple[str, str]) -> None:
    publish_now(*event)


def member_changed(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
    """A membership deleted (removed, left, or with its user or group) or changed (a player made
    a viewer): every stream the member holds in that group hears it at once and reads the
    membership again: gone, it ends with ``gone``; otherwise the regions it carries from then on
    are drawn for the new role. A ``post_delete`` and ``post_save`` receiver
    (``GroupsConfig.ready``), not a service call: memberships also go with their user or their
    group, by cascade, and each still sends this signal."""
    if not created:  # the stream reads the membership, whatever the word
        word = GONE if kwargs.get("signal") is post_delete else ROLE
        publish(member_channel(instance.group_id, instance.user_id), word)


async def listen(*channels: str, heartbeat: float) -> AsyncIterator[tuple[str, str] | None]:
    """``None`` once subscribed, then the messages on ``channels`` as they come and ``None``
    after ``heartbeat`` seconds of quiet; unsubscribes when the consumer stops (a closed
    stream)."""
    loop = asyncio.get_running_loop()
    listener = Listener(channels=channels, loop=loop)
    HUB.add(listener)
    try:
        if settings.REDIS_URL:
            # The caller reads the current stamp after the first item: subscribed by then, a
            # change committed after that read reaches this stream.
            try:
                await asyncio.wait_for(HUB.ensure_redis(loop).wait(), SUBSCRIBE_SECONDS)
            except TimeoutError:
                log.warning("live events: no Redis subscription yet; the stream resyncs later")
        yield None
        while True:
            try:
                item = await asyncio.wait_for(listener.queue.get(), heartbeat)
            except TimeoutError:
                item = None
            yield item
    finally:
        HUB.remove(listener)


# --- The stream a device holds ----------------------------------------------------------------


async def in_thread(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` in a worker thread, its database connections back to the pool after:
    a stream stays open for hours and holds none."""

    def run() -> Any:
        try:
            return function(*args)
        finally:
            connections.close_all()

    return await sync_to_async(run, thread_sensitive=False)()


def member_plays(group_id: int, user_id: int) -> bool | None:
    """Whether the member plays (or only watches); ``None`` once they are no longer in the
    group."""
    from groups.models import Membership

    role = Membership.objects.filter(group_id=group_id, user_id=user_id).values_list("role")
    found = role.first()
    return None if found is None else Membership(role=found[0]).can_play


# Drawings under way in this process, by what they depend on: the streams of one table that hear
# one stamp share one (a drawing is ``Regions.draw``, in a thread; the next one reads the cache).
DRAWINGS: dict[tuple[int, str], asyncio.Future[Any]] = {}


async def drawn(game: LiveGame, game_id: int, stamp: str, viewer: Viewer) -> Any:
    """The drawing ``viewer``'s kind of device shares at ``stamp``, made (or read from the cache)
    once per process however many of its streams ask at the same time."""
    assert game.region is not None
    loop = asyncio.get_running_loop()
    key = (id(loop), f"{game.kind}:{game_id}:{stamp}:{viewer.plays}:{viewer.language}")
    future = DRAWINGS.get(key)
    if future is None:
        future = DRAWINGS[key] = asyncio.ensure_future(
            in_thread(in_language, game.region.draw, viewer, game_id, stamp)
        )
        future.add_done_callback(lambda _: DRAWINGS.pop(key, None))
    return await asyncio.shield(future)


def in_language(draw: Callable[[Viewer, int, str], Any], viewer: Viewer, *args: Any) -> Any:
    with translation.override(viewer.language):
        return draw(viewer, *args)


def region_lines(region: str) -> bytes:
    """The ``region`` event: the region's lines, each a ``data:`` line (a device joins them with
    line feeds again). String replacements, not a split and a join: every stream of every table
    sends one per move."""
    lines = region.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\ndata: ")
    return f"event: region\ndata: {lines}\n\n".encode()


async def event_lines(game: LiveGame, game_id: int, viewer: Viewer) -> AsyncIterator[bytes]:
    """A stream's lines: first (once subscribed) the current game, then each change; on a
    word about the member (pushed when they are removed or their role changes) or a heartbeat
    (``LIVE_HEARTBEAT_SECONDS`` of quiet: a comment line keeps proxies from closing the stream),
    whether they are still in the group, and whether they play; after a lost subscription, the
    current game again (a device ignores a stamp it already shows). The game is its region when
    the game shares one (``LiveGame.region``, ``LIVE_EVENT_CARRIES_REGION``), otherwise its
    stamp."""
    channel = game.channel(game_id)
    member = member_channel(viewer.group_id, viewer.user_id)
    current = partial(game.current, viewer.group_id, game_id)

    async def announce(stamp: str) -> bytes:
        if settings.LIVE_EVENT_CARRIES_REGION and game.region is not None:
            drawing = await drawn(game, game_id, stamp, viewer)
            if drawing is not None:
                with translation.override(viewer.language):
                    return region_lines(game.region.finish(viewer, drawing))
        return changed(stamp)

    yield f"retry: {RETRY_MILLISECONDS}\n\n".encode()
    subscribed = False
    async for item in listen(channel, member, heartbeat=settings.LIVE_HEARTBEAT_SECONDS):
        heard, message = item if item is not None else ("", "")
        if heard == channel and message == GONE:  # the game was deleted
            yield GONE_LINES
            return
        if heard == channel:
            yield await announce(message)
        elif (item is None and subscribed) or heard == member:
            plays = await in_thread(member_plays, viewer.group_id, viewer.user_id)
            if plays is None:
                yield GONE_LINES
                return
            viewer = replace(viewer, plays=plays)
            yield b": beat\n\n"
        else:  # just subscribed, or subscribed again
            subscribed = True
            stamp = await in_thread(current)
            if stamp is None:
                yield GONE_LINES
                return
            yield await announce(stamp)


GONE_LINES = b"event: gone\ndata: \n\n"


def changed(stamp: str) -> bytes:
    return f"event: changed\ndata: {stamp}\n\n".encode()


def holds_streams(request: HttpRequest) -> bool:
    """Whether the server can hold an event stream: an ASGI one. Under WSGI, Django serves an
    asynchronous body only by collecting all of it first: a never-ending stream would hold a
    server thread forever and send nothing."""
    return not isinstance(request, WSGIRequest)


# --- The two views every game routes to ---------------------------------------------------------


def opened(
    request: HttpRequest, group_id: int, game: LiveGame, lookup: Mapping[str, Any]
) -> tuple[int, Viewer]:
    """The game a stream opens on and whom it draws for (404 for anyone but a member, like every
    URL of a group); the database connections closed after when the stream is held: it stays open
    for hours and holds none."""
    from accounts.middleware import language_of
    from groups.access import membership_or_404

    membership = membership_or_404(request, group_id)
    game_id = game.found(group_id, lookup).values_list("pk", flat=True).first()
    if game_id is None:
        raise Http404("No such game.")
    viewer = Viewer(
        request=request,
        group_id=group_id,
        user_id=membership.user_id,
        plays=membership.can_play,
        language=language_of(request),
    )
    if holds_streams(request):
        connections.close_all()
    return int(game_id), viewer


async def stream(
    request: HttpRequest, group_id: int, *, game: LiveGame, **lookup: Any
) -> HttpResponseBase:
    """A game's Server-Sent Events (``event_lines``): the game at once and after every write (its
    region, ``region``, or its stamp, ``changed``), a comment line as heartbeat, and ``gone``
    (then the end) once the member is removed from the group. Under WSGI, 204 No Content: an
    EventSource does not reconnect on it, and the page polls ``version`` instead."""
    request.user = await request.auser()  # loaded without blocking: an async view
    game_id, viewer = await sync_to_async(opened)(request, group_id, game, lookup)
    if not holds_streams(request):
        return HttpResponse(status=204, headers={"Cache-Control": "no-store"})
    lines = event_lines(game, game_id, viewer)
    # X-Accel-Buffering: Nginx and similar proxies pass each event on at once.
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingHttpResponse(lines, content_type="text/event-stream", headers=headers)


@login_required
@require_GET
def version(request: HttpRequest, group_id: int, *, game: LiveGame, **lookup: Any) -> HttpResponse:
    """A game's stamp as plain text: what a device whose stream cannot open polls, fetching its
    view when the stamp differs from the one it shows."""
    from groups.access import membership_or_404

    membership_or_404(request, group_id)
    row = game.found(group_id, lookup).values_list(*game.fields).first()
    if row is None:
        raise Http404("No such game.")
    response = HttpResponse(stamp_from(*row), content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response
