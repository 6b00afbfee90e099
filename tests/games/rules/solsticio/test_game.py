"""The turn, rule by rule (S1–S6 of seed 001, ``shared/seeds/001_60d8b239bd4bd858.txt``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from games.rules.solsticio import (
    IllegalMove,
    Stack,
    State,
    apply,
    describe,
    evil_spirit_passes,
    legal_moves,
    outcome,
    refill_an_empty_hand,
    reveal_beneath,
)

from .factories import ANA, BRU, choose, game, panorama_tiles, passes, play, run, up, with_panorama


def _illegal(state: State, move: dict[str, object]) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        apply(state, move)
    return caught.value


# --- S1 capture ----------------------------------------------------------------------------------


def _three_suns() -> State:
    return game(
        ana=["sun1", "moon1", "leaf1"],
        bru=["snow1", "snow2", "snow3"],
        display=[up("sun2"), up("sun3"), up("moon2")],
        pile=["wave1", "wave2", "wave3"],
    )


def test_several_capturable_tiles_exactly_one_is_captured() -> None:
    """Seed 001, p. 1, S1: "If the tile you played lets you capture one or more tiles of the
    display, you MUST capture exactly one. Take both ... to build your panorama"."""
    state = apply(_three_suns(), play(ANA, "sun1"))
    assert legal_moves(state) == [
        choose(ANA, "capture", "sun2"),
        choose(ANA, "capture", "sun3"),
    ]
    state = apply(state, choose(ANA, "capture", "sun3"))
    assert panorama_tiles(state, 0) == ["sun1", "sun3"]
    assert state.face_up == ("sun2", "moon2")
    assert state.hands[0] == ("moon1", "leaf1", "wave1")
    assert state.pile == ("wave2", "wave3")
    assert state.players[state.turn] == BRU


def test_a_capture_cannot_be_skipped_while_one_is_possible() -> None:
    """Seed 001, p. 1, S1: the capture is a MUST: nothing else may be done before it."""
    state = apply(_three_suns(), play(ANA, "sun1"))
    for move in (play(ANA, "moon1"), passes(ANA), choose(ANA, "rainbow", [1, 1])):
        error = _illegal(state, move)
        assert error.code == "must-capture"
        assert (
            error.message == "Ana must capture exactly one tile with sun1: one of sun2, sun3 (S1)"
        )


def test_capturing_a_tile_the_played_tile_cannot_capture() -> None:
    """Seed 001, p. 1, S1: only a tile the played tile can capture may be taken."""
    state = apply(_three_suns(), play(ANA, "sun1"))
    error = _illegal(state, choose(ANA, "capture", "moon2"))
    assert error.code == "not-capturable"
    assert error.message == "sun1 cannot capture 'moon2': capture one of sun2, sun3 (S1)"
    assert state.pending[0].options == ("sun2", "sun3")


def test_a_single_possible_capture_is_made_at_once() -> None:
    """Seed 001, p. 1, S1: with one capturable tile there is nothing to choose."""
    state = game(ana=["sun1"], bru=["moon1"], display=[up("sun2"), up("moon2")], pile=["leaf1"])
    state = apply(state, play(ANA, "sun1"))
    assert state.pending == ()
    assert panorama_tiles(state, 0) == ["sun1", "sun2"]
    assert state.hands[0] == ("leaf1",)


def test_a_face_down_tile_under_the_captured_one_turns_face_up() -> None:
    """Seed 001, p. 1, S1: "(and turn face up any face-down tile that was under the captured
    tile)"."""
    state = game(ana=["sun1"], bru=["moon1"], display=[up("sun2", down=["moon2"])], pile=["leaf1"])
    state = apply(state, play(ANA, "sun1"))
    assert describe(state)["display"] == [{"down": [], "up": ["moon2"]}]


def test_only_the_tile_directly_under_the_captured_one_turns_up() -> None:
    """Seed 001, p. 1, S1: the tile "under the captured tile" turns up, no other."""
    display = [up("moon2", "sun2", down=["leaf2"])]
    top = game(ana=["sun1"], bru=["snow1"], display=display, pile=["leaf1"])
    top = apply(top, play(ANA, "sun1"))
    assert describe(top)["display"] == [{"down": ["leaf2"], "up": ["moon2"]}]
    lower = game(ana=["moon1"], bru=["snow1"], display=display, pile=["leaf1"])
    lower = apply(lower, play(ANA, "moon1"))
    assert describe(lower)["display"] == [{"down": [], "up": ["leaf2", "sun2"]}]


# --- S2 second chance ----------------------------------------------------------------------------


def test_a_played_tile_capturing_nothing_joins_the_display_and_the_drawn_tile_captures() -> None:
    """Seed 001, p. 1, S2: "If the tile you played captures nothing, add it to the play area and
    draw a tile from the Earth pile (Second chance)"."""
    state = game(
        ana=["moon1", "leaf1", "leaf2"],
        bru=["snow1"],
        display=[up("sun2")],
        pile=["sun3", "wave1", "wave2"],
    )
    state = apply(state, play(ANA, "moon1"))
    assert state.face_up == ("moon1",)
    assert panorama_tiles(state, 0) == ["sun2", "sun3"]
    assert state.hands[0] == ("leaf1", "leaf2", "wave1")
    assert state.pile == ("wave2",)


def test_the_second_chance_loop_reveals_several_tiles_in_a_row() -> None:
    """Seed 001, p. 1, S2: "If this new tile still captures nothing, add it and turn face up any
    face-down tile that lies beneath, and repeat until you can capture or no further tile is
    revealed" (our reading of "beneath": ``reveal_beneath``). Here three tiles turn up before the
    drawn sun1 can capture sun2."""
    state = game(
        ana=["moon3", "wave1", "wave2"],
        bru=["leaf3", "leaf4", "leaf5"],
        display=[up("snow1", down=["moon1", "leaf1"]), up("snow2", down=["sun2"])],
        pile=["sun1", "wave3", "wave4"],
    )
    state = apply(state, play(ANA, "moon3"))
    assert describe(state)["display"] == [
        {"down": [], "up": ["moon1", "leaf1", "snow1"]},
        {"down": [], "up": ["snow2"]},
        {"down": [], "up": ["moon3"]},
    ]
    assert panorama_tiles(state, 0) == ["sun1", "sun2"]


def test_reveal_beneath_turns_up_the_highest_face_down_tile_of_the_first_place() -> None:
    """Seed 001, p. 1, S2: our reading of "turn face up any face-down tile that lies beneath"."""
    display = (Stack(("a",)), Stack(("b", "c", "d"), 2), Stack(("e", "f"), 1))
    assert reveal_beneath(display) == (display[0], Stack(("b", "c", "d"), 1), display[2])
    assert reveal_beneath((Stack(("a",)),)) is None


# --- S3 Rainbow tiles ----------------------------------------------------------------------------


def _rainbow_due(panorama: tuple[str, ...] = ("sun1",)) -> State:
    state = game(
        ana=["moon1", "wave1", "wave2"],
        bru=["snow2"],
        display=[up("snow1")],
        pile=["leaf1", "wave3"],
        extra=["sun1", "sun2", "leaf3"],
    )
    state = with_panorama(state, 0, tiles=panorama)
    return apply(state, play(ANA, "moon1"))


def test_a_second_chance_tile_capturing_nothing_goes_to_the_reserve_for_a_rainbow() -> None:
    """Seed 001, p. 2, S3: "When the tile you draw on your Second Chance still lets you capture
    nothing, you add it to the reserve and take a Rainbow tile to place orthogonally adjacent to an
    Earth tile of your panorama"."""
    state = _rainbow_due()
    assert state.reserve == ("leaf1",)
    assert legal_moves(state) == [
        choose(ANA, "rainbow", [0, 1]),
        choose(ANA, "rainbow", [1, 0]),
    ]
    state = apply(state, choose(ANA, "rainbow", [1, 0]))
    assert describe(state)["panoramas"][ANA]["rainbows"] == [
        {"place": [1, 0], "blocked": False, "blocked_by": None}
    ]
    assert state.players[state.turn] == BRU


def test_a_rainbow_must_touch_an_earth_tile_of_the_panorama() -> None:
    """Seed 001, p. 2, S3: the Rainbow goes "orthogonally adjacent to an Earth tile of your
    panorama", on an empty place."""
    state = _rainbow_due()
    error = _illegal(state, choose(ANA, "rainbow", [2, 2]))
    assert error.code == "rainbow-not-adjacent"
    assert error.message == (
        "[2, 2] is not orthogonally adjacent to an Earth tile of your panorama (S3)"
    )
    for taken in ([0, 0], [7, 7]):
        assert _illegal(state, choose(ANA, "rainbow", taken)).code == "not-a-place"
    assert _illegal(state, choose(BRU, "rainbow", [0, 1])).code == "not-your-turn"
    error = _illegal(state, play(ANA, "wave1"))
    assert error.code == "choice-required"
    assert error.message == "Ana must place a Rainbow next to an Earth tile of their panorama (S3)"


def test_no_rainbow_without_an_earth_tile_to_touch() -> None:
    """Seed 001, p. 2, S3: with no Earth tile in the panorama no place is adjacent to one, so the
    Rainbow cannot be placed; the tile still goes to the reserve."""
    state = _rainbow_due(panorama=())
    assert state.pending == ()
    assert state.reserve == ("leaf1",)
    assert state.panoramas[0].rainbows == ()


def _rainbow_on_sun2(blocker: str | None) -> State:
    state = game(
        ana=["sun3", "wave1"],
        bru=["snow1"],
        display=[up("sun2")],
        pile=["wave2"],
        extra=["sun1", "moon1", "moon2"],
    )
    state = with_panorama(state, 0, tiles=["sun1"], rainbows=[((0, 1), blocker)])
    return apply(state, play(ANA, "sun3"))


def test_a_free_rainbow_moves_and_the_earth_tile_takes_its_place() -> None:
    """Seed 001, p. 2, S3: "a 'free' Rainbow moves to another place and the Earth tile is placed
    where the Rainbow was"."""
    state = _rainbow_due_free = _rainbow_on_sun2(None)
    assert panorama_tiles(state, 0) == ["sun1", "sun2", "sun3"]
    assert state.panoramas[0].rainbows == ()
    assert legal_moves(_rainbow_due_free) == [
        choose(ANA, "rainbow", [1, 0]),
        choose(ANA, "rainbow", [1, 1]),
    ]
    state = apply(state, choose(ANA, "rainbow", [1, 1]))
    assert [r.cell for r in state.panoramas[0].rainbows] == [(1, 1)]


def test_a_blocked_rainbow_stays_and_the_earth_tile_leaves_the_game() -> None:
    """Seed 001, p. 2, S3: "a Rainbow 'blocked' by a Spirit stays in place and that Earth tile is
    removed from the game"."""
    state = _rainbow_on_sun2("keeper")
    assert state.pending == ()
    assert panorama_tiles(state, 0) == ["sun1", "sun3"]
    assert state.removed == ("sun2",)
    assert describe(state)["panoramas"][ANA]["rainbows"] == [
        {"place": [0, 1], "blocked": True, "blocked_by": "keeper"}
    ]


# --- S4 Spirit timing ----------------------------------------------------------------------------


def _meets_spirit(supply: list[str], **more: object) -> State:
    """Ana captures the marked sun2 and draws two Spirits from ``supply``."""
    state = game(
        ana=["sun1", "wave1", "wave2", "wave3"],
        bru=["snow1"],
        display=[up("sun2")],
        pile=["leaf1", "leaf2"],
        spirits=supply,
        marked=["sun2"],
        extra=["moon1", "moon2", "moon3"],
        hand_size=3,
    )
    state = with_panorama(state, 0, **more)  # type: ignore[arg-type]
    return apply(state, play(ANA, "sun1"))


def test_a_plain_background_spirit_acts_when_taken() -> None:
    """Seed 001, p. 2, S4: "Spirit tiles with a plain background have effects that trigger
    immediately when you take them". Runner draws the Earth pile's top tile at once, although
    Ana's hand is full."""
    state = _meets_spirit(["runner", "oak"])
    assert legal_moves(state) == [choose(ANA, "spirit", "runner"), choose(ANA, "spirit", "oak")]
    state = apply(state, choose(ANA, "spirit", "runner"))
    assert state.hands[0] == ("wave1", "wave2", "wave3", "leaf1")
    assert state.panoramas[0].spirits == ("runner",)
    assert state.supply == ("oak",)


def test_a_blue_background_spirit_does_nothing_when_taken() -> None:
    """Seed 001, p. 2, S4: "Spirits with a blue background trigger their effects only at the end
    of the game": taking Oak leaves the hand as it was."""
    state = apply(_meets_spirit(["oak", "runner"]), choose(ANA, "spirit", "oak"))
    assert state.hands[0] == ("wave1", "wave2", "wave3")
    assert state.pile == ("leaf1", "leaf2")


def test_a_blocking_spirit_goes_on_a_free_rainbow_of_its_takers_choice() -> None:
    """Seed 001, p. 2, S3–S4: a plain Spirit that blocks acts at once: Ana chooses which free
    Rainbow it sits on (our reading of "a Rainbow blocked by a Spirit")."""
    rainbows = [((1, 0), None), ((1, 1), None), ((1, 2), "sprite")]
    state = _meets_spirit(["keeper", "oak"], tiles=["sun1"], rainbows=rainbows)
    state = apply(state, choose(ANA, "spirit", "keeper"))
    assert legal_moves(state) == [choose(ANA, "block", [1, 0]), choose(ANA, "block", [1, 1])]
    error = _illegal(state, choose(ANA, "block", [1, 2]))
    assert error.code == "not-a-free-rainbow"
    state = apply(state, choose(ANA, "block", [1, 1]))
    blocked = {r.cell: r.blocker for r in state.panoramas[0].rainbows}
    assert blocked == {(1, 0): None, (1, 1): "keeper", (1, 2): "sprite"}


def test_a_blocking_spirit_without_a_free_rainbow_does_nothing() -> None:
    """Seed 001, p. 2, S4: with one free Rainbow it is blocked at once; with none, nothing."""
    one = _meets_spirit(["keeper", "oak"], tiles=["sun1"], rainbows=[((1, 0), None)])
    one = apply(one, choose(ANA, "spirit", "keeper"))
    assert one.panoramas[0].rainbows[0].blocker == "keeper"
    none = apply(_meets_spirit(["keeper", "oak"]), choose(ANA, "spirit", "keeper"))
    assert none.pending == ()
    assert none.panoramas[0].spirits == ("keeper",)


def test_spirit_choice_must_be_a_drawn_spirit() -> None:
    """Seed 001, p. 2, S5: the player chooses among the Spirits drawn."""
    state = _meets_spirit(["runner", "oak", "prism"])
    error = _illegal(state, choose(ANA, "spirit", "prism"))
    assert error.code == "not-drawn"
    assert error.message == "'prism' is not one of the Spirits drawn (S5)"


def test_a_single_spirit_drawn_is_taken_and_an_empty_supply_gives_none() -> None:
    """Seed 001, p. 2, S5: with one Spirit left it is taken; with none, nothing is drawn."""
    single = _meets_spirit(["oak"])
    assert single.pending == ()
    assert single.panoramas[0].spirits == ("oak",)
    empty = _meets_spirit([])
    assert empty.pending == ()
    assert empty.panoramas[0].spirits == ()


# --- S5 the Evil Spirit --------------------------------------------------------------------------


def test_choosing_the_evil_spirit_keeps_the_other_spirit_drawn() -> None:
    """Seed 001, p. 2, S5: "When you choose the Evil Spirit, you must keep it together with the
    other Spirit you drew. Place the Evil Spirit in front of you"."""
    state = apply(_meets_spirit(["evil", "sprite", "oak"]), choose(ANA, "spirit", "evil"))
    assert state.evil_holder == 0
    assert state.panoramas[0].spirits == ("sprite",)
    assert state.supply == ("oak",)
    assert describe(state)["evil_spirit"] == {"id": "evil", "holder": ANA, "covers": None}


def test_a_spirit_not_chosen_goes_under_the_supply() -> None:
    """Seed 001, p. 2, S5: choosing another Spirit leaves the Evil Spirit to later players."""
    state = apply(_meets_spirit(["evil", "sprite", "oak"]), choose(ANA, "spirit", "sprite"))
    assert state.evil_holder is None
    assert state.supply == ("oak", "evil")


def _evil_game() -> State:
    """Ana takes the Evil Spirit, Bru meets a Spirit (it passes to him), Ana meets one (it comes
    back); then the pile is empty and both pass."""
    state = game(
        ana=["sun1", "moon1"],
        bru=["leaf1"],
        display=[up("sun2"), up("leaf2"), up("moon2")],
        spirits=["evil", "sprite", "oak", "prism", "herald", "keeper"],
        marked=["sun2", "leaf2", "moon2"],
    )
    state = run(state, play(ANA, "sun1"), choose(ANA, "spirit", "evil"))
    assert (state.evil_holder, state.panoramas[0].spirits) == (0, ("sprite",))
    state = run(state, play(BRU, "leaf1"), choose(BRU, "spirit", "oak"))
    assert (state.evil_holder, state.panoramas[1].spirits) == (1, ("oak",))
    state = run(state, play(ANA, "moon1"), choose(ANA, "spirit", "herald"))
    assert (state.evil_holder, state.panoramas[0].spirits) == (0, ("sprite", "herald"))
    assert state.supply == ("prism", "keeper")
    return run(state, passes(BRU), passes(ANA))


def test_the_evil_spirit_passes_back_and_forth_and_covers_a_spirit_chosen_by_the_opponent() -> None:
    """Seed 001, p. 2, S5: "pass it to the next player who comes across a Spirit (it can be passed
    back to you later). At the end, the player holding the Evil Spirit must place it on one of their
    own Spirits, chosen by the opponent; the covered Spirit and the Evil Spirit both score 0★"."""
    state = _evil_game()
    assert not state.over
    assert legal_moves(state) == [choose(BRU, "cover", "sprite"), choose(BRU, "cover", "herald")]
    state = apply(state, choose(BRU, "cover", "sprite"))
    assert state.over
    # Ana: four Earth tiles (4★), Sprite covered (0★ instead of 5★), Herald 1★ per sun (2★).
    assert outcome(state).scores == {ANA: 6, BRU: 5}
    assert outcome(state).winner == ANA
    assert describe(state)["evil_spirit"] == {"id": "evil", "holder": ANA, "covers": "sprite"}


def test_covering_the_other_spirit_scores_it_zero_instead() -> None:
    """Seed 001, p. 2, S5: the covered Spirit scores 0★, its end effect included (our reading)."""
    state = apply(_evil_game(), choose(BRU, "cover", "herald"))
    assert outcome(state).scores == {ANA: 9, BRU: 5}


def test_the_evil_spirit_placed_by_the_wrong_player() -> None:
    """Seed 001, p. 2, S5: the Spirit it covers is "chosen by the opponent": its holder may not
    choose, and only one of the holder's own Spirits may be covered."""
    state = _evil_game()
    error = _illegal(state, choose(ANA, "cover", "sprite"))
    assert error.code == "not-your-turn"
    assert error.message == (
        "Bru, the opponent of the Evil Spirit's holder, chooses which of Ana's Spirits it covers "
        "(S5)"
    )
    error = _illegal(state, choose(BRU, "cover", "oak"))
    assert error.code == "not-coverable"
    assert error.message == "the Evil Spirit covers one of Ana's own Spirits (S5)"


def test_the_evil_spirit_goes_only_to_the_other_player() -> None:
    """Seed 001, p. 2, S5: our reading of "the next player who comes across a Spirit"."""
    assert evil_spirit_passes(0, 1)
    assert not evil_spirit_passes(0, 0)
    assert not evil_spirit_passes(None, 0)


def test_an_evil_spirit_holder_without_spirits_has_nothing_covered() -> None:
    """Seed 001, p. 2, S5: with no Spirit of its own to cover, the game simply ends."""
    state = game(ana=["sun1"], bru=["moon1"], display=[up("leaf1")])
    state = replace(state, evil_holder=1)
    state = run(state, passes(ANA), passes(BRU))
    assert state.over
    assert state.covered is None


# --- S6 empty Earth pile and end -----------------------------------------------------------------


def test_the_game_ends_when_the_pile_is_empty_and_both_players_pass() -> None:
    """Seed 001, p. 2, S6: "You may play only if you can capture ...; otherwise you pass. The game
    ends when neither player can capture"."""
    state = game(ana=["moon1"], bru=["leaf1"], display=[up("sun2")])
    assert legal_moves(state) == [passes(ANA)]
    error = _illegal(state, play(ANA, "moon1"))
    assert error.code == "must-pass"
    assert error.message == (
        "the Earth pile is empty and no tile of your hand can capture: you pass (S6)"
    )
    state = apply(state, passes(ANA))
    assert not state.over
    state = apply(state, passes(BRU))
    assert state.over
    assert legal_moves(state) == []
    assert outcome(state).scores == {ANA: 0, BRU: 0}
    assert outcome(state).winner is None
    error = _illegal(state, play(ANA, "moon1"))
    assert error.code == "game-over"
    assert error.message == "the game is over: neither player can capture (S6)"


def test_with_the_pile_empty_only_a_capturing_tile_may_be_played_and_no_refill() -> None:
    """Seed 001, p. 2, S6: "keep taking turns, but no longer draw tiles to refill hands. You may
    play only if you can capture a tile of the play area with a tile from your hand"."""
    state = game(ana=["sun1", "moon1"], bru=["leaf1"], display=[up("sun2")])
    assert legal_moves(state) == [play(ANA, "sun1")]
    error = _illegal(state, play(ANA, "moon1"))
    assert error.code == "must-capture"
    error = _illegal(state, passes(ANA))
    assert (error.code, error.message) == (
        "must-capture",
        "sun1 can capture: you may pass only when no tile can (S6)",
    )
    state = apply(state, play(ANA, "sun1"))
    assert state.hands[0] == ("moon1",)


def test_no_pass_while_the_pile_has_tiles() -> None:
    """Seed 001, p. 2, S6: passing comes only with the Earth pile empty."""
    state = game(ana=["moon1"], bru=["leaf1"], display=[up("sun2")], pile=["wave1"])
    assert _illegal(state, passes(ANA)).code == "cannot-pass"


def test_a_capture_between_passes_keeps_the_game_going() -> None:
    """Seed 001, p. 2, S6: the game ends only when neither player can capture."""
    state = game(ana=["moon1"], bru=["sun1"], display=[up("sun2")])
    state = run(state, passes(ANA), play(BRU, "sun1"))
    assert not state.over
    assert state.passes == 0


def test_an_empty_hand_is_refilled_from_the_pile_before_its_turn() -> None:
    """Seed 001, p. 2, S6: hands are refilled while the Earth pile lasts, and a player passes only
    once it is empty. A deal that leaves a hand empty while the pile has tiles would leave its
    player with neither a move nor an end; our reading (``refill_an_empty_hand``): their hand is
    refilled from the pile, up to the hand size, before they play."""
    first = game(ana=[], bru=["leaf1"], display=[up("sun2")], pile=["sun1", "moon1", "wave1"])
    assert first.hands == (("sun1", "moon1", "wave1"), ("leaf1",))
    assert first.pile == ()
    assert legal_moves(first) == [play(ANA, "sun1")]
    second = game(
        ana=["moon1"],
        bru=[],
        display=[up("sun2")],
        pile=["sun1", "leaf1", "wave1", "wave2"],
        hand_size=1,
    )
    assert second.hands == (("moon1",), ())
    # moon1 captures nothing; the drawn sun1 captures sun2; Ana draws leaf1, then Bru wave1.
    second = apply(second, play(ANA, "moon1"))
    assert (second.hands, second.pile) == ((("leaf1",), ("wave1",)), ("wave2",))
    assert legal_moves(second) == [play(BRU, "wave1")]


def test_an_empty_hand_with_an_empty_pile_passes() -> None:
    """Seed 001, p. 2, S6: with the pile empty nothing is refilled: the empty hand passes."""
    state = game(ana=[], bru=["sun1"], display=[up("sun2")])
    assert refill_an_empty_hand(state) == state
    assert legal_moves(state) == [passes(ANA)]


# --- moves that are not moves --------------------------------------------------------------------


def test_a_tile_not_in_hand() -> None:
    """Seed 001, p. 1, S1: the played tile comes from the player's hand."""
    state = _three_suns()
    error = _illegal(state, play(ANA, "snow1"))
    assert error.code == "not-in-hand"
    assert error.message == "'snow1' is not in Ana's hand (S1)"


def test_not_your_turn_and_stale_moves() -> None:
    """A move by the player not due, or made on an older position, changes nothing."""
    state = _three_suns()
    error = _illegal(state, play(BRU, "snow1"))
    assert (error.code, error.message) == ("not-your-turn", "it is Ana's turn")
    moved = apply(state, {**play(ANA, "sun1"), "version": 0})
    error = _illegal(moved, {**choose(ANA, "capture", "sun2"), "version": 0})
    assert error.code == "stale-move"
    assert error.message == (
        "this move was made when the game was at move 0; it is now at move 1: look at the table "
        "again"
    )
    assert apply(moved, {**choose(ANA, "capture", "sun2"), "version": 1}).version == 2


@pytest.mark.parametrize(
    ("move", "field", "message"),
    [
        ("play", "move", "a move is a JSON object"),
        (
            {"seat": ANA},
            "move",
            "a move has exactly one of play, pass, capture, rainbow, spirit, block, cover",
        ),
        (
            {"seat": ANA, "play": "sun1", "pass": True},
            "move",
            "a move has exactly one of play, pass, capture, rainbow, spirit, block, cover",
        ),
        ({"seat": "Cy", "play": "sun1"}, "seat", 'seat: expected one of Ana, Bru, not "Cy"'),
        ({"play": "sun1"}, "seat", "seat: expected one of Ana, Bru, not null"),
        ({"seat": ANA, "play": 3}, "play", "play: expected a tile id, not 3"),
        ({"seat": ANA, "play": ""}, "play", 'play: expected a tile id, not ""'),
    ],
)
def test_malformed_moves(move: object, field: str, message: str) -> None:
    """A move that is not one the format describes is refused as such, naming the field."""
    error = _illegal(_three_suns(), move)  # type: ignore[arg-type]
    assert (error.code, error.params, error.message) == ("bad-move", {"field": field}, message)


def test_malformed_answers_and_answers_with_nothing_to_choose() -> None:
    """A choice's answer has the shape of its choice; with no choice pending there is none."""
    state = _three_suns()
    error = _illegal(state, choose(ANA, "capture", "sun2"))
    assert (error.code, error.message) == ("nothing-to-choose", "there is no capture to choose now")
    assert error.params == {"choice": "capture"}
    pending = apply(state, play(ANA, "sun1"))
    error = _illegal(pending, choose(ANA, "capture", 3))
    assert (error.code, error.message) == ("bad-move", "capture: expected a tile id, not 3")
    rainbow = _rainbow_due()
    for bad, shown in (
        ("0,1", '"0,1"'),
        ([0], "[0]"),
        ([0, "1"], '[0, "1"]'),
        ([0, True], "[0, true]"),
    ):
        error = _illegal(rainbow, choose(ANA, "rainbow", bad))
        assert (error.code, error.params, error.message) == (
            "bad-move",
            {"field": "rainbow"},
            f"rainbow: expected a place [row, column], not {shown}",
        )


def _can_pass() -> State:
    return game(ana=["moon1"], bru=["leaf1"], display=[up("sun2")])


@pytest.mark.parametrize(
    ("position", "move", "field", "message"),
    [
        (
            _three_suns,
            {**play(ANA, "sun1"), "tile": "sun2"},
            "tile",
            "tile: not a field of a move (a move has seat, version and one of play, pass, "
            "capture, rainbow, spirit, block, cover)",
        ),
        (
            _three_suns,
            {"seat": ANA, "play": ["sun1"]},
            "play",
            'play: expected a tile id, not ["sun1"]',
        ),
        (_three_suns, {"seat": 1, "play": "sun1"}, "seat", "seat: expected one of Ana, Bru, not 1"),
        (
            _rainbow_due,
            choose(ANA, "rainbow", [-1, 0]),
            "rainbow",
            "rainbow: [-1, 0] is not a place: rows and columns count from 0",
        ),
        (
            _can_pass,
            {"seat": ANA, "pass": False},
            "pass",
            'pass: a pass is {"pass": true}, not false',
        ),
        (_can_pass, {"seat": ANA, "pass": 1}, "pass", 'pass: a pass is {"pass": true}, not 1'),
        *(
            (
                _three_suns,
                {**play(ANA, "sun1"), "version": version},
                "version",
                "version: expected the number of moves the game had when the move was made (an "
                f"integer >= 0), not {shown}",
            )
            for version, shown in (("0", '"0"'), (True, "true"), (-1, "-1"), (None, "null"))
        ),
    ],
)
def test_bad_inputs_are_bad_moves_naming_the_field(
    position: Callable[[], State], move: dict[str, object], field: str, message: str
) -> None:
    """An unknown field, a wrong type (a boolean is not a number), a negative place, ``{"pass":
    false}`` and a ``version`` given as text are ``bad-move``: nothing is ignored or coerced, and
    the refusal names the field and the value as given."""
    error = _illegal(position(), move)
    assert (error.code, error.params, error.message) == ("bad-move", {"field": field}, message)


def test_every_tile_of_the_hand_may_be_played_while_the_pile_lasts() -> None:
    """Seed 001, p. 1, S1–S2: a tile that captures nothing may be played too (second chance)."""
    assert legal_moves(_three_suns()) == [
        play(ANA, "sun1"),
        play(ANA, "moon1"),
        play(ANA, "leaf1"),
    ]


def test_other_moves_wait_for_a_spirit_choice_and_a_blocking_spirit() -> None:
    """Seed 001, p. 2, S4–S5: a Spirit drawn is chosen, and a plain one acts, before anything
    else."""
    state = _meets_spirit(
        ["keeper", "oak"], tiles=["sun1"], rainbows=[((1, 0), None), ((1, 1), None)]
    )
    error = _illegal(state, play(ANA, "wave1"))
    assert (error.code, error.message) == (
        "choice-required",
        "Ana must choose one of the Spirits drawn: keeper, oak (S5)",
    )
    state = apply(state, choose(ANA, "spirit", "keeper"))
    error = _illegal(state, play(ANA, "wave1"))
    assert (error.code, error.message) == (
        "choice-required",
        "Ana must put keeper on one of their free Rainbows (S4)",
    )


def test_blue_spirits_count_at_the_end() -> None:
    """Seed 001, p. 2, S4: blue Spirits "trigger their effects only at the end of the game":
    Prism's 1★ per Rainbow and Herald's 1★ per sun tile are added to the final score."""
    state = game(ana=["moon1"], bru=["leaf1"], display=[up("snow1")], extra=["sun1", "sun2"])
    state = with_panorama(
        state,
        0,
        tiles=["sun1", "sun2"],
        rainbows=[((1, 0), None), ((1, 1), "keeper")],
        spirits=["prism", "herald", "keeper"],
    )
    state = run(state, passes(ANA), passes(BRU))
    # 2 Earth tiles, Prism 0★ + 2 Rainbows, Herald 0★ + 2 suns, Keeper 1★.
    assert outcome(state).scores == {ANA: 7, BRU: 0}
