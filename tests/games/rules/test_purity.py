"""The rules engines stay pure: nothing under games/rules imports Django or the campaign app."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.imports import forbidden_imports, imported_roots

RULES = Path(__file__).resolve().parents[3] / "games" / "rules"
FORBIDDEN = {"django", "campaign"}


def test_rules_import_no_django_or_campaign() -> None:
    """design.md: games/rules is pure Python, no Django."""
    assert forbidden_imports(RULES, FORBIDDEN) == {}


def test_scanner_catches_django_imports() -> None:
    """The scanner itself sees both import forms."""
    assert imported_roots("import django.db\nfrom campaign.models import X\n") == {
        "django",
        "campaign",
    }


def _relative_imports(path: Path) -> set[str]:
    """Sibling modules a module imports, anywhere in it (a deferred import is still a cycle)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                names.add(node.module.split(".")[0])
            else:
                names.update(alias.name for alias in node.names)
    return names


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph``, or ``[]``."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return []
        for other in sorted(graph.get(name, ())):
            found = visit(other, [*path, name])
            if found:
                return found
        done.add(name)
        return []

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return []


def test_engine_modules_import_without_cycles() -> None:
    """Each engine module depends on modules below it: no module imports one that imports it."""
    package = RULES / "spirits"
    graph = {
        path.stem: _relative_imports(path)
        for path in package.glob("*.py")
        if path.stem not in {"__init__", "__main__"}
    }
    assert _cycle(graph) == []


def test_cycle_finder_sees_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
