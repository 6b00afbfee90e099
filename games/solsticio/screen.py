"""What a Solsticio page shows, worked out from the engine's view of the seat the device plays.

Each device gets what its player may see (``view_for``): their own hand, the other hand, the
face-down display tiles and the pile as counts; someone who plays neither seat (or a device waiting
to be handed over) sees no hand at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.content.solsticio import SolsticioPack
from games.rules.solsticio import State, legal_moves, view_for


def earth_tile(tile_id: str, state: State, pack: SolsticioPack) -> dict[str, Any]:
    """An Earth tile as the table draws it: its symbol's mark and name in the reader's language,
    its stars and Spirit mark, a short ``name`` for sentences and a ``label`` that reads the whole
    picture aloud. Never the tile's id: it means nothing to a player."""
    earth = state.setup.content.earth_index[tile_id]
    symbol = next((s for s in pack.symbols if s.id == earth.symbol), None)
    word = str(symbol.name) if symbol else earth.symbol
    mark = symbol.mark if symbol else ""
    stars = ngettext("%(count)s star", "%(count)s stars", earth.stars) % {"count": earth.stars}
    label = _("%(symbol)s tile, %(stars)s") % {"symbol": word, "stars": stars}
    if earth.spirit:
        label = _("%(tile)s, with a Spirit mark") % {"tile": label}
    return {
        "id": tile_id,
        "symbol": earth.symbol,
        "word": word,
        "mark": mark,
        "stars": earth.stars,
        "spirit": earth.spirit,
        "name": f"{mark} {word} {earth.stars}★".strip(),
        "label": label,
    }


def tile_name(tile_id: str, state: State, pack: SolsticioPack) -> str:
    """A tile named in a sentence: a Spirit by its name, an Earth tile by its symbol and stars."""
    content = state.setup.content
    if tile_id in content.spirit_index:
        return pack.spirit_name(tile_id, content.spirit_index[tile_id].name)
    if tile_id in content.earth_index:
        return str(earth_tile(tile_id, state, pack)["name"])
    return tile_id


def _place_label(place: list[int]) -> str:
    return _("row %(row)s, column %(column)s") % {"row": place[0] + 1, "column": place[1] + 1}


def table_screen(state: State, pack: SolsticioPack, seat: str | None) -> dict[str, Any]:
    """The page's data as ``seat`` sees it: status, the choice or tiles to act on, their hand,
    the display and both panoramas. A choice of a place (a Rainbow, a free Rainbow to block) is
    drawn on the panorama it concerns (``choosing``), each place a tap; the others are buttons."""
    content = state.setup.content
    due = state.players[state.due]
    view = view_for(state, seat)

    def tile(tile_id: str) -> dict[str, Any]:
        return earth_tile(tile_id, state, pack)

    def spirit(spirit_id: str) -> dict[str, Any]:
        found = content.spirit_index[spirit_id]
        return {
            "id": spirit_id,
            "name": pack.spirit_name(spirit_id, found.name),
            "background": found.background,
            "stars": found.stars,
            "covered": spirit_id == state.covered,
            "text": str(pack.texts.get(spirit_id, "")),
        }

    rows = sorted({r for r, _c in content.places})
    columns = sorted({c for _r, c in content.places})
    actions = [_action(move, tile, spirit) for move in view["moves"]]
    # A Rainbow placed or a tile put on a free Rainbow: a tap on that place of the panorama.
    on_panorama = {(a["seat"], a["place"]): a for a in actions if "place" in a}
    panoramas = []
    for number, name in enumerate(state.players, start=1):
        shown = view["panoramas"][name]
        earth = {tuple(e["place"]): tile(e["tile"]) for e in shown["earth"]}
        rainbows = {tuple(r["place"]): r for r in shown["rainbows"]}
        grid = [
            [
                {
                    "place": (r, c),
                    "tile": earth.get((r, c)),
                    "rainbow": rainbows.get((r, c)),
                    "exists": (r, c) in content.places,
                    "choice": on_panorama.get((name, (r, c))),
                }
                for c in columns
            ]
            for r in rows
        ]
        hand = view["hands"][name]
        panoramas.append(
            {
                "number": number,
                "name": name,
                "choosing": any(cell["choice"] for row in grid for cell in row),
                "grid": grid,
                "tiles": len(earth),
                "rainbows": len(rainbows),
                "spirits": [spirit(s) for s in shown["spirits"]],
                "holds_evil": view["evil_spirit"]["holder"] == name,
                "hand_count": hand if isinstance(hand, int) else len(hand),
                "score": (view["scores"] or {}).get(name),
            }
        )
    drawn = [cell["choice"] for p in panoramas for row in p["grid"] for cell in row]
    actions = [a for a in actions if all(a is not choice for choice in drawn)]
    own = view["hands"][seat] if seat is not None else []
    own = own if isinstance(own, list) else []
    offered = {a["value"] for a in actions if a["action"] == "play"}
    return {
        "view": view,
        "due": due,
        "seat": seat,
        # The tiles of the hand no move offers now (the rest are the buttons to play them).
        "kept": [tile(t) for t in own if t not in offered],
        "plays_a_tile": bool(offered),
        "choosing": any(p["choosing"] for p in panoramas),
        "prompt": _prompt(
            view,
            due,
            must_pass=any("pass" in m for m in legal_moves(state)),
            name=lambda tile_id: tile_name(tile_id, state, pack),
        ),
        "actions": actions,
        "display": [
            {"up": [tile(t) for t in place["up"]], "down": place["down"]}
            for place in view["display"]
        ],
        "panoramas": panoramas,
        "evil": view["evil_spirit"],
        "evil_name": _spirit_name(state, pack, view["evil_spirit"]["id"]),
        "covered_name": _spirit_name(state, pack, state.covered),
    }


def _spirit_name(state: State, pack: SolsticioPack, spirit_id: str | None) -> str | None:
    if spirit_id is None:
        return None
    return pack.spirit_name(spirit_id, state.setup.content.spirit_index[spirit_id].name)


def _action(move: dict[str, Any], tile: Any, spirit: Any) -> dict[str, Any]:
    action = next(key for key in move if key != "seat")
    value = move[action]
    entry: dict[str, Any] = {"seat": move["seat"], "action": action, "value": value}
    if action == "pass":
        entry.update(value="", label=_("Pass"))
    elif action in ("play", "capture"):
        drawn = tile(value)
        entry.update(tile=drawn, label=drawn["name"])
    elif action in ("rainbow", "block"):
        place = (value[0], value[1])
        entry.update(value=f"{value[0]},{value[1]}", label=_place_label(value), place=place)
    else:
        entry.update(spirit=spirit(value), label=spirit(value)["name"])
    return entry


def _prompt(view: dict[str, Any], due: str, *, must_pass: bool, name: Callable[[str], str]) -> str:
    if view["over"]:
        if view["winner"] is None:
            return _("The game is over: a tie.")
        return _("The game is over: %(name)s wins.") % {"name": view["winner"]}
    pending = view["pending"]
    if pending is None:
        if must_pass:
            return _("%(name)s cannot capture and passes (S6).") % {"name": due}
        return _("%(name)s plays a tile.") % {"name": due}
    prompts = {
        "capture": _("%(name)s captures exactly one tile with %(tile)s (S1)."),
        "rainbow": _("%(name)s places a Rainbow next to an Earth tile of their panorama (S3)."),
        "spirit": _("%(name)s chooses one of the Spirits drawn (S5)."),
        "block": _("%(name)s puts %(tile)s on one of their free Rainbows (S4)."),
        "cover": _(
            "%(name)s chooses which of the other player's Spirits the Evil Spirit covers (S5)."
        ),
    }
    tile = pending["tile"]
    return prompts[pending["choice"]] % {"name": due, "tile": name(tile) if tile else tile}
