"""The dashboard on a phone (360 px): an open live mission says which round it is at and leads
back to the table; the Moon Path is a compact grid whose details open on tap."""

import pytest
from django.urls import reverse

from campaign.models import MissionAttempt
from campaign.table import services as table
from tests.browser.table_driver import log_in
from tests.campaign.exchange_helpers import open_attempt_with_moves
from tests.factories import AdventureFactory, MembershipFactory, log_attempt

pytestmark = pytest.mark.browser

# Full-page height of this dashboard at 360 px before the compact Moon Path (same data).
HEIGHT_BEFORE = 4675


def test_phone_dashboard_shows_the_live_round_and_a_compact_moon_path(
    browser_session, transactional_db
):
    member = MembershipFactory(role="owner", user__username="ana")
    adventure = AdventureFactory(group=member.group, by=member.user)
    for result in ["failure", "success", "success", "success"]:
        log_attempt(adventure, result=result, by=member.user)
    open_attempt_with_moves(adventure, member.user, moves=9, undone=0)
    live = MissionAttempt.objects.get(adventure=adventure, status="open")
    state = table.state_of(live)

    session = browser_session(name="phone")
    log_in(session, "ana")
    page = session.page
    page.goto(reverse("campaign:dashboard", args=[member.group_id, adventure.pk]))
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"dashboard height at 360 px: before {HEIGHT_BEFORE} px, now {height} px")
    session.shot("dashboard")
    assert height < HEIGHT_BEFORE * 0.6

    live_line = page.locator("#live-mission")
    assert live_line.inner_text() == (
        f"In progress — round {state.round} of {state.rounds}, resume"
    )
    box = page.locator("#moon-path .moon-box").first
    box.click()
    assert page.locator("#moon-path .moon-box").first.locator(".box-details").is_visible()
    session.shot("moon-box-open")
    page.locator("#moon-path").screenshot(path=session.shots / "moon-path-close-up.png")
    # A locked Power space: the drawn padlock and the word, nothing that needs an emoji font.
    locked = page.locator(".power-space.locked").first
    assert locked.locator(".space-state").inner_text() == "locked Why?"  # and the rule's link
    assert locked.locator("svg path").count() == 1
    locked.screenshot(path=session.shots / "locked-space-close-up.png")
    page.locator("#live-mission a").click()
    page.wait_for_url(
        f"**{reverse('table:table', args=[member.group_id, adventure.pk, live.number])}"
    )
