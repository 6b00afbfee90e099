"""The full recompute's PostgreSQL fast path (``stats.bulk``) stores what the portable path does."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import DatabaseError, connection, connections, transaction

from campaign.models import OpenedEnvelope
from stats import bulk, heatmaps, services
from stats.models import CellCounts, FactTally, MissionTally, Scope, StatsSnapshot, dumps
from tests.factories import AdventureFactory, GroupFactory
from tests.stats.conftest import record_driven

Stored = dict[str, list[tuple[Any, ...]]]


def stored() -> Stored:
    """Every derived row, without ids; snapshots as the JSON text the database holds."""
    queries = {
        "snapshots": "SELECT scope, scope_id, data, source_version FROM stats_statssnapshot",
        "cells": "SELECT scope, scope_id, mission, counts FROM stats_cellcounts",
        "missions": "SELECT adventure_id, group_id, mission, attempts, successes, rounds, "
        "rounds_known, minutes, timed FROM stats_missiontally",
        "facts": 'SELECT adventure_id, group_id, kind, round, "key", flag, count, extra '
        "FROM stats_facttally",
    }
    with connection.cursor() as cursor:
        rows = {}
        for name, sql in queries.items():
            cursor.execute(sql)
            rows[name] = sorted(cursor.fetchall())
    return rows


def recompute_portably() -> None:
    """What ``recompute_everything`` does on SQLite: one scope kind at a time, every row anew."""
    for scope in (Scope.ADVENTURE, Scope.GROUP):
        services.recompute_scopes(scope, None, version=services.outbox_version())
    services.recompute_global()


@pytest.fixture
def varied(played: dict[str, Any], other_group: Any) -> dict[str, Any]:
    """Besides ``played``: a player with a non-ASCII name, an envelope opened by hand, an
    adventure without attempts and a group without adventures."""
    record_driven(played["adventure"], "success", seed=4, players=("Zoë", "Ana"))
    OpenedEnvelope.objects.create(
        adventure=played["adventure"], envelope="by-hand", colour="black", source="manual", order=9
    )
    AdventureFactory(group=played["group"], name="Not started")
    GroupFactory(name="No adventures yet")
    return played


def test_fast_path_matches_the_portable_path(postgres, varied):
    """Snapshots (to the byte), heatmaps and tallies are the same rows either way."""
    services.drain_outbox()
    recompute_portably()
    portable = stored()
    assert len(portable["snapshots"]) == 7  # three adventures, three groups, global
    documents = " ".join(data for _scope, _id, data, _version in portable["snapshots"])
    assert '"player":"Zo\\u00eb"' in documents
    assert '{"date":null,"count":1,"opened":1}' in documents
    for model in (StatsSnapshot, CellCounts, MissionTally, FactTally):
        model.objects.all().delete()
    services.recompute_everything()
    assert stored() == portable


def test_fast_path_repairs_rows_that_drifted(postgres, varied):
    """Changed, missing and extra tally and heatmap rows are rewritten from the facts."""
    services.drain_outbox()
    recompute_portably()
    portable = stored()
    MissionTally.objects.filter(mission=1).update(attempts=99)
    FactTally.objects.filter(kind="won").first().delete()
    FactTally.objects.create(adventure_id=varied["adventure"].pk, group_id=0, kind="won", key="X")
    CellCounts.objects.filter(mission=heatmaps.OVERALL).update(counts="[]")
    CellCounts.objects.filter(mission=2).delete()
    StatsSnapshot.objects.filter(scope=Scope.GROUP).update(data={})
    services.recompute_everything()
    assert stored() == portable


def test_unchanged_rows_are_left_alone(postgres, played):
    """A recompute writes only the tally and heatmap rows whose numbers changed."""
    services.drain_outbox()
    services.recompute_everything()

    def ids() -> dict[str, set[int]]:
        return {
            model.__name__: set(model.objects.values_list("pk", flat=True))
            for model in (MissionTally, FactTally, CellCounts)
        }

    before = ids()
    services.recompute_everything()
    assert ids() == before
    record_driven(played["adventure"], "success", seed=5)
    MissionTally.objects.all().delete()  # the drain would rewrite them; the recompute must
    services.recompute_everything()
    after = ids()
    assert after["FactTally"] & before["FactTally"]  # the other adventure's rows stayed
    assert after["CellCounts"] - before["CellCounts"]  # mission 2's heatmap changed


def test_colours_and_heatmaps_run_on_connections_of_their_own(
    postgres, transactional_db, played, monkeypatch
):
    """Outside a transaction the colours and heatmaps are read on connections of their own."""
    services.drain_outbox()
    expected = stored()["cells"]
    CellCounts.objects.all().delete()
    used = []
    real = bulk.on_own_connection

    def spy(work: Any) -> None:
        used.append(connections["default"])  # this thread's
        real(work)

    monkeypatch.setattr(bulk, "on_own_connection", spy)
    services.recompute_everything()
    assert len(used) == 2  # the statistics without tallies, and the heatmaps
    assert connections["default"] not in used
    assert stored()["cells"] == expected


def test_sqlite_keeps_the_portable_path(db):
    if connection.vendor == "sqlite":
        assert not bulk.supported()
    else:
        assert bulk.supported()


def test_a_failure_on_another_connection_fails_the_recompute(
    postgres, transactional_db, played, monkeypatch
):
    """The other connection failing stops the snapshots (nothing stored) and is raised."""
    services.drain_outbox()
    before = stored()["snapshots"]

    def broken() -> Any:
        raise RuntimeError("rows lost")
        yield  # a generator, like scope_rows

    monkeypatch.setattr(bulk, "scope_rows", broken)
    StatsSnapshot.objects.update(data={})
    with pytest.raises(RuntimeError):
        services.recompute_everything()
    assert all(data == "{}" for _scope, _id, data, _version in stored()["snapshots"])
    assert len(stored()["snapshots"]) == len(before)


@pytest.mark.parametrize(
    "document",
    [
        {"rate": 0.3333, "avg": 41.33, "whole": 1.0, "none": None, "list": [0.0001, 12345678.9]},
        {"player": "Zoë", "seat": "Ana", "flags": [True, False]},
        {"name": 'quote " and \\ backslash\tand tab', "nested": {"a": []}},
    ],
)
def test_documents_are_written_as_json_dumps_writes_them(document):
    assert dumps(document) == json.dumps(document, separators=(",", ":"))


def test_snapshots_are_compressed_with_lz4(postgres):
    """Migrations 0004 and 0010: the snapshots' column uses lz4 when the server has it."""
    with connection.cursor() as cursor:
        try:
            with transaction.atomic():
                cursor.execute("SET LOCAL default_toast_compression = 'lz4'")
        except DatabaseError:
            pytest.skip("this PostgreSQL server was built without lz4")
        cursor.execute(
            "SELECT attcompression FROM pg_attribute"
            " WHERE attrelid = 'stats_statssnapshot'::regclass AND attname = 'data'"
        )
        assert cursor.fetchone()[0] == "l"
