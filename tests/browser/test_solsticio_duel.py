"""Solsticio between two phones in Chromium (360 px): Ana deals and invites Bru, then each plays
their turns on their own device through the page, to the final scores. Every move appears on the
other phone without a reload (pushed by the live stream), and the HTML each phone ever receives
never holds a tile of the other player's hand at that moment. The finished game is one play of the
group's play log with both scores."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.models import Play, SolsticioGame
from games.rules.solsticio import from_json, outcome
from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.factories import UserFactory

pytestmark = pytest.mark.browser
# Another phone shows a move without any reload: pushed, then fetched (well under a poll's 2 s).
SEEN_MS = 4000


class Received:
    """Every page and region a phone receives from the game's URLs (the stream aside)."""

    def __init__(self, session: Any) -> None:
        self.bodies: list[str] = []
        session.context.route(re.compile(r"/solsticio/\d+/"), self.record)

    def record(self, route: Any) -> None:
        if route.request.url.endswith("/events/"):
            route.continue_()
            return
        response = route.fetch(max_redirects=0)
        self.bodies.append(response.text())
        route.fulfill(response=response)

    def take(self) -> list[str]:
        taken, self.bodies = self.bodies, []
        return taken


def tiles_in(html: str, tiles: tuple[str, ...]) -> set[str]:
    return {t for t in tiles if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", html)}


def test_two_phones_play_a_whole_seeded_game(table_session: Any) -> None:
    """On uvicorn (``table_session``): the event stream is an async view."""
    ana = UserFactory(username="ana")
    bru = UserFactory(username="bru")
    group = Group.objects.create(name="Solstice pair")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    Membership.objects.create(group=group, user=bru, role=Role.PLAYER)

    phone_a = table_session(width=360, name="ana")
    phone_b = table_session(width=360, name="bru")
    driver.log_in(phone_a, "ana")
    driver.log_in(phone_b, "bru")
    received = {"Ana": Received(phone_a), "Bru": Received(phone_b)}
    page_a, page_b = phone_a.page, phone_b.page
    page_a.goto(reverse("solsticio:list", args=[group.pk]))
    page_a.get_by_label("Or type their names").fill("Ana\nBru")
    page_a.get_by_label("Deal number").fill("4")
    page_a.get_by_label("Invite a friend").select_option(label="bru")
    phone_a.shot("deal")
    page_a.get_by_role("button", name="Deal the game").click()
    page_a.wait_for_url(re.compile(r"/solsticio/\d+/$"))
    game = SolsticioGame.objects.get(group=group)
    page_b.goto(game.get_absolute_url())
    assert page_a.locator("#whose-turn").inner_text() == "Your turn, Ana"
    assert page_b.locator("#seat-waiting").inner_text() == "Waiting for Ana"
    assert page_b.get_by_text("Waiting for Ana").count() == 1
    assert page_a.evaluate("document.documentElement.scrollWidth") <= 360
    phone_a.shot("dealt")
    phone_b.shot("dealt")

    pages = {"Ana": page_a, "Bru": page_b}
    phones = {"Ana": phone_a, "Bru": phone_b}
    other = {"Ana": "Bru", "Bru": "Ana"}
    seen: set[str] = set()
    for moves in range(300):
        state = from_json(SolsticioGame.objects.get(pk=game.pk).document)
        # What each phone received for this position: its own hand, never the other's.
        for index, name in enumerate(state.players):
            bodies = received[name].take()
            hidden = state.hands[1 - index]
            assert all(tiles_in(body, hidden) == set() for body in bodies), (name, hidden)
            # The check can fail: the last page or region received shows the phone's own hand
            # (a polled stamp, plain text, aside).
            screens = [body for body in bodies if 'id="table"' in body]
            if screens and state.hands[index] and not state.over:
                assert tiles_in(screens[-1], state.hands[index]) == set(state.hands[index])
        if state.over:
            break
        due = state.players[state.due]
        mover, watcher = pages[due], pages[other[due]]
        assert watcher.locator("button.sol-action").count() == 0
        watcher.evaluate("window.stillHere = true")
        action = mover.locator("button.sol-action").last
        kind = action.get_attribute("data-action")
        if kind not in seen:
            seen.add(kind)
            phones[due].shot(f"{due.lower()}-{kind}")
        action.click()
        for page in (mover, watcher):
            page.wait_for_selector(
                f'#table[data-version="{state.version + 1}"]', timeout=SEEN_MS, state="attached"
            )
        assert watcher.evaluate("window.stillHere") is True  # merged in place, never reloaded
        if moves in (3, 19):
            phones[other[due]].shot(f"after-move-{moves}")

    game.refresh_from_db()
    state = from_json(game.document)
    assert game.over
    final = outcome(state).scores
    assert final is not None
    expected = [f"{name} {score}★" for name, score in final.items()]
    for phone in (phone_a, phone_b):
        assert phone.page.locator(".sol-scores li").all_inner_texts() == expected
        phone.shot("over")
    play = Play.objects.get(group=group)
    assert play == game.play
    # "Ana" and "Bru" are the members ana and bru: the play log links their people to them.
    results = play.results.select_related("person").order_by("seat")
    assert [(r.person.user, int(r.score)) for r in results] == [
        (ana, final["Ana"]),
        (bru, final["Bru"]),
    ]
    assert {"play", "capture"} <= seen
