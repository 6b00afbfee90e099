"""The Bonfire content pack: the sample pack loads, is labelled sample, and bad files are named."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.content import PackError
from games.content.bonfire import (
    SAMPLE_PATH,
    default_bonfire_pack,
    default_content,
    load_bonfire_pack,
)
from games.rules.bonfire import content_to_dict
from tests.support.packs import copy_pack, edit_json, pack_error


def test_sample_pack_is_labelled_and_complete() -> None:
    pack = default_bonfire_pack()
    assert pack.sample
    assert "not the publisher's" in str(pack.notice)
    content = pack.content
    assert len(content.islands) == 6
    assert len(content.path_tokens) >= 6
    assert {b.novice for b in content.bonfires} <= set(content.colours)
    assert content_to_dict(content)["colours"] == pack.document["colours"]


def test_sample_supply_keeps_the_three_currencies_apart() -> None:
    """Seed 000: Action tiles (by colour, yellow included), Action tokens, Action markers."""
    supply = default_bonfire_pack().supply
    assert supply.tiles == {"yellow": 1}
    assert (supply.tokens, supply.markers) == (3, 2)
    assert supply.resources == {"fish": 2, "herbs": 2, "stone": 2, "wood": 2}
    assert (supply.offerings_dealt, supply.destiny_dealt) == (3, 4)
    assert supply.player_fields() == {
        "tiles": {"yellow": 1},
        "tokens": 3,
        "markers": 2,
        "resources": {"fish": 2, "herbs": 2, "stone": 2, "wood": 2},
    }


def test_supply_must_be_an_object(folder: Path) -> None:
    (folder / "supply.json").write_text("[]", encoding="utf-8")
    with pytest.raises(PackError, match=r"^supply\.json: expected an object$"):
        load_bonfire_pack(folder)
    (folder / "supply.json").unlink()
    with pytest.raises(PackError, match=r"^supply\.json: file missing$"):
        load_bonfire_pack(folder)


def test_default_content_is_a_copy() -> None:
    document = default_content()
    document["islands"].clear()
    assert default_content()["islands"]


def test_sample_routes_reach_every_island() -> None:
    """Seed 000, p. 8 (B3): moves cost by distance over routes, so the sample joins all islands."""
    from games.rules.bonfire.ship import distance

    content = default_bonfire_pack().content
    first = content.islands[0].id
    assert all(distance(content, first, i.id) is not None for i in content.islands)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return copy_pack(SAMPLE_PATH, tmp_path)


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        (
            "islands",
            lambda d: d[0].update(resource="gold"),
            "islands.json: [0].resource: unknown resource 'gold'",
        ),
        (
            "destiny",
            lambda d: d.update(start=[9, 9]),
            "destiny.json: start: not a cell of the Destiny Area",
        ),
        ("board", lambda d: d.update(bonfires=[]), "board.json: bonfires: expected at least one"),
        (
            "pack",
            lambda d: d.update(format="x"),
            "pack.json: format: expected 'bonfire-pack/1', got 'x'",
        ),
        ("pack", lambda d: d.update(extra=1), "pack.json: extra: unknown field"),
        ("pack", lambda d: d.update(name=" "), "pack.json: name: must not be empty"),
        (
            "supply",
            lambda d: d["tiles"].update(pink=1),
            "supply.json: tiles: unknown colour 'pink'",
        ),
        (
            "supply",
            lambda d: d["resources"].update(fish=-2),
            "supply.json: resources.fish: expected an integer >= 0",
        ),
        ("supply", lambda d: d.update(tokens="3"), "supply.json: tokens: expected an integer >= 0"),
        ("supply", lambda d: d.pop("markers"), "supply.json: markers: missing"),
        ("supply", lambda d: d.update(gold=1), "supply.json: gold: unknown field"),
        ("supply", lambda d: d.clear() or d.update(x=1), "supply.json: x: unknown field"),
        (
            "pack",
            lambda d: d.update(notice={"en": "Sample.", "es": "Ejemplo."}),
            "pack.json: notice.es: unknown language 'es' (expected one of en, pt-BR, ca)",
        ),
        (
            "islands",
            lambda d: d[0].update(name={"en": "Ember Rock", "pt-BR": ""}),
            "islands.json: island ember: name.pt-BR: must not be empty",
        ),
        (
            "path_tokens",
            lambda d: d[1].update(name={"fr": "Échelle"}),
            "path_tokens.json: path token p02: name.fr: unknown language 'fr' "
            "(expected one of en, pt-BR, ca)",
        ),
    ],
)
def test_bad_pack_names_the_file(
    folder: Path, name: str, change: Callable[[Any], object], message: str
) -> None:
    assert pack_error(load_bonfire_pack, edit_json(folder, name, change)) == message


def test_missing_or_broken_files(folder: Path) -> None:
    (folder / "routes.json").unlink()
    with pytest.raises(PackError, match=r"^routes\.json: file missing$"):
        load_bonfire_pack(folder)
    (folder / "routes.json").write_text("[", encoding="utf-8")
    with pytest.raises(PackError, match=r"^routes\.json: invalid JSON"):
        load_bonfire_pack(folder)
    (folder / "pack.json").write_text("[]", encoding="utf-8")
    with pytest.raises(PackError, match=r"^pack\.json: expected an object, got list$"):
        load_bonfire_pack(folder)
