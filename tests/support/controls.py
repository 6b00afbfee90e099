"""The controls a page leaves enabled: what a person could still tap."""

from __future__ import annotations

from html.parser import HTMLParser

CONTROLS = {"button", "input", "select", "textarea"}
VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr"}


class Controls(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.enabled: list[str] = []
        self.disabled_fieldsets = 0
        self.fieldsets: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "fieldset":
            self.fieldsets.append("disabled" in values)
            self.disabled_fieldsets += "disabled" in values
        if tag not in CONTROLS or values.get("type") == "hidden":
            return
        if "disabled" in values or self.disabled_fieldsets:
            return
        label = values.get("id") or values.get("name") or values.get("value") or tag
        self.enabled.append(f"{tag}#{label}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "fieldset" and self.fieldsets:
            self.disabled_fieldsets -= self.fieldsets.pop()


def enabled_controls(source: str, *, inside: str = "") -> list[str]:
    """The enabled controls of an HTML text (from the first ``inside`` marker on, if given)."""
    if inside:
        source = source[source.index(inside) :]
    parser = Controls()
    parser.feed(source)
    parser.close()
    return parser.enabled
