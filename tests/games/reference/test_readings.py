"""Each reading the reference lists is a real, public function whose docstring says "our
reading", with the tests it names; and every function of the rules engines that says "our
reading" is listed, under its own game, so a new reading cannot be left out of the reference.
"""

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from games.reference.documents import GAMES, game_reference

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "games" / "rules"
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


DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def says_our_reading(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> bool:
    return "our reading" in (ast.get_docstring(node) or "").casefold()


def readings_in(source: str, module: str) -> list[str]:
    """The dotted paths of the functions and classes of ``source`` (module ``module``), nested
    ones included, whose docstring says "our reading"."""
    found: list[str] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, DEFINITIONS):
                path = f"{prefix}.{child.name}"
                if says_our_reading(child):
                    found.append(path)
                visit(child, path)
            else:
                visit(child, prefix)

    visit(ast.parse(source), module)
    return found


def engine_readings() -> dict[str, str]:
    """Every "our reading" of ``games/rules``, by dotted path, with the game it belongs to."""
    found = {}
    for path in sorted(RULES.rglob("*.py")):
        relative = path.relative_to(ROOT).with_suffix("")
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        for dotted in readings_in(path.read_text(encoding="utf-8"), ".".join(parts)):
            found[dotted] = relative.parts[2]
    return found


def test_every_game_lists_readings():
    assert {p.values[0] for p in READINGS} == set(GAMES)


@pytest.mark.parametrize(("game", "rule_id", "reading"), READINGS)
def test_the_reading_is_a_function_saying_our_reading(game, rule_id, reading):
    function = resolve(reading.function)
    doc = inspect.getdoc(function) or ""
    assert "our reading" in doc.casefold(), reading.function
    assert reading.tests, (rule_id, reading.function)
    for test in reading.tests:
        assert (ROOT / test).is_file(), (rule_id, test)


@pytest.mark.parametrize(("game", "rule_id", "reading"), READINGS)
def test_a_reading_is_a_public_name(game, rule_id, reading):
    """A reading is cited by a name the engine offers, never a private helper's."""
    private = [part for part in reading.function.split(".") if part.startswith("_")]
    assert not private, (rule_id, reading.function)


def test_every_reading_of_the_engines_is_in_the_reference():
    """A function of ``games/rules`` whose docstring says "our reading" must be listed in the
    reference of its own game (the languages list the same readings, checked on load)."""
    listed = {
        reading.function: game
        for game in GAMES
        for rule in game_reference(game)["en"].rules
        for reading in rule.readings
    }
    found = engine_readings()
    missing = sorted(path for path in found if path not in listed)
    assert not missing, f"say 'our reading' but are not in the reference: {missing}"
    elsewhere = sorted(path for path, game in found.items() if listed[path] != game)
    assert not elsewhere, f"listed under another game: {elsewhere}"


def test_the_walk_finds_every_engine_and_nested_definitions():
    found = engine_readings()
    assert found["games.rules.spirits.tricks.tie_break"] == "spirits"
    assert found["games.rules.bonfire.destiny.matching_area_bonus"] == "bonfire"
    assert found["games.rules.solsticio.content.can_capture"] == "solsticio"
    source = (
        'class Rule:\n    """Plain."""\n\n'
        '    def pick(self):\n        """Our reading: the first."""\n\n'
        'def other():\n    """Not a reading."""\n'
    )
    assert readings_in(source, "games.rules.x.y") == ["games.rules.x.y.Rule.pick"]


def test_resolve_finds_functions_and_refuses_what_is_not_there():
    assert resolve("games.rules.spirits.tricks.tie_break").__name__ == "tie_break"
    with pytest.raises(AttributeError):
        resolve("games.rules.spirits.tricks.no_such_function")
    with pytest.raises(ModuleNotFoundError):
        resolve("no_such_package.module")
