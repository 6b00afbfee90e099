"""The play log in Chromium at phone width: import a BG Stats export (preview, match a player,
import), browse the history, open a player's statistics, export. Screenshots of each step go to
test-output/screenshots/."""

import datetime
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from games import playlog
from games.models import ImportState, Person, Play, PlayImport
from groups.models import Role
from tests.browser.steps import charts_fit_a_phone
from tests.browser.table_driver import log_in
from tests.factories import MembershipFactory
from tests.games.playlog_helpers import FIXTURE

pytestmark = pytest.mark.browser


def shot(session, name):
    """A screenshot, after checking that nothing makes the page wider than the phone."""
    width = session.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name}: the page is {width} px wide"
    session.shot(name)


def test_import_browse_statistics_and_export(browser_session, transactional_db):
    member = MembershipFactory(role=Role.PLAYER, user__username="lena")
    group = member.group
    session = browser_session()
    log_in(session, "lena")
    page = session.page

    page.goto(reverse("groups:detail", args=[group.pk]))
    page.locator("#play-log").get_by_role("link", name="Play history").click()
    page.get_by_role("link", name="Import from BG Stats").click()
    page.get_by_label("BG Stats export (JSON)").set_input_files(str(FIXTURE))
    page.get_by_label("Time zone").select_option("Europe/Lisbon")
    shot(session, "import-upload")
    page.get_by_role("button", name="Preview").click()
    summary = page.locator("#import-summary")
    assert "6 plays in the file: 6 new, 0 already in the group." in summary.inner_text()
    assert page.locator(".import-games li").count() == 4
    page.get_by_label("José").select_option(label="lena (member)")
    # BG Stats' anonymous player is nobody to match: no choice, a sentence saying it stays so.
    assert page.get_by_label("Anonymous player").count() == 0
    assert "anonymous player" in page.locator(".import-anonymous").inner_text()
    shot(session, "import-preview")
    page.get_by_role("button", name="Import 6 plays").click()
    page.get_by_text("Imported 6 plays (0 already here).").wait_for()
    shot(session, "import-done")
    assert Play.objects.filter(group=group).count() == 6

    page.get_by_role("link", name="See the history").click()
    # The click starts a navigation; a bare count() could still read the page before it.
    expect(page.locator("li.play")).to_have_count(6)
    expect(page.locator(".line-name", has_text=re.compile("^Anonymous$"))).to_have_count(2)
    shot(session, "history")
    page.get_by_label("Game").select_option(label="Mistwood")
    page.wait_for_url(re.compile(r"game="))
    page.locator("#play-history").get_by_text(re.compile(r"^2 plays ·")).wait_for()
    assert page.locator("li.play").count() == 2
    assert page.get_by_text("The group won").count() == 1
    assert page.get_by_text("The group lost").count() == 1
    shot(session, "history-mistwood")

    page.get_by_role("link", name="Statistics").first.click()
    page.get_by_role("link", name="Zoë").first.click()
    zoe = Person.objects.get(group=group, name="Zoë")
    page.wait_for_url(re.compile(rf"/stats/players/{zoe.pk}/$"))
    assert page.locator("#stat-plays").inner_text() == "4"
    assert page.locator("#stat-wins").inner_text() == "2"
    assert charts_fit_a_phone(page) >= 1
    rivals = page.locator("#head-to-head tbody tr")
    assert rivals.count() == 3  # lena (José), Łukasz, Müller
    shot(session, "player-statistics")

    page.get_by_role("link", name="Log a play").first.click()
    offered = page.locator("#known-players option").evaluate_all("os => os.map(o => o.value)")
    assert set(offered) == {"lena", "Müller", "Zoë", "Łukasz"}  # not the anonymous player
    page.get_by_label("Game", exact=True).select_option(label="Harbour Lights")
    page.get_by_label("Duration (minutes)").fill("50")
    page.locator("#id_line-0-score").fill("20+13")
    page.locator("#id_line-0-winner").check()
    page.locator("#id_line-1-name").fill("Zoë")
    page.locator("#id_line-1-score").fill("27")
    shot(session, "log-a-play")
    page.get_by_role("button", name="Log the play").click()
    page.get_by_text("Play logged.").wait_for()
    assert page.locator("tbody tr").first.inner_text().split("\t")[:2] == ["lena", "33 (20+13)"]
    shot(session, "logged-play")

    page.get_by_role("link", name="Export for BG Stats").click()
    page.get_by_label("Time zone").select_option("Europe/Lisbon")
    shot(session, "export")
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download the file").click()
    document = json.loads(Path(download_info.value.path()).read_text(encoding="utf-8"))
    assert len(document["plays"]) == 7
    assert {p["uuid"] for p in json.loads(FIXTURE.read_text(encoding="utf-8"))["plays"]} < {
        p["uuid"] for p in document["plays"]
    }
    assert {p["name"] for p in document["players"]} == {
        "lena", "Zoë", "Łukasz", "Anonymous player", "Müller",
    }  # fmt: skip


def test_a_stopped_import_offers_to_try_again_on_a_phone(
    browser_session, transactional_db, settings
):
    """A worker claimed the import and died: after two silent minutes the page says it stopped;
    "Try again" imports the file (once) and the page follows it to the end."""
    member = MembershipFactory(role=Role.PLAYER, user__username="rita")
    play_import, _preview = playlog.start_import(
        group=member.group, file_name="plays.json", time_zone="UTC",
        document=FIXTURE.read_text(encoding="utf-8"),
        by=member.user,
    )  # fmt: skip
    settings.CELERY_TASK_ALWAYS_EAGER = False
    playlog.confirm_import(play_import=play_import, matching=play_import.matching)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    PlayImport.objects.filter(pk=play_import.pk).update(
        state=ImportState.RUNNING, heartbeat_at=timezone.now() - datetime.timedelta(minutes=3)
    )
    session = browser_session()
    log_in(session, "rita")
    page = session.page
    page.goto(reverse("games:import-progress", args=[member.group.pk, play_import.pk]))
    assert page.locator("#import-stopped").inner_text().startswith("This import stopped")
    shot(session, "import-stopped")
    page.get_by_role("button", name="Try again").click()
    page.get_by_text("Imported 6 plays (0 already here).").wait_for()
    shot(session, "import-retried")
    assert Play.objects.filter(group=member.group).count() == 6


def test_a_phone_in_sao_paulo_reads_the_play_log_in_its_own_time(browser_session, transactional_db):
    """The browser's zone (the cookie static/js/app.js sets on the first page) is the one every
    page reads: the play history and the log form show São Paulo's time without being asked."""
    member = MembershipFactory(role=Role.PLAYER, user__username="bia")
    playlog.ensure_catalog(group=member.group)
    game = member.group.games.get(builtin="bonfire")
    session = browser_session(timezone_id="America/Sao_Paulo")
    log_in(session, "bia")
    page = session.page
    noon_utc = datetime.datetime(2025, 1, 15, 12, 0, tzinfo=datetime.UTC)
    playlog.log_play(
        group=member.group,
        data=playlog.PlayData(game=game, played_at=noon_utc,
                              lines=[playlog.LineData(name="Ana", score=None)]),
        by=member.user,
    )  # fmt: skip
    page.goto(reverse("games:history", args=[member.group.pk]))
    history = page.locator("#play-history").inner_text()
    assert "Times in America/Sao_Paulo" in history
    assert "Jan. 15, 2025, 9:00 AM" in history
    shot(session, "history-sao-paulo")
    page.get_by_role("link", name="Log a play").first.click()
    assert page.get_by_label("Time zone").input_value() == "America/Sao_Paulo"
