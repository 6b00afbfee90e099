"""The date fields of the correction and the quick log in Chromium at phone width, in Portuguese
and Catalan: filled (the attempt's date, today for a new one), previewed and saved. A browser's
date input takes only ``yyyy-mm-dd``; the form once gave it "02/12/2026", the input stayed empty
and the preview said "Data — Este campo é obrigatório". Screenshots go to
test-output/screenshots/."""

import datetime
import re
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from campaign.models import Adventure, MissionAttempt
from groups.models import Group, Membership, Role
from tests.factories import PASSWORD, AdventureFactory, UserFactory, log_attempt

pytestmark = pytest.mark.browser
PLAYED_ON = datetime.date(2026, 12, 2)
CORRECTED = datetime.date(2026, 11, 30)
# The browser's language and time zone, and how the attempt page then writes the corrected date.
READERS = {
    "pt-br": ("pt-BR", "America/Sao_Paulo", "30 de nov. de 2026"),
    "ca": ("ca-ES", "Europe/Madrid", "30 de nov. de 2026"),
}


@pytest.fixture
def adventure(transactional_db):
    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    adventure = AdventureFactory(group=group, by=ana)
    log_attempt(adventure, by=ana, played_on=PLAYED_ON)
    return Adventure.objects.get(pk=adventure.pk)


def words(language, message):
    with translation.override(language):
        return translation.gettext(message)


def log_in(page):
    """By the fields' names: the log-in page speaks the browser's language."""
    page.goto(reverse("login"))
    page.locator("#id_username").fill("ana")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(re.compile(r"/groups/$"))


@pytest.mark.parametrize("language", sorted(READERS))
def test_a_correction_and_a_quick_log_keep_their_date(browser_session, adventure, language):
    locale, zone, corrected_text = READERS[language]
    session = browser_session(width=360, locale=locale, timezone_id=zone)
    page = session.page
    log_in(page)
    group, pk = adventure.group_id, adventure.pk

    # The correction opens on the attempt's date, previews with it, then saves a new one.
    page.goto(reverse("campaign:attempt-edit", args=[group, pk, 1]))
    date = page.locator("#id_played_on")
    expect(date).to_have_value(PLAYED_ON.isoformat())
    preview = page.get_by_role("button", name=words(language, "Preview what changes"))
    preview.click()
    confirm = page.get_by_role("button", name=words(language, "Confirm the correction"))
    expect(confirm).to_be_visible()
    expect(page.locator("#id_played_on_errors")).to_have_count(0)
    expect(date).to_have_value(PLAYED_ON.isoformat())
    date.fill(CORRECTED.isoformat())
    page.get_by_role("button", name=words(language, "Preview what changes")).click()
    expect(confirm).to_be_visible()
    expect(date).to_have_value(CORRECTED.isoformat())
    session.shot("correction-previewed")
    confirm.click()
    page.wait_for_url(re.compile(r"/attempts/1/$"))
    expect(page.locator("main")).to_contain_text(corrected_text)
    session.shot("corrected")
    assert MissionAttempt.objects.get(adventure=adventure, number=1).played_on == CORRECTED

    # The quick log starts on today in the reader's zone and saves it.
    today = datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date()
    page.goto(reverse("campaign:log", args=[group, pk]))
    expect(page.locator("#id_played_on")).to_have_value(today.isoformat())
    page.get_by_label(words(language, "Success"), exact=True).check()
    page.get_by_label(words(language, "Players")).fill("Ana\nBen")
    session.shot("quick-log-filled")
    page.get_by_role("button", name=words(language, "Log the attempt")).click()
    page.wait_for_url(re.compile(r"/attempts/2/$"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    session.shot("quick-logged")
    assert MissionAttempt.objects.get(adventure=adventure, number=2).played_on == today
