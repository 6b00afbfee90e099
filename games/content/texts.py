"""Texts of a pack entry in several languages, shown in the reader's language.

A pack writes a name or a text either as a plain string (a pack a group writes in one language) or
as ``{"en": "…", "pt-BR": "…", "ca": "…"}``. ``Text`` keeps both shapes: ``str(text)`` is the text
in the active language, falling back to English, then to the first one written. What the active
language is comes from ``set_language_source`` (the web app plugs in its own); without one it is
English. No Django here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.content import errors

LANGUAGES = ("en", "pt-BR", "ca")
FALLBACK = "en"
PLAIN = ""  # the language of a plain string: whichever the pack was written in

_active_language: list[Callable[[], str | None]] = [lambda: FALLBACK]


def set_language_source(source: Callable[[], str | None]) -> None:
    """Where ``str(Text)`` reads the active language from (a code such as ``pt-br``)."""
    _active_language[0] = source


def active_language() -> str:
    return _active_language[0]() or FALLBACK


@dataclass(frozen=True)
class Text:
    """One name or text in one or more languages: ``(language, text)`` pairs, sorted by language
    so that a pack read back from storage (which may reorder keys) equals the pack written."""

    values: tuple[tuple[str, str], ...]

    @classmethod
    def plain(cls, text: str) -> Text:
        return cls(((PLAIN, text),))

    def get(self, language: str) -> str:
        """The text in ``language`` (``pt-br`` or ``pt-BR``), else English, else any."""
        by_language = {code.casefold(): text for code, text in self.values}
        for code in (language.casefold(), language.casefold().split("-")[0], FALLBACK, PLAIN):
            if code in by_language:
                return by_language[code]
        return self.values[0][1]

    def __str__(self) -> str:
        return self.get(active_language())

    def to_json(self) -> str | dict[str, str]:
        if len(self.values) == 1 and self.values[0][0] == PLAIN:
            return self.values[0][1]
        return dict(self.values)


def text_problems(value: object) -> tuple[str, str] | None:
    """``(language or "", problem)`` when ``value`` is not a text a pack may carry."""
    if isinstance(value, str):
        return None if value.strip() else ("", errors.EMPTY_TEXT)
    if not isinstance(value, dict) or not value:
        return ("", errors.EXPECTED_TEXTS)
    for language, text in value.items():
        if language not in LANGUAGES:
            return (
                language,
                errors.UNKNOWN_LANGUAGE.format(value=language, languages=", ".join(LANGUAGES)),
            )
        if not isinstance(text, str) or not text.strip():
            return (language, errors.EMPTY_TEXT)
    return None


def text_from_json(value: str | dict[str, str]) -> Text:
    """A ``Text`` from an already checked value (see ``text_problems``)."""
    if isinstance(value, str):
        return Text.plain(value)
    return Text(tuple(sorted(value.items())))
