"""Tracking a Solsticio game at the table, in Chromium at phone width: deal, play every turn by
tapping what the page offers (choices included) to the final scores, in Catalan; screenshots along
the way."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame
from games.rules.solsticio import from_json, new_game, outcome
from games.solsticio import forms as solsticio_forms
from groups.models import Group, Membership, Role
from tests.browser.table_driver import log_in
from tests.factories import PASSWORD, MembershipFactory, UserFactory
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
from tests.support.solsticio import ids_shown, saved_game

pytestmark = pytest.mark.browser


def take_the_device(page) -> None:
    """One device: the player due taps the hand-over screen to see their hand (none before)."""
    page.wait_for_load_state("domcontentloaded")  # the move's page may still be arriving
    if page.locator("#hand-over").count():
        page.locator("#hand-over button").click()
        page.wait_for_selector("#hand-over", state="detached")


# Every button of an area (a tile, a Spirit, a place, Pass, the hand-over, undo), measured.
SMALL_CONTROLS = """area => [...document.querySelectorAll(area + ' button')].filter((b) => {
  if (!b.checkVisibility()) return false;
  const box = b.getBoundingClientRect();
  return box.width < 44 || box.height < 44;
}).map((b) => b.innerText)"""


def no_id_in_sight(page, where: str) -> None:
    shown = ids_shown(page.locator("body").inner_text())
    assert shown == set(), f"{where}: ids shown: {sorted(shown)}"


# A new shuffle (no deal number typed) deals this one: the game the first choice offered each
# time plays shows every screen but a Keeper's block, in 25 moves.
DEAL = 376


def test_a_whole_game_by_touch_in_catalan(browser_session, transactional_db, monkeypatch):
    """Issue 26: the two players tapped from the group's people, the game dealt, then every turn
    played by taps on the drawn tiles and choices (the device handed over between turns) to the
    final scores, at 360 × 800 with touch, in Catalan. No visible text is an id of the content
    pack, every control tapped is a thumb's size, and the page never scrolls sideways."""
    marta, pau = UserFactory(username="marta"), UserFactory(username="pau")
    group = Group.objects.create(name="Solstici")
    Membership.objects.create(group=group, user=marta, role=Role.OWNER)
    Membership.objects.create(group=group, user=pau, role=Role.PLAYER)
    session = browser_session(locale="ca-ES", has_touch=True, is_mobile=True)
    page = session.page
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(reverse("login"))
    page.locator("input[name=username]").fill("marta")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/groups/$"))
    shuffle = SimpleNamespace(randrange=lambda _top: DEAL)
    monkeypatch.setattr(solsticio_forms, "random", SimpleNamespace(SystemRandom=lambda: shuffle))
    page.goto(reverse("groups:detail", args=[group.pk]))
    page.locator("#solsticio-games-link").tap()
    page.wait_for_url(re.compile(r"/solsticio/$"))
    assert page.locator("html").get_attribute("lang") == "ca"
    # The seats by taps: pau starts, then marta; a new shuffle, on this one device.
    page.locator('#solsticio-new [data-seat="pau"]').tap()
    page.locator('#solsticio-new [data-seat="marta"]').tap()
    chips = [" ".join(chip.split()) for chip in page.locator("#seat-chips li").all_inner_texts()]
    assert chips == ["pau ✕", "marta ✕"]
    assert page.locator("#id_players").input_value() == "pau\nmarta"
    assert page.evaluate(SMALL_CONTROLS, "#solsticio-new") == []
    session.shot("new-game")
    page.get_by_role("button", name="Reparteix la partida").tap()
    page.wait_for_url(re.compile(r"/solsticio/\d+/$"))
    game = SolsticioGame.objects.get(group=group)
    assert list(game.players) == ["pau", "marta"]
    deal = from_json(game.document).seed
    assert deal == DEAL
    assert page.locator("#prompt").inner_text() == "pau juga una fitxa."

    seen: set[str] = set()
    for _ in range(200):
        page.wait_for_load_state("domcontentloaded")  # the move's page may still be arriving
        if page.locator(".sol-scores").count():
            break
        version = from_json(SolsticioGame.objects.get(pk=game.pk).document).version
        where = f"deal {deal}, move {version}"
        no_id_in_sight(page, where)
        hand_over = page.locator("#hand-over").count() > 0
        action = page.locator("#hand-over button" if hand_over else "button.sol-action").first
        kind = "hand-over" if hand_over else action.get_attribute("data-action") or ""
        if kind not in seen:  # each screen once: its targets and its width, as shown
            seen.add(kind)
            assert page.evaluate(SMALL_CONTROLS, "#table") == [], where
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
            session.shot(f"choice-{kind}")
        if kind == "rainbow":  # drawn on the panorama, on the first screen with the prompt
            box = action.bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= 800, where
        action.tap()
        if hand_over:
            page.wait_for_selector("#hand-over", state="detached")
        else:
            page.wait_for_selector(f'#table[data-version="{version + 1}"]', state="attached")

    game.refresh_from_db()
    assert game.over, f"deal {deal}"
    final = outcome(from_json(game.document)).scores
    assert final is not None
    scores = page.locator(".sol-scores li").all_inner_texts()
    assert scores == [f"{name} {score}★" for name, score in final.items()]
    assert page.locator("#prompt").inner_text().startswith("La partida ha acabat")
    assert page.locator("#logged-play").inner_text() == "Al registre de partides"
    no_id_in_sight(page, f"deal {deal}, the end")
    assert seen == {"hand-over", "play", "capture", "spirit", "rainbow", "cover", "pass"}
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
