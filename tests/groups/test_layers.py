"""groups/ is the layer below the games: it imports nothing of campaign, stats or games.

A group lists its adventures through the reverse relation (``group.adventures``), and what a game
adds to the group page is that game's template; the group code names no game.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.imports import forbidden_imports, imported_roots

GROUPS = Path(__file__).resolve().parents[2] / "groups"
FORBIDDEN = {"campaign", "stats", "games"}


def test_groups_import_no_game_app() -> None:
    assert forbidden_imports(GROUPS, FORBIDDEN) == {}


def test_scanner_sees_every_import_form() -> None:
    source = "import stats.tasks\nfrom campaign.models import Adventure\nfrom games import x\n"
    assert imported_roots(source) & FORBIDDEN == FORBIDDEN
