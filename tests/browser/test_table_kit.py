"""One way of playing at the table, whatever the game (``web.seats``): the same scenarios on the
campaign table, Bonfire and Solsticio, on two phones (360 × 800) and a viewer's phone.

Ana's phone and Bea's phone each say who holds them; a tap for Ana from Bea's phone on Ana's turn
(a crafted post: its controls are disabled) is refused and nothing is recorded, and a reload of
the page re-posts nothing; Ana's move is seen on Bea's phone; the last change is announced there
(Ana's undo, in every game); the end (Ana abandons the game, confirmed) turns every phone
read-only; the viewer's phone never has an enabled control. Screenshots of each scenario:
test-output/screenshots/test_the_table_kit[<game>]/.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import AttemptMove, MissionAttempt
from campaign.table import services as table
from games.bonfire import services as bonfire
from games.content.bonfire import default_content
from games.models import BonfirePlay, BonfireSeat, SolsticioGame
from games.rules.solsticio import from_json, legal_moves
from games.solsticio import services as solsticio
from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.campaign.table_helpers import next_move
from tests.factories import AdventureFactory, UserFactory

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 800}


def phone(table_session: Any, name: str) -> Any:
    session = table_session(name=name, width=PHONE["width"])
    session.page.set_viewport_size(PHONE)
    return session


SEEN_MS = 6000

# Submits a form built from ``data`` to ``url`` as a crafted page would (the CSRF token the page
# carries included): a real navigation, so the answer's redirect is followed like a tap's.
CRAFTED_POST = """([url, data]) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = url;
    data.csrfmiddlewaretoken = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken'];
    for (const [name, value] of Object.entries(data)) {
        const field = document.createElement('input');
        field.type = 'hidden';
        field.name = name;
        field.value = value;
        form.appendChild(field);
    }
    document.body.appendChild(form);
    form.submit();
}"""

# The enabled controls inside an element, as "tag name/value" (hidden inputs are not controls).
ENABLED = """element => Array.from(element.querySelectorAll('button, input, select, textarea'))
    .filter(c => c.type !== 'hidden' && !c.matches(':disabled'))
    .map(c => c.tagName + ' ' + (c.id || c.name || c.textContent.trim()))"""


def region_fetches(session: Any) -> list[str]:
    """The URLs the page fetches a region from from now on (htmx's GETs)."""
    fetched: list[str] = []

    def on(request: Any) -> None:
        if request.method == "GET" and request.headers.get("hx-request"):
            fetched.append(request.url)

    session.page.on("request", on)
    return fetched


def crafted_post(session: Any, url: str, data: dict[str, Any]) -> None:
    with session.page.expect_navigation():
        session.page.evaluate(CRAFTED_POST, [url, {k: str(v) for k, v in data.items()}])


def enabled(session: Any, selector: str) -> list[str]:
    return session.page.locator(selector).evaluate(ENABLED)


def crew() -> tuple[Group, Any, Any, Any]:
    group = Group.objects.create(name="Thursday crew")
    ana, bea, cy = (UserFactory(username=name) for name in ("ana", "bea", "cy"))
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    Membership.objects.create(group=group, user=bea, role=Role.PLAYER)
    Membership.objects.create(group=group, user=cy, role=Role.VIEWER)
    return group, ana, bea, cy


class Campaign:
    """The campaign table: mission 1 for Ana, Bea and Cal (Ana leads); its region pushed to every
    phone in the event itself (``web.live.Regions``), which fetches nothing."""

    region = "#table"
    carried = True

    def arrange(self) -> None:
        group, ana, _, _ = crew()
        adventure = AdventureFactory(group=group, by=ana)
        self.attempt = table.begin_mission(
            adventure=adventure, by=ana, players=["Ana", "Bea", "Cal"], first_player="Ana"
        )
        self.url = reverse("table:table", args=[group.pk, adventure.pk, self.attempt.number])

    def recorded(self) -> int:
        return AttemptMove.objects.filter(attempt=self.attempt, undone_at__isnull=True).count()

    def open(self, session: Any, seat: str | None) -> None:
        session.page.goto(self.url)
        if seat:
            driver.sit(session, seat)
            expect(session.page.locator("#seat-bound")).to_contain_text(f"I am {seat}")

    def crafted(self, session: Any) -> None:
        state = table.state_of(MissionAttempt.objects.get(pk=self.attempt.pk))
        card = next_move(state)["play"]
        data = {"kind": "play", "card": card, "version": 0, "playing_as": "Ana"}
        crafted_post(session, self.url + "move/", data)
        expect(session.page.locator("#refusal")).to_have_text(
            "This device plays for Bea: it cannot move for Ana."
        )

    def move(self, session: Any) -> None:
        driver.step(session, self.attempt.pk)

    def seen(self, session: Any) -> None:
        session.page.wait_for_selector('#table[data-version="1"]', timeout=SEEN_MS)

    def announce(self, mover: Any, other: Any) -> None:
        mover.page.get_by_role("button", name="Undo last move").click()
        expect(other.page.locator("#announcement")).to_contain_text(
            "Ana undid Ana's", timeout=SEEN_MS
        )

    def end(self, mover: Any, others: list[Any]) -> None:
        page = mover.page
        page.locator("#abandon summary").click()
        page.locator("#abandon-button").click()
        for session in (mover, *others):
            expect(session.page.locator("#table")).to_contain_text(
                "Mission abandoned", timeout=SEEN_MS
            )
            expect(session.page.locator("#announcement")).to_have_text("Ana abandoned the mission.")


class Bonfire:
    """Bonfire: Ana's and Bea's pages, each phone on its player's."""

    region = "#helper"
    carried = False

    def arrange(self) -> None:
        group, ana, _, _ = crew()
        self.game = bonfire.start_play(
            group=group, by=ana, name="Friday", players=["Ana", "Bea"], content=default_content()
        )
        self.url = reverse("bonfire:play", args=[group.pk, self.game.pk])

    def seat_url(self, name: str) -> str:
        seat = BonfireSeat.objects.get(play=self.game, name=name)
        return reverse("bonfire:seat", args=[self.game.group_id, self.game.pk, seat.pk])

    def recorded(self) -> int:
        return BonfirePlay.objects.get(pk=self.game.pk).version

    def open(self, session: Any, seat: str | None) -> None:
        session.page.goto(self.url)
        if seat:
            session.page.get_by_role("button", name=f"I am {seat}", exact=True).click()
            session.page.wait_for_url(f"**{self.seat_url(seat)}")
        else:
            session.page.goto(self.seat_url("Ana"))

    def crafted(self, session: Any) -> None:
        crafted_post(session, self.seat_url("Bea") + "move/", {"version": 0, "kind": "end_turn"})
        expect(session.page.locator(".refusal")).to_contain_text("It is Ana’s turn.")

    def move(self, session: Any) -> None:
        session.page.get_by_role("button", name="End my turn").click()
        expect(session.page.get_by_text("It is Bea's turn.")).to_be_visible()

    def seen(self, session: Any) -> None:
        expect(session.page.locator("#seat-bar")).not_to_contain_text("Waiting for Ana")

    def announce(self, mover: Any, other: Any) -> None:
        expect(other.page.locator("#announcement")).to_have_text("Ana: End the turn.")
        mover.page.get_by_role("button", name="Undo last move").click()
        expect(other.page.locator("#announcement")).to_have_text(
            "Ana undid Ana's move “End the turn”.", timeout=SEEN_MS
        )
        expect(other.page.locator("#seat-waiting")).to_have_text("Waiting for Ana")

    def end(self, mover: Any, others: list[Any]) -> None:
        abandon(mover, others, "This game was abandoned: its boards no longer change.")


class Solsticio:
    """Solsticio on two devices: Ana's phone is Ana's seat, Bea's phone Bea's (the game says so)."""

    region = "#table"
    carried = False

    def arrange(self) -> None:
        group, ana, bea, _ = crew()
        self.users = {"Ana": ana, "Bea": bea}
        self.game = solsticio.start_solsticio_game(
            group=group, players=("Ana", "Bea"), seed=11, by=ana, opponent=bea
        )
        self.url = self.game.get_absolute_url()

    def recorded(self) -> int:
        return SolsticioGame.objects.get(pk=self.game.pk).version

    def open(self, session: Any, seat: str | None) -> None:
        session.page.goto(self.url)
        if seat:
            expect(session.page.locator("#seat-bound")).to_have_text(f"I am {seat}")

    def crafted(self, session: Any) -> None:
        state = from_json(SolsticioGame.objects.get(pk=self.game.pk).document)
        move = legal_moves(state)[0]
        data = {"seat": "Ana", "action": "play", "value": move["play"], "version": 0}
        crafted_post(session, self.url + "move/", data)
        expect(session.page.locator("#move-error")).to_have_text(
            "This device plays for Bea: it cannot move for Ana."
        )

    def move(self, session: Any) -> None:
        session.page.locator("#turn .sol-action").first.click()
        session.page.wait_for_selector('#table[data-version="1"]')

    def seen(self, session: Any) -> None:
        session.page.wait_for_selector('#table[data-version="1"]', timeout=SEEN_MS)

    def announce(self, mover: Any, other: Any) -> None:
        mover.page.get_by_role("button", name="Undo last move").click()
        other.page.wait_for_selector('#table[data-version="0"]', timeout=SEEN_MS)
        expect(other.page.locator("#announcement")).to_have_text("Ana undid Ana's last move.")

    def end(self, mover: Any, others: list[Any]) -> None:
        abandon(mover, others, "This game was abandoned: nothing on its table changes any more.")


def abandon(mover: Any, others: list[Any], said: str) -> None:
    """Ana abandons the game from her phone, after confirming; every phone says so (pushed)."""
    mover.page.locator("#abandon summary").click()
    mover.page.locator("#abandon-button").click()
    for session in (mover, *others):
        expect(session.page.locator("#abandoned")).to_contain_text(said, timeout=SEEN_MS)
        expect(session.page.locator("#announcement")).to_have_text("Ana abandoned the game.")


GAMES = {"campaign": Campaign, "bonfire": Bonfire, "solsticio": Solsticio}


@pytest.mark.parametrize("name", list(GAMES))
def test_the_table_kit(table_session, transactional_db, name):
    game = GAMES[name]()
    game.arrange()
    ana, bea, viewer = (phone(table_session, name) for name in ("ana", "bea", "viewer"))
    for session, user in ((ana, "ana"), (bea, "bea"), (viewer, "cy")):
        driver.log_in(session, user)

    # 1. Each phone says who holds it; Bea's waits for Ana, its controls disabled.
    game.open(ana, "Ana")
    game.open(bea, "Bea")
    expect(bea.page.locator("#seat-waiting")).to_have_text("Waiting for Ana")
    ana.shot("bound")
    bea.shot("bound-waiting")

    # 2. A tap for Ana from Bea's phone (crafted: its controls are disabled) is refused, nothing
    # recorded; 6. a reload of the page after it re-posts nothing and says it no more.
    game.crafted(bea)
    bea.shot("refused")
    assert game.recorded() == 0
    refusal_page = bea.page.url
    bea.page.reload()
    assert bea.page.url == refusal_page
    assert game.recorded() == 0
    expect(bea.page.locator(".refusal, #refusal, #move-error")).to_have_count(0)

    # 3. Ana's move is seen on Bea's phone: on the campaign table the event carried the region,
    # and Bea's phone fetched nothing.
    fetched = region_fetches(bea)
    game.move(ana)
    game.seen(bea)
    bea.shot("move-seen")
    if game.carried:
        assert fetched == []
        # The region a stream carries is shared between devices and holds no session's token:
        # its plain forms post the page's ("Not Bea? Change", then Bea's seat again).
        bea.page.locator("#seat-change").click()
        bea.page.wait_for_selector("#seat-picker")
        driver.sit(bea, "Bea")
        expect(bea.page.locator("#seat-bound")).to_contain_text("I am Bea")

    # 4. The last change is announced on Bea's phone.
    game.announce(ana, bea)
    bea.shot("announced")

    # 7. The viewer's phone never has an enabled control.
    game.open(viewer, None)
    assert enabled(viewer, game.region) == []
    viewer.shot("viewer")

    # 5. The end turns every phone read-only.
    game.end(ana, [bea, viewer])
    for session in (ana, bea, viewer):
        assert enabled(session, game.region) == [], session
        session.shot("ended-read-only")
