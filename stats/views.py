"""Statistics pages: they read stored snapshots and heatmaps only (a constant number of queries)
and never compute on request. Another group's statistics answer 404; the global page names no
group.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET
from django_htmx.http import trigger_client_event

from campaign.models import Adventure, StatisticsOutbox
from config.health import SERVICES
from games.content import Pack
from games.models import Person
from groups.access import member_view
from groups.models import Membership
from stats import heatmaps, pages, services, triggers
from stats.models import GLOBAL_SCOPE_ID, JobState, RecomputeJob, Scope, StatsSnapshot
from web import htmx
from web.answered import when_answered
from web.htmx import figures_page, is_partial

DONE_POLLING = 286  # htmx stops an ``every 1s`` poll on this status
# The event a finished recompute's last poll sends; the group page's figures reload on it.
RECOMPUTED = "stats-recomputed"


def progress_context(membership: Membership, job: RecomputeJob | None) -> dict[str, object]:
    """What the ``stats-progress`` partial shows: the job, and whether it may be asked again
    (it waits in vain while ``/healthz``'s status says no worker is alive; not yet known: keep
    polling). With no broker the job runs in-process."""
    pending = job is not None and job.state == JobState.PENDING
    waiting_in_vain = (
        pending
        and not settings.CELERY_TASK_ALWAYS_EAGER
        and SERVICES.current()[1]["state"] == "down"
    )
    return {
        "group": membership.group,
        "membership": membership,
        "job": job,
        "no_worker": waiting_in_vain,
        "polling": job is not None and not job.finished and not waiting_in_vain,
        "can_ask": membership.can_play and (job is None or job.finished or waiting_in_vain),
    }


def freshness(**scope: int) -> dict[str, object]:
    """Whether newer results of the scope are pending, and the failures among them (not on the
    global page: its errors may speak of other groups' data)."""
    counts = StatisticsOutbox.objects.filter(processed_at__isnull=True, **scope).aggregate(
        pending=Count("pk"), failures=Count("failure")
    )
    context: dict[str, object] = {"pending": counts["pending"] > 0}
    if scope and counts["failures"]:
        failures = services.failed_outbox_rows(**scope).order_by("-failed_at")
        context.update(failure=failures.first(), failures=counts["failures"])
    return context


def scope_context(
    scope: str, scope_id: int, snapshot: StatsSnapshot | None, packs: list[Pack]
) -> dict[str, Any]:
    """What an adventure's and a group's page share: the numbers and the charts."""
    data = snapshot.data if snapshot else {}
    boards = heatmaps.for_scope(scope, scope_id, {pack.board_size for pack in packs})
    return {
        "snapshot": snapshot,
        "totals": data.get("totals"),
        "sections": pages.sections(data, scope=scope, packs=packs),
        "boards": pages.heatmap_charts(boards),
    }


def watch(snapshot: StatsSnapshot | None, fresh: dict[str, object], jobs: Q) -> dict[str, object]:
    """The page's freshness, and whether its figures should keep asking for newer ones: results
    pending in the outbox, or a recompute of ``jobs`` not finished (``web.htmx.figures_page``)."""
    unfinished = ~Q(state__in=[JobState.DONE, JobState.FAILED])
    watching = bool(fresh["pending"]) or RecomputeJob.objects.filter(jobs & unfinished).exists()
    return {**fresh, **htmx.watch(snapshot.computed_at if snapshot else None, watching=watching)}


def group_jobs(group_id: int) -> Q:
    """The recomputes whose numbers reach a group's pages: the group's own and the nightly one."""
    return Q(scope=Scope.GROUP, scope_id=group_id) | Q(scope=Scope.GLOBAL)


@member_view("GET")
def adventure_stats(
    request: HttpRequest, membership: Membership, adventure_id: int
) -> HttpResponse:
    adventure = get_object_or_404(
        Adventure.objects.select_related("content_pack").defer("content_pack__document"),
        group_id=membership.group_id,
        pk=adventure_id,
    )
    snapshot = StatsSnapshot.objects.filter(scope=Scope.ADVENTURE, scope_id=adventure.pk).first()
    watched = watch(snapshot, freshness(adventure_id=adventure.pk), group_jobs(adventure.group_id))

    def build() -> dict[str, Any]:
        packs = [adventure.content_pack.pack()]
        return {
            "group": membership.group,
            "adventure": adventure,
            **scope_context(Scope.ADVENTURE, adventure.pk, snapshot, packs),
        }

    return figures_page(request, "stats/adventure.html", watched, build)


@member_view("GET")
def group_stats(request: HttpRequest, membership: Membership) -> HttpResponse:
    """The group's page; its figures alone (``stats-figures``) when a finished recompute asks for
    them (``progress``'s ``RECOMPUTED`` event) or when they refresh themselves (``figures_page``),
    so new numbers show without a reload."""
    group = membership.group
    ours = Q(scope=Scope.GROUP, scope_id=group.pk)
    everyone = Q(scope=Scope.GLOBAL, scope_id=GLOBAL_SCOPE_ID)
    snapshots = {s.scope: s for s in StatsSnapshot.objects.filter(ours | everyone)}
    snapshot, global_snapshot = snapshots.get(Scope.GROUP), snapshots.get(Scope.GLOBAL)
    watched = watch(snapshot, freshness(group_id=group.pk), group_jobs(group.pk))

    def build() -> dict[str, Any]:
        adventures = list(
            Adventure.objects.filter(group=group)
            .select_related("content_pack")
            .only("pk", "name", "group_id", "content_pack__digest")
        )
        packs = [adventure.content_pack.pack() for adventure in adventures]
        job = (
            RecomputeJob.objects.filter(scope=Scope.GROUP, scope_id=group.pk)
            .order_by("-pk")
            .first()
        )
        players = pages.group_charts(
            snapshot.data if snapshot else {},
            global_snapshot.data if global_snapshot else None,
            dict(Person.objects.filter(group=group).values_list("pk", "name")),
        )
        context = {
            **progress_context(membership, job),
            **scope_context(Scope.GROUP, group.pk, snapshot, packs),
            "adventures": adventures,
        }
        section = pages.Section(_("Players and difficulty"), players, "players")
        context["sections"].insert(0, section)
        return context

    return figures_page(request, "stats/group.html", watched, build)


@login_required
@require_GET
def global_stats(request: HttpRequest) -> HttpResponse:
    snapshot = StatsSnapshot.objects.filter(scope=Scope.GLOBAL, scope_id=GLOBAL_SCOPE_ID).first()
    # Any group's results and recomputes reach the global numbers.
    watched = watch(snapshot, freshness(), Q(pk__isnull=False))

    def build() -> dict[str, Any]:
        data = snapshot.data if snapshot else {}
        return {
            "snapshot": snapshot,
            "ranking": data.get("ranking", []),
            "charts": pages.global_charts(data),
        }

    return figures_page(request, "stats/global.html", watched, build)


@member_view("POST", play=True)
def recompute(request: HttpRequest, membership: Membership) -> HttpResponse:
    """Ask for a full recompute of the group: one database row, picked up by a worker (with no
    broker, in-process once this response has been sent)."""
    job = services.request_recompute(scope=Scope.GROUP, scope_id=membership.group_id)
    if settings.CELERY_TASK_ALWAYS_EAGER:
        when_answered(triggers.run_job, job.pk)
    if is_partial(request):
        return render(request, "stats/group.html#stats-progress", progress_context(membership, job))
    return redirect("stats:group", group_id=membership.group_id)


@member_view("GET")
def progress(request: HttpRequest, membership: Membership, job_id: int) -> HttpResponse:
    """The progress partial, polled every second; answers 286 once the job has finished (or its
    worker is gone, so the button to ask again shows)."""
    services.fail_abandoned_jobs()
    job = get_object_or_404(
        RecomputeJob, scope=Scope.GROUP, scope_id=membership.group_id, pk=job_id
    )
    context = progress_context(membership, job)
    status = 200 if context["polling"] else DONE_POLLING
    response = render(request, "stats/group.html#stats-progress", context, status=status)
    if job.state == JobState.DONE:
        trigger_client_event(response, RECOMPUTED)  # the figures region fetches its new numbers
    return response
