"""Solsticio pages: scoped to the group (404 for others), read-only for viewers (403), every move
through the engine with the page's version, and a refused move changes nothing."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import reverse

from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame
from games.rules.solsticio import from_json, legal_moves, new_game, to_json
from games.solsticio import services
from games.solsticio.forms import SAME_NAMES, TWO_PLAYERS
from games.solsticio.refusals import REFUSALS
from tests.games.rules.solsticio.factories import ANA, BRU, choose, passes, play, run, up
from tests.games.rules.solsticio.factories import scenario as engine_scenario
from tests.games.solsticio.test_refusals import block_due, rainbow_due
from tests.support.pages import element_attribute, element_text, text
from tests.support.solsticio import (
    assert_refused,
    earth_name,
    play_to_the_end,
    post_move,
    saved_game,
)


@pytest.fixture
def game(group: Any, player: Any) -> SolsticioGame:
    return services.start_solsticio_game(group=group, players=(ANA, BRU), seed=7, by=player)


def test_a_player_deals_a_game(client: Any, group: Any, player: Any) -> None:
    client.force_login(player)
    url = reverse("solsticio:list", args=[group.pk])
    response = client.get(url)
    assert response.status_code == 200
    assert "Sample content" in text(response)
    response = client.post(url, {"players": "Ana\nBru", "seed": "12"})
    game = SolsticioGame.objects.get(group=group)
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    state = from_json(game.document)
    assert state.players == (ANA, BRU)
    assert state.seed == 12
    assert len(state.display) == 6
    response = client.post(url, {"players": "Ana\nana"})
    assert response.status_code == 400
    assert str(SAME_NAMES) in text(response)
    for players in ("", "Ana", "Ana\nBru\nCy"):
        response = client.post(url, {"players": players})
        assert response.status_code == 400
        assert element_text(response, "id_players_errors") == str(TWO_PLAYERS)
    assert SolsticioGame.objects.count() == 1
    response = client.post(url, {"players": "Ana, Cy"})
    assert from_json(SolsticioGame.objects.get(players=["Ana", "Cy"]).document).seed >= 0


def test_the_page_shows_the_player_due_their_hand_only(
    client: Any, game: SolsticioGame, player: Any
) -> None:
    """On one device the page first hands over (no hand at all in it); once the player due
    reveals, it shows what ``view_for`` gives them: the other hand stays hidden."""
    client.force_login(player)
    state = from_json(game.document)
    waiting = client.get(game.get_absolute_url())
    assert "Pass the device to Ana." in text(waiting)
    for tile in (*state.hands[0], *state.hands[1]):
        assert tile not in waiting.content.decode()
    reveal = reverse("solsticio:reveal", args=[game.group_id, game.pk])
    assert client.post(reveal, {"seat": ANA}).status_code == 302
    response = client.get(game.get_absolute_url())
    body = text(response)
    assert "Ana plays a tile." in body
    for tile in state.hands[0]:
        assert f'data-value="{tile}"' in body
    for tile in state.hands[1]:
        assert tile not in body
    for stack in state.display:
        for tile in stack.face_down:
            assert tile not in body


def test_a_legal_move_is_applied_and_saved(client: Any, game: SolsticioGame, player: Any) -> None:
    client.force_login(player)
    move = legal_moves(from_json(game.document))[0]
    response = post_move(client, game, move)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.version >= 1
    assert from_json(game.document).version == game.version


def test_a_tile_not_in_hand_changes_nothing(client: Any, game: SolsticioGame, player: Any) -> None:
    client.force_login(player)
    assert game.version == 0  # and still after the refused move
    bru_tile = from_json(game.document).hands[1][0]
    name = earth_name(bru_tile)
    assert_refused(client, game, play(ANA, bru_tile), "not-in-hand", tile=name, player=ANA)


def test_a_stale_move_from_a_second_tab_changes_nothing(
    client: Any, game: SolsticioGame, player: Any
) -> None:
    client.force_login(player)
    state = from_json(game.document)
    first = legal_moves(state)[0]
    assert post_move(client, game, first, version=0).status_code == 302
    game.refresh_from_db()
    says = f"{first['seat']} just played: the table below is the current one."
    assert_refused(client, game, first, says, version=0)


def test_a_malformed_post_is_refused(client: Any, game: SolsticioGame, player: Any) -> None:
    client.force_login(player)
    move_url = reverse("solsticio:move", args=[game.group_id, game.pk])
    response = client.post(move_url, {"seat": ANA, "action": "dance"})
    assert response.status_code == 302
    response = client.get(response["Location"])
    assert str(REFUSALS["bad-move"].message) in text(response)


def test_the_evil_spirit_placed_by_the_wrong_player(group: Any, player: Any) -> None:
    """Seed 001, p. 2, S5: the opponent chooses the Spirit the Evil Spirit covers; its holder
    cannot, and nothing is saved."""
    state = new_game(
        engine_scenario(
            ana=["sun1", "moon1"],
            bru=["leaf1"],
            display=[up("sun2"), up("leaf2"), up("moon2")],
            spirits=["evil", "sprite", "oak", "prism", "herald", "keeper"],
            marked=["sun2", "leaf2", "moon2"],
        )
    )
    state = run(
        state,
        play(ANA, "sun1"),
        choose(ANA, "spirit", "evil"),
        play(BRU, "leaf1"),
        choose(BRU, "spirit", "oak"),
        play(ANA, "moon1"),
        choose(ANA, "spirit", "herald"),
        passes(BRU),
        passes(ANA),
    )
    game = saved_game(group, player, state)
    with pytest.raises(services.SolsticioMoveError) as caught:
        services.play_solsticio_move(
            game=game, move=choose(ANA, "cover", "sprite"), version=state.version, by=player
        )
    assert caught.value.code == "not-your-turn"
    assert caught.value.message == REFUSALS["cover-by-holder"].render()
    game.refresh_from_db()
    assert game.document == to_json(state)
    done = services.play_solsticio_move(
        game=game, move=choose(BRU, "cover", "sprite"), version=state.version, by=player
    )
    game.refresh_from_db()
    assert game.over
    assert done.covered == "sprite"


def test_a_whole_game_through_the_page(client: Any, game: SolsticioGame, player: Any) -> None:
    """Every move the page offers is legal, until the scores show."""
    client.force_login(player)
    play_to_the_end(client, game)
    assert game.over
    response = client.get(game.get_absolute_url())
    assert "The game is over" in text(response)
    assert "★" in text(response)


def test_viewers_read_and_others_see_nothing(
    client: Any, game: SolsticioGame, viewer: Any, outsider: Any
) -> None:
    client.force_login(viewer)
    assert client.get(game.get_absolute_url()).status_code == 200
    assert post_move(client, game, legal_moves(from_json(game.document))[0]).status_code == 403
    list_url = reverse("solsticio:list", args=[game.group_id])
    assert client.post(list_url, {"players": "A\nB"}).status_code == 403
    client.force_login(outsider)
    assert client.get(game.get_absolute_url()).status_code == 404
    assert client.get(list_url).status_code == 404


def test_a_capture_of_a_tile_that_cannot_be_captured_changes_nothing(
    client: Any, group: Any, player: Any
) -> None:
    """Seed 001, p. 1, S1: only a tile the played tile can capture may be taken."""
    state = new_game(
        engine_scenario(
            ana=["sun1", "moon1"],
            bru=["leaf1"],
            display=[up("sun2"), up("sun3"), up("moon2")],
            pile=["wave1"],
        )
    )
    state = run(state, play(ANA, "sun1"))
    game = saved_game(group, player, state)
    client.force_login(player)
    body = text(client.get(game.get_absolute_url()))
    assert "Ana captures exactly one tile with ☀ Sun 1★ (S1)." in body
    assert_refused(
        client,
        game,
        choose(ANA, "capture", "moon2"),
        "not-capturable",
        tile="☀ Sun 1★",
        target="☾ Moon 1★",
        options="☀ Sun 1★, ☀ Sun 1★",
    )
    assert game.document == to_json(state)


def test_spirits_and_the_notice_in_the_readers_language(
    client: Any, game: SolsticioGame, player: Any
) -> None:
    """The sample pack names its Spirits in three languages: a game played to its end shows the
    panoramas' Spirits in the reader's language, never the English name."""
    from games.content.solsticio import solsticio_pack

    client.force_login(player)
    state = play_to_the_end(client, game)
    spirits = {s for panorama in state.panoramas for s in panorama.spirits}
    assert spirits, "the seeded game ends with Spirits in the panoramas"
    catalan = text(client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ca"))
    assert "Contingut d’exemple escrit per a Questlog" in catalan
    pack = solsticio_pack()
    shown = [pack.names[s].get("ca") for s in spirits if s in pack.names]
    assert all(name in catalan for name in shown)
    assert not any(pack.names[s].get("en") in catalan for s in spirits if s in pack.names)


def test_the_group_page_says_solsticio_is_played_here(client: Any, group: Any, player: Any) -> None:
    """Games are dealt and played in the browser now, not only tracked from a table."""
    client.force_login(player)
    response = client.get(reverse("groups:detail", args=[group.pk]))
    link = element_text(response, "solsticio-games-link")
    assert link == (
        "Solsticio for two: play it here, on one device passed between you or on two devices"
    )
    assert element_attribute(response, "solsticio-games-link", "href") == reverse(
        "solsticio:list", args=[group.pk]
    )


class _Reader(HTMLParser):
    """What a reader sees (text outside scripts and styles) and hears (``aria-label``s)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.seen: list[str] = []
        self.labels: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")
        label = dict(attrs).get("aria-label")
        if label:
            self.labels.append(label)

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.seen.append(data)


#: How each language reads a tile aloud: its symbol's name and its stars.
SAID = {
    "en": lambda name, n: f"{name} tile, {n} star{'' if n == 1 else 's'}",
    "pt-br": lambda name, n: f"Peça {name}, {n} estrela{'' if n <= 1 else 's'}",
    "ca": lambda name, n: f"Fitxa {name}, {n} estrell{'a' if n == 1 else 'es'}",
}


@pytest.mark.parametrize("language", list(SAID))
def test_tiles_are_drawn_and_named_never_shown_by_id(
    client: Any, game: SolsticioGame, player: Any, language: str
) -> None:
    """Issue "game night on a phone": a Solsticio tile shows its symbol's mark and name, its stars
    and Spirit mark, with an accessible name in the reader's language; its id is nowhere a reader
    sees or hears it (it stays in the form values the page posts)."""
    client.force_login(player)
    reveal = reverse("solsticio:reveal", args=[game.group_id, game.pk])
    assert client.post(reveal, {"seat": ANA}).status_code == 302
    response = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    reader = _Reader()
    reader.feed(response.content.decode())
    seen, heard = " ".join(reader.seen), " ".join(reader.labels)
    pack = solsticio_pack()
    earth = {tile["id"]: tile for tile in pack.content["earth"]}
    assert [tile for tile in earth if re.search(rf"\b{re.escape(tile)}\b", seen + heard)] == []
    symbols = {s.id: s for s in pack.symbols}
    state = from_json(game.document)
    for tile in (*state.hands[0], *(t for stack in state.display for t in stack.face_up)):
        name = symbols[earth[tile]["symbol"]].name.get(language)
        assert SAID[language](name, earth[tile]["stars"]) in heard
        assert f"{symbols[earth[tile]['symbol']].mark}" in seen


@pytest.mark.parametrize("due", [rainbow_due, block_due])
def test_a_place_to_choose_is_a_tap_on_the_panorama(group: Any, player: Any, client: Any, due):
    """Seed 001, p. 2, S3 and S4: the places a Rainbow may go (or the free Rainbows the Keeper may
    sit on) are buttons on the chooser's own panorama, drawn right under the prompt, each named
    by its row and column; no list of coordinates. A tap posts that place."""
    state = due()
    game = saved_game(group, player, state)
    client.force_login(player)
    reveal = reverse("solsticio:reveal", args=[game.group_id, game.pk])
    assert client.post(reveal, {"seat": ANA}).status_code == 302
    response = client.get(game.get_absolute_url())
    page = response.content.decode()
    action = next(key for key in legal_moves(state)[0] if key != "seat")
    places = [move[action] for move in legal_moves(state)]
    assert len(places) >= 2
    panorama = page[
        page.index('id="panorama-1"') : page.index("</section>", page.index('id="panorama-1"'))
    ]
    assert page.index('id="prompt"') < page.index('id="panorama-1"') < page.index('id="display"')
    assert page.index('id="display"') < page.index('id="panorama-2"')
    buttons = re.findall(r'data-action="(\w+)" data-value="([\d,]+)" aria-label="([^"]+)"', page)
    assert buttons == [(action, f"{r},{c}", f"row {r + 1}, column {c + 1}") for r, c in places]
    assert all(f'data-value="{r},{c}"' in panorama for r, c in places)
    assert "Tap one of the marked places of your panorama, just below." in text(response)
    r, c = places[-1]
    assert post_move(client, game, {"seat": ANA, action: [r, c]}).status_code == 302
    game.refresh_from_db()
    assert game.version == state.version + 1
