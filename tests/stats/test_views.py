"""Statistics pages: scoped to the user's groups, a constant number of queries, no computing."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models import StatisticsOutbox
from stats import services, views
from stats.models import JobState, RecomputeJob, Scope, StatsSnapshot
from tests.stats.conftest import record_driven
from tests.support.pages import element, element_text
from web import htmx


@pytest.fixture
def client_of(client, played):
    client.force_login(played["user"])
    return client


def urls(played):
    group, adventure = played["group"].pk, played["adventure"].pk
    return [
        reverse("stats:group", args=[group]),
        reverse("stats:adventure", args=[group, adventure]),
        reverse("stats:global"),
    ]


def test_pages_say_no_statistics_yet_and_pending(db, client_of, played):
    """Before any worker ran, the pages answer at once and say that results are pending."""
    for url in urls(played):
        response = client_of.get(url)
        assert response.status_code == 200
        assert "No statistics yet." in response.text
        assert "pending" in response.text


def test_pages_show_when_numbers_date_from(db, client_of, played):
    services.drain_outbox()
    for url in urls(played):
        response = client_of.get(url)
        assert "Numbers as of" in response.text
        assert "Newer results are pending" not in response.text
    record_driven(played["adventure"], "success", seed=5)
    response = client_of.get(urls(played)[0])
    assert "Newer results are pending" in response.text


def test_another_groups_stats_are_404(db, client_of, played, other_group):
    adventure = other_group.adventures.get()
    for url in (
        reverse("stats:group", args=[other_group.pk]),
        reverse("stats:adventure", args=[other_group.pk, adventure.pk]),
        reverse("stats:adventure", args=[played["group"].pk, adventure.pk]),
        reverse("stats:recompute", args=[other_group.pk]),
    ):
        method = client_of.post if "recompute" in url else client_of.get
        assert method(url).status_code == 404


def test_anonymous_users_are_sent_to_log_in(db, client, played):
    for url in urls(played):
        assert client.get(url).status_code == 302


def test_global_stats_name_no_group(db, client_of, played, other_group):
    services.drain_outbox()
    response = client_of.get(reverse("stats:global"))
    assert response.status_code == 200
    assert other_group.name not in response.text
    assert played["group"].name not in response.text
    assert "Mission 1" in response.text


@pytest.mark.parametrize("extra", [0, 6])
def test_constant_queries(db, client_of, played, django_assert_num_queries, extra):
    """The pages read snapshots: the query count does not grow with the history."""
    for seed in range(extra):
        record_driven(played["adventure"], "failure", seed=20 + seed)
    services.drain_outbox()
    group, adventure = played["group"].pk, played["adventure"].pk
    # session + user + membership + [adventure] + snapshot(s) + [heatmaps] + pending
    # + a recompute running [+ job + adventures + the group's people, by their current names]
    for url, count in (
        (reverse("stats:group", args=[group]), 10),
        (reverse("stats:adventure", args=[group, adventure]), 8),
        (reverse("stats:global"), 5),
    ):
        with django_assert_num_queries(count):
            assert client_of.get(url).status_code == 200


def test_pages_never_compute(db, client_of, played):
    """Viewing leaves the outbox unprocessed and writes no snapshot."""
    for url in urls(played):
        client_of.get(url)
    assert not StatsSnapshot.objects.exists()
    assert StatisticsOutbox.objects.filter(processed_at__isnull=True).count() >= 3


def workers(monkeypatch, settings, state: str) -> None:
    """A broker whose worker check (``/healthz``'s ``SERVICES``) last answered ``state``."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    monkeypatch.setattr(
        views.SERVICES, "current", lambda: ("ok", {"state": state, "workers": 0}, 1.0)
    )


def test_recompute_shows_progress_and_stops_polling_when_done(
    db, client_of, played, monkeypatch, settings
):
    workers(monkeypatch, settings, "ok")
    group = played["group"].pk
    response = client_of.post(
        reverse("stats:recompute", args=[group]), headers={"HX-Request": "true"}
    )
    job = RecomputeJob.objects.get()
    assert response.status_code == 200
    assert 'hx-trigger="every 1s"' in response.text
    progress = reverse("stats:progress", args=[group, job.pk])
    assert client_of.get(progress).status_code == 200
    assert services.run_pending_jobs() == 1
    job.refresh_from_db()
    assert job.state == JobState.DONE
    assert job.done == job.total == 3  # one adventure, the group, the global ranking
    response = client_of.get(progress)
    assert response.status_code == 286
    assert "every 1s" not in response.text
    assert StatsSnapshot.objects.filter(scope="group", scope_id=group).exists()


def test_a_finished_recompute_shows_its_numbers_without_a_reload(
    db, client_of, played, monkeypatch, settings
):
    """Issue 26 point 5: the last poll of a finished recompute tells the page (an htmx event);
    the page's figures ask for their region again and get the new numbers, nothing else."""
    workers(monkeypatch, settings, "ok")
    group = played["group"].pk
    page = client_of.get(reverse("stats:group", args=[group]))
    assert element_text(page, "stats-figures").startswith("No statistics yet.")
    figures = element(page, "stats-figures").attributes
    assert figures["hx-get"] == reverse("stats:group", args=[group]) + "?shown=0"
    assert figures["hx-trigger"].startswith(f"{views.RECOMPUTED} from:body")
    client_of.post(reverse("stats:recompute", args=[group]), headers={"HX-Request": "true"})
    job = RecomputeJob.objects.get()
    progress = reverse("stats:progress", args=[group, job.pk])
    assert "HX-Trigger" not in client_of.get(progress).headers  # still running: no event yet
    services.run_pending_jobs()
    done = client_of.get(progress)
    assert done.status_code == 286
    assert json.loads(done.headers["HX-Trigger"]) == {views.RECOMPUTED: {}}
    assert "the numbers below include it" in element_text(done, "stats-job-done")
    region = client_of.get(reverse("stats:group", args=[group]), headers={"HX-Request": "true"})
    assert region.text.lstrip().startswith('<div id="stats-figures"')
    assert "<html" not in region.text
    assert 'id="stats-progress"' not in region.text
    assert element_text(region, "stats-figures").startswith("Numbers as of")
    assert "HX-Request" in region.headers["Vary"]


def figures_of(response) -> tuple[str, str]:
    """The text of a page's figures region, and how often it asks for newer ones."""
    attributes = element(response, "stats-figures").attributes
    return element_text(response, "stats-figures"), attributes["hx-trigger"]


def poll(client, response):
    """The figures region's own request, as htmx sends it from the page ``response``."""
    url = element(response, "stats-figures").attributes["hx-get"]
    return client.get(url, headers={"HX-Request": "true"})


@pytest.mark.parametrize("page", ["adventure", "global"])
def test_a_pages_figures_refresh_themselves_once_newer_ones_are_stored(db, client_of, played, page):
    """Issue 26 point 5: while results are pending or a recompute runs, the figures ask every
    few seconds for newer ones; the server answers nothing (204) until new numbers are stored,
    then the region with them, which stops asking once nothing is pending any more."""
    group, adventure = played["group"].pk, played["adventure"].pk
    url = reverse(f"stats:{page}", args=[group, adventure] if page == "adventure" else [])
    watching = f"{views.RECOMPUTED} from:body, every {htmx.WATCH_SECONDS}s"
    first = client_of.get(url)
    assert figures_of(first)[1] == watching  # three results wait in the outbox
    assert element(first, "stats-figures").attributes["hx-get"] == f"{url}?shown=0"
    unchanged = poll(client_of, first)
    assert unchanged.status_code == 204
    assert unchanged.content == b""
    assert "HX-Request" in unchanged.headers["Vary"]

    services.drain_outbox()  # a worker stores the numbers
    drained = poll(client_of, first)
    assert drained.status_code == 200
    assert drained.text.lstrip().startswith('<div id="stats-figures"')
    assert "<html" not in drained.text
    text, trigger = figures_of(drained)
    assert text.startswith("Numbers as of")
    assert "pending" not in text
    assert trigger == f"{views.RECOMPUTED} from:body"  # nothing pending: it stops asking

    job = services.request_recompute(scope=Scope.GROUP, scope_id=group)
    running = client_of.get(url)
    assert figures_of(running)[1] == watching  # a recompute of the group runs
    assert poll(client_of, running).status_code == 204
    services.run_pending_jobs()
    job.refresh_from_db()
    assert job.state == JobState.DONE
    recomputed = poll(client_of, running)
    assert recomputed.status_code == 200
    assert figures_of(recomputed)[1] == f"{views.RECOMPUTED} from:body"
    assert (
        element(recomputed, "stats-figures").attributes["hx-get"]
        != element(running, "stats-figures").attributes["hx-get"]
    )  # the newer numbers' stamp


def test_a_page_showing_the_latest_figures_asks_for_nothing(db, client_of, played):
    """With nothing pending and no recompute running, no page polls: the figures are final."""
    services.drain_outbox()
    for url in urls(played):
        assert figures_of(client_of.get(url))[1] == f"{views.RECOMPUTED} from:body"


def test_a_failed_recompute_sends_no_new_numbers(db, client_of, played, monkeypatch, settings):
    workers(monkeypatch, settings, "ok")
    group = played["group"].pk
    job = services.request_recompute(scope=Scope.GROUP, scope_id=group)
    RecomputeJob.objects.filter(pk=job.pk).update(state=JobState.FAILED)
    response = client_of.get(reverse("stats:progress", args=[group, job.pk]))
    assert response.status_code == 286
    assert "HX-Trigger" not in response.headers


def test_without_a_broker_the_recompute_runs_after_the_response_to_its_end(
    db, client_of, played, settings
):
    """Issue 12 point 6: on the embedded default (Celery eager) no worker will come, so the job
    runs in-process once the response is sent; the polled progress then shows its end."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    group = played["group"].pk
    response = client_of.post(
        reverse("stats:recompute", args=[group]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    job = RecomputeJob.objects.get()
    assert job.state == JobState.DONE
    assert job.done == job.total == 3
    assert StatsSnapshot.objects.filter(scope="group", scope_id=group).exists()
    response = client_of.get(reverse("stats:progress", args=[group, job.pk]))
    assert response.status_code == 286
    assert 'id="stats-job-done"' in response.text
    assert 'id="stats-no-worker"' not in response.text


def test_with_a_broker_and_no_worker_alive_the_page_says_so_and_offers_to_retry(
    db, client_of, played, monkeypatch, settings
):
    """Issue 12 point 6: a job waiting while the worker check says none is alive stops polling,
    says why and offers to try again; once a worker answers, trying again polls again."""
    workers(monkeypatch, settings, "down")
    group = played["group"].pk
    response = client_of.post(
        reverse("stats:recompute", args=[group]), headers={"HX-Request": "true"}
    )
    job = RecomputeJob.objects.get()
    assert job.state == JobState.PENDING, "nothing ran it in-process"
    assert 'id="stats-no-worker"' in response.text
    assert "every 1s" not in response.text
    assert 'id="stats-ask"' in response.text
    progress = client_of.get(reverse("stats:progress", args=[group, job.pk]))
    assert progress.status_code == 286
    assert 'id="stats-no-worker"' in progress.text
    assert 'id="stats-no-worker"' in client_of.get(reverse("stats:group", args=[group])).text

    workers(monkeypatch, settings, "unknown")  # not checked yet: keep waiting
    assert client_of.get(reverse("stats:progress", args=[group, job.pk])).status_code == 200
    workers(monkeypatch, settings, "ok")
    response = client_of.post(
        reverse("stats:recompute", args=[group]), headers={"HX-Request": "true"}
    )
    assert RecomputeJob.objects.get() == job, "trying again asks for the same job"
    assert 'hx-trigger="every 1s"' in response.text
    assert 'id="stats-no-worker"' not in response.text
    assert 'id="stats-ask"' not in response.text


def test_a_job_whose_worker_died_stops_polling_and_can_be_asked_again(
    db, client_of, played, monkeypatch, settings
):
    """Issue 17, defect 6: the polled progress finds the job's worker gone (no heartbeat)."""
    workers(monkeypatch, settings, "ok")
    group = played["group"].pk
    job = services.request_recompute(scope=Scope.GROUP, scope_id=group)
    assert services.claim_job() == job
    progress = reverse("stats:progress", args=[group, job.pk])
    assert client_of.get(progress).status_code == 200
    silent = timedelta(seconds=3 * settings.STATS_JOB_HEARTBEAT_SECONDS + 1)
    RecomputeJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - silent)
    response = client_of.get(progress)
    assert response.status_code == 286
    assert 'id="stats-job-failed"' in response.text
    assert "Recompute everything" in response.text
    client_of.post(reverse("stats:recompute", args=[group]))
    assert RecomputeJob.objects.filter(state=JobState.PENDING).exclude(pk=job.pk).exists()


def test_viewers_cannot_ask_for_a_recompute(db, client, played):
    from groups.models import Role
    from tests.factories import MembershipFactory

    viewer = MembershipFactory(group=played["group"], role=Role.VIEWER).user
    client.force_login(viewer)
    assert client.post(reverse("stats:recompute", args=[played["group"].pk])).status_code == 403
