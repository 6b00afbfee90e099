"""Every refusal of the Bonfire engine, posted through the move view, reads in the reader's
language: the catalog's sentence, its islands, Tasks and High Council spaces named by the content
pack's names in that language, and none of the engine's English details.

Each case arranges Ana's board (and the shared board) through the engine, then posts the move form
as the page sends it. Every engine code is reachable through the view, so none is checked through
the refusal table alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from games.bonfire import forms, refusals, services
from games.content.bonfire import default_content
from games.models import BonfirePlay, BonfireSeat
from games.rules import bonfire
from games.rules.bonfire import CODES, FORMAT
from tests.support.pages import element_attribute, text

Arrange = Callable[[bonfire.State], bonfire.State]


def same(state: bonfire.State) -> bonfire.State:
    return state


def on_board(**fields: Any) -> Arrange:
    return lambda state: dataclasses.replace(state, **fields)


def three_offerings_on_ember(state: bonfire.State) -> bonfire.State:
    made = (("Ana", "o04"), ("Ana", "o05"), ("Ana", "o06"))
    return dataclasses.replace(
        state,
        island_offerings=tuple(
            (island, made if island == "ember" else held) for island, held in state.island_offerings
        ),
    )


def ember_without_tasks(state: bonfire.State) -> bonfire.State:
    return dataclasses.replace(
        state,
        island_tasks=tuple((i, () if i == "ember" else t) for i, t in state.island_tasks),
    )


def hearth_holds_red(state: bonfire.State) -> bonfire.State:
    return dataclasses.replace(
        state,
        council=tuple((s, (("red", "Ben"),) if s == "hearth" else n) for s, n in state.council),
    )


AT_EMBER = {"ship": "ember", "offerings": ["o01", "o02", "o03"], "tiles": {"red": 2}}
TASK = {"kind": "take_task", "island": "ember", "offering": "o01", "tiles_red": 1}
FED = {"resources": {"fish": 1}}
# code: (Ana's fields, the board arranged, who posts, the form, the engine's params)
CASES: dict[str, tuple[dict[str, Any], Arrange, str, dict[str, Any], dict[str, Any]]] = {
    "not-your-turn": ({}, same, "Ben", {"kind": "end_turn"}, {"seat": "Ana", "player": "Ben"}),
    "bad-move": ({}, same, "Ana", {"kind": "fulfil_common", "task": "zz"}, {"field": "task"}),
    "not-adjacent": (
        {"destiny_supply": ["d01"]},
        same,
        "Ana",
        {"kind": "place_destiny", "end": "top", "row": 0, "col": 1},
        {"row": 0, "col": 1},
    ),
    "off-area": (
        {"destiny_supply": ["d01"]},
        same,
        "Ana",
        {"kind": "place_destiny", "end": "top", "row": 0, "col": 0},
        {"row": 0, "col": 0},
    ),
    "overlap": (
        {"destiny_supply": ["d01"]},
        same,
        "Ana",
        {"kind": "place_destiny", "end": "bottom", "row": 2, "col": 2},
        {"row": 2, "col": 2, "tile": "d00"},
    ),
    "no-destiny-tile": (
        {},
        same,
        "Ana",
        {"kind": "place_destiny", "end": "top", "row": 2, "col": 3},
        {},
    ),
    "cannot-pay": (
        {"tiles": {"yellow": 1}},
        same,
        "Ana",
        {"kind": "pay", "cost_purple": 3},
        {"cost": {"purple": 3}, "have": {"yellow": 1}},
    ),
    "same-island": (
        {"ship": "ember", "tokens": 3},
        same,
        "Ana",
        {"kind": "move_ship", "to": "ember"},
        {"island": "ember"},
    ),
    "unknown-island": (
        {"tokens": 3},
        same,
        "Ana",
        {"kind": "move_ship", "to": "atlantis"},
        {"island": "atlantis"},
    ),
    "not-after-move": ({"ship": "ember"}, same, "Ana", {"kind": "island_action"}, {}),
    "no-such-path-token": (
        {"tokens": 3},
        same,
        "Ana",
        {"kind": "build_path", "index": 7},
        {"position": 7},
    ),
    "not-at-island": (
        {**AT_EMBER, "ship": "tidewatch"},
        same,
        "Ana",
        TASK,
        {"island": "ember"},
    ),
    "not-face-up": (AT_EMBER, same, "Ana", {**TASK, "offering": "o03"}, {"offering": "o03"}),
    "wrong-count": (
        AT_EMBER,
        same,
        "Ana",
        {**TASK, "tiles_red": 2},
        {"island": "ember", "due": 1, "given": 2},
    ),
    "no-more-offerings": (
        AT_EMBER,
        three_offerings_on_ember,
        "Ana",
        TASK,
        {"island": "ember", "most": 3},
    ),
    "no-task-left": (AT_EMBER, ember_without_tasks, "Ana", TASK, {"island": "ember"}),
    "no-task-space": (
        {**AT_EMBER, "tasks": [{"task": "t03"}, {"task": "t04"}, {"task": "t05"}]},
        same,
        "Ana",
        TASK,
        {},
    ),
    "not-fulfilled": (
        {"tasks": [{"task": "t01"}, None, None]},
        same,
        "Ana",
        {"kind": "light_bonfire", "space": 1, "council": "hearth"},
        {"task": "t01"},
    ),
    "no-task-there": (
        {},
        same,
        "Ana",
        {"kind": "light_bonfire", "space": 2, "council": "hearth"},
        {"space": 2},
    ),
    "already-lit": (
        {"tasks": [{"task": "t01", "lit": True}, None, None]},
        same,
        "Ana",
        {"kind": "light_bonfire", "space": 1, "council": "hearth"},
        {"space": 1},
    ),
    "novice-colour-taken": (
        {**FED, "tasks": [{"task": "t01"}, None, None]},
        hearth_holds_red,
        "Ana",
        {"kind": "light_bonfire", "space": 1, "council": "hearth"},
        {"council": "hearth", "colour": "red"},
    ),
    "unknown-space": (
        {"neutral_novices": 1},
        same,
        "Ana",
        {"kind": "place_neutral", "council": "nowhere"},
        {"council": "nowhere"},
    ),
    "no-neutral-novice": ({}, same, "Ana", {"kind": "place_neutral", "council": "hearth"}, {}),
    "common-task-done": (
        FED,
        on_board(common_done=(("c1", "Ana"),)),
        "Ana",
        {"kind": "fulfil_common", "task": "c1"},
        {"task": "c1"},
    ),
    "space-taken": (
        {"markers": 2},
        same,
        "Ana",
        {"kind": "advance_guardians", "guardian_1": 1},
        {"space": "g2"},
    ),
    "guardian-order": (
        {"markers": 2},
        same,
        "Ana",
        {"kind": "advance_guardians", "guardian_1": 1, "guardian_2": 2},
        {},
    ),
    "end-of-path": (
        {"markers": 2, "guardians": ["g1", "g9"]},
        same,
        "Ana",
        {"kind": "advance_guardians", "guardian_1": 2},
        {"tile": "g9"},
    ),
    "no-portal": (
        {"markers": 2},
        same,
        "Ana",
        {"kind": "advance_guardians", "guardian_1": 2, "portal_1": "on"},
        {"tile": "g2"},
    ),
    "at-bonfire": (
        {"markers": 2, "guardians": ["b1", "g2"]},
        same,
        "Ana",
        {"kind": "advance_guardians", "guardian_1": 1},
        {"guardian": 1, "bonfire": "b1"},
    ),
    "no-such-guardian": (
        {"markers": 2},
        same,
        "Ana",
        {"kind": "advance_guardians", "guardian_1": 5},
        {"guardian": 5},
    ),
}


def test_every_engine_code_is_posted() -> None:
    assert set(CASES) == set(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_refusal_links_to_the_rule_the_engine_names(code) -> None:
    """The code's rule (``RULE_OF``: ``cannot-pay`` is B2's unless a refusal names B3, B4 or B6)
    is a rule of the Bonfire reference; turn order and a move's shape are no rule of the seed."""
    entry = refusals.BONFIRE_REFUSALS[code]
    assert entry.rule == bonfire.RULE_OF[code].lower()
    if entry.rule:
        assert entry.url == f"/reference/bonfire/#{entry.rule}"


def refused_page(client: Any, url: str, form: dict[str, Any], language: str) -> Any:
    """The move posted: redirected to the player's page (Post/Redirect/Get), which says why."""
    posted = client.post(url, form, HTTP_ACCEPT_LANGUAGE=language)
    assert posted.status_code == 302
    return client.get(posted["Location"], HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def game(group, owner) -> BonfirePlay:
    return services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )


def arrange(game: BonfirePlay, ana: dict[str, Any], board: Arrange) -> bonfire.State:
    """Store the game as the engine starts it with Ana's ``ana`` fields, ``board`` applied."""
    players = [{"name": "Ana", **ana}, {"name": "Ben"}]
    setup = {"format": FORMAT, "content": game.content, "players": players}
    data = bonfire.to_json(board(bonfire.new_game(setup)))
    BonfirePlay.objects.filter(pk=game.pk).update(board=data["board"])
    for document in data["players"]:
        BonfireSeat.objects.filter(play=game, name=document["name"]).update(document=document)
    return bonfire.from_json(data)


@pytest.mark.parametrize("code", sorted(CASES))
@pytest.mark.parametrize("language", ["pt-br", "ca"])
def test_each_refusal_reads_in_the_reader_s_language(client, game, player, code, language):
    ana, board, who, form, params = CASES[code]
    state = arrange(game, ana, board)
    seat = BonfireSeat.objects.get(play=game, name=who)
    url = reverse("bonfire:move", args=[game.group_id, game.pk, seat.pk])
    client.force_login(player)
    page = refused_page(client, url, {"version": 0, **form}, language)
    refusal = bonfire.IllegalMove(code, "", params=params)
    with translation.override(language):
        expected = refusals.sentence(refusal, state.content)
    with translation.override("en"):
        english = refusals.sentence(refusal, state.content)
    assert expected != english
    body = text(page)
    assert expected in body
    assert english not in body
    assert f'data-code="{code}"' in body
    rule = bonfire.RULE_OF[code] if code != "cannot-pay" else "B2"
    if rule:
        assert f"{reverse('bonfire:rules', args=[game.group_id])}#{rule}" in body
    assert element_attribute(page, "my-board", "aria-label")  # the page is shown again


@pytest.mark.parametrize(
    ("code", "language", "sentence"),
    [
        (
            "not-at-island",
            "pt-br",
            "Seu Navio não está em Rocha da Brasa: navegue até lá primeiro.",
        ),
        ("not-at-island", "ca", "El teu Vaixell no és a Roca de la Brasa: primer navega-hi."),
        ("not-fulfilled", "pt-br", "A Tarefa “Remendar as redes” ainda não foi cumprida."),
        (
            "novice-colour-taken",
            "ca",
            "Seient de la Llar ja té un Novici del color vermell.",
        ),
        ("cannot-pay", "pt-br", "Isto custa 3 roxo; você tem 1 amarelo."),
        ("not-your-turn", "ca", "És el torn d’Ana."),
        ("space-taken", "pt-br", "Peça de Caminho 2 já tem um Guardião."),
        ("no-portal", "ca", "La fitxa de Camí 2 no té Portal."),
    ],
)
def test_names_and_words_are_the_reader_s(client, game, player, code, language, sentence):
    """Islands, Tasks and High Council spaces by the content pack's names, colours by their words,
    in the reader's language: written out here as a reader reads them."""
    ana, board, who, form, _ = CASES[code]
    arrange(game, ana, board)
    seat = BonfireSeat.objects.get(play=game, name=who)
    client.force_login(player)
    url = reverse("bonfire:move", args=[game.group_id, game.pk, seat.pk])
    assert sentence in text(refused_page(client, url, {"version": 0, **form}, language))


def test_a_version_that_is_no_number_is_refused_naming_the_field(client, game, player) -> None:
    """The engine sees no versions: the move form refuses one that is not a whole number."""
    client.force_login(player)
    seat = BonfireSeat.objects.get(play=game, name="Ana")
    url = reverse("bonfire:move", args=[game.group_id, game.pk, seat.pk])
    page = refused_page(client, url, {"version": "zero", "kind": "end_turn"}, "en")
    assert "Version: Enter a whole number." in text(page)
    assert BonfireSeat.objects.get(pk=seat.pk).version == 0


def test_amounts_name_every_currency() -> None:
    """Action tokens and markers are counted apart from tiles and Resources (seed 000)."""
    with translation.override("pt-br"):
        assert refusals.amounts({"action-tokens": 2, "action-markers": 1, "fish": 1}) == (
            "2 Fichas de Ação, 1 Marcador de Ação, 1 peixe"
        )
        assert refusals.amounts({}) == "nada"


@pytest.mark.parametrize("language", ["en", "pt-br", "ca"])
def test_a_move_missing_its_fields_names_them_as_the_form_labels_them(
    client, game, player, language
) -> None:
    """A placement sent without its end, row and column: the page names each by its label in the
    reader's language, never by the field's name in the code ("row", "col")."""
    client.force_login(player)
    seat = BonfireSeat.objects.get(play=game, name="Ana")
    url = reverse("bonfire:move", args=[game.group_id, game.pk, seat.pk])
    page = text(refused_page(client, url, {"version": 0, "kind": "place_destiny"}, language))
    with translation.override(language):
        labels = [str(forms.MoveForm.base_fields[name].label) for name in ("end", "row", "col")]
        needed = str(forms.REQUIRED_FOR_MOVE)
        headline = refusals.BONFIRE_REFUSALS["bad-move"].render(field=labels[0])
    assert headline in page
    assert " ".join(f"{label}: {needed}" for label in labels) in page
    assert "row:" not in page
    assert "col:" not in page
