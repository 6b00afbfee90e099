"""The Bonfire helper's rules page says what seed 000 says, in every language: B1 (page 7) "qualquer
objeto mostrado quando você cobrir um símbolo dourado ou amarelo", B5 (page 11) Neutral Novices
"são colocados ao cumprir Tarefas Comuns", B6 (page 10) "Pague um ou mais Marcadores de Ação", the
price of one marker per step said as a reading."""

import pytest
from django.urls import reverse

from tests.support.pages import text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "says", "not_says"),
    [
        (
            "en",
            [
                "any object shown when you cover a gold or yellow symbol",
                "Neutral Novices are placed when you fulfil Common Tasks",
                "Pay one or more Action markers.",
                "one Action marker per step (the rules only say “one or more”)",
            ],
            ["the object under a gold symbol", "Common Tasks give", "Pay one Action marker per"],
        ),
        (
            "pt-br",
            [
                "qualquer objeto mostrado quando você cobrir um símbolo dourado ou amarelo",
                "Os Noviços Neutros são colocados ao cumprir Tarefas Comuns",
                "Pague um ou mais Marcadores de Ação.",
                "um Marcador de Ação por passo (as regras só dizem “um ou mais”)",
            ],
            ["o objeto sob um símbolo dourado", "Tarefas Comuns dão", "Pague um Marcador de"],
        ),
        (
            "ca",
            [
                "qualsevol objecte que es mostri quan cobreixis un símbol daurat o groc",
                "Els Novicis Neutres es col·loquen en complir Tasques Comunes",
                "Paga un o més marcadors d’Acció.",
                "un marcador d’Acció per pas (les regles només diuen «un o més»)",
            ],
            ["l’objecte sota un símbol daurat", "Tasques Comunes donen", "Paga un marcador d"],
        ),
    ],
)
def test_the_help_says_what_the_seed_says(client, group, player, language, says, not_says):
    client.force_login(player)
    body = text(
        client.get(reverse("bonfire:rules", args=[group.pk]), headers={"accept-language": language})
    )
    for words in says:
        assert words in body, words
    for words in not_says:
        assert words not in body, words
