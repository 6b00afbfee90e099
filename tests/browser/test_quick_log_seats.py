"""The quick log's players in Chromium on a phone (360 px, touch): the form starts with the seats
of the adventure's last attempt, and every seated name is a chip that removes its seat, by a tap
or from the keyboard, named for a screen reader ("Remove Cid"); a tap never focuses a text box."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import MissionAttempt
from groups.models import Role
from tests.browser.table_driver import log_in
from tests.factories import AdventureFactory, MembershipFactory, log_attempt

pytestmark = pytest.mark.browser


def seats(page) -> list[str]:
    return [line for line in page.get_by_label("Players").input_value().split("\n") if line]


def typing_focused(page) -> bool:
    """Whether the focused element takes typing (a phone shows its keyboard for it)."""
    return page.evaluate(
        """() => document.activeElement.matches(
            "textarea, select, [contenteditable], input:not([type=button], [type=submit],"
            + " [type=checkbox], [type=radio], [type=hidden])")"""
    )


def test_every_seat_chip_removes_its_seat_by_touch_and_keyboard(browser_session, transactional_db):
    member = MembershipFactory(role=Role.PLAYER, user__username="ana")
    MembershipFactory(group=member.group, role=Role.PLAYER, user__username="dora")
    adventure = AdventureFactory(group=member.group, name="Spring campaign")
    log_attempt(adventure, by=member.user, players=["ana", "Bea", "Cid"])
    session = browser_session(width=360, has_touch=True)
    log_in(session, "ana")
    page = session.page
    page.goto(reverse("campaign:log", args=[adventure.group_id, adventure.pk]))

    # the last attempt's three seats, not the group's members (dora did not play)
    assert seats(page) == ["ana", "Bea", "Cid"]
    chips = page.locator("#seat-chips").get_by_role("button")
    expect(chips).to_have_count(3)
    for chip in chips.all():
        box = chip.bounding_box()
        assert box["width"] >= 44
        assert box["height"] >= 44
    expect(page.get_by_role("button", name="+ Cid")).to_be_hidden()  # seated: nothing to add
    session.shot("quick-log-last-seats")

    page.get_by_role("button", name="Remove Cid").tap()
    assert seats(page) == ["ana", "Bea"]
    expect(page.get_by_role("button", name="+ Cid")).to_be_visible()  # one tap to seat again
    session.shot("quick-log-cid-removed")

    page.get_by_role("button", name="Remove Bea").focus()
    page.keyboard.press("Enter")
    assert seats(page) == ["ana"]
    # the removed chip's focus moves to the chip left, so the keyboard goes on from there
    expect(page.get_by_role("button", name="Remove ana")).to_be_focused()
    page.keyboard.press("Space")
    assert seats(page) == []
    expect(page.locator("#seat-chips")).to_be_hidden()
    expect(page.get_by_role("button", name="+ ana")).to_be_focused()

    # a tap never leaves the focus in a text box: a phone would pop its keyboard up
    for name in ["ana", "dora", "Bea", "Cid"]:
        page.get_by_role("button", name=f"+ {name}").tap()
        assert not typing_focused(page), name
    # everyone is seated: the focus stays on the seat just taken, not the Players box
    expect(page.get_by_role("button", name="Remove Cid")).to_be_focused()
    for name in ["Cid", "Bea"]:
        page.get_by_role("button", name=f"Remove {name}").tap()
        assert not typing_focused(page), name
    expect(page.locator("#seat-chips").get_by_role("button")).to_have_count(2)
    session.shot("quick-log-two-seats")
    page.get_by_label("Success", exact=True).check()
    page.get_by_role("button", name="Log the attempt").click()
    expect(page.locator("#attempt-label")).to_have_text(
        "Mission 2 · try 1 · attempt 2 of the adventure"
    )
    assert MissionAttempt.objects.get(adventure=adventure, number=2).players == ["ana", "dora"]
