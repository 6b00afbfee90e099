"""``PackError`` and the exact wording of every validation problem.

A message names where the problem is, then what it is:
``missions.json: mission 7: rewards[0].envelope: unknown envelope 'Q'``. When a pack is read from
one JSON document instead of a folder, the file name is replaced by the section name
(``missions``).
"""

from __future__ import annotations

MISSING = "missing"
EXPECTED_TYPE = "expected {expected}, got {got}"
UNKNOWN_FIELD = "unknown field"
UNKNOWN_REFERENCE = "unknown {kind} {value!r}"
DUPLICATE_ID = "duplicate id {value!r}"
NOT_ONE_OF = "expected one of {choices}, got {value!r}"
INVALID_JSON = "invalid JSON: {detail}"
FILE_MISSING = "file missing"
WRONG_FORMAT = "expected {expected!r}, got {value!r}"
EMPTY_TEXT = "must not be empty"
EXPECTED_TEXTS = "expected a string or an object of texts by language"
UNKNOWN_LANGUAGE = "unknown language {value!r} (expected one of {languages})"
OUT_OF_RANGE = "expected {low} to {high}, got {value}"
TOO_LONG = "longer than {limit} characters"
NUL_CHARACTER = "contains a NUL character"
LONE_SURROGATE = "contains a lone surrogate (not Unicode text)"

DUPLICATE_CELL = "duplicate cell {cell}"
NOT_NORMALISED = "cells must start at row 0 and column 0"
NOT_CONNECTED = "cells must be connected"
SPIRIT_TILE_SIZE = "a Spirit tile has 1 to 5 cells, got {count}"
SPIRIT_TILE_TAKEN = "same Spirit tile as card {other!r}"
BACK_NOT_TURNED_OVER = "the back must be the front tile turned over"
TRIANGLE_OFF_TILE = "{cell} is not a cell of the tile"
EDGE_CELL_OFF_TILE = "{cell} is not a cell of the tile"
EDGE_INSIDE_TILE = "side {side} of {cell} is inside the tile, not on its border"

OUTSIDE_GRID = "{cell} is outside the {size} × {size} grid"
TILE_OUTSIDE_GRID = "{side} side covers {cell}, outside the {size} × {size} grid"
TILES_OVERLAP = "{side} side overlaps mission tile {other!r} at {cell}"
ON_MISSION_TILE = "{cell} is on mission tile {tile!r}"
CELL_TAKEN = "{cell} already holds {what}"
EDGE_FACES_OUTSIDE = "{side} side: coloured edge faces {cell}, outside the grid"
EDGE_FACES_TILE = "{side} side: coloured edge faces mission tile {other!r} at {cell}"
TILE_PLACED_TWICE = "mission tile {tile!r} is already placed in this mission"
TILE_NOT_PLACED = "mission tile {tile!r} is not placed in this mission"
SURROUND_WITHOUT_OBJECTIVE = "surround is true but no objective names {tile!r}"
OBJECTIVE_NOT_SURROUND = "mission tile {tile!r} is not marked surround"
MIST_NEEDS_COLOUR = "a Mist token needs a colour"
WHIRLPOOL_HAS_NO_COLOUR = "a Whirlpool token has no colour"

MISSION_NUMBERS = "expected missions numbered 1 to {count}, got {numbers}"
MISSION_NUMBER_REPEATED = "mission {number} appears twice"
SPACE_UNLOCKED_AT_START = "Power space {value!r} is unlocked at start"
ENVELOPE_WRONG_COLOUR = "envelope {value!r} is {colour}, expected {expected}"
RELIEF_ONLY_LAST = "only mission {last} may have a Holo Liana relief"
RELIEF_MISSING = "mission {last} needs a holo_liana_relief since a mission rewards a Holo Liana"
RELIEF_FIELD = "{field} is required for a {kind!r} relief"

ENVELOPE_COUNT = "expected exactly {expected} envelopes, got {count}"
RED_ENVELOPE_COUNT = "expected exactly one red envelope, got {count}"
ENVELOPE_OPENS = "a {colour} envelope opens by {expected!r}, got {value!r}"
ENVELOPE_UNREACHABLE = "nothing opens envelope {value!r}: {why}"
ENVELOPE_OPENED_TWICE = "envelope {value!r} is already opened by {other}"
ITEM_IN_TWO_ENVELOPES = "{kind} {value!r} is already in envelope {other!r}"
MOON_BOX_NUMBERS = "boxes must be numbered 1 to {count} in order, got {value}"
MOON_BOX_PAIRING = "a box with a moon phase opens a black envelope, and only then"
MOON_PHASE_REPEATED = "moon phase {value!r} is already on box {other}"
MOON_TILE_PHASE = "moon tile {tile!r} is for phase {phase!r}, but box {box} shows {value!r}"
SPACE_LOCKED_FOREVER = "no Totem reward unlocks Power space {value!r}"
TOKEN_NEVER_GAINED = "no Castle reward gives Power token {value!r}"
NO_SPACE_AT_START = "at least one Power space must be unlocked at start"


class PackError(ValueError):
    """A content pack is invalid; ``str()`` names the file, entry, field and problem."""

    def __init__(self, source: str, entry: str, field: str, problem: str) -> None:
        self.source = source
        self.entry = entry
        self.field = field
        self.problem = problem
        super().__init__(": ".join(part for part in (source, entry, field, problem) if part))


def cell_text(cell: tuple[int, int]) -> str:
    """A cell as it is written in the pack files, e.g. ``[3, 4]``."""
    return f"[{cell[0]}, {cell[1]}]"


SYMBOL_TAKEN = "same symbol as colour {other!r}"
CARD_TAKEN = "card {other!r} is already {colour} {value}"
OBJECTIVE_NOT_FINAL = "mission tile {tile!r} is not an objective of mission {last}"
