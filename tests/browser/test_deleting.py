"""An owner deletes an adventure on a phone, finds it in Recently deleted and restores it, in
Chromium at 360 px; the pages fit the phone and pass axe-core (no serious or critical)."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import Adventure
from groups.models import DeletedItem, Role
from tests.browser.table_driver import log_in
from tests.browser.test_every_page import AXE_RUN, AXE_SCRIPT, SERIOUS
from tests.factories import AdventureFactory, MembershipFactory, log_attempt

pytestmark = pytest.mark.browser


def serious_violations(page):
    return [v["id"] for v in page.evaluate(AXE_RUN, {}) if v["impact"] in SERIOUS]


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth") <= 360


def test_delete_an_adventure_find_it_in_recently_deleted_and_restore_it(
    browser_session, transactional_db
):
    member = MembershipFactory(role=Role.OWNER, user__username="ana")
    adventure = AdventureFactory(group=member.group, name="Moonrise", by=member.user)
    log_attempt(adventure, by=member.user)
    log_attempt(adventure, result="failure", by=member.user)
    phone = browser_session(width=360, name="ana")
    phone.context.add_init_script(path=AXE_SCRIPT)
    log_in(phone, "ana")
    page = phone.page

    page.goto(member.group.get_absolute_url())
    page.get_by_role("link", name="Delete “Moonrise”…").click()
    expect(page.get_by_role("heading", name="Delete “Moonrise”?")).to_be_visible()
    expect(page.locator("#what-goes")).to_contain_text("its 2 attempts")
    expect(page.locator("#how-long")).to_contain_text("Recently deleted for 30 days")
    assert fits_the_phone(page)
    assert serious_violations(page) == []
    phone.shot("confirm")

    page.get_by_role("button", name="Delete the adventure").click()
    page.wait_for_url(re.compile(rf"/groups/{member.group_id}/$"))
    expect(page.get_by_text("“Moonrise” deleted.")).to_be_visible()
    assert not Adventure.objects.filter(pk=adventure.pk).exists()
    phone.shot("deleted")

    page.get_by_role("link", name="Recently deleted").click()
    page.wait_for_url(reverse("groups:deleted", args=[member.group_id]))
    item = page.locator(".deleted-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Adventure: Moonrise")
    expect(item).to_contain_text("Deleted by ana on ")
    expect(item).to_contain_text("30 days left")
    assert fits_the_phone(page)
    assert serious_violations(page) == []
    phone.shot("recently-deleted")

    item.get_by_role("button", name="Restore").click()
    restored = Adventure.objects.get(group=member.group, name="Moonrise")
    page.wait_for_url(re.compile(rf"/adventures/{restored.pk}/$"))
    expect(page.get_by_text("Restored: Moonrise.")).to_be_visible()
    expect(page.get_by_role("heading", name="Moonrise", exact=True)).to_be_visible()
    assert restored.attempts.count() == 2
    assert DeletedItem.objects.get().restored_at is not None
    phone.shot("restored")

    page.goto(reverse("groups:deleted", args=[member.group_id]))
    expect(page.locator(".deleted-item")).to_have_count(0)
    expect(page.get_by_text("Nothing was deleted in the last 30 days.")).to_be_visible()
    phone.shot("empty")


def test_a_device_at_the_table_hears_that_its_adventure_was_deleted(
    table_session, transactional_db
):
    """On uvicorn (event streams): Bea's phone shows the table; Ana deletes the adventure on
    hers (the confirmation page says the table closes); Bea's page stops and says so."""
    from campaign.table import services as table
    from tests.browser import table_driver as driver

    ana = MembershipFactory(role=Role.OWNER, user__username="ana")
    MembershipFactory(group=ana.group, role=Role.PLAYER, user__username="bea")
    adventure = AdventureFactory(group=ana.group, name="Moonrise", by=ana.user)
    attempt = table.begin_mission(
        adventure=adventure, by=ana.user, players=["Ana", "Bea", "Cy"], first_player="Ana"
    )
    bea = table_session(width=360, name="bea")
    driver.log_in(bea, "bea")
    bea.page.goto(reverse("table:table", args=[ana.group_id, adventure.pk, attempt.number]))
    driver.sit(bea)
    expect(bea.page.locator("#live-gone")).to_be_hidden()
    bea.shot("at-the-table")

    owner = table_session(width=360, name="ana")
    owner.context.add_init_script(path=AXE_SCRIPT)
    driver.log_in(owner, "ana")
    owner.page.goto(reverse("campaign:delete", args=[ana.group_id, adventure.pk]))
    expect(owner.page.locator("#open-table")).to_contain_text(
        "Mission 1 is being played at the table: the table closes on every device."
    )
    assert serious_violations(owner.page) == []
    owner.shot("confirm-with-table")
    owner.page.get_by_role("button", name="Delete the adventure").click()
    owner.page.wait_for_url(re.compile(rf"/groups/{ana.group_id}/$"))

    expect(bea.page.locator("#live-gone")).to_be_visible(timeout=10_000)
    expect(bea.page.locator("#live-gone")).to_contain_text("its adventure was deleted")
    bea.shot("table-gone")
