"""The campaign journal on a phone and on paper: a group back after weeks away reads where it is
and what happened, night by night; a sealed envelope stays sealed for whoever has not revealed it;
printed, it drops the navigation and starts each night on a new page."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from groups.models import Membership, Role
from tests.browser.table_driver import log_in
from tests.campaign.test_journal import two_nights
from tests.factories import AdventureFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.browser


def test_the_journal_reads_on_a_phone_and_prints(browser_session, transactional_db):
    member = MembershipFactory(role=Role.OWNER, user__username="ana")
    adventure = AdventureFactory(group=member.group, by=member.user)
    two_nights(adventure, member.user)
    Membership.objects.create(
        group=member.group, user=UserFactory(username="bea"), role=Role.PLAYER
    )
    url = reverse("campaign:journal", args=[member.group_id, adventure.pk])

    phone = browser_session(width=360, name="ana")
    log_in(phone, "ana")
    page = phone.page
    page.goto(url)
    expect(page.get_by_role("heading", name="Where you are")).to_be_visible()
    assert page.locator("#last-time").inner_text().count("\n") >= 1
    assert page.locator(".chapter").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than it
    sealed = page.locator(".sealed").count()
    assert sealed >= 1
    phone.shot("journal")

    # Ana reveals the first envelope for herself: back on the journal, its contents show.
    reveal = page.locator(".journal-changes details.reveal").first
    reveal.locator("summary").click()
    reveal.get_by_role("button", name="Yes, show me").click()
    page.wait_for_url(re.compile(r"/journal/#envelope"))
    expect(page.locator(".envelope-contents").first).to_be_visible()
    phone.shot("revealed")

    # Bea has not revealed it: she reads it sealed.
    other = browser_session(width=360, name="bea")
    log_in(other, "bea")
    other.page.goto(url)
    assert other.page.locator(".envelope-contents").count() == 0
    assert other.page.locator(".sealed").count() == sealed

    # On paper: no navigation, each night on its own page.
    page.emulate_media(media="print")
    assert not page.locator(".adventure-nav").is_visible()
    assert not page.locator(".site-header").is_visible()
    pdf = page.pdf(width="148mm", height="210mm", print_background=True)
    (phone.shots / "journal.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages >= 3, pages  # "where you are", then one page (or more) per night
