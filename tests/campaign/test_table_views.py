"""The table screen's views: scoping, rights, partial vs full page, Vary, the whole-region
answers, the polling fallback's stamp."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import AttemptMove, MissionAttempt
from campaign.table import events
from campaign.table import services as table
from campaign.table.forms import RIVER_COUNT
from games.rules import spirits
from groups.models import Role
from tests.campaign import table_helpers as helpers
from tests.factories import AdventureFactory, MembershipFactory
from tests.support.pages import by_id, classes, element_text, has_id, text

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def url(attempt, name="table"):
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def test_setup_page_shows_the_mission_board_objectives_and_the_reminder(member_client, adventure):
    response = member_client.get(reverse("table:setup", args=[adventure.group_id, adventure.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Mission 1: First Light in the Glade" in html
    assert "Surround Standing Stone" in html
    assert "Mission tile Standing Stone (surround it)" in html
    assert "standing-stone" not in html.replace('"standing-stone"', "")
    assert "Trump card Blue." in html
    assert "Limited communication" in html
    assert "Power tile on Hearth space" in html


def test_setup_offers_the_members_who_play_as_seats(member_client, adventure, member):
    player = MembershipFactory(group=member.group, role=Role.PLAYER).user
    viewer = MembershipFactory(group=member.group, role=Role.VIEWER).user
    html = member_client.get(
        reverse("table:setup", args=[adventure.group_id, adventure.pk])
    ).content
    page = html.decode()
    assert f'data-seat="{member.user.username}"' in page
    assert f'data-seat="{player.username}"' in page
    assert f'data-seat="{viewer.username}"' not in page


def test_abandoning_records_a_failure_and_keeps_the_tricks(member_client, attempt, member):
    """A mission abandoned at the table is a failure with the reason "abandoned"; its moves stay
    in the log, so an open attempt never blocks the campaign."""
    table.submit_move(attempt=attempt, move={"play": "blue-3"}, version=0, by=member.user)
    stale = member_client.post(url(attempt, "abandon"), {"version": 0}, **HTMX).content.decode()
    assert "Ana just played: the table below is the current one." in stale  # the seat that moved
    response = member_client.post(url(attempt, "abandon"), {"version": 1}, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert "Mission abandoned" in html
    attempt.refresh_from_db()
    assert (attempt.status, attempt.failure_reason) == ("failure", "abandoned")
    assert AttemptMove.objects.filter(attempt=attempt).count() == 1
    again = member_client.post(url(attempt, "abandon"), {"version": attempt.version}, **HTMX)
    assert f"{member.user.username} just abandoned the game: it is over." in again.content.decode()


def test_the_last_placement_says_it_ends_the_mission(member_client, adventure, member):
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )
    state = table.state_of(attempt)
    while not (state.phase == "place" and state.round >= state.rounds):
        helpers.play(attempt, member.user)
        attempt.refresh_from_db()
        state = table.state_of(attempt)
    html = member_client.get(url(attempt)).content.decode()
    assert "Place the tile and end the mission" in html
    assert "placing this tile ends the mission and records its result" in html


def test_setup_starts_the_mission_and_an_open_one_is_resumed(member_client, adventure):
    setup_url = reverse("table:setup", args=[adventure.group_id, adventure.pk])
    response = member_client.post(
        setup_url, {"players": "Ana\nBen\nCy", "first_player": "Ben", "trump": "green"}
    )
    attempt = adventure.attempts.get()
    assert response.status_code == 302
    assert response["Location"] == url(attempt)
    assert table.state_of(attempt).current_seat == "Ben"
    assert table.state_of(attempt).trump == "green"
    assert member_client.get(setup_url)["Location"] == url(attempt)


def test_setup_with_two_players_needs_four_river_cards(member_client, adventure):
    setup_url = reverse("table:setup", args=[adventure.group_id, adventure.pk])
    response = member_client.post(setup_url, {"players": "Ana\nBen", "first_player": "Ana",
                                       "trump": "blue", "automa_river": ["blue-1"]})  # fmt: skip
    assert response.status_code == 200
    assert str(RIVER_COUNT) in text(response)


def test_setup_names_follow_the_rule_of_every_other_form(member_client, adventure):
    """A seat name follows ``campaign.names`` as the quick log and an import do: at most 40
    characters (a longer one could not be imported again), ``<`` and ``>`` allowed."""
    setup_url = reverse("table:setup", args=[adventure.group_id, adventure.pk])
    long_name = "L" * 41
    response = member_client.post(
        setup_url, {"players": f"Ana\n{long_name}\nCy", "first_player": "Ana", "trump": "green"}
    )
    assert response.status_code == 200
    assert f"“{'L' * 20}…” is longer than 40 characters." in response.content.decode()
    assert not adventure.attempts.exists()
    response = member_client.post(
        setup_url, {"players": "<3 Ana\nBen\nCy", "first_player": "Ben", "trump": "green"}
    )
    assert response.status_code == 302
    assert table.state_of(adventure.attempts.get()).seats[0] == "<3 Ana"


def test_other_groups_get_404(attempt):
    stranger = Client()
    stranger.force_login(MembershipFactory(role=Role.OWNER).user)
    assert stranger.get(url(attempt)).status_code == 404
    response = stranger.post(url(attempt, "move"), {"kind": "play", "card": "blue-1", "version": 0})
    assert response.status_code == 404


def test_viewers_see_the_table_but_get_403_on_moves(attempt):
    viewer = MembershipFactory(group=attempt.adventure.group, role=Role.VIEWER).user
    member_client = Client()
    member_client.force_login(viewer)
    assert member_client.get(url(attempt)).status_code == 200
    data = {"kind": "play", "card": "blue-1", "version": 0}
    assert member_client.post(url(attempt, "move"), data).status_code == 403
    assert member_client.post(url(attempt, "undo"), {"version": 0}).status_code == 403
    assert not AttemptMove.objects.exists()


def test_full_page_and_partial_vary_on_hx_request(member_client, attempt):
    full = member_client.get(url(attempt))
    partial = member_client.get(url(attempt), **HTMX)
    assert b"<html" in full.content
    assert b"<html" not in partial.content
    assert partial.content.lstrip().startswith(b'<div id="table"')
    assert "HX-Request" in full["Vary"]
    assert "HX-Request" in partial["Vary"]


def test_members_share_one_render_of_the_region_until_the_table_changes(
    member_client, attempt, member
):
    other = Client()
    other.force_login(MembershipFactory(group=member.group, role=Role.PLAYER).user)
    viewer = Client()
    viewer.force_login(MembershipFactory(group=member.group, role=Role.VIEWER).user)
    first = member_client.get(url(attempt), **HTMX).content
    shared = other.get(url(attempt), **HTMX)
    assert shared.content == first
    assert "HX-Request" in shared["Vary"]
    assert viewer.get(url(attempt), **HTMX).content != first  # a viewer's buttons are disabled
    table.submit_move(attempt=attempt, move={"play": "blue-3"}, version=0, by=member.user)
    assert b'data-version="1"' in other.get(url(attempt), **HTMX).content


def test_history_restore_gets_the_full_page(member_client, attempt):
    response = member_client.get(url(attempt), HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert b"<html" in response.content


def test_a_move_answers_with_the_whole_table_region(member_client, attempt):
    response = member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="table"')
    assert "<html" not in html
    assert 'data-version="1"' in html
    assert has_id(html, "card-blue-3")
    assert "already played" in html
    # The picker's heading names the next seat (Ana played first, Ben is due).
    assert by_id(html, "picker-seat") == "Ben"
    assert "hx-swap-oob" not in html
    assert "HX-Request" in response["Vary"]


def test_a_move_without_htmx_redirects_to_the_table(member_client, attempt):
    response = member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}
    )
    assert response.status_code == 302
    assert response["Location"] == url(attempt)


def test_an_illegal_move_shows_its_message_next_to_its_control(member_client, attempt):
    member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX
    )
    response = member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 1}, **HTMX
    )
    html = response.content.decode()
    assert 'data-code="card-already-played"' in html
    # The sentence of campaign.table.refusals, naming the card as the picker does, with its rule.
    picker = html[html.index('<section id="picker"') :]
    assert re.search(
        r'<p class="refusal" id="refusal" role="alert" data-code="card-already-played">'
        r"The card Blue 3 has already been played\. "
        r'<a class="rule-link" id="refusal-rule" href="/reference/spirits/#playing-the-trick">',
        picker,
    )
    assert "was already played" not in html  # the engine's English stays in the logs


def test_a_stale_move_shows_already_played_and_the_current_table(member_client, attempt, member):
    member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX
    )
    response = member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX
    )
    html = response.content.decode()
    assert "Ana just played: the table below is the current one." in html
    assert html.lstrip().startswith('<div id="table"')
    assert AttemptMove.objects.count() == 1


def test_the_version_url_gives_the_stamp_the_table_shows(member_client, attempt, member):
    """The polling fallback: the stamp as text, the same the region carries, changed by a move."""
    response = member_client.get(url(attempt, "version"))
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    stamp = response.content.decode()
    assert stamp.startswith("0-")
    assert f'data-stamp="{stamp}"' in member_client.get(url(attempt), **HTMX).content.decode()
    table.submit_move(attempt=attempt, move={"play": "blue-3"}, version=0, by=member.user)
    changed = member_client.get(url(attempt, "version")).content.decode()
    assert changed.startswith("1-")
    assert changed != stamp


def test_the_version_url_is_404_outside_the_group(attempt):
    stranger = Client()
    stranger.force_login(MembershipFactory().user)
    assert stranger.get(url(attempt, "version")).status_code == 404
    assert Client().get(url(attempt, "version")).status_code == 302  # to the login page


def test_a_recorded_result_changes_the_stamp(attempt):
    """A result (or a correction) saves the row without a move: the stamp still changes, so
    every device fetches the table."""
    before = events.stamp(attempt)
    attempt.status = "failure"
    attempt.failure_reason = "other"
    assert events.stamp(attempt) != before


def test_undo_answers_with_the_table(member_client, attempt, member):
    member_client.post(
        url(attempt, "move"), {"kind": "play", "card": "blue-3", "version": 0}, **HTMX
    )
    response = member_client.post(url(attempt, "undo"), {"version": 1}, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert "Ana undid Ana&#x27;s Blue 3." in html  # one device for the whole table: the seat
    assert AttemptMove.objects.get().undone_at is not None


def test_the_placement_with_an_edge_mismatch_asks_place_anyway(member_client, attempt, member):
    for version, card in enumerate(("blue-3", "purple-1", "green-1")):
        table.submit_move(attempt=attempt, move={"play": card}, version=version, by=member.user)
    data = {"kind": "place", "cells": "5,7 5,8 5,9 6,7", "version": 3}
    response = member_client.post(url(attempt, "move"), data, **HTMX)
    html = response.content.decode()
    assert str(table.EDGE_WARNING) in html
    assert "Place anyway" in html
    response = member_client.post(url(attempt, "move"), {**data, "confirm": "on"}, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert 'id="cell-5-7" data-r="5" data-c="7"' in html
    assert AttemptMove.objects.count() == 4


def test_a_plain_form_s_edge_mismatch_asks_place_anyway_on_the_table_s_page(
    member_client, attempt, member
):
    """Without htmx the post redirects to the table (Post/Redirect/Get), which asks once, with the
    same move in its "Place anyway" form."""
    for version, card in enumerate(("blue-3", "purple-1", "green-1")):
        table.submit_move(attempt=attempt, move={"play": card}, version=version, by=member.user)
    data = {"kind": "place", "cells": "5,7 5,8 5,9 6,7", "version": 3}
    response = member_client.post(url(attempt, "move"), data)
    assert response.status_code == 302
    html = member_client.get(response["Location"]).content.decode()
    assert str(table.EDGE_WARNING) in html
    assert 'name="cells" value="5,7 5,8 5,9 6,7"' in html
    assert "Place anyway" not in member_client.get(response["Location"]).content.decode()
    response = member_client.post(url(attempt, "move"), {**data, "confirm": "on"})
    assert response.status_code == 302
    assert AttemptMove.objects.count() == 4


def cell_classes(html, r, c):
    match = re.search(rf'<span class="([^"]*)" id="cell-{r}-{c}"', html)
    assert match, f"no cell {r},{c}"
    return set(match.group(1).split())


def test_the_board_follows_a_placement_its_undo_and_the_language(member_client, attempt, member):
    client = member_client
    """The board's drawing is cached under what it depends on: an undone placement and another
    language each show their own board, never the one drawn before."""
    for version, card in enumerate(("blue-3", "purple-1", "green-1")):
        table.submit_move(attempt=attempt, move={"play": card}, version=version, by=member.user)
    empty = client.get(url(attempt), **HTMX).content.decode()
    assert "spirit" not in cell_classes(empty, 5, 7)
    data = {"kind": "place", "cells": "5,7 5,8 5,9 6,7", "version": 3, "confirm": "on"}
    placed = client.post(url(attempt, "move"), data, **HTMX).content.decode()
    assert "spirit" in cell_classes(placed, 5, 7)
    undone = client.post(url(attempt, "undo"), {"version": 4}, **HTMX).content.decode()
    assert "spirit" not in cell_classes(undone, 5, 7)
    again = client.get(url(attempt), **HTMX).content.decode()
    assert "spirit" not in cell_classes(again, 5, 7)
    assert 'title="0,0: empty"' in again
    catalan = client.get(url(attempt), HTTP_ACCEPT_LANGUAGE="ca", **HTMX).content.decode()
    assert 'title="0,0: buida"' in catalan


def covering_move(state):
    """The next legal move; a placement covers as many tokens as it legally can."""
    if state.phase != "place" or not state.tokens:
        return helpers.next_move(state)
    tokens = {t.cell for t in state.tokens}
    best = None
    for cells in spirits.legal_placements(state):
        covered = len({tuple(c) for c in cells} & tokens)
        if best is None or covered > best[0]:
            after = spirits.apply(state, {"place": cells})
            if len(after.violations) == len(state.violations):
                best = (covered, cells)
    return {"place": best[1]} if best else helpers.next_move(state)


def move_data(move):
    if "play" in move:
        return {"kind": "play", "card": move["play"]}
    if "place" in move:
        return {"kind": "place", "cells": " ".join(f"{r},{c}" for r, c in move["place"])}
    if "discard" in move:
        return {"kind": "discard", "seat": move["seat"]}
    return {"kind": "mist", "colour": move["mist_colour"]}


def test_every_kind_of_move_answers_with_the_table_region(member_client, adventure, member):
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    setup["board"]["tokens"].append({"kind": "mist", "cell": [11, 10], "colour": "green"})
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=[], first_player="", setup=setup
    )
    kinds = set()
    while True:
        attempt.refresh_from_db()
        if attempt.status != "open":
            break
        before = table.state_of(attempt)
        move = covering_move(before)
        response = member_client.post(
            url(attempt, "move"), {**move_data(move), "version": attempt.version}, **HTMX
        )
        after = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
        kind = next(iter(move))
        if kind == "play" and len(after.tricks) > len(before.tricks):
            kind = "trick-completing play"
        kinds.add(kind)
        html = response.content.decode()
        assert html.lstrip().startswith('<div id="table"'), kind
        assert f'data-version="{attempt.version + 1}"' in html, kind
    assert kinds == {"play", "trick-completing play", "place", "discard", "mist_colour"}


def test_covering_several_mist_tokens_asks_which_colour_leads(member_client, adventure, member):
    """Seed 003, 'Mist tokens': "If several Mist tokens are discarded at once, start the next trick
    with one of their colours, your choice" — the table offers each covered colour."""
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    setup["board"]["tokens"] = [
        {"kind": "mist", "cell": [11, 10], "colour": "green"},
        {"kind": "mist", "cell": [11, 11], "colour": "red"},
    ]
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=[], first_player="", setup=setup
    )
    helpers.play_until(attempt, member.user, "place")
    attempt.refresh_from_db()
    state = table.state_of(attempt)
    both = next(
        cells
        for cells in spirits.legal_placements(state)
        if {(11, 10), (11, 11)} <= {tuple(c) for c in cells}
    )
    table.submit_move(attempt=attempt, move={"place": both}, version=attempt.version,
                      by=member.user)  # fmt: skip
    attempt.refresh_from_db()
    page = member_client.get(url(attempt)).content.decode()
    assert "which colour leads the next trick?" in page
    assert re.search(r'name="colour" value="green"', page)
    assert re.search(r'name="colour" value="red"', page)
    response = member_client.post(
        url(attempt, "move"),
        {"kind": "mist", "version": attempt.version, "colour": "green"},
        **HTMX,
    )
    assert response.status_code == 200
    attempt.refresh_from_db()
    assert table.state_of(attempt).required_lead == "green"


def power_attempt(adventure, member, *, powers=True):
    """One Spirit tile placed, between tricks; ``powers``: the loadout held the Gust of Wind."""
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    if powers:
        setup["powers"] = ["move-spirit-tile"]
        setup["power_names"] = {"move-spirit-tile": "Gust of Wind"}
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=[], first_player="", setup=setup
    )
    helpers.play_until(attempt, member.user, "place")
    helpers.play(attempt, member.user)
    attempt.refresh_from_db()
    return attempt


def test_the_power_control_shows_only_when_the_loadout_held_the_tile(
    member_client, adventure, member
):
    without = power_attempt(adventure, member, powers=False)
    page = member_client.get(url(without)).content.decode()
    assert not has_id(page, "power")
    assert "move a placed Spirit tile" not in page

    attempt = power_attempt(AdventureFactory(group=member.group), member)
    page = member_client.get(url(attempt)).content.decode()
    assert "Use Gust of Wind: move a placed Spirit tile" in page
    assert 'data-power="usable"' in page
    assert 'data-usable="move-spirit-tile"' in page
    assert classes(page, "power-move-spirit-tile") == {"power-row"}
    tile = table.state_of(attempt).placed[0]
    cells = " ".join(f"{r},{c}" for r, c in tile.cells)
    assert f'<option value="{cells}" data-card="{tile.card}">' in page
    form = page[page.index('<form id="power-form"') :]
    version = f'<input type="hidden" name="version" value="{attempt.version}">'
    assert version in form[: form.index("</form>")]


def test_posting_the_power_moves_the_tile_and_the_control_is_disabled(
    member_client, adventure, member
):
    attempt = power_attempt(adventure, member)
    state = table.state_of(attempt)
    origin = state.placed[0].cells
    power = next(m for m in spirits.legal_moves(state) if "power" in m)
    cells = " ".join(f"{r},{c}" for r, c in power["to"])
    data = {
        "kind": "power",
        "power": "move-spirit-tile",
        "tile": " ".join(f"{r},{c}" for r, c in origin),
        "version": attempt.version,
    }

    off_board = " ".join(f"{r + 12},{c}" for r, c in origin)
    refused = member_client.post(url(attempt, "move"), {**data, "cells": off_board}, **HTMX)
    html = refused.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert 'data-code="off-board"' in html
    assert not AttemptMove.objects.filter(payload__has_key="power").exists()

    response = member_client.post(url(attempt, "move"), {**data, "cells": cells}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="table"')
    assert "<html" not in html
    assert 'data-power="used"' in html
    assert "used" in classes(html, "power-move-spirit-tile")
    assert "✔ Used moved" in by_id(html, "power-move-spirit-tile")
    assert not has_id(html, "power-details")
    full = member_client.get(url(attempt))
    after = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
    assert sorted(after.placed[0].cells) == sorted(tuple(c) for c in power["to"])
    page = full.content.decode()
    assert not has_id(page, "power-details")
    assert "used" in classes(page, "power-move-spirit-tile")

    back = {**data, "version": attempt.version + 1, "tile": cells, "cells": data["tile"]}
    again = member_client.post(url(attempt, "move"), back, **HTMX)
    assert 'data-code="power-used"' in again.content.decode()


def test_a_power_move_against_a_coloured_edge_asks_move_it_anyway(member_client, adventure, member):
    """Seed 003, 'Mission tile constraints': a tile against a coloured edge of another colour
    fails the mission; moving one there with a Power asks first, like a placement."""
    attempt = power_attempt(adventure, member)
    state = table.state_of(attempt)
    breaking = next(
        m for m in spirits.legal_moves(state) if "power" in m and spirits.apply(state, m).violations
    )
    data = {
        "kind": "power",
        "power": "move-spirit-tile",
        "tile": " ".join(f"{r},{c}" for r, c in breaking["from"]),
        "cells": " ".join(f"{r},{c}" for r, c in breaking["to"]),
        "version": attempt.version,
    }
    html = member_client.post(url(attempt, "move"), data, **HTMX).content.decode()
    assert str(table.EDGE_WARNING) in html
    assert "Move it anyway" in html
    assert f'name="tile" value="{data["tile"]}"' in html
    assert not AttemptMove.objects.filter(payload__has_key="power").exists()
    member_client.post(url(attempt, "move"), {**data, "confirm": "on"}, **HTMX)
    after = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
    assert after.violations == ("coloured-edge",)


def test_a_power_move_without_javascript_redirects_to_the_table(member_client, adventure, member):
    attempt = power_attempt(adventure, member)
    state = table.state_of(attempt)
    power = next(m for m in spirits.legal_moves(state) if "power" in m)
    data = {
        "kind": "power",
        "tile": " ".join(f"{r},{c}" for r, c in power["from"]),
        "cells": " ".join(f"{r},{c}" for r, c in power["to"]),
        "version": attempt.version,
    }
    response = member_client.post(url(attempt, "move"), data)
    assert response.status_code == 302
    assert table.state_of(MissionAttempt.objects.get(pk=attempt.pk)).powers_used


def test_the_finished_table_shows_result_reasons_and_duration_not_the_next_turn(
    member_client, attempt, member
):
    """Seed 003 ('End of the game'): after the last round's tile no trick follows, so the screen
    names no next trump or leader; it shows the result and how long the attempt lasted."""
    helpers.play_out(attempt, member.user)
    attempt.refresh_from_db()
    assert attempt.duration_minutes is not None
    response = member_client.get(url(attempt))
    resolution = element_text(response, "trick-resolution")
    assert resolution is not None
    assert resolution.startswith("Decision card:")
    assert "next trump" not in resolution
    assert "leads" not in resolution
    assert element_text(response, "result-duration") == (
        f"Played in {attempt.duration_minutes} minute"
        + ("" if attempt.duration_minutes == 1 else "s")
    )


def test_between_rounds_the_table_still_names_the_next_trump_and_leader(
    member_client, attempt, member
):
    helpers.play_until(attempt, member.user, "place")
    helpers.play(attempt, member.user)
    attempt.refresh_from_db()
    assert table.state_of(attempt).phase == "play"
    resolution = element_text(member_client.get(url(attempt)), "trick-resolution")
    assert "next trump" in resolution
    assert f"{table.state_of(attempt).leader} leads" in resolution
