"""Reading responses as a user reads them."""

import html
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def text(response) -> str:
    """The response body with HTML entities decoded, to compare with messages as written."""
    return html.unescape(response.content.decode())


class _ElementText(HTMLParser):
    def __init__(self, wanted: str) -> None:
        super().__init__(convert_charrefs=True)
        self.wanted = wanted
        self.depth = 0
        self.found = False
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.depth += tag not in VOID
        elif not self.found and dict(attrs).get("id") == self.wanted:
            self.found = True
            self.depth = 0 if tag in VOID else 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def element_text(response, element_id: str) -> str | None:
    """The visible text of the element with that id (spaces collapsed), ``None`` if absent."""
    parser = _ElementText(element_id)
    parser.feed(response.content.decode())
    if not parser.found:
        return None
    return " ".join("".join(parser.parts).split())


class _ElementAttributes(HTMLParser):
    def __init__(self, wanted: str) -> None:
        super().__init__(convert_charrefs=True)
        self.wanted = wanted
        self.attributes: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.attributes is None and dict(attrs).get("id") == self.wanted:
            self.attributes = dict(attrs)


def element_attribute(response, element_id: str, name: str) -> str | None:
    """An attribute (``href``…) of the element with that id, ``None`` if absent."""
    parser = _ElementAttributes(element_id)
    parser.feed(response.content.decode())
    return None if parser.attributes is None else parser.attributes.get(name)
