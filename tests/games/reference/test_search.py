"""Searching the reference: full-text search on PostgreSQL, a plain match elsewhere."""

from types import SimpleNamespace

import pytest

from games.reference import search as search_module
from games.reference.documents import reference_for
from games.reference.search import plain_matches, search


def ids(rules):
    return [rule.id for rule in rules]


def test_the_plain_match_ignores_case_and_needs_every_word():
    spirits = reference_for("spirits", "en")
    assert ids(plain_matches(spirits, "KAKAPO")) == ["automa"]
    assert ids(plain_matches(spirits, "kakapo whirlpool")) == []
    assert ids(plain_matches(spirits, "tie_break")) == ["winning-the-trick"]
    assert ids(plain_matches(reference_for("spirits", "ca"), "boira")) == [
        "placing-the-spirit-tile", "mist-tokens", "rewards", "night-mode-encirclement"
    ]  # fmt: skip


@pytest.mark.django_db
def test_an_empty_search_lists_every_rule():
    bonfire = reference_for("bonfire", "pt-br")
    assert ids(search(bonfire, "   ")) == ["b1", "b2", "b3", "b4", "b5", "b6"]


def test_without_postgresql_the_search_is_the_plain_match(monkeypatch):
    """SQLite (the embedded default) has no full-text search in the document's language."""
    monkeypatch.setattr(search_module, "connection", SimpleNamespace(vendor="sqlite"))
    solsticio = reference_for("solsticio", "en")
    assert ids(search(solsticio, "captures")) == ids(plain_matches(solsticio, "captures"))
    assert ids(search(reference_for("spirits", "en"), "Kakapo")) == ["automa"]


def test_full_text_finds_other_forms_of_a_word(postgres):
    """Stems in the document's language: "capturable" (en), "capturem" (ca), "fogueiras" (pt)."""
    assert "s1" in ids(search(reference_for("solsticio", "en"), "capturable"))
    assert "s1" not in ids(plain_matches(reference_for("solsticio", "en"), "capturable"))
    assert "s1" in ids(search(reference_for("solsticio", "ca"), "capturem"))
    assert ids(search(reference_for("bonfire", "pt-br"), "fogueiras"))[:2] == ["b5", "b6"]


def test_full_text_ranks_the_best_match_first_and_keeps_plain_matches(postgres):
    spirits = reference_for("spirits", "en")
    found = ids(search(spirits, "trump trick"))
    assert found[0] in {"winning-the-trick", "decision-card"}
    assert "storing-the-trick" in found
    # Part of a word is no full-text match, but the plain match still finds it.
    assert ids(search(spirits, "Whirlp")) == ids(plain_matches(spirits, "Whirlp"))
    assert ids(search(spirits, "Whirlp"))


def test_full_text_takes_any_text_as_a_query(postgres):
    spirits = reference_for("spirits", "ca")
    for query in ["'", '"', "a & | !", "-", "or or", "% _ \\"]:
        search(spirits, query)  # never a syntax error
