"""The house conventions of docs/translations.md that a page shows: Catalan elides *de* before a
name that starts with a vowel sound ("Mà d’alice", "Panorama de Bruno"), and buttons are
imperatives in both languages (Catalan to *tu*, *Desa*; Brazilian Portuguese to *você*, *Salve*).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings

from games.models import SolsticioGame
from games.solsticio import services
from groups.models import Role
from tests.factories import MembershipFactory
from tests.support.pages import element_text, text

TEMPLATES = Path(settings.BASE_DIR) / "templates"
LOCALE = Path(settings.BASE_DIR) / "locale"


@pytest.fixture
def friend(group: Any) -> Any:
    return MembershipFactory(group=group, role=Role.PLAYER).user


@pytest.fixture
def duel(group: Any, player: Any, friend: Any) -> SolsticioGame:
    """Bruno (the dealer, due first) against alice on her own device."""
    return services.start_solsticio_game(
        group=group, players=("Bruno", "alice"), seed=11, by=player, opponent=friend
    )


@pytest.mark.django_db
def test_a_hand_and_a_panorama_read_d_alice_and_de_bruno_in_catalan(
    client: Any, duel: SolsticioGame, friend: Any
) -> None:
    """alice waits for Bruno: her page shows her hand under "Mà d’alice" and both panoramas;
    Portuguese keeps "de" before every name."""
    client.force_login(friend)
    catalan = client.get(duel.get_absolute_url(), headers={"accept-language": "ca"})
    hand = element_text(catalan, "my-hand") or ""
    assert hand.startswith("Mà d’alice")
    assert "Panorama d’alice" in text(catalan)
    assert "Panorama de Bruno" in text(catalan)
    assert "de alice" not in text(catalan)
    portuguese = client.get(duel.get_absolute_url(), headers={"accept-language": "pt-br"})
    assert (element_text(portuguese, "my-hand") or "").startswith("Mão de alice")


# --- Buttons -------------------------------------------------------------------------------------

BUTTON = re.compile(
    r"<button\b[^>]*>(.*?)</button>|<a\b[^>]*class=\"[^\"]*\bbutton\b[^\"]*\"[^>]*>(.*?)</a>"
    r"|{% block submit %}(.*?){% endblock %}",
    re.S,
)
TRANSLATE = re.compile(r'{%\s*translate\s+"([^"]+)"\s*%}')
BLOCK = re.compile(
    r"{%\s*blocktranslate\b[^%]*%}(.*?)(?:{%\s*plural\s*%}.*?)?{%\s*endblocktranslate"
)

# Buttons that name a state, a choice or a place rather than do something: no verb to
# conjugate, so neither language's check applies. Each says why.
NOT_ACTIONS = {
    "%(seat)s has discarded": "says what happened, for the table to confirm",
    "All attempts": "a filter's choice",
    "Automa plays the top of its deck": "says what the Automa does, as the table reads it",
    "Automa plays this card": "says what the Automa does",
    "Bonfire games": "a place",
    "Bonfire turn helper": "a place",
    "First": "a page of a list",
    "I am %(name)s": "who holds the device",
    "I am %(name)s: show my hand": "who holds the device, then the verb",
    "Last": "a page of a list",
    "New adventure": "a thing to make, named as the page names it",
    "New invite link": "a thing to make, named as the list names it",
    "Next": "a page of a list",
    "Next mission at the table": "a place",
    "Not %(name)s? Change": "a question, then the verb",
    "Offering": "a choice: the Offering's number and cost follow",
    "One device for the whole table": "a choice of seat",
    "People at the table": "a place",
    "Play history": "a place",
    "Previous": "a page of a list",
    "Statistics": "a place",
    "Used": "a state",
    "Yes, show me": "an answer, then the verb",
    "checked by attempt %(n)s of the adventure": "a state",
    "not checked": "a state",
    "paying": "part of an Offering's choice",
}
# The first word of a Catalan infinitive (desar, fer, obrir, desar-lo): never a Catalan button's.
CATALAN_INFINITIVE = re.compile(r"^\w+(?:ar|er|ir)(?:-\w+)?$")
# The first word of a Portuguese infinitive (salvar, excluir, desfazer, pôr, compor,
# pré-visualizar), also with a pronoun (acendê-la, cumpri-la, colocá-lo, pô-lo): never a
# Brazilian Portuguese button's, which speaks to *você* in the imperative (salve, acenda-a).
PORTUGUESE_INFINITIVE = re.compile(r"^[\w-]*\w(?:ar|er|ir|or|ôr)$|^[\w-]*\w(?:[áêíô]|i)-l[ao]s?$")
# A sample of both languages' buttons, as the conventions have them.
SAMPLE = {
    "Save": ("Salve", "Desa"),
    "Undo last move": ("Desfaça a última jogada", "Desfés l’última jugada"),
    "Import": ("Importe", "Importa"),
    "Delete the play": ("Exclua a partida", "Esborra la partida"),
    "Delete…": ("Exclua…", "Esborra…"),
    "Place the tile": ("Coloque a peça", "Col·loca la fitxa"),
    "Confirm the correction": ("Confirme a correção", "Confirma la correcció"),
    "Log a play": ("Registre uma partida", "Registra una partida"),
    "Light this Bonfire": ("Acenda esta Fogueira", "Encén aquesta Foguera"),
    "Fulfil “%(name)s”": ("Cumpra “%(name)s”", "Compleix «%(name)s»"),
    "Log in": ("Entre", "Inicia la sessió"),
    "Log out": ("Saia", "Surt"),
    # what acts as a button without the scan seeing it: Solsticio's pass (a label from
    # Python), an icon button's name, a disclosure's summary, the answer of a reveal
    "Pass": ("Passe", "Passa"),
    "Move up": ("Mova para cima", "Mou amunt"),
    "Abandon the mission": ("Abandone a missão", "Abandona la missió"),
    "Yes, show me": ("Sim, mostre", "Sí, mostra-m’ho"),
}


def button_msgids() -> set[str]:
    """Every text a template writes on a button (a ``<button>``, a link styled as one, a form
    page's submit), as its msgid."""
    found: set[str] = set()
    for path in TEMPLATES.rglob("*.html"):
        for groups in BUTTON.findall(path.read_text()):
            inside = "".join(groups)
            found.update(TRANSLATE.findall(inside))
            for block in BLOCK.findall(inside):
                found.add(re.sub(r"{{\s*(\w+)\s*}}", r"%(\1)s", block))
    return found


def translations(language: str) -> dict[str, str]:
    catalog = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    return {e.msgid: e.msgstr or e.msgstr_plural.get(0, "") for e in catalog if not e.msgctxt}


def first_word(sentence: str) -> str:
    return re.split(r"[\s…,(:]", sentence.strip(), maxsplit=1)[0].lower()


def test_the_scan_finds_the_buttons() -> None:
    buttons = button_msgids()
    assert {"Save", "Undo last move", "Log a play", "Sign up", "Pay with"} <= buttons
    assert "Build %(name)s (%(cost)s token)" in buttons
    assert not NOT_ACTIONS.keys() - buttons, "an exception that is no longer a button"


@pytest.mark.parametrize(
    ("word", "infinitive"),
    [
        ("salvar", True),
        ("excluir", True),
        ("desfazer", True),
        ("pôr", True),
        ("compor", True),
        ("pré-visualizar", True),
        ("acendê-la", True),
        ("cumpri-la", True),
        ("colocá-lo", True),
        ("pô-los", True),
        ("salve", False),
        ("exclua", False),
        ("desfaça", False),
        ("ponha", False),
        ("pré-visualize", False),
        ("acenda-a", False),
        ("entre", False),
        ("saia", False),
        ("sim", False),
    ],
)
def test_the_portuguese_check_tells_an_infinitive_from_an_imperative(
    word: str, infinitive: bool
) -> None:
    assert bool(PORTUGUESE_INFINITIVE.match(word)) is infinitive


def test_buttons_are_imperatives_in_both_languages() -> None:
    """docs/translations.md, "House conventions": a button is an imperative in Catalan and in
    Brazilian Portuguese (issue 27: *Desa*, *Salve*), never the infinitive."""
    catalan, portuguese = translations("ca"), translations("pt_BR")
    actions = sorted(button_msgids() - NOT_ACTIONS.keys())
    assert len(actions) > 60
    catalan_infinitives = [
        catalan[m] for m in actions if CATALAN_INFINITIVE.match(first_word(catalan[m]))
    ]
    portuguese_infinitives = [
        portuguese[m] for m in actions if PORTUGUESE_INFINITIVE.match(first_word(portuguese[m]))
    ]
    assert catalan_infinitives == []
    assert portuguese_infinitives == []


@pytest.mark.parametrize("msgid", SAMPLE)
def test_a_sample_of_buttons_in_each_language(msgid: str) -> None:
    assert (translations("pt_BR")[msgid], translations("ca")[msgid]) == SAMPLE[msgid]
