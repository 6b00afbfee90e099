"""Let the pure rules tests run without pytest-django (``pytest -p no:django tests/games/rules``).

pyproject.toml sets ``DJANGO_SETTINGS_MODULE`` for the whole project; without the django plugin
pytest would warn about an unknown option, and warnings are errors. Declare it only then.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    if not pluginmanager.has_plugin("django"):
        parser.addini("DJANGO_SETTINGS_MODULE", "declared for runs without pytest-django")
