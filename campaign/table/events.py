"""The table's side of the live-game kit (``web.live``): the attempts a stream or stamp URL finds
(a group's attempts played at the table, by adventure and number) and the columns of its *stamp*,
which every write of an attempt changes: its version, its result and the time its row was saved
(a result or a correction saves the row without a move). The table's services, and a correction
of the attempt, publish it (``LIVE.changed``) once they commit; every open stream then carries the
new region, shared between the devices of one kind (``LIVE.region``)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from web.live import LiveGame, Regions, Viewer


def table_attempts(group_id: int) -> QuerySet[Any]:
    from campaign.models import MissionAttempt

    return MissionAttempt.objects.filter(adventure__group_id=group_id, setup__isnull=False)


def region_for_stream(viewer: Viewer, attempt_id: int, stamp: str) -> Any:
    from campaign.table import views

    return views.region_for_stream(viewer, attempt_id, stamp)


def finish_for_stream(viewer: Viewer, drawing: Any) -> str:
    from campaign.table import views

    return views.finish_for_stream(viewer, drawing)


# The region is drawn once for every device of one kind (playing or watching, the language) and
# finished for each device's seat: its streams carry it (``campaign.table.views.Drawing``).
LIVE = LiveGame(
    kind="table",
    games=table_attempts,
    fields=("version", "status", "failure_reason", "updated_at"),
    region=Regions(draw=region_for_stream, finish=finish_for_stream),
)
# The attempt's columns a fetch served from the shared drawing loads: the stamp's, and those a
# table's URL finds it by.
STAMP_FIELDS = ("adventure_id", "number", *LIVE.fields)


def table_channel(attempt_id: int) -> str:
    return LIVE.channel(attempt_id)


def stamp(attempt: Any) -> str:
    return LIVE.stamp(attempt)
