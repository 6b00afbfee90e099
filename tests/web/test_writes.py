"""The games' writes (``web.writes.atomic``): on SQLite one writer of the process at a time, in a
lock taken by the outermost block only; on PostgreSQL a plain transaction. Each set-up runs in a
process of its own on a database of its own (``tests.support.servers``), as a server would."""

from __future__ import annotations

import pytest

from tests.support.servers import run_django

OBSERVE = """
from django.db import transaction
from groups.models import Group
from web import writes

seen = {}
with writes.atomic():
    Group.objects.create(name="written")
    seen["held while writing"] = writes.WRITER.locked()
seen["held after"] = writes.WRITER.locked()

# Nested in a transaction that holds SQLite's write lock already (a service calling another, or
# a write that did not go through the helper): waiting for the process's lock there could wait
# on a writer that waits on this one.
with transaction.atomic():
    with writes.atomic():
        seen["held when nested"] = writes.WRITER.locked()

# A refused write: rolled back, and the next writer is not kept waiting.
try:
    with writes.atomic():
        Group.objects.create(name="refused")
        raise ValueError("refused")
except ValueError:
    pass
seen["held after a refusal"] = writes.WRITER.locked()
seen["groups"] = sorted(Group.objects.values_list("name", flat=True))
result = seen
"""

# A writer kept waiting as long as SQLite's own timeout (shortened here) gives up as SQLite would.
KEPT_WAITING = """
import threading
from django.db import OperationalError, connection
from web import writes

connection.settings_dict["OPTIONS"]["timeout"] = 0.1
said = []


def write():
    try:
        with writes.atomic():
            said.append("written")
    except OperationalError as error:
        said.append(str(error))


with writes.WRITER:  # another writer of the process, writing
    thread = threading.Thread(target=write)
    thread.start()
    thread.join()
result = said
"""


def observed(*, held_while_writing: bool) -> dict[str, object]:
    """What ``OBSERVE`` sees: the lock held only while the outermost write runs, if at all."""
    return {
        "held while writing": held_while_writing,
        "held after": False,
        "held when nested": False,
        "held after a refusal": False,
        "groups": ["written"],
    }


def test_on_sqlite_the_outermost_write_waits_its_turn_in_the_process(sqlite_database):
    assert run_django(sqlite_database, OBSERVE) == observed(held_while_writing=True)


def test_on_sqlite_a_writer_kept_waiting_as_long_as_sqlite_would_is_told_it_is_locked(
    sqlite_database,
):
    assert run_django(sqlite_database, KEPT_WAITING) == ["database is locked"]


@pytest.mark.postgres
def test_on_postgresql_a_write_is_a_plain_transaction(postgres_database):
    """PostgreSQL queues the writers of a row itself (``select_for_update``): no lock here."""
    assert run_django(postgres_database, OBSERVE) == observed(held_while_writing=False)
