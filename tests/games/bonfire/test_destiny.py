"""Placing a Destiny tile by touch (seed 000, B1, p. 7): the drawn Destiny Area offers the cells
the engine takes, a tapped cell shows what the placement gains (or why the engine refuses it)
before anything is saved, and a tile, a colour or a resource is drawn by its mark and word in the
reader's language, never by its id."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.bonfire import services
from games.bonfire.screen import destiny_placement, gain_between, mark, word
from games.content.bonfire import default_content
from games.models import BonfireSeat
from games.rules import bonfire
from tests.support.bonfire_ids import ids_shown
from tests.support.pages import by_id, element, has_id, text
from tests.support.seats import bind


@pytest.fixture
def game(group, owner):
    return services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


def state_of(game):
    return services.state_of(game, list(game.seats.order_by("position")))


def seat_url(game, name, view="seat"):
    seat = BonfireSeat.objects.get(play=game, name=name)
    return reverse(f"bonfire:{view}", args=[game.group_id, game.pk, seat.pk])


def at_the_table(client, user, game):
    """``user`` signed in on the one device of the whole table."""
    client.force_login(user)
    bind(client, f"bonfire:{game.pk}")


def tappable(grid):
    return {(c["row"], c["col"]) for row in grid for c in row if c["legal"]}


def test_the_cells_offered_are_the_engines_legal_placements(game) -> None:
    """B1, p. 7: orthogonally next to a placed tile, inside the area, covering none."""
    state = state_of(game)
    legal = {
        tuple(m["cell"])
        for m in bonfire.legal_moves(state)
        if m["kind"] == "place_destiny" and m["end"] == "bottom"
    }
    shown = destiny_placement(state, "Ana", end="bottom")
    assert tappable(shown["grid"]) == legal == {(1, 2), (2, 1), (2, 3), (3, 2)}
    # Not Ben's turn: his area offers no cell, though he sees his tiles.
    assert tappable(destiny_placement(state, "Ben")["grid"]) == set()
    assert destiny_placement(state, "Ana", finished=True)["ends"] == []


def test_the_preview_is_what_the_engine_gives(game) -> None:
    """B1, p. 7: the three Action tiles shown; covering a gold symbol adds its object."""
    state = state_of(game)
    ana = state.player("Ana")
    top = state.content.destiny_tile(ana.destiny_supply[0])
    shown = destiny_placement(state, "Ana", end="top", cell=(2, 3))
    expected = bonfire.Counts.of((colour, 1) for colour in top.actions)
    assert {(p["thing"], p["count"]) for p in shown["preview"]["gain"]} == set(expected.items)
    assert state.player("Ana").destiny == ana.destiny  # nothing placed
    # Next to it, (2, 4) is gold (1 yellow Action tile in the sample pack).
    after = bonfire.apply(
        state, {"kind": "place_destiny", "player": "Ana", "end": "top", "cell": [2, 3]}
    )
    shown = destiny_placement(after, "Ana", end="top", cell=(2, 4))
    move = {"kind": "place_destiny", "player": "Ana", "end": "top", "cell": [2, 4]}
    gained = gain_between(after.player("Ana"), bonfire.apply(after, move).player("Ana"))
    assert gained.tiles.get("yellow") >= 1
    parts = {(p["thing"], p["count"]) for p in shown["preview"]["gain"] if p["kind"] == "tile"}
    assert parts == set(gained.tiles.items)


def test_a_refused_cell_says_why_with_its_rule(game) -> None:
    """B1, p. 7: a cell not orthogonally next to a placed tile is refused, nothing placed."""
    shown = destiny_placement(state_of(game), "Ana", cell=(0, 1))
    assert shown["preview"]["refusal"] == ("Row 0, column 1 is not next to a placed Destiny tile.")
    assert shown["preview"]["rule"] == "B1"
    assert "gain" not in shown["preview"]


def test_tapping_a_cell_shows_the_gain_and_placing_confirms_it(client, game, player) -> None:
    at_the_table(client, player, game)
    url = seat_url(game, "Ana")
    page = client.get(url)
    cells = re.findall(r'<a class="cell open[^"]*"[^>]*data-legal', text(page))
    assert len(cells) == 4
    assert not has_id(page, "destiny-gain")
    page = client.get(url, {"end": "bottom", "row": 2, "col": 3}, HTTP_ACCEPT_LANGUAGE="pt-BR")
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    bottom = game.content["destiny"]["tiles"]
    tile = next(t for t in bottom if t["id"] == ana.document["destiny_supply"][-1])
    gain = by_id(page, "destiny-gain")
    with translation.override("pt-br"):
        for colour in set(tile["actions"]):
            assert f"{mark(colour)} {word(colour)}" in gain
    assert "roxo" in gain  # the bottom tile shows purple twice: in the reader's language
    element(page, "destiny-preview")
    body = text(page)
    assert 'name="row" value="2"' in body
    assert 'name="col" value="3"' in body
    assert 'name="end" value="bottom"' in body
    assert BonfireSeat.objects.get(pk=ana.pk).document["destiny"] == ana.document["destiny"]
    done = client.post(
        seat_url(game, "Ana", "move"),
        {"version": 0, "kind": "place_destiny", "end": "bottom", "row": 2, "col": 3},
    )
    assert done.status_code == 302
    ana.refresh_from_db()
    assert {"cell": [2, 3], "tile": tile["id"]} in ana.document["destiny"]


def test_a_refused_tap_shows_the_reason_and_no_place_button(client, game, player) -> None:
    at_the_table(client, player, game)
    page = client.get(seat_url(game, "Ana"), {"row": 0, "col": 1})
    preview = by_id(page, "destiny-preview")
    assert "Row 0, column 1 is not next to a placed Destiny tile." in preview
    assert "Rule B1" in preview
    assert "Place the tile" not in preview


def test_no_tile_id_shows_on_the_destiny_area(client, game, player) -> None:
    at_the_table(client, player, game)
    page = text(client.get(seat_url(game, "Ana"), HTTP_ACCEPT_LANGUAGE="pt-BR"))
    ids = {t["id"] for t in default_content()["destiny"]["tiles"]}
    visible = re.sub(r"<[^>]+>", " ", page)
    assert not {i for i in ids if re.search(rf"\b{i}\b", visible)}
    assert "Área de Destino" in visible  # the seed's word


def test_a_device_that_does_not_play_for_her_cannot_tap(client, game, viewer) -> None:
    at_the_table(client, viewer, game)
    page = client.get(seat_url(game, "Ana"), {"row": 2, "col": 3})
    assert "data-legal" not in text(page)
    assert not has_id(page, "destiny-preview")


def visible_text(page) -> str:
    """What a reader sees: the body without its tags, scripts, styles and attributes."""
    body = text(page).split("<body", 1)[1]
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"<[^>]+>", " ", body)


@pytest.mark.parametrize("language", ["pt-BR", "ca"])
def test_a_players_page_shows_no_id(client, game, player, language) -> None:
    """Islands, tiles, Offerings, Path tiles, Guardians, Bonfires, colours and resources are
    named in the reader's language, never by the content's ids."""
    at_the_table(client, player, game)
    url = seat_url(game, "Ana")
    client.post(
        seat_url(game, "Ana", "move"),
        {"version": 0, "kind": "place_destiny", "end": "top", "row": 2, "col": 3},
    )
    client.post(seat_url(game, "Ana", "move"), {"version": 1, "kind": "build_path", "index": 1})
    page = client.get(url, {"row": 2, "col": 4}, HTTP_ACCEPT_LANGUAGE=language)
    assert has_id(page, "destiny-gain")
    assert ids_shown(visible_text(page)) == set()
    assert ids_shown(visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language))) == set()


def test_an_island_is_tapped_to_sail_there(client, game, player) -> None:
    """Seed 000, p. 8 (B3): the first Ship move costs 1 Action token to any island; each island
    drawn offers "Sail here" with its cost, and the Ship's island is marked and offers none."""
    at_the_table(client, player, game)
    url = seat_url(game, "Ana")
    page = client.get(url)
    islands = default_content()["islands"]
    for number in range(1, len(islands) + 1):
        assert "Sail here (1 token)" in by_id(page, f"island-{number}")
    body = text(page)
    form = re.search(r'<form [^>]*class="inline sail">.*?</form>', body, flags=re.S)
    assert form is not None
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))
    assert fields["kind"] == "move_ship"
    assert fields["to"] == islands[0]["id"]
    done = client.post(seat_url(game, "Ana", "move"), fields)
    assert done.status_code == 302
    assert BonfireSeat.objects.get(play=game, name="Ana").document["ship"] == islands[0]["id"]
    page = client.get(url)
    assert "Your Ship" in by_id(page, "island-1")
    assert "Sail here" not in by_id(page, "island-1")
    assert "Sail here (1 token)" in by_id(page, "island-2")  # one route away: 1 token


def test_an_offering_is_tapped_to_receive_a_task(client, game, player) -> None:
    """Seed 000, p. 9 (B4): at the Ship's island, a face-up Offering and 1 Action tile for the
    first Offering there; each way the engine takes is one button, its Offering and tiles said
    in words."""
    at_the_table(client, player, game)
    url = seat_url(game, "Ana")
    assert not has_id(client.get(url), "my-offers")  # the Ship is at no island yet
    client.post(seat_url(game, "Ana", "move"), {"version": 0, "kind": "move_ship", "to": "ember"})
    page = client.get(url)
    offers = by_id(page, "my-offers")
    state = state_of(game)
    ways = [m for m in bonfire.legal_moves(state) if m["kind"] == "take_task"]
    assert offers.count(" · paying ") == len(ways) == 2
    assert "Offering 1. ≈ fish · paying 1 ★ yellow" in offers
    form = re.search(r'<div id="my-offers".*?<form [^>]*>(.*?)</form>', text(page), flags=re.S)
    assert form is not None
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(1)))
    assert client.post(seat_url(game, "Ana", "move"), fields).status_code == 302
    ana = BonfireSeat.objects.get(play=game, name="Ana").document
    assert any(ana["tasks"])
    assert "o01" not in ana["offerings"][:2]
