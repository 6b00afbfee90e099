"""The translation catalogs: every message translated, in the right plural forms, and compiled."""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = ["pt_BR", "ca"]
PLURAL_FORMS = {
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "ca": "nplurals=2; plural=(n != 1);",
}
PLACEHOLDER = re.compile(r"%(?:\([a-z_]+\))?[sd]")


def catalog(language: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))


def untranslated(po: polib.POFile) -> list[str]:
    """Messages with an empty translation, or an empty plural form."""
    empty = []
    for entry in po:
        if entry.obsolete:
            continue
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not forms or not all(form.strip() for form in forms):
            empty.append(entry.msgid)
    return empty


def test_every_language_of_the_settings_has_a_catalog():
    """``pt-br`` is found as ``locale/pt_BR``: the switcher's codes and the folders agree."""
    codes = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
    folders = sorted(translation.to_locale(code) for code in codes)
    assert folders == sorted(TRANSLATED)
    for folder in folders:
        assert (LOCALE / folder / "LC_MESSAGES" / "django.po").is_file(), folder


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_left_empty(language):
    assert untranslated(catalog(language)) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_fuzzy(language):
    po = catalog(language)
    assert [e.msgid for e in po.fuzzy_entries()] == []
    assert "fuzzy" not in po.metadata_is_fuzzy


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_are_the_language_s_own(language):
    po = catalog(language)
    assert po.metadata["Plural-Forms"] == PLURAL_FORMS[language]
    for entry in po:
        if entry.msgid_plural:
            assert sorted(entry.msgstr_plural) == [0, 1], entry.msgid


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language):
    """A translation that drops or renames ``%(name)s`` would fail at run time."""
    for entry in catalog(language):
        assert placeholder_faults(entry) == [], entry.msgid


def placeholder_faults(entry: polib.POEntry) -> list[str]:
    """The forms of ``entry`` that use a placeholder its English lacks, or drop one it needs.

    A plural entry's English may name its count only in the plural ("a second" / "{{ seconds }}
    seconds"), and any form may say "one" instead of showing the count, so the placeholders found
    only in the English plural may be left out, as may ``%(count)s``.
    """
    singular = set(PLACEHOLDER.findall(entry.msgid))
    plural = set(PLACEHOLDER.findall(entry.msgid_plural or ""))
    allowed = singular | plural
    needed = (singular & plural if entry.msgid_plural else singular) - {"%(count)s"}
    forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
    return [
        form
        for form in forms
        if not set(PLACEHOLDER.findall(form)) <= allowed
        or not needed <= set(PLACEHOLDER.findall(form))
    ]


def test_the_placeholder_check_finds_a_dropped_or_foreign_placeholder():
    """The check itself: a plural's count may be named only in the plural, nothing else moves."""
    seconds = "try again in a second.", "try again in %(seconds)s seconds."
    good = polib.POEntry(
        msgid=seconds[0],
        msgid_plural=seconds[1],
        msgstr_plural={0: "um segundo", 1: "%(seconds)s s"},
    )
    foreign = polib.POEntry(msgid="%(name)s wins", msgstr="%(nome)s vence")
    dropped = polib.POEntry(
        msgid="%(name)s has %(count)s card",
        msgid_plural="%(name)s has %(count)s cards",
        msgstr_plural={0: "uma carta", 1: "%(name)s tem %(count)s cartas"},
    )
    assert placeholder_faults(good) == []
    assert placeholder_faults(foreign) == ["%(nome)s vence"]
    assert placeholder_faults(dropped) == ["uma carta"]


def test_the_empty_catalog_check_finds_an_empty_message(tmp_path):
    """The check itself: an entry without a translation, or a plural missing a form, is reported."""
    po = polib.POFile()
    po.append(polib.POEntry(msgid="Board", msgstr=""))
    po.append(polib.POEntry(msgid="Tabuleiro", msgstr="Tabuleiro"))
    po.append(
        polib.POEntry(msgid="%(n)s card", msgid_plural="%(n)s cards", msgstr_plural={0: "x", 1: ""})
    )
    assert untranslated(po) == ["Board", "%(n)s card"]


@pytest.mark.parametrize(
    ("language", "expected"),
    [("pt-br", "Meus grupos"), ("ca", "Els meus grups"), ("en", "My groups")],
)
def test_the_compiled_catalog_is_used(language, expected):
    """``make messages`` compiled the .po files; Django finds them under the settings' codes."""
    with translation.override(language):
        assert translation.gettext("My groups") == expected


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("pt-br", "1 aventura importada.", "2 aventuras importadas."),
        ("ca", "S’ha importat 1 aventura.", "S’han importat 2 aventures."),
    ],
)
def test_plurals_follow_the_count(language, one, two):
    with translation.override(language):
        for count, expected in [(1, one), (2, two)]:
            text = translation.ngettext(
                "Imported %(count)s adventure.", "Imported %(count)s adventures.", count
            )
            assert text % {"count": count} == expected
