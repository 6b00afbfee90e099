"""The engine setup of a campaign mission at the table (``mission_setup``), without Django.

Seed 003 ('2-player game: the Automa'): two players play with the Automa, its 4 face-up cards
and its face-down deck; 'The Moon Path': Moon tiles stack until the end; 'Rewards': Power tokens
serve in every mission, Power tiles placed before a mission for extra help.
"""

from dataclasses import replace

import pytest

from games.content import default_pack
from games.rules import spirits
from games.rules.spirits import campaign as progression
from games.rules.spirits import mission_setup as ms

PACK = default_pack()
START = progression.initial_state(PACK)
RIVER = ["blue-1", "blue-2", "red-1", "red-2"]


def setup(players=("Ana", "Ben", "Cy"), campaign=START, **kwargs):
    kwargs = {"mission": 1, "first_player": "Ana", "trump": "blue", **kwargs}
    return ms.table_setup(pack=PACK, campaign=campaign, players=list(players), **kwargs)


def test_three_players_sit_without_the_automa_and_start_a_game():
    built = setup(players=(" Ana ", "Ben", "", "Cy"))
    assert built["players"] == ["Ana", "Ben", "Cy"]
    assert "automa" not in built
    assert built["rounds"] == PACK.mission(1).rounds
    # names kept as the pack writes them (texts by language), each reader sees their own
    assert built["colours"]["blue"] == {"name": PACK.colour("blue").name.to_json(), "symbol": "≈"}
    assert not {"moon_effects", "moon_names", "powers", "power_names"} & set(built)
    assert spirits.new_game(built).seats == ("Ana", "Ben", "Cy")


def test_two_players_sit_with_the_automa_its_river_and_the_kakapo():
    built = setup(players=("Ana", "Ben"), automa_river=[*RIVER, ""])
    assert built["automa"] == {"deck_size": 6, "river": RIVER, "kakapo": "Ana"}
    assert spirits.new_game(built).seats == ("Ana", "Ben", spirits.AUTOMA)
    chosen = setup(players=("Ana", "Ben"), automa_river=RIVER, kakapo="Ben")
    assert chosen["automa"]["kakapo"] == "Ben"
    automa_first = setup(players=("Ana", "Ben"), automa_river=RIVER, first_player=spirits.AUTOMA)
    assert automa_first["automa"]["kakapo"] == "Ana"


@pytest.mark.parametrize(
    ("kwargs", "code", "reason"),
    [
        ({"players": ["Ana"]}, "players", "too-few-players"),
        ({"players": ["A", "B", "C", "D", "E", "F"]}, "players", "too-many-players"),
        ({"trump": "gold"}, "trump", "unknown-trump"),
        ({"players": ["Ana", "Ben"], "automa_river": RIVER[:3]}, "automa-river", "automa-river"),
        ({"players": ["Ana", "Ben"], "automa_river": [RIVER[0]] * 4}, "automa-river",
         "automa-river"),
        ({"automa_river": RIVER}, "automa-river", "automa-players"),
        ({"first_player": "Zed"}, "first-player", "first-player"),
    ],
)  # fmt: skip
def test_a_seating_the_table_cannot_start_is_refused_with_its_reason(kwargs, code, reason):
    with pytest.raises(ms.TableSetupError) as error:
        setup(**kwargs)
    assert (error.value.code, error.value.reason) == (code, reason)


def test_an_empty_river_with_three_players_is_no_river():
    assert "automa" not in setup(automa_river=["", ""])


def test_moon_tiles_power_tiles_and_tokens_change_the_mission():
    campaign = replace(
        START, moon_tiles=("dark-dawn", "pale-crescent"), power_tokens=("wind-charm",)
    )
    built = setup(campaign=campaign, loadout={"hearth": "seedling", "grove": "gust", "summit": ""})
    assert built["rounds"] == PACK.mission(1).rounds  # one round fewer, one extra round
    assert built["moon_effects"] == [spirits.NO_TRUMP_FIRST_ROUND]
    moon = [PACK.moon_tile(t) for t in ("dark-dawn", "pale-crescent")]
    assert built["moon_names"] == {tile.effect: tile.name.to_json() for tile in moon}
    assert built["power_names"] == {
        spirits.MOVE_SPIRIT_TILE: PACK.power_tile("gust").name.to_json(),
        spirits.IGNORE_MUST_FOLLOW: PACK.power_token("wind-charm").name.to_json(),
    }
    assert built["powers"] == [spirits.MOVE_SPIRIT_TILE, spirits.IGNORE_MUST_FOLLOW]
    shorter = setup(campaign=replace(START, moon_tiles=("dark-dawn",)))
    assert shorter["rounds"] == PACK.mission(1).rounds - 1  # mission_rounds, the one count
    assert setup(loadout={"hearth": "seedling"})["rounds"] == PACK.mission(1).rounds + 1


def test_the_holo_liana_relief_eases_mission_22():
    plain = setup(mission=22)
    eased = setup(mission=22, campaign=replace(START, holo_liana=True))
    relief = PACK.mission(22).holo_liana_relief
    assert "relief" not in plain["mission"]
    assert eased["mission"]["relief"] == relief.text.to_json()
    assert relief.tile not in [o["tile"] for o in eased["mission"]["objectives"]]
    assert relief.tile in [o["tile"] for o in plain["mission"]["objectives"]]
