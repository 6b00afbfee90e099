"""Every refusal code of every rules engine (the campaign game, Bonfire, Solsticio) has a message
translated into each language, and the campaign game's a rule to link to."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from campaign.table.refusals import NOT_A_MOVE, SPIRITS_REFUSALS, refusal
from games.bonfire.refusals import BONFIRE_REFUSALS
from games.reference.links import rule_url
from games.rules.bonfire import errors as bonfire_errors
from games.rules.solsticio import errors as solsticio_errors
from games.rules.spirits import errors
from games.solsticio.refusals import REFUSALS as SOLSTICIO_REFUSALS

ENGINE = Path(errors.__file__).parent
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def codes_raised_in_the_engine(module=errors) -> set[str]:
    """Every ``errors.NAME`` the engine's modules use, as codes (the exceptions themselves and
    the tables of codes aside)."""
    names = set()
    for path in Path(module.__file__).parent.glob("*.py"):
        if path.name != "errors.py":
            names |= set(re.findall(r"errors\.([A-Z][A-Z_]+)\b", path.read_text()))
    return {getattr(module, name) for name in names - {"CODES", "RULE_OF"}}


# Each engine's codes and what its screens say for them.
ENGINES = {
    "spirits": (errors, {code: r.message for code, r in SPIRITS_REFUSALS.items()}),
    "bonfire": (bonfire_errors, {code: r.message for code, r in BONFIRE_REFUSALS.items()}),
    "solsticio": (
        solsticio_errors,
        {code: r.message for code, r in SOLSTICIO_REFUSALS.items()},
    ),
}
ENGINE_CODES = [
    (game, code) for game, (module, _) in ENGINES.items() for code in sorted(module.CODES)
]


@pytest.mark.parametrize("game", ENGINES)
def test_every_code_of_every_engine_has_a_message(game):
    module, refusals = ENGINES[game]
    assert codes_raised_in_the_engine(module) <= set(module.CODES), game
    assert set(module.CODES) <= set(refusals), sorted(set(module.CODES) - set(refusals))
    assert len(module.CODES) >= 10


@pytest.mark.parametrize(("game", "code"), ENGINE_CODES)
@pytest.mark.parametrize("language", ["pt-br", "ca"])
def test_every_engine_refusal_is_translated(game, code, language):
    english = forms(ENGINES[game][1][code])
    with translation.override(language):
        translated = forms(ENGINES[game][1][code])
    for said, english_said in zip(translated, english, strict=True):
        assert said, (game, code, language)
        assert said != english_said, (game, code, language)
        assert sorted(PLACEHOLDER.findall(said)) == sorted(PLACEHOLDER.findall(english_said))


def forms(message) -> list[str]:
    """The message in the active language, placeholders kept: both forms of a plural one (an
    ``ngettext_lazy`` whose count is one of its parameters), for 1 and for 2."""
    if hasattr(message, "_translate"):
        return [message._translate(1), message._translate(2)]
    return [str(message)]


@pytest.mark.parametrize("code", sorted(bonfire_errors.CODES))
def test_a_bonfire_refusal_s_rule_is_in_the_reference(code):
    rule = bonfire_errors.RULE_OF[code]
    if rule:
        assert rule_url("bonfire", rule.lower()) == f"/reference/bonfire/#{rule.lower()}"


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
        refusal(errors.IllegalMove("no-such-code", "?"))


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("pt-br", "Essa jogada não foi entendida: seat."),
        ("ca", "No s’entén aquesta jugada: seat."),
    ],
)
def test_a_bad_move_names_its_field_in_the_reader_s_language(language, sentence):
    error = errors.IllegalMove("bad-move", 'field "seat": missing', params={"field": "seat"})
    found = refusal(error)
    assert found.url == "/reference/spirits/#playing-the-trick"
    with translation.override(language):
        assert found.render(**error.params) == sentence


def test_a_move_that_names_no_field_is_not_understood():
    """A move that is not one object of one kind has no field to name (``params["field"]`` is
    empty): the sentence says so without one."""
    found = refusal(errors.IllegalMove("bad-move", "a move is a JSON object", params={"field": ""}))
    assert found is NOT_A_MOVE
    with translation.override("ca"):
        assert found.render() == "No s’entén aquesta jugada."
