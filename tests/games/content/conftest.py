"""Fixtures for content-pack tests: a writable copy of the sample pack to break on purpose."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.content.pack import SAMPLE_PATH

Edit = Callable[[str, Callable[[Any], object]], Path]


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(SAMPLE_PATH, folder)
    return folder


@pytest.fixture
def edit(pack_copy: Path) -> Edit:
    """``edit("missions", change)`` runs ``change`` on that file's JSON and writes it back."""

    def apply(name: str, change: Callable[[Any], object]) -> Path:
        path = pack_copy / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return pack_copy

    return apply
