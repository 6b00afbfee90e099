"""Reading the spirits-scenario/1 setup."""

from typing import Any

import pytest

from games.rules.spirits import SetupError, setup_from_dict, setup_to_dict

from .factories import scenario, two_player


def _broken(change: Any) -> dict[str, Any]:
    data = scenario()
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="other/1"),
        lambda d: d.update(cards={}),
        lambda d: d["cards"]["blue1"].update(tile=[]),
        lambda d: d["cards"]["blue1"].update(value="1"),
        lambda d: d["cards"].update(blue1=[]),
        lambda d: d.update(night="yes"),
        lambda d: d.update(board=[]),
        lambda d: d["board"]["mission_tiles"][0].update(cells=[[12, 0]]),
        lambda d: d["board"]["mission_tiles"][0].update(triangle=[0, 0]),
        lambda d: d["board"]["mission_tiles"].append([]),
        lambda d: d["board"]["mission_tiles"][0].update(
            coloured_edges=[{"cell": [5, 5], "side": "X", "colour": "red"}]
        ),
        lambda d: d.update(night=True),
        lambda d: d["board"]["tokens"].append({"kind": "mist", "cell": [0, 0]}),
        lambda d: d["board"]["tokens"].append({"kind": "fire", "cell": [0, 0]}),
        lambda d: d["board"]["tokens"].append({"kind": "whirlpool", "cell": [0, 12]}),
        lambda d: d.update(players=[]),
        lambda d: d.update(players=["Ana", "Ana"]),
        lambda d: d.update(players=["Automa", "Ana"]),
        lambda d: d.update(first_player="Zed"),
        lambda d: d.update(rounds=0),
        lambda d: d.update(trump=""),
        lambda d: d.update(hands={"Ana": []}),
        lambda d: d.update(hands={"Ana": ["nope"], "Ben": [], "Cy": []}),
        lambda d: d.update(hands={"Ana": "blue1", "Ben": [], "Cy": []}),
        lambda d: d.update(hands={"Ana": ["blue1"], "Ben": ["blue1"], "Cy": []}),
        lambda d: d.update(automa={"deck_size": 6, "river": [], "kakapo": "Ana"}),
        lambda d: d.update(players=["Ana", "Ben"], automa=[]),
        lambda d: d.update(players=["Ana", "Ben"], automa={"river": [], "kakapo": "Zed"}),
        lambda d: d.update(players=["Ana", "Ben"], automa={"river": [], "kakapo": "Ana"}),
        lambda d: d.update(hand_size=0),
        lambda d: d.update(powers=[1]),
    ],
)
def test_invalid_setups(change: Any) -> None:
    """Invalid setups are refused with a message naming the field."""
    with pytest.raises(SetupError) as error:
        setup_from_dict(_broken(change))
    assert error.value.code == "bad-setup"
    assert error.value.message


def test_not_a_mapping() -> None:
    """A scenario is a JSON object."""
    with pytest.raises(SetupError):
        setup_from_dict([])  # type: ignore[arg-type]


def test_setup_round_trip() -> None:
    """setup_to_dict writes what setup_from_dict reads."""
    data = two_player(powers=["move-spirit-tile"])
    data["board"]["rocks"] = [[1, 1]]
    data["board"]["tokens"] = [{"kind": "whirlpool", "cell": [0, 0]}]
    setup = setup_from_dict(data)
    assert setup_from_dict(setup_to_dict(setup)) == setup
    assert setup.seats == ("Ana", "Ben", "Automa")
