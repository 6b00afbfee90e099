"""Stored texts: a code and its parameters, put in words when read, in the reader's language."""

import pytest
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts import texts


def test_a_stored_text_reads_in_the_active_language_with_plurals_and_nested_texts():
    stored = texts.text("adventure-imported", name="Primavera", count=3)
    assert stored == {"code": "adventure-imported", "params": {"name": "Primavera", "count": 3}}
    with translation.override("pt-br"):
        assert texts.render(stored) == "“Primavera” importada com 3 tentativas."
    with translation.override("ca"):
        assert texts.render(texts.text("adventure-imported", name="P", count=1)) == (
            "S’ha importat «P» amb 1 intent."
        )
        nested = texts.text(
            "attempt-removed", number=2, mission=2, result=texts.text("result:failure")
        )
        assert texts.render(nested) == "Intent 2 eliminat (Missió 2, fracàs)."


def test_verbatim_texts_and_old_or_unknown_rows_read_as_they_are():
    with translation.override("ca"):
        assert texts.render(texts.verbatim("Table decision")) == "Table decision"
        assert texts.render("an old row") == "an old row"
        assert texts.render({"code": "no-such-code", "params": {}}) == "no-such-code"


def test_an_unknown_code_is_refused_when_written_and_a_code_is_one_message():
    with pytest.raises(KeyError, match="no-such-code"):
        texts.text("no-such-code")
    with pytest.raises(ValueError, match="registered twice"):
        texts.register({"adventure-started": _("Something else")})
    texts.register({"adventure-started": texts.MESSAGES["adventure-started"]})  # the same: fine
