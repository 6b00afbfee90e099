"""Tracking a Solsticio game at the table, in Chromium at phone width: deal, play every turn by
tapping what the page offers (choices included) to the final scores; screenshots along the way."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame
from games.rules.solsticio import from_json, new_game, outcome
from groups.models import Role
from tests.browser.test_groups_flow import log_in
from tests.factories import MembershipFactory
from tests.games.rules.solsticio.factories import (
    ANA,
    BRU,
    choose,
    play,
    run,
    scenario,
    up,
    with_panorama,
)
from tests.support.solsticio import saved_game

pytestmark = pytest.mark.browser


def take_the_device(page) -> None:
    """One device: the player due taps the hand-over screen to see their hand (none before)."""
    page.wait_for_load_state("domcontentloaded")  # the move's page may still be arriving
    if page.locator("#hand-over").count():
        page.locator("#hand-over button").click()
        page.wait_for_selector("#hand-over", state="detached")


def test_track_a_whole_game_on_a_phone(browser_session, transactional_db):
    member = MembershipFactory(role=Role.PLAYER, user__username="sol-fan")
    session = browser_session()
    log_in(session, "sol-fan")
    page = session.page
    page.goto(reverse("groups:detail", args=[member.group.pk]))
    page.get_by_role("link", name=re.compile("Solsticio for two: play it here")).click()
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
        take_the_device(page)
        action = page.locator("button.sol-action").first
        kind = action.get_attribute("data-action")
        if kind not in seen and kind != "play":
            seen.add(kind)
            session.shot(f"choice-{kind}")
        version = from_json(SolsticioGame.objects.get(pk=game.pk).document).version
        action.click()
        # The page after the move shows the next move number (or the scores).
        page.wait_for_function(
            "v => !document.body.innerText.includes('Move ' + v + ' ·')", arg=version
        )
    game.refresh_from_db()
    assert game.over
    state = from_json(game.document)
    scores = page.locator(".sol-scores li").all_inner_texts()
    final = outcome(state).scores
    assert final is not None
    assert scores == [f"{name} {score}★" for name, score in final.items()]
    assert page.locator("#logged-play").is_visible()  # the finished game is a play of the log
    session.shot("over")


def test_rainbows_spirits_and_the_evil_spirit_on_a_phone(browser_session, transactional_db):
    """Seed 001, p. 2, S3 and S5: both panoramas show their Rainbows (blocked or free) and Spirits;
    at the end only the opponent of the Evil Spirit's holder is offered the Spirit it covers."""
    member = MembershipFactory(role=Role.PLAYER, user__username="sol-end")
    state = new_game(
        scenario(
            ana=["sun1", "moon1"],
            bru=["leaf1"],
            display=[up("sun2"), up("leaf2"), up("moon2", down=["snow1"])],
            spirits=["evil", "sprite", "oak", "prism", "herald", "keeper"],
            marked=["sun2", "leaf2", "moon2"],
            extra=["sun3", "sun4", "moon3", "snow2"],
        )
    )
    state = with_panorama(
        state, 1, tiles=["sun3"], rainbows=[((0, 3), None), ((1, 2), "keeper")], spirits=["keeper"]
    )
    state = run(state, play(ANA, "sun1"), choose(ANA, "spirit", "evil"))
    state = run(state, play(BRU, "leaf1"), choose(BRU, "spirit", "oak"))
    state = run(state, play(ANA, "moon1"), choose(ANA, "spirit", "herald"))
    game = saved_game(member.group, member.user, state)
    session = browser_session()
    log_in(session, "sol-end")
    page = session.page
    page.goto(game.get_absolute_url())
    assert page.locator("#prompt").inner_text() == "Bru cannot capture and passes (S6)."
    assert page.locator("#panorama-1 .sol-evil").inner_text() == "Evil Spirit"
    assert page.locator("#panorama-2 td.sol-rainbow").count() == 2
    assert page.locator("#panorama-2 td.sol-rainbow.blocked").count() == 1
    assert page.locator("#hand-over").inner_text().startswith("Pass the device to Bru.")
    session.shot("hand-over")
    take_the_device(page)
    session.shot("evil-spirit-and-rainbows")
    page.get_by_role("button", name="Pass").click()
    take_the_device(page)
    page.get_by_role("button", name="Pass").click()
    take_the_device(page)
    assert page.locator("#prompt").inner_text() == (
        "Bru chooses which of the other player's Spirits the Evil Spirit covers (S5)."
    )
    offered = page.locator("button.sol-action").evaluate_all(
        "buttons => buttons.map(b => b.dataset.value)"
    )
    assert offered == ["sprite", "herald"]
    session.shot("cover-choice")
    page.locator("button.sol-action[data-value='sprite']").click()
    expect(page.locator("#prompt")).to_have_text(re.compile(r"^The game is over"))
    assert page.locator("#panorama-1 .sol-spirit.covered").inner_text().startswith("Sprite")
    assert page.locator("#panorama-1 .sol-evil").inner_text() == "Evil Spirit → Sprite"
    session.shot("covered")


def test_the_spirit_choice_keeps_each_pill_whole_on_a_phone(browser_session, transactional_db):
    """Seed 001, p. 2, S3: capturing a marked tile offers the Spirits to choose from, each with its
    name, stars and text; at 360 px every pill stays on one line, whole, inside its button."""
    member = MembershipFactory(role=Role.PLAYER, user__username="sol-pick")
    dealt = scenario(
        ana=["sun1", "moon1"],
        bru=["leaf1"],
        display=[up("sun2"), up("leaf2"), up("moon2", down=["snow1"])],
        marked=["sun2", "leaf2", "moon2"],
        extra=["sun3", "sun4", "moon3", "snow2"],
    )
    # The sample pack's Spirits, with their texts (the longest ones drawn first).
    dealt["content"]["spirits"] = solsticio_pack().scenario_content()["spirits"]
    dealt["deal"]["spirits"] = ["lantern-keeper", "prism-watcher", "hearth-sprite", "old-oak"]
    state = run(new_game(dealt), play(ANA, "sun1"))
    game = saved_game(member.group, member.user, state)
    session = browser_session()
    log_in(session, "sol-pick")
    page = session.page
    page.goto(game.get_absolute_url())
    take_the_device(page)
    buttons = page.locator("button.sol-action[data-action=spirit]")
    assert buttons.count() >= 2
    pills = page.locator("button.sol-action[data-action=spirit] .sol-spirit").evaluate_all(
        """pills => pills.map(p => {
            const box = p.getBoundingClientRect();
            const button = p.closest('button').getBoundingClientRect();
            const line = parseFloat(getComputedStyle(p).lineHeight) || 20;
            return {one_line: box.height < 2 * line, whole: p.scrollWidth <= p.clientWidth + 1,
                    inside: box.left >= button.left && box.right <= button.right + 0.5};
        })"""
    )
    assert pills
    assert all(p == {"one_line": True, "whole": True, "inside": True} for p in pills)
    # The button is a plain button around the pill, not a second pill squeezing its text.
    corners = buttons.evaluate_all(
        """buttons => buttons.map(b => parseFloat(getComputedStyle(b).borderTopLeftRadius)
                                     < b.getBoundingClientRect().height / 4)"""
    )
    assert corners
    assert all(corners)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    session.shot("spirit-choice")
