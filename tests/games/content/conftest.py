"""Fixtures for content-pack tests: a writable copy of the sample pack to break on purpose."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.content.pack import SAMPLE_PATH
from tests.support.packs import copy_pack, edit_json

Edit = Callable[[str, Callable[[Any], object]], Path]


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    return copy_pack(SAMPLE_PATH, tmp_path)


@pytest.fixture
def edit(pack_copy: Path) -> Edit:
    """``edit("missions", change)`` runs ``change`` on that file's JSON and writes it back."""
    return lambda name, change: edit_json(pack_copy, name, change)
