"""Content packs broken on purpose: a writable copy of a sample pack, one file of it edited, and
the message of the ``PackError`` the loader then raises."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.content.errors import PackError


def copy_pack(sample: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(sample, folder)
    return folder


def edit_json(folder: Path, name: str, change: Callable[[Any], object]) -> Path:
    """Run ``change`` on the JSON of ``name``.json (it changes it in place) and write it back."""
    path = folder / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder


def pack_error(load: Callable[[Path], object], folder: Path) -> str:
    """The message of the ``PackError`` that ``load`` must raise for the pack in ``folder``."""
    with pytest.raises(PackError) as caught:
        load(folder)
    return str(caught.value)
