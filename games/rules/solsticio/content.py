"""Solsticio's components as data: Earth tiles, Spirits and the capture rule.

The seed (001) does not say what lets a tile capture another, nor where each Earth tile belongs in a
panorama: both are read here from the content, each in one named function (``can_capture``,
``panorama_place``) that a different content pack or scenario can feed differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from games.rules.common import integer, items, need, obj, text

from .reading import Cell, cell

PLAIN = "plain"
BLUE = "blue"
SAME_SYMBOL = "same-symbol"
PAIRS = "pairs"
CAPTURE_RULES = (SAME_SYMBOL, PAIRS)

NONE = "none"
BLOCK_RAINBOW = "block-rainbow"
DRAW_EARTH = "draw-earth"
STARS_PER_RAINBOW = "stars-per-rainbow"
STARS_PER_SYMBOL = "stars-per-symbol"
#: Effects by background: plain ones act when taken, blue ones at the end (seed 001, S4).
EFFECTS = {
    PLAIN: (NONE, BLOCK_RAINBOW, DRAW_EARTH),
    BLUE: (NONE, STARS_PER_RAINBOW, STARS_PER_SYMBOL),
}


@dataclass(frozen=True)
class EarthTile:
    """An Earth tile: its ``symbol`` (read by the capture rule), the ``place`` it belongs to in a
    panorama, its star value and whether it bears a Spirit mark."""

    id: str
    symbol: str
    place: Cell
    stars: int
    spirit: bool = False


@dataclass(frozen=True)
class Spirit:
    """A Spirit tile. ``background`` is ``plain`` (acts when taken) or ``blue`` (acts at the
    end); ``symbol`` is what a ``stars-per-symbol`` effect counts; ``evil`` marks the Evil Spirit.
    """

    id: str
    name: str
    background: str
    stars: int
    effect: str = NONE
    symbol: str | None = None
    evil: bool = False


@dataclass(frozen=True)
class CaptureRule:
    """``same-symbol``: a tile captures a tile of its own symbol. ``pairs``: a tile of symbol ``a``
    captures a tile of symbol ``b`` for each listed pair ``(a, b)``."""

    kind: str = SAME_SYMBOL
    pairs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Content:
    symbols: tuple[str, ...]
    earth: tuple[EarthTile, ...]
    spirits: tuple[Spirit, ...]
    capture: CaptureRule = CaptureRule()

    @cached_property
    def earth_index(self) -> dict[str, EarthTile]:
        return {tile.id: tile for tile in self.earth}

    @cached_property
    def spirit_index(self) -> dict[str, Spirit]:
        return {spirit.id: spirit for spirit in self.spirits}

    @cached_property
    def places(self) -> frozenset[Cell]:
        """Every place of a panorama: the places the Earth tiles belong to."""
        return frozenset(panorama_place(tile) for tile in self.earth)

    @property
    def evil(self) -> str | None:
        """The Evil Spirit's id, if the content has one."""
        return next((s.id for s in self.spirits if s.evil), None)


def can_capture(rule: CaptureRule, played: EarthTile, target: EarthTile) -> bool:
    """Whether ``played`` may capture ``target``.

    Our reading: seed 001 (S1, p. 1) says a played tile "lets you capture" display tiles but not
    what makes it able to; the content pack or scenario says. ``same-symbol`` (the sample rule): a
    tile captures a tile showing the same symbol. ``pairs``: only the listed (played symbol, target
    symbol) pairs capture.
    """
    if rule.kind == SAME_SYMBOL:
        return played.symbol == target.symbol
    return (played.symbol, target.symbol) in rule.pairs


def panorama_place(tile: EarthTile) -> Cell:
    """Where ``tile`` belongs in its taker's panorama, as ``(row, column)``.

    Our reading: seed 001 (S3, p. 2) speaks of "the Earth tile that belongs where the Rainbow is"
    but not of how a tile's place is known; the content pack gives every Earth tile its own
    ``place`` in the panorama's grid.
    """
    return tile.place


def content_from_dict(data: Any, what: str = "content") -> Content:
    """Read and check the ``content`` shape of the scenario format; raises ``SetupError``."""
    data = obj(data, what)
    symbols = tuple(
        text(s, f"{what}.symbols") for s in items(data.get("symbols"), f"{what}.symbols")
    )
    need(len(set(symbols)) == len(symbols), f"{what}.symbols: a symbol is listed twice")
    earth = tuple(
        _earth(entry, f"{what}.earth[{i}]", symbols)
        for i, entry in enumerate(items(data.get("earth"), f"{what}.earth"))
    )
    need(len(earth) > 0, f"{what}.earth: expected at least one Earth tile")
    spirits = tuple(
        _spirit(entry, f"{what}.spirits[{i}]", symbols)
        for i, entry in enumerate(items(data.get("spirits", []), f"{what}.spirits"))
    )
    tile_ids = [t.id for t in earth] + [s.id for s in spirits]
    need(len(set(tile_ids)) == len(tile_ids), f"{what}: a tile id is used twice")
    places = [t.place for t in earth]
    need(len(set(places)) == len(places), f"{what}.earth: two tiles belong to the same place")
    need(sum(s.evil for s in spirits) <= 1, f"{what}.spirits: more than one Evil Spirit")
    capture = capture_from_dict(data.get("capture", {"rule": SAME_SYMBOL}), f"{what}.capture")
    for a, b in capture.pairs:
        need(a in symbols and b in symbols, f"{what}.capture.pairs: unknown symbol in {[a, b]}")
    return Content(symbols=symbols, earth=earth, spirits=spirits, capture=capture)


def capture_from_dict(data: Any, what: str) -> CaptureRule:
    data = obj(data, what)
    kind = data.get("rule")
    need(kind in CAPTURE_RULES, f"{what}.rule: expected one of {', '.join(CAPTURE_RULES)}")
    if kind == SAME_SYMBOL:
        return CaptureRule()
    pairs = []
    for pair in items(data.get("pairs"), f"{what}.pairs"):
        need(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair),
            f"{what}.pairs: expected [capturing symbol, captured symbol] pairs",
        )
        pairs.append((str(pair[0]), str(pair[1])))
    return CaptureRule(kind=PAIRS, pairs=tuple(pairs))


def _earth(data: Any, what: str, symbols: tuple[str, ...]) -> EarthTile:
    data = obj(data, what)
    symbol = text(data.get("symbol"), f"{what}.symbol")
    need(symbol in symbols, f"{what}.symbol: unknown symbol {symbol!r}")
    spirit = data.get("spirit", False)
    need(isinstance(spirit, bool), f"{what}.spirit: expected true or false")
    return EarthTile(
        id=text(data.get("id"), f"{what}.id"),
        symbol=symbol,
        place=cell(data.get("place"), f"{what}.place"),
        stars=integer(data.get("stars", 0), f"{what}.stars"),
        spirit=spirit,
    )


def _spirit(data: Any, what: str, symbols: tuple[str, ...]) -> Spirit:
    data = obj(data, what)
    background = data.get("background")
    need(
        isinstance(background, str) and background in EFFECTS,
        f"{what}.background: expected plain or blue",
    )
    effect = data.get("effect", NONE)
    allowed = EFFECTS[str(background)]
    need(effect in allowed, f"{what}.effect: a {background} Spirit has one of {', '.join(allowed)}")
    symbol = data.get("symbol")
    if effect == STARS_PER_SYMBOL:
        need(symbol in symbols, f"{what}.symbol: expected a symbol of the content")
    evil = data.get("evil", False)
    need(isinstance(evil, bool), f"{what}.evil: expected true or false")
    return Spirit(
        id=text(data.get("id"), f"{what}.id"),
        name=text(data.get("name"), f"{what}.name"),
        background=str(background),
        stars=integer(data.get("stars", 0), f"{what}.stars"),
        effect=str(effect),
        symbol=str(symbol) if effect == STARS_PER_SYMBOL else None,
        evil=evil,
    )


def content_to_dict(content: Content) -> dict[str, Any]:
    """The ``content`` shape of the scenario format."""
    capture: dict[str, Any] = {"rule": content.capture.kind}
    if content.capture.kind == PAIRS:
        capture["pairs"] = [list(pair) for pair in content.capture.pairs]
    spirits = []
    for spirit in content.spirits:
        entry: dict[str, Any] = {
            "id": spirit.id,
            "name": spirit.name,
            "background": spirit.background,
            "stars": spirit.stars,
            "effect": spirit.effect,
        }
        if spirit.symbol is not None:
            entry["symbol"] = spirit.symbol
        if spirit.evil:
            entry["evil"] = True
        spirits.append(entry)
    return {
        "symbols": list(content.symbols),
        "earth": [
            {
                "id": t.id,
                "symbol": t.symbol,
                "place": list(t.place),
                "stars": t.stars,
                "spirit": t.spirit,
            }
            for t in content.earth
        ],
        "spirits": spirits,
        "capture": capture,
    }


def comes_across_spirit(tile: EarthTile) -> bool:
    """Whether taking ``tile`` into a panorama makes its taker come across a Spirit.

    Our reading: seed 001 (S5, p. 2) speaks of "the next player who comes across a Spirit" and of
    "the other Spirit you drew", but not of when a player meets one; the content pack marks some
    Earth tiles with a Spirit mark, and taking a marked tile (by a capture) is meeting a Spirit.
    """
    return tile.spirit
