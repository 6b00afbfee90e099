"""Bonfire by touch on a phone (360 × 800) in Portuguese: a new game set up with the form a person
fills at the table (the players tapped from the group's people, in seat order; the pack's
starting supply filled in; no JSON in sight), then a Destiny tile placed by tapping the drawn
Destiny Area, its gain previewed before it is placed. No visible text is an id of the content
pack. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.models import BonfirePlay, BonfireSeat
from groups.models import Group, Membership, Role
from tests.factories import PASSWORD, UserFactory
from tests.support.bonfire_ids import ids_shown

pytestmark = pytest.mark.browser


def no_id_in_sight(page: Any) -> None:
    shown = ids_shown(page.locator("body").inner_text())
    assert shown == set(), f"ids shown: {sorted(shown)}"


def test_a_game_set_up_and_a_destiny_tile_placed_by_touch(browser_session, transactional_db):
    ana, bea = UserFactory(username="ana"), UserFactory(username="bea")
    group = Group.objects.create(name="Quinta")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    Membership.objects.create(group=group, user=bea, role=Role.PLAYER)
    session = browser_session(name="bea", locale="pt-BR", has_touch=True)
    page = session.page
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(reverse("login"))
    page.locator("#id_username").fill("bea")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(re.compile(r"/groups/$"))

    page.goto(reverse("bonfire:games", args=[group.pk]))
    assert page.locator("html").get_attribute("lang") == "pt-br"
    # Seat order by taps: bea starts, then ana; the supply is the pack's, in words.
    page.locator('[data-seat="bea"]').tap()
    page.locator('[data-seat="ana"]').tap()
    assert page.locator("#seat-chips li").all_inner_texts() == ["bea ✕", "ana ✕"]
    assert page.locator("#id_players").input_value() == "bea\nana"
    supply = page.locator("#supply")
    assert supply.get_by_label("madeira").input_value() == "2"
    assert supply.get_by_label("amarelo").input_value() == "1"
    assert not page.locator("#id_content").is_visible()  # the JSON waits under "Advanced"
    no_id_in_sight(page)
    session.shot("new-game-form")
    page.get_by_role("button", name="Começar a partida").tap()
    page.wait_for_url(re.compile(r"/bonfire/\d+/$"))
    game = BonfirePlay.objects.get(group=group)
    assert [s.name for s in game.seats.order_by("position")] == ["bea", "ana"]

    page.get_by_role("button", name="Eu sou bea", exact=True).tap()
    page.wait_for_url(re.compile(r"/players/\d+/$"))
    grid = page.locator("#my-destiny")
    grid.scroll_into_view_if_needed()
    cells = grid.locator(".cell:not(.outside)")
    for index in range(cells.count()):  # a thumb's target
        box = cells.nth(index).bounding_box()
        assert box is not None
        assert box["width"] >= 44
        assert box["height"] >= 44
    no_id_in_sight(page)

    top = game.seats.get(name="bea").document["destiny_supply"][0]
    scroll = page.evaluate("scrollY")
    page.get_by_role("link", name="Linha 2, coluna 3", exact=True).tap()
    gain = page.locator("#destiny-gain")
    gain.wait_for()
    assert page.evaluate("scrollY") == scroll  # the preview comes in place, the page stays
    assert "+1" in gain.inner_text()
    place = page.get_by_role("button", name="Colocar a peça")
    box = place.bounding_box()
    assert box is not None
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= 800  # placed without scrolling
    assert BonfireSeat.objects.get(play=game, name="bea").document["destiny"] == [
        {"cell": [2, 2], "tile": game.content["destiny"]["start_tile"]}
    ]  # only previewed
    no_id_in_sight(page)
    session.shot("destiny-preview")
    # What the phone shows at the tap, as it shows it (the full page above is for the record).
    page.screenshot(path=str(session.shots / "02b-destiny-preview-screen.png"))
    place.tap()
    page.get_by_text("Feito: Colocar uma peça de Destino.").wait_for()
    assert grid.locator(".cell.placed").count() == 2
    assert {"cell": [2, 3], "tile": top} in BonfireSeat.objects.get(play=game, name="bea").document[
        "destiny"
    ]
    no_id_in_sight(page)
    session.shot("destiny-placed")
