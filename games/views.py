"""Pages of a group's play log. Each view: scoped fetch → form → service → render.

Every view is a ``member_view``: a play, game, person or import of another group answers 404.
Viewers read; logging, editing, deleting and importing are ``play`` pages (a viewer: 403).
Dates are shown and typed in the reader's time zone, as on every page (``accounts.middleware``: the
account's, else the browser's, else UTC).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import bgstats, people, playlog, playstats_pages
from games.forms import (
    ExportForm,
    GameForm,
    HistoryFilterForm,
    ImportForm,
    PlayForm,
    line_formset,
    matching_form,
    play_initial,
    zone,
)
from games.models import (
    BuiltinGame,
    CatalogGame,
    ImportState,
    Person,
    Play,
    PlayImport,
    PlayStatsSnapshot,
)
from groups.access import member_view, require_player
from groups.deleted import KEEP_DAYS
from groups.models import Membership
from web.htmx import figures_page, is_partial, partial_template, vary_on_htmx, watch

PAGE_SIZE = 25
PLAY_DELETED = gettext_lazy(
    "Play deleted. It can be restored from Recently deleted for %(days)s days."
)
DONE_POLLING = 286  # htmx stops an ``every 1s`` poll on this status


def play_or_404(membership: Membership, play_id: int) -> Play:
    return get_object_or_404(
        Play.objects.select_related("game").prefetch_related("results__person"),
        group_id=membership.group_id,
        pk=play_id,
    )


def import_or_404(membership: Membership, import_id: int) -> PlayImport:
    return get_object_or_404(PlayImport, group_id=membership.group_id, pk=import_id)


def known_names(membership: Membership) -> list[str]:
    return people.people_names(membership.group)


# --- History and a play ----------------------------------------------------------------------


@member_view("GET")
def history(request: HttpRequest, membership: Membership) -> HttpResponse:
    tz = timezone.get_current_timezone()
    form = HistoryFilterForm(request.GET or None, group_id=membership.group_id)
    plays = form.apply(playlog.history(membership.group_id), tz)
    page = Paginator(plays, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "group": membership.group,
        "membership": membership,
        "filters": form,
        "page": page,
        "query": query.urlencode(),
        "tz": tz,
    }
    template = partial_template(request, "games/history.html", "play-history")
    return vary_on_htmx(render(request, template, context))


@member_view("GET")
def play_detail(request: HttpRequest, membership: Membership, play_id: int) -> HttpResponse:
    play = play_or_404(membership, play_id)
    tz = timezone.get_current_timezone()
    context = {
        "group": membership.group,
        "membership": membership,
        "play": play,
        "tz": tz,
        "bgstats_link": playlog.create_play_link(play, tz),
        "audit": play.audit.all()[:10],
    }
    return render(request, "games/play_detail.html", context)


def app_download(document: object, name: str) -> HttpResponse:
    """Plays in the shape other apps send BG Stats, as a file to download."""
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@member_view("GET")
def history_download(request: HttpRequest, membership: Membership) -> HttpResponse:
    """The plays the history's filters select (all of them, not one page) for another app."""
    tz = timezone.get_current_timezone()
    form = HistoryFilterForm(request.GET or None, group_id=membership.group_id)
    plays = form.apply(playlog.history(membership.group_id), tz)
    stamp = timezone.now().astimezone(tz).date().isoformat()
    name = f"{slugify(membership.group.name) or 'group'}-plays-{stamp}.json"
    return app_download(playlog.app_plays(plays, tz), name)


@member_view("GET")
def play_download(request: HttpRequest, membership: Membership, play_id: int) -> HttpResponse:
    """One play for another app: BG Stats imports it as a play Questlog sent."""
    play = play_or_404(membership, play_id)
    tz = timezone.get_current_timezone()
    document = playlog.app_plays([play], tz)[0]
    day = play.played_at.astimezone(tz).date().isoformat()
    return app_download(document, f"{slugify(play.game.name) or 'play'}-{day}-{play.pk}.json")


def play_form_page(request: HttpRequest, membership: Membership, play: Play | None) -> HttpResponse:
    """The log form and the edit form: the same fields, the same checks."""
    playlog.ensure_catalog(group=membership.group)
    tz = timezone.get_current_timezone()
    games = CatalogGame.objects.filter(group_id=membership.group_id)
    data = request.POST if request.method == "POST" else None
    if play is None:
        initial = {"played_at": timezone.now().astimezone(tz).replace(tzinfo=None, second=0,
                                                                      microsecond=0),
                   "time_zone": str(tz)}  # fmt: skip
        names = [membership.user.username]
    else:
        initial, names = play_initial(play, tz), []
    form = PlayForm(data, initial=initial, games=games)
    lines = line_formset(data, play=play, names=names)
    if request.method == "POST" and form.is_valid() and lines.is_valid():
        cleaned = form.cleaned_data
        play_data = playlog.PlayData(
            game=cleaned["game"],
            played_at=cleaned["played_at"],
            lines=lines.lines(),
            duration_minutes=cleaned["duration_minutes"],
            location=cleaned["location"].strip(),
            uses_teams=cleaned["uses_teams"],
            ignored=cleaned["ignored"],
            group_won=cleaned["group_won"],
            note=cleaned["note"].strip(),
        )
        try:
            if play is None:
                play = playlog.log_play(group=membership.group, data=play_data, by=request.user)
                messages.success(request, _("Play logged."))
            else:
                play = playlog.edit_play(play=play, data=play_data, by=request.user)
                messages.success(request, _("Play saved."))
        except playlog.PlayLogError as error:
            messages.error(request, str(error))
        else:
            return redirect(play)
    context = {
        "group": membership.group,
        "membership": membership,
        "form": form,
        "lines": lines,
        "play": play,
        "known_names": known_names(membership),
    }
    invalid = form.errors or lines.total_error_count()
    return render(request, "games/play_form.html", context, status=400 if invalid else 200)


@member_view("GET", "POST", play=True)
def play_log(request: HttpRequest, membership: Membership) -> HttpResponse:
    return play_form_page(request, membership, None)


@member_view("GET", "POST", play=True)
def play_edit(request: HttpRequest, membership: Membership, play_id: int) -> HttpResponse:
    play = play_or_404(membership, play_id)  # a viewer was refused (403) before this 404
    if play.source == "campaign":
        messages.info(request, str(playlog.CAMPAIGN_PLAY))
        return redirect(play)
    return play_form_page(request, membership, play)


@member_view("GET", "POST", play=True)
def play_delete(request: HttpRequest, membership: Membership, play_id: int) -> HttpResponse:
    play = play_or_404(membership, play_id)  # a viewer was refused (403) before this 404
    # Only the confirmation page's POST deletes: a bare POST shows that page again.
    if request.method == "POST" and "confirm" in request.POST:
        try:
            playlog.delete_play(play=play, by=request.user)
        except playlog.PlayLogError as error:
            messages.error(request, str(error))
            return redirect(play)
        messages.success(request, PLAY_DELETED % {"days": KEEP_DAYS})
        return redirect("games:history", group_id=membership.group_id)
    tz = timezone.get_current_timezone()
    context = {"group": membership.group, "play": play, "tz": tz, "keep_days": KEEP_DAYS}
    return render(request, "games/play_delete.html", context)


# --- Catalog ---------------------------------------------------------------------------------


@member_view("GET", "POST")
def catalog(request: HttpRequest, membership: Membership) -> HttpResponse:
    playlog.ensure_catalog(group=membership.group)
    form = GameForm(request.POST or None)
    if request.method == "POST":
        require_player(membership)
        if form.is_valid():
            try:
                game = playlog.add_game(group=membership.group, **form.cleaned_data)
            except playlog.PlayLogError as error:
                form.add_error(error.field, str(error))
            else:
                messages.success(request, _("%(name)s added to the catalog.") % {"name": game.name})
                return redirect("games:catalog", group_id=membership.group_id)
    context = {
        "group": membership.group,
        "membership": membership,
        "games": playlog.games_with_counts(membership.group),
        "form": form,
    }
    return render(request, "games/catalog.html", context, status=400 if form.errors else 200)


# --- Import and export -----------------------------------------------------------------------


@member_view("GET", "POST", play=True)
def import_upload(request: HttpRequest, membership: Membership) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None,
                      initial={"time_zone": str(timezone.get_current_timezone())})  # fmt: skip
    if request.method == "POST" and form.is_valid():
        name, document, export = form.cleaned_data["file"]
        play_import, _preview = playlog.start_import(
            group=membership.group, file_name=name, document=document, export=export,
            time_zone=form.cleaned_data["time_zone"], by=request.user,
        )  # fmt: skip
        return redirect(
            "games:import-preview", group_id=membership.group_id, import_id=play_import.pk
        )
    context = {"group": membership.group, "membership": membership, "form": form}
    return render(request, "games/import.html", context, status=400 if form.errors else 200)


@member_view("GET", "POST", play=True)
def import_preview(request: HttpRequest, membership: Membership, import_id: int) -> HttpResponse:
    play_import = import_or_404(membership, import_id)
    if play_import.state != ImportState.PREVIEW:
        return redirect("games:import-progress", group_id=membership.group_id, import_id=import_id)
    export = bgstats.parse_file(play_import.document)
    preview = playlog.preview_import(group=membership.group, export=export)
    choices = playlog.match_choices(membership.group)
    form = matching_form(preview, choices, request.POST or None)
    if request.method == "POST" and form.is_valid():
        matching = {
            name.removeprefix("player_"): value for name, value in form.cleaned_data.items()
        }
        try:
            playlog.confirm_import(play_import=play_import, matching=matching)
        except playlog.PlayLogError as error:
            messages.error(request, str(error))
        return redirect("games:import-progress", group_id=membership.group_id, import_id=import_id)
    context = {
        "group": membership.group,
        "membership": membership,
        "play_import": play_import,
        "preview": preview,
        "form": form,
    }
    return render(request, "games/import_preview.html", context, status=400 if form.errors else 200)


@member_view("GET")
def import_progress(request: HttpRequest, membership: Membership, import_id: int) -> HttpResponse:
    play_import = import_or_404(membership, import_id)
    done = playlog.read_progress(play_import)
    stalled = playlog.is_stalled(play_import)
    context = {
        "group": membership.group,
        "membership": membership,
        "play_import": play_import,
        "done": done,
        "percent": int(100 * done / play_import.total) if play_import.total else 100,
        "stalled": stalled,
    }
    template = partial_template(request, "games/import_progress.html", "import-status")
    stop = play_import.finished or stalled
    status = DONE_POLLING if is_partial(request) and stop else 200
    return render(request, template, context, status=status)


@member_view("POST", play=True)
def import_retry(request: HttpRequest, membership: Membership, import_id: int) -> HttpResponse:
    """Try a stopped import again (``playlog.retry_import``: it cannot add a play twice)."""
    play_import = import_or_404(membership, import_id)
    try:
        playlog.retry_import(play_import=play_import)
    except playlog.PlayLogError as error:
        messages.error(request, str(error))
    return redirect("games:import-progress", group_id=membership.group_id, import_id=import_id)


@member_view("GET")
def export(request: HttpRequest, membership: Membership) -> HttpResponse:
    form = ExportForm(
        request.GET or None, initial={"time_zone": str(timezone.get_current_timezone())}
    )
    if not form.is_bound or not form.is_valid():
        context = {"group": membership.group, "membership": membership, "form": form}
        return render(request, "games/export.html", context, status=400 if form.errors else 200)
    tz = zone(form.cleaned_data["time_zone"])
    document = playlog.export_plays(group=membership.group, tz=tz, me=request.user)
    response = HttpResponse(
        bgstats.dumps(document),
        content_type="application/json; charset=utf-8",
    )
    stamp = timezone.now().astimezone(tz).date().isoformat()
    name = f"{slugify(membership.group.name) or 'group'}-bgstats-{stamp}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# --- Statistics ------------------------------------------------------------------------------


def snapshot_of(group_id: int) -> PlayStatsSnapshot | None:
    return PlayStatsSnapshot.objects.filter(group_id=group_id).first()


@member_view("GET")
def stats(request: HttpRequest, membership: Membership) -> HttpResponse:
    """The play statistics; their figures refresh themselves while newer plays are pending."""
    snapshot = snapshot_of(membership.group_id)

    def build() -> dict[str, Any]:
        return {
            "group": membership.group,
            "membership": membership,
            "snapshot": snapshot,
            **playstats_pages.overview(shown_data(snapshot, membership.group_id)),
        }

    return figures_page(request, "games/stats.html", watched_snapshot(snapshot), build)


def watched_snapshot(snapshot: PlayStatsSnapshot | None) -> dict[str, object]:
    """What a play-statistics page's figures need to refresh themselves: the snapshot's stamp,
    watched while newer plays are pending."""
    computed_at = snapshot.computed_at if snapshot and snapshot.data else None
    return watch(computed_at, watching=bool(snapshot and snapshot.stale))


def shown_data(snapshot: PlayStatsSnapshot | None, group_id: int) -> dict[str, Any]:
    """The snapshot's figures with each game under the name the reader sees."""
    return playstats_pages.with_shown_names(
        snapshot.data if snapshot else {}, shown_names(group_id)
    )


def shown_names(group_id: int) -> dict[str, str]:
    """The group's games whose shown name is not their catalog name, by id (as text)."""
    games = CatalogGame.objects.filter(group_id=group_id, builtin=BuiltinGame.CAMPAIGN)
    return {str(game.pk): game.shown_name for game in games}


STATS_PAGES = {
    "games": (CatalogGame, "games/game_stats.html", playstats_pages.game_charts),
    "players": (Person, "games/player_stats.html", playstats_pages.player_charts),
}


@member_view("GET")
def entry_stats(request: HttpRequest, membership: Membership, kind: str, pk: int) -> HttpResponse:
    """One game's or one player's statistics (``kind``: the snapshot's ``games`` or ``players``),
    read from the group's snapshot; their figures refresh themselves like the overview's."""
    model, details, charts = STATS_PAGES[kind]
    subject = get_object_or_404(model, group_id=membership.group_id, pk=pk)
    snapshot = snapshot_of(membership.group_id)

    def build() -> dict[str, Any]:
        entry = shown_data(snapshot, membership.group_id).get(kind, {}).get(str(pk))
        return {
            "group": membership.group,
            "membership": membership,
            "snapshot": snapshot,
            "subject": subject,
            "details": details,
            "entry": entry,
            "charts": charts(entry) if entry else [],
        }

    return figures_page(request, "games/entry_stats.html", watched_snapshot(snapshot), build)


@member_view("POST", play=True)
def stats_recompute(request: HttpRequest, membership: Membership) -> HttpResponse:
    playlog.statistics_changed(group_id=membership.group_id)
    messages.info(request, _("The statistics are being recomputed."))
    return redirect(reverse("games:stats", args=[membership.group_id]))
