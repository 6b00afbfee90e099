"""groups/ is the layer below the games: it imports nothing of campaign, stats or games.

A group lists its adventures through the reverse relation (``group.adventures``), and what a game
adds to the group page is that game's template; the group code names no game.
"""

from __future__ import annotations

import ast
from pathlib import Path

GROUPS = Path(__file__).resolve().parents[2] / "groups"
FORBIDDEN = {"campaign", "stats", "games"}


def imported_roots(source: str) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_groups_import_no_game_app() -> None:
    files = sorted(GROUPS.rglob("*.py"))
    assert files
    offenders = {
        str(path.relative_to(GROUPS)): sorted(imported_roots(path.read_text()) & FORBIDDEN)
        for path in files
    }
    assert {name: roots for name, roots in offenders.items() if roots} == {}


def test_scanner_sees_every_import_form() -> None:
    source = "import stats.tasks\nfrom campaign.models import Adventure\nfrom games import x\n"
    assert imported_roots(source) & FORBIDDEN == FORBIDDEN
