"""Random legal playouts keep the invariants (cards, tiles, replay, JSON round-trip), and no
reachable state is stuck: it has an outcome or a legal move."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.content import default_pack
from games.rules.spirits import (
    AUTOMA,
    MOON_EFFECTS,
    POWERS,
    State,
    apply,
    from_json,
    legal_moves,
    new_game,
    outcome,
    replay,
    to_json,
)
from games.rules.spirits.bitboard import mask_of

from .factories import pack_mission, scenario, two_player


def _setup(automa: bool, moon_effects: list[str]) -> dict[str, Any]:
    data = two_player() if automa else scenario()
    data.pop("hands", None)
    data["deal"] = True
    data["rounds"] = 4
    data["powers"] = list(POWERS)
    data["moon_effects"] = moon_effects
    data["board"]["mission_tiles"][0]["coloured_edges"] = [
        {"cell": [5, 5], "side": "W", "colour": "red"},
        {"cell": [6, 6], "side": "S", "colour": "blue"},
    ]
    data["board"]["tokens"] = [
        {"kind": "whirlpool", "cell": [4, 4]},
        {"kind": "mist", "cell": [3, 3], "colour": "red"},
        {"kind": "mist", "cell": [3, 4], "colour": "blue"},
    ]
    return data


def _all_cards(state: State) -> list[str]:
    held = [c for hand in state.hands or () for c in hand]
    played = [c for trick in state.tricks for _, c in trick.plays] + [c for _, c in state.current]
    discarded = [d.card for d in state.discards if d.card is not None]
    return held + played + discarded + list(state.river) + list(state.deck or ())


def _check(state: State, dealt: list[str]) -> None:
    cards = _all_cards(state)
    assert sorted(cards) == sorted(dealt), "cards are never duplicated or lost"
    size = state.setup.board.size
    seen = state.mission_mask
    for tile in state.placed:
        assert all(0 <= r < size and 0 <= c < size for r, c in tile.cells)
        mask = mask_of(tile.cells, size)
        assert not mask & seen, "Spirit tiles never overlap"
        seen |= mask
    assert from_json(to_json(state)) == state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    automa=st.booleans(),
    seed=st.integers(0, 10**6),
    moon_effects=st.lists(st.sampled_from(MOON_EFFECTS), unique=True),
)
def test_random_playouts(
    data: st.DataObject, automa: bool, seed: int, moon_effects: list[str]
) -> None:
    """Every legal move keeps the invariants, and replay rebuilds the same state, with every
    Power available and any Moon tiles in force."""
    setup = _setup(automa, moon_effects)
    state = new_game(setup, seed=seed)
    dealt = _all_cards(state)
    moves: list[dict[str, Any]] = []
    for _ in range(40):
        options = legal_moves(state)
        if not options:
            break
        move = options[data.draw(st.integers(0, len(options) - 1))]
        state = apply(state, move)
        moves.append(move)
        _check(state, dealt)
        assert state.kakapo != AUTOMA
    assert replay(setup, moves, seed=seed) == (state, None)


WHIRLPOOLS = [[r, c] for r in range(3) for c in range(4)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    automa=st.booleans(),
    hand_size=st.integers(1, 3),
    rounds=st.integers(1, 4),
    moon_effects=st.lists(st.sampled_from(MOON_EFFECTS), unique=True),
)
def test_small_hands_never_stall(
    data: st.DataObject, automa: bool, hand_size: int, rounds: int, moon_effects: list[str]
) -> None:
    """Seed 003, 'Whirlpool tokens' (every player discards "one card from their hand") with
    small explicit hands and a board full of Whirlpools: whatever is played, the engine never
    reaches a state with no legal move while the outcome is still in progress (our reading of
    an empty hand, ``tokens.discards_owed``)."""
    setup = two_player() if automa else scenario()
    players = setup["players"]
    pool = data.draw(st.permutations(sorted(setup["cards"])))
    setup["hands"] = {
        p: list(pool[i * hand_size : (i + 1) * hand_size]) for i, p in enumerate(players)
    }
    if automa:
        rest = pool[len(players) * hand_size :]
        setup["automa"] = {"deck": list(rest[4:10]), "river": list(rest[:4]), "kakapo": "Ana"}
    setup["rounds"] = rounds
    setup["powers"] = list(POWERS)
    setup["moon_effects"] = moon_effects
    setup["board"]["tokens"] = [{"kind": "whirlpool", "cell": cell} for cell in WHIRLPOOLS]
    state = new_game(setup)
    for _ in range(200):
        options = legal_moves(state)
        if not options:
            break
        state = apply(state, options[data.draw(st.integers(0, len(options) - 1))])
    assert outcome(state).result != "in-progress", "no legal move yet the mission goes on"


PACK_CARDS = default_pack().scenario_cards()
MISSIONS = [mission.number for mission in default_pack().missions]
CELLS = st.tuples(st.integers(0, 11), st.integers(0, 11))
TOKENS = st.lists(
    st.one_of(
        st.builds(lambda cell: {"kind": "whirlpool", "cell": list(cell)}, CELLS),
        st.builds(
            lambda cell, colour: {"kind": "mist", "cell": list(cell), "colour": colour},
            CELLS,
            st.sampled_from(["blue", "red", "green"]),
        ),
    ),
    max_size=6,
    unique_by=lambda token: tuple(token["cell"]),
)


@st.composite
def pack_setups(draw: st.DrawFn) -> dict[str, Any]:
    """A mission of the sample pack as the table plays it: 2 players and the Automa, or 3 to 5
    players; Day or Night side; hands dealt (sometimes short) or unknown; any tokens off the
    Mission tiles, any Powers and Moon tiles."""
    players = ["Ana", "Ben", "Cy", "Di", "Ed"][: draw(st.integers(2, 5))]
    setup = pack_mission(draw(st.sampled_from(MISSIONS)), night=draw(st.booleans()))
    setup.update(cards=PACK_CARDS, players=players, first_player=players[0])
    mission_cells = {
        tuple(cell) for tile in setup["board"]["mission_tiles"] for cell in tile["cells"]
    }
    tokens = [t for t in draw(TOKENS) if tuple(t["cell"]) not in mission_cells]
    setup["board"] = {**setup["board"], "tokens": [*setup["board"]["tokens"], *tokens]}
    setup["powers"] = draw(st.lists(st.sampled_from(POWERS), unique=True))
    setup["moon_effects"] = draw(st.lists(st.sampled_from(MOON_EFFECTS), unique=True))
    if len(players) == 2:
        setup["automa"] = {"deck_size": 6, "river": sorted(PACK_CARDS)[:4], "kakapo": "Ana"}
    if draw(st.booleans()):
        automa = 10 if len(players) == 2 else 0
        setup.update(deal=True, hand_size=draw(st.integers(1, (40 - automa) // len(players))))
        if len(players) == 2:
            setup["automa"] = {"deck": [], "river": [], "kakapo": "Ana"}
    return setup


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup=pack_setups(), seed=st.integers(0, 10**6))
def test_no_reachable_state_is_stuck(data: st.DataObject, setup: dict[str, Any], seed: int) -> None:
    """Seed 003, 'The Decision card' (the mission ends after its rounds), '2-player game: the
    Automa', 'Whirlpool tokens', 'Mist tokens' and 'Switching to Night mode': from any setup a
    table may start, every state a sequence of legal moves reaches either has an outcome or
    offers a legal move, and a state with an outcome offers none."""
    state = new_game(setup, seed=seed)
    for _ in range(400):  # a mission of 7 rounds ends in far fewer moves
        options = legal_moves(state)
        assert (outcome(state) is None) == bool(options), "stuck, or playing on after the end"
        if not options:
            return
        state = apply(state, options[data.draw(st.integers(0, len(options) - 1))])
    raise AssertionError("the mission never ends")
