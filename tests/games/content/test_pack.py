"""The sample pack loads, and the ``Pack`` API answers in the shapes the rules engine reads."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

from games.content import (
    FORMAT,
    Pack,
    PackError,
    default_pack,
    load_pack,
    pack_from_json,
)
from games.content.pack import SAMPLE_PATH


def test_sample_pack_loads_and_is_labelled_as_sample() -> None:
    pack = default_pack()
    assert isinstance(pack, Pack)
    assert pack.info.sample is True
    assert str(pack.info.notice) == (
        "Sample content written for Questlog: original names and numbers, "
        "not the publisher's components."
    )


def test_default_pack_is_cached() -> None:
    assert default_pack() is default_pack()


def test_load_pack_reads_a_folder_into_an_equal_pack() -> None:
    assert load_pack(SAMPLE_PATH) == default_pack()


def test_sample_has_five_colours_with_distinct_symbols() -> None:
    colours = default_pack().colours
    assert [c.id for c in colours] == ["blue", "purple", "red", "green", "orange"]
    assert len({c.symbol for c in colours}) == 5


def test_forty_base_cards_five_colours_values_one_to_eight() -> None:
    cards = default_pack().scenario_cards()
    expected = {
        f"{c}-{v}" for c in ("blue", "purple", "red", "green", "orange") for v in range(1, 9)
    }
    assert set(cards) == expected
    assert cards["blue-5"]["colour"] == "blue"
    assert cards["blue-5"]["value"] == 5


def test_higher_values_never_have_smaller_spirit_tiles() -> None:
    pack = default_pack()
    by_value: dict[int, list[int]] = {}
    for card in pack.cards:
        by_value.setdefault(card.value, []).append(len(card.tile))
    values = sorted(by_value)
    for low, high in itertools.pairwise(values):
        assert max(by_value[low]) <= min(by_value[high])


def test_scenario_cards_shape_and_explicit_backs() -> None:
    cards = default_pack().scenario_cards()
    assert cards["blue-1"] == {"colour": "blue", "value": 1, "tile": [[0, 0]]}
    assert "back" in cards["green-7"]
    assert "back" not in cards["green-6"]


def test_sealed_cards_join_once_their_envelope_is_opened() -> None:
    pack = default_pack()
    assert pack.enveloped_cards() == {"purple-9", "green-9"}
    assert "purple-9" not in pack.scenario_cards()
    opened = pack.scenario_cards(opened=["grey"])
    assert {"purple-9", "green-9"} <= set(opened)
    assert len(opened) == 42


def test_lookups_by_id() -> None:
    pack = default_pack()
    assert pack.mission(7).number == 7
    assert pack.envelope("A").colour == "white"
    assert pack.card("red-4").value == 4
    assert pack.colour("green").symbol == "♣"
    assert str(pack.mission_tile("fox-den").name) == "Fox Den"
    assert pack.power_space("hearth").unlocked_at_start is True
    assert pack.power_token("tide-charm").effect == "swap-cards"
    assert pack.power_tile("gust").effect == "move-spirit-tile"
    assert pack.moon_tile("dark-dawn").phase == "new"


@pytest.mark.parametrize(
    ("lookup", "message"),
    [
        (lambda p: p.mission(23), "'unknown mission 23'"),
        (lambda p: p.envelope("Q"), "\"unknown envelope 'Q'\""),
    ],
)
def test_unknown_lookups_raise_key_error(lookup, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(KeyError) as caught:
        lookup(default_pack())
    assert str(caught.value) == message


def test_to_json_round_trip_gives_an_equal_pack() -> None:
    pack = default_pack()
    document = pack.to_json()
    assert document["format"] == FORMAT
    assert list(document) == [
        "format",
        "pack",
        "colours",
        "cards",
        "mission_tiles",
        "missions",
        "power",
        "moon",
        "envelopes",
    ]
    rebuilt = pack_from_json(json.loads(json.dumps(document)))
    assert rebuilt == pack
    assert rebuilt.to_json() == document


def test_to_json_matches_the_sample_files() -> None:
    document = default_pack().to_json()
    for section in ("colours", "cards", "mission_tiles", "missions", "power", "moon", "envelopes"):
        on_disk = json.loads((SAMPLE_PATH / f"{section}.json").read_text(encoding="utf-8"))
        assert document[section] == on_disk, section


def test_pack_from_json_names_sections_instead_of_files() -> None:
    document = default_pack().to_json()
    document["missions"][3]["rewards"][0]["envelope"] = "Q"  # type: ignore[index]
    with pytest.raises(PackError) as caught:
        pack_from_json(document)
    assert str(caught.value) == "missions: mission 4: rewards[0].envelope: unknown envelope 'Q'"


def test_pack_from_json_requires_every_section() -> None:
    document = default_pack().to_json()
    del document["moon"]
    with pytest.raises(PackError) as caught:
        pack_from_json(document)
    assert str(caught.value) == "moon: missing"


def test_pack_from_json_checks_the_format() -> None:
    document = default_pack().to_json()
    document["format"] = "questlog-pack/0"
    with pytest.raises(PackError) as caught:
        pack_from_json(document)
    assert str(caught.value) == "format: expected 'questlog-pack/1', got 'questlog-pack/0'"


def test_content_imports_no_django() -> None:
    code = "import sys, games.content; games.content.default_pack(); print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
