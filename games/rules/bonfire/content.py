"""The game's components as data: islands and routes, the Path token display, the High Council,
Destiny tiles and the Destiny Area, Offering and Task tiles, Bonfires and the Guardian path.

``content_from_dict`` reads and cross-checks the ``content`` object of a ``bonfire-scenario/1``
file (the shape a Bonfire content pack also uses, see ``docs/formats/bonfire-scenario.md``);
``content_to_dict`` writes it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import reading as r
from .counts import NONE, Counts
from .payment import YELLOW
from .reading import Cell

SECTIONS = (
    "colours",
    "resources",
    "islands",
    "routes",
    "path_tokens",
    "council",
    "destiny",
    "offerings",
    "tasks",
    "common_tasks",
    "board",
)
NEUTRAL = "neutral"


@dataclass(frozen=True)
class Gain:
    """What a bonus, an object or an island's action gives, in the seed's separate currencies."""

    tiles: Counts = NONE
    tokens: int = 0
    markers: int = 0
    resources: Counts = NONE


@dataclass(frozen=True)
class Island:
    id: str
    name: str
    resource: str
    action_tokens: int
    action_resources: Counts
    action_gain: Gain
    tasks: tuple[str, ...]


@dataclass(frozen=True)
class Named:
    id: str
    name: str


@dataclass(frozen=True)
class CouncilSpace:
    id: str
    name: str
    bonus: Gain


@dataclass(frozen=True)
class DestinyTile:
    """Shows three Action tiles (``actions``) and one ``symbol``, a colour of Action tile."""

    id: str
    actions: tuple[str, ...]
    symbol: str


@dataclass(frozen=True)
class DestinyArea:
    cells: frozenset[Cell]
    start: Cell
    start_tile: str
    gold: tuple[tuple[Cell, Gain], ...]

    def gold_at(self, cell: Cell) -> Gain | None:
        for where, gain in self.gold:
            if where == cell:
                return gain
        return None


@dataclass(frozen=True)
class Offering:
    id: str
    resource: str


@dataclass(frozen=True)
class Task:
    """A Task tile; it is fulfilled while its holder has ``resources`` (kept, not paid), at
    least ``path_tokens`` Path tokens and at least ``offerings`` Offerings made."""

    id: str
    name: str
    resources: Counts
    path_tokens: int
    offerings: int


@dataclass(frozen=True)
class Bonfire:
    id: str
    novice: str


@dataclass(frozen=True)
class PathTile:
    id: str
    resource: str
    portal: str | None


@dataclass(frozen=True)
class Content:
    colours: tuple[str, ...]
    resources: tuple[str, ...]
    islands: tuple[Island, ...]
    routes: tuple[tuple[str, str], ...]
    path_tokens: tuple[Named, ...]
    council: tuple[CouncilSpace, ...]
    destiny_tiles: tuple[DestinyTile, ...]
    destiny_area: DestinyArea
    offerings: tuple[Offering, ...]
    tasks: tuple[Task, ...]
    common_tasks: tuple[Task, ...]
    bonfires: tuple[Bonfire, ...]
    guardian_path: tuple[PathTile, ...]
    start_guardians: tuple[str, ...]  # where each player's Guardians stand at the start

    def island(self, ident: str) -> Island:
        return next(i for i in self.islands if i.id == ident)

    def council_space(self, ident: str) -> CouncilSpace:
        return next(s for s in self.council if s.id == ident)

    def destiny_tile(self, ident: str) -> DestinyTile:
        return next(t for t in self.destiny_tiles if t.id == ident)

    def offering(self, ident: str) -> Offering:
        return next(o for o in self.offerings if o.id == ident)

    def task(self, ident: str) -> Task:
        return next(t for t in (*self.tasks, *self.common_tasks) if t.id == ident)

    def path_index(self, space: str) -> int | None:
        """A Path tile's place on the Guardian path, ``None`` for a Bonfire."""
        for index, tile in enumerate(self.guardian_path):
            if tile.id == space:
                return index
        return None

    def spaces(self) -> frozenset[str]:
        return frozenset(t.id for t in self.guardian_path) | {b.id for b in self.bonfires}


def _gain(value: Any, content: _Known, what: str) -> Gain:
    data = r.obj({} if value is None else value, what)
    return Gain(
        tiles=r.counts(data.get("tiles"), content.colours, f"{what}.tiles", "colour"),
        tokens=r.integer(data.get("tokens", 0), f"{what}.tokens"),
        markers=r.integer(data.get("markers", 0), f"{what}.markers"),
        resources=r.counts(
            data.get("resources"), content.resources, f"{what}.resources", "resource"
        ),
    )


@dataclass(frozen=True)
class _Known:
    colours: tuple[str, ...]
    resources: tuple[str, ...]


def _names(value: Any, what: str) -> tuple[str, ...]:
    names = [r.text(v, f"{what}[{i}]") for i, v in enumerate(r.items(value, what))]
    r.need(len(names) > 0, f"{what}: expected at least one")
    r.unique(names, what)
    return tuple(names)


def _ids(entries: list[Any], what: str) -> list[str]:
    ids = [
        r.text(r.obj(e, f"{what}[{i}]").get("id"), f"{what}[{i}].id") for i, e in enumerate(entries)
    ]
    r.unique(ids, what)
    return ids


def _task(data: Any, known: _Known, what: str) -> Task:
    entry = r.obj(data, what)
    needs = r.obj(entry.get("requires", {}), f"{what}.requires")
    return Task(
        id=r.text(entry.get("id"), f"{what}.id"),
        name=r.text(entry.get("name", entry.get("id")), f"{what}.name"),
        resources=r.counts(
            needs.get("resources"), known.resources, f"{what}.requires.resources", "resource"
        ),
        path_tokens=r.integer(needs.get("path_tokens", 0), f"{what}.requires.path_tokens"),
        offerings=r.integer(needs.get("offerings", 0), f"{what}.requires.offerings"),
    )


def _island(data: Any, known: _Known, tasks: set[str], what: str) -> Island:
    entry = r.obj(data, what)
    action = r.obj(entry.get("action", {}), f"{what}.action")
    task_ids = tuple(
        r.name_in(t, tasks, f"{what}.tasks[{i}]", "task")
        for i, t in enumerate(r.items(entry.get("tasks", []), f"{what}.tasks"))
    )
    return Island(
        id=r.text(entry.get("id"), f"{what}.id"),
        name=r.text(entry.get("name", entry.get("id")), f"{what}.name"),
        resource=r.name_in(entry.get("resource"), known.resources, f"{what}.resource", "resource"),
        action_tokens=r.integer(action.get("tokens", 0), f"{what}.action.tokens"),
        action_resources=r.counts(
            action.get("resources"), known.resources, f"{what}.action.resources", "resource"
        ),
        action_gain=_gain(action.get("gain"), known, f"{what}.action.gain"),
        tasks=task_ids,
    )


def _destiny(data: Any, known: _Known) -> tuple[tuple[DestinyTile, ...], DestinyArea]:
    section = r.obj(data, "content.destiny")
    entries = r.items(section.get("tiles"), "content.destiny.tiles")
    ids = _ids(entries, "content.destiny.tiles")
    tiles = []
    for i, entry in enumerate(entries):
        what = f"content.destiny.tiles[{i}]"
        actions = r.items(entry.get("actions"), f"{what}.actions")
        r.need(len(actions) == 3, f"{what}.actions: a Destiny tile shows three Action tiles")
        tiles.append(
            DestinyTile(
                id=ids[i],
                actions=tuple(
                    r.name_in(a, known.colours, f"{what}.actions", "colour") for a in actions
                ),
                symbol=r.name_in(entry.get("symbol"), known.colours, f"{what}.symbol", "colour"),
            )
        )
    area = frozenset(
        r.cell(c, "content.destiny.area")
        for c in r.items(section.get("area"), "content.destiny.area")
    )
    r.need(len(area) > 0, "content.destiny.area: expected at least one cell")
    start = r.cell(section.get("start"), "content.destiny.start")
    r.need(start in area, "content.destiny.start: not a cell of the Destiny Area")
    gold = []
    for i, entry in enumerate(r.items(section.get("gold", []), "content.destiny.gold")):
        what = f"content.destiny.gold[{i}]"
        where = r.cell(r.obj(entry, what).get("cell"), f"{what}.cell")
        r.need(
            where in area and where != start, f"{what}.cell: not a free cell of the Destiny Area"
        )
        gold.append((where, _gain(entry.get("object"), known, f"{what}.object")))
    return tuple(tiles), DestinyArea(
        cells=area,
        start=start,
        start_tile=r.name_in(
            section.get("start_tile"), ids, "content.destiny.start_tile", "Destiny tile"
        ),
        gold=tuple(gold),
    )


def content_from_dict(data: Mapping[str, Any]) -> Content:
    """Read and cross-check a whole ``content`` object; raises ``SetupError``."""
    data = r.obj(data, "content")
    for section in SECTIONS:
        r.need(section in data, f"content.{section}: missing")
    colours = _names(data["colours"], "content.colours")
    r.need(YELLOW in colours, "content.colours: yellow is required (B2 substitutes)")
    known = _Known(colours, _names(data["resources"], "content.resources"))
    task_entries = r.items(data["tasks"], "content.tasks")
    common_entries = r.items(data["common_tasks"], "content.common_tasks")
    tasks = tuple(_task(t, known, f"content.tasks[{i}]") for i, t in enumerate(task_entries))
    common = tuple(
        _task(t, known, f"content.common_tasks[{i}]") for i, t in enumerate(common_entries)
    )
    r.unique([t.id for t in (*tasks, *common)], "content.tasks")
    task_ids = {t.id for t in tasks}
    island_entries = r.items(data["islands"], "content.islands")
    islands = tuple(
        _island(e, known, task_ids, f"content.islands[{i}]") for i, e in enumerate(island_entries)
    )
    island_ids = [i.id for i in islands]
    r.need(len(island_ids) > 0, "content.islands: expected at least one")
    r.unique(island_ids, "content.islands")
    routes = []
    for i, route in enumerate(r.items(data["routes"], "content.routes")):
        what = f"content.routes[{i}]"
        pair = r.items(route, what)
        r.need(len(pair) == 2 and pair[0] != pair[1], f"{what}: expected two different islands")
        routes.append(
            (
                r.name_in(pair[0], island_ids, what, "island"),
                r.name_in(pair[1], island_ids, what, "island"),
            )
        )
    path_entries = r.items(data["path_tokens"], "content.path_tokens")
    path_ids = _ids(path_entries, "content.path_tokens")
    path_tokens = tuple(
        Named(ident, r.text(e.get("name", ident), f"content.path_tokens[{i}].name"))
        for i, (ident, e) in enumerate(zip(path_ids, path_entries, strict=True))
    )
    council_entries = r.items(data["council"], "content.council")
    council_ids = _ids(council_entries, "content.council")
    r.need(len(council_ids) > 0, "content.council: expected at least one space")
    council = tuple(
        CouncilSpace(
            ident,
            r.text(e.get("name", ident), f"content.council[{i}].name"),
            _gain(e.get("bonus"), known, f"content.council[{i}].bonus"),
        )
        for i, (ident, e) in enumerate(zip(council_ids, council_entries, strict=True))
    )
    destiny_tiles, area = _destiny(data["destiny"], known)
    offering_entries = r.items(data["offerings"], "content.offerings")
    offering_ids = _ids(offering_entries, "content.offerings")
    offerings = tuple(
        Offering(
            ident,
            r.name_in(
                e.get("resource"), known.resources, f"content.offerings[{i}].resource", "resource"
            ),
        )
        for i, (ident, e) in enumerate(zip(offering_ids, offering_entries, strict=True))
    )
    board = r.obj(data["board"], "content.board")
    bonfire_entries = r.items(board.get("bonfires"), "content.board.bonfires")
    bonfire_ids = _ids(bonfire_entries, "content.board.bonfires")
    r.need(len(bonfire_ids) > 0, "content.board.bonfires: expected at least one")
    bonfires = tuple(
        Bonfire(
            ident,
            r.name_in(e.get("novice"), colours, f"content.board.bonfires[{i}].novice", "colour"),
        )
        for i, (ident, e) in enumerate(zip(bonfire_ids, bonfire_entries, strict=True))
    )
    path_tile_entries = r.items(board.get("guardian_path"), "content.board.guardian_path")
    tile_ids = _ids(path_tile_entries, "content.board.guardian_path")
    r.need(len(tile_ids) > 0, "content.board.guardian_path: expected at least one Path tile")
    r.unique([*tile_ids, *bonfire_ids], "content.board")
    path = []
    for i, (ident, e) in enumerate(zip(tile_ids, path_tile_entries, strict=True)):
        what = f"content.board.guardian_path[{i}]"
        portal = e.get("portal")
        path.append(
            PathTile(
                ident,
                r.name_in(e.get("resource"), known.resources, f"{what}.resource", "resource"),
                None
                if portal is None
                else r.name_in(portal, bonfire_ids, f"{what}.portal", "Bonfire"),
            )
        )
    starts = tuple(
        r.name_in(g, tile_ids, f"content.board.guardians[{i}]", "Path tile")
        for i, g in enumerate(r.items(board.get("guardians", []), "content.board.guardians"))
    )
    r.unique(list(starts), "content.board.guardians")
    return Content(
        colours=colours,
        resources=known.resources,
        islands=islands,
        routes=tuple(routes),
        path_tokens=path_tokens,
        council=council,
        destiny_tiles=destiny_tiles,
        destiny_area=area,
        offerings=offerings,
        tasks=tasks,
        common_tasks=common,
        bonfires=bonfires,
        guardian_path=tuple(path),
        start_guardians=starts,
    )


def gain_to_dict(gain: Gain) -> dict[str, Any]:
    return {
        "tiles": gain.tiles.as_dict(),
        "tokens": gain.tokens,
        "markers": gain.markers,
        "resources": gain.resources.as_dict(),
    }


def _task_to_dict(task: Task) -> dict[str, Any]:
    return {
        "id": task.id,
        "name": task.name,
        "requires": {
            "resources": task.resources.as_dict(),
            "path_tokens": task.path_tokens,
            "offerings": task.offerings,
        },
    }


def content_to_dict(content: Content) -> dict[str, Any]:
    """The ``content`` object ``content_from_dict`` reads back to an equal ``Content``."""
    area = content.destiny_area
    return {
        "colours": list(content.colours),
        "resources": list(content.resources),
        "islands": [
            {
                "id": i.id,
                "name": i.name,
                "resource": i.resource,
                "action": {
                    "tokens": i.action_tokens,
                    "resources": i.action_resources.as_dict(),
                    "gain": gain_to_dict(i.action_gain),
                },
                "tasks": list(i.tasks),
            }
            for i in content.islands
        ],
        "routes": [list(route) for route in content.routes],
        "path_tokens": [{"id": t.id, "name": t.name} for t in content.path_tokens],
        "council": [
            {"id": s.id, "name": s.name, "bonus": gain_to_dict(s.bonus)} for s in content.council
        ],
        "destiny": {
            "area": [list(c) for c in sorted(area.cells)],
            "start": list(area.start),
            "start_tile": area.start_tile,
            "gold": [{"cell": list(c), "object": gain_to_dict(g)} for c, g in area.gold],
            "tiles": [
                {"id": t.id, "actions": list(t.actions), "symbol": t.symbol}
                for t in content.destiny_tiles
            ],
        },
        "offerings": [{"id": o.id, "resource": o.resource} for o in content.offerings],
        "tasks": [_task_to_dict(t) for t in content.tasks],
        "common_tasks": [_task_to_dict(t) for t in content.common_tasks],
        "board": {
            "bonfires": [{"id": b.id, "novice": b.novice} for b in content.bonfires],
            "guardian_path": [
                {"id": t.id, "resource": t.resource, "portal": t.portal}
                for t in content.guardian_path
            ],
            "guardians": list(content.start_guardians),
        },
    }
