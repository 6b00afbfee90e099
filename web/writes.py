"""The games' writes: one transaction, and on SQLite one writer of the process at a time.

SQLite lets one transaction write at a time. Another writer's ``BEGIN IMMEDIATE`` does not queue:
SQLite's busy handler puts it to sleep and tries again, with naps growing to 100 ms each, so a
writer can sleep through several commits while later ones slip in. On the embedded default (one
server process, each request in a thread of its own) the process's writers now wait in a lock
instead, each woken as the one before it ends: the live table's p99 at 100 tables went from 1.2 s
to 0.25 s in ``bench/bench_live.py`` at the same CPU per move (docs/live-table.md, "Serving").

Only the outermost block takes the lock: a write nested in another (a service calling another)
is already the one writer. Writers of other processes (a management command) still meet SQLite's
busy handler, as before. PostgreSQL locks rows and queues their writers itself: nothing changes
there.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, OperationalError, transaction

# The writer of this process's SQLite database, while one writes.
WRITER = threading.Lock()


@contextmanager
def atomic(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """``transaction.atomic``, first waiting its turn on SQLite (see the module). Also a
    decorator, like ``transaction.atomic``."""
    connection = transaction.get_connection(using)
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        with transaction.atomic(using=using):
            yield
        return
    # As long as SQLite itself would wait (its ``timeout``), then what it says after that: the
    # server's error page answers "try again" (``web.errors``).
    if not WRITER.acquire(timeout=connection.settings_dict["OPTIONS"].get("timeout", 5.0)):
        raise OperationalError("database is locked")
    try:
        with transaction.atomic(using=using):
            yield
    finally:
        WRITER.release()
