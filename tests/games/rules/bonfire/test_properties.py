"""Random legal playouts from random setups: every reachable state has an outcome or a legal move,
every listed move is accepted, and replay, the JSON round-trip and each seat's view agree with the
state (seed 000, B1-B6)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.bonfire import (
    State,
    apply,
    from_json,
    legal_moves,
    new_game,
    outcome,
    replay,
    to_json,
    view_for,
)

from .factories import content

COLOURS = ("blue", "green", "red", "yellow")
RESOURCES = ("fish", "stone", "wood")
TASKS = ("t1", "t2", "t3", "t4")


def counts(names: tuple[str, ...], most: int) -> st.SearchStrategy[dict[str, int]]:
    return st.fixed_dictionaries({name: st.integers(0, most) for name in names})


@st.composite
def players(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """A player with small supplies, maybe no Destiny or Offering tile, maybe a full Task board."""
    full_board = draw(st.booleans())
    slot = st.builds(
        lambda task, lit: {"task": task, "lit": lit}, st.sampled_from(TASKS), st.booleans()
    )
    return {
        "name": name,
        "tiles": draw(counts(COLOURS, 3)),
        "tokens": draw(st.integers(0, 4)),
        "markers": draw(st.integers(0, 3)),
        "resources": draw(counts(RESOURCES, 3)),
        "offerings": draw(st.lists(st.sampled_from(("o1", "o2", "o3")), max_size=3, unique=True)),
        "destiny_supply": draw(st.lists(st.sampled_from(("d1", "d2", "d3")), max_size=3)),
        "tasks": draw(st.lists(slot, min_size=3, max_size=3)) if full_board else [None, None, None],
        "neutral_novices": draw(st.integers(0, 2)),
        "ship": draw(st.sampled_from((None, "a", "a", "c"))),
    }


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """One to four players; islands maybe without Tasks, the Path token display maybe empty."""
    data = content()
    if draw(st.booleans()):
        for island in data["islands"]:
            island["tasks"] = []
    data["path_tokens"] = data["path_tokens"][: draw(st.integers(0, 8))]
    count = draw(st.integers(1, 4))
    return {
        "format": "bonfire-scenario/1",
        "content": data,
        "players": [draw(players(f"P{i}")) for i in range(count)],
    }


def check(state: State) -> None:
    """What holds in every state: supplies never below zero, one Guardian per space, a Task space
    per Bonfire; the JSON round-trip and every seat's view."""
    for player in state.players:
        assert min(player.tokens, player.markers, player.neutral_novices) >= 0
        assert len(set(player.guardians)) == len(player.guardians)
        assert len(player.tasks) == len(state.content.bonfires)
        view = view_for(state, player.name)
        assert len(view["board"]["path_display"]) <= 6
    assert from_json(to_json(state)) == state


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(setup=setups(), data=st.data())
def test_every_reachable_state_has_an_outcome_or_a_legal_move(setup, data) -> None:
    state = new_game(setup)
    moves: list[dict[str, Any]] = []
    for _ in range(30):
        check(state)
        options = legal_moves(state)
        assert outcome(state) is not None or options, "a state with no way forward"
        others = [m for m in options if m["kind"] != "end_turn"]
        ending = not others or data.draw(st.integers(0, 4)) == 0  # a turn of several moves
        move = options[0] if ending else data.draw(st.sampled_from(others))
        state = apply(state, move)
        moves.append(move)
    replayed, error = replay(setup, moves)
    assert (replayed, error) == (state, None)
