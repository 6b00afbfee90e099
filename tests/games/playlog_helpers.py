"""The realistic BG Stats export the play-log tests share, and ways to bend it."""

import copy
import json
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).parent / "fixtures" / "bgstats_export.json"


def export_data() -> dict[str, Any]:
    return copy.deepcopy(json.loads(FIXTURE.read_text(encoding="utf-8")))


def export_bytes(data: dict[str, Any] | None = None) -> bytes:
    return json.dumps(data if data is not None else export_data(), ensure_ascii=False).encode()


def export_text(data: dict[str, Any] | None = None) -> str:
    return export_bytes(data).decode()
