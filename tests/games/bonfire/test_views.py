"""Pages of the Bonfire turn helper: scoped to the group, refusals shown, nothing half-saved."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from games.bonfire import services
from games.bonfire.forms import MOST_PLAYERS
from games.bonfire.refusals import BONFIRE_REFUSALS
from games.content.bonfire import default_content, default_supply
from games.models import BonfirePlay, BonfireSeat
from games.people import people_names
from games.rules.bonfire import CODES
from groups.models import Membership
from tests.support.pages import (
    by_id,
    element,
    element_attribute,
    element_text,
    has_id,
    source_text,
    text,
)
from tests.support.seats import bind


@pytest.fixture
def game(group, owner):
    return services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


def seat_url(game, name, view="seat"):
    seat = BonfireSeat.objects.get(play=game, name=name)
    return reverse(f"bonfire:{view}", args=[game.group_id, game.pk, seat.pk])


def test_every_engine_code_has_a_sentence() -> None:
    assert set(BONFIRE_REFUSALS) == set(CODES)


def start_data(*names: str, content: str | None = None, **fields: object) -> dict[str, object]:
    """The start form as the page fills it: ``names`` seated in order, the pack's supply."""
    supply = default_supply()
    data: dict[str, object] = {
        "name": "Friday",
        "players": "\n".join(names),
        "content": content if content is not None else json.dumps(default_content()),
        "tokens": supply.tokens,
        "markers": supply.markers,
    }
    for colour in default_content()["colours"]:
        data[f"tiles_{colour}"] = supply.tiles.get(colour, 0)
    for resource in default_content()["resources"]:
        data[f"resources_{resource}"] = supply.resources.get(resource, 0)
    return {**data, **fields}


def test_games_page_and_start(client, group, owner) -> None:
    client.force_login(owner)
    url = reverse("bonfire:games", args=[group.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "sample content" in text(page)
    done = client.post(url, start_data("Ana", "Ben"))
    game = BonfirePlay.objects.get(group=group)
    assert done.status_code == 302
    assert done["Location"] == reverse("bonfire:play", args=[group.pk, game.pk])
    assert "Ana" in text(client.get(done["Location"]))
    assert [s.name for s in game.seats.order_by("position")] == ["Ana", "Ben"]


def test_the_players_are_seated_in_the_order_given(client, group, owner) -> None:
    client.force_login(owner)
    url = reverse("bonfire:games", args=[group.pk])
    assert client.post(url, start_data("Cora", "ana", "Ben")).status_code == 302
    game = BonfirePlay.objects.get(group=group)
    assert [s.name for s in game.seats.order_by("position")] == ["Cora", "ana", "Ben"]
    assert game.board["turn"] == "Cora"  # the first seat starts


def test_the_form_offers_the_groups_people(client, group, owner, player, viewer) -> None:
    """Tapped from the group's people (``games.people``), members who may play or not."""
    client.force_login(owner)
    page = text(client.get(reverse("bonfire:games", args=[group.pk])))
    offered = set(re.findall(r'data-seat="([^"]+)"', page))
    assert offered == set(people_names(group))
    assert {owner.username, player.username} <= offered


def test_start_form_shows_the_packs_supply(client, group, owner) -> None:
    """Closed under one line that says what each player gets, the numbers filled in under it."""
    client.force_login(owner)
    page = client.get(reverse("bonfire:games", args=[group.pk]))
    assert by_id(page, "supply-summary") == (
        "1 yellow, 3 Action tokens, 2 Action markers, 2 fish, 2 herbs, 2 stone, 2 wood"
    )
    assert "open" not in element(page, "supply-details").attributes
    supply = default_supply()
    assert element_attribute(page, "id_tiles_yellow", "value") == str(supply.tiles["yellow"])
    assert element_attribute(page, "id_tiles_red", "value") == "0"
    assert element_attribute(page, "id_tokens", "value") == str(supply.tokens)
    assert element_attribute(page, "id_markers", "value") == str(supply.markers)
    assert element_attribute(page, "id_resources_fish", "value") == str(supply.resources["fish"])


def test_the_form_speaks_the_readers_language_and_hides_the_json(client, group, owner) -> None:
    """Every label is a word of the reader's language; the content's JSON waits under an
    advanced disclosure, closed."""
    client.force_login(owner)
    page = client.get(reverse("bonfire:games", args=[group.pk]), HTTP_ACCEPT_LANGUAGE="pt-BR")
    supply = by_id(page, "supply")
    for word in ("peixe", "ervas", "pedra", "madeira", "amarelo", "Fichas de Ação"):
        assert word in supply
    for ident in (*default_content()["colours"], *default_content()["resources"]):
        assert not re.search(rf"\b{ident}\b", supply)
    advanced = element(page, "advanced")
    assert "open" not in advanced.attributes
    assert has_id(page, "id_content")
    assert "id_content" in source_text(page).split('id="advanced"')[1]


def test_every_player_starts_with_the_supply_chosen(client, group, owner) -> None:
    """The three currencies stay apart (seed 000): tiles by colour, tokens, markers."""
    client.force_login(owner)
    data = start_data(
        "Ana",
        "Ben",
        tiles_yellow=3,
        tiles_red=2,
        tokens=5,
        markers=0,
        resources_wood=0,
        resources_fish=4,
    )
    assert client.post(reverse("bonfire:games", args=[group.pk]), data).status_code == 302
    for seat in BonfireSeat.objects.order_by("position"):
        document = seat.document
        assert document["tiles"] == {"red": 2, "yellow": 3}
        assert (document["tokens"], document["markers"]) == (5, 0)
        assert document["resources"] == {"fish": 4, "herbs": 2, "stone": 2}


@pytest.mark.parametrize(
    ("data", "where", "message"),
    [
        (start_data(), "id_players_errors", "Enter the name of at least one player."),
        (start_data("Ana", "ana"), "id_players_errors", "Each player needs a different name."),
        (
            start_data(*"ABCDEFG"),
            "id_players_errors",
            f"A game has at most {MOST_PLAYERS} players.",
        ),
        (
            start_data("Ana", tokens="-1"),
            "id_tokens_errors",
            "Ensure this value is greater than or equal to 0.",
        ),
        (
            start_data("Ana", tiles_yellow="many"),
            "id_tiles_yellow_errors",
            "Enter a whole number.",
        ),
        (start_data("Ana", markers=""), "id_markers_errors", "Enter a number (0 for none)."),
        (
            start_data(
                "Ana",
                content=json.dumps(
                    {**default_content(), "resources": ["fish", "herbs", "stone"]}
                ).replace('"wood"', '"stone"'),
            ),
            "id_resources_wood_errors",
            "The content has no Resource “wood”: leave it at 0 or add it there.",
        ),
        (start_data("Ana", content="{"), "id_content_errors", "The content is not valid JSON"),
        (
            start_data("Ana", content='{"colours": []}'),
            "id_content_errors",
            "The content breaks a rule of the format: content.resources: missing",
        ),
    ],
)
def test_start_refusals_next_to_the_field(client, group, owner, data, where, message) -> None:
    client.force_login(owner)
    page = client.post(reverse("bonfire:games", args=[group.pk]), data)
    assert page.status_code == 400
    assert message in element_text(page, where)
    if where == "id_content_errors":
        assert "open" in element(page, "advanced").attributes
    assert not BonfirePlay.objects.exists()


def test_outsiders_get_404_and_viewers_cannot_move(client, game, outsider, viewer) -> None:
    client.force_login(outsider)
    assert client.get(seat_url(game, "Ana")).status_code == 404
    assert client.get(reverse("bonfire:play", args=[game.group_id, game.pk])).status_code == 404
    client.force_login(viewer)
    assert client.get(seat_url(game, "Ana")).status_code == 200
    answer = client.post(seat_url(game, "Ana", "move"), {"version": 0, "kind": "end_turn"})
    assert answer.status_code == 403


def test_move_and_refusal_with_its_rule(client, game, player) -> None:
    """Seed 000, p. 8 (B3): a Ship move, then a second one Ana cannot pay."""
    client.force_login(player)
    move_url = seat_url(game, "Ana", "move")
    done = client.post(move_url, {"version": 0, "kind": "move_ship", "to": "ember"})
    assert done.status_code == 302
    page = client.get(done["Location"])
    assert "Done: Move the Ship." in text(page)
    refused = client.post(move_url, {"version": 1, "kind": "move_ship", "to": "saltspire"})
    assert refused.status_code == 302
    assert refused["Location"] == done["Location"]
    body = text(client.get(refused["Location"]))
    assert "This costs 3 Action tokens; you have 2 Action tokens." in body
    assert "sailing to saltspire" not in body  # the engine's English details stay in its logs
    assert f"{reverse('bonfire:rules', args=[game.group_id])}#B3" in body
    assert BonfireSeat.objects.get(play=game, name="Ana").document["ship"] == "ember"


def test_stale_device_gets_the_current_board(client, game, player) -> None:
    client.force_login(player)
    move_url = seat_url(game, "Ana", "move")
    client.post(move_url, {"version": 0, "kind": "build_path", "index": 1})
    stale = client.post(move_url, {"version": 0, "kind": "build_path", "index": 1})
    assert stale.status_code == 302
    # What changed the board: the first device's move, said by whom.
    assert "just played: the table below is the current one." in text(client.get(stale["Location"]))
    assert BonfireSeat.objects.get(play=game, name="Ana").document["path_tokens"] == ["p01"]


def test_incomplete_move(client, game, player) -> None:
    client.force_login(player)
    page = client.post(seat_url(game, "Ana", "move"), {"version": 0, "kind": "place_destiny"})
    assert page.status_code == 302
    assert "This move needs it." in text(client.get(page["Location"]))
    page = client.post(seat_url(game, "Ana", "move"), {"version": 0, "kind": "advance_guardians"})
    assert "Choose the Guardian of at least one step." in text(client.get(page["Location"]))


def test_moves_through_the_form(client, game, player) -> None:
    """Seed 000 B1, B2, B6 and B5 through the page's forms (Guardians numbered from 1)."""
    client.force_login(player)
    url = seat_url(game, "Ana", "move")
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    top = ana.document["destiny_supply"][0]
    steps = [
        {"kind": "place_destiny", "end": "top", "row": 2, "col": 3},
        {"kind": "pay", "cost_purple": 1, "plan_yellow": 1},
        {"kind": "advance_guardians", "guardian_1": 2, "guardian_2": 2},
        {"kind": "fulfil_common", "task": "c1"},
        {"kind": "place_neutral", "council": "hearth"},
        {"kind": "end_turn"},
    ]
    for version, step in enumerate(steps):
        assert client.post(url, {"version": version, **step}).status_code == 302, step
    ana.refresh_from_db()
    assert {"cell": [2, 3], "tile": top} in ana.document["destiny"]
    assert ana.document["guardians"] == ["g1", "g4"]
    assert ana.document["markers"] == 2  # 2 paid for the steps, 2 from the Seat of the Hearth
    game.refresh_from_db()
    assert game.board["council"]["hearth"] == [{"colour": "neutral", "player": "Ana"}]
    assert game.board["turn"] == "Ben"


def test_payment_preview_lists_the_ways(client, game, player) -> None:
    """Seed 000, p. 8 (B2): purple lacking: 1 yellow, or any 2 tiles. The cost is named by
    tapping tiles: each colour's link adds one, each chosen one's link takes one off."""
    client.force_login(player)
    bind(client, f"bonfire:{game.pk}", "Ana")
    page = client.get(seat_url(game, "Ana"), {"cost_purple": 1})
    assert "Pay with 1 ★ yellow" in by_id(page, "plans")
    links = re.findall(r'href="([^"]*#pay)"', source_text(page))
    assert links[3].endswith("?cost_purple=2#pay")  # purple, the fourth colour, once more
    assert links[0].endswith("?cost_purple=1&amp;cost_blue=1#pay")  # blue added to it
    assert links[6].endswith("/#pay")  # the last purple off: no cost left
    page = client.get(seat_url(game, "Ana"), {"cost_purple": 3})
    assert "You cannot pay this" in text(page)


def test_a_bonfire_is_lit_by_tapping_its_task_then_a_council_space(client, game, player) -> None:
    """Seed 000, p. 11 (B5): a fulfilled Task is tapped, then the High Council's spaces offer its
    Novice; an unfulfilled Task offers nothing to light."""
    ana = BonfireSeat.objects.get(play=game, name="Ana")
    ana.document["tasks"] = [{"task": "t01", "lit": False}, {"task": "t02", "lit": False}, None]
    ana.save()
    client.force_login(player)
    bind(client, f"bonfire:{game.pk}", "Ana")
    page = source_text(client.get(seat_url(game, "Ana")))
    assert page.count("?light=1") == 2  # t01 wants 1 fish (Ana holds 2): its link (and htmx's)
    assert "?light=2" not in page  # t02 wants a Path token
    assert "light_bonfire" not in page
    lighting = client.get(seat_url(game, "Ana"), {"light": 1})
    assert source_text(lighting).count('name="kind" value="light_bonfire"') == 5
    assert "Seat the red Novice on Seat of the Hearth" in by_id(lighting, "my-tasks")
    not_fulfilled = client.get(seat_url(game, "Ana"), {"light": 2})
    assert "light_bonfire" not in source_text(not_fulfilled)


def test_rules_page_shows_the_readings(client, game, player) -> None:
    client.force_login(player)
    page = client.get(reverse("bonfire:rules", args=[game.group_id]))
    body = text(page)
    for rule in ("B1", "B2", "B3", "B4", "B5", "B6"):
        assert f'id="{rule}"' in body
    assert "Our reading:" in body


def test_a_new_game_starts_from_an_earlier_games_content(client, group, owner, game) -> None:
    """The group's edits (here a renamed island and a seventh colour) carry on to its next game."""
    edited = default_content()
    edited["islands"][0]["name"] = "Our own rock"
    edited["colours"] = [*edited["colours"], "black"]
    earlier = services.start_play(
        group=group, by=owner, name="Edited", players=["Ana"], content=edited
    )
    client.force_login(owner)
    url = reverse("bonfire:games", args=[group.pk]) + f"?content_from={earlier.pk}"
    page = client.get(url)
    assert "Our own rock" in element_text(page, "id_content")
    assert "“Edited” started with" in element_text(page, "content-source")
    assert element_attribute(page, "id_tiles_black", "value") == "0"
    data = start_data("Cora", content=json.dumps(edited), tiles_black=2)
    assert client.post(url, data).status_code == 302
    started = BonfirePlay.objects.get(name="Friday", seats__name="Cora")
    assert started.content["islands"][0]["name"] == "Our own rock"
    assert started.seats.get().document["tiles"] == {"black": 2, "yellow": 1}


def test_content_of_another_groups_game_is_404(client, game, outsider) -> None:
    client.force_login(outsider)
    other = Membership.objects.get(user=outsider).group
    url = reverse("bonfire:games", args=[other.pk]) + f"?content_from={game.pk}"
    assert client.get(url).status_code == 404


def test_the_helper_shows_the_packs_names_in_the_readers_language(client, game, owner) -> None:
    """The sample pack names its islands, Tasks, High Council seats and Path tokens in three
    languages; a Path token or a route is named, never shown by its id."""
    client.force_login(owner)
    portuguese = text(client.get(seat_url(game, "Ana"), HTTP_ACCEPT_LANGUAGE="pt-BR"))
    assert "Rocha da Brasa" in portuguese  # the island "ember"
    assert "Assento da Lareira" in portuguese  # a seat of the High Council
    catalan = text(client.get(seat_url(game, "Ana"), HTTP_ACCEPT_LANGUAGE="ca"))
    assert "Roca de la Brasa" in catalan
    assert "Rocha da Brasa" not in catalan
    # the sample's colours and resources are words of the reader's language too
    assert "peixe" in portuguese
    assert "fish" not in portuguese
    assert "vermell" in catalan
    assert ">red " not in catalan
    assert "Ember Rock" not in catalan
    tokens = [t["id"] for t in default_content()["path_tokens"]]
    assert not any(f". {token} (" in catalan for token in tokens)


def test_a_name_the_group_changed_stays_as_they_wrote_it(client, group, owner) -> None:
    content = default_content()
    content["islands"][0]["name"] = "Ilha do Fogo"
    game = services.start_play(
        group=group, by=owner, name="Sábado", players=["Ana", "Ben"], content=content
    )
    client.force_login(owner)
    catalan = text(client.get(seat_url(game, "Ana"), HTTP_ACCEPT_LANGUAGE="ca"))
    assert "Ilha do Fogo" in catalan
    assert "Roca de la Brasa" not in catalan
