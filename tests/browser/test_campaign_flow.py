"""A group keeps its adventure in Chromium at phone width: log, dashboard, history, reference,
correction. Screenshots of each step go to test-output/screenshots/."""

import re

import pytest
from django.urls import reverse

from campaign.models import Adventure
from tests.browser.steps import owner_on_group_page

pytestmark = pytest.mark.browser


def log_attempt(page, result, reason=None):
    page.locator("#next").get_by_role("link", name="Log an attempt").click()
    page.get_by_label(result.capitalize(), exact=True).check()
    if reason:
        page.get_by_label("Why it failed").select_option(reason)
    page.get_by_label("Players").fill("Ana\nBea\nCid")
    page.get_by_role("button", name="Log the attempt").click()
    page.wait_for_load_state()


def test_log_attempts_browse_and_correct(browser_session, transactional_db):
    from django.core.management import call_command

    call_command("load_content", verbosity=0)
    group, session = owner_on_group_page(browser_session, "owner")
    page = session.page
    page.get_by_role("link", name="New adventure").click()
    page.get_by_label("Name").fill("Spring campaign")
    page.get_by_role("button", name="Start the adventure").click()
    page.wait_for_url(re.compile(r"/adventures/\d+/$"))
    adventure = Adventure.objects.get(name="Spring campaign")
    session.shot("new-adventure-dashboard")

    log_attempt(page, "failure", "coloured-edge")
    session.shot("after-failure")
    for _ in range(3):
        page.goto(reverse("campaign:dashboard", args=[group.pk, adventure.pk]))
        log_attempt(page, "success")
    session.shot("after-moon-phase")
    page.goto(reverse("campaign:dashboard", args=[group.pk, adventure.pk]))
    assert page.get_by_text("Mission 4").first.is_visible()
    session.shot("dashboard-four-attempts")

    page.goto(reverse("campaign:history", args=[group.pk, adventure.pk]))
    page.get_by_label("Result").select_option("failure")
    page.wait_for_url(re.compile(r"result=failure"))
    session.shot("history-filtered")
    history = page.locator("#attempt-history")
    assert history.get_by_role("link", name="attempt 1 of the adventure").is_visible()
    assert history.get_by_role("link", name="attempt 2 of the adventure").count() == 0

    page.goto(reverse("campaign:reference", args=[group.pk, adventure.pk]))
    session.shot("reference-spoiler-safe")

    page.goto(reverse("campaign:attempt-edit", args=[group.pk, adventure.pk, 1]))
    page.get_by_label("Success", exact=True).check()
    page.get_by_role("button", name="Preview what changes").click()
    page.get_by_role("button", name="Confirm the correction").wait_for()
    session.shot("correction-preview")
    page.get_by_role("button", name="Confirm the correction").click()
    page.wait_for_load_state()
    session.shot("after-correction")
    assert Adventure.objects.get(pk=adventure.pk).attempts.get(number=1).status == "success"
