"""What a statistics page shows: charts built from stored snapshots and heatmaps (no queries)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from campaign.models import FAILURE_REASON_LABELS
from games.content import Pack
from stats import heatmaps
from stats.charts import Chart, bar_chart, heatmap, paired_bars, stacked_bars, step_chart
from web.elision import interpolate


@dataclass
class Section:
    title: str | Promise
    charts: list[Chart] = field(default_factory=list)
    anchor: str = ""


def percent(value: float) -> float:
    return round(100 * value, 1)


def short(mission: int) -> str:
    """A mission's short name on an axis: M1, M2, …"""
    return _("M%(n)s") % {"n": mission}


def failure_label(row: dict[str, Any]) -> str:
    """A failure reason in the reader's language (the statistics keep the engine's words)."""
    return str(FAILURE_REASON_LABELS.get(row.get("reason", ""), row["label"]))


def seat_label(entry: dict[str, Any]) -> str:
    return _("%(seat)s (Automa)") % {"seat": entry["seat"]} if entry["automa"] else entry["seat"]


def outcomes(successes: list[int], failures: list[int]) -> dict[str, list[int]]:
    return {_("Successes"): successes, _("Failures"): failures}


def rate_chart(title: str, missions: Sequence[dict[str, Any]]) -> Chart:
    rates = [(short(m["mission"]), percent(m["rate"])) for m in missions]
    return bar_chart(title, rates, value_name=_("success rate (%)"), unit="%")


def sections(data: dict[str, Any], *, scope: str, packs: Iterable[Pack]) -> list[Section]:
    """The sections of an adventure's and of a group's page."""
    return [
        Section(_("Missions"), mission_charts(data), "missions"),
        Section(_("Campaign"), campaign_charts(data, scope=scope), "campaign"),
        Section(_("At the table"), table_charts(data, packs), "table"),
    ]


def mission_charts(data: dict[str, Any]) -> list[Chart]:
    missions = data.get("missions", [])
    labels = [short(m["mission"]) for m in missions]
    results = stacked_bars(
        _("Attempts per mission"),
        labels,
        outcomes([m["successes"] for m in missions], [m["failures"] for m in missions]),
        category_name=_("mission"),
    )
    rates = rate_chart(_("Success rate per mission"), missions)
    time = bar_chart(
        _("Average time per mission"),
        [(short(m["mission"]), m["avg_minutes"]) for m in missions if m["avg_minutes"] is not None],
        value_name=_("minutes"),
        unit=" " + _("min"),
    )
    rounds = data.get("rounds", [])
    rounds_chart = stacked_bars(
        _("Rounds played before the end"),
        [str(r["rounds"]) for r in rounds],
        outcomes([r["success"] for r in rounds], [r["failure"] for r in rounds]),
        category_name=_("rounds"),
    )
    reasons = bar_chart(
        _("Why missions failed"),
        [(failure_label(r), r["count"]) for r in data.get("failure_reasons", [])],
        value_name=_("failures"),
    )
    return [results, rates, rounds_chart, reasons, time]


def table_charts(data: dict[str, Any], packs: Iterable[Pack]) -> list[Chart]:
    """The table's charts; the statistics keep the game's colour ids, the packs name them."""
    colours = {colour.id: str(colour.name) for pack in packs for colour in pack.colours}
    charts = []
    for key, title in (
        ("trumps", _("Trump colours by round")),
        ("decisions", _("Decision-card colours by round")),
    ):
        block = data.get(key) or {"rounds": [], "series": {}}
        charts.append(
            stacked_bars(
                title,
                [str(r) for r in block["rounds"]],
                block["series"],
                category_name=_("round"),
                game_colours=colours,
            )
        )
    changes = data.get("leader_changes", [])
    return [
        *charts,
        bar_chart(
            _("Tricks won per seat"),
            [(seat_label(w), w["count"]) for w in data.get("tricks_won", [])],
            value_name=_("tricks won"),
        ),
        stacked_bars(
            _("Leader changes by round"),
            [str(r["round"]) for r in changes],
            {
                _("Leader changed"): [r["changes"] for r in changes],
                _("Leader kept the lead"): [r["tricks"] - r["changes"] for r in changes],
            },
            category_name=_("round"),
        ),
    ]


@dataclass
class BoardCharts:
    """The heatmaps of one board size: over all missions, and one per mission."""

    overall: Chart
    missions: list[Chart]


def heatmap_charts(boards: Sequence[heatmaps.Board]) -> list[BoardCharts]:
    """The charts of ``heatmaps.for_scope``'s boards; titles name the size if there are several."""

    def chart(title: str, counts: list[int], size: int) -> Chart:
        if len(boards) > 1:
            title = interpolate(_("%(title)s (%(n)s × %(n)s board)"), {"title": title, "n": size})
        return heatmap(title, counts, size=size)

    return [
        BoardCharts(
            chart(_("Board cells covered, all missions"), board.overall, board.size),
            [
                chart(_("Board cells covered, Mission %(n)s") % {"n": m}, counts, board.size)
                for m, counts in board.missions.items()
            ],
        )
        for board in boards
    ]


def shown_date(iso: str) -> str:
    """A date the aggregates keep as ``yyyy-mm-dd``, as the reader's language writes it."""
    return date_format(date.fromisoformat(iso), "DATE_FORMAT")


def campaign_charts(data: dict[str, Any], *, scope: str) -> list[Chart]:
    moon = data.get("moon", [])
    series = {
        _("Moon Path boxes"): [p["boxes"] for p in moon],
        _("Missions completed"): [p["completed"] for p in moon],
    }
    title = _("Moon Path boxes used against missions completed")
    if scope == "adventure":  # after each attempt
        x_labels = [str(p["attempt"]) for p in moon]
        charts = [step_chart(title, x_labels, series, x_name=_("after attempt"))]
    else:  # each adventure of the group
        charts = [paired_bars(title, [p["name"] for p in moon], series)]
    envelopes = data.get("envelopes", [])
    charts.append(
        step_chart(
            _("Envelopes opened over time"),
            [shown_date(e["date"]) if e["date"] else _("by hand") for e in envelopes],
            {_("Envelopes opened"): [e["opened"] for e in envelopes]},
            x_name=_("date"),
        )
    )
    return charts


def group_charts(
    data: dict[str, Any], global_data: dict[str, Any] | None, names: dict[int, str]
) -> list[Chart]:
    """``names``: the group's people by id, as they are called now."""
    played = [p for p in data.get("participation", []) if p["person"] in names]
    charts = [
        bar_chart(
            _("Attempts played by each player"),
            [(names[p["person"]], p["attempts"]) for p in played],
            value_name=_("attempts"),
        ),
        rate_chart(_("Hardest missions for this group (success rate)"), data.get("hardest", [])),
    ]
    if global_data:
        everyone = {m["mission"]: m for m in global_data.get("missions", [])}
        ours = [m for m in data.get("missions", []) if m["mission"] in everyone]
        charts.append(
            paired_bars(
                _("This group against all groups (success rate)"),
                [short(m["mission"]) for m in ours],
                {
                    _("This group"): [percent(m["rate"]) for m in ours],
                    _("All groups"): [percent(everyone[m["mission"]]["rate"]) for m in ours],
                },
                unit="%",
            )
        )
    return charts


def global_charts(data: dict[str, Any]) -> list[Chart]:
    ranking = data.get("ranking", [])
    return [
        rate_chart(_("Missions from hardest: success rate over all groups"), ranking),
        bar_chart(
            _("Average attempts per adventure"),
            [(short(m["mission"]), m["avg_attempts"]) for m in ranking],
            value_name=_("attempts"),
        ),
    ]
