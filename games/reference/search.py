"""Finding rules by words, in the page's language.

A query and the rules' texts (title, paragraphs and readings, in the document's own language) are
cut into words, folded (case and accents ignored: "novico" finds "Noviço") and reduced to a stem by
``stem``, a light reading of each language's word endings ("trumps" finds "trump", "bases" finds
"basa"). A query word also finds the words it begins ("kaka" finds "Kakapo"), so a search typed
letter by letter finds something before the word is complete. A rule matches when it holds at least
one of the query's words; rules are ranked by ``rank``: more of the query's words first, then words
found in the title, then how often they are found, then the document's order. The same in every
database: the texts are files, never a table.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from games.reference.documents import Reference, Rule

WORD = re.compile(r"\w+")
# A query word shorter than this only matches whole words, never the words it begins.
PREFIX_LENGTH = 3
# Words too common to tell rules apart; ignored in a query holding other words.
STOPWORDS = {
    "en": {"a", "an", "and", "at", "by", "for", "in", "is", "it", "of", "on", "or", "the", "to"},
    "pt-br": {"a", "as", "da", "de", "do", "e", "em", "na", "no", "o", "os", "ou", "um", "uma"},
    "ca": {"a", "al", "amb", "d", "de", "del", "el", "els", "en", "i", "l", "la", "les", "o", "un"},
}
# Plural endings that change the word's end (folded): ações → acao, barques → barc.
PLURALS = {"pt-br": (("oes", "ao"), ("aes", "ao")), "ca": (("ques", "c"), ("gues", "g"))}


def fold(text: str) -> str:
    """``text`` without case or accents (NFKD, combining marks dropped): "Noviço" → "novico"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def words(text: str) -> list[str]:
    """The folded words of ``text``; apostrophes split them ("d’Esperit" → "d", "esperit")."""
    return WORD.findall(fold(text))


@cache
def stem(word: str, language: str) -> str:
    """A folded word reduced to the part its forms share: trump, trumps, trumped → "trump";
    novico, novicos → "novic"; basa, bases → "bas"; renuncia, renunciar → "renunci".

    This is a reading of the common endings, not a full stemmer: it takes off a plural, a verb's
    past or gerund ending or infinitive and a final vowel, and never leaves fewer than three
    letters. Two words it wrongly brings together only make a search find one rule too many;
    "basses" (ponds, in Catalan) keeps its double s and stays apart from "bases" (tricks).
    """

    def cut(text: str, ending: str, replacement: str = "") -> str | None:
        if text.endswith(ending) and len(text) - len(ending) + len(replacement) >= 3:
            return text[: len(text) - len(ending)] + replacement
        return None

    if language == "en":
        for ending, replacement in (("ies", "y"), ("ing", ""), ("ed", "")):
            if (shorter := cut(word, ending, replacement)) is not None:
                word = shorter
                break
        else:
            if not word.endswith("ss") and (shorter := cut(word, "s")) is not None:
                word = shorter
        return cut(word, "e") or word
    # Portuguese and Catalan: a plural, then an infinitive, then the final vowel.
    for ending, replacement in PLURALS.get(language, ()):
        if (shorter := cut(word, ending, replacement)) is not None:
            word = shorter
            break
    else:
        if word.endswith(("res", "zes", "ses")) and language == "pt-br":
            word = cut(word, "es") or word
        elif not word.endswith("ss") and (shorter := cut(word, "s")) is not None:
            word = shorter
    for ending in ("ar", "er", "ir"):
        if (shorter := cut(word, ending)) is not None and len(shorter) >= 4:
            return shorter
    for vowel in "aeo":
        if (shorter := cut(word, vowel)) is not None:
            return shorter
    return word


@dataclass(frozen=True)
class Match:
    """How well one rule matches a query: the query's words it holds, those in its title, and
    how many of its words match."""

    rule: Rule
    position: int
    terms: int
    title_terms: int
    hits: int

    def rank(self) -> tuple[int, int, int, int]:
        """Sort key, best first: more query words, more of them in the title, more hits, then
        the document's order."""
        return (-self.terms, -self.title_terms, -self.hits, self.position)


def query_terms(query: str, language: str) -> list[str]:
    """The query's words, folded, without repeats; the common little words dropped unless the
    query holds nothing else."""
    found = list(dict.fromkeys(words(query)))
    stopwords = STOPWORDS.get(language, set())
    kept = [word for word in found if word not in stopwords]
    return kept or found


def finds(term: str, word: str, language: str) -> bool:
    """Whether the query word ``term`` finds the text word ``word`` (both folded)."""
    if term == word or stem(term, language) == stem(word, language):
        return True
    return len(term) >= PREFIX_LENGTH and word.startswith(term)


def match(rule: Rule, position: int, terms: list[str], language: str) -> Match:
    title = words(rule.title)
    body = [word for text in (*rule.text, *(r.text for r in rule.readings)) for word in words(text)]
    in_title = [t for t in terms if any(finds(t, w, language) for w in title)]
    hits = sum(1 for t in terms for w in (*title, *body) if finds(t, w, language))
    matched = [t for t in terms if t in in_title or any(finds(t, w, language) for w in body)]
    return Match(rule, position, len(matched), len(in_title), hits)


def search(reference: Reference, query: str) -> list[Rule]:
    """The rules matching ``query`` in ``reference``'s language, best first; every rule for a
    query without words."""
    terms = query_terms(query, reference.language)
    if not terms:
        return list(reference.rules)
    matches = [
        match(rule, position, terms, reference.language)
        for position, rule in enumerate(reference.rules)
    ]
    return [m.rule for m in sorted((m for m in matches if m.terms), key=Match.rank)]
