"""Spoilers at phone width: "Reveal for me" asks first and can be hidden again; the names of
missions beyond the furthest one reached stay hidden in the reference, the log form and the
dashboard until the member chooses to see them."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import RevealedSpoiler
from tests.browser.table_driver import log_in
from tests.factories import AdventureFactory, MembershipFactory, log_attempt

pytestmark = pytest.mark.browser


def test_reveal_asks_first_hides_again_and_mission_names_ahead_stay_hidden(
    browser_session, transactional_db
):
    member = MembershipFactory(role="player", user__username="ana")
    adventure = AdventureFactory(group=member.group, by=member.user)
    log_attempt(adventure, by=member.user)  # Mission 1 succeeds: Mission 2 is the furthest reached
    pack = adventure.content_pack.pack()
    reached, ahead = str(pack.mission(2).name), str(pack.mission(3).name)
    args = [member.group_id, adventure.pk]
    session = browser_session(name="player")
    log_in(session, "ana")
    page = session.page

    page.goto(reverse("campaign:reference", args=args))
    envelope = page.locator("#envelopea")
    envelope.get_by_text("Reveal for me").click()
    assert envelope.get_by_text("This shows it to you only, nobody else. Sure?").is_visible()
    assert envelope.get_by_text("Gust of Wind").count() == 0
    session.shot("reveal-asks-first")
    envelope.screenshot(path=session.shots / "reveal-asks-first-close-up.png")
    envelope.get_by_role("button", name="Yes, show me").click()
    expect(page.locator("#envelopea").get_by_text("Gust of Wind")).to_be_visible()
    page.locator("#envelopea").screenshot(path=session.shots / "revealed-close-up.png")
    page.locator("#envelopea").get_by_role("button", name="Hide again").click()
    expect(page.locator("#envelopea").get_by_text("Reveal for me")).to_be_visible()
    assert page.locator("#envelopea").get_by_text("Gust of Wind").count() == 0
    assert not RevealedSpoiler.objects.filter(key="envelope:A").exists()
    session.shot("hidden-again")
    page.locator("#envelopea").screenshot(path=session.shots / "hidden-again-close-up.png")

    missions = page.locator("#missions-ref")
    assert missions.locator("#mission2").get_by_text(f"2. {reached}").is_visible()
    assert missions.locator("#mission3 strong").inner_text() == "Mission 3"
    assert ahead not in missions.inner_text()
    session.shot("mission-names-hidden")
    missions.screenshot(path=session.shots / "mission-names-hidden-close-up.png")
    page.goto(reverse("campaign:log", args=args))
    options = page.get_by_label("Mission").locator("option").all_inner_texts()
    assert options[:4] == [f"1. {pack.mission(1).name}", f"2. {reached}", "Mission 3", "Mission 4"]
    page.get_by_label("Mission").screenshot(path=session.shots / "log-form-mission-close-up.png")
    page.goto(reverse("campaign:dashboard", args=args))
    assert ahead not in page.locator("main").inner_text()

    page.goto(reverse("campaign:reference", args=args))
    choice = page.locator("#mission-names-ahead")
    choice.get_by_text("Show mission names ahead").click()
    choice.get_by_role("button", name="Yes, show me").click()
    expect(page.locator("#mission3").get_by_text(f"3. {ahead}")).to_be_visible()
    session.shot("mission-names-shown")
    page.goto(reverse("campaign:log", args=args))
    assert f"3. {ahead}" in page.get_by_label("Mission").locator("option").all_inner_texts()
    page.goto(reverse("campaign:reference", args=args))
    page.get_by_role("button", name="Hide the names of missions not reached yet").click()
    expect(page.locator("#mission3 strong")).to_have_text("Mission 3")
