"""Catalan *de* before a name, a word or a number that comes into a sentence after translation:
elided before a vowel sound ("Mà d’alice"), kept before a consonant or a semivowel ("la carta de
Bruno", "de Iago"); docs/translations.md, "A person's thing"."""

from __future__ import annotations

import pytest
from django.template import engines
from django.utils import translation
from django.utils.translation import gettext_lazy, ngettext_lazy

from web.elision import contract, elide, interpolate, starts_with_vowel_sound
from web.seats import AUTOMA, PLAYING_AS, SHARED, Seating, SeatRefused, check, seat_name

ELIDED = [
    "alice",  # a name written in lower case
    "Anna",
    "ELIONOR",  # upper case
    "Òscar",  # accented vowels
    "Àngel",
    "Úrsula",
    "Èlia",
    "Helena",  # a silent h before a vowel
    "hug",
    "Hèctor",
    "Ugo",  # u before a consonant is a vowel
    "Ïsona",  # a diaeresis makes i a vowel
    "Yvonne",  # y before a consonant reads i
    "A1",
    "<strong>Anna</strong>",  # a value given as markup is read as its text
    "1",  # u, un
    "11",  # onze
    "1,5",
    "11.000",  # onze mil
    "1.000.000",  # un milió
]
KEPT = [
    "Bruno",
    "carla",
    "Xavi",
    "Iago",  # i before a vowel is a semivowel
    "Iolanda",
    "Huelva",  # h + semivowel
    "hiena",
    "Yolanda",
    "«Anna»",  # a quoted value keeps "de «…»"
    "",
    "h",
    "2",
    "12",
    "100",  # cent
    "1.000",  # mil
    "-1",  # menys u
    "&amp; co",
]


@pytest.mark.parametrize("word", ELIDED)
def test_de_is_elided_before_a_vowel_sound(word: str) -> None:
    assert starts_with_vowel_sound(word)


@pytest.mark.parametrize("word", KEPT)
def test_de_stays_before_a_consonant_a_semivowel_or_a_sign(word: str) -> None:
    assert not starts_with_vowel_sound(word)


def test_elide_rewrites_only_the_de_right_before_the_value() -> None:
    assert elide("Mà de alice", ["alice"]) == "Mà d’alice"
    assert elide("De alice, de Bruno", ["alice", "Bruno"]) == "D’alice, de Bruno"
    assert elide("la carta de Bruno", ["Bruno"]) == "la carta de Bruno"
    # "de" inside a word, or a value that only begins another word, is left alone.
    assert elide("verde alice", ["alice"]) == "verde alice"
    assert elide("Pàgina 1 de 12", [1, 12]) == "Pàgina 1 de 12"
    assert elide("Pàgina 1 de 11", [1, 11]) == "Pàgina 1 d’11"
    assert elide("més de 1 MB", [1]) == "més d’1 MB"


def test_interpolate_elides_in_catalan_only() -> None:
    message = gettext_lazy("%(name)s's hand")
    with translation.override("ca"):
        assert interpolate(message, {"name": "alice"}) == "Mà d’alice"
        assert interpolate(message, {"name": "Bruno"}) == "Mà de Bruno"
        assert interpolate(message, {"name": "Iago"}) == "Mà de Iago"
    with translation.override("pt-br"):
        assert interpolate(message, {"name": "alice"}) == "Mão de alice"
    with translation.override("en"):
        assert interpolate(message, {"name": "alice"}) == "alice's hand"


def test_interpolate_keeps_a_lazy_plural_picking_its_form_from_its_count() -> None:
    message = ngettext_lazy(
        "The group won %(won)s of %(plays)s play (%(rate)s %%).",
        "The group won %(won)s of %(plays)s plays (%(rate)s %%).",
        "plays",
    )
    with translation.override("ca"):
        one = interpolate(message, {"won": 1, "plays": 1, "rate": 100})
        eleven = interpolate(message, {"won": 2, "plays": 11, "rate": 18})
    assert one == "El grup ha guanyat 1 d’1 partida (100 %)."
    assert eleven == "El grup ha guanyat 2 d’11 partides (18 %)."


def test_blocktranslate_elides_in_every_template() -> None:
    """``{% load i18n %}`` gives the project's ``blocktranslate``: with ``with``, a plain
    variable, ``count`` and ``asvar``."""
    template = engines["django"].from_string(
        "{% load i18n %}"
        "{% blocktranslate with name=seat %}{{ name }}'s hand{% endblocktranslate %}|"
        "{% blocktranslate %}It is {{ turn }}'s turn.{% endblocktranslate %}|"
        "{% blocktranslate count checked=1 with total=total %}{{ checked }} box of {{ total }}"
        " checked.{% plural %}{{ checked }} boxes of {{ total }} checked.{% endblocktranslate %}|"
        "{% blocktranslate with name=seat asvar title %}Statistics of {{ name }}"
        "{% endblocktranslate %}{{ title }}"
    )
    context = {"seat": "alice", "turn": "Helena", "total": 11}
    with translation.override("ca"):
        assert template.render(context) == (
            "Mà d’alice|És el torn d’Helena.|1 casella d’11 marcada.|Estadístiques d’alice"
        )
        assert template.render({"seat": "Bruno", "turn": "Iago", "total": 12}) == (
            "Mà de Bruno|És el torn de Iago.|1 casella de 12 marcada.|Estadístiques de Bruno"
        )
    with translation.override("pt-br"):
        assert template.render(context).startswith("Mão de alice|")


AUTOMA_SENTENCES = (
    "{% load i18n %}"
    "{% blocktranslate with name=automa %}{{ name }}'s turn{% endblocktranslate %}|"
    "{% blocktranslate with seat=automa %}{{ seat }} leads{% endblocktranslate %}|"
    "{% blocktranslate with name=player %}{{ name }}'s turn{% endblocktranslate %}"
)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ca", "Torn de l’Automa|L’Automa obre|Torn d’Anna"),
        ("pt-br", "Vez do Automa|O Automa abre|Vez de Anna"),
        ("en", "The Automa's turn|The Automa leads|Anna's turn"),
    ],
)
def test_the_automa_is_named_with_its_article_in_a_template(language: str, expected: str) -> None:
    """The Automa's seat in a sentence is a translated name with its article (``web.seats``):
    Catalan "de l’Automa", not "d’Automa"; Portuguese "do Automa"; a sentence that starts with
    it is capitalised; a player's name still elides ("d’Anna")."""
    template = engines["django"].from_string(AUTOMA_SENTENCES)
    with translation.override(language):
        context = {"automa": seat_name(AUTOMA), "player": "Anna"}
        assert template.render(context) == expected


def test_the_automa_is_named_with_its_article_in_python_sentences() -> None:
    """``interpolate`` (refusals, the kit's sentences) fits the Automa's name the same way."""
    turn = gettext_lazy("It is %(seat)s’s turn to play.")
    with translation.override("ca"):
        assert interpolate(turn, {"seat": seat_name(AUTOMA)}) == "Li toca jugar a l’Automa."
        refused = seats_check_refusal()
        assert refused == "És el torn de l’Automa, no d’Anna: la taula de sota és l’actual."
    with translation.override("pt-br"):
        assert interpolate(turn, {"seat": seat_name(AUTOMA)}) == "É a vez do Automa jogar."
    with translation.override("en"):
        assert interpolate(turn, {"seat": seat_name(AUTOMA)}) == "It is the Automa’s turn to play."
        assert seat_name("Anna") == "Anna"


def seats_check_refusal() -> str:
    """What one device for the whole table is told when it names Anna on the Automa's move."""
    seating = Seating("k", ("Anna", AUTOMA), SHARED, AUTOMA, can_play=True, over=False)
    with pytest.raises(SeatRefused) as refused:
        check(seating, {PLAYING_AS: "Anna"}, for_seat=AUTOMA)
    return refused.value.message


def test_portuguese_contracts_only_a_preposition_right_before_the_articled_name() -> None:
    assert contract("Vez de o Automa, de o Automa", "o Automa") == "Vez do Automa, do Automa"
    assert contract("Passe a o Automa. Em o Automa. Por o Automa.", "o Automa") == (
        "Passe ao Automa. No Automa. Pelo Automa."
    )
    assert contract("Vez de Anna e o Automa", "o Automa") == "Vez de Anna e o Automa"
    assert contract("onde o Automa", "o Automa") == "onde o Automa"
