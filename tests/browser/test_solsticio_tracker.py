"""Tracking a Solsticio game at the table, in Chromium at phone width: deal, play every turn by
tapping what the page offers (choices included) to the final scores; screenshots along the way."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import SolsticioGame
from games.rules.solsticio import from_dict, outcome
from groups.models import Role
from tests.browser.test_groups_flow import log_in
from tests.factories import MembershipFactory

pytestmark = pytest.mark.browser


def test_track_a_whole_game_on_a_phone(browser_session, transactional_db):
    member = MembershipFactory(role=Role.PLAYER, user__username="sol-fan")
    session = browser_session()
    log_in(session, "sol-fan")
    page = session.page
    page.goto(reverse("groups:detail", args=[member.group.pk]))
    page.get_by_role("link", name=re.compile("track a game at the table")).click()
    page.get_by_label("First player").fill("Ana")
    page.get_by_label("Second player").fill("Bru")
    page.get_by_label("Deal number").fill("3")
    session.shot("new-game")
    page.get_by_role("button", name="Deal the game").click()
    page.wait_for_url(re.compile(r"/solsticio/\d+/$"))
    game = SolsticioGame.objects.get(group=member.group)
    assert page.locator("#prompt").inner_text() == "Ana plays a tile."
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    session.shot("dealt")

    seen: set[str] = set()
    for _ in range(200):
        if page.locator(".sol-scores").count():
            break
        action = page.locator("button.sol-action").first
        kind = action.get_attribute("data-action")
        if kind not in seen and kind != "play":
            seen.add(kind)
            session.shot(f"choice-{kind}")
        version = from_dict(SolsticioGame.objects.get(pk=game.pk).document).version
        action.click()
        # The page after the move shows the next move number (or the scores).
        page.wait_for_function(
            "v => !document.body.innerText.includes('Move ' + v + ' ·')", arg=version
        )
    game.refresh_from_db()
    assert game.over
    state = from_dict(game.document)
    scores = page.locator(".sol-scores li").all_inner_texts()
    final = outcome(state).scores
    assert final is not None
    assert scores == [f"{name} {score}★" for name, score in final.items()]
    session.shot("over")
