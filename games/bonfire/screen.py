"""What the Bonfire turn helper shows: one player's board and the shared board, read from an
engine ``State`` (no database here)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.content.bonfire import default_bonfire_pack
from games.rules import bonfire
from games.rules.bonfire.content import Gain
from games.rules.bonfire.destiny import free_cells
from games.rules.bonfire.ship import CHEAP, FACE_UP, distance
from games.rules.bonfire.tasks import fulfilled

# The sample pack's colours and resources are words, not names: said in the reader's language.
# A group's own colours and resources read as the group wrote them.
WORDS = {
    "blue": _("blue"),
    "green": _("green"),
    "orange": _("orange"),
    "purple": _("purple"),
    "red": _("red"),
    "yellow": _("yellow"),
    "fish": _("fish"),
    "herbs": _("herbs"),
    "stone": _("stone"),
    "wood": _("wood"),
}


def word(value: str) -> str:
    """A colour or a resource of the content, in the reader's language when it is the sample's."""
    return str(WORDS.get(value, value))


def action_tokens(count: int) -> str:
    """``1 Action token``, ``2 Action tokens``: a count of them in the reader's language."""
    return ngettext("%(n)s Action token", "%(n)s Action tokens", count) % {"n": count}


def action_markers(count: int) -> str:
    """``1 Action marker``, ``2 Action markers``: a count of them in the reader's language."""
    return ngettext("%(n)s Action marker", "%(n)s Action markers", count) % {"n": count}


def gain_text(gain: Gain) -> str:
    parts = [f"{n} {word(c)}" for c, n in gain.tiles.items]
    if gain.tokens:
        parts.append(action_tokens(gain.tokens))
    if gain.markers:
        parts.append(action_markers(gain.markers))
    parts += [f"{n} {word(r)}" for r, n in gain.resources.items]
    return ", ".join(parts) or "—"


def destiny_grid(
    state: bonfire.State, player: bonfire.Player, *, finished: bool = False
) -> list[list[dict[str, Any]]]:
    """The Destiny Area as rows of cells, numbered from 0 like the engine's cells; a finished
    game's area offers no free cell (nothing is placed any more)."""
    content = state.content
    area = content.destiny_area
    rows = [r for r, _ in area.cells]
    cols = [c for _, c in area.cells]
    placed = dict(player.destiny)
    free = set() if finished else set(free_cells(content, player))
    return [
        [
            {
                "row": r,
                "col": c,
                "in_area": (r, c) in area.cells,
                "tile": content.destiny_tile(placed[(r, c)]) if (r, c) in placed else None,
                "gold": area.gold_at((r, c)) is not None and (r, c) not in placed,
                "free": (r, c) in free,
            }
            for c in range(min(cols), max(cols) + 1)
        ]
        for r in range(min(rows), max(rows) + 1)
    ]


def ship_cost_text(state: bonfire.State, player: bonfire.Player, island: str) -> str:
    """What sailing to ``island`` costs ("2 tokens"), "—" for the island the Ship is at."""
    if player.ship is None:
        cost = 1
    elif player.ship == island:
        return "—"
    else:
        steps = distance(state.content, player.ship, island)
        cost = steps if steps is not None and steps <= 2 else 3
    return ngettext("%(cost)s token", "%(cost)s tokens", cost) % {"cost": cost}


def screen(state: bonfire.State, name: str, *, finished: bool = False) -> dict[str, Any]:
    """Everything the helper page shows for player ``name`` (``finished``: no move is offered)."""
    content = default_bonfire_pack().localised(state.content)  # the pack's names, translated
    player = state.player(name)
    bonfires = content.bonfires
    token_names = {token.id: token.name for token in content.path_tokens}
    return {
        "player": player,
        "my_turn": state.current.name == name,
        "turn": state.current.name,
        "just_moved": state.just_moved and state.current.name == name,
        "tiles": [(c, player.tiles.get(c)) for c in content.colours],
        "resources": [(r, player.resources.get(r)) for r in content.resources],
        "face_up": player.face_up(),
        "hidden_offerings": max(0, len(player.offerings) - 2),
        "tasks": [
            {
                "number": i + 1,
                "slot": slot,
                "task": content.task(slot.task) if slot else None,
                "fulfilled": slot is not None and fulfilled(state, player, content.task(slot.task)),
                "bonfire": bonfires[i],
            }
            for i, slot in enumerate(player.tasks)
        ],
        "guardians": [
            {"number": i + 1, "space": space, "portal": _portal(content, space)}
            for i, space in enumerate(player.guardians)
        ],
        "path": [
            {
                "tile": tile,
                "guardian": player.guardians.index(tile.id) + 1
                if tile.id in player.guardians
                else None,
            }
            for tile in content.guardian_path
        ],
        "destiny": destiny_grid(state, player, finished=finished),
        "destiny_top": player.destiny_supply[0] if player.destiny_supply else None,
        "destiny_bottom": player.destiny_supply[-1] if player.destiny_supply else None,
        "islands": [
            {
                "island": island,
                "cost": ship_cost_text(state, player, island.id),
                "here": player.ship == island.id,
                "tasks_left": len(state.tasks_on(island.id)),
                "offerings": state.offerings_on(island.id),
                "neighbours": sorted(
                    content.island(b if a == island.id else a).name
                    for a, b in content.routes
                    if island.id in (a, b)
                ),
                "action": island,
            }
            for island in content.islands
        ],
        "path_display": [
            {"number": i + 1, "token": token_names.get(t, t), "cost": 1 if i < CHEAP else 2}
            for i, t in enumerate(state.path_display[:FACE_UP])
        ],
        "council": [
            {"space": s, "bonus": gain_text(s.bonus), "novices": state.novices_on(s.id)}
            for s in content.council
        ],
        "common_tasks": [
            {"task": t, "done": (t.id, name) in state.common_done} for t in content.common_tasks
        ],
        "others": [
            {"player": p, "ship": island_name(content, p.ship)}
            for p in state.players
            if p.name != name
        ],
        "ship": island_name(content, player.ship),
    }


def island_name(content: bonfire.Content, ident: str | None) -> str:
    return content.island(ident).name if ident else ""


def _portal(content: bonfire.Content, space: str) -> str | None:
    index = content.path_index(space)
    return None if index is None else content.guardian_path[index].portal
