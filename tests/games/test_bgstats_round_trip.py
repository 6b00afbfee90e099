"""A BG Stats export goes in and comes back out as it was (issue 28, part 1; the rules are in
docs/formats/bgstats.md, "Round trip"): every key of every object, known to Questlog or not,
uuids in their form, ids, dates; only what the group changed in Questlog differs."""

import datetime
import json
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from games import bgstats, playlog
from games.models import CatalogGame, Play
from tests.factories import GroupFactory

pytestmark = pytest.mark.django_db

LISBON = ZoneInfo("Europe/Lisbon")
FULL = Path(__file__).parent / "fixtures" / "bgstats_full_export.json"
CORRECTED = "C1000000-0000-4000-8000-000000000001"


def full_export() -> dict[str, Any]:
    return json.loads(FULL.read_text(encoding="utf-8"))


def imported(document: dict[str, Any] | None = None) -> Any:
    group = GroupFactory()
    export = bgstats.parse_export(json.dumps(document or full_export(), ensure_ascii=False))
    preview = playlog.preview_import(group=group, export=export)
    matching = playlog.suggested_matching(preview)
    playlog.import_export(group=group, export=export, matching=matching, tz=LISBON, by=None)
    return group


def keyed(document: dict[str, Any]) -> dict[str, Any]:
    """The document with each list of objects keyed by uuid (plays are in date order, objects
    by id: the comparison is key by key, not by position)."""
    out: dict[str, Any] = {}
    for key, value in document.items():
        if key in ("games", "players", "locations", "plays"):
            out[key] = {entry["uuid"]: entry for entry in value}
        else:
            out[key] = value
    return out


def differences(before: Any, after: Any, where: str = "") -> list[str]:
    """Every path where ``after`` differs from ``before``, key by key."""
    if isinstance(before, dict) and isinstance(after, dict):
        found = []
        for key in sorted(set(before) | set(after), key=str):
            place = f"{where}.{key}"
            if key not in after:
                found.append(f"{place} dropped")
            elif key not in before:
                found.append(f"{place} added")
            else:
                found += differences(before[key], after[key], place)
        return found
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [
            d
            for n, (b, a) in enumerate(zip(before, after, strict=True))
            for d in differences(b, a, f"{where}[{n}]")
        ]
    if before != after or type(before) is not type(after):
        return [f"{where}: {before!r} → {after!r}"]
    return []


def test_the_fixture_carries_every_field_the_issue_lists():
    """A fixture without them would prove nothing."""
    data = full_export()
    assert {"challenges", "deletedObjects", "groups", "tags", "userInfo"} <= set(data)
    assert all(data[key] for key in ("challenges", "deletedObjects", "groups", "tags"))
    game_keys = set().union(*(g.keys() for g in data["games"]))
    assert {"bggYear", "copies", "designers", "minPlayTime", "maxPlayTime", "minPlayerCount",
            "maxPlayerCount", "minAge", "preferredImage", "previouslyPlayedAmount", "rating",
            "metaData"} <= game_keys  # fmt: skip
    assert any(p["isAnonymous"] for p in data["players"])
    assert any(p.get("bggUsername") for p in data["players"])
    assert all("metaData" in p for p in data["players"])
    play = data["plays"][0]
    assert {"board", "bggId", "bggLastSync", "expansionPlays", "importPlayId", "nemestatsId",
            "playDateYmd", "playImages", "rating", "scoringSetting",
            "metaData"} <= set(play)  # fmt: skip
    assert play["manualWinner"] is True
    assert any(line["newPlayer"] for line in play["playerScores"])
    assert any(
        [line["seatOrder"] for line in p["playerScores"]] != list(range(len(p["playerScores"])))
        for p in data["plays"]
    )
    assert any(
        not isinstance(line["score"], str) for p in data["plays"] for line in p["playerScores"]
    )
    assert all(p["uuid"] == p["uuid"].upper() for p in data["plays"])
    assert data["userInfo"]["meRefId"] != 1


def test_import_then_export_gives_back_the_same_document_key_by_key():
    original = full_export()
    group = imported(original)
    exported = playlog.export_plays(group=group, tz=LISBON)
    assert differences(keyed(original), keyed(exported)) == []
    # Positions too: objects in the order of their ids, plays in the order they were played.
    for kind in ("games", "players", "locations", "plays"):
        assert [e["uuid"] for e in exported[kind]] == [e["uuid"] for e in original[kind]]
    # The file's "me" is still Zoë, whoever exports.
    me = next(p for p in exported["players"] if p["id"] == exported["userInfo"]["meRefId"])
    assert me["name"] == "Zoë"


def test_exported_again_and_imported_elsewhere_it_is_still_the_same_document():
    first = playlog.export_plays(group=imported(), tz=LISBON)
    second = playlog.export_plays(group=imported(first), tz=LISBON)
    assert differences(keyed(first), keyed(second)) == []


def test_a_second_import_of_the_same_file_changes_nothing_in_the_export():
    group = imported()
    before = playlog.export_plays(group=group, tz=LISBON)
    export = bgstats.parse_export(json.dumps(full_export()))
    assert playlog.import_export(group=group, export=export, matching={}, tz=LISBON, by=None) == (
        0,
        6,
    )
    assert differences(keyed(before), keyed(playlog.export_plays(group=group, tz=LISBON))) == []


def line_data(result: Any) -> playlog.LineData:
    return playlog.LineData(
        name=result.person.name,
        score=result.score,
        score_text=result.score_text,
        winner=result.winner,
        start_player=result.start_player,
        team=result.team,
        rank=result.rank,
        anonymous=result.person.anonymous,
    )


def test_a_corrected_score_and_an_added_play_are_exactly_what_changes():
    group = imported()
    before = keyed(playlog.export_plays(group=group, tz=LISBON))
    # Łukasz's blank score in the first play is corrected to 38.
    play = playlog.history(group.pk).get(uuid=CORRECTED)
    lines = [line_data(r) for r in play.results.all()]
    lines[2] = playlog.LineData(name=lines[2].name, score=Decimal(38))
    playlog.edit_play(
        play=play,
        data=playlog.PlayData(
            game=play.game,
            played_at=play.played_at,
            lines=lines,
            duration_minutes=play.duration_minutes,
            location=play.location,
            uses_teams=play.uses_teams,
            ignored=play.ignored,
            group_won=play.group_won,
            note=play.note,
        ),
        by=None,
    )
    # A play is added: José against someone new.
    harbour = CatalogGame.objects.get(group=group, name="Harbour Lights")
    added = playlog.log_play(
        group=group,
        data=playlog.PlayData(
            game=harbour,
            played_at=datetime.datetime(2024, 4, 6, 21, 0, tzinfo=LISBON),
            lines=[
                playlog.LineData(name="José", score=Decimal(50), winner=True),
                playlog.LineData(name="Tía Inés", score=Decimal(41)),
            ],
            location="Home",
        ),
        by=None,
    )
    after = keyed(playlog.export_plays(group=group, tz=LISBON))
    stamp = after["plays"][CORRECTED]["modificationDate"]
    new_uuid = str(added.uuid).upper()
    new_player = next(p for p in after["players"].values() if p["name"] == "Tía Inés")
    assert sorted(differences(before, after)) == sorted(
        [
            f".players.{new_player['uuid']} added",
            f".plays.{CORRECTED}.modificationDate: '2024-03-02 22:00:00' → {stamp!r}",
            f".plays.{CORRECTED}.playerScores[2].score: '' → '38'",
            f".plays.{new_uuid} added",
        ]
    )
    assert stamp == playlog.bgstats.stamp(
        Play.objects.get(uuid=CORRECTED).updated_at.astimezone(LISBON)
    )
    # The new objects are written as BG Stats writes them, and their references resolve.
    new_play = after["plays"][new_uuid]
    ids = {p["name"]: p["id"] for p in after["players"].values()}
    assert new_player["id"] == max(p["id"] for p in before["players"].values()) + 1
    assert new_player["uuid"] == new_player["uuid"].upper()
    assert new_player["isAnonymous"] is False
    assert new_play["gameRefId"] == 1
    assert new_play["locationRefId"] == 2  # the file's "Home"
    assert new_play["playDate"] == "2024-04-06 21:00:00"
    assert [(s["playerRefId"], s["score"], s["seatOrder"]) for s in new_play["playerScores"]] == [
        (ids["José"], "50", 0),
        (ids["Tía Inés"], "41", 1),
    ]
    for key in ("entryDate", "modificationDate"):
        datetime.datetime.strptime(new_play[key], bgstats.DATE_FORMAT)


def test_a_renamed_game_changes_its_name_and_date_only():
    group = imported()
    before = keyed(playlog.export_plays(group=group, tz=LISBON))
    CatalogGame.objects.filter(group=group, name="Mistwood").update(name="Mistwood (2nd ed.)")
    after = keyed(playlog.export_plays(group=group, tz=LISBON))
    uuid = "0B7D1C52-6F0E-4D47-9A43-5A4B2A0F6C02"
    found = differences(before, after)
    assert found[1] == f".games.{uuid}.name: 'Mistwood' → 'Mistwood (2nd ed.)'"
    assert found[0].startswith(f".games.{uuid}.modificationDate: '2024-03-01 10:00:00' → ")
    assert len(found) == 2


def test_a_second_file_with_the_same_ids_gets_the_next_ones_and_references_follow():
    group = imported()
    other = {
        "games": [{"id": 1, "uuid": "9A000000-0000-4000-8000-000000000001", "name": "Nightfall"}],
        "players": [
            {"id": 1, "uuid": "9B000000-0000-4000-8000-000000000001", "name": "Nadia"},
            {"id": 2, "uuid": "9B000000-0000-4000-8000-000000000002", "name": "Zoë"},
        ],
        "locations": [{"id": 1, "uuid": "9C000000-0000-4000-8000-000000000001", "name": "Attic"}],
        "plays": [
            {
                "uuid": "9D000000-0000-4000-8000-000000000001",
                "gameRefId": 1,
                "locationRefId": 1,
                "playDate": "2024-05-01 20:00:00",
                "playerScores": [
                    {"playerRefId": 1, "score": "3"},
                    {"playerRefId": 2, "score": "5"},
                ],
            }
        ],
        "tags": [
            {"id": 1, "name": "weekend", "uuid": "F1000000-0000-4000-8000-000000000001"},
            {"id": 2, "name": "travel"},
        ],
    }
    export = bgstats.parse_export(json.dumps(other, ensure_ascii=False))
    matching = playlog.suggested_matching(playlog.preview_import(group=group, export=export))
    playlog.import_export(group=group, export=export, matching=matching, tz=LISBON, by=None)
    document = playlog.export_plays(group=group, tz=LISBON)
    ids = {
        kind: {e["uuid"]: e["id"] for e in document[kind]}
        for kind in ("games", "players", "locations")
    }
    for kind, found in ids.items():
        assert len(set(found.values())) == len(found), kind
    # The first file's objects keep their ids; the second file's take the next free ones.
    assert ids["games"]["0B7D1C52-6F0E-4D47-9A43-5A4B2A0F6C01"] == 1
    assert ids["games"]["9A000000-0000-4000-8000-000000000001"] == 9
    assert ids["players"]["9B000000-0000-4000-8000-000000000001"] == 12
    assert ids["locations"]["9C000000-0000-4000-8000-000000000001"] == 6
    play = next(p for p in document["plays"] if p["uuid"].startswith("9D"))
    zoe = ids["players"]["A1000000-0000-4000-8000-000000000002"]  # matched by name: one person
    assert (play["gameRefId"], play["locationRefId"]) == (9, 6)
    assert [s["playerRefId"] for s in play["playerScores"]] == [12, zoe]
    # Top-level lists gain what they did not have; the first file's "me" is still Zoë.
    assert [t["name"] for t in document["tags"]] == ["weekend", "travel"]
    assert document["userInfo"]["meRefId"] == zoe
