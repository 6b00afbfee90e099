"""Reading responses as a user reads them: the text, an element's text by its id."""

import html
from html.parser import HTMLParser

# Elements that have no end tag: they never enclose text.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


def text(response) -> str:
    """The response body with HTML entities decoded, to compare with messages as written."""
    return html.unescape(response.content.decode())


class Element(HTMLParser):
    """The attributes and the text of the first element with a given id (its children's text
    included)."""

    def __init__(self, element_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.element_id = element_id
        self.attributes: dict[str, str] | None = None
        self.depth = 0  # open elements inside it, itself included, while it is being read
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.depth += tag not in VOID
        elif self.attributes is None and dict(attrs).get("id") == self.element_id:
            self.attributes = {name: value or "" for name, value in attrs}
            self.depth = tag not in VOID

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def source_text(source) -> str:
    return source if isinstance(source, str) else source.content.decode()


def find(source, element_id: str) -> Element:
    """The element ``element_id`` of a response or an HTML text (``attributes`` None if absent)."""
    found = Element(element_id)
    found.feed(source_text(source))
    found.close()
    return found


def element(source, element_id: str) -> Element:
    """The element ``element_id``; fails the test if there is none."""
    found = find(source, element_id)
    assert found.attributes is not None, f"no element with id {element_id!r}"
    return found


def by_id(source, element_id: str) -> str:
    """The text a reader sees in the element ``element_id``, white space folded."""
    return " ".join("".join(element(source, element_id).parts).split())


def classes(source, element_id: str) -> set[str]:
    """The classes of the element ``element_id``."""
    return set(element(source, element_id).attributes["class"].split())


def element_text(source, element_id: str) -> str | None:
    """The text a reader sees in the element ``element_id``, ``None`` if there is none."""
    found = find(source, element_id)
    return None if found.attributes is None else " ".join("".join(found.parts).split())


def element_attribute(source, element_id: str, name: str) -> str | None:
    """An attribute (``href``…) of the element ``element_id``, ``None`` if either is absent."""
    found = find(source, element_id)
    return None if found.attributes is None else found.attributes.get(name)


def has_id(source, element_id: str) -> bool:
    return find(source, element_id).attributes is not None


class Language(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html" and self.lang is None:
            self.lang = dict(attrs).get("lang") or ""


def page_language(source) -> str | None:
    """The language the page declares (``<html lang>``), ``None`` for a fragment."""
    found = Language()
    found.feed(source_text(source))
    return found.lang
