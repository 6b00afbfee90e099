"""Benchmark of the live table: tap → every screen, against the real ASGI server; prints figures,
asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_live.py``. Only 127.0.0.1 is used.
Two set-ups, each a fresh database: the embedded default (one uvicorn process, SQLite, events
in-process) and, when PostgreSQL and Redis answer, production's (uvicorn with 2 worker processes,
PostgreSQL, events through Redis); ``BENCH_LIVE_SETUPS=postgres`` (or ``embedded``) runs one.
Each device is an SSE client (Python asyncio, HTTP/1.1 with keep-alive): a ``region`` event
carries the new ``#table`` region, which the device shows as it is; on ``changed`` (the fetch
path, ``LIVE_EVENT_CARRIES_REGION=0``) it fetches the region as htmx would.

1. Latency: 4 devices on one table (one enters the moves, all 4 hold the stream) and 3 devices
   polling the stamp every 2 s as the old table did, measured in the same run over ``MOVES``
   moves: tap → the other devices show the move (event + fetch), tap → the old polling devices
   show it (poll + fetch), tap → the mover's own screen (the move's answer), the moves that end a
   mission shown apart.
2. Scale: 25, 50, 100, 125, 150 and 200 tables × 4 open streams (three devices bound to a seat
   each, the mover's one device for the whole table; each step on tables no step before it
   played, so a mission never runs out of moves), a move on every table every 5 s for
   ``BENCH_LIVE_SECONDS`` (60) at each step, once every device shows its table: p99 of tap →
   other devices and of tap → the mover's answer (the part of it before the event), errors, the
   server's memory per open stream (resident memory of the server processes, after minus before,
   over the streams), and the CPU the server, the database and this bench used meanwhile (they
   share the machine's cores): the server's CPU per move (its answer, its events, the regions
   they carry or the other devices' fetches) bounds the moves per second one process can take.
   The ``COMPARE`` steps (25 and 50 tables) run first on a server whose events carry only the
   stamp (the fetch path), so the two are compared in the same run.
3. The floor under the scale: right after the 25- and 50-table steps, each again with every move
   replaced by the cheapest signed-in write (a note) and every fetch by the cheapest signed-in
   read (the stamp), without streams: tap → the three reads, and the server's CPU per "move".
   After the 50-table step (``BENCH_LIVE_ALONE``), 50 fresh tables' moves alone, no stream open
   and no other device: the server's CPU per move under which the region path cannot go.
4. For information: a move's answer (server time seen from the client, bytes) next to a signed-in
   one-row write (adding a note to an attempt) and the cheapest signed-in read (the table's stamp)
   in the same run, with the server's CPU per request; and that read handled by Django alone (its
   test client, in one process on an open database connection): the floor under every request.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MOVES = int(os.environ.get("BENCH_LIVE_MOVES", "200"))
SECONDS = float(os.environ.get("BENCH_LIVE_SECONDS", "60"))
STEPS = [int(n) for n in os.environ.get("BENCH_LIVE_STEPS", "25,50,100,125,150,200").split(",")]
# The 25- and 50-table (the target's) steps run again with the cheapest requests (``floor``).
FLOOR_STEPS = [int(n) for n in os.environ.get("BENCH_LIVE_FLOOR", "25,50").split(",") if n]
# ... and first on the fetch path (events carry the stamp; every other device fetches).
COMPARE = [int(n) for n in os.environ.get("BENCH_LIVE_COMPARE", "25,50").split(",") if n]
# ... and once more with no stream open: the moves alone, under which the region path cannot go.
ALONE = [int(n) for n in os.environ.get("BENCH_LIVE_ALONE", "50").split(",") if n]
# The set-ups measured, both by default (``embedded``, ``postgres``).
SETUPS = os.environ.get("BENCH_LIVE_SETUPS", "embedded,postgres").split(",")
MOVE_EVERY = 5.0
# The latency run's tables (200 moves of 28-move missions, and a few spare).
LATENCY_TABLES = 12
POLL_EVERY = 2.0
DEVICES = 4
PASSWORD = "bench-pass-phrase"
POSTGRES_ADMIN = os.environ.get(
    "QUESTLOG_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
)
REDIS = os.environ.get("QUESTLOG_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")

ARRANGE = """
from django.contrib.auth.models import User
from campaign import services
from campaign.table import services as table
from groups.models import Group, Membership
group = Group.objects.create(name="Bench")
users = [User.objects.create_user(f"device{n}", password="%(password)s")
         for n in range(%(devices)d)]
for user in users:
    Membership.objects.create(group=group, user=user, role="player")
tables = []
for n in range(%(tables)d):
    adventure = services.start_adventure(group=group, name=f"Table {n}", by=users[0])
    attempt = table.begin_mission(adventure=adventure, by=users[0], players=["Ana", "Ben", "Cy"],
                                  first_player="Ana")
    tables.append([f"/groups/{group.pk}/adventures/{adventure.pk}/table/1/", attempt.setup])
result = tables
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms"


def spread(values: list[float]) -> str:
    if not values:
        return "no samples"
    median, p99 = statistics.median(values), percentile(values, 99)
    return f"median {ms(median)}, p99 {ms(p99)} (n={len(values)})"


# --- A small asyncio HTTP/1.1 client -------------------------------------------------------------


class Connection:
    """One keep-alive connection of one device (its cookies)."""

    def __init__(self, port: int, cookies: str, csrf: str) -> None:
        self.port, self.cookies, self.csrf = port, cookies, csrf
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, data: dict[str, str] | None = None, htmx: bool = True
    ) -> tuple[int, bytes]:
        try:
            return await self.send(method, path, data, htmx)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            # The server closed the idle keep-alive connection: once more on a new one.
            self.close()
            self.writer = None
            return await self.send(method, path, data, htmx)

    async def send(
        self, method: str, path: str, data: dict[str, str] | None, htmx: bool
    ) -> tuple[int, bytes]:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        body = urllib.parse.urlencode(data or {}).encode() if method == "POST" else b""
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            f"Cookie: {self.cookies}",
        ]
        if htmx:
            lines.append("HX-Request: true")
        if method == "POST":
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
                f"X-CSRFToken: {self.csrf}",
                f"Referer: http://127.0.0.1:{self.port}{path}",
            ]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length, chunked, close = 0, False, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "connection" and "close" in value.lower():
                close = True
        if chunked:
            content = b""
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                content += chunk[:-2]
        else:
            content = await self.reader.readexactly(length)
        if close:
            self.writer.close()
            self.writer = None
        return status, content

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


@dataclass
class Device:
    name: str
    cookies: str
    csrf: str
    bound: set[str] = field(default_factory=set)  # the tables this device said whom it holds


SEATS = ["Ana", "Ben", "Cy"]


async def bind_watchers(port: int, devices: list[Device], paths: list[str]) -> None:
    """Each watching device says which seat it holds at each table, as a player's phone does,
    and the mover's device that it is the one device for the whole table: each sees its own
    seat's controls, finished on the one shared drawing. One table after another for each device:
    a device's bindings are kept in its session, which requests of that device made at once would
    overwrite (all but one table's binding lost, and the moves of the others refused)."""

    async def bind(device: Device, seat: str) -> None:
        connection = Connection(port, device.cookies, device.csrf)
        for path in paths:
            if path not in device.bound:
                await connection.request("POST", path + "seat/", {"seat": seat})
                device.bound.add(path)
        connection.close()

    seats = ["*", *SEATS]  # the mover's device first
    await asyncio.gather(*(bind(d, seat) for d, seat in zip(devices, seats, strict=False)))


def log_in(port: int, name: str) -> Device:
    """Sign a device in; cookies handled by hand (production marks them Secure, and this runs
    over plain HTTP on 127.0.0.1)."""
    import http.client
    from http.cookies import SimpleCookie

    jar: dict[str, str] = {}

    def call(method: str, path: str, body: str = "", headers: dict[str, str] | None = None) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        sent = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()), **(headers or {})}
        connection.request(method, path, body=body or None, headers=sent)
        response = connection.getresponse()
        response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            for key, morsel in SimpleCookie(header).items():
                jar[key] = morsel.value
        connection.close()
        return response.status

    call("GET", "/accounts/login/")
    body = urllib.parse.urlencode({"username": name, "password": PASSWORD})
    status = call("POST", "/accounts/login/", body, {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": jar.get("csrftoken", ""),
        "Referer": f"http://127.0.0.1:{port}/accounts/login/",
    })  # fmt: skip
    assert status == 302, f"login of {name}: {status}"
    cookies = "; ".join(f"{k}={v}" for k, v in jar.items())
    return Device(name, cookies, jar.get("csrftoken", ""))


@dataclass
class Watcher:
    """One device's open stream of one table; fetches the region on every new stamp, except the
    device entering the moves (``moves``): its screen shows each move from the move's own answer,
    and the page never fetches a stamp it shows (``refresh`` in ``static/js/table.js``)."""

    device: Device
    port: int
    path: str
    seen: Callable[[str, float], None]
    errors: list[str]
    moves: bool = False
    task: asyncio.Task[None] | None = None
    shown: str = ""
    opened: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self) -> None:
        fetcher = Connection(self.port, self.device.cookies, self.device.csrf)
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=2**22)
            writer.write(
                (
                    f"GET {self.path}events/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Cookie: {self.device.cookies}\r\nAccept: text/event-stream\r\n\r\n"
                ).encode()
            )
            await writer.drain()
            status = int((await reader.readline()).split()[1])
            if status != 200:
                self.errors.append(f"stream {status}")
                return
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
            event, data = "", []
            while True:
                line = await reader.readline()
                if not line:
                    self.errors.append("stream closed")
                    return
                text = line.decode().rstrip("\r\n")
                # Chunked transfer: each event is one chunk; its size line and the line ending
                # the chunk are neither "event:" nor "data:", and a blank line ends an event.
                if text.startswith("event:"):
                    event, data = text[6:].strip(), []
                elif text.startswith("data:"):
                    data.append(text[6:] if text.startswith("data: ") else text[5:])
                elif not text and event:
                    await self.heard(event, data, fetcher)
                    event, data = "", []
        except (OSError, ValueError, asyncio.IncompleteReadError) as error:
            self.errors.append(f"{type(error).__name__}")
        finally:
            fetcher.close()

    async def heard(self, event: str, data: list[str], fetcher: Connection) -> None:
        if event == "region":  # the event carries the region: shown as it is
            found = STAMP.search("\n".join(data[:3]))
            stamp = found.group(1) if found else ""
            if stamp and stamp != self.shown:
                self.shown = stamp
                self.seen(stamp, time.perf_counter())
            self.opened.set()
        elif event == "changed":
            stamp = data[0] if data else ""
            if stamp != self.shown and not (self.moves and self.shown):
                status, _ = await fetcher.request("GET", self.path)
                if status != 200:
                    self.errors.append(f"fetch {status}")
                self.shown = stamp
                self.seen(stamp, time.perf_counter())
            self.opened.set()  # the device shows its table


STAMP = re.compile(r'data-stamp="([^"]*)"')


def plan(setup: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """The moves of a mission, as forms: the engine's first legal move each time."""
    from games.rules import spirits

    state, forms = spirits.new_game(setup), []
    while state.phase != "over" and len(forms) < count:
        move = spirits.legal_moves(state)[0]
        state = spirits.apply(state, move)
        if "play" in move:
            forms.append({"kind": "play", "card": move["play"]})
        elif "place" in move:
            cells = " ".join(f"{r},{c}" for r, c in move["place"])
            forms.append({"kind": "place", "cells": cells, "confirm": "on"})
        elif "discard" in move:
            forms.append({"kind": "discard", "seat": move["seat"]})
        elif "mist_colour" in move:
            forms.append({"kind": "mist", "colour": move["mist_colour"]})
        else:
            raise RuntimeError(f"unexpected move {move}")
    return forms


def ignore(stamp: str, at: float) -> None:
    """The mover's own stream: not another device."""


def server_pids(server: Any) -> list[int]:
    """The server process and its children (uvicorn's worker processes)."""
    pids = [server.process.pid]
    children = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    return pids


def database_pids() -> list[int]:
    """PostgreSQL's processes (none for SQLite, which runs inside the server)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == "postgres":
                pids.append(int(entry.name))
        except OSError:
            pass
    return pids


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time the processes ``pids`` have used so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


@dataclass
class CpuUse:
    """CPU time used by the server, the database and this bench, from ``start`` on."""

    server: Any
    start: float = field(default_factory=time.perf_counter)
    used: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.used = self.now()

    def now(self) -> dict[str, float]:
        return {
            "server": cpu_seconds(server_pids(self.server)),
            "database": cpu_seconds(database_pids()),
            "bench client": cpu_seconds([os.getpid()]),
        }

    def report(self, moves: int) -> str:
        elapsed = time.perf_counter() - self.start
        spent = {k: v - self.used[k] for k, v in self.now().items()}
        shares = ", ".join(f"{k} {v / elapsed:.0%}" for k, v in spent.items() if v > 0)
        per_move = spent["server"] / max(moves, 1)
        return f"CPU of one core: {shares}; server CPU per move {ms(per_move)}"


def server_memory(server: Any) -> int:
    """Resident memory of the server process and its children, in bytes."""
    total = 0
    for pid in server_pids(server):
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


# --- The runs ------------------------------------------------------------------------------------


async def latency(server: Any, devices: list[Device], tables: list[list[Any]]) -> None:
    port = server.port
    errors: list[str] = []
    posted: dict[str, float] = {}  # stamp version -> tap time
    pushed: list[float] = []
    polled: list[float] = []
    own: list[float] = []
    ending: list[float] = []
    sizes: list[int] = []

    def on_push(stamp: str, at: float) -> None:
        version = stamp.split("-")[0]
        if version in posted:
            pushed.append(at - posted[version])

    mover = Connection(port, devices[0].cookies, devices[0].csrf)
    done = 0
    table_index = 0
    while done < MOVES and table_index < len(tables):
        path, setup = tables[table_index]
        table_index += 1
        posted.clear()
        # The mover's own stream is not "another device": its stamps are not counted.
        watchers = [Watcher(devices[0], port, path, ignore, errors, moves=True)]
        watchers += [Watcher(d, port, path, on_push, errors) for d in devices[1:]]
        for w in watchers:
            w.task = asyncio.create_task(w.run())
        await asyncio.wait_for(asyncio.gather(*(w.opened.wait() for w in watchers)), 30)
        polling = [True]

        async def poller(device: Device, path: str = path, polling: list[bool] = polling) -> None:
            connection = Connection(port, device.cookies, device.csrf)
            shown = ""
            await asyncio.sleep(random.random() * POLL_EVERY)
            while polling[0]:
                status, body = await connection.request("GET", path + "version/", htmx=False)
                stamp = body.decode()
                if status == 200 and stamp != shown:
                    await connection.request("GET", path)
                    now = time.perf_counter()
                    version = stamp.split("-")[0]
                    if shown and version in posted:
                        for v, tapped in list(posted.items()):
                            if int(v) <= int(version) and int(v) > int(shown.split("-")[0]):
                                polled.append(now - tapped)
                    shown = stamp
                await asyncio.sleep(POLL_EVERY)
            connection.close()

        pollers = [asyncio.create_task(poller(d)) for d in devices[1:]]
        await mover.request("POST", path + "seat/", {"seat": "*"})  # one device for the table
        forms = plan(setup, MOVES - done)
        for version, form in enumerate(forms):
            tapped = time.perf_counter()
            posted[str(version + 1)] = tapped
            status, body = await mover.request(
                "POST", path + "move/", {**form, "version": str(version)}
            )
            elapsed = time.perf_counter() - tapped
            if status != 200:
                errors.append(f"move {status}")
            own.append(elapsed)
            sizes.append(len(body))
            if version == len(forms) - 1 and b"What changed in the campaign" in body:
                ending.append(elapsed)
            done += 1
            await asyncio.sleep(0.4 + random.random() * 0.2)
        await asyncio.sleep(POLL_EVERY + 0.5)
        polling[0] = False
        await asyncio.gather(*pollers)
        for w in watchers:
            assert w.task is not None
            w.task.cancel()
    print(f"  moves: {done} on {table_index} tables, 4 devices streaming, 3 polling; "
          f"errors {len(errors)}")  # fmt: skip
    print(f"  tap → other devices (push): {spread(pushed)}")
    print(f"  tap → other devices (2 s polling): {spread(polled)}")
    ratio = percentile(polled, 99) / percentile(pushed, 99)
    print(f"  push p99 is {ratio:.1f}× faster than polling's p99")
    ends = ", ".join(ms(e) for e in ending) or "none"
    print(f"  tap → the mover's own screen: {spread(own)}; mission-ending moves: {ends}")
    print(f"  a move's answer: median {statistics.median(sizes) / 1024:.1f} KiB")
    mover.close()


async def scale(
    server: Any,
    devices: list[Device],
    tables: list[list[Any]],
    count: int,
    baseline: int,
    streams: bool = True,
) -> None:
    """A scale step; without ``streams`` the movers alone, no other device, no stream open."""
    port = server.port
    errors: list[str] = []
    posted: dict[tuple[str, str], float] = {}
    seen: list[float] = []
    answered: list[float] = []  # tap → the mover's answer: the part of ``seen`` before the event

    def watcher_for(path: str) -> Callable[[str, float], None]:
        def on(stamp: str, at: float) -> None:
            tapped = posted.get((path, stamp.split("-")[0]))
            if tapped is not None:
                seen.append(at - tapped)

        return on

    chosen = tables[:count]
    # The mover's device holds the whole table (a move for no seat of its own is refused).
    await bind_watchers(port, devices if streams else devices[:1], [path for path, _ in chosen])
    watchers = [
        Watcher(
            d, port, path, ignore if d is devices[0] else watcher_for(path), errors, d is devices[0]
        )
        for path, _ in chosen
        for d in devices
        if streams
    ]
    for w in watchers:
        w.task = asyncio.create_task(w.run())
    try:
        await asyncio.wait_for(asyncio.gather(*(w.opened.wait() for w in watchers)), 120)
    except TimeoutError:
        errors.append("streams not all open in 120 s")
    opened = server_memory(server)

    async def planned(path: str, setup: dict[str, Any]) -> tuple[Connection, int, list[Any]]:
        """A table's mover, its version and the forms of its next moves, made before the step
        starts: planning a mission holds this bench's event loop, and tables whose first sleep
        ended meanwhile then woke together and moved in step, a burst of ten moves at once, every
        5 s, which no table of real players makes."""
        connection = Connection(port, devices[0].cookies, devices[0].csrf)
        _, body = await connection.request("GET", path + "version/", htmx=False)
        version = int(body.decode().split("-")[0])
        return connection, version, plan(setup, version + 200)[version:]

    plans = {path: await planned(path, setup) for path, setup in chosen}

    async def table_loop(path: str) -> None:
        connection, version, forms = plans[path]
        await asyncio.sleep(random.random() * MOVE_EVERY)
        deadline = time.perf_counter() + SECONDS
        for form in forms:
            if time.perf_counter() > deadline:
                break
            tapped = time.perf_counter()
            posted[(path, str(version + 1))] = tapped
            status, body = await connection.request(
                "POST", path + "move/", {**form, "version": str(version)}
            )
            answered.append(time.perf_counter() - tapped)
            if status != 200:
                errors.append(f"move {status}")
            elif b'class="refusal"' in body or b'class="table-message error"' in body:
                errors.append("move refused")  # answered, but nothing recorded
            version += 1
            await asyncio.sleep(max(0.0, MOVE_EVERY - (time.perf_counter() - tapped)))
        connection.close()

    cpu = CpuUse(server)
    await asyncio.gather(*(table_loop(path) for path, _ in chosen))
    spent = cpu.report(len(posted))
    await asyncio.sleep(2)
    # Against the memory before any stream was opened (freed memory is not handed back).
    per_stream = max(opened - baseline, 0) / max(len(watchers), 1)
    for w in watchers:
        assert w.task is not None
        w.task.cancel()
    if not streams:
        print(f"  {count:>3} tables, the moves alone (no stream open, no other device): the "
              f"mover's answer {spread(answered)}; errors {len(errors)}")  # fmt: skip
        print(f"      {spent}")
        return
    print(
        f"  {count:>3} tables × {DEVICES} streams ({len(watchers)} connections): "
        f"tap → other devices median {ms(statistics.median(seen) if seen else float('nan'))}, "
        f"p99 {ms(percentile(seen, 99))} (n={len(seen)}); errors {len(errors)}"
        f"{' ' + str(sorted(set(errors))[:3]) if errors else ''}; "
        f"server memory {opened / 2**20:.0f} MiB, {per_stream / 1024:.0f} KiB per open stream"
    )
    print(f"      the mover's answer: {spread(answered)}; {spent}")


def notes_path(path: str) -> str:
    """Where a table's attempt takes a note: the bench's one-row write."""
    return path.replace("/table/1/", "/attempts/1/notes/")


async def floor(server: Any, devices: list[Device], tables: list[list[Any]], count: int) -> None:
    """The scale step's traffic made of the cheapest signed-in requests: on each of ``count``
    tables one device adds a note (a one-row write) every 5 s and, once it is answered, the three
    others each read the table's stamp, with no stream open. Tap → each of the three reads is
    what any table of this stack could at best show at that load: a floor under the step's p99."""
    seen: list[float] = []
    errors: list[str] = []

    async def table_loop(path: str) -> None:
        writer = Connection(server.port, devices[0].cookies, devices[0].csrf)
        readers = [Connection(server.port, d.cookies, d.csrf) for d in devices[1:]]
        notes = notes_path(path)

        async def read(connection: Connection, tapped: float) -> None:
            status, _ = await connection.request("GET", path + "version/", htmx=False)
            if status != 200:
                errors.append(f"read {status}")
            seen.append(time.perf_counter() - tapped)

        await asyncio.sleep(random.random() * MOVE_EVERY)
        deadline = time.perf_counter() + SECONDS
        while time.perf_counter() < deadline:
            tapped = time.perf_counter()
            status, _ = await writer.request("POST", notes, {"text": "floor"})
            if status not in (200, 302):  # the note's answer sends the page back to the attempt
                errors.append(f"write {status}")
            await asyncio.gather(*(read(r, tapped) for r in readers))
            await asyncio.sleep(max(0.0, MOVE_EVERY - (time.perf_counter() - tapped)))
        for connection in (writer, *readers):
            connection.close()

    cpu = CpuUse(server)
    await asyncio.gather(*(table_loop(path) for path, _ in tables[:count]))
    spent = cpu.report(len(seen) // max(DEVICES - 1, 1))
    print(f"  {count:>3} tables, the floor (a one-row write, then three stamp reads, no stream): "
          f"tap → the three reads {spread(seen)}; errors {len(errors)}"
          f"{' ' + str(sorted(set(errors))[:3]) if errors else ''}")  # fmt: skip
    print(f"      {spent}")


async def one_row_write(server: Any, device: Device, path: str) -> None:
    """A signed-in one-row write and the cheapest signed-in read (the table's stamp, what a
    polling device asks), one after the other: time seen by the client and the server's CPU per
    request, the floor under every request of a device."""
    connection = Connection(server.port, device.cookies, device.csrf)
    notes = notes_path(path)
    for label, method, url, htmx in (
        ("a signed-in one-row write (a note)", "POST", notes, True),
        ("a signed-in read of the table's stamp", "GET", path + "version/", False),
    ):
        times, cpu = [], CpuUse(server)
        for n in range(50):
            started = time.perf_counter()
            await connection.request(method, url, {"text": f"note {n}"}, htmx=htmx)
            times.append(time.perf_counter() - started)
        spent = (cpu.now()["server"] - cpu.used["server"]) / 50
        print(f"  {label}: {spread(times)}; server CPU {spent * 1000:.1f} ms per request")
    connection.close()


IN_PROCESS = """
import time
from django.contrib.auth.models import User
from django.test import Client
client = Client(HTTP_HOST="127.0.0.1")
client.force_login(User.objects.get(username="device0"))
assert client.get("%(path)sversion/").status_code == 200
started = time.process_time()
for _ in range(200):
    client.get("%(path)sversion/")
result = (time.process_time() - started) / 200
"""

SETTINGS = """
from config.settings import *  # noqa: F403
# Production's settings (DEBUG off, cached templates), over plain HTTP on 127.0.0.1 and without
# collected static files (the bench fetches none).
STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
"""
FOLDER = Path(tempfile.mkdtemp(prefix="bench-live-"))


def production() -> dict[str, str]:
    (FOLDER / "bench_live_settings.py").write_text(SETTINGS)
    return {
        "DEBUG": "0",
        "SECRET_KEY": "bench-live-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "DJANGO_SETTINGS_MODULE": "bench_live_settings",
        # Production's heartbeat (the tests' servers beat every second): each beat has every
        # open stream read its membership again, which at one a second cost more than the moves.
        "LIVE_HEARTBEAT_SECONDS": "15",
        "PYTHONPATH": f"{FOLDER}:{ROOT}",
    }


def run(label: str, database_url: str, workers: int, **env: str) -> None:
    from tests.support.servers import ServerProcess, run_django

    # Every step plays tables no step before it played: a mission has 28 moves, and a table
    # played again by later steps ran out of moves (or ended) within them, leaving fewer and
    # dearer moves to measure.
    tables = run_django(
        database_url,
        ARRANGE % {
            "password": PASSWORD, "devices": DEVICES,
            "tables": sum(COMPARE) + sum(STEPS) + sum(ALONE) + LATENCY_TABLES,
        },
        **production(),  # the server's password hasher, so the devices can sign in
        **env,
    )  # fmt: skip
    unplayed = iter(tables)

    def fresh(count: int) -> list[list[Any]]:
        return [next(unplayed) for _ in range(count)]

    log = ROOT / "test-output" / "bench" / f"live-{label.split()[0]}.log"
    if COMPARE:
        fetching = {**production(), **env, "LIVE_EVENT_CARRIES_REGION": "0"}
        server = ServerProcess(database_url, log, workers=workers, **fetching)
        try:
            devices = [log_in(server.port, f"device{n}") for n in range(DEVICES)]
            print(f"== {label}: the fetch path (events carry the stamp, every device fetches)")
            baseline = server_memory(server)
            for count in COMPARE:
                asyncio.run(scale(server, devices, fresh(count), count, baseline))
        finally:
            server.stop()
    server = ServerProcess(database_url, log, workers=workers, **production(), **env)
    try:
        devices = [log_in(server.port, f"device{n}") for n in range(DEVICES)]
        print(f"== {label}: the event carries the region")
        played = fresh(LATENCY_TABLES)
        asyncio.run(latency(server, devices, played))
        asyncio.run(one_row_write(server, devices[0], played[0][0]))
        # The same read handled by Django alone, in one process on an open database connection
        # (Django's test client): what the server adds around it is the rest.
        code = IN_PROCESS % {"path": played[0][0]}
        alone = run_django(database_url, code, **production(), **env)
        print(f"  the same read handled by Django alone (no server, no new connection): "
              f"CPU {alone * 1000:.1f} ms")  # fmt: skip
        baseline = server_memory(server)
        for count in STEPS:
            chosen = fresh(count)
            asyncio.run(scale(server, devices, chosen, count, baseline))
            if count in FLOOR_STEPS:  # right after its step, on the server in the same state
                asyncio.run(floor(server, devices, chosen, count))
            if count in ALONE:
                asyncio.run(scale(server, devices, fresh(count), count, baseline, streams=False))
    finally:
        server.stop()


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from tests.support.servers import migrate
    from tests.support.services import port_open

    print(f"{MOVES} moves for latency; scale steps {STEPS} × {DEVICES} streams, "
          f"a move per table every {MOVE_EVERY:.0f} s for {SECONDS:.0f} s each")  # fmt: skip
    if "embedded" in SETUPS:
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
            migrate(url)
            run("embedded default (1 uvicorn process, SQLite, in-process events)", url, 1)
    if "postgres" not in SETUPS:
        return
    if not (port_open(POSTGRES_ADMIN, 5432) and port_open(REDIS, 6379)):
        print("== PostgreSQL + Redis: skipped (not reachable on 127.0.0.1)")
        return
    from tests.support.servers import fresh_postgres

    with fresh_postgres("questlog_bench", admin_url=POSTGRES_ADMIN) as url:
        run("PostgreSQL + Redis (uvicorn, 2 worker processes)", url, 2, REDIS_URL=REDIS)


if __name__ == "__main__":
    main()
