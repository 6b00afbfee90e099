"""The state of a game: each player's board and supplies, and the shared board.

The seed's three currencies stay apart (seed 000, note on terms): ``tiles`` are Action tiles by
colour ("peças de Ação", spent under B1/B2/B4), ``tokens`` are Action tokens ("Fichas de Ação",
spent on the Ship and Path tokens, B3) and ``markers`` are Action markers ("Marcadores de Ação",
spent on Guardians, B6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .content import Content, Gain
from .counts import NONE, Counts
from .reading import Cell

# Where counts by name mix the currencies (``cannot-pay``'s ``cost`` and ``have`` params: Action
# tiles by colour, Resources by kind), the names of the other two.
TOKENS = "action-tokens"
MARKERS = "action-markers"


@dataclass(frozen=True)
class TaskSlot:
    """A Task on a Task space of a player's board; ``lit`` once flipped to light its Bonfire."""

    task: str
    lit: bool = False


@dataclass(frozen=True)
class Player:
    name: str
    tiles: Counts = NONE
    tokens: int = 0
    markers: int = 0
    resources: Counts = NONE
    ship: str | None = None
    offerings: tuple[str, ...] = ()  # own Offering tiles; the first two are face up
    tasks: tuple[TaskSlot | None, ...] = ()  # one Task space beside each Bonfire
    neutral_novices: int = 0
    guardians: tuple[str, ...] = ()  # each Guardian's space: a Path tile or a Bonfire id
    destiny_supply: tuple[str, ...] = ()  # top first
    destiny: tuple[tuple[Cell, str], ...] = ()  # placed Destiny tiles, sorted by cell
    path_tokens: tuple[str, ...] = ()  # Path tokens built

    def gain(self, gain: Gain) -> Player:
        return replace(
            self,
            tiles=self.tiles + gain.tiles,
            tokens=self.tokens + gain.tokens,
            markers=self.markers + gain.markers,
            resources=self.resources + gain.resources,
        )

    def face_up(self) -> tuple[str, ...]:
        return self.offerings[:2]


@dataclass(frozen=True)
class State:
    content: Content
    players: tuple[Player, ...]
    turn: int = 0  # index of the player whose turn it is
    path_display: tuple[str, ...] = ()  # Path tokens not yet built, in order; six are face up
    council: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # space: (colour, player)
    island_offerings: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # (player, id)
    island_tasks: tuple[tuple[str, tuple[str, ...]], ...] = ()  # each island's Tasks left
    common_done: tuple[tuple[str, str], ...] = ()  # (common Task, player who fulfilled it)
    just_moved: bool = False  # the current player's last move was a Ship move (B3)

    @property
    def current(self) -> Player:
        return self.players[self.turn]

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def with_player(self, player: Player) -> State:
        return replace(
            self, players=tuple(player if p.name == player.name else p for p in self.players)
        )

    def novices_on(self, space: str) -> tuple[tuple[str, str], ...]:
        return dict(self.council)[space]

    def offerings_on(self, island: str) -> tuple[tuple[str, str], ...]:
        return dict(self.island_offerings)[island]

    def tasks_on(self, island: str) -> tuple[str, ...]:
        return dict(self.island_tasks)[island]
