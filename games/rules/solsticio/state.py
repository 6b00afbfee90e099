"""The state of one game. A ``State`` is a frozen value: ``apply`` returns a new one."""

from __future__ import annotations

from dataclasses import dataclass

from .content import EarthTile, Spirit
from .reading import Cell
from .setup import Setup, Stack

CAPTURE = "capture"
RAINBOW = "rainbow"
ENCOUNTER = "encounter"
SPIRIT = "spirit"
BLOCK = "block"
COVER = "cover"
#: Choices a move answers, by the key the move gives its answer under.
CHOICES = (CAPTURE, RAINBOW, SPIRIT, BLOCK, COVER)


@dataclass(frozen=True)
class Rainbow:
    """A Rainbow tile in a panorama; ``blocker`` is the Spirit that blocks it, if any."""

    cell: Cell
    blocker: str | None = None


@dataclass(frozen=True)
class Panorama:
    """What one player has taken: Earth tiles at their places, Rainbows, and Spirits (the Evil
    Spirit is tracked apart, by ``State.evil_holder``)."""

    earth: tuple[tuple[Cell, str], ...] = ()
    rainbows: tuple[Rainbow, ...] = ()
    spirits: tuple[str, ...] = ()

    def tile_at(self, cell: Cell) -> str | None:
        return next((tile for at, tile in self.earth if at == cell), None)

    def rainbow_at(self, cell: Cell) -> Rainbow | None:
        return next((r for r in self.rainbows if r.cell == cell), None)


@dataclass(frozen=True)
class Pending:
    """Something the turn still has to resolve, first in line first.

    ``capture``: ``tile`` must capture one of ``options`` (S1). ``rainbow``: place a Rainbow on one
    of ``cells`` (S3). ``encounter``: the player comes across a Spirit; once reached it becomes a
    ``spirit`` choice among the drawn ``options`` (S5). ``block``: put the Spirit ``tile`` on one of
    the free Rainbows at ``cells``. ``cover``: at the end, the opponent of the Evil Spirit's holder
    chooses which of the holder's Spirits (``options``) it covers (S5). ``ready`` is false until the
    options are worked out, when the item is reached.
    """

    kind: str
    seat: int
    tile: str | None = None
    options: tuple[str, ...] = ()
    cells: tuple[Cell, ...] = ()
    ready: bool = True

    @property
    def choices(self) -> tuple[str, ...] | tuple[Cell, ...]:
        return self.cells if self.kind in (RAINBOW, BLOCK) else self.options


@dataclass(frozen=True)
class State:
    """One game. ``pile`` and ``supply`` are top first; ``hands`` and ``panoramas`` follow
    ``setup.players``; ``turn`` is the index of the player whose turn it is. ``ended`` is set when
    both players have passed in a row (S6); the game is over once nothing is pending either.
    ``version`` counts the moves applied."""

    setup: Setup
    seed: int
    pile: tuple[str, ...]
    display: tuple[Stack, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    supply: tuple[str, ...]
    turn: int
    panoramas: tuple[Panorama, Panorama] = (Panorama(), Panorama())
    evil_holder: int | None = None
    covered: str | None = None
    pending: tuple[Pending, ...] = ()
    passes: int = 0
    reserve: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    ended: bool = False
    version: int = 0

    @property
    def players(self) -> tuple[str, str]:
        return self.setup.players

    @property
    def over(self) -> bool:
        return self.ended and not self.pending

    @property
    def due(self) -> int:
        """The index of the player due to move: whom a pending choice waits for, else ``turn``."""
        return self.pending[0].seat if self.pending else self.turn

    def earth(self, tile_id: str) -> EarthTile:
        return self.setup.content.earth_index[tile_id]

    def spirit(self, spirit_id: str) -> Spirit:
        return self.setup.content.spirit_index[spirit_id]

    def seat_index(self, seat: str) -> int:
        return self.players.index(seat)

    @property
    def face_up(self) -> tuple[str, ...]:
        """The display's face-up tiles, the ones a tile may capture."""
        return tuple(tile for stack in self.display for tile in stack.face_up)
