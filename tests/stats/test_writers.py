"""Two statistics writers at once (an outbox drain and the nightly recompute, or two drains) take
turns. Side by side, the second one's DELETE misses the first one's uncommitted rows, and its
inserts then fail on the tallies' unique keys once the first commits: the advisory lock
(``services.one_statistics_writer_at_a_time``) is what keeps them apart."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import IntegrityError, connections, transaction

from stats import aggregates, services
from stats.models import FactTally


def tally_keys(adventure_id: int) -> Counter[tuple[Any, ...]]:
    rows = FactTally.objects.filter(adventure_id=adventure_id)
    return Counter(rows.values_list("kind", "round", "key", "flag"))


def writers_side_by_side(adventure_id: int, *, lock: bool) -> bool:
    """The first writer rewrites the tallies and waits; the second one starts meanwhile.

    Returns whether the second one waited for the first one's transaction to end.
    """
    first_wrote, let_first_commit = threading.Event(), threading.Event()
    second_done = threading.Event()

    def write(before: threading.Event | None = None, after: threading.Event | None = None) -> None:
        try:
            if before is not None:
                assert before.wait(10)
            with transaction.atomic():
                if lock:
                    services.one_statistics_writer_at_a_time()
                aggregates.refresh_tallies([adventure_id])
                if after is not None:
                    after.set()
                    assert let_first_commit.wait(10)
            if before is not None:
                second_done.set()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(2) as pool:
        writers = [pool.submit(write, after=first_wrote), pool.submit(write, before=first_wrote)]
        assert first_wrote.wait(10)
        waited = not second_done.wait(0.5)
        let_first_commit.set()
        for writer in writers:
            writer.result(timeout=20)
    return waited


def test_a_second_writer_waits_and_no_tally_is_written_twice(postgres, transactional_db, played):
    adventure_id = played["adventure"].pk
    services.drain_outbox()
    expected = tally_keys(adventure_id)
    assert expected
    assert max(expected.values()) == 1
    assert writers_side_by_side(adventure_id, lock=True)
    assert tally_keys(adventure_id) == expected


def test_without_the_lock_the_second_writer_fails_on_the_unique_key(
    postgres, transactional_db, played
):
    """Why the lock is kept: the unique key alone turns doubled rows into a failed writer."""
    adventure_id = played["adventure"].pk
    services.drain_outbox()
    expected = tally_keys(adventure_id)
    with pytest.raises(IntegrityError):
        writers_side_by_side(adventure_id, lock=False)
    assert tally_keys(adventure_id) == expected
