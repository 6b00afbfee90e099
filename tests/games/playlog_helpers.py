"""The realistic BG Stats export the play-log tests share, and ways to bend it."""

import copy
import io
import json
from pathlib import Path
from typing import Any

from django.core.management import call_command

FIXTURE = Path(__file__).parent / "fixtures" / "bgstats_export.json"


def export_data() -> dict[str, Any]:
    return copy.deepcopy(json.loads(FIXTURE.read_text(encoding="utf-8")))


def export_bytes(data: dict[str, Any] | None = None) -> bytes:
    return json.dumps(data if data is not None else export_data(), ensure_ascii=False).encode()


def export_text(data: dict[str, Any] | None = None) -> str:
    return export_bytes(data).decode()


def run_bgstats(*args: object) -> tuple[Any, str, str]:
    """``manage.py bgstats …``: its (exit status, standard output, standard error)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("bgstats", *[str(a) for a in args], stdout=out, stderr=err)
    except SystemExit as leaving:
        return leaving.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()
