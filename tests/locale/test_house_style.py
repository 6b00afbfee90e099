"""The house conventions of docs/translations.md that a page shows: Catalan elides *de* before a
name that starts with a vowel sound ("Mà d’alice", "Panorama de Bruno"), and buttons speak each
language's way (Catalan: the imperative, *Desa*; Brazilian Portuguese: the infinitive, *Salvar*).
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

# Buttons that name a state or a place rather than do something: no verb to conjugate.
NOT_ACTIONS = {
    "%(seat)s has discarded",
    "All attempts",
    "Automa plays the top of its deck",  # says what the Automa does, as the table reads it
    "Automa plays this card",
    "Bonfire games",
    "Bonfire turn helper",
    "First",
    "I am %(name)s",
    "I am %(name)s: show my hand",  # who holds the device, then the verb
    "Last",
    "New adventure",
    "New invite link",
    "Next",
    "Next mission at the table",
    "Not %(name)s? Change",  # a question, then the verb
    "Offering",
    "One device for the whole table",
    "People at the table",
    "Play history",
    "Previous",
    "Statistics",
    "Used",
    "Yes, show me",  # "yes", then the verb
    "checked by attempt %(n)s of the adventure",
    "not checked",
    "paying",
}
# The first word of a Catalan infinitive (desar, fer, obrir, desar-lo): never a Catalan button's.
CATALAN_INFINITIVE = re.compile(r"^\w+(?:ar|er|ir)(?:-\w+)?$")
# The first word of a Portuguese infinitive (salvar, pré-visualizar, acendê-la, cumpri-la).
PORTUGUESE_INFINITIVE = re.compile(r"^[\w-]+(?:[aeio]r|[áêíô]-l[ao]s?|i-l[ao]s?)$")
# A sample of both languages' buttons, as the conventions have them.
SAMPLE = {
    "Save": ("Salvar", "Desa"),
    "Undo last move": ("Desfazer a última jogada", "Desfés l’última jugada"),
    "Import": ("Importar", "Importa"),
    "Delete the play": ("Excluir a partida", "Esborra la partida"),
    "Delete…": ("Excluir…", "Esborra…"),
    "Place the tile": ("Colocar a peça", "Col·loca la fitxa"),
    "Confirm the correction": ("Confirmar a correção", "Confirma la correcció"),
    "Log a play": ("Registrar uma partida", "Registra una partida"),
    "Light it": ("Acendê-la", "Encén-la"),
    "Fulfil it": ("Cumpri-la", "Compleix-la"),
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
    assert not NOT_ACTIONS - buttons, "an exception that is no longer a button"


def test_catalan_buttons_are_imperatives_and_portuguese_buttons_infinitives() -> None:
    catalan, portuguese = translations("ca"), translations("pt_BR")
    actions = sorted(button_msgids() - NOT_ACTIONS)
    assert len(actions) > 60
    not_imperative = [
        catalan[m] for m in actions if CATALAN_INFINITIVE.match(first_word(catalan[m]))
    ]
    not_infinitive = [
        portuguese[m] for m in actions if not PORTUGUESE_INFINITIVE.match(first_word(portuguese[m]))
    ]
    assert not_imperative == []
    assert not_infinitive == []


@pytest.mark.parametrize("msgid", SAMPLE)
def test_a_sample_of_buttons_in_each_language(msgid: str) -> None:
    assert (translations("pt_BR")[msgid], translations("ca")[msgid]) == SAMPLE[msgid]
