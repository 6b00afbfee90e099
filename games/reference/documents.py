"""Reading and validating the reference documents.

Every game is described in every language of ``LANGUAGES``; every rule cites the seed file and a
paragraph (and the page, where the seed gives pages); the languages of one game list the same
rules in the same order, with the same citations and the same readings. A document that breaks
any of this is refused with ``InvalidReference``, whose message names the file and the entry:
``games/reference/bonfire.ca.json, rule b3: no citation``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = "questlog-reference/1"
FOLDER = Path(__file__).resolve().parent
ROOT = FOLDER.parents[1]
LANGUAGES = ("en", "pt-br", "ca")
DEFAULT_LANGUAGE = "en"
# Each game's seed: the only source of its rules.
GAMES = {
    "spirits": "003_56213531c1d471a6.txt",
    "bonfire": "000_ab28fd10a907aaad.txt",
    "solsticio": "001_60d8b239bd4bd858.txt",
}
RULE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
DOTTED_PATH = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")

MISSING_FILE = "missing: every game is described in {languages}"
NOT_JSON = "not valid JSON: {detail}"
NOT_AN_OBJECT = "expected a JSON object"
WRONG_VALUE = "{field} must be {expected!r}, got {value!r}"
NO_TEXT = "{field} must be a non-empty text"
NO_PARAGRAPHS = "text must be a non-empty list of paragraphs"
NO_RULES = "rules must be a non-empty list"
BAD_RULE_ID = "id must be lower-case words joined by hyphens, got {value!r}"
DUPLICATE_RULE = "listed twice"
NO_CITATION = "no citation (cite needs the seed file and its paragraphs)"
BAD_CITATION = "cite.{field} must be {expected}, got {value!r}"
BAD_READINGS = "readings must be a list"
BAD_READING = "readings[{index}].{field} must be {expected}, got {value!r}"
NOT_IN_LANGUAGE = "missing (it is in {other})"
ONLY_IN_LANGUAGE = "not in {other}"
OUT_OF_ORDER = "listed in another order than in {other}"
CITATION_DIFFERS = "cites {cite} but {other} cites {other_cite}"
READINGS_DIFFER = "lists the readings {readings} but {other} lists {other_readings}"


class InvalidReference(ValueError):
    """A reference document that cannot be shown; the message names the file and the entry."""

    def __init__(self, where: str, entry: str, problem: str) -> None:
        self.where = where
        self.entry = entry
        self.problem = problem
        super().__init__(f"{where}, {entry}: {problem}" if entry else f"{where}: {problem}")


@dataclass(frozen=True)
class Citation:
    """Where in the seed a rule comes from: its paragraphs (counted within the section, the
    seed's headings in order, where the seed has headings) and the page where it names one."""

    seed: str
    paragraphs: tuple[int, ...]
    section: int | None = None
    page: int | None = None


@dataclass(frozen=True)
class Reading:
    """One reading the code makes where the seed is ambiguous: the function that holds it (its
    docstring says "our reading"), what it decides, and the tests that check it."""

    function: str
    text: str
    tests: tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: tuple[str, ...]
    cite: Citation
    readings: tuple[Reading, ...]

    @property
    def searchable(self) -> str:
        """Everything a reader sees of the rule, so everything a search may match: title,
        paragraphs and the readings' texts (never their functions or tests, which are shown to
        developers only)."""
        return "\n".join([self.title, *self.text, *(reading.text for reading in self.readings)])


@dataclass(frozen=True)
class Reference:
    game: str
    language: str
    title: str
    intro: str
    seed: str
    rules: tuple[Rule, ...]

    def rule(self, rule_id: str) -> Rule | None:
        return next((rule for rule in self.rules if rule.id == rule_id), None)


def file_of(game: str, language: str, folder: Path = FOLDER) -> Path:
    return folder / f"{game}.{language}.json"


def shown(path: Path) -> str:
    """A document's name in messages: relative to the project when it is inside it."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def text_field(data: dict[str, Any], field: str, where: str, entry: str) -> str:
    value = data.get(field)
    if not isinstance(value, str) or not value.strip():
        raise InvalidReference(where, entry, NO_TEXT.format(field=field))
    return value


def parse_citation(data: object, seed: str, where: str, entry: str) -> Citation:
    if not isinstance(data, dict) or "seed" not in data or not data.get("paragraphs"):
        raise InvalidReference(where, entry, NO_CITATION)
    paragraphs = data["paragraphs"]
    checks: list[tuple[str, bool, str]] = [
        ("seed", data["seed"] == seed, repr(seed)),
        (
            "paragraphs",
            isinstance(paragraphs, list)
            and all(is_count(p) for p in paragraphs)
            and paragraphs == sorted(set(paragraphs)),
            "increasing numbers from 1",
        ),
        ("section", "section" not in data or is_count(data["section"]), "a number from 1"),
        ("page", "page" not in data or is_count(data["page"]), "a number from 1"),
    ]
    for field, ok, expected in checks:
        if not ok:
            value = data.get(field)
            problem = BAD_CITATION.format(field=field, expected=expected, value=value)
            raise InvalidReference(where, entry, problem)
    return Citation(
        seed=data["seed"],
        paragraphs=tuple(paragraphs),
        section=data.get("section"),
        page=data.get("page"),
    )


def is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def parse_reading(data: object, index: int, where: str, entry: str) -> Reading:
    def refuse(field: str, expected: str, value: object) -> InvalidReference:
        problem = BAD_READING.format(index=index, field=field, expected=expected, value=value)
        return InvalidReference(where, entry, problem)

    if not isinstance(data, dict):
        raise refuse("function", "a dotted path", data)
    function = data.get("function")
    if not isinstance(function, str) or not DOTTED_PATH.match(function):
        raise refuse("function", "a dotted path", function)
    text = data.get("text")
    if not isinstance(text, str) or not text.strip():
        raise refuse("text", "a non-empty text", text)
    tests = data.get("tests", [])
    if not isinstance(tests, list) or not all(isinstance(t, str) and t for t in tests):
        raise refuse("tests", "a list of test files", tests)
    return Reading(function=function, text=text, tests=tuple(tests))


def parse_rule(data: object, index: int, seed: str, where: str) -> Rule:
    if not isinstance(data, dict):
        raise InvalidReference(where, f"rules[{index}]", NOT_AN_OBJECT)
    rule_id = data.get("id")
    if not isinstance(rule_id, str) or not RULE_ID.match(rule_id):
        raise InvalidReference(where, f"rules[{index}]", BAD_RULE_ID.format(value=rule_id))
    entry = f"rule {rule_id}"
    title = text_field(data, "title", where, entry)
    paragraphs = data.get("text")
    if (
        not isinstance(paragraphs, list)
        or not paragraphs
        or not all(isinstance(p, str) and p.strip() for p in paragraphs)
    ):
        raise InvalidReference(where, entry, NO_PARAGRAPHS)
    cite = parse_citation(data.get("cite"), seed, where, entry)
    readings = data.get("readings", [])
    if not isinstance(readings, list):
        raise InvalidReference(where, entry, BAD_READINGS)
    return Rule(
        id=rule_id,
        title=title,
        text=tuple(paragraphs),
        cite=cite,
        readings=tuple(parse_reading(r, i, where, entry) for i, r in enumerate(readings)),
    )


def parse(data: object, *, game: str, language: str, where: str) -> Reference:
    """One document, checked field by field."""
    if not isinstance(data, dict):
        raise InvalidReference(where, "", NOT_AN_OBJECT)
    expected = {"format": FORMAT, "game": game, "language": language, "seed": GAMES[game]}
    for field, value in expected.items():
        if data.get(field) != value:
            problem = WRONG_VALUE.format(field=field, expected=value, value=data.get(field))
            raise InvalidReference(where, "", problem)
    title = text_field(data, "title", where, "")
    intro = text_field(data, "intro", where, "")
    rules_data = data.get("rules")
    if not isinstance(rules_data, list) or not rules_data:
        raise InvalidReference(where, "", NO_RULES)
    rules: list[Rule] = []
    for index, item in enumerate(rules_data):
        rule = parse_rule(item, index, GAMES[game], where)
        if any(seen.id == rule.id for seen in rules):
            raise InvalidReference(where, f"rule {rule.id}", DUPLICATE_RULE)
        rules.append(rule)
    return Reference(
        game=game, language=language, title=title, intro=intro, seed=GAMES[game], rules=tuple(rules)
    )


def read(game: str, language: str, folder: Path = FOLDER) -> Reference:
    path = file_of(game, language, folder)
    where = shown(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problem = MISSING_FILE.format(languages=", ".join(LANGUAGES))
        raise InvalidReference(where, "", problem) from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise InvalidReference(where, "", NOT_JSON.format(detail=error)) from None
    return parse(data, game=game, language=language, where=where)


def check_same_rules(base: Reference, other: Reference, other_where: str, base_name: str) -> None:
    """``other`` lists the rules of ``base`` in the same order, citing and reading alike."""
    ids = [rule.id for rule in base.rules]
    other_ids = [rule.id for rule in other.rules]
    for rule_id in ids:
        if rule_id not in other_ids:
            problem = NOT_IN_LANGUAGE.format(other=base_name)
            raise InvalidReference(other_where, f"rule {rule_id}", problem)
    for rule_id in other_ids:
        if rule_id not in ids:
            problem = ONLY_IN_LANGUAGE.format(other=base_name)
            raise InvalidReference(other_where, f"rule {rule_id}", problem)
    for rule, other_rule in zip(base.rules, other.rules, strict=True):
        entry = f"rule {other_rule.id}"
        if rule.id != other_rule.id:
            raise InvalidReference(other_where, entry, OUT_OF_ORDER.format(other=base_name))
        if rule.cite != other_rule.cite:
            problem = CITATION_DIFFERS.format(
                cite=other_rule.cite, other=base_name, other_cite=rule.cite
            )
            raise InvalidReference(other_where, entry, problem)
        functions = [r.function for r in rule.readings]
        other_functions = [r.function for r in other_rule.readings]
        if functions != other_functions:
            problem = READINGS_DIFFER.format(
                readings=other_functions, other=base_name, other_readings=functions
            )
            raise InvalidReference(other_where, entry, problem)


def load_game(game: str, folder: Path = FOLDER) -> dict[str, Reference]:
    """Every language of one game, each checked against the default language's document."""
    documents = {language: read(game, language, folder) for language in LANGUAGES}
    base = documents[DEFAULT_LANGUAGE]
    base_name = file_of(game, DEFAULT_LANGUAGE, folder).name
    for language, document in documents.items():
        if language != DEFAULT_LANGUAGE:
            where = shown(file_of(game, language, folder))
            check_same_rules(base, document, where, base_name)
    return documents


@cache
def game_reference(game: str) -> dict[str, Reference]:
    """The shipped documents of ``game``, read and validated once per process."""
    return load_game(game)


def reference_for(game: str, language: str) -> Reference:
    """``game``'s reference in ``language``, or in the default language when it has none."""
    documents = game_reference(game)
    return documents.get(language) or documents[DEFAULT_LANGUAGE]
