"""The shape of every game's refusals: an engine's ``IllegalMove`` code worded in the reader's
language, with a link to the rule of the reference it enforces.

Each game keeps its own table of them beside its screen (``campaign/table/refusals.py``,
``games/bonfire/refusals.py``, ``games/solsticio/refusals.py``); the engines keep English messages
and stable codes for logs and the command line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise

from games.reference.links import rule_url
from web.elision import interpolate


@dataclass(frozen=True)
class Refusal:
    message: Promise
    game: str
    rule: str
    params: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        return rule_url(self.game, self.rule)

    def render(self, **params: Any) -> str:
        """The message in the active language, with its parameters."""
        missing = set(self.params) - set(params)
        if missing:
            raise KeyError(f"missing parameters: {sorted(missing)}")
        # A plural message picks its form from its count among the parameters (``interpolate``).
        return interpolate(self.message, params) if self.params else str(self.message)
