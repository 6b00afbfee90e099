"""Searching the reference: in the page's language, case and accents ignored, word forms found,
results ranked. The rules searched are the reference's own documents, which cite their seeds:
003 (the campaign game: 'Playing the trick', 'Winning the trick'), 000 (Bonfire, B5) and 001
(Solsticio)."""

import pytest

from games.reference.documents import Citation, Reference, Rule, reference_for
from games.reference.search import fold, query_terms, search, stem


def ids(rules):
    return [rule.id for rule in rules]


def found(game, language, query):
    return ids(search(reference_for(game, language), query))


# --- The pieces ----------------------------------------------------------------------------


def test_fold_drops_case_and_accents():
    assert fold("Noviço") == "novico"
    assert fold("RENÚNCIA") == "renuncia"
    assert fold("col·locar") == "col·locar"  # the Catalan middle dot is not an accent


@pytest.mark.parametrize(
    ("language", "forms"),
    [
        ("en", ["trump", "trumps", "trumped", "Trumping"]),
        ("en", ["revoke", "revokes", "revoked"]),
        ("pt-br", ["noviço", "noviços", "novico", "NOVIÇOS"]),
        ("pt-br", ["renúncia", "renúncias", "renunciar"]),
        ("pt-br", ["ação", "ações"]),
        ("ca", ["basa", "bases"]),
        ("ca", ["barca", "barques"]),
        ("ca", ["renúncia", "renunciar"]),
    ],
)
def test_the_forms_of_a_word_share_a_stem(language, forms):
    assert len({stem(fold(form), language) for form in forms}) == 1, forms


def test_the_stem_keeps_apart_words_that_only_look_alike():
    """Catalan *basses* (ponds) are not *bases* (tricks); short words are never cut to nothing."""
    assert stem("basses", "ca") != stem("bases", "ca")
    assert stem("pass", "en") == stem("passes", "en") == "pass"
    assert stem("red", "en") == "red"
    assert stem("seed", "en") == "seed"


def test_little_words_are_ignored_unless_the_query_has_nothing_else():
    assert query_terms("the Trump of the round", "en") == ["trump", "round"]
    assert query_terms("de la", "ca") == ["de", "la"]
    assert query_terms("  ", "en") == []


# --- Per language: what the issue asks ---------------------------------------------------


def test_an_empty_search_lists_every_rule():
    assert found("bonfire", "pt-br", "   ") == ["b1", "b2", "b3", "b4", "b5", "b6"]
    assert found("bonfire", "pt-br", "… !") == ["b1", "b2", "b3", "b4", "b5", "b6"]


@pytest.mark.parametrize(
    ("language", "query"),
    [
        ("pt-br", "novico"),
        ("pt-br", "NOVICO"),
        ("pt-br", "Noviço"),
        ("pt-br", "noviços"),
        ("ca", "novici"),
        ("ca", "Novicis"),
        ("en", "novice"),
        ("en", "NOVICES"),
    ],
)
def test_novico_finds_the_novice_rule(language, query):
    """Seed 000, B5 (page 11): Novices go to the High Council. Accents and case are ignored and
    the plural is found, in each page's own words."""
    assert found("bonfire", language, query)[0] == "b5"


def test_each_page_searches_its_own_language():
    """The Catalan page holds no "noviço" nor "trump", the English page no "renúncia"."""
    assert found("bonfire", "ca", "noviço") == []
    assert found("spirits", "ca", "trump") == []
    assert found("spirits", "en", "renúncia") == []


@pytest.mark.parametrize(
    ("language", "query"),
    [
        ("en", "trumps"),
        ("en", "trumped"),
        ("en", "Trump"),
        ("pt-br", "trunfos"),
        ("ca", "trumfos"),
    ],
)
def test_trumps_finds_the_trump_rule(language, query):
    """Seed 003, 'Winning the trick': the highest trump wins the trick."""
    assert "winning-the-trick" in found("spirits", language, query)
    assert "decision-card" in found("spirits", language, query)


@pytest.mark.parametrize(
    ("language", "query"),
    [
        ("en", "revoke"),
        ("en", "Revoked"),
        ("en", "revokes"),
        ("pt-br", "renúncia"),
        ("pt-br", "renuncia"),
        ("pt-br", "renunciar"),
        ("ca", "renúncia"),
        ("ca", "RENUNCIA"),
    ],
)
def test_revoke_and_its_translations_find_the_revoke_paragraph(language, query):
    """Seed 003, 'Playing the trick', paragraph 1 (Must Follow): the revoke rule, found first."""
    assert found("spirits", language, query)[0] == "revoke"


def test_bases_finds_the_trick_rules_in_catalan():
    """Seed 003, 'Playing the trick', 'Winning the trick' and 'Storing the trick': *basa*, plural
    *bases*, in their titles, so found first."""
    for query in ("bases", "basa", "Bases"):
        rules = found("spirits", "ca", query)
        assert set(rules[:3]) == {"playing-the-trick", "winning-the-trick", "storing-the-trick"}
        assert "automa" in rules[3:]  # "guanya una basa" in its text
    assert found("spirits", "ca", "basses") == []


def test_a_word_being_typed_finds_the_words_it_begins():
    assert found("spirits", "en", "Kaka") == ["automa"]
    assert found("spirits", "en", "whirlp")[0] == "whirlpool-tokens"
    assert found("spirits", "en", "ka") == []  # two letters: whole words only


def test_developer_names_are_not_searched():
    """The readings' functions are not on the page, so a search does not find them."""
    assert found("spirits", "en", "tie_break") == []
    assert found("solsticio", "en", "test_game") == []
    assert found("bonfire", "en", "000_ab28fd10a907aaad") == []


# --- Ranking ---------------------------------------------------------------------------


def test_more_matched_words_rank_first():
    """'Kakapo whirlpool': no rule holds both; the Automa (Kakapo) and the Whirlpool rules are
    found, and a rule holding both words of 'whirlpool discard' comes before one holding one."""
    assert set(found("spirits", "en", "kakapo whirlpool")) >= {"automa", "whirlpool-tokens"}
    rules = found("spirits", "en", "whirlpool discard")
    assert rules[0] == "whirlpool-tokens"
    only_one = [r for r in rules if r not in {"whirlpool-tokens", "playing-the-trick"}]
    assert rules.index("whirlpool-tokens") < min(rules.index(r) for r in only_one)


def test_a_title_hit_ranks_before_a_body_hit():
    """'Mist' is the title of the Mist tokens rule; several other rules only mention Mist."""
    rules = found("spirits", "en", "mist")
    assert rules[0] == "mist-tokens"
    assert {"placing-the-spirit-tile", "night-mode-encirclement"} <= set(rules[1:])
    rules = found("spirits", "pt-br", "névoa")
    assert rules[0] == "mist-tokens"
    rules = found("spirits", "ca", "boira")
    assert rules[0] == "mist-tokens"


def rule(rule_id, title, *text):
    cite = Citation(seed="003_56213531c1d471a6.txt", paragraphs=(1,), section=1)
    return Rule(id=rule_id, title=title, text=text, cite=cite, readings=())


def test_the_ranking_order():
    """More of the query's words, then more of them in the title, then more hits, then the
    document's order."""
    reference = Reference(
        game="spirits",
        language="en",
        title="Test",
        intro="Test",
        seed="003_56213531c1d471a6.txt",
        rules=(
            rule("once-in-body", "Other", "One trump."),
            rule("twice-in-body", "Other", "A trump, then trumps."),
            rule("in-title", "Trumps", "Nothing else."),
            rule("both-words", "Other", "The trump of the round."),
            rule("none", "Other", "Nothing."),
            rule("once-again", "Other", "Trumped once."),
        ),
    )
    assert ids(search(reference, "trump round")) == [
        "both-words", "in-title", "twice-in-body", "once-in-body", "once-again"
    ]  # fmt: skip


def test_any_text_is_a_query():
    spirits = reference_for("spirits", "ca")
    for query in ["'", '"', "a & | !", "-", "or or", "% _ \\", "’", "l’"]:
        search(spirits, query)  # never an error
