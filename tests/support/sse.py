"""A Server-Sent Events reader for tests: one stream of a real server, read in a thread."""

import contextlib
import http.client
import queue
import re
import socket
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlparse

from tests.support.http import WebClient


@dataclass
class Event:
    name: str
    data: str
    at: float  # time.perf_counter() when it arrived


def stamp_of(event: Event) -> str:
    """A game's event's stamp: its data (``changed``), or its region's ``data-stamp``
    (``region``)."""
    if event.name != "region":
        return event.data
    found = re.search(r'data-stamp="([^"]*)"', event.data)
    assert found is not None, event.data[:200]
    return found.group(1)


class EventStream:
    """Open ``path`` with ``client``'s cookies; events arrive on ``events`` (``None`` once the
    server closed the stream)."""

    def __init__(self, client: WebClient, path: str, timeout: float = 30.0) -> None:
        parsed = urlparse(client.base_url)
        self.connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=timeout)
        cookies = "; ".join(f"{c.name}={c.value}" for c in client.cookies)
        headers = {"Cookie": cookies, "Accept": "text/event-stream"}
        self.connection.request("GET", path, headers=headers)
        self.socket = self.connection.sock
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.events: queue.Queue[Event | None] = queue.Queue()
        self.closed = threading.Event()
        if self.status == 200:
            threading.Thread(target=self.read, daemon=True).start()
        else:
            self.response.read()
            self.closed.set()
            self.close()

    def read(self) -> None:
        name, data = "message", []
        try:
            while True:
                line = self.response.readline()
                if not line:
                    break
                text = line.decode().rstrip("\r\n")
                if not text:
                    if data:
                        self.events.put(Event(name, "\n".join(data), time.perf_counter()))
                    name, data = "message", []
                elif text.startswith(":"):  # a comment (the heartbeat): an event of its own
                    self.events.put(Event("comment", text[1:].strip(), time.perf_counter()))
                elif text.startswith("event:"):
                    name = text[6:].strip()
                elif text.startswith("data:"):
                    value = text[5:]  # as EventSource reads it: one leading space dropped
                    data.append(value[1:] if value.startswith(" ") else value)
        except (OSError, ValueError):  # closed by ``close``
            pass
        finally:
            self.closed.set()
            self.events.put(None)

    def next(self, timeout: float = 10.0) -> Event | None:
        return self.events.get(timeout=timeout)

    def wait_for(self, *names: str, timeout: float = 10.0) -> Event:
        """The next event named one of ``names``."""
        deadline = time.monotonic() + timeout
        while True:
            event = self.events.get(timeout=max(deadline - time.monotonic(), 0.01))
            if event is None:
                raise AssertionError(f"the stream closed before a {names!r} event")
            if event.name in names:
                return event

    def close(self) -> None:
        """Hang up at once: the reading thread, waiting for the next line, gets an end of file
        (closing the response alone would wait for that line)."""
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.closed.wait(5)
        self.response.close()
        self.connection.close()
