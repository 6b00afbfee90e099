"""Which packages a Python file imports: the layering tests (engine purity, groups) read it."""

from __future__ import annotations

import ast
from pathlib import Path


def imported_roots(source: str) -> set[str]:
    """The top-level packages ``source`` imports absolutely, anywhere in it."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def imported_modules(source: str) -> set[str]:
    """The modules ``source`` imports absolutely, anywhere in it, as dotted names."""
    modules: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
    return modules


def forbidden_imports(folder: Path, forbidden: set[str]) -> dict[str, list[str]]:
    """The files below ``folder`` that import one of ``forbidden``, with what they import."""
    files = sorted(folder.rglob("*.py"))
    assert files, f"no Python file below {folder}"
    found = {
        str(path.relative_to(folder)): sorted(imported_roots(path.read_text()) & forbidden)
        for path in files
    }
    return {name: roots for name, roots in found.items() if roots}
