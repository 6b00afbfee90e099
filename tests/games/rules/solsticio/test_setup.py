"""Reading a scenario's setup, and dealing from a seed."""

from __future__ import annotations

from typing import Any

import pytest

from games.rules.solsticio import (
    Setup,
    SetupError,
    Stack,
    new_game,
    setup_from_dict,
    setup_to_dict,
)

from .factories import ANA, BRU, scenario, up


def _deal_free(**more: Any) -> dict[str, Any]:
    data = scenario(pile=[f"sun{i}" for i in range(1, 7)] + [f"moon{i}" for i in range(1, 7)])
    data.pop("deal")
    return {**data, **more}


def test_a_seed_shuffles_the_deal_and_the_same_seed_deals_the_same() -> None:
    """The deal is a seeded shuffle stored in the state: stacks of ``stack_depth`` tiles with
    only the top one face up, ``hand_size`` tiles each, the rest the Earth pile."""
    data = _deal_free(display_stacks=2, stack_depth=3, hand_size=2)
    first = new_game(data, seed=5)
    assert first == new_game(data, seed=5)
    assert first.setup.deal is not None
    assert [(len(s.tiles), s.down) for s in first.display] == [(3, 2), (3, 2)]
    assert [len(hand) for hand in first.hands] == [2, 2]
    assert len(first.pile) == 2
    assert sorted(first.supply) == sorted(first.setup.content.spirit_index)
    assert sorted(first.setup.deal.earth) == sorted(first.setup.content.earth_index)
    assert {new_game(data, seed=s).pile for s in range(6)} != {first.pile}


def test_a_deal_needs_enough_tiles() -> None:
    with pytest.raises(SetupError) as caught:
        new_game(_deal_free(display_stacks=6, stack_depth=2, hand_size=3))
    assert caught.value.message == "dealing needs 18 Earth tiles, the content has 12"


def test_a_given_setup_is_used_as_is() -> None:
    setup = setup_from_dict(scenario(ana=["sun1"], bru=["moon1"], display=[up("sun2")]))
    assert isinstance(setup, Setup)
    state = new_game(setup)
    assert state.display == (Stack(("sun2",)),)
    assert setup_from_dict(setup_to_dict(setup)) == setup


def test_the_scenario_may_replace_the_capture_rule() -> None:
    data = scenario(ana=["sun1"], bru=["moon1"], display=[up("moon2")])
    data["capture"] = {"rule": "pairs", "pairs": [["sun", "moon"]]}
    state = new_game(data)
    assert state.setup.content.capture.pairs == (("sun", "moon"),)


def test_content_may_come_from_outside_the_scenario() -> None:
    data = scenario(ana=["sun1"], bru=["moon1"])
    content = data.pop("content")
    assert setup_from_dict(data, content).content.earth_index.keys() == {"sun1", "moon1"}
    with pytest.raises(SetupError) as caught:
        setup_from_dict(data)
    assert caught.value.message == "content: missing (and no content pack given)"


def _broken(path: str, value: Any) -> dict[str, Any]:
    data = scenario(
        ana=["sun1"], bru=["moon1"], display=[up("sun2", down=["moon2"])], pile=["leaf1"]
    )
    target = data
    *parents, last = path.split(".")
    for key in parents:
        target = target[key]
    if value is None:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "spirits-scenario/1", 'format: expected "solsticio-scenario/1"'),
        ("players", [ANA], "players: expected two different names"),
        ("players", [ANA, ANA], "players: expected two different names"),
        ("first_player", "Cy", "first_player: not one of the players"),
        ("hand_size", 0, "hand_size: expected an integer >= 1"),
        ("deal.pile", ["star1"], "deal.pile: unknown tile 'star1'"),
        ("deal.pile", ["sun1"], "deal: an Earth tile is dealt twice"),
        (
            "deal.display",
            [{"down": ["leaf1"], "up": []}],
            "deal.display[0].up: a display place shows at least one face-up tile",
        ),
        ("deal.display", ["sun2"], "deal.display[0]: expected an object"),
        ("deal.hands", {ANA: []}, "deal.hands: expected one hand per player"),
        ("deal.hands", [], "deal.hands: expected an object"),
        ("deal.spirits", ["oak", "oak"], "deal.spirits: a Spirit is listed twice"),
        ("deal.spirits", ["ghost"], "deal.spirits: unknown tile 'ghost'"),
        ("deal", "all", "deal: expected an object"),
    ],
)
def test_setup_checks(path: str, value: Any, message: str) -> None:
    """A scenario that cannot start a game is refused with a message naming the field."""
    with pytest.raises(SetupError) as caught:
        setup_from_dict(_broken(path, value))
    assert caught.value.message == message


def test_defaults() -> None:
    data = _broken("first_player", None)
    for key in ("hand_size", "display_stacks", "stack_depth"):
        data.pop(key, None)
    setup = setup_from_dict(data)
    assert (setup.first_player, setup.hand_size, setup.display_stacks, setup.stack_depth) == (
        ANA,
        3,
        6,
        2,
    )
    no_down = _broken("deal.display", [{"up": ["sun2"]}])
    deal = setup_from_dict(no_down).deal
    assert deal is not None
    assert deal.display == (Stack(("sun2",)),)
    assert setup_from_dict(_broken("deal", None)).deal is None
    assert BRU in setup.players


def test_a_setup_without_a_deal_is_written_without_one() -> None:
    setup = setup_from_dict(_broken("deal", None))
    assert "deal" not in setup_to_dict(setup)
    assert setup_from_dict(setup_to_dict(setup)) == setup
