"""What the Bonfire turn helper shows: one player's board and the shared board, read from an
engine ``State`` (no database here)."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from games.content.bonfire import default_bonfire_pack
from games.rules import bonfire
from games.rules.bonfire.content import Gain, Island, Task
from games.rules.bonfire.counts import Counts
from games.rules.bonfire.destiny import BOTTOM, ENDS, TOP, free_cells
from games.rules.bonfire.reading import Cell
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
    "neutral": pgettext_lazy("Bonfire Novice colour", "neutral"),
}


# Each colour and resource of the sample pack also has a mark of its own, so that a tile or a
# resource reads without telling colours apart; a group's own colour or resource gets a dot.
MARKS = {
    "blue": "◆",
    "green": "▲",
    "orange": "●",
    "purple": "■",
    "red": "♥",
    "yellow": "★",
    "fish": "≈",
    "herbs": "♣",
    "stone": "▣",
    "wood": "▥",
}
OTHER_MARK = "•"


def word(value: str) -> str:
    """A colour or a resource of the content, in the reader's language when it is the sample's."""
    return str(WORDS.get(value, value))


def action_tokens(count: int) -> str:
    """``1 Action token``, ``2 Action tokens``: a count of them in the reader's language."""
    return ngettext("%(n)s Action token", "%(n)s Action tokens", count) % {"n": count}


def action_markers(count: int) -> str:
    """``1 Action marker``, ``2 Action markers``: a count of them in the reader's language."""
    return ngettext("%(n)s Action marker", "%(n)s Action markers", count) % {"n": count}


def mark(value: str) -> str:
    """The mark drawn beside a colour's or a resource's word."""
    return MARKS.get(value, OTHER_MARK)


def marked(value: str) -> SafeString:
    """A colour or a resource drawn: its mark (hidden from screen readers) and its word."""
    return format_html(
        '<span class="mark" aria-hidden="true">{}</span> {}', mark(value), word(value)
    )


def gain_text(gain: Gain) -> str:
    parts = [f"{n} {word(c)}" for c, n in gain.tiles.items]
    if gain.tokens:
        parts.append(action_tokens(gain.tokens))
    if gain.markers:
        parts.append(action_markers(gain.markers))
    parts += [f"{n} {word(r)}" for r, n in gain.resources.items]
    return ", ".join(parts) or "—"


def gain_between(before: bonfire.Player, after: bonfire.Player) -> Gain:
    """What ``after`` holds more than ``before``, in the seed's separate currencies."""

    def more(old: Counts, new: Counts) -> Counts:
        return Counts.of((name, new.get(name) - old.get(name)) for name in new.names())

    return Gain(
        tiles=more(before.tiles, after.tiles),
        tokens=after.tokens - before.tokens,
        markers=after.markers - before.markers,
        resources=more(before.resources, after.resources),
    )


def drawn_tile(content: bonfire.Content, tile_id: str) -> dict[str, Any]:
    """A Destiny tile as drawn: its symbol and the three Action tiles it shows, each a colour's
    mark and word (never its id)."""
    tile = content.destiny_tile(tile_id)
    return {
        "symbol": tile.symbol,
        "actions": list(tile.actions),
        "label": str(
            _("Destiny tile: %(symbol)s symbol, gains %(actions)s")
            % {
                "symbol": word(tile.symbol),
                "actions": ", ".join(word(colour) for colour in tile.actions),
            }
        ),
    }


def destiny_placement(
    state: bonfire.State,
    name: str,
    *,
    end: str = TOP,
    cell: Cell | None = None,
    finished: bool = False,
) -> dict[str, Any]:
    """Placing a Destiny tile (B1) by touch: the top and bottom tiles of ``name``'s supply, the
    cells where the engine takes the chosen one now (its legal moves), and for a tapped ``cell``
    what placing it there gains or why the engine refuses it (the move applied to the state,
    which is immutable: nothing is saved)."""
    from games.bonfire import refusals  # its sentences name things with this module's words

    content = state.content
    player = state.player(name)
    end = end if end in ENDS else TOP
    supply = player.destiny_supply
    ends = []
    if supply and not finished:
        ends = [
            {"end": TOP, "tile": drawn_tile(content, supply[0])},
            {"end": BOTTOM, "tile": drawn_tile(content, supply[-1])},
        ]
    legal: set[Cell] = set()
    if ends and state.current.name == name:
        legal = {
            (move["cell"][0], move["cell"][1])
            for move in bonfire.legal_moves(state)
            if move["kind"] == "place_destiny" and move["end"] == end
        }
    preview: dict[str, Any] | None = None
    if cell is not None and ends:
        move = {"kind": "place_destiny", "player": name, "end": end, "cell": list(cell)}
        preview = {"row": cell[0], "col": cell[1], "end": end}
        try:
            after = bonfire.apply(state, move)
        except bonfire.IllegalMove as error:
            preview["refusal"] = refusals.sentence(error, content)
            preview["rule"] = error.rule
        else:
            preview["gain"] = gain_parts(gain_between(player, after.player(name)))
    return {
        "end": end,
        "ends": ends,
        "grid": destiny_grid(state, player, legal=legal, chosen=cell, finished=finished),
        "preview": preview,
    }


def gain_parts(gain: Gain) -> list[dict[str, Any]]:
    """A gain as drawn pieces: Action tiles and Resources by their mark and word, Action tokens
    and markers by count."""
    parts: list[dict[str, Any]] = [
        {"count": n, "thing": colour, "kind": "tile"} for colour, n in gain.tiles.items
    ]
    if gain.tokens:
        parts.append({"count": gain.tokens, "kind": "tokens"})
    if gain.markers:
        parts.append({"count": gain.markers, "kind": "markers"})
    parts += [{"count": n, "thing": r, "kind": "resource"} for r, n in gain.resources.items]
    return parts


def destiny_grid(
    state: bonfire.State,
    player: bonfire.Player,
    *,
    legal: set[Cell] | None = None,
    chosen: Cell | None = None,
    finished: bool = False,
) -> list[list[dict[str, Any]]]:
    """The Destiny Area as rows of cells, numbered from 0 like the engine's cells: each placed
    tile drawn, each gold symbol with what covering it gives, the cells where the chosen tile
    may go now (``legal``) and the tapped one (``chosen``); a finished game's area offers no
    free cell (nothing is placed any more)."""
    content = state.content
    area = content.destiny_area
    rows = [r for r, _ in area.cells]
    cols = [c for _, c in area.cells]
    placed = dict(player.destiny)
    free = set() if finished else set(free_cells(content, player))
    legal = legal or set()
    return [
        [
            {
                "row": r,
                "col": c,
                "in_area": (r, c) in area.cells,
                "tile": drawn_tile(content, placed[(r, c)]) if (r, c) in placed else None,
                "gold": gain_text(gold)
                if (gold := area.gold_at((r, c))) is not None and (r, c) not in placed
                else "",
                "free": (r, c) in free,
                "legal": (r, c) in legal,
                "chosen": (r, c) == chosen,
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


def needs_text(task: Task) -> str:
    """What a Task asks of its holder, in words: Resources by their word, then Path tokens and
    Offerings by count."""
    parts = [f"{n} {word(r)}" for r, n in task.resources.items]
    if task.path_tokens:
        parts.append(
            ngettext("%(n)s Path token", "%(n)s Path tokens", task.path_tokens)
            % {"n": task.path_tokens}
        )
    if task.offerings:
        parts.append(
            ngettext("%(n)s Offering made", "%(n)s Offerings made", task.offerings)
            % {"n": task.offerings}
        )
    return ", ".join(parts) or "—"


def island_cost_text(island: Island) -> str:
    """What an island's action costs (B3: its normal Action token and Resource costs)."""
    parts = [action_tokens(island.action_tokens)] if island.action_tokens else []
    parts += [f"{n} {word(r)}" for r, n in island.action_resources.items]
    return ", ".join(parts) or "—"


def screen(
    state: bonfire.State,
    name: str,
    *,
    finished: bool = False,
    end: str = TOP,
    cell: Cell | None = None,
    light: int | None = None,
) -> dict[str, Any]:
    """Everything the helper page shows for player ``name`` (``finished``: no move is offered);
    ``end`` and ``cell``: the Destiny tile being placed and the cell tapped for it; ``light``: the
    Task space (from 1) whose fulfilled Task was tapped to light its Bonfire, which makes the High
    Council's spaces the next tap."""
    content = default_bonfire_pack().localised(state.content)  # the pack's names, translated
    player = state.player(name)
    bonfires = content.bonfires
    token_names = {token.id: token.name for token in content.path_tokens}
    lit = [slot is not None and slot.lit for slot in player.tasks]
    tasks: list[dict[str, Any]] = [
        {
            "number": i + 1,
            "slot": slot,
            "task": content.task(slot.task) if slot else None,
            "needs": needs_text(content.task(slot.task)) if slot else "",
            "fulfilled": slot is not None and fulfilled(state, player, content.task(slot.task)),
            "bonfire": bonfires[i],
        }
        for i, slot in enumerate(player.tasks)
    ]
    for task in tasks:
        task["lightable"] = task["fulfilled"] and not task["slot"].lit and not finished
    council: list[dict[str, Any]] = [
        {"space": s, "bonus": gain_text(s.bonus), "novices": state.novices_on(s.id)}
        for s in content.council
    ]
    lighting = next((t for t in tasks if t["number"] == light and t["lightable"]), None)
    if lighting is not None:  # the spaces that take this Bonfire's Novice (B5)
        colour = lighting["bonfire"].novice
        lighting["spaces"] = [c for c in council if colour not in dict(c["novices"])]
    return {
        "player": player,
        "my_turn": state.current.name == name,
        "turn": state.current.name,
        "just_moved": state.just_moved and state.current.name == name,
        "tiles": [(c, player.tiles.get(c)) for c in content.colours],
        "resources": [(r, player.resources.get(r)) for r in content.resources],
        "face_up": [
            {"id": o, "number": i + 1, "resource": content.offering(o).resource}
            for i, o in enumerate(player.face_up())
        ],
        "path_tokens": [token_names.get(t, t) for t in player.path_tokens],
        "hidden_offerings": max(0, len(player.offerings) - 2),
        "tasks": tasks,
        "lighting": lighting,
        "neutral": player.neutral_novices > 0 and not finished,
        "guardians": [
            {
                "number": i + 1,
                "space": space,
                "where": space_name(content, space),
                "portal": _portal(content, space),
            }
            for i, space in enumerate(player.guardians)
        ],
        "path": [
            {
                "tile": tile,
                "name": space_name(content, tile.id),
                "portal": space_name(content, tile.portal) if tile.portal else "",
                "guardian": player.guardians.index(tile.id) + 1
                if tile.id in player.guardians
                else None,
                "last": index + 1 == len(content.guardian_path),
            }
            for index, tile in enumerate(content.guardian_path)
        ],
        "bonfires": [
            {
                "number": i + 1,
                "bonfire": b,
                "lit": i < len(player.tasks) and bool(lit[i]),
                "guardian": player.guardians.index(b.id) + 1 if b.id in player.guardians else None,
            }
            for i, b in enumerate(bonfires)
        ],
        "destiny": destiny_placement(state, name, end=end, cell=cell, finished=finished),
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
                "action_cost": island_cost_text(island),
                "action_gain": gain_text(island.action_gain),
            }
            for island in content.islands
        ],
        "path_display": [
            {"number": i + 1, "token": token_names.get(t, t), "cost": 1 if i < CHEAP else 2}
            for i, t in enumerate(state.path_display[:FACE_UP])
        ],
        "offers": [] if finished else offers(state, name),
        "council": council,
        "common_tasks": [
            {
                "task": t,
                "needs": needs_text(t),
                "done": (t.id, name) in state.common_done,
                "fulfilled": fulfilled(state, player, t),
            }
            for t in content.common_tasks
        ],
        "others": [
            {"player": p, "ship": island_name(content, p.ship)}
            for p in state.players
            if p.name != name
        ],
        "ship": island_name(content, player.ship),
    }


def offers(state: bonfire.State, name: str) -> list[dict[str, Any]]:
    """Receiving a Task (B4) by a tap: each way the engine takes now, for ``name`` on their turn
    with the Ship at an island: the face-up Offering given and the Action tiles paid."""
    if state.current.name != name:
        return []
    content = state.content
    face_up = list(state.player(name).face_up())
    return [
        {
            "island": move["island"],
            "offering": move["offering"],
            "number": face_up.index(move["offering"]) + 1,
            "resource": content.offering(move["offering"]).resource,
            "tiles": sorted(move["tiles"].items()),
        }
        for move in bonfire.legal_moves(state)
        if move["kind"] == "take_task"
    ]


def space_name(content: bonfire.Content, space: str) -> str:
    """A Guardian's space as the seed names it: a Path tile or a Bonfire, by its number along
    the board (never its id)."""
    index = content.path_index(space)
    if index is not None:
        return str(_("Path tile %(n)s") % {"n": index + 1})
    bonfires = [b.id for b in content.bonfires]
    if space in bonfires:
        return str(_("Bonfire %(n)s") % {"n": bonfires.index(space) + 1})
    return space


def island_name(content: bonfire.Content, ident: str | None) -> str:
    return content.island(ident).name if ident else ""


def _portal(content: bonfire.Content, space: str) -> str | None:
    index = content.path_index(space)
    return None if index is None else content.guardian_path[index].portal
