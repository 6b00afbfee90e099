"""The internal ids of the Bonfire content pack (islands, tiles, Tasks, spaces, colours and
resources…), and which of them a text shows: a page never names a thing by its id."""

from __future__ import annotations

import re
from typing import Any

from games.content.bonfire import default_content


def pack_ids() -> set[str]:
    """Every id of the sample pack's content, and its colours and resources (English ids)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str):
                found.add(value["id"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    content = default_content()
    walk(content)
    return found | set(content["colours"]) | set(content["resources"])


def ids_shown(text: str, ids: set[str] | None = None) -> set[str]:
    """The ids that ``text`` shows as words of their own (case as written: "G1", a Guardian's
    number, is not the Path tile "g1")."""
    return {i for i in ids or pack_ids() if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)}
