"""The rules engines stay pure: nothing under games/rules imports Django or the campaign app."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[3] / "games" / "rules"
FORBIDDEN = {"django", "campaign"}


def _imported_roots(source: str) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_import_no_django_or_campaign() -> None:
    """design.md: games/rules is pure Python, no Django."""
    files = sorted(RULES.rglob("*.py"))
    assert files
    offenders = {
        str(path.relative_to(RULES)): sorted(_imported_roots(path.read_text()) & FORBIDDEN)
        for path in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_scanner_catches_django_imports() -> None:
    """The scanner itself sees both import forms."""
    assert _imported_roots("import django.db\nfrom campaign.models import X\n") == {
        "django",
        "campaign",
    }
