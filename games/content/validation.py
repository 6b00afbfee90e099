"""Checks across the entries and files of a content pack.

``parsing`` has already checked each entry on its own; this module checks what needs more than one
entry: unique ids, references between files, the 22 missions, the 10 envelopes, that every envelope,
Power space and Power token can be reached, and the geometry of every mission board.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.content import errors
from games.content.boards import PlacedSide, place_side
from games.content.errors import PackError, cell_text
from games.content.geometry import BOARD_SIZE, free_form, in_bounds, neighbour
from games.content.schema import (
    MAX_ID,
    MAX_PACK_ID,
    TEXT_LIMITS,
    Card,
    Colour,
    Envelope,
    Mission,
    MissionTile,
    Moon,
    PowerSet,
)
from games.rules.spirits.shapes import Cell

MISSION_COUNT = 22
ENVELOPE_COUNT = 10
OPENS_BY_COLOUR = {
    "white": "reward",
    "black": "moon-path",
    "grey": "instruction",
    "red": "end",
}


def text_problem(value: str, limit: int) -> str | None:
    """What is wrong with a text the database will store, if anything."""
    if len(value) > limit:
        return errors.TOO_LONG.format(limit=limit)
    if "\x00" in value:
        return errors.NUL_CHARACTER
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return errors.LONE_SURROGATE
    return None


def check_texts(data: object, *, source: str, section: str) -> None:
    """Every text of a raw section fits where it is stored: names and texts by their limits,
    every other text (an id, or a reference to one) in ``MAX_ID`` characters.

    Runs before parsing, over the section as read (iteratively: the depth is the reader's to
    bound), so a too-long id is refused by its path, e.g. ``colours.json: [3].id``.
    """
    limits = dict(TEXT_LIMITS)
    if section == "pack":
        limits["id"] = MAX_PACK_ID
    stack: list[tuple[str, str, object]] = [("", "", data)]
    while stack:
        path, key, value = stack.pop()
        if isinstance(value, dict):
            for name, item in reversed(value.items()):
                where = f"{path}.{name}" if path else str(name)
                if problem := text_problem(str(name), MAX_ID):
                    raise PackError(source, "", where, problem)
                # Texts by language ({"en": …}) are held to the limit of the field holding them.
                stack.append((where, key if key in TEXT_LIMITS else str(name), item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", key, value[i]) for i in reversed(range(len(value))))
        elif isinstance(value, str) and (problem := text_problem(value, limits.get(key, MAX_ID))):
            raise PackError(source, "", path, problem)


def unique_ids(ids: Iterable[str], *, source: str, kind: str, field: str = "id") -> set[str]:
    """The set of ``ids``, refusing one that appears twice."""
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise PackError(
                source, f"{kind} {ident}", field, errors.DUPLICATE_ID.format(value=ident)
            )
        seen.add(ident)
    return seen


def require(known: set[str], value: str, *, kind: str, where: tuple[str, str, str]) -> None:
    if value not in known:
        raise PackError(*where, errors.UNKNOWN_REFERENCE.format(kind=kind, value=value))


def check_colours(colours: tuple[Colour, ...], *, source: str) -> set[str]:
    ids = unique_ids((c.id for c in colours), source=source, kind="colour")
    symbols: dict[str, str] = {}
    for colour in colours:
        if colour.symbol in symbols:
            raise PackError(
                source,
                f"colour {colour.id}",
                "symbol",
                errors.SYMBOL_TAKEN.format(other=symbols[colour.symbol]),
            )
        symbols[colour.symbol] = colour.id
    return ids


def check_cards(cards: tuple[Card, ...], colours: set[str], *, source: str) -> set[str]:
    """Card ids, colours, one card per colour and value, and one Spirit tile per card.

    Each card's tile must differ from every other card's tile as a fixed set of cells. There
    are only 21 polyominoes of 1 to 5 cells up to rotation and turning over, fewer than the
    cards, so the identity of a Spirit tile is its card: two cards may show the same piece in
    different orientations.
    """
    ids = unique_ids((c.id for c in cards), source=source, kind="card")
    by_value: dict[tuple[str, int], str] = {}
    by_tile: dict[tuple[Cell, ...], str] = {}
    for card in cards:
        entry = f"card {card.id}"
        require(colours, card.colour, kind="colour", where=(source, entry, "colour"))
        key = (card.colour, card.value)
        if key in by_value:
            raise PackError(
                source,
                entry,
                "value",
                errors.CARD_TAKEN.format(other=by_value[key], colour=card.colour, value=card.value),
            )
        by_value[key] = card.id
        tile = tuple(sorted(card.tile))
        if tile in by_tile:
            raise PackError(
                source, entry, "tile", errors.SPIRIT_TILE_TAKEN.format(other=by_tile[tile])
            )
        by_tile[tile] = card.id
        if card.back is not None and free_form(card.back) != free_form(card.tile):
            raise PackError(source, entry, "back", errors.BACK_NOT_TURNED_OVER)
    return ids


def check_mission_tiles(
    tiles: tuple[MissionTile, ...], colours: set[str], *, source: str
) -> dict[str, MissionTile]:
    unique_ids((t.id for t in tiles), source=source, kind="mission tile")
    for tile in tiles:
        for side_name, side in (("day", tile.day), ("night", tile.night)):
            for index, edge in enumerate(side.coloured_edges):
                require(
                    colours,
                    edge.colour,
                    kind="colour",
                    where=(
                        source,
                        f"mission tile {tile.id}",
                        f"{side_name}.coloured_edges[{index}].colour",
                    ),
                )
    return {tile.id: tile for tile in tiles}


def check_power(power: PowerSet, *, source: str) -> None:
    unique_ids((s.id for s in power.spaces), source=source, kind="power space")
    unique_ids((t.id for t in power.tokens), source=source, kind="power token")
    unique_ids((t.id for t in power.tiles), source=source, kind="power tile")
    if not any(space.unlocked_at_start for space in power.spaces):
        raise PackError(source, "", "spaces", errors.NO_SPACE_AT_START)


def check_moon(moon: Moon, envelopes: dict[str, Envelope], *, source: str) -> None:
    phases = unique_ids((p.id for p in moon.phases), source=source, kind="moon phase")
    unique_ids((t.id for t in moon.tiles), source=source, kind="moon tile")
    tiles = {tile.id: tile for tile in moon.tiles}
    for tile in moon.tiles:
        require(
            phases, tile.phase, kind="moon phase", where=(source, f"moon tile {tile.id}", "phase")
        )
    phase_boxes: dict[str, int] = {}
    opened_by: dict[str, int] = {}
    for index, box in enumerate(moon.path):
        entry = f"moon box {box.box}"
        if box.box != index + 1:
            raise PackError(
                source,
                entry,
                "box",
                errors.MOON_BOX_NUMBERS.format(count=len(moon.path), value=box.box),
            )
        if (box.phase is None) != (box.envelope is None):
            raise PackError(source, entry, "envelope", errors.MOON_BOX_PAIRING)
        if box.phase is None or box.envelope is None:
            continue
        require(phases, box.phase, kind="moon phase", where=(source, entry, "phase"))
        if box.phase in phase_boxes:
            raise PackError(
                source,
                entry,
                "phase",
                errors.MOON_PHASE_REPEATED.format(value=box.phase, other=phase_boxes[box.phase]),
            )
        phase_boxes[box.phase] = box.box
        envelope = envelopes.get(box.envelope)
        if envelope is None:
            raise PackError(
                source,
                entry,
                "envelope",
                errors.UNKNOWN_REFERENCE.format(kind="envelope", value=box.envelope),
            )
        if envelope.opens != "moon-path":
            raise PackError(
                source,
                entry,
                "envelope",
                errors.ENVELOPE_WRONG_COLOUR.format(
                    value=envelope.id, colour=envelope.colour, expected="black"
                ),
            )
        if box.envelope in opened_by:
            raise PackError(
                source,
                entry,
                "envelope",
                errors.ENVELOPE_OPENED_TWICE.format(
                    value=box.envelope, other=f"moon box {opened_by[box.envelope]}"
                ),
            )
        opened_by[box.envelope] = box.box
        for tile_id in envelope.contents.moon_tiles:
            if tiles[tile_id].phase != box.phase:
                raise PackError(
                    source,
                    entry,
                    "phase",
                    errors.MOON_TILE_PHASE.format(
                        tile=tile_id, phase=tiles[tile_id].phase, box=box.box, value=box.phase
                    ),
                )


def check_envelopes(
    envelopes: tuple[Envelope, ...],
    *,
    cards: set[str],
    power_tiles: set[str],
    moon_tiles: set[str],
    source: str,
) -> dict[str, Envelope]:
    unique_ids((e.id for e in envelopes), source=source, kind="envelope")
    if len(envelopes) != ENVELOPE_COUNT:
        raise PackError(
            source,
            "",
            "",
            errors.ENVELOPE_COUNT.format(expected=ENVELOPE_COUNT, count=len(envelopes)),
        )
    reds = sum(1 for envelope in envelopes if envelope.colour == "red")
    if reds != 1:
        raise PackError(source, "", "", errors.RED_ENVELOPE_COUNT.format(count=reds))
    holder: dict[tuple[str, str], str] = {}
    for envelope in envelopes:
        entry = f"envelope {envelope.id}"
        expected = OPENS_BY_COLOUR[envelope.colour]
        if envelope.opens != expected:
            raise PackError(
                source,
                entry,
                "opens",
                errors.ENVELOPE_OPENS.format(
                    colour=envelope.colour, expected=expected, value=envelope.opens
                ),
            )
        contents = envelope.contents
        for field, kind, known, items in (
            ("power_tiles", "power tile", power_tiles, contents.power_tiles),
            ("cards", "card", cards, contents.cards),
            ("moon_tiles", "moon tile", moon_tiles, contents.moon_tiles),
        ):
            for index, item in enumerate(items):
                where = (source, entry, f"contents.{field}[{index}]")
                require(known, item, kind=kind, where=where)
                if (kind, item) in holder:
                    raise PackError(
                        *where,
                        errors.ITEM_IN_TWO_ENVELOPES.format(
                            kind=kind, value=item, other=holder[(kind, item)]
                        ),
                    )
                holder[(kind, item)] = envelope.id
        for index, extra in enumerate(contents.items):
            where = (source, entry, f"contents.items[{index}].id")
            if ("item", extra.id) in holder:
                raise PackError(
                    *where,
                    errors.ITEM_IN_TWO_ENVELOPES.format(
                        kind="item", value=extra.id, other=holder[("item", extra.id)]
                    ),
                )
            holder[("item", extra.id)] = envelope.id
    return {envelope.id: envelope for envelope in envelopes}


def check_mission_numbers(missions: tuple[Mission, ...], *, source: str) -> None:
    seen: set[int] = set()
    for mission in missions:
        if mission.number in seen:
            raise PackError(
                source,
                f"mission {mission.number}",
                "number",
                errors.MISSION_NUMBER_REPEATED.format(number=mission.number),
            )
        seen.add(mission.number)
    if seen != set(range(1, MISSION_COUNT + 1)):
        numbers = ", ".join(str(n) for n in sorted(seen)) or "none"
        raise PackError(
            source, "", "", errors.MISSION_NUMBERS.format(count=MISSION_COUNT, numbers=numbers)
        )


def check_board(mission: Mission, tiles: dict[str, MissionTile], *, source: str) -> None:
    """Mission tiles, tokens and rocks fit the 12 × 12 grid without overlapping.

    Both sides of every Mission tile are checked (seed 003, "Switching to Night mode"), and every
    coloured edge must face a grid cell a Spirit tile could cover (seed 003, "Mission tile
    constraints").
    """
    entry = f"mission {mission.number}"
    placed_sides: list[tuple[str, dict[str, PlacedSide]]] = [("day", {}), ("night", {})]
    occupied: list[dict[Cell, str]] = [{}, {}]
    for index, placed in enumerate(mission.board.mission_tiles):
        field = f"board.mission_tiles[{index}]"
        tile = tiles.get(placed.tile)
        if tile is None:
            raise PackError(
                source,
                entry,
                f"{field}.tile",
                errors.UNKNOWN_REFERENCE.format(kind="mission tile", value=placed.tile),
            )
        if placed.tile in placed_sides[0][1]:
            raise PackError(
                source, entry, f"{field}.tile", errors.TILE_PLACED_TWICE.format(tile=placed.tile)
            )
        for (side_name, sides), cells_taken, side in zip(
            placed_sides, occupied, (tile.day, tile.night), strict=True
        ):
            board_side = place_side(side, placed)
            for cell in board_side.cells:
                if not in_bounds(cell):
                    raise PackError(
                        source,
                        entry,
                        f"{field}.at",
                        errors.TILE_OUTSIDE_GRID.format(
                            side=side_name, cell=cell_text(cell), size=BOARD_SIZE
                        ),
                    )
                if cell in cells_taken:
                    raise PackError(
                        source,
                        entry,
                        f"{field}.at",
                        errors.TILES_OVERLAP.format(
                            side=side_name, other=cells_taken[cell], cell=cell_text(cell)
                        ),
                    )
                cells_taken[cell] = placed.tile
            sides[placed.tile] = board_side
    for (side_name, sides), cells_taken in zip(placed_sides, occupied, strict=True):
        for index, placed in enumerate(mission.board.mission_tiles):
            for edge in sides[placed.tile].coloured_edges:
                facing = neighbour(edge.cell, edge.side)
                field = f"board.mission_tiles[{index}]"
                if not in_bounds(facing):
                    raise PackError(
                        source,
                        entry,
                        field,
                        errors.EDGE_FACES_OUTSIDE.format(side=side_name, cell=cell_text(facing)),
                    )
                if facing in cells_taken:
                    raise PackError(
                        source,
                        entry,
                        field,
                        errors.EDGE_FACES_TILE.format(
                            side=side_name, other=cells_taken[facing], cell=cell_text(facing)
                        ),
                    )
    taken: dict[Cell, str] = {}
    marks = [
        (f"board.tokens[{i}].cell", t.cell, f"a {t.kind} token")
        for i, t in enumerate(mission.board.tokens)
    ]
    marks += [(f"board.rocks[{i}]", rock, "a rock") for i, rock in enumerate(mission.board.rocks)]
    for field, cell, what in marks:
        if not in_bounds(cell):
            raise PackError(
                source,
                entry,
                field,
                errors.OUTSIDE_GRID.format(cell=cell_text(cell), size=BOARD_SIZE),
            )
        for cells_taken in occupied:
            if cell in cells_taken:
                raise PackError(
                    source,
                    entry,
                    field,
                    errors.ON_MISSION_TILE.format(cell=cell_text(cell), tile=cells_taken[cell]),
                )
        if cell in taken:
            raise PackError(
                source,
                entry,
                field,
                errors.CELL_TAKEN.format(cell=cell_text(cell), what=taken[cell]),
            )
        taken[cell] = what


def check_missions(
    missions: tuple[Mission, ...],
    *,
    colours: set[str],
    tiles: dict[str, MissionTile],
    power: PowerSet,
    envelopes: dict[str, Envelope],
    source: str,
) -> None:
    check_mission_numbers(missions, source=source)
    spaces = {space.id: space for space in power.spaces}
    tokens = {token.id for token in power.tokens}
    opened: dict[str, str] = {}
    holo_lianas = 0
    for mission in missions:
        entry = f"mission {mission.number}"
        require(colours, mission.trump, kind="colour", where=(source, entry, "trump"))
        check_board(mission, tiles, source=source)
        for index, token in enumerate(mission.board.tokens):
            if token.colour is not None:
                require(
                    colours,
                    token.colour,
                    kind="colour",
                    where=(source, entry, f"board.tokens[{index}].colour"),
                )
        surrounded = {p.tile for p in mission.board.mission_tiles if p.surround}
        placed = {p.tile for p in mission.board.mission_tiles}
        objective_tiles = set()
        for index, objective in enumerate(mission.objectives):
            field = f"objectives[{index}].tile"
            if objective.tile not in placed:
                raise PackError(
                    source, entry, field, errors.TILE_NOT_PLACED.format(tile=objective.tile)
                )
            if objective.tile not in surrounded:
                raise PackError(
                    source, entry, field, errors.OBJECTIVE_NOT_SURROUND.format(tile=objective.tile)
                )
            objective_tiles.add(objective.tile)
        for index, placed_tile in enumerate(mission.board.mission_tiles):
            if placed_tile.surround and placed_tile.tile not in objective_tiles:
                raise PackError(
                    source,
                    entry,
                    f"board.mission_tiles[{index}].surround",
                    errors.SURROUND_WITHOUT_OBJECTIVE.format(tile=placed_tile.tile),
                )
        for index, reward in enumerate(mission.rewards):
            field = f"rewards[{index}]"
            if reward.kind == "holo-liana":
                holo_lianas += 1
            elif reward.kind == "totem":
                space = spaces.get(reward.target or "")
                where = (source, entry, f"{field}.power_space")
                require(set(spaces), reward.target or "", kind="power space", where=where)
                if space is not None and space.unlocked_at_start:
                    raise PackError(
                        *where, errors.SPACE_UNLOCKED_AT_START.format(value=reward.target)
                    )
            elif reward.kind == "castle":
                require(
                    tokens,
                    reward.target or "",
                    kind="power token",
                    where=(source, entry, f"{field}.power_token"),
                )
            else:
                check_opens(
                    reward.target or "",
                    envelopes,
                    opened,
                    expected="reward",
                    by=entry,
                    where=(source, entry, f"{field}.envelope"),
                )
        for index, instruction in enumerate(mission.instructions):
            if instruction.envelope is not None:
                check_opens(
                    instruction.envelope,
                    envelopes,
                    opened,
                    expected="instruction",
                    by=entry,
                    where=(source, entry, f"instructions[{index}].envelope"),
                )
    check_relief(missions, holo_lianas=holo_lianas, source=source)


def check_opens(
    value: str,
    envelopes: dict[str, Envelope],
    opened: dict[str, str],
    *,
    expected: str,
    by: str,
    where: tuple[str, str, str],
) -> None:
    envelope = envelopes.get(value)
    if envelope is None:
        raise PackError(*where, errors.UNKNOWN_REFERENCE.format(kind="envelope", value=value))
    if envelope.opens != expected:
        colour = {v: k for k, v in OPENS_BY_COLOUR.items()}[expected]
        raise PackError(
            *where,
            errors.ENVELOPE_WRONG_COLOUR.format(
                value=value, colour=envelope.colour, expected=colour
            ),
        )
    if value in opened:
        raise PackError(
            *where, errors.ENVELOPE_OPENED_TWICE.format(value=value, other=opened[value])
        )
    opened[value] = by


def check_relief(missions: tuple[Mission, ...], *, holo_lianas: int, source: str) -> None:
    final = next(m for m in missions if m.number == MISSION_COUNT)
    for mission in missions:
        if mission.holo_liana_relief is not None and mission is not final:
            raise PackError(
                source,
                f"mission {mission.number}",
                "holo_liana_relief",
                errors.RELIEF_ONLY_LAST.format(last=MISSION_COUNT),
            )
    relief = final.holo_liana_relief
    entry = f"mission {MISSION_COUNT}"
    if holo_lianas and relief is None:
        raise PackError(
            source, entry, "holo_liana_relief", errors.RELIEF_MISSING.format(last=MISSION_COUNT)
        )
    objective_tiles = {objective.tile for objective in final.objectives}
    if relief is not None and relief.tile is not None and relief.tile not in objective_tiles:
        raise PackError(
            source,
            entry,
            "holo_liana_relief.tile",
            errors.OBJECTIVE_NOT_FINAL.format(tile=relief.tile, last=MISSION_COUNT),
        )


def check_power_reachable(power: PowerSet, missions: tuple[Mission, ...], *, source: str) -> None:
    """Every locked Power space has a Totem and every Power token a Castle (seed 003, "Rewards")."""
    unlocked = {r.target for m in missions for r in m.rewards if r.kind == "totem"}
    for space in power.spaces:
        if not space.unlocked_at_start and space.id not in unlocked:
            raise PackError(
                source,
                f"power space {space.id}",
                "unlocked_at_start",
                errors.SPACE_LOCKED_FOREVER.format(value=space.id),
            )
    gained = {r.target for m in missions for r in m.rewards if r.kind == "castle"}
    for token in power.tokens:
        if token.id not in gained:
            raise PackError(
                source,
                f"power token {token.id}",
                "id",
                errors.TOKEN_NEVER_GAINED.format(value=token.id),
            )


def check_reachable(
    envelopes: tuple[Envelope, ...], missions: tuple[Mission, ...], moon: Moon, *, source: str
) -> None:
    """Every envelope except the red one is opened by something in the pack."""
    by_reward = {r.target for m in missions for r in m.rewards if r.kind == "white-envelope"}
    by_instruction = {i.envelope for m in missions for i in m.instructions}
    by_moon = {box.envelope for box in moon.path}
    reasons = {
        "reward": (by_reward, "no mission has a White Envelope reward for it"),
        "instruction": (by_instruction, "no mission instruction opens it"),
        "moon-path": (by_moon, "no Moon Path box opens it"),
    }
    for envelope in envelopes:
        if envelope.opens in reasons:
            openers, why = reasons[envelope.opens]
            if envelope.id not in openers:
                raise PackError(
                    source,
                    f"envelope {envelope.id}",
                    "opens",
                    errors.ENVELOPE_UNREACHABLE.format(value=envelope.id, why=why),
                )
