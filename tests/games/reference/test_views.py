"""The reference pages: reachable from the navigation, in the reader's language, searchable,
each rule at a stable anchor."""

import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from games.reference.documents import GAMES
from games.reference.links import UnknownRule, rule_url
from tests.support.pages import text

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def page(language, url):
    response = Client(headers={"accept-language": language}).get(url)
    return response, text(response)


def test_the_navigation_links_to_the_reference_for_everyone():
    _response, home = page("en", reverse("login"))
    assert f'href="{reverse("reference:index")}">Rules</a>' in home
    _response, index = page("ca", reverse("reference:index"))
    for game in GAMES:
        assert f'href="{reverse("reference:game", args=[game])}"' in index
    assert "Referència de regles" in index


@pytest.mark.parametrize(
    ("language", "heading", "words"),
    [
        ("en", "The campaign game", "Whirlpool tokens"),
        ("pt-br", "O jogo de campanha", "Fichas de Redemoinho"),
        ("ca", "El joc de campanya", "Testimonis de Remolí"),
    ],
)
def test_a_game_page_speaks_the_reader_s_language(language, heading, words):
    response, html = page(language, reverse("reference:game", args=["spirits"]))
    assert response.status_code == 200
    assert f"<h1>{heading}</h1>" in html
    assert words in html


def test_every_rule_has_its_anchor_its_citation_and_its_readings():
    _response, html = page("pt-br", reverse("reference:game", args=["bonfire"]))
    assert re.findall(r'<article id="([a-z0-9-]+)"', html) == ["b1", "b2", "b3", "b4", "b5", "b6"]
    assert "Fonte: 000_ab28fd10a907aaad.txt, parágrafo 4, página 9." in html
    assert "<code>games.rules.bonfire.tasks.offering_ordinal</code>" in html
    _response, html = page("ca", reverse("reference:game", args=["spirits"]))
    assert "Font: 003_56213531c1d471a6.txt, secció 11, paràgraf 1." in html
    assert "Font: 003_56213531c1d471a6.txt, secció 6, paràgrafs 1, 3." in html
    assert "Com ho llegeix Questlog" in html


def test_searching_shows_the_matching_rules_and_says_how_many():
    url = reverse("reference:game", args=["solsticio"])
    _response, html = page("ca", f"{url}?q=Maligne")
    assert re.findall(r'<article id="([a-z0-9-]+)"', html) == ["s5"]
    assert "1 regla coincideix amb «Maligne»." in html
    _response, html = page("pt-br", f"{url}?q=xyzzy")
    assert re.findall(r'<article id="', html) == []
    assert "Nenhuma regra corresponde a “xyzzy”." in html  # not "0 regra corresponde"
    assert "Mostrar todas as regras" in html


def test_an_htmx_search_answers_with_the_rules_region_only():
    url = reverse("reference:game", args=["spirits"])
    response = Client(headers={"accept-language": "en"}).get(f"{url}?q=Kakapo", **HTMX)
    html = text(response).strip()
    assert html.startswith('<div id="rules">')
    assert "<h1>" not in html
    assert re.findall(r'<article id="([a-z0-9-]+)"', html) == ["automa"]


def test_a_query_too_long_is_refused_next_to_the_field():
    url = reverse("reference:game", args=["spirits"])
    response, html = page("en", f"{url}?q={'a' * 101}")
    assert response.status_code == 400
    assert 'id="id_q_errors"' in html
    assert "Ensure this value has at most 100 characters (it has 101)." in html
    assert len(re.findall(r'<article id="', html)) == 18


def test_an_unknown_game_is_not_found():
    response, _html = page("en", "/reference/chess/")
    assert response.status_code == 404


def test_rule_url_links_to_the_rule_s_anchor():
    assert rule_url("spirits", "mist-tokens") == "/reference/spirits/#mist-tokens"
    assert rule_url("bonfire", "b2") == "/reference/bonfire/#b2"
    with pytest.raises(UnknownRule, match="the reference of 'bonfire' has no rule 'b9'"):
        rule_url("bonfire", "b9")
    with pytest.raises(UnknownRule):
        rule_url("chess", "b1")


def test_the_rule_url_template_tag():
    rendered = Template('{% load reference %}{% rule_url "solsticio" "s3" %}').render(Context())
    assert rendered == "/reference/solsticio/#s3"


def test_the_campaign_links_its_moon_path_and_envelopes_to_their_rules(client, group, owner):
    from tests.factories import AdventureFactory

    adventure = AdventureFactory(group=group, by=owner)
    client.force_login(owner)
    for name, rule in [("dashboard", "moon-path"), ("reference", "envelopes")]:
        url = reverse(f"campaign:{name}", args=[group.pk, adventure.pk])
        html = text(client.get(url))
        assert f'<a href="{rule_url("spirits", rule)}">Read the rule</a>' in html, name
