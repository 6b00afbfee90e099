"""The table and the campaign's history in each reader's language: a refusal is the sentence of
``campaign.table.refusals`` with its rule, an audit entry is stored as a code and read in
whatever language its reader has, and switching language mid-mission changes the texts, never
the game."""

import html
import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.texts import text
from campaign.models import AuditEntry
from campaign.table import services as table
from campaign.table.refusals import refusal
from campaign.table.screen import colours_of, refusal_of
from games import playlog
from games.models import PlayAudit
from games.rules import spirits
from games.rules.spirits import errors
from tests.factories import log_attempt
from tests.support.seats import TableClient

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def attempt(adventure, owner):
    return table.begin_mission(
        adventure=adventure, by=owner, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )


def reader(user, language):
    """A signed-in device of ``user`` whose pages speak ``language`` (chosen with the switcher)."""
    client = TableClient()
    client.force_login(user)
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    return client


def url(attempt, name="table"):
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def element(page, element_id):
    """The text of the element with ``element_id`` (its tags dropped, entities decoded)."""
    found = re.search(rf'<(\w+)[^>]*\bid="{element_id}"[^>]*>(.*?)</\1>', page, re.S)
    assert found, element_id
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(2))).strip()


def href(page, element_id):
    found = re.search(rf'<a[^>]*\bid="{element_id}"[^>]*\bhref="([^"]*)"', page)
    assert found, element_id
    return found.group(1)


def play(client, attempt, card, version):
    data = {"kind": "play", "card": card, "version": version}
    return client.post(url(attempt, "move"), data, **HTMX).content.decode()


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("pt-br", "A carta Azul 3 já foi jogada."),
        ("ca", "La carta Blau 3 ja s’ha jugat."),
    ],
)
def test_a_refusal_reads_in_the_reader_s_language_next_to_its_control_with_its_rule(
    attempt, owner, language, sentence
):
    client = reader(owner, language)
    play(client, attempt, "blue-3", 0)
    page = play(client, attempt, "blue-3", 1)
    # Seed 003, 'Playing a trick': each card is played once; the link is that paragraph.
    assert element(page, "refusal") == sentence + " " + element(page, "refusal-rule")
    with translation.override(language):
        assert element(page, "refusal-rule") == translation.gettext("Read the rule")
    assert href(page, "refusal-rule") == "/reference/spirits/#playing-the-trick"
    picker = page[page.index('<section id="picker"') :]
    assert 'id="refusal"' in picker


def test_a_refusal_names_the_colour_that_must_be_followed(attempt, owner):
    """Hands are unknown at a real table, so the engine never refuses Must Follow there; the
    sentence is checked through the screen's own function, on the trick Ana led in blue."""
    table.submit_move(attempt=attempt, move={"play": "blue-3"}, version=0, by=owner)
    attempt.refresh_from_db()
    state = table.state_of(attempt)
    with translation.override("ca"):
        why = refusal_of(errors.MUST_FOLLOW, state, colours_of(attempt.setup), {"play": "red-2"})
    assert why.text == "Has de jugar Blau: tens una carta del color de sortida."
    assert why.rule == "/reference/spirits/#playing-the-trick"


def test_an_undo_written_in_catalan_reads_in_portuguese(attempt, owner, player):
    catalan, brazilian = reader(owner, "ca"), reader(player, "pt-br")
    play(catalan, attempt, "blue-3", 0)
    catalan.post(url(attempt, "undo"), {"version": 1}, **HTMX)
    entry = AuditEntry.objects.get(adventure=attempt.adventure, action="undo")
    assert entry.code == "move-undone"
    blue_3 = {"en": "Blue 3", "pt-BR": "Azul 3", "ca": "Blau 3"}  # never the card's id
    assert entry.params["move"] == {"code": "move:play", "params": {"card": blue_3}}
    adventure = attempt.adventure
    audit_url = reverse("campaign:audit", args=[adventure.group_id, adventure.pk])
    read = element(brazilian.get(audit_url).content.decode(), f"entry-{entry.pk}")
    assert read == "Desfez a jogada 1 da tentativa 1 (Missão 1): jogou Azul 3."
    in_catalan = element(catalan.get(audit_url).content.decode(), f"entry-{entry.pk}")
    assert in_catalan == "Ha desfet la jugada 1 de l’intent 1 (Missió 1): ha jugat Blau 3."


def test_a_play_log_entry_written_in_catalan_reads_in_portuguese(group, owner):
    with translation.override("ca"):
        playlog.audit(
            group=group,
            play=None,
            by=owner,
            action="import",
            summary=text("play:imported", added=3, skipped=2),
        )
    entry = PlayAudit.objects.get(group=group)
    with translation.override("pt-br"):
        assert entry.summary == "3 partidas importadas do BG Stats (já estavam aqui: 2)."
    with translation.override("ca"):
        assert entry.summary == "S’han importat 3 partides de BG Stats (ja hi eren: 2)."


def test_switching_language_mid_mission_changes_the_texts_and_keeps_the_game(attempt, owner):
    client = reader(owner, "pt-br")
    play(client, attempt, "blue-3", 0)
    play(client, attempt, "blue-5", 1)
    attempt.refresh_from_db()
    state, version = attempt.state, attempt.version
    before = client.get(url(attempt), **HTMX).content.decode()
    assert "Jogar uma carta" in element(before, "status")

    client.post(reverse("set_language"), {"language": "ca", "next": url(attempt)})
    after = client.get(url(attempt), **HTMX).content.decode()
    assert "Juga una carta" in element(after, "status")
    assert "Jogar uma carta" not in after
    attempt.refresh_from_db()
    assert (attempt.state, attempt.version) == (state, version) == (state, 2)
    assert 'data-version="2"' in before
    assert 'data-version="2"' in after
    # The shared render of the region is per language: a Brazilian member still reads Portuguese.
    again = reader(owner, "pt-br").get(url(attempt), **HTMX).content.decode()
    assert "Jogar uma carta" in element(again, "status")


def test_what_an_attempt_changed_reads_in_the_reader_s_language_with_why(adventure, owner):
    """Seed 003, 'Rewards': a White Envelope reward opens the envelope of its letter."""
    for _ in range(4):
        outcome = log_attempt(adventure, by=owner)
    attempt = outcome.attempt
    opened = {
        c["params"]["via"]: c["params"]["name"]
        for c in attempt.changes
        if c["kind"] == "envelope-opened"
    }
    assert sorted(opened) == ["moon-path", "reward"]  # and seed 003, 'The Moon Path'
    # the pack's names are kept in each of its languages
    name, black = opened["reward"]["pt-BR"], opened["moon-path"]["pt-BR"]
    page = reader(owner, "pt-br").get(attempt.get_absolute_url()).content.decode()
    items = [
        (html.unescape(re.sub(r"<[^>]+>", "", item)).strip(), link)
        for item, link in re.findall(
            r'<li class="change change-[\w-]+">(.*?)'
            r'(?:<a class="rule-link" href="([^"]*)">.*?)?</li>',
            page,
        )
    ]
    assert (f"{name} aberto: a recompensa de uma missão.", "/reference/spirits/#rewards") in items
    assert (
        f"{black} aberto: sua casa do Caminho da Lua foi marcada.",
        "/reference/spirits/#moon-path",
    ) in items
    assert ("Missão 4 concluída.", "") in items
    assert " completed." not in page


def test_the_note_the_table_writes_reads_in_the_reader_s_language(attempt, owner, player):
    reader(owner, "ca").post(url(attempt, "abandon"), {"version": 0}, **HTMX)
    note = attempt.notes.get()
    assert (note.code, note.text) == ("note:abandoned", "")
    page = reader(player, "pt-br").get(attempt.get_absolute_url()).content.decode()
    found = re.search(r'<li class="note"><p>(.*?)</p>', page)
    assert found
    assert found.group(1) == "Missão abandonada na mesa."


def test_why_a_power_space_is_locked_reads_in_the_reader_s_language_with_its_rule(
    adventure, player
):
    """Seed 003, 'Rewards': Power tiles go on unlocked Power spaces only (a Totem unlocks one)."""
    for _ in range(4):
        log_attempt(adventure)  # Missions 1-4: Grove unlocked (2), Gust of Wind available (4)
    adventure.refresh_from_db()
    log_url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    data = {
        "number": 5,
        "mission": adventure.current_mission,
        "result": "success",
        "players": "Ana\nBen",
        "rounds_played": "7",
        "played_on": "2025-03-01",
        "space_summit": "gust",
    }
    response = reader(player, "ca").post(log_url, data)
    assert response.status_code == 400
    page = response.content.decode()
    errors = element(page, "id_space_summit_errors")
    assert errors.startswith(
        "Espai del Cim està bloquejat: una fitxa de Poder només pot anar en un espai de Poder "
        "desbloquejat."
    )
    assert 'href="/reference/spirits/#rewards"' in page


def test_what_a_correction_changed_reads_in_the_reader_s_language(adventure, owner):
    from campaign import services
    from campaign.models import MissionAttempt

    for _ in range(4):
        log_attempt(adventure, by=owner)
    attempt = MissionAttempt.objects.get(adventure=adventure, number=2)
    data = services.AttemptData(
        mission=2, result="failure", reason="coloured-edge", players=["Ana", "Ben"]
    )
    with translation.override("ca"):
        services.edit_attempt(attempt=attempt, data=data, by=owner, log_version=None)
    entry = AuditEntry.objects.filter(adventure=adventure, action="edit").get()
    with translation.override("pt-br"):
        assert entry.summary == "Tentativa 2 corrigida (Missão 2, fracasso)."
        lines = entry.detail_lines
    assert "Próxima missão: Missão 5 → Missão 2" in lines
    assert "Espaço de Poder Espaço do Bosque: não está mais desbloqueado" in lines
    assert any(
        line.startswith("Tentativa 3: A Missão 3 não era a missão a jogar") for line in lines
    )


def test_a_move_log_that_no_longer_replays_says_why_in_the_reader_s_language(attempt):
    from campaign.replay import replay_attempt

    with translation.override("pt-br"):
        replay = replay_attempt(attempt.setup, [{"play": "blue-3"}, {"play": "blue-3"}])
    assert replay.error == (
        "O registro de jogadas não se reproduz mais a partir da jogada 2: "
        "A carta Azul 3 já foi jogada."
    )


# --- Every refusal of the engine, through the table's move view -------------------------------

TRICK = [{"play": "blue-1"}, {"play": "blue-2"}, {"play": "red-3"}]
FIRST_TWO = TRICK[:2]
AUTOMA_PLAYS = {"automa": "river", "card": "blue-3", "refill": "red-8"}
AUTOMA_TRICK = [*FIRST_TWO, AUTOMA_PLAYS]
RIVER_WITH_BLUE = ["blue-3", "red-1", "red-2", "green-1"]
RIVER_WITHOUT_BLUE = ["red-1", "red-2", "green-1", "green-2"]
RIVER_PLAY = {"kind": "automa-river", "card": "blue-3", "refill": "red-8"}


def with_automa(setup, river=RIVER_WITH_BLUE, deck_size=6):
    return {
        **setup,
        "players": ["Ana", "Ben"],
        "automa": {"deck_size": deck_size, "river": river, "kakapo": "Ana"},
    }


def placement(setup, moves):
    """A legal placement of the Decision card's Spirit tile after ``moves`` (the engine's)."""
    state, error = spirits.replay(setup, moves)
    assert error is None
    return spirits.legal_placements(state)[0]


def shifted(cells, rows, cols):
    return json.dumps([[r + rows, c + cols] for r, c in cells])


def with_tokens(setup, *tokens, cells=()):
    """``setup`` with ``tokens`` on the first ``cells``, one each."""
    placed = [
        {**token, "cell": cell} for token, cell in zip(tokens, cells[: len(tokens)], strict=True)
    ]
    return {**setup, "board": {**setup["board"], "tokens": [*setup["board"]["tokens"], *placed]}}


def placing(form):
    return lambda setup: (setup, TRICK, form)


def off_board(setup):
    cells = placement(setup, TRICK)
    return setup, TRICK, {"kind": "place", "cells": shifted(cells, 0, 12)}


def overlap(setup):
    cells = placement(setup, TRICK)
    (row, col), *_ = cells
    return setup, TRICK, {"kind": "place", "cells": shifted(cells, 5 - row, 5 - col)}


def automa(moves, form, **options):
    return lambda setup: (with_automa(setup, **options), moves, form)


def automa_covers(*tokens, form=RIVER_PLAY):
    """With the Automa (whose controls are always on the screen), the first trick's tile covers
    ``tokens``; then ``form`` is posted."""

    def build(setup):
        setup = with_automa(setup)
        cells = placement(setup, AUTOMA_TRICK)
        setup = with_tokens(setup, *tokens, cells=cells)
        return setup, [*AUTOMA_TRICK, {"place": cells}], form

    return build


def whirlpool(discarded, form):
    def build(setup):
        cells = placement(setup, TRICK)
        setup = with_tokens(setup, {"kind": "whirlpool"}, cells=cells)
        return setup, [*TRICK, {"place": cells}, *discarded], form

    return build


def power(powers, form, tokens=()):
    def build(setup):
        setup = with_tokens({**setup, "powers": powers}, *tokens, cells=[[11, 11]])
        return setup, [], {"kind": "power", **form}

    return build


def move_a_tile(setup):
    setup = {**setup, "powers": ["move-spirit-tile"]}
    moves = [*TRICK, {"place": placement(setup, TRICK)}]
    tile = {"kind": "power", "power": "move-spirit-tile", "tile": "11,11", "cells": "11,10"}
    return setup, moves, tile


def choose_trump(setup):
    """The Compass is used between rounds (``powers.compass_window``): after the first trick's
    tile is placed."""
    setup = {**setup, "powers": ["choose-trump"]}
    moves = [*TRICK, {"place": placement(setup, TRICK)}]
    return setup, moves, {"kind": "power", "power": "choose-trump", "colour": "pink"}


MIST = ({"kind": "mist", "colour": "red"}, {"kind": "mist", "colour": "green"})
# Each code, as a device posts it at the table: (setup, the moves before, the form posted).
REFUSED_AT_THE_TABLE = {
    errors.NOT_YOUR_TURN: automa([], RIVER_PLAY),
    errors.UNKNOWN_CARD: lambda s: (s, [], {"kind": "play", "card": "pink-9"}),
    errors.CARD_ALREADY_PLAYED: lambda s: (s, TRICK[:1], {"kind": "play", "card": "blue-1"}),
    errors.NOT_IN_HAND: automa([], {"kind": "play", "card": "blue-3"}),
    errors.AUTOMA_MUST_MATCH: automa(FIRST_TWO, {**RIVER_PLAY, "card": "red-1"}),
    errors.NOT_IN_RIVER: automa(FIRST_TWO, {**RIVER_PLAY, "card": "red-7"}),
    errors.NOT_IN_DECK: automa(
        FIRST_TWO, {"kind": "automa-deck", "card": "red-1"}, river=RIVER_WITHOUT_BLUE
    ),
    errors.AUTOMA_DECK_EMPTY: automa(FIRST_TWO, RIVER_PLAY, deck_size=0),
    errors.CARD_REQUIRED: automa(FIRST_TWO, {"kind": "automa-deck"}, river=RIVER_WITHOUT_BLUE),
    errors.REFILL_REQUIRED: automa(FIRST_TWO, {"kind": "automa-river", "card": "blue-3"}),
    errors.OFF_BOARD: off_board,
    errors.OVERLAP: overlap,
    errors.WRONG_SHAPE: placing({"kind": "place", "cells": "0,0 5,9"}),
    errors.PLACEMENT_REQUIRED: automa(AUTOMA_TRICK, RIVER_PLAY),
    errors.BAD_MOVE: placing({"kind": "place", "cells": "[[-1, 0], [0, 0]]"}),
    errors.MIST_COLOUR_REQUIRED: automa_covers(*MIST),
    errors.MIST_COLOUR_INVALID: automa_covers(*MIST, form={"kind": "mist", "colour": "purple"}),
    errors.DISCARD_REQUIRED: automa_covers({"kind": "whirlpool"}),
    errors.ALREADY_DISCARDED: whirlpool(
        [{"discard": None, "seat": "Ana"}], {"kind": "discard", "seat": "Ana"}
    ),
    errors.NO_SUCH_TILE: move_a_tile,
    errors.NO_SUCH_EDGE: power(["any-colour-edge"], {"power": "any-colour-edge", "edge": "0,0,N"}),
    errors.NO_SUCH_TOKEN: power(
        ["quiet-token"], {"power": "quiet-token", "token": "0,0"}, tokens=[{"kind": "whirlpool"}]
    ),
    errors.UNKNOWN_COLOUR: choose_trump,
}
# Codes said through ``refusal`` alone, as the table never meets them or has no place to say them:
NOT_REACHED_AT_THE_TABLE = {
    # Hands are unknown at a real table: Must Follow is never checked there.
    errors.MUST_FOLLOW,
    # The table's Automa deck is always unknown (its size only): no top card to compare.
    errors.AUTOMA_DECK_CARD,
    # The table closes the attempt when the mission ends: its moves are refused before the engine.
    errors.MISSION_OVER,
    # The table shows no control for a Power the mission lacks or has used, nor one for a move
    # of another phase than the current one: only a crafted post meets these, and its refusal has
    # no control to stand next to.
    errors.POWER_UNAVAILABLE,
    errors.POWER_USED,
    errors.WRONG_PHASE,
}


def play_moves(attempt, setup, moves, by):
    """The open ``attempt`` played with ``setup`` (a board of the test's own) up to ``moves``."""
    attempt.setup, attempt.state = setup, spirits.to_json(spirits.new_game(setup))
    attempt.save()
    for version, move in enumerate(moves):
        table.submit_move(attempt=attempt, move=move, version=version, by=by)
        attempt.refresh_from_db()


def the_sentence_in(language, code, field=""):
    """A pattern of the catalog's sentence for ``code`` in ``language``, parameters as ``.+``."""
    found = refusal(errors.IllegalMove(code, "", params={"field": field}))
    with translation.override(language):
        translated = str(found.message)
    with translation.override("en"):
        assert translated != str(found.message), (code, language)
    return found, re.escape(translated).replace(r"%\(", "%(").replace(r"\)s", ")s")


def test_every_engine_code_is_refused_at_the_table_or_said_why_not():
    assert set(REFUSED_AT_THE_TABLE) | NOT_REACHED_AT_THE_TABLE == set(errors.CODES)


def said_as(pattern):
    """The catalog's sentence as a pattern of what a page says: any value for a placeholder, and
    Catalan's "de" before one elided or not, as the value wants ("la mà d’Ana", web.elision)."""
    return re.sub(r"%\(\w+\)s", ".+", re.sub(r"\bde\\? (?=%\()", "d(?:e |’)", pattern))


@pytest.mark.parametrize("language", ["pt-br", "ca"])
@pytest.mark.parametrize("code", sorted(REFUSED_AT_THE_TABLE))
def test_every_engine_refusal_reads_in_the_reader_s_language(attempt, owner, code, language):
    """Each engine code posted through the table's move view is said with the catalog's sentence
    in the reader's language, and links to the rule it enforces (``campaign.table.refusals``)."""
    setup, moves, form = REFUSED_AT_THE_TABLE[code](dict(attempt.setup))
    play_moves(attempt, setup, moves, owner)
    client = reader(owner, language)
    posted = client.post(url(attempt, "move"), {**form, "version": len(moves)}, **HTMX)
    page = posted.content.decode()
    found, pattern = the_sentence_in(language, code, "place" if code == errors.BAD_MOVE else "")
    said = element(page, "refusal").removesuffix(element(page, "refusal-rule")).strip()
    assert re.fullmatch(said_as(pattern), said), (code, said)
    assert href(page, "refusal-rule") == found.url
    assert attempt.moves.count() == len(moves)


@pytest.mark.parametrize("language", ["pt-br", "ca"])
@pytest.mark.parametrize("code", sorted(NOT_REACHED_AT_THE_TABLE))
def test_refusals_the_table_never_meets_read_in_the_reader_s_language(code, language):
    found, pattern = the_sentence_in(language, code)
    with translation.override(language):
        said = found.render(**dict.fromkeys(found.params, "Ana"))
    assert re.fullmatch(said_as(pattern), said)
    assert found.url.startswith("/reference/spirits/#")
