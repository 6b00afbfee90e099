"""An attempt replayed on its page, on a phone (360 px): a whole 3-player mission with a
Whirlpool and a Mist token, played at the table through the services, then stepped through move
by move with the buttons and the arrow keys."""

import re

import pytest
from playwright.sync_api import expect

from campaign.models import MissionAttempt
from campaign.table import services as table
from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.campaign import table_helpers as helpers
from tests.campaign.replay_helpers import mission_moves
from tests.factories import AdventureFactory, UserFactory

pytestmark = pytest.mark.browser
THREE = ["Ana", "Ben", "Cy"]


def played_mission():
    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    adventure = AdventureFactory(group=group)
    setup = helpers.setup_with_tokens(adventure, THREE)
    attempt = table.begin_mission(
        adventure=adventure, by=ana, players=[], first_player="", setup=setup
    )
    moves = mission_moves(setup)
    for move in moves:
        attempt.refresh_from_db()
        table.submit_move(attempt=attempt, move=move, version=attempt.version, by=ana)
    attempt = MissionAttempt.objects.get(pk=attempt.pk)
    assert attempt.status == "failure"
    return attempt, len(moves)


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_replay_steps_through_a_whole_mission(browser_session):
    attempt, last = played_mission()
    phone = browser_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(attempt.get_absolute_url())
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-step", str(last))
    assert no_sideways_scroll(page)
    expect(page.locator(".trick-row")).to_have_count(7)
    expect(page.locator(f"#step-{last}")).to_contain_text("The mission failed.")
    expect(page.locator(f"#step-{last}")).to_contain_text("a Mission tile is not surrounded")
    phone.shot("end")
    replay.screenshot(path=phone.shots / "replay-panel-end.png")

    page.get_by_role("button", name="First").click()
    expect(replay).to_have_attribute("data-step", "0")
    expect(page.locator("#step-0")).to_be_visible()
    expect(page.locator("#step-0")).to_contain_text("The board as set up.")
    expect(page.locator("#replay-board-0 .cell.whirlpool")).to_have_count(1)
    expect(page.locator("#replay-board-0 .cell.mist")).to_have_count(1)
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()
    phone.shot("start")
    replay.screenshot(path=phone.shots / "replay-panel-start.png")

    seen = {"whirlpool": False, "mist": False, "discard": False}
    page.locator("body").click(position={"x": 5, "y": 5})
    for step in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        expect(replay).to_have_attribute("data-step", str(step))
        shown = page.locator(f"#step-{step}")
        expect(shown).to_be_visible()
        expect(shown).to_contain_text(f"Move {step} of {last}")
        words = shown.inner_text()
        board = page.locator(".replay-board:not([hidden])")
        expect(board).to_have_count(1)
        if "Whirlpool token on 0,0 covered and discarded." in words:
            seen["whirlpool"] = True
            expect(board.locator(".cell.whirlpool")).to_have_count(0)
            phone.shot(f"step-{step}-whirlpool-covered")
        if re.search(r"Mist token .* on 11,11 covered and discarded\.", words):
            seen["mist"] = True
            expect(board.locator(".cell.mist")).to_have_count(0)
            phone.shot(f"step-{step}-mist-covered")
        if "Whirlpool: Cy discards a card." in words:
            seen["discard"] = True
            phone.shot(f"step-{step}-whirlpool-discards")
    assert seen == {"whirlpool": True, "mist": True, "discard": True}
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    page.get_by_role("button", name="Previous").click()
    expect(replay).to_have_attribute("data-step", str(last - 1))
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("data-step", "0")
    page.get_by_role("button", name="Last").click()
    expect(replay).to_have_attribute("data-step", str(last))
    assert no_sideways_scroll(page)
