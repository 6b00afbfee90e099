"""Every refusal code of the spirits engine has a translated message and a rule to link to."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from games import messages
from games.messages import SPIRITS_REFUSALS, refusal
from games.rules.spirits import errors

ENGINE = Path(errors.__file__).parent
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def codes_raised_in_the_engine() -> set[str]:
    """Every ``errors.NAME`` the engine's modules use, as codes (the exceptions themselves and
    the set of codes aside)."""
    names = set()
    for path in ENGINE.glob("*.py"):
        if path.name != "errors.py":
            names |= set(re.findall(r"errors\.([A-Z][A-Z_]+)\b", path.read_text()))
    return {getattr(errors, name) for name in names - {"CODES"}}


def test_every_code_has_a_refusal():
    assert set(SPIRITS_REFUSALS) == set(errors.CODES)
    assert codes_raised_in_the_engine() <= set(SPIRITS_REFUSALS)
    assert len(codes_raised_in_the_engine()) > 20


@pytest.mark.parametrize("code", sorted(errors.CODES))
@pytest.mark.parametrize("language", ["pt-br", "ca"])
def test_every_refusal_is_translated_with_its_parameters(code, language):
    entry = SPIRITS_REFUSALS[code]
    english = str(entry.message)
    with translation.override(language):
        translated = str(entry.message)
    assert translated, (code, language)
    assert translated != english, (code, language)
    assert sorted(PLACEHOLDER.findall(english)) == sorted(entry.params)
    assert sorted(PLACEHOLDER.findall(translated)) == sorted(entry.params)


@pytest.mark.parametrize("code", sorted(errors.CODES))
def test_every_refusal_links_to_a_rule_of_the_reference(code):
    assert SPIRITS_REFUSALS[code].url.startswith("/reference/spirits/#")


def test_a_refusal_reads_in_the_reader_s_language_with_its_parameters():
    error = errors.IllegalMove(errors.MUST_FOLLOW, "you must play blue while you hold a blue card")
    found = refusal(error)
    assert found.url == "/reference/spirits/#playing-the-trick"
    with translation.override("pt-br"):
        assert found.render(colour="azul") == (
            "Você deve jogar azul: você tem uma carta da cor de saída."
        )
    with translation.override("ca"):
        assert found.render(colour="blau") == (
            "Has de jugar blau: tens una carta del color de sortida."
        )
    with pytest.raises(KeyError, match=r"missing parameters: \['colour'\]"):
        found.render()


def test_an_unknown_code_is_a_key_error():
    with pytest.raises(KeyError):
        messages.refusal(errors.IllegalMove("no-such-code", "?"))
