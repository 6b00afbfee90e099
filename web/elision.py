"""Catalan elides *de* before a word that starts with a vowel sound: "Mà d’alice", "la carta de
Bruno", "més d’11 caràcters".

A name or a number comes into a sentence after it is translated, so no catalog entry can say
which form it needs; the sentence is fixed once it has its values (``elide``). Python code that
formats a translated message calls ``interpolate`` instead of ``%``; ``{% blocktranslate %}``
does it through the project's ``i18n`` template library (``web.i18n_tags``). The reading is in
docs/translations.md ("A person's thing").

A few names carry their article into a sentence ("the Automa": ca "l’Automa", pt-BR "o Automa"),
registered with ``with_article``: a sentence that starts with one is capitalised ("L’Automa
obre"), and Portuguese contracts a preposition with its article ("vez de o Automa" → "vez do
Automa"); Catalan needs nothing more ("torn de l’Automa": *l* does not elide *de*).
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import strip_tags
from django.utils.translation import get_language

VOWELS = frozenset("aeiou")
# A number as a page writes it: "1", "11", "11.000" (Catalan groups thousands with a full stop or a
# space), "1,5".
LEADING_NUMBER = re.compile(r"\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?!\d)|\d+")


# Names that carry their article into a sentence, lazily translated (``with_article``).
ARTICLED: list[Any] = []
# Portuguese preposition + article → the one word it is written as.
CONTRACTIONS = {
    **{("de", a): "d" + a for a in ("o", "a", "os", "as")},
    **{("em", a): "n" + a for a in ("o", "a", "os", "as")},
    **{("por", a): "pel" + a for a in ("o", "a", "os", "as")},
    ("a", "o"): "ao",
    ("a", "os"): "aos",
    ("a", "a"): "à",
    ("a", "as"): "às",
}


def with_article(name: Any) -> Any:
    """Register ``name`` (a lazy translation) as a name that carries its article."""
    ARTICLED.append(name)
    return name


def articled_names() -> list[str]:
    """The registered names as the active language writes them ("l’Automa")."""
    return [str(name) for name in ARTICLED]


def elides() -> bool:
    """Whether the active language elides *de* (Catalan)."""
    return (get_language() or "").split("-")[0] == "ca"


def interpolate(message: Any, params: Mapping[str, Any]) -> str:
    """``message % params`` in the active language, *de* elided before a value that needs it.

    ``message % params`` (not ``str(message) % params``): a lazy plural picks its form from its
    count among the parameters (``ngettext_lazy(..., "count")``)."""
    return polish(str(message % params), params.values())


def polish(text: str, values: Iterable[object]) -> str:
    """A sentence given its ``values``, fixed for the active language: Catalan *de* elided
    (``elide``), and around a name that carries its article (``with_article``) the preposition
    contracted in Portuguese and the sentence's first letter capitalised."""
    values = [str(v) for v in values]
    if elides():
        text = elide(text, values)
    named = [name for name in articled_names() if name in values]
    for name in named:
        if contracts():
            text = contract(text, name)
        if text.startswith(name):
            text = name[:1].upper() + text[1:]
    return text


def contracts() -> bool:
    """Whether the active language contracts a preposition with an article (Portuguese)."""
    return (get_language() or "").split("-")[0] == "pt"


def contract(text: str, name: str) -> str:
    """``text`` with "de o Automa" written "do Automa" (``name`` is "o Automa")."""
    article, _, rest = name.partition(" ")
    if not rest:
        return text

    def joined(match: re.Match[str]) -> str:
        word = CONTRACTIONS.get((match.group(1).lower(), article))
        if word is None:
            return match.group(0)
        word = word.capitalize() if match.group(1)[0].isupper() else word
        return f"{word} {rest}"

    return re.sub(rf"(?<!\w)(de|em|por|a) {re.escape(name)}(?!\w)", joined, text, flags=re.I)


def elide(text: str, values: Iterable[object]) -> str:
    """``text`` with each "de " that stands right before one of ``values`` written "d’" when the
    value starts with a vowel sound. Whatever the language: the caller knows it is Catalan."""
    for value in {str(v) for v in values}:
        if not value or not starts_with_vowel_sound(value):
            continue
        after = r"(?!\w)" if re.match(r"\w", value[-1]) else ""
        text = re.sub(rf"(?<!\w)([Dd])e ({re.escape(value)}){after}", r"\1’\2", text)
    return text


def starts_with_vowel_sound(word: str) -> bool:
    """Whether Catalan elides *de* before ``word`` (a name, a word or a number, maybe HTML).

    A vowel, accented or not, and h + vowel elide (d’alice, d’Àngel, d’Helena); *i*, *u* and
    *y* before another vowel are semivowels and do not (de Iago, de Huelva, de Yolanda), unless a
    diaeresis makes them vowels (d’Ïsona); *y* before a consonant is the vowel *i* (d’Yvonne). A
    number elides when it is read starting with *un* or *onze* (d’1, d’11, d’11.000, d’1.000.000),
    not *mil* (de 1.000)."""
    word = html.unescape(strip_tags(word)).strip()
    if not word:
        return False
    if word[0].isdigit():
        return _number_starts_with_vowel(word)
    if _base(word[0]) == "h":
        word = word[1:]
    if not word:
        return False
    first, base = word[0].lower(), _base(word[0])
    if first in "ïü":
        return True
    if base in "iuy":
        following = _base(word[1]) if len(word) > 1 else ""
        return following not in VOWELS
    return base in VOWELS


def _base(letter: str) -> str:
    """The letter without its accent, in lower case: "À" → "a"."""
    return unicodedata.normalize("NFD", letter)[0].lower()


def _number_starts_with_vowel(written: str) -> bool:
    match = LEADING_NUMBER.match(written)
    return match is not None and _read_with_vowel(int(re.sub(r"\D", "", match.group())))


def _read_with_vowel(n: int) -> bool:
    """Whether ``n`` read in Catalan starts with *un* or *onze*: a million is *un milió*, a
    thousand is *mil*."""
    if n >= 1_000_000:
        return _read_with_vowel(n // 1_000_000)
    if n >= 1000:
        return n // 1000 != 1 and _read_with_vowel(n // 1000)
    return n in (1, 11)
