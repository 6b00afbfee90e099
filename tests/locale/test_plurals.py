"""A count and its noun agree in every language: no "(s)" or "(es)" left, the plural form each
language takes for 0, 1 and 2 (Portuguese: the singular for 0 and 1; Catalan and English: for 1
only), and a sentence of its own where "0" would read badly ("No rule matches …")."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from accounts.texts import render, text
from games.bonfire import refusals, screen, services
from games.content.bonfire import default_content
from games.models import BonfireSeat
from games.reference import views as reference_views
from games.rules.bonfire import errors
from games.rules.bonfire.state import MARKERS, TOKENS
from tests.support.pages import text as page_text
from tests.support.seats import TableClient

TEMPLATES = Path(settings.BASE_DIR) / "templates"
LANGUAGES = ["en", "pt-br", "ca"]


def counted(language, say, counts=(0, 1, 2)):
    with translation.override(language):
        return [say(n) for n in counts]


def fragment(template, start, end, **context):
    """The part of a real template from ``start`` to ``end``, rendered with ``context``."""
    source = (TEMPLATES / template).read_text()
    first = source.index(start)
    last = source.index(end, first) + len(end)
    return Template("{% load i18n %}" + source[first:last]).render(Context(context))


EXPECTED = {
    "action tokens": {
        "en": ["0 Action tokens", "1 Action token", "2 Action tokens"],
        "pt-br": ["0 Ficha de Ação", "1 Ficha de Ação", "2 Fichas de Ação"],
        "ca": ["0 testimonis d’Acció", "1 testimoni d’Acció", "2 testimonis d’Acció"],
    },
    "action markers": {
        "en": ["0 Action markers", "1 Action marker", "2 Action markers"],
        "pt-br": ["0 Marcador de Ação", "1 Marcador de Ação", "2 Marcadores de Ação"],
        "ca": ["0 marcadors d’Acció", "1 marcador d’Acció", "2 marcadors d’Acció"],
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_action_tokens_and_markers_agree_with_their_count(language):
    """What a gain gives and what a move costs or a player holds (``amounts``: "you have …")."""
    assert counted(language, screen.action_tokens) == EXPECTED["action tokens"][language]
    assert counted(language, screen.action_markers) == EXPECTED["action markers"][language]
    amounts = counted(language, lambda n: refusals.amounts({TOKENS: n, MARKERS: n}))
    tokens, markers = EXPECTED["action tokens"][language], EXPECTED["action markers"][language]
    assert amounts == [f"{t}, {m}" for t, m in zip(tokens, markers, strict=True)]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["(0 tokens)", "(1 token)", "(2 tokens)"]),
        ("pt-br", ["(0 ficha)", "(1 ficha)", "(2 fichas)"]),
        ("ca", ["(0 testimonis)", "(1 testimoni)", "(2 testimonis)"]),
    ],
)
def test_a_path_token_s_price_agrees_with_its_count(language, expected):
    """The "Build …" buttons of the Bonfire helper (seat.html)."""
    start, end = "{% blocktranslate with name=t.token", "{% endblocktranslate %}"

    def build(n):
        return fragment("games/bonfire/seat.html", start, end, t={"token": "Ponte", "cost": n})

    assert counted(language, build) == [f"{words(language)} Ponte {e}" for e in expected]


def words(language):
    with translation.override(language):
        return translation.gettext("Build %(name)s (%(cost)s token)").split(" %(name)s")[0]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["pay 0 Action tiles,", "pay 1 Action tile,", "pay 2 Action tiles,"]),
        ("pt-br", ["pague 0 peça de Ação,", "pague 1 peça de Ação,", "pague 2 peças de Ação,"]),
        ("ca", ["paga 0 fitxes d’Acció,", "paga 1 fitxa d’Acció,", "paga 2 fitxes d’Acció,"]),
    ],
)
def test_an_offering_s_refusal_counts_its_action_tiles(language, expected):
    """Seed 000, p. 9 (B4): the nth Offering on an island is paid with n Action tiles."""
    refusal = refusals.BONFIRE_REFUSALS[errors.WRONG_COUNT]
    said = counted(language, lambda n: refusal.render(due=n, island="Ilha", given=5))
    assert [e in s for e, s in zip(expected, said, strict=True)] == [True, True, True], said


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["Imported 0 plays", "Imported 1 play from", "Imported 2 plays"]),
        ("pt-br", ["0 partida importada", "1 partida importada", "2 partidas importadas"]),
        (
            "ca",
            ["S’han importat 0 partides", "S’ha importat 1 partida", "S’han importat 2 partides"],
        ),
    ],
)
def test_imported_plays_agree_with_their_count(language, expected):
    """The play log's audit line (a stored text, read in the reader's language) and the page that
    says an import is done."""
    stored = counted(language, lambda n: render(text("play:imported", added=n, skipped=1)))
    done = counted(
        language,
        lambda n: fragment(
            "games/import_progress.html",
            "{% blocktranslate with skipped",
            "{% endblocktranslate %}",
            play_import={"added": n, "skipped": 1},
        ),
    )
    for line in (*stored, *done):
        assert not re.search(r"\(s\)|\(es\)", line)
    assert [e in s for e, s in zip(expected, stored, strict=True)] == [True, True, True], stored
    start = [e.removesuffix(" from") for e in expected]
    assert [e in d for e, d in zip(start, done, strict=True)] == [True, True, True], done


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["0 plays in the file", "1 play in the file", "2 plays in the file"]),
        ("pt-br", ["0 partida no arquivo", "1 partida no arquivo", "2 partidas no arquivo"]),
        ("ca", ["0 partides al fitxer", "1 partida al fitxer", "2 partides al fitxer"]),
    ],
)
def test_the_plays_of_a_file_agree_with_their_count(language, expected):
    def summary(n):
        preview = {"plays": n, "new": n, "already": 0}
        return fragment(
            "games/import_preview.html",
            "{% blocktranslate with new=",
            "{% endblocktranslate %}",
            preview=preview,
        )

    said = counted(language, summary)
    assert [s.startswith(e) for e, s in zip(expected, said, strict=True)] == [True] * 3, said


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["No rule matches “x”.", "1 rule matches “x”.", "2 rules match “x”."]),
        (
            "pt-br",
            [
                "Nenhuma regra corresponde a “x”.",
                "1 regra corresponde a “x”.",
                "2 regras correspondem a “x”.",
            ],
        ),
        (
            "ca",
            [
                "Cap regla no coincideix amb «x».",
                "1 regla coincideix amb «x».",
                "2 regles coincideixen amb «x».",
            ],
        ),
    ],
)
def test_a_search_of_the_rules_counts_its_results(language, expected):
    """No "0 regra corresponde": none found has a sentence of its own."""

    def summary(n):
        return reference_views.summary(n, "x")

    assert counted(language, summary) == expected


@pytest.mark.parametrize(
    ("language", "costs"),
    [("pt-br", ["(1 ficha)", "(2 fichas)"]), ("ca", ["(1 testimoni)", "(2 testimonis)"])],
)
def test_the_bonfire_helper_says_its_prices_without_a_bracketed_plural(
    group, owner, language, costs
):
    """The helper's page as a player reads it: the islands' and the Path tokens' prices."""
    game = services.start_play(
        group=group, by=owner, name="Friday", players=["Ana", "Ben"], content=default_content()
    )
    seat = BonfireSeat.objects.get(play=game, name="Ana")
    client = TableClient()
    client.force_login(owner)
    url = reverse("bonfire:seat", args=[game.group_id, game.pk, seat.pk])
    body = page_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language))
    for cost in costs:
        assert cost in body
    assert not re.search(r"\w\((s|es)\)", body)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["of 0 plays", "of 1 play ", "of 2 plays"]),
        ("pt-br", ["de 0 partida ", "de 1 partida ", "de 2 partidas"]),
        ("ca", ["de 0 partides", "d’1 partida ", "de 2 partides"]),
    ],
)
def test_a_cooperative_game_s_wins_count_its_plays(language, expected):
    """A game's statistics page: "The group won 1 of 1 play", not "of 1 plays"."""

    def said(n):
        entry = {"group_wins": min(n, 1), "group_plays": n, "success_rate": 50}
        start, end = "{% blocktranslate with won=", "{% endblocktranslate %}"
        return fragment("games/game_stats.html", start, end, entry=entry)

    assert [e in s for e, s in zip(expected, counted(language, said), strict=True)] == [True] * 3
