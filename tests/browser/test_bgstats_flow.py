"""BG Stats both ways on a phone whose browser is in São Paulo: import an export (its anonymous
player shows as "Anonymous" and is offered as no seat), import a play another app sent, and read
an evening's plays (21:30 there, 00:30 UTC the next day) on their own day in the play log, the
campaign's history, the downloads and the export. Screenshots go to test-output/screenshots/."""

import datetime
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import Adventure, MissionAttempt
from games import attempt_plays
from games.models import Play, PlaySource
from groups.models import Role
from tests.browser.table_driver import log_in
from tests.factories import AdventureFactory, MembershipFactory, log_attempt
from tests.games.playlog_helpers import FIXTURE

pytestmark = pytest.mark.browser

EVENING_UTC = datetime.datetime(2025, 3, 15, 0, 30, tzinfo=datetime.UTC)  # 14 March, 21:30 there
EVENING_THERE = "2025-03-14 21:30:00"
SENT_PLAY = {
    "sourceName": "Tabletop Tracker",
    "sourcePlayId": "tt-4711",
    "playDate": EVENING_THERE,
    "durationMin": 60,
    "game": {"name": "Harbour Lights", "bggId": 41001, "highestWins": True, "noPoints": False},
    "players": [
        {"name": "Zoë", "score": 41, "winner": True, "startPlayer": True},
        {"name": "bia", "score": 35, "winner": False},
    ],
    "board": "Advanced side",
}


def shot(session, name):
    """A screenshot, after checking that nothing makes the page wider than the phone."""
    width = session.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name}: the page is {width} px wide"
    session.shot(name)


def evening_attempt(group, user):
    """A campaign attempt played at the table that evening (its play follows its start)."""
    adventure = AdventureFactory(group=group, by=user)
    log_attempt(adventure, result="success", players=["bia", "Zoë"],
                played_on=datetime.date(2025, 3, 14))  # fmt: skip
    MissionAttempt.objects.filter(adventure=adventure).update(created_at=EVENING_UTC)
    adventure = Adventure.objects.get(pk=adventure.pk)
    attempt_plays.sync_attempt_plays(adventure=adventure, attempts=list(adventure.attempts.all()))
    return adventure


def downloaded(page, click):
    with page.expect_download() as download_info:
        click()
    return json.loads(Path(download_info.value.path()).read_text(encoding="utf-8"))


def test_sao_paulo_imports_reads_its_evening_on_its_day_and_exports(
    browser_session, transactional_db, tmp_path
):
    member = MembershipFactory(role=Role.PLAYER, user__username="bia")
    group = member.group
    adventure = evening_attempt(group, member.user)
    session = browser_session(timezone_id="America/Sao_Paulo")
    log_in(session, "bia")  # the first page keeps the browser's zone in its cookie
    page = session.page

    # An export: the anonymous player is shown as "Anonymous" and offered as no seat.
    page.goto(reverse("games:import", args=[group.pk]))
    assert page.get_by_label("Time zone").input_value() == "America/Sao_Paulo"
    page.get_by_label("BG Stats export (JSON)").set_input_files(str(FIXTURE))
    page.get_by_role("button", name="Preview").click()
    assert "6 plays in the file: 6 new" in page.locator("#import-summary").inner_text()
    page.get_by_role("button", name="Import 6 plays").click()
    page.get_by_text("Imported 6 plays (0 already here).").wait_for()
    page.get_by_role("link", name="See the history").click()
    expect(page.locator(".line-name", has_text=re.compile("^Anonymous$"))).to_have_count(2)
    shot(session, "history-anonymous")
    page.get_by_role("link", name="Log a play").first.click()
    offered = page.locator("#known-players option").evaluate_all("os => os.map(o => o.value)")
    assert "Zoë" in offered
    assert not [name for name in offered if "nonymous" in name]
    page.goto(reverse("campaign:log", args=[group.pk, adventure.pk]))
    seats = page.locator(".seat-adds [data-seat]").evaluate_all("bs => bs.map(b => b.dataset.seat)")
    assert "Zoë" in seats
    assert not [name for name in seats if "nonymous" in name]
    shot(session, "campaign-seats")

    # A play another app sent, typed 21:30 on that evening: the same page, the same preview.
    sent = tmp_path / "sent-play.json"
    sent.write_text(json.dumps(SENT_PLAY, ensure_ascii=False), encoding="utf-8")
    page.goto(reverse("games:import", args=[group.pk]))
    page.get_by_label("BG Stats export (JSON)").set_input_files(str(sent))
    page.get_by_role("button", name="Preview").click()
    assert "1 play in the file: 1 new" in page.locator("#import-summary").inner_text()
    shot(session, "sent-play-preview")
    page.get_by_role("button", name="Import 1 play").click()
    page.get_by_text("Imported 1 play (0 already here).").wait_for()
    assert Play.objects.get(group=group, source=PlaySource.APP).played_at == EVENING_UTC

    # The evening in the play log: both plays on 14 March at 21:30, none on the 15th.
    history_url = reverse("games:history", args=[group.pk])
    page.goto(f"{history_url}?date_from=2025-03-14&date_to=2025-03-14")
    history = page.locator("#play-history")
    assert "Times in America/Sao_Paulo" in history.inner_text()
    expect(history.locator("li.play")).to_have_count(2)
    expect(history.get_by_text("March 14, 2025, 9:30 PM")).to_have_count(2)
    shot(session, "history-evening")
    plays = downloaded(page, lambda: page.locator("#plays-download").click())
    assert [p["playDate"] for p in plays] == [EVENING_THERE, EVENING_THERE]
    page.goto(f"{history_url}?date_from=2025-03-15&date_to=2025-03-15")
    expect(page.locator("#play-history li.play")).to_have_count(0)

    # The campaign's history: the attempt on its own day.
    page.goto(reverse("campaign:history", args=[group.pk, adventure.pk]))
    expect(page.locator("time[datetime='2025-03-14']")).to_have_count(1)
    shot(session, "campaign-history")

    # The sent play's page and its download for another app.
    page.goto(Play.objects.get(group=group, source=PlaySource.APP).get_absolute_url())
    page.get_by_text("Sent by another app (Tabletop Tracker)").wait_for()
    shot(session, "sent-play")
    single = downloaded(page, lambda: page.locator("#play-download").click())
    assert (single["playDate"], single["board"]) == (EVENING_THERE, "Advanced side")

    # The export, in the reader's zone unless changed: the evening stays on its day.
    page.get_by_role("link", name="Export for BG Stats").click()
    assert page.get_by_label("Time zone").input_value() == "America/Sao_Paulo"
    shot(session, "export")
    button = page.get_by_role("button", name="Download the file")
    document = downloaded(page, button.click)
    assert len(document["plays"]) == 8
    evening = [p for p in document["plays"] if p["playDate"] == EVENING_THERE]
    assert len(evening) == 2  # the campaign's attempt and the sent play
    anonymous = [p for p in document["players"] if p.get("isAnonymous")]
    assert [p["name"] for p in anonymous] == ["Anonymous player"]
