"""A Bonfire game at the table on a phone (360 px): the starting supply changed on the start form,
each rule B1-B6 through the helper's page, each refusal's reason seen, then the game finished
and its play found in the play log. Screenshots of each step go to test-output/screenshots/."""

import re

import pytest
from django.urls import reverse

from games.models import BonfirePlay, BonfireSeat, Play
from tests.browser.steps import owner_on_group_page

pytestmark = pytest.mark.browser


def test_a_turn_with_every_rule_and_its_refusals(browser_session, transactional_db):
    group, session = owner_on_group_page(browser_session, "ana")
    page = session.page
    page.get_by_role("link", name="Bonfire turn helper").click()
    page.locator("#id_players").fill("Ana\nBen")  # typed: the names as the table says them
    # Everyone starts with one wood more than the pack's sample supply; a bad count first.
    page.locator("#supply-details summary").click()  # the pack's supply, closed at first
    supply = page.locator("#supply")
    assert supply.get_by_label("wood").input_value() == "2"
    supply.get_by_label("wood").fill("-1")
    page.get_by_role("button", name="Start the game").click()
    assert page.locator("#id_resources_wood_errors").inner_text() == (
        "Ensure this value is greater than or equal to 0."
    )
    assert page.locator("#id_players").input_value() == "Ana\nBen"  # kept as typed
    session.shot("start-refused-supply")
    page.locator("#id_resources_wood").fill("3")
    page.locator("#id_resources_wood").blur()  # the phone's keyboard put away
    session.shot("start-form")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/bonfire/\d+/$"))
    # The phone says it is Ana's (web.seats): her page opens, her moves enabled.
    page.get_by_role("button", name="I am Ana", exact=True).click()
    page.wait_for_url(re.compile(r"/players/\d+/$"))
    assert page.get_by_text("Your turn.").is_visible()
    session.shot("helper-start")

    # B1 by touch: a cell not next to a placed tile, then one next to the start tile, each
    # previewed before anything is placed.
    page.get_by_role("link", name="Row 0, column 1", exact=True).click()
    preview = page.locator("#destiny-preview")
    preview.locator(".refusal").wait_for()
    reason = preview.inner_text()
    assert "Row 0, column 1 is not next to a placed Destiny tile." in reason
    assert "[0, 1]" not in reason  # the engine's English details stay in its logs
    assert preview.get_by_role("link", name="Rule B1").is_visible()
    assert preview.get_by_role("button", name="Place the tile").count() == 0
    session.shot("refused-not-adjacent")
    page.get_by_role("link", name="Row 2, column 3", exact=True).click()
    page.locator("#destiny-gain").wait_for()
    assert "green" in page.locator("#destiny-gain").inner_text()
    assert page.locator("#my-destiny .cell.placed").count() == 1  # only previewed
    preview.get_by_role("button", name="Place the tile").click()
    page.get_by_text("Done: Place a Destiny tile.").wait_for()
    assert page.locator("#my-destiny .cell.placed").count() == 2
    session.shot("destiny-placed")

    # B2: purple is lacking: 1 yellow or any 2 tiles; 3 purple cannot be paid. The cost is
    # named by tapping tiles.
    add_purple = page.get_by_role("link", name="Add 1 purple to the cost")
    for count in range(1, 4):
        add_purple.click()
        page.locator("#pay-cost").get_by_text(f"{count} ■ purple").wait_for()
    reason = page.locator("#plans .refusal").inner_text()
    assert "You cannot pay this" in reason
    session.shot("refused-cannot-pay")
    for count in (2, 1):
        page.get_by_role("link", name="Take 1 purple off the cost").click()
        page.locator("#pay-cost").get_by_text(f"{count} ■ purple").wait_for()
    page.get_by_role("button", name="Pay with 1 yellow").wait_for()  # the ways, once loaded
    session.shot("ways-to-pay")
    page.get_by_role("button", name="Pay with 1 green, 1 orange").click()
    page.get_by_text("Done: Pay Action tiles.").wait_for()
    assert page.locator('#my-tiles [data-colour="green"] b').inner_text() == "0"
    assert page.locator('#my-tiles [data-colour="yellow"] b').inner_text() == "1"

    # B3: first Ship move, the island's action right after, a Path token: each a tap on the
    # piece it starts from.
    page.locator("#island-1").get_by_role("button", name=re.compile("^Sail here")).click()
    page.get_by_text("Done: Move the Ship.").wait_for()
    assert page.locator("#my-ship").inner_text() == "⚓ Ember Rock"
    page.locator("#island-1").get_by_role("button", name="Take the island's action").click()
    page.get_by_text("Done: The island's action.").wait_for()
    page.get_by_role("button", name=re.compile(r"^Build Driftwood bridge")).click()
    page.get_by_text("Done: Build a Path token.").wait_for()
    assert page.locator("#my-tokens").inner_text() == "0"
    session.shot("ship-and-path")

    # B4: the 1st Offering at Ember Rock for 1 Action tile, a red one.
    page.locator("#my-offers").get_by_role(
        "button", name=re.compile(r"^Offering 1\..*paying 1 red$")
    ).click()
    page.get_by_text("Done: Receive a Task.").wait_for()
    assert "fulfilled" in page.locator("#my-tasks li").first.inner_text()

    # B5: the fulfilled Task tapped, then the High Council space for its Novice.
    page.locator("#my-tasks li").first.get_by_role("link", name="Light this Bonfire").click()
    hearth = re.compile("^Seat the red Novice on Seat of the Hearth")
    page.get_by_role("button", name=hearth).click()
    page.get_by_text("Done: Light a Bonfire.").wait_for()
    assert "red · Ana" in page.locator("#council").inner_text()
    assert "lit" in page.locator("#my-tasks li").first.inner_text()
    session.shot("bonfire-lit")

    # B6: G1 cannot step onto G2's tile; then two steps of G2.
    path = page.locator("#my-path")
    path.get_by_role("button", name="G1: one step forward").click()
    alert = page.locator(".refusal").first
    alert.wait_for()
    session.shot("refused-space-taken")
    assert "Path tile 2 already holds a Guardian." in alert.inner_text()
    path.get_by_role("button", name="G2: one step forward").click()
    page.get_by_text("Done: Advance Guardians.").wait_for()
    page.locator("#my-guardians").get_by_text("G2: Path tile 3").wait_for()
    path.get_by_role("button", name="G2: one step forward").click()
    page.locator("#my-guardians").get_by_text("G2: Path tile 4").wait_for()
    assert page.locator("#my-guardians").inner_text() == "G1: Path tile 1 · G2: Path tile 4"
    session.shot("guardians-advanced")

    page.get_by_role("button", name="End my turn").click()
    page.get_by_text("It is Ben's turn.").wait_for()
    session.shot("turn-ended")
    ana = BonfireSeat.objects.get(name="Ana")
    assert ana.document["markers"] == 3  # 2 + 1 (Ember Rock) + 2 (Hearth) - 2 steps
    assert BonfireSeat.objects.get(name="Ben").document["resources"]["wood"] == 3

    # The end of the game: final scores, the play in the play log, the helper read-only.
    page.get_by_role("link", name="Bonfire night").click()
    page.wait_for_url(re.compile(r"/bonfire/\d+/$"))
    page.locator("#finish summary").click()
    page.get_by_label("Ana’s score").fill("34")
    page.get_by_label("Ben’s score").fill("12+")
    page.get_by_role("button", name="Finish and record the play").click()
    assert (
        page.locator("#id_score_1_errors").inner_text() == "Type a number or a sum such as 12+7+3."
    )
    session.shot("finish-refused-score")
    page.get_by_label("Ben’s score").fill("12+9+6")
    session.shot("finish-form")
    page.get_by_label("Duration (minutes)").fill("55")
    page.get_by_role("button", name="Finish and record the play").click()
    page.wait_for_url(re.compile(r"/plays/\d+/$"))
    page.get_by_text("Game finished: its play is in the play log.").wait_for()
    session.shot("play-of-the-game")
    page.locator("#bonfire-game-link").click()
    page.wait_for_url(re.compile(r"/bonfire/\d+/$"))
    assert "no longer change" in page.locator("#finished").inner_text()
    assert page.locator("#finish").count() == 0
    session.shot("finished-game")
    page.get_by_role("link", name="Ana", exact=True).click()
    page.wait_for_url(re.compile(r"/players/\d+/$"))
    assert "See its play in the play log" in page.locator("#finished").inner_text()
    assert page.locator("#moves").count() == 0
    assert page.locator("#my-tokens").inner_text() == "0"  # the board is still shown
    # Nothing is placed any more: the Destiny Area draws no free (dashed) cell.
    assert page.locator("#my-destiny .cell.placed").count() >= 1
    dashed = page.locator("#my-destiny .cell").evaluate_all(
        "cells => cells.filter(c => getComputedStyle(c).borderTopStyle === 'dashed').length"
    )
    assert dashed == 0
    session.shot("finished-seat-read-only")
    page.goto(reverse("games:history", args=[group.pk]))
    row = page.locator("li", has_text="from the Bonfire turn helper")
    assert "★ ana 34" in row.inner_text()  # Ana's seat is the member ana
    assert "Ben 27" in row.inner_text()
    session.shot("play-log")
    play = Play.objects.get(group=group)
    assert BonfirePlay.objects.get(group=group).play == play
    assert [(r.person.name, r.score, r.winner) for r in play.results.all()] == [
        ("ana", 34, True),
        ("Ben", 27, False),
    ]
