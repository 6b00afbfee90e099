"""Each reading the reference lists is a real function whose docstring says "our reading", with
the tests it names.

The Bonfire and Solsticio readings name the functions their engines are to hold
(``games.rules.bonfire`` and ``games.rules.solsticio``); while an engine's package is not in the
tree, its readings are skipped with that reason, and the check runs by itself once it is.
"""

import importlib
import inspect
from pathlib import Path

import pytest

from games.reference.documents import GAMES, game_reference

ROOT = Path(__file__).resolve().parents[3]
ENGINES = {"spirits": "games.rules.spirits", "bonfire": "games.rules.bonfire",
           "solsticio": "games.rules.solsticio"}  # fmt: skip
READINGS = [
    pytest.param(game, rule.id, reading, id=f"{game}-{reading.function}")
    for game in GAMES
    for rule in game_reference(game)["en"].rules
    for reading in rule.readings
]


def resolve(dotted: str) -> object:
    """The object at a dotted path: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise ModuleNotFoundError(dotted)


def engine_present(game: str) -> bool:
    try:
        importlib.import_module(ENGINES[game])
    except ModuleNotFoundError:
        return False
    return True


def test_every_game_lists_readings():
    assert {p.values[0] for p in READINGS} == set(GAMES)


@pytest.mark.parametrize(("game", "rule_id", "reading"), READINGS)
def test_the_reading_is_a_function_saying_our_reading(game, rule_id, reading):
    if not engine_present(game):
        pytest.skip(f"{ENGINES[game]} is not in this tree yet; the check runs once it is")
    function = resolve(reading.function)
    doc = inspect.getdoc(function) or ""
    assert "our reading" in doc.casefold(), reading.function
    for test in reading.tests:
        assert (ROOT / test).is_file(), (rule_id, test)


def test_resolve_finds_functions_and_refuses_what_is_not_there():
    assert resolve("games.rules.spirits.tricks.tie_break").__name__ == "tie_break"
    with pytest.raises(AttributeError):
        resolve("games.rules.spirits.tricks.no_such_function")
    with pytest.raises(ModuleNotFoundError):
        resolve("no_such_package.module")
