"""What the play-log statistics pages draw from a stored snapshot (``games.playstats``): charts
as server-rendered SVG in the house style (``stats.charts``), each with its numbers as a table."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from stats.charts import Chart, bar_chart, paired_bars


def number(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.2f}".rstrip("0").rstrip(".")


def with_shown_names(data: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The snapshot ``data`` with the games of ``names`` (by id) called by those names: a snapshot
    keeps the catalog's name, the campaign game is shown by its pack's name in the reader's
    language (``CatalogGame.shown_name``)."""
    if not names:
        return data
    games = {
        pk: {**entry, "name": names.get(pk, entry.get("name"))}
        for pk, entry in data.get("games", {}).items()
    }
    players = {
        pk: {
            **entry,
            "games": [
                {**game, "name": names.get(str(game.get("id")), game.get("name"))}
                for game in entry.get("games", [])
            ],
        }
        for pk, entry in data.get("players", {}).items()
    }
    return {**data, "games": games, "players": players}


def overview(data: dict[str, Any]) -> dict[str, Any]:
    """The statistics front page: plays per game, and each player's plays and win rate."""
    games = [{"id": pk, **entry} for pk, entry in data.get("games", {}).items()]
    players = [{"id": pk, **entry} for pk, entry in data.get("players", {}).items()]
    charts = []
    if games:
        charts.append(
            bar_chart(
                _("Plays of each game"),
                [(g["name"], g["plays"]) for g in sorted(games, key=lambda g: -g["plays"])],
                value_name=_("plays"),
            )
        )
    if players:
        charts.append(win_rates(_("Win rate of each player, all games"), players))
    return {"games": games, "players": players, "charts": charts}


def win_rates(title: str, rows: list[dict[str, Any]]) -> Chart:
    """Each row's win rate (a player's, or a player's in one game) as bars."""
    return bar_chart(
        title, [(r["name"], r["win_rate"] or 0) for r in rows], value_name=_("win rate"), unit=" %"
    )


def score_charts(entry: dict[str, Any], title: str) -> list[Chart]:
    histogram = entry["scores"]["histogram"]
    if not histogram:
        return []
    return [bar_chart(title, [(label, count) for label, count in histogram], value_name=_("plays"))]


def game_charts(entry: dict[str, Any]) -> list[Chart]:
    charts = score_charts(entry, _("Scores: how often each range was scored"))
    if entry["players"]:
        charts.append(win_rates(_("Win rate of each player"), entry["players"]))
    if entry["start_plays"]:
        charts.append(start_chart(entry))
    return charts


def start_chart(entry: dict[str, Any]) -> Chart:
    return bar_chart(
        _("Start player: wins against chance"),
        [
            (_("Start player won"), entry["start_win_rate"] or 0),
            (_("Chance alone (1 / players)"), entry["start_expected"] or 0),
        ],
        value_name=_("rate"),
        unit=" %",
    )


def player_charts(entry: dict[str, Any]) -> list[Chart]:
    charts = []
    if entry["games"]:
        charts.append(win_rates(_("Win rate in each game"), entry["games"]))
    charts += score_charts(entry, _("Scores: how often each range was scored"))
    if entry["start_plays"]:
        charts.append(start_chart(entry))
    if entry["rivals"]:
        charts.append(head_to_head_chart(entry["rivals"]))
    return charts


def head_to_head_chart(rivals: list[dict[str, Any]]) -> Chart:
    """Against each other player: the plays won when they did not, and the plays lost so."""
    return paired_bars(
        _("Head to head: ahead and behind"),
        [r["name"] for r in rivals],
        {_("ahead"): [r["ahead"] for r in rivals], _("behind"): [r["behind"] for r in rivals]},
    )
