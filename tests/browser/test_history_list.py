"""The history list on a phone (360 px): a card per attempt, no sideways scrolling, pages, and a
"from" date after "to" refused next to the field."""

import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.factories import AdventureFactory, UserFactory, log_attempt

pytestmark = pytest.mark.browser


def test_the_history_list_reads_on_a_phone(browser_session):
    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    adventure = AdventureFactory(group=group)
    players = ["Annabelle-Marguerite", "Bartholomew", "Cy", "Dorothea"]
    for day in range(1, 31):
        result = "failure" if day % 3 == 0 else "success"
        log_attempt(
            adventure, result=result, players=players, played_on=datetime.date(2025, 1, day)
        )
    phone = browser_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(reverse("campaign:history", args=[group.pk, adventure.pk]))
    cards = page.locator("table.cards tbody tr")
    expect(cards).to_have_count(25)
    first = cards.first
    expect(first).to_contain_text("attempt 30 of the adventure")
    expect(first).to_contain_text("Annabelle-Marguerite, Bartholomew, Cy, Dorothea")
    expect(first).to_contain_text("Jan. 30, 2025")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.shot("history-cards")
    first.screenshot(path=phone.shots / "history-first-card.png")

    page.get_by_role("link", name="Next").click()
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
    expect(cards).to_have_count(5)

    page.get_by_label("From").fill("2025-01-20")
    page.get_by_label("To").fill("2025-01-10")
    page.get_by_role("button", name="Filter").click()
    error = page.locator("#id_date_from_errors")
    expect(error).to_have_text("“From” must be on or before “to”.")
    expect(page.get_by_text("Fix the filters above to see the attempts.")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.shot("history-dates-reversed")

    page.get_by_label("To").fill("2025-01-25")
    page.get_by_role("button", name="Filter").click()
    expect(error).to_have_text("")
    expect(cards).to_have_count(6)
    phone.shot("history-filtered")
