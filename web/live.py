"""Server push shared by every live game screen (the campaign table, Solsticio): "this game
changed" and "this member was removed", to every open stream of every server process.

An event carries no game data: a game's event is its *stamp* (what changes with every write), and
each device then fetches its own view through the membership-scoped page view; a member's event
only makes their streams check the membership again. Channels: ``game_channel("table", 7)``,
``game_channel("solsticio", 3)``, and one per member of a group.

Without ``settings.REDIS_URL`` (``make run``, one process) events go to this process's streams.
With Redis they are ``PUBLISH``ed; each server process holds one pattern subscription (one
connection per process, not per stream), and after a lost subscription tells its streams to
resend the current stamp, so a change published meanwhile is never lost. Events are published once
the writing transaction commits and the writer's response has gone out: a device that fetches on an
event reads the committed game, already drawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from web.answered import when_answered

log = logging.getLogger(__name__)

PREFIX = "questlog:live:"
# What a subscription that came back tells its streams: something may have been missed.
RESYNC = "resync"
GONE = "gone"
RECONNECT_SECONDS = 1.0
SUBSCRIBE_SECONDS = 3.0
# A comment line every so often keeps proxies from closing a quiet stream, and lets the stream
# check that its member is still in the group.
HEARTBEAT_SECONDS = 15.0
# How long a device waits before it tries the stream again, after it dropped.
RETRY_MILLISECONDS = 2000


def game_channel(kind: str, game_id: int) -> str:
    return f"{PREFIX}{kind}:{game_id}"


def member_channel(group_id: int, user_id: int) -> str:
    return f"{PREFIX}member:{group_id}:{user_id}"


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
    """Send ``message`` to every stream on ``channel``, in every server process."""
    if settings.REDIS_URL:
        PUBLISHER.send(settings.REDIS_URL, channel, message)
    else:
        HUB.deliver(channel, message)


class Publisher:
    """One daemon thread per process publishes to Redis, in the order events were sent: a request
    never waits on Redis, so a frozen or restarting Redis costs the writer nothing (a device whose
    event is lost sees the change at its next reconnect or poll)."""

    def __init__(self) -> None:
        self.outgoing: queue.SimpleQueue[tuple[str, str, str]] = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def send(self, url: str, channel: str, message: str) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self.run, name="live-events", daemon=True)
                self.thread.start()
        self.outgoing.put((url, channel, message))

    def run(self) -> None:
        import redis

        while True:
            url, channel, message = self.outgoing.get()
            try:
                redis_client(url).publish(channel, message)
            except redis.RedisError as error:
                log.warning("live events: could not publish to %s (%s)", channel, error)


PUBLISHER = Publisher()


@cache
def redis_client(url: str) -> Any:
    import redis

    timeout = settings.REDIS_SOCKET_TIMEOUT
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)


def publish(channel: str, message: str) -> None:
    """``publish_now`` once the current transaction commits and, in a request, once its response
    has gone out (``web.answered``): a device that fetches on the event finds the mover's
    answer drawn already, and shares that drawing (``campaign.table.views.shared_region``)."""
    transaction.on_commit(lambda: when_answered(send_event, (channel, message), first=True))


def send_event(event: tuple[str, str]) -> None:
    publish_now(*event)


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


def still_member(group_id: int, user_id: int) -> bool:
    from groups.models import Membership

    return Membership.objects.filter(group_id=group_id, user_id=user_id).exists()


async def event_lines(
    channel: str, group_id: int, user_id: int, current: Callable[[], str | None]
) -> AsyncIterator[bytes]:
    """A stream's lines: first (once subscribed) the current stamp, then each change; on a
    heartbeat or a word about the member, whether they are still in the group; after a lost
    subscription, the current stamp again (a device ignores a stamp it already shows).
    ``current`` reads the game's stamp (``None`` once the game is gone); it runs in a thread."""
    member = member_channel(group_id, user_id)
    yield f"retry: {RETRY_MILLISECONDS}\n\n".encode()
    subscribed = False
    async for item in listen(channel, member, heartbeat=HEARTBEAT_SECONDS):
        heard, message = item if item is not None else ("", "")
        if heard == channel:
            yield changed(message)
        elif (item is None and subscribed) or heard == member:
            if not await in_thread(still_member, group_id, user_id):
                yield GONE_LINES
                return
            yield b": beat\n\n"
        else:  # just subscribed, or subscribed again
            subscribed = True
            stamp = await in_thread(current)
            if stamp is None:
                yield GONE_LINES
                return
            yield changed(stamp)


GONE_LINES = b"event: gone\ndata: \n\n"


def changed(stamp: str) -> bytes:
    return f"event: changed\ndata: {stamp}\n\n".encode()


def holds_streams(request: HttpRequest) -> bool:
    """Whether the server can hold an event stream: an ASGI one. Under WSGI, Django serves an
    asynchronous body only by collecting all of it first: a never-ending stream would hold a
    server thread forever and send nothing."""
    return not isinstance(request, WSGIRequest)


def no_stream_response() -> HttpResponse:
    """204 No Content, which an EventSource takes as "do not reconnect": the page then polls its
    version URL, as it does whenever its stream is not working."""
    return HttpResponse(status=204, headers={"Cache-Control": "no-store"})


def stream_response(lines: AsyncIterator[bytes]) -> StreamingHttpResponse:
    """The Server-Sent Events response over ``lines`` (the caller closed its database
    connections first: the stream stays open for hours)."""
    # X-Accel-Buffering: Nginx and similar proxies pass each event on at once.
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingHttpResponse(lines, content_type="text/event-stream", headers=headers)
