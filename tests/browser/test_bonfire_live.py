"""Bonfire between two phones in Chromium (360 px), as the table and Solsticio play: Ana sails on
her phone and Bea's page, open on her own, shows Ana's Ship at the island without a reload
(pushed by the live stream, then fetched and merged); the finish reaches it the same way. No
Refresh link is left to tap."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.bonfire import services
from games.content.bonfire import default_content
from games.models import BonfireSeat
from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.factories import UserFactory

pytestmark = pytest.mark.browser
# Another phone shows a move without any reload: pushed, then fetched (well under a poll's 2 s).
SEEN_MS = 4000


def test_a_move_and_the_finish_show_on_the_other_phone(table_session: Any) -> None:
    """On uvicorn (``table_session``): the event stream is an async view."""
    ana, bea = UserFactory(username="ana"), UserFactory(username="bea")
    group = Group.objects.create(name="Bonfire pair")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    Membership.objects.create(group=group, user=bea, role=Role.PLAYER)
    play = services.start_play(
        group=group, by=ana, name="Friday", players=["Ana", "Bea"], content=default_content()
    )
    seats = {s.name: s for s in BonfireSeat.objects.filter(play=play)}
    urls = {n: reverse("bonfire:seat", args=[group.pk, play.pk, s.pk]) for n, s in seats.items()}

    phone_a = table_session(width=360, name="ana")
    phone_b = table_session(width=360, name="bea")
    driver.log_in(phone_a, "ana")
    driver.log_in(phone_b, "bea")
    page_a, page_b = phone_a.page, phone_b.page
    for page, name in ((page_a, "Ana"), (page_b, "Bea")):  # each phone says whose it is
        page.goto(reverse("bonfire:play", args=[group.pk, play.pk]))
        page.get_by_role("button", name=f"I am {name}", exact=True).click()
        page.wait_for_url(f"**{urls[name]}")
    assert page_b.get_by_role("link", name="Refresh").count() == 0
    page_b.evaluate("window.stillHere = true")

    page_a.locator("#island-1").get_by_role("button", name=re.compile("^Sail here")).click()
    page_a.wait_for_selector('#table[data-version="1"]', state="attached")
    page_b.wait_for_selector('#table[data-version="1"]', timeout=SEEN_MS, state="attached")
    assert "Ship Ember Rock" in page_b.locator("#shared-board .others").inner_text()
    assert page_b.evaluate("window.stillHere") is True  # merged in place, never reloaded
    phone_b.shot("sees-ana-sail")

    page_a.goto(reverse("bonfire:play", args=[group.pk, play.pk]))
    page_a.locator("#finish summary").click()
    page_a.locator("#finish input[name='score_0']").fill("12")
    page_a.locator("#finish input[name='score_1']").fill("9")
    page_a.locator("#finish button[type='submit']").click()
    page_b.wait_for_selector("#finished", timeout=SEEN_MS)
    assert page_b.evaluate("window.stillHere") is True
    assert page_b.locator("#moves").count() == 0
    phone_b.shot("sees-the-finish")
