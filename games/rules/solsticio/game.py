"""The rules engine's contract (``games.rules.common``): start a game, list and apply moves, read
the outcome, what one seat may see, and replaying a move log.

Moves are plain dicts (see ``docs/formats/solsticio-scenario.md``): ``{"seat": "Ana", "play":
"sun-1"}``, ``{"seat": "Ana", "pass": true}``, and the answers to the choices the rules leave to
players: ``capture`` (a display tile), ``rainbow`` (a ``[row, column]`` place), ``spirit`` (one of
the Spirits drawn), ``block`` (a free Rainbow's place) and ``cover`` (a Spirit of the Evil Spirit's
holder). A move may carry ``version``: the number of moves the game had when it was made; a move
made on an older game is refused as stale. Moves are read strictly (``moves.read_move``).

A choice with a single option is made at once: the rules leave nothing to choose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from games.rules.common import replay_log

from . import errors
from .content import (
    BLOCK_RAINBOW,
    DRAW_EARTH,
    PLAIN,
    STARS_PER_RAINBOW,
    STARS_PER_SYMBOL,
    can_capture,
    comes_across_spirit,
    panorama_place,
)
from .errors import IllegalMove
from .moves import PASS, PLAY, read_move
from .reading import Cell
from .setup import Setup, Stack, dealt, setup_from_dict
from .state import (
    BLOCK,
    CAPTURE,
    COVER,
    ENCOUNTER,
    RAINBOW,
    SPIRIT,
    Pending,
    Rainbow,
    State,
)

Move = dict[str, Any]
T = TypeVar("T")
SPIRITS_DRAWN = 2
#: The seed rule each choice comes from (seed 001).
CHOICE_RULES = {CAPTURE: "S1", RAINBOW: "S3", SPIRIT: "S5", BLOCK: "S4", COVER: "S5"}


@dataclass(frozen=True)
class Outcome:
    """A finished game's ``scores`` (stars by player) and ``winner`` (``None`` on a tie)."""

    scores: dict[str, int]
    winner: str | None = None


def new_game(setup: Setup | Mapping[str, Any], *, seed: int = 0) -> State:
    """A game before its first move. ``setup`` is a ``Setup`` or a scenario dict (its ``moves``
    are ignored); without a fixed deal, ``seed`` shuffles the Earth tiles and the Spirits."""
    if not isinstance(setup, Setup):
        setup = setup_from_dict(setup)
    setup = dealt(setup, seed)
    deal = setup.deal
    assert deal is not None
    state = State(
        setup=setup,
        seed=seed,
        pile=deal.pile,
        display=deal.display,
        hands=deal.hands,
        supply=deal.spirits,
        turn=setup.players.index(setup.first_player),
    )
    return refill_an_empty_hand(state)


def replay(
    setup: Setup | Mapping[str, Any], moves: Iterable[Mapping[str, Any]], *, seed: int = 0
) -> tuple[State, IllegalMove | None]:
    """Rebuild a game from its setup and move log: the state after the last legal move, and the
    first illegal move's refusal (with the move's 0-based ``index``), or ``None``."""
    return replay_log(new_game(setup, seed=seed), moves, apply)


# --- reading the position ----------------------------------------------------------------------


def capturable(state: State, tile: str) -> tuple[str, ...]:
    """The face-up display tiles ``tile`` may capture."""
    rule = state.setup.content.capture
    played = state.earth(tile)
    return tuple(t for t in state.face_up if can_capture(rule, played, state.earth(t)))


def capturing_tiles(state: State, seat: int) -> tuple[str, ...]:
    """The tiles of a player's hand that may capture something."""
    return tuple(tile for tile in state.hands[seat] if capturable(state, tile))


def rainbow_places(state: State, seat: int) -> tuple[Cell, ...]:
    """The empty places of a panorama orthogonally adjacent to one of its Earth tiles (S3)."""
    panorama = state.panoramas[seat]
    earth = {cell for cell, _ in panorama.earth}
    taken = earth | {r.cell for r in panorama.rainbows}
    return tuple(
        sorted(
            (r, c)
            for r, c in state.setup.content.places - taken
            if {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & earth
        )
    )


def free_rainbows(state: State, seat: int) -> tuple[Cell, ...]:
    return tuple(r.cell for r in state.panoramas[seat].rainbows if r.blocker is None)


def reveal_beneath(display: tuple[Stack, ...]) -> tuple[Stack, ...] | None:
    """The display after one face-down tile turns face up, or ``None`` when none is left.

    Our reading: seed 001 (S2, p. 1) has a second-chance tile that captures nothing "turn face up
    any face-down tile that lies beneath" without saying beneath what. We turn up the highest
    face-down tile of the first display place (in display order) that still hides one; it then
    shows beside the face-up tiles above it and may be captured.
    """
    for index, stack in enumerate(display):
        if stack.down:
            turned = Stack(stack.tiles, stack.down - 1)
            return (*display[:index], turned, *display[index + 1 :])
    return None


def evil_spirit_passes(holder: int | None, seat: int) -> bool:
    """Whether the Evil Spirit moves to ``seat``, who comes across a Spirit.

    Our reading: seed 001 (S5, p. 2) passes it "to the next player who comes across a Spirit (it
    can be passed back to you later)": the next time the other player meets a Spirit, it goes to
    them; its holder meeting one keeps it.
    """
    return holder is not None and holder != seat


def scores(state: State) -> dict[str, int]:
    """Stars by player: Earth tiles in the panorama, Spirits held, and blue Spirits' end effects
    (S4). The Evil Spirit and the Spirit it covers score 0★ (S5).

    Our reading: the covered Spirit's end effect does not count either (it "scores 0★").
    """
    content = state.setup.content
    result = {}
    for seat, panorama in zip(state.players, state.panoramas, strict=True):
        total = sum(state.earth(tile).stars for _, tile in panorama.earth)
        for spirit_id in panorama.spirits:
            if spirit_id == state.covered:
                continue
            spirit = content.spirit_index[spirit_id]
            total += spirit.stars
            if spirit.effect == STARS_PER_RAINBOW:
                total += len(panorama.rainbows)
            elif spirit.effect == STARS_PER_SYMBOL:
                total += sum(state.earth(t).symbol == spirit.symbol for _, t in panorama.earth)
        result[seat] = total
    return result


def outcome(state: State) -> Outcome | None:
    """``None`` while the game goes on; once it is over, the scores and the winner."""
    if not state.over:
        return None
    result = scores(state)
    first, second = (result[p] for p in state.players)
    winner = None if first == second else state.players[0 if first > second else 1]
    return Outcome(scores=result, winner=winner)


def legal_moves(state: State) -> list[Move]:
    """Every move the player due may make now."""
    if state.over:
        return []
    seat = state.players[state.due]
    if state.pending:
        head = state.pending[0]
        return [
            {"seat": seat, head.kind: list(choice) if isinstance(choice, tuple) else choice}
            for choice in head.choices
        ]
    hand = state.hands[state.turn]
    if not state.pile:
        hand = capturing_tiles(state, state.turn)
        if not hand:
            return [{"seat": seat, PASS: True}]
    return [{"seat": seat, PLAY: tile} for tile in hand]


# --- what a seat sees ---------------------------------------------------------------------------


def describe(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON-ready data. With ``seat``, what that player may see: the other hand,
    the face-down display tiles, the Earth pile and the Spirit supply become counts."""

    def hidden(tiles: tuple[str, ...], shown: bool) -> list[str] | int:
        return list(tiles) if shown else len(tiles)

    full = seat is None
    players = state.players
    panoramas = {}
    for index, panorama in enumerate(state.panoramas):
        panoramas[players[index]] = {
            "earth": [{"tile": tile, "place": list(cell)} for cell, tile in panorama.earth],
            "rainbows": [
                {"place": list(r.cell), "blocked": r.blocker is not None, "blocked_by": r.blocker}
                for r in panorama.rainbows
            ],
            "spirits": list(panorama.spirits),
        }
    result = outcome(state)
    pending = state.pending[0] if state.pending else None
    holder = state.evil_holder
    return {
        "players": list(players),
        "turn": players[state.turn],
        "due": players[state.due],
        "version": state.version,
        "display": [
            {"down": hidden(stack.face_down, full), "up": list(stack.face_up)}
            for stack in state.display
        ],
        "hands": {
            name: hidden(hand, full or seat == index)
            for index, (name, hand) in enumerate(zip(players, state.hands, strict=True))
        },
        "pile": hidden(state.pile, full),
        "supply": hidden(state.supply, full),
        "panoramas": panoramas,
        "spirits": {name: panoramas[name]["spirits"] for name in players},
        "evil_spirit": {
            "id": state.setup.content.evil,
            "holder": None if holder is None else players[holder],
            "covers": state.covered,
        },
        "reserve": list(state.reserve),
        "removed": list(state.removed),
        "pending": None
        if pending is None
        else {
            "choice": pending.kind,
            "seat": players[pending.seat],
            "tile": pending.tile,
            "options": [list(c) if isinstance(c, tuple) else c for c in pending.choices],
        },
        "over": result is not None,
        "scores": None if result is None else result.scores,
        "winner": None if result is None else result.winner,
    }


# ``describe``'s seat for someone who plays neither hand: every hand is a count.
ONLOOKER = -1


def view_for(state: State, seat: str | None) -> dict[str, Any]:
    """What one player may see, with the moves open to them now; with ``seat`` ``None``, what
    someone who plays neither hand may see (both hands as counts, no moves)."""
    index = ONLOOKER if seat is None else state.seat_index(seat)
    view = describe(state, index)
    view["seat"] = seat
    view["moves"] = legal_moves(state) if state.due == index else []
    return view


# --- applying a move ---------------------------------------------------------------------------


def apply(state: State, move: Mapping[str, Any]) -> State:
    """The state after one move; raises ``IllegalMove`` (state unchanged) with a stable code, the
    seed rule it enforces and the params a screen words it with."""
    read = read_move(state.players, move)
    if state.over:
        raise IllegalMove(
            errors.GAME_OVER, "the game is over: neither player can capture (S6)", rule="S6"
        )
    if read.version is not None and read.version != state.version:
        raise IllegalMove(
            errors.STALE_MOVE,
            f"this move was made when the game was at move {read.version}; it is now at move "
            f"{state.version}: look at the table again",
            params={"version": read.version, "current": state.version},
        )
    seat, action = read.seat, read.action
    if state.pending:
        head = state.pending[0]
        if seat != head.seat:
            raise _waiting(state, head, errors.NOT_YOUR_TURN)
        if action != head.kind:
            code = errors.MUST_CAPTURE if head.kind == CAPTURE else errors.CHOICE_REQUIRED
            raise _waiting(state, head, code)
        assert read.answer is not None
        state = _choose(state, head, read.answer)
    elif seat != state.turn:
        due = state.players[state.turn]
        raise IllegalMove(errors.NOT_YOUR_TURN, f"it is {due}'s turn", params={"player": due})
    elif action == PLAY:
        assert isinstance(read.answer, str)
        state = _play(state, seat, read.answer)
    elif action == PASS:
        state = _pass(state, seat)
    else:
        raise IllegalMove(
            errors.NOTHING_TO_CHOOSE,
            f"there is no {action} to choose now",
            params={"choice": action},
        )
    state = _settle(replace(state, version=state.version + 1))
    if action != PASS and not state.pending and not state.ended:
        state = _end_turn(state)
    return state


def _waiting(state: State, head: Pending, code: str) -> IllegalMove:
    """The refusal of a move other than the choice ``head`` waits for."""
    who = state.players[head.seat]
    params: dict[str, Any] = {"player": who, "choice": head.kind}
    if head.kind == CAPTURE:
        options = ", ".join(head.options)
        message = f"{who} must capture exactly one tile with {head.tile}: one of {options} (S1)"
        params.update(tile=head.tile, options=list(head.options))
    elif head.kind == RAINBOW:
        message = f"{who} must place a Rainbow next to an Earth tile of their panorama (S3)"
    elif head.kind == SPIRIT:
        message = f"{who} must choose one of the Spirits drawn: {', '.join(head.options)} (S5)"
        params.update(options=list(head.options))
    elif head.kind == BLOCK:
        message = f"{who} must put {head.tile} on one of their free Rainbows (S4)"
        params.update(tile=head.tile)
    else:
        holder = state.players[1 - head.seat]
        message = (
            f"{who}, the opponent of the Evil Spirit's holder, chooses which of {holder}'s "
            "Spirits it covers (S5)"
        )
        params.update(holder=holder)
    return IllegalMove(code, message, rule=CHOICE_RULES[head.kind], params=params)


def _play(state: State, seat: int, tile: str) -> State:
    hand = state.hands[seat]
    if tile not in hand:
        who = state.players[seat]
        raise IllegalMove(
            errors.NOT_IN_HAND,
            f"{tile!r} is not in {who}'s hand (S1)",
            rule="S1",
            params={"tile": tile, "player": who},
        )
    targets = capturable(state, tile)
    if not state.pile and not targets:
        able = capturing_tiles(state, seat)
        if able:
            raise IllegalMove(
                errors.MUST_CAPTURE,
                f"the Earth pile is empty: only a tile that captures may be played, and {tile} "
                f"captures nothing ({', '.join(able)} would) (S6)",
                rule="S6",
                params={"tile": tile, "tiles": list(able)},
            )
        raise IllegalMove(
            errors.MUST_PASS,
            "the Earth pile is empty and no tile of your hand can capture: you pass (S6)",
            rule="S6",
        )
    kept = list(hand)
    kept.remove(tile)
    state = replace(state, hands=_with(state.hands, seat, tuple(kept)), passes=0)
    if targets:
        return replace(state, pending=(Pending(CAPTURE, seat, tile, targets),))
    state = replace(state, display=(*state.display, Stack((tile,))))
    return second_chance(state, seat)


def second_chance(state: State, seat: int) -> State:
    """S2 and S3: draw from the Earth pile; while the drawn tile captures nothing, turn up a
    face-down tile; if nothing more turns up, the tile goes to the reserve and a Rainbow is due.

    Our reading: seed 001 says the drawn tile that captures nothing is "added" (S2, p. 1) and also
    that it goes "to the reserve" (S3, p. 2). We keep it in the play area, beside the display,
    while tiles turn up (so it may still capture one of them), and send it to the reserve once
    nothing more turns up.
    """
    drawn = state.pile[0]
    state = replace(state, pile=state.pile[1:])
    while True:
        targets = capturable(state, drawn)
        if targets:
            return replace(state, pending=(Pending(CAPTURE, seat, drawn, targets),))
        display = reveal_beneath(state.display)
        if display is None:
            break
        state = replace(state, display=display)
    return replace(
        state,
        reserve=(*state.reserve, drawn),
        pending=(Pending(RAINBOW, seat, ready=False),),
    )


def _pass(state: State, seat: int) -> State:
    if state.pile:
        raise IllegalMove(
            errors.CANNOT_PASS,
            "the Earth pile still has tiles: play a tile (passing comes only once it is empty, S6)",
            rule="S6",
        )
    able = capturing_tiles(state, seat)
    if able:
        raise IllegalMove(
            errors.MUST_CAPTURE,
            f"{', '.join(able)} can capture: you may pass only when no tile can (S6)",
            rule="S6",
            params={"tiles": list(able)},
        )
    passes = state.passes + 1
    ended = passes >= 2
    pending: tuple[Pending, ...] = ()
    if ended and state.evil_holder is not None:
        pending = (Pending(COVER, 1 - state.evil_holder, ready=False),)
    return replace(state, passes=passes, turn=1 - seat, ended=ended, pending=pending)


def _end_turn(state: State) -> State:
    """The player refills their hand from the Earth pile while it lasts (S6); the turn passes."""
    seat = state.turn
    state = replace(_refill(state, seat), turn=1 - seat)
    return refill_an_empty_hand(state)


def _refill(state: State, seat: int) -> State:
    """``seat``'s hand refilled up to the hand size from the Earth pile, while it lasts."""
    missing = max(0, state.setup.hand_size - len(state.hands[seat]))
    drawn, pile = state.pile[:missing], state.pile[missing:]
    return replace(state, hands=_with(state.hands, seat, (*state.hands[seat], *drawn)), pile=pile)


def refill_an_empty_hand(state: State) -> State:
    """A player whose turn begins with an empty hand while the Earth pile has tiles first refills
    it from the pile, up to the hand size.

    Our reading: seed 001 (S6, p. 2) stops refilling hands only once the Earth pile is empty ("no
    longer draw tiles to refill hands"), and allows a pass only then; it does not say what a
    player with no tile in hand does while the pile still has tiles (a fixed deal can leave a hand
    empty): they could neither play nor pass. We read that their hand is refilled, as at the end
    of a turn, before they play.
    """
    if state.hands[state.turn] or not state.pile:
        return state
    return _refill(state, state.turn)


# --- choices -----------------------------------------------------------------------------------


def _settle(state: State) -> State:
    """Work out what is pending: prepare the first item, and make any choice that has one option."""
    while state.pending:
        head = state.pending[0]
        if not head.ready:
            state = _prepare(state, head)
            continue
        choices = head.choices
        if len(choices) > 1:
            break
        state = _choose(state, head, choices[0])
    return state


def _prepare(state: State, head: Pending) -> State:
    rest = state.pending[1:]
    if head.kind == RAINBOW:
        item = replace(head, cells=rainbow_places(state, head.seat), ready=True)
    elif head.kind == BLOCK:
        item = replace(head, cells=free_rainbows(state, head.seat), ready=True)
    elif head.kind == COVER:
        holder = state.panoramas[1 - head.seat]
        item = replace(head, options=holder.spirits, ready=True)
    else:
        assert head.kind == ENCOUNTER
        if evil_spirit_passes(state.evil_holder, head.seat):
            state = replace(state, evil_holder=head.seat)
        drawn = state.supply[:SPIRITS_DRAWN]
        state = replace(state, supply=state.supply[SPIRITS_DRAWN:])
        item = Pending(SPIRIT, head.seat, options=drawn)
    pending = (item, *rest) if item.choices else rest
    return replace(state, pending=pending)


def _choose(state: State, head: Pending, answer: str | Cell) -> State:
    if answer not in head.choices:
        raise _wrong_choice(state, head, answer)
    state = replace(state, pending=state.pending[1:])
    seat = head.seat
    if head.kind == CAPTURE:
        assert isinstance(answer, str)
        assert head.tile is not None
        return _capture(state, seat, head.tile, answer)
    if head.kind == SPIRIT:
        assert isinstance(answer, str)
        return _keep_spirit(state, head, answer)
    if head.kind == COVER:
        assert isinstance(answer, str)
        return replace(state, covered=answer)
    assert isinstance(answer, tuple)
    panorama = state.panoramas[seat]
    if head.kind == RAINBOW:
        rainbows = (*panorama.rainbows, Rainbow(answer))
    else:
        rainbows = tuple(
            Rainbow(r.cell, head.tile) if r.cell == answer else r for r in panorama.rainbows
        )
    panorama = replace(panorama, rainbows=tuple(sorted(rainbows, key=lambda r: r.cell)))
    return replace(state, panoramas=_with(state.panoramas, seat, panorama))


def _wrong_choice(state: State, head: Pending, answer: str | Cell) -> IllegalMove:
    if head.kind == CAPTURE:
        options = ", ".join(head.options)
        return IllegalMove(
            errors.NOT_CAPTURABLE,
            f"{head.tile} cannot capture {answer!r}: capture one of {options} (S1)",
            rule="S1",
            params={"tile": head.tile, "target": answer, "options": list(head.options)},
        )
    if head.kind == RAINBOW:
        panorama = state.panoramas[head.seat]
        assert isinstance(answer, tuple)
        place = {"place": list(answer)}
        empty = (
            answer in state.setup.content.places
            and panorama.tile_at(answer) is None
            and panorama.rainbow_at(answer) is None
        )
        if empty:
            return IllegalMove(
                errors.RAINBOW_NOT_ADJACENT,
                f"{list(answer)} is not orthogonally adjacent to an Earth tile of your panorama "
                "(S3)",
                rule="S3",
                params=place,
            )
        return IllegalMove(
            errors.NOT_A_PLACE,
            f"{answer!r} is not an empty place of your panorama (S3)",
            rule="S3",
            params=place,
        )
    if head.kind == SPIRIT:
        return IllegalMove(
            errors.NOT_DRAWN,
            f"{answer!r} is not one of the Spirits drawn (S5)",
            rule="S5",
            params={"spirit": answer, "options": list(head.options)},
        )
    if head.kind == BLOCK:
        assert isinstance(answer, tuple)
        return IllegalMove(
            errors.NOT_A_FREE_RAINBOW,
            f"{answer!r} is not a free Rainbow of your panorama (S3)",
            rule="S3",
            params={"place": list(answer), "spirit": head.tile},
        )
    holder = state.players[1 - head.seat]
    return IllegalMove(
        errors.NOT_COVERABLE,
        f"the Evil Spirit covers one of {holder}'s own Spirits (S5)",
        rule="S5",
        params={"spirit": answer, "holder": holder, "options": list(head.options)},
    )


def _capture(state: State, seat: int, tile: str, target: str) -> State:
    """S1: take the capturing tile and the captured one; a face-down tile under it turns up."""
    display = []
    for stack in state.display:
        if target in stack.face_up:
            at = stack.tiles.index(target)
            tiles = stack.tiles[:at] + stack.tiles[at + 1 :]
            stack = Stack(tiles, stack.down - 1 if at == stack.down and stack.down else stack.down)
        if stack.tiles:
            display.append(stack)
    state = replace(state, display=tuple(display))
    follow: list[Pending] = []
    for taken in (tile, target):
        state = _take(state, seat, taken, follow)
    return replace(state, pending=(*follow, *state.pending))


def _take(state: State, seat: int, tile: str, follow: list[Pending]) -> State:
    """Put an Earth tile at its place in the panorama (S3 when a Rainbow holds that place)."""
    panorama = state.panoramas[seat]
    earth = state.earth(tile)
    cell = panorama_place(earth)
    rainbow = panorama.rainbow_at(cell)
    if rainbow is not None and rainbow.blocker is not None:
        state = replace(state, removed=(*state.removed, tile))
    else:
        if rainbow is not None:
            rainbows = tuple(r for r in panorama.rainbows if r != rainbow)
            panorama = replace(panorama, rainbows=rainbows)
            follow.append(Pending(RAINBOW, seat, ready=False))
        panorama = replace(panorama, earth=tuple(sorted((*panorama.earth, (cell, tile)))))
        state = replace(state, panoramas=_with(state.panoramas, seat, panorama))
    if comes_across_spirit(earth):
        follow.append(Pending(ENCOUNTER, seat, tile=tile, ready=False))
    return state


def _keep_spirit(state: State, head: Pending, chosen: str) -> State:
    """S5: keep the Spirit chosen, and with the Evil Spirit also the other one drawn; the rest go
    under the supply. S4: a plain-background Spirit acts at once."""
    seat = head.seat
    others = tuple(s for s in head.options if s != chosen)
    kept: tuple[str, ...]
    back: tuple[str, ...]
    if state.spirit(chosen).evil:
        kept, back = others, ()
        state = replace(state, evil_holder=seat)
    else:
        kept, back = (chosen,), others
    panorama = state.panoramas[seat]
    panorama = replace(panorama, spirits=(*panorama.spirits, *kept))
    state = replace(
        state, supply=(*state.supply, *back), panoramas=_with(state.panoramas, seat, panorama)
    )
    follow = []
    for spirit_id in kept:
        spirit = state.spirit(spirit_id)
        if spirit.background != PLAIN:
            continue
        if spirit.effect == BLOCK_RAINBOW:
            follow.append(Pending(BLOCK, seat, tile=spirit_id, ready=False))
        elif spirit.effect == DRAW_EARTH and state.pile:
            hands = _with(state.hands, seat, (*state.hands[seat], state.pile[0]))
            state = replace(state, hands=hands, pile=state.pile[1:])
    return replace(state, pending=(*follow, *state.pending))


def _with(pair: tuple[T, T], index: int, value: T) -> tuple[T, T]:
    return (value, pair[1]) if index == 0 else (pair[0], value)
