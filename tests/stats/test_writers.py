"""Two statistics writers at once (an outbox drain and the nightly recompute, or two drains) take
turns. Side by side, the second one's DELETE missed the first one's uncommitted rows: its inserts
then failed on ``MissionTally``'s unique key, or doubled ``FactTally``'s rows (no unique key)."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connections, transaction

from stats import aggregates, services
from stats.models import FactTally


def tally_keys(adventure_id: int) -> Counter[tuple[Any, ...]]:
    rows = FactTally.objects.filter(adventure_id=adventure_id)
    return Counter(rows.values_list("kind", "round", "key", "flag"))


def test_a_second_writer_waits_and_no_tally_is_written_twice(postgres, transactional_db, played):
    adventure_id = played["adventure"].pk
    services.drain_outbox()
    expected = tally_keys(adventure_id)
    assert expected
    assert max(expected.values()) == 1
    first_wrote, let_first_commit = threading.Event(), threading.Event()
    second_done = threading.Event()

    def first() -> None:
        try:
            with transaction.atomic():
                services.one_statistics_writer_at_a_time()
                aggregates.refresh_tallies([adventure_id])
                first_wrote.set()
                assert let_first_commit.wait(10)
        finally:
            connections.close_all()

    def second() -> None:
        try:
            assert first_wrote.wait(10)
            with transaction.atomic():
                services.one_statistics_writer_at_a_time()
                aggregates.refresh_tallies([adventure_id])
            second_done.set()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(2) as pool:
        writers = [pool.submit(first), pool.submit(second)]
        assert first_wrote.wait(10)
        # The second one waits for the first one's transaction to end.
        assert not second_done.wait(0.5)
        let_first_commit.set()
        for writer in writers:
            writer.result(timeout=20)
    assert second_done.is_set()
    assert tally_keys(adventure_id) == expected
