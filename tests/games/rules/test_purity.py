"""The rules engines stay pure: nothing under games/rules imports Django or a Django app of the
project, and no engine module imports one that imports it."""

from __future__ import annotations

import ast
from pathlib import Path

from games.rules.engines import ENGINES
from tests.support.imports import imported_modules

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "games" / "rules"
ENGINE_PACKAGES = ("spirits", "bonfire", "solsticio")
#: Django and every Django app of the project (``INSTALLED_APPS``, the project's own).
FORBIDDEN = {"django", "accounts", "groups", "games", "campaign", "stats", "web", "config"}
#: What of ``games`` the engines may import: themselves, and the content packs, which the command
#: lines read their default content from (pure Python too: see the test below).
ALLOWED = ("games.rules", "games.content")


def forbidden(module: str) -> bool:
    root = module.split(".")[0]
    allowed = any(module == a or module.startswith(f"{a}.") for a in ALLOWED)
    return root in FORBIDDEN and not allowed


def forbidden_in(folder: Path) -> dict[str, list[str]]:
    files = sorted(folder.rglob("*.py"))
    found = {
        str(path.relative_to(ROOT)): sorted(filter(forbidden, imported_modules(path.read_text())))
        for path in files
    }
    return {name: modules for name, modules in found.items() if modules}


def test_rules_import_no_django_nor_any_app_of_the_project() -> None:
    """design.md: games/rules is pure Python, no Django; every engine package is scanned."""
    for package in ENGINE_PACKAGES:
        assert (RULES / package / "__init__.py").is_file()
    assert forbidden_in(RULES) == {}


def test_the_content_packs_the_command_lines_read_are_pure_too() -> None:
    assert forbidden_in(ROOT / "games" / "content") == {}


def test_scanner_catches_every_forbidden_import() -> None:
    """The scanner sees both import forms, and ``games`` outside rules and content."""
    source = (
        "import django.db\nfrom campaign.models import X\nfrom games import views\n"
        "from games.bonfire import screen\nfrom games.rules.common import Cell\n"
        "from games.content import Pack\nimport web.live, config\n"
    )
    assert sorted(filter(forbidden, imported_modules(source))) == [
        "campaign.models",
        "config",
        "django.db",
        "games",
        "games.bonfire",
        "web.live",
    ]


def test_every_engine_follows_the_contract() -> None:
    """``games.rules.engines`` lists each engine, checked by mypy against ``common.Engine``."""
    assert all(isinstance(engine.FORMAT, str) for engine in ENGINES)


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(RULES).with_suffix("").parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of games/rules that ``path`` imports, anywhere in it (a deferred import is
    still a cycle)."""
    package = _module_name(path).split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.removeprefix("games.rules.") for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = (node.module or "").removeprefix("games.rules.")
            names.add(module)
            names.update(f"{module}.{alias.name}".strip(".") for alias in node.names)
    return names & modules


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
    """Every module of games/rules depends on modules below it: no module imports one that
    imports it. A package's ``__init__`` (which gathers its modules) and ``__main__`` are the
    top, not nodes."""
    paths = [p for p in RULES.rglob("*.py") if p.stem not in {"__init__", "__main__"}]
    modules = {_module_name(p) for p in paths}
    assert {"common", "spirits.game", "bonfire.game", "solsticio.game"} <= modules
    graph = {_module_name(p): _imports(p, modules) for p in paths}
    assert "common" in graph["spirits.moves"]
    assert "spirits.errors" in graph["spirits.game"]
    assert _cycle(graph) == []


def test_cycle_finder_sees_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
