"""Reading and checking the ``content`` object."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.rules.bonfire import SetupError, content_from_dict, content_to_dict

from .factories import content, setup_error


def test_round_trip() -> None:
    read = content_from_dict(content())
    assert content_from_dict(content_to_dict(read)) == read
    assert read.island("f").name == "Far Isle"
    assert read.island("a").name == "a"
    assert read.path_index("b1") is None
    assert read.path_index("g3") == 2


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("routes"), "content.routes: missing"),
        (_set("colours", ["red"]), "content.colours: yellow is required (B2 substitutes)"),
        (_set("colours", []), "content.colours: expected at least one"),
        (_set("colours", ["red", "red", "yellow"]), "content.colours: duplicate id 'red'"),
        (_set("colours", "red"), "content.colours: expected a list"),
        (_set("resources", [""]), "content.resources[0]: expected a non-empty string"),
        (_set("islands", []), "content.islands: expected at least one"),
        (
            _set("islands/0/resource", "gold"),
            "content.islands[0].resource: unknown resource 'gold'",
        ),
        (_set("islands/0/tasks", ["c1"]), "content.islands[0].tasks[0]: unknown task 'c1'"),
        (_set("islands/1/id", "a"), "content.islands: duplicate id 'a'"),
        (
            _set("islands/0/action/tokens", -1),
            "content.islands[0].action.tokens: expected an integer >= 0",
        ),
        (_set("islands/0/action/gain", []), "content.islands[0].action.gain: expected an object"),
        (
            _set("islands/0/action/gain/tiles", {"pink": 1}),
            "content.islands[0].action.gain.tiles: unknown colour 'pink'",
        ),
        (_set("routes/0", ["a", "a"]), "content.routes[0]: expected two different islands"),
        (_set("routes/0", ["a", "z"]), "content.routes[0]: unknown island 'z'"),
        (_set("path_tokens/1/id", "p1"), "content.path_tokens: duplicate id 'p1'"),
        (_set("council", []), "content.council: expected at least one space"),
        (_set("council/0", 3), "content.council[0]: expected an object"),
        (_set("tasks/1/id", "c1"), "content.tasks: duplicate id 'c1'"),
        (
            _set("tasks/0/requires/path_tokens", "1"),
            "content.tasks[0].requires.path_tokens: expected an integer >= 0",
        ),
        (_set("destiny", []), "content.destiny: expected an object"),
        (
            _set("destiny/tiles/0/actions", ["red"]),
            "content.destiny.tiles[0].actions: a Destiny tile shows three Action tiles",
        ),
        (
            _set("destiny/tiles/0/symbol", "pink"),
            "content.destiny.tiles[0].symbol: unknown colour 'pink'",
        ),
        (_set("destiny/area", []), "content.destiny.area: expected at least one cell"),
        (_set("destiny/area", [[0]]), "content.destiny.area: expected [row, col]"),
        (_set("destiny/start", [5, 5]), "content.destiny.start: not a cell of the Destiny Area"),
        (_set("destiny/start_tile", "d9"), "content.destiny.start_tile: unknown Destiny tile 'd9'"),
        (
            _set("destiny/gold/0/cell", [1, 1]),
            "content.destiny.gold[0].cell: not a free cell of the Destiny Area",
        ),
        (
            _set("offerings/0/resource", "gold"),
            "content.offerings[0].resource: unknown resource 'gold'",
        ),
        (_set("board/bonfires", []), "content.board.bonfires: expected at least one"),
        (
            _set("board/bonfires/0/novice", "pink"),
            "content.board.bonfires[0].novice: unknown colour 'pink'",
        ),
        (
            _set("board/guardian_path", []),
            "content.board.guardian_path: expected at least one Path tile",
        ),
        (_set("board/guardian_path/0/id", "b1"), "content.board: duplicate id 'b1'"),
        (
            _set("board/guardian_path/0/portal", "g2"),
            "content.board.guardian_path[0].portal: unknown Bonfire 'g2'",
        ),
        (_set("board/guardians", ["g9"]), "content.board.guardians[0]: unknown Path tile 'g9'"),
        (_set("board/guardians", ["g1", "g1"]), "content.board.guardians: duplicate id 'g1'"),
    ],
)
def test_bad_content(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = content()
    change(data)
    error = setup_error(content_from_dict, data)
    assert (error.message, error.code) == (message, "bad-setup")


def test_content_is_an_object() -> None:
    with pytest.raises(SetupError, match=r"^content: expected an object$"):
        content_from_dict([])  # type: ignore[arg-type]
