"""The reference documents: every game in every language, every rule cited, refused otherwise."""

import json
import re
import shutil
from pathlib import Path

import pytest

from games.reference import documents
from games.reference.documents import GAMES, LANGUAGES, InvalidReference, load_game

SEEDS = {
    "spirits": "003_56213531c1d471a6.txt",
    "bonfire": "000_ab28fd10a907aaad.txt",
    "solsticio": "001_60d8b239bd4bd858.txt",
}
# The three seeds as the reference cites them (their file names), kept beside these tests: the
# quotes are checked against the seeds' own words on every run.
SEED_TEXTS = Path(__file__).parent / "seeds"
# Seed 003's sections (its headings, in order) and how many paragraphs each has.
SPIRITS_SECTIONS = {
    "Playing the trick": 1, "Winning the trick": 2, "The Decision card": 2,
    "Storing the trick": 1, "Selecting the Spirit tile": 1, "Placing the Spirit tile": 3,
    "Mission tile constraints": 1, "Limited communication": 1, "2-player game: the Automa": 2,
    "Whirlpool tokens": 1, "Mist tokens": 1, "Rewards": 1, "The Moon Path": 1, "The envelopes": 1,
    "Switching to Night mode": 2,
}  # fmt: skip
# Seed 000 and 001: six paragraphs each, with the page each names.
PAGES = {"bonfire": [7, 8, 8, 9, 11, 10], "solsticio": [1, 1, 2, 2, 2, 2]}


@pytest.fixture
def folder(tmp_path):
    """A copy of the shipped documents, to break one at a time."""
    for path in documents.FOLDER.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def edit(folder, game, language, change):
    path = folder / f"{game}.{language}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_every_game_has_its_seed_and_every_language():
    assert GAMES == SEEDS
    assert LANGUAGES == ("en", "pt-br", "ca")
    for game in GAMES:
        loaded = load_game(game)
        assert sorted(loaded) == sorted(LANGUAGES)
        assert all(doc.seed == SEEDS[game] for doc in loaded.values())


def test_the_languages_match_the_settings(settings):
    assert [code for code, _name in settings.LANGUAGES] == list(LANGUAGES)


# A rule that reads a paragraph another rule renders: the revoke, a reading of Must Follow.
READ_TWICE = {"revoke": (1, 1)}


def test_every_paragraph_of_seed_003_is_in_the_reference():
    """Seed 003, every section (heading) and paragraph: each is cited by exactly one rule, but for
    the revoke, which reads the Must Follow paragraph of 'Playing the trick' again."""
    path = SEED_TEXTS / SEEDS["spirits"]
    seed = path.read_text(encoding="utf-8")
    headings = [name for name in SPIRITS_SECTIONS if f"\n{name}\n" in f"\n{seed}"]
    assert headings == list(SPIRITS_SECTIONS)
    rules = load_game("spirits")["en"].rules
    again = {rule.id: (rule.cite.section, *rule.cite.paragraphs) for rule in rules}
    assert {rule_id: again[rule_id] for rule_id in READ_TWICE} == READ_TWICE
    rules = [rule for rule in rules if rule.id not in READ_TWICE]
    cited = sorted((rule.cite.section, p) for rule in rules for p in rule.cite.paragraphs)
    wanted = [
        (section, n)
        for section, count in enumerate(SPIRITS_SECTIONS.values(), start=1)
        for n in range(1, count + 1)
    ]
    assert cited == wanted


@pytest.mark.parametrize("game", ["bonfire", "solsticio"])
def test_every_paragraph_of_seeds_000_and_001_is_in_the_reference(game):
    """Seeds 000 (Bonfire, B1–B6) and 001 (Solsticio, S1–S6): six paragraphs, each on its page."""
    rules = load_game(game)["en"].rules
    assert [(rule.cite.paragraphs, rule.cite.page) for rule in rules] == [
        ((n,), page) for n, page in enumerate(PAGES[game], start=1)
    ]
    prefix = game[0]
    assert [rule.id for rule in rules] == [f"{prefix}{n}" for n in range(1, 7)]


@pytest.mark.parametrize("game", list(SEEDS))
def test_the_languages_say_different_things_in_their_own_words(game):
    """A translation left in English would pass the structure checks: the texts must differ."""
    loaded = load_game(game)
    for rule_en, rule_pt, rule_ca in zip(
        loaded["en"].rules, loaded["pt-br"].rules, loaded["ca"].rules, strict=True
    ):
        assert len({rule_en.text, rule_pt.text, rule_ca.text}) == 3, rule_en.id
        for reading_en, reading_pt, reading_ca in zip(
            rule_en.readings, rule_pt.readings, rule_ca.readings, strict=True
        ):
            assert len({reading_en.text, reading_pt.text, reading_ca.text}) == 3, rule_en.id


def test_a_missing_language_is_refused_naming_the_file(folder):
    (folder / "bonfire.ca.json").unlink()
    with pytest.raises(InvalidReference) as error:
        load_game("bonfire", folder)
    assert str(error.value) == (
        f"{folder / 'bonfire.ca.json'}: missing: every game is described in en, pt-br, ca"
    )


def test_a_rule_missing_in_one_language_is_refused_naming_the_file_and_the_rule(folder):
    edit(folder, "bonfire", "pt-br", lambda d: d["rules"].pop(2))
    with pytest.raises(InvalidReference) as error:
        load_game("bonfire", folder)
    assert str(error.value) == (
        f"{folder / 'bonfire.pt-br.json'}, rule b3: missing (it is in bonfire.en.json)"
    )


def test_a_rule_only_in_one_language_is_refused(folder):
    def add(data):
        data["rules"].append(dict(data["rules"][0], id="b7"))

    edit(folder, "bonfire", "ca", add)
    with pytest.raises(InvalidReference, match=r"bonfire\.ca\.json, rule b7: not in bonfire\.en"):
        load_game("bonfire", folder)


def test_a_rule_without_its_citation_is_refused_naming_the_file_and_the_rule(folder):
    edit(folder, "solsticio", "en", lambda d: d["rules"][4].pop("cite"))
    with pytest.raises(InvalidReference) as error:
        load_game("solsticio", folder)
    assert error.value.where == str(folder / "solsticio.en.json")
    assert error.value.entry == "rule s5"
    assert error.value.problem == documents.NO_CITATION


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda c: c.pop("paragraphs"), documents.NO_CITATION),
        (lambda c: c.update(paragraphs=[]), documents.NO_CITATION),
        (
            lambda c: c.update(paragraphs=[0]),
            "cite.paragraphs must be increasing numbers from 1, got [0]",
        ),
        (
            lambda c: c.update(paragraphs=[2, 1]),
            "cite.paragraphs must be increasing numbers from 1, got [2, 1]",
        ),
        (lambda c: c.update(page="7"), "cite.page must be a number from 1, got '7'"),
        (
            lambda c: c.update(seed="001_60d8b239bd4bd858.txt"),
            "cite.seed must be '000_ab28fd10a907aaad.txt', got '001_60d8b239bd4bd858.txt'",
        ),
    ],
    ids=["no-paragraphs", "empty", "paragraph-0", "not-in-order", "page-text", "other-seed"],
)
def test_a_bad_citation_is_refused(folder, change, problem):
    edit(folder, "bonfire", "en", lambda d: change(d["rules"][0]["cite"]))
    with pytest.raises(InvalidReference) as error:
        load_game("bonfire", folder)
    assert (error.value.entry, error.value.problem) == ("rule b1", problem)


def test_citations_must_agree_across_languages(folder):
    edit(folder, "bonfire", "ca", lambda d: d["rules"][1]["cite"].update(page=9))
    with pytest.raises(InvalidReference, match=r"bonfire\.ca\.json, rule b2: cites .*page=9"):
        load_game("bonfire", folder)


def test_readings_must_agree_across_languages(folder):
    def drop_readings(data):
        next(r for r in data["rules"] if r["id"] == "winning-the-trick")["readings"].clear()

    edit(folder, "spirits", "pt-br", drop_readings)
    with pytest.raises(InvalidReference) as error:
        load_game("spirits", folder)
    assert error.value.entry == "rule winning-the-trick"
    assert error.value.problem == (
        "lists the readings [] but spirits.en.json lists ['games.rules.spirits.tricks.tie_break']"
    )


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [
        (lambda d: d.update(language="pt-br"), "", "language must be 'ca', got 'pt-br'"),
        (lambda d: d.update(format="other/1"), "",
         "format must be 'questlog-reference/1', got 'other/1'"),
        (lambda d: d.update(rules=[]), "", documents.NO_RULES),
        (lambda d: d["rules"][0].update(id="B 1"), "rules[0]",
         "id must be lower-case words joined by hyphens, got 'B 1'"),
        (lambda d: d["rules"][1].update(id="b1"), "rule b1", documents.DUPLICATE_RULE),
        (lambda d: d["rules"][0].update(text=[]), "rule b1", documents.NO_PARAGRAPHS),
        (lambda d: d["rules"][0].update(title=" "), "rule b1", "title must be a non-empty text"),
        (lambda d: d["rules"][0]["readings"][0].update(function="not a path"), "rule b1",
         "readings[0].function must be a dotted path, got 'not a path'"),
        (lambda d: d["rules"][0]["readings"][0].update(text=""), "rule b1",
         "readings[0].text must be a non-empty text, got ''"),
    ],
    ids=["language", "format", "no-rules", "bad-id", "duplicate", "no-text", "no-title",
         "bad-function", "empty-reading"],
)  # fmt: skip
def test_a_malformed_document_is_refused_naming_the_entry(folder, change, entry, problem):
    edit(folder, "bonfire", "ca", change)
    with pytest.raises(InvalidReference) as error:
        load_game("bonfire", folder)
    assert error.value.where == str(folder / "bonfire.ca.json")
    assert (error.value.entry, error.value.problem) == (entry, problem)


def test_a_file_that_is_not_json_is_refused(folder):
    (folder / "spirits.ca.json").write_text("{", encoding="utf-8")
    with pytest.raises(InvalidReference, match=r"spirits\.ca\.json: not valid JSON: Expecting"):
        load_game("spirits", folder)


def test_shipped_files_are_named_from_the_project():
    assert documents.shown(documents.file_of("bonfire", "ca")) == "games/reference/bonfire.ca.json"


def test_a_language_without_a_document_falls_back_to_english():
    assert documents.reference_for("bonfire", "de").language == "en"
    assert documents.reference_for("bonfire", "ca").language == "ca"


def test_the_revoke_rule_quotes_must_follow_from_the_seed():
    """Seed 003, 'Playing the trick', paragraph 1: the English page quotes the seed's own words
    (the seed's language), the others translate them."""
    path = SEED_TEXTS / SEEDS["spirits"]
    seed = path.read_text(encoding="utf-8").split("\n\n")
    must_follow = seed[1].split(". ")[-1].rstrip(".")
    assert must_follow.startswith("They must follow the colour of the first card played")
    revoke = load_game("spirits")["en"].rule("revoke")
    assert revoke is not None
    assert f"“{must_follow}.”" in revoke.text[0]


# The seeds' languages: each seed is quoted in its own language, on that language's page.
SEED_LANGUAGES = {"spirits": "en", "bonfire": "pt-br", "solsticio": "ca"}
# Quoted words that are Questlog's own, not the seed's: a reading's name for a case.
OWN_WORDS = {"neutro", "mateix símbol", "parelles"}
QUOTE = re.compile(r"[“«]([^”»]+)[”»]")


@pytest.mark.parametrize("game", list(SEEDS))
def test_quotes_of_the_rules_are_the_seed_s_own_words(game):
    """Seeds 000 (pt), 001 (ca) and 003 (en): every quote on the page in the seed's language is
    found word for word in the seed (B4's “nessa ilha”, S2's «afegeix-la», Must Follow)."""
    path = SEED_TEXTS / SEEDS[game]
    seed = path.read_text(encoding="utf-8")
    document = load_game(game)[SEED_LANGUAGES[game]]
    quotes = [
        quote.rstrip(".")
        for rule in document.rules
        for text in (*rule.text, *(reading.text for reading in rule.readings))
        for quote in QUOTE.findall(text)
        if quote not in OWN_WORDS
    ]
    assert quotes
    assert [quote for quote in quotes if quote not in seed] == []


@pytest.mark.parametrize(
    ("game", "rule_id", "language", "says", "not_says"),
    [
        # Seed 000, B1 (page 7): "qualquer objeto mostrado quando você cobrir um símbolo dourado
        # ou amarelo": any object shown, gold or yellow, nothing "printed under".
        ("bonfire", "b1", "en", "any object shown when you cover a gold or", "printed under"),
        ("bonfire", "b1", "pt-br", "qualquer objeto mostrado quando você cobrir", "impresso sob"),
        ("bonfire", "b1", "ca", "qualsevol objecte que es mostri quan cobreixis", "imprès sota"),
        # Seed 000, B5 (page 11): Neutral Novices "são colocados ao cumprir Tarefas Comuns".
        ("bonfire", "b5", "en", "Neutral Novices are placed when you fulfil", "come from"),
        ("bonfire", "b5", "pt-br", "Noviços Neutros são colocados ao cumprir", "vêm de"),
        ("bonfire", "b5", "ca", "Novicis Neutres es col·loquen en complir", "surten de"),
        # Seed 001, S1 (page 1): "qualsevol fitxa cap per avall" under the captured tile.
        ("solsticio", "s1", "en", "any face-down tile under", "and a face-down tile"),
        ("solsticio", "s1", "pt-br", "qualquer peça virada para baixo", "e uma peça virada"),
        ("solsticio", "s1", "ca", "qualsevol fitxa cap per avall", "i una fitxa cap per avall"),
        # Seed 001, S2 (page 1): the second tile is "added" (afegeix-la), the seed says not where.
        ("solsticio", "s2", "en", "the rules do not say where", "joins the play area too"),
        ("solsticio", "s2", "pt-br", "as regras não dizem onde", "ela entra na área de jogo"),
        ("solsticio", "s2", "ca", "les regles no diuen on", "també s’afegeix a la zona"),
        # Seed 003, 'Mist tokens': "start the next trick with one of their colours, your choice".
        ("spirits", "mist-tokens", "en", "“your choice”", "the players choose which"),
        ("spirits", "mist-tokens", "pt-br", "“à sua escolha”", "os jogadores escolhem qual"),
        ("spirits", "mist-tokens", "ca", "«a la teva elecció»", "els jugadors trien quin"),
    ],
)
def test_the_rules_say_what_the_seed_says(game, rule_id, language, says, not_says):
    rule = load_game(game)[language].rule(rule_id)
    assert rule is not None
    text = " ".join(rule.text)
    assert says in text
    assert not_says not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_readings_use_the_seed_s_terms(language):
    """Seed 003 has a Decision card and Spirit tiles, never a "Decision tile"."""
    words = {"en": "Decision tile", "pt-br": "peça de Decisão", "ca": "fitxa de Decisió"}[language]
    readings = [r.text for rule in load_game("spirits")[language].rules for r in rule.readings]
    assert not [text for text in readings if words in text]
