"""A whole Bonfire game by touch on a phone (360 × 800, touch) in Portuguese, from the setup form
to the finished play: the players tapped from the group's people in seat order with the pack's
starting supply filled in (no JSON in sight), then every move made by tapping a drawn piece where
it starts (seed 000): a Destiny tile on the drawn area, its gain previewed first (B1); a cost named
by tapping tiles and the way to pay it (B2); an island to sail to, its action and a Path token
(B3); an Offering at the Ship's island (B4); the fulfilled Task, then a High Council space
(B5); a Common Task and the Neutral Novice it gives; Guardians stepping along the path and
through a Portal (B6). No visible text is an id of the content pack; each screen passes
axe-core and its controls are thumb-sized. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.models import BonfirePlay, BonfireSeat, Play
from groups.models import Group, Membership, Role
from tests.browser.test_every_page import AXE_RUN, AXE_SCRIPT, SERIOUS
from tests.factories import PASSWORD, UserFactory
from tests.support.bonfire_ids import ids_shown
from tests.support.targets import COLLECT, Target, too_small

pytestmark = pytest.mark.browser


def no_id_in_sight(page: Any) -> None:
    shown = ids_shown(page.locator("body").inner_text())
    assert shown == set(), f"ids shown: {sorted(shown)}"


def fit_for_thumbs(page: Any) -> None:
    """No main control under 44 px, no other target too small (WCAG 2.5.8), and no serious or
    critical axe-core violation, on the screen as shown."""
    small = too_small([Target.read(found) for found in page.evaluate(COLLECT)])
    assert small == [], small
    violations = page.evaluate(AXE_RUN, {})
    serious = [f"{v['id']}: {v['help']}" for v in violations if v["impact"] in SERIOUS]
    assert serious == [], serious


def done(page: Any, move: str) -> None:
    """The move's confirmation, once the page is back from it."""
    page.get_by_text(f"Feito: {move}.").wait_for()


def test_a_whole_game_by_touch(browser_session, transactional_db):
    ana, bea = UserFactory(username="ana"), UserFactory(username="bea")
    group = Group.objects.create(name="Quinta")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    Membership.objects.create(group=group, user=bea, role=Role.PLAYER)
    session = browser_session(name="bea", locale="pt-BR", has_touch=True, is_mobile=True)
    session.context.add_init_script(path=AXE_SCRIPT)
    page = session.page
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(reverse("login"))
    page.locator("#id_username").fill("bea")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Entre").tap()
    page.wait_for_url(re.compile(r"/groups/$"))

    # The setup: seat order by taps (bea starts, then ana); the supply is the pack's, in words.
    page.goto(reverse("bonfire:games", args=[group.pk]))
    assert page.locator("html").get_attribute("lang") == "pt-br"
    page.locator('[data-seat="bea"]').tap()
    page.locator('[data-seat="ana"]').tap()
    assert page.locator("#seat-chips li").all_inner_texts() == ["bea ✕", "ana ✕"]
    assert page.locator("#id_players").input_value() == "bea\nana"
    assert page.locator("#supply-summary").inner_text() == (
        "1 amarelo, 3 Fichas de Ação, 2 Marcadores de Ação, 2 peixe, 2 ervas, 2 pedra, 2 madeira"
    )  # each player's, in a line; the numbers under it, filled in
    supply = page.locator("#supply")
    assert supply.get_by_label("madeira").input_value() == "2"
    assert supply.get_by_label("amarelo").input_value() == "1"
    assert not page.locator("#id_content").is_visible()  # the JSON waits under "Advanced"
    no_id_in_sight(page)
    fit_for_thumbs(page)
    session.shot("new-game-form")
    page.get_by_role("button", name="Comece a partida").tap()
    page.wait_for_url(re.compile(r"/bonfire/\d+/$"))
    game = BonfirePlay.objects.get(group=group)
    assert [s.name for s in game.seats.order_by("position")] == ["bea", "ana"]

    # One phone passed round the table; bea's page first.
    page.get_by_role("button", name="Um aparelho para toda a mesa").tap()
    page.locator("#main").get_by_role("link", name="bea", exact=True).tap()
    page.wait_for_url(re.compile(r"/players/\d+/$"))
    page.get_by_text("Sua vez.").wait_for()
    grid = page.locator("#my-destiny")
    cells = grid.locator(".cell:not(.outside)")
    for index in range(cells.count()):  # a thumb's target
        box = cells.nth(index).bounding_box()
        assert box is not None
        assert box["width"] >= 44
        assert box["height"] >= 44
    no_id_in_sight(page)
    session.shot("bea-turn")

    # B1: a cell next to the start tile, previewed in place, then placed.
    top = game.seats.get(name="bea").document["destiny_supply"][0]
    grid.scroll_into_view_if_needed()
    scroll = page.evaluate("scrollY")
    page.get_by_role("link", name="Linha 2, coluna 3", exact=True).tap()
    gain = page.locator("#destiny-gain")
    gain.wait_for()
    assert page.evaluate("scrollY") == scroll  # the preview comes in place, the page stays
    assert "+1" in gain.inner_text()
    place = page.get_by_role("button", name="Coloque a peça")
    box = place.bounding_box()
    assert box is not None
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= 800  # placed without scrolling
    no_id_in_sight(page)
    page.screenshot(path=str(session.shots / "destiny-preview-screen.png"))
    place.tap()
    done(page, "Colocar uma peça de Destino")
    assert grid.locator(".cell.placed").count() == 2
    assert {"cell": [2, 3], "tile": top} in BonfireSeat.objects.get(name="bea").document["destiny"]

    # B2: a purple tile, lacking, named by a tap; paid with 1 yellow.
    page.get_by_role("link", name="Some 1 roxo ao custo").tap()
    page.get_by_role("button", name="Pague com 1 amarelo").wait_for()
    no_id_in_sight(page)
    fit_for_thumbs(page)
    session.shot("ways-to-pay")
    page.get_by_role("button", name="Pague com 1 amarelo").tap()
    done(page, "Pagar peças de Ação")
    assert page.locator('#my-tiles [data-colour="yellow"] b').inner_text() == "0"

    # B3: the first sail (1 Action token), the island's action, a Path token.
    page.locator("#island-1").get_by_role("button", name=re.compile("^Navegue para cá")).tap()
    done(page, "Mover o Navio")
    assert "Rocha da Brasa" in page.locator("#my-ship").inner_text()
    page.locator("#island-1").get_by_role("button", name="Faça a ação da ilha").tap()
    done(page, "A ação da ilha")
    page.locator("#path-display li").first.get_by_role("button").tap()
    done(page, "Construir uma Ficha de Caminho")
    assert page.locator("#my-tokens").inner_text() == "0"
    session.shot("sailed-and-built")

    # B4: the first Offering there, paying 1 Action tile.
    page.locator("#my-offers button").first.tap()
    done(page, "Receber uma Tarefa")
    first_task = page.locator("#my-tasks li").first
    assert "cumprida" in first_task.inner_text()

    # B5: the fulfilled Task tapped, then a High Council space for its Novice.
    first_task.get_by_role("link", name="Acenda esta Fogueira").tap()
    seat = page.get_by_role("button", name="Coloque o Noviço vermelho em Assento da Lareira")
    seat.wait_for()
    no_id_in_sight(page)
    fit_for_thumbs(page)
    session.shot("lighting-a-bonfire")
    seat.tap()
    done(page, "Acender uma Fogueira")
    assert "vermelho · bea" in page.locator("#council").inner_text()
    assert "acesa" in page.locator("#my-tasks li").first.inner_text()

    # A Common Task, then its Neutral Novice on the High Council (a Bonus Action).
    page.get_by_role("button", name="Cumpra “Reunir para o banquete”").tap()
    done(page, "Cumprir uma Tarefa Comum")
    page.get_by_role("button", name="Coloque um Noviço Neutro em Assento da Maré").tap()
    done(page, "Colocar um Noviço Neutro")
    assert "neutro · bea" in page.locator("#council").inner_text()

    # B6: G2 a step forward, G1 into its place, then G2 through the Portal to Bonfire 1.
    path = page.locator("#my-path")
    path.get_by_role("button", name="G2: um passo à frente").tap()
    done(page, "Avançar Guardiões")
    path.get_by_role("button", name="G1: um passo à frente").tap()
    done(page, "Avançar Guardiões")
    path.get_by_role("button", name="G2: pelo Portal para Fogueira 1").tap()
    done(page, "Avançar Guardiões")
    assert page.locator("#my-guardians").inner_text() == "G1: Peça de Caminho 2 · G2: Fogueira 1"
    no_id_in_sight(page)
    session.shot("bea-after-her-moves")
    page.get_by_role("button", name="Encerre meu turno").tap()
    page.get_by_text("É a vez de ana.").wait_for()
    bea_seat = BonfireSeat.objects.get(name="bea").document
    assert bea_seat["guardians"] == ["g2", "b1"]
    assert bea_seat["path_tokens"] == ["p01"]

    # ana's turn on the same phone: a Destiny tile, and the turn ends.
    page.get_by_role("link", name="Noite de Bonfire").tap()
    page.locator("#main").get_by_role("link", name="ana", exact=True).tap()
    page.get_by_text("Sua vez.").wait_for()
    page.get_by_role("link", name="Linha 1, coluna 2", exact=True).tap()
    page.get_by_role("button", name="Coloque a peça").tap()
    done(page, "Colocar uma peça de Destino")
    page.get_by_role("button", name="Encerre meu turno").tap()
    page.get_by_text("É a vez de bea.").wait_for()
    session.shot("ana-turn-ended")

    # The end (seed 000 leaves it to the table): each final score as counted, bea the winner.
    page.get_by_role("link", name="Noite de Bonfire").tap()
    page.locator("#finish summary").tap()
    page.get_by_label("Pontuação de bea").fill("21")
    page.get_by_label("Pontuação de ana").fill("14")
    page.get_by_label("bea venceu").tap()
    fit_for_thumbs(page)
    session.shot("finish-form")
    page.get_by_role("button", name="Encerre e registre a partida").tap()
    page.wait_for_url(re.compile(r"/plays/\d+/$"))
    play = Play.objects.get(group=group)
    assert [(r.person.name, r.score, r.winner) for r in play.results.all()] == [
        ("bea", 21, True),
        ("ana", 14, False),
    ]
    page.locator("#bonfire-game-link").tap()
    page.wait_for_url(re.compile(r"/bonfire/\d+/$"))
    page.locator("#main").get_by_role("link", name="bea", exact=True).tap()
    page.locator("#finished").wait_for()
    assert page.locator("#moves").count() == 0
    assert page.locator("#my-path button, #council button, #path-display button").count() == 0
    no_id_in_sight(page)
    fit_for_thumbs(page)
    session.shot("finished-board")
