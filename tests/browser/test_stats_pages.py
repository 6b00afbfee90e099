"""The statistics pages in Chromium at phone width: every chart and the heatmap render, the
numbers shown match numbers computed independently from the engine states, and a full recompute
shows its progress until done."""

from __future__ import annotations

from collections import Counter
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils.formats import date_format
from playwright.sync_api import expect

from campaign.models import MissionAttempt
from games.rules.spirits import from_json
from groups.models import Role
from stats import services
from stats.models import JobState, RecomputeJob, StatsSnapshot
from tests.browser.steps import charts_fit_a_phone
from tests.browser.table_driver import log_in
from tests.factories import AdventureFactory, MembershipFactory
from tests.stats.conftest import record_driven

pytestmark = pytest.mark.browser


def independent_numbers(adventure_id: int) -> dict[str, object]:
    cells = [0] * 144
    won: Counter[str] = Counter()
    for attempt in MissionAttempt.objects.filter(adventure_id=adventure_id):
        for trick in from_json(attempt.state).tricks:
            won[trick.winner] += 1
            for row, col in trick.placement.cells if trick.placement else ():
                cells[row * 12 + col] += 1
    return {"cells": cells, "won": won}


CUT_OFF = """() => [...document.querySelectorAll("figure.chart svg")].flatMap((svg) => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll("text")].filter((text) => {
    const r = text.getBoundingClientRect();
    return r.left < box.left - 0.5 || r.right > box.right + 0.5
      || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
  }).map((text) => svg.querySelector("title").textContent + ": " + text.textContent);
})"""


def table_of(page, caption: str) -> list[list[str]]:
    figure = page.locator("figure.chart", has=page.locator("figcaption", has_text=caption)).first
    figure.locator("details summary").click()
    rows = figure.locator("tbody tr")
    return [rows.nth(i).locator("th, td").all_inner_texts() for i in range(rows.count())]


def test_stats_pages_render_charts_with_matching_numbers(browser_session, transactional_db):
    member = MembershipFactory(role=Role.PLAYER, user__username="stat-fan")
    adventure = AdventureFactory(group=member.group, name="Spring campaign")
    for seed, result in enumerate(["failure", "failure", "success", "success", "failure"]):
        record_driven(adventure, result, seed=seed, duration=25 + seed,
                      players=("Ana", "Ben", "Cy") if seed % 2 else ("Ana", "Ben"))  # fmt: skip
    services.drain_outbox()
    expected = independent_numbers(adventure.pk)

    session = browser_session()
    log_in(session, "stat-fan")
    page = session.page
    page.goto(reverse("stats:adventure", args=[member.group.pk, adventure.pk]))
    assert page.locator("#total-attempts").inner_text() == "5"
    assert page.locator("#total-successes").inner_text() == "2"
    assert charts_fit_a_phone(page) >= 12
    assert page.evaluate(CUT_OFF) == [], "no chart text outside its picture"
    session.shot("adventure-stats")
    heat = table_of(page, "Board cells covered, all missions")
    shown = [int(value) for row in heat for value in row[1:]]
    assert shown == expected["cells"]
    won = {seat.removesuffix(" (Automa)"): int(n) for seat, n in table_of(page, "Tricks won")}
    assert won == dict(expected["won"])
    page.locator("#board").scroll_into_view_if_needed()
    session.shot("adventure-heatmap")

    page.goto(reverse("stats:group", args=[member.group.pk]))
    assert page.locator("#total-attempts").inner_text() == "5"
    players = dict(table_of(page, "Attempts played by each player"))
    assert players == {"Ana": "5", "Ben": "5", "Cy": "2"}
    assert page.evaluate(CUT_OFF) == []
    session.shot("group-stats")

    page.goto(reverse("stats:global"))
    assert "Spring campaign" not in page.content()
    assert member.group.name not in page.content()
    ranking = page.locator("table.ranking tbody tr")
    assert ranking.first.locator("th").inner_text() == "Mission 3"  # failed once, never won
    session.shot("global-stats")


def test_recompute_on_the_embedded_default_reaches_100_percent(
    browser_session, transactional_db, settings
):
    """Issue 12 point 6: with no broker (Celery eager) the recompute runs in-process after the
    response, and the page's polled progress goes to 100 % and says when it ended. Issue 26
    point 5: the new numbers then show by themselves, the page never reloaded; so do they on the
    adventure's and the global statistics pages, open in other tabs meanwhile (they showed the
    results as pending: a worker had not computed them yet)."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.STATS_DRAIN_ON_COMMIT = False  # the results wait, as for a busy worker
    member = MembershipFactory(role=Role.PLAYER, user__username="recomputer")
    adventure = AdventureFactory(group=member.group, name="Autumn campaign")
    for seed, result in enumerate(["failure", "success", "failure"]):
        record_driven(adventure, result, seed=seed)
    StatsSnapshot.objects.all().delete()  # numbers the page has not got: a recompute brings them
    session = browser_session()
    log_in(session, "recomputer")
    others = {
        "adventure": reverse("stats:adventure", args=[member.group.pk, adventure.pk]),
        "global": reverse("stats:global"),
    }
    tabs = {name: session.context.new_page() for name in others}
    for name, tab in tabs.items():
        tab.goto(others[name])
        expect(tab.locator("#stats-figures")).to_contain_text("No statistics yet.")
        expect(tab.locator("#stats-figures")).to_contain_text("Results are pending")
        tab.evaluate("window.sameDocument = true")
    page = session.page
    page.goto(reverse("stats:group", args=[member.group.pk]))
    expect(page.locator("#stats-figures")).to_contain_text("No statistics yet.")
    page.evaluate("window.sameDocument = true")  # gone if the page reloads
    page.get_by_role("button", name="Recompute everything").click()
    page.locator("#stats-job-done").wait_for()
    assert page.locator("#stats-progress-bar").get_attribute("value") == "100"
    assert "100 %" in page.locator("#stats-progress").inner_text()
    assert page.get_by_role("button", name="Recompute everything").is_visible()
    expect(page.locator("#total-attempts")).to_have_text("3")
    expect(page.locator("#stats-figures")).to_contain_text("Numbers as of")
    assert page.evaluate("window.sameDocument") is True
    session.shot("recompute-done")
    page.screenshot(path=str(session.shots / "recompute-done-viewport.png"))
    # The other pages' figures asked for newer ones while results were pending: they have them.
    expect(tabs["adventure"].locator("#total-attempts")).to_have_text("3")
    ranking = tabs["global"].locator("table.ranking tbody tr th")
    expect(ranking).to_have_text(["Mission 2", "Mission 1"])  # never won, then won once
    for name, tab in tabs.items():
        expect(tab.locator("#stats-figures")).to_contain_text("Numbers as of")
        assert tab.evaluate("window.sameDocument") is True
        tab.screenshot(path=str(session.shots / f"recompute-done-{name}.png"), full_page=True)


def test_stats_read_as_the_viewer_reads_them(browser_session, transactional_db):
    """Issue 12 point 10: breadcrumbs group › adventure › statistics, heatmap cells numbered as
    the table numbers them, "1 time", no chart text outside its picture, and times in the
    browser's time zone until the account chooses another."""
    member = MembershipFactory(role=Role.PLAYER, user__username="night-owl")
    adventure = AdventureFactory(group=member.group, name="Winter campaign")
    record_driven(adventure, "failure", seed=3, duration=30)
    services.drain_outbox()
    session = browser_session(timezone_id="America/Sao_Paulo")
    log_in(session, "night-owl")
    page = session.page
    url = reverse("stats:adventure", args=[member.group.pk, adventure.pk])
    page.goto(url)
    page.reload()  # the first page set the browser's time zone cookie
    crumbs = page.get_by_role("navigation", name="Breadcrumbs").inner_text()
    assert [c.strip() for c in crumbs.split("›")] == [
        member.group.name,
        "Winter campaign",
        "Statistics",
    ]
    assert page.evaluate(CUT_OFF) == []
    snapshot = StatsSnapshot.objects.get(scope="adventure", scope_id=adventure.pk)
    local = snapshot.computed_at.astimezone(ZoneInfo("America/Sao_Paulo"))
    freshness = page.locator(".stats-freshness").inner_text()
    assert f"Numbers as of {date_format(local, 'DATETIME_FORMAT')}." in freshness, freshness
    assert f", {local:%-I:%M %p}." in freshness, freshness  # the time in São Paulo
    session.shot("adventure-stats-sao-paulo")
    page.screenshot(path=str(session.shots / "adventure-stats-top.png"))

    heat = page.locator("figure.chart", has=page.get_by_text("Board cells covered, all missions"))
    summary = heat.first.locator(".chart-summary").inner_text()
    cells = independent_numbers(adventure.pk)["cells"]
    hottest = max(range(144), key=lambda i: cells[i])
    row, col = divmod(hottest, 12)
    times = "time" if cells[hottest] == 1 else "times"
    assert f"most often row {row}, column {col} ({cells[hottest]} {times})" in summary
    header = table_of(page, "Board cells covered, all missions")
    assert [r[0] for r in header] == [str(n) for n in range(12)]
    heat.first.screenshot(path=str(session.shots / "heatmap.png"))

    page.goto(reverse("stats:group", args=[member.group.pk]))
    crumbs = page.get_by_role("navigation", name="Breadcrumbs").inner_text()
    assert [c.strip() for c in crumbs.split("›")] == [member.group.name, "Statistics"]
    assert page.evaluate(CUT_OFF) == []
    session.shot("group-stats-sao-paulo")

    page.get_by_role("link", name="night-owl").click()
    assert "America/Sao_Paulo" in page.get_by_label("Time zone").inner_text()
    page.get_by_label("Time zone").select_option("Asia/Tokyo")
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Time zone saved.").wait_for()
    session.shot("account-time-zone")
    page.goto(url)
    tokyo = snapshot.computed_at.astimezone(ZoneInfo("Asia/Tokyo"))
    freshness = page.locator(".stats-freshness").inner_text()
    assert f"Numbers as of {date_format(tokyo, 'DATETIME_FORMAT')}." in freshness, freshness


def test_with_a_broker_and_no_worker_the_page_says_so_and_offers_a_retry(
    browser_session, transactional_db, settings, redis_url
):
    """Issue 12 point 6: a real Redis broker that no worker listens to: the recompute waits, the
    page says no worker runs and offers to try again, and trying again says so again."""
    settings.REDIS_URL = redis_url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    member = MembershipFactory(role=Role.PLAYER, user__username="no-worker")
    record_driven(AdventureFactory(group=member.group), "success", seed=1)
    session = browser_session()
    log_in(session, "no-worker")
    page = session.page
    page.goto(reverse("stats:group", args=[member.group.pk]))
    page.get_by_role("button", name="Recompute everything").click()
    expect(page.locator("#stats-no-worker")).to_be_visible(timeout=15_000)
    session.shot("no-worker")
    page.get_by_role("button", name="Try again").click()
    expect(page.locator("#stats-no-worker")).to_be_visible()
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
    assert RecomputeJob.objects.get().state == JobState.PENDING
    # The page polls the job's progress every second: closed before the settings are put back
    # (an eager Celery again), so no request of it runs a recompute while the database is
    # emptied for the next test (a deadlock with the flush).
    page.close()
