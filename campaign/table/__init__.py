"""The live mission at the table: ``services`` (begin, move, undo, abandon, end), ``screen`` (what
the table shows), ``forms``, ``views``, ``urls`` and ``events`` (server push); the services other
apps call are named here too (``from campaign import table``)."""

from campaign.table.services import (
    MoveResult,
    TableError,
    abandon_mission,
    begin_mission,
    state_of,
    submit_move,
    undo_last_move,
)

__all__ = [
    "MoveResult",
    "TableError",
    "abandon_mission",
    "begin_mission",
    "state_of",
    "submit_move",
    "undo_last_move",
]
