"""Every rules engine, each checked by mypy against the contract every engine follows
(``games.rules.common.Engine``): an engine that drifts from it fails the type check here."""

from __future__ import annotations

from typing import Any

from games.rules import bonfire, solsticio, spirits
from games.rules.common import Engine

SPIRITS: Engine[spirits.State, spirits.Outcome] = spirits
BONFIRE: Engine[bonfire.State, None] = bonfire
SOLSTICIO: Engine[solsticio.State, solsticio.Outcome] = solsticio

ENGINES: tuple[Engine[Any, Any], ...] = (SPIRITS, BONFIRE, SOLSTICIO)
