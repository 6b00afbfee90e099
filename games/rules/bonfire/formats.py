"""The names of Bonfire's JSON formats, in one place: a scenario (setup and moves, the command
line's input and output, ``docs/formats/bonfire-scenario.md``) and a saved state."""

from __future__ import annotations

FORMAT = "bonfire-scenario/1"
STATE_FORMAT = "bonfire-state/1"
