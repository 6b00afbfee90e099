"""Reading a BG Stats export (``games.bgstats.parse_export``): no database, exact values, and a
clear message naming the place of any problem."""

import datetime
from decimal import Decimal

import pytest

from games import bgstats
from tests.games.playlog_helpers import export_data, export_text


def test_the_realistic_export_is_read_exactly():
    export = bgstats.parse_export(export_text())
    assert [g.name for g in export.games.values()] == [
        "Harbour Lights", "Mistwood", "Kärtchen Mühle", "Tug of Teams",
    ]  # fmt: skip
    assert export.games[1].bgg_id == 41001
    assert export.games[2].bgg_id is None  # 0 is no id
    assert export.games[3].highest_wins is False
    assert export.players[4].name == "Anonymous player"
    assert export.locations == {1: "Café Ñandú", 2: "Home"}
    tie, expression, coop_win, coop_loss, ignored, teams = export.plays
    assert tie.played_at == datetime.datetime(2024, 3, 2, 20, 15)
    assert tie.duration_minutes == 75
    assert tie.location_ref == 1
    assert [(s.player_ref, s.score, s.winner, s.start_player) for s in tie.scores] == [
        (1, Decimal(45), True, False),
        (2, Decimal(45), True, True),
        (3, None, False, False),
    ]
    assert tie.note == "Tie at the top — both share the harbour."
    assert expression.location_ref is None
    assert expression.duration_minutes is None  # 0 is unknown
    assert [s.player_ref for s in expression.scores] == [1, 4, 4]
    assert [s.score for s in expression.scores] == [Decimal(19), Decimal(12), Decimal("8.5")]
    assert expression.scores[0].score_text == "-10+7+22"
    assert expression.scores[1].score_text == ""  # a plain number needs no text of its own
    assert [s.rank for s in expression.scores] == [1, 2, 3]
    assert coop_win.group_won(export.games[2]) is True
    assert coop_loss.group_won(export.games[2]) is False
    assert tie.group_won(export.games[1]) is None
    assert ignored.ignored
    assert [s.team for s in teams.scores] == ["Rot", "Rot", "Blau", "Blau"]


def test_team_names_count_only_when_the_play_uses_teams():
    data = export_data()
    data["plays"][0]["playerScores"][0]["team"] = "Rot"
    export = bgstats.parse_export(export_text(data))
    assert export.plays[0].scores[0].team == ""


def test_a_missing_locations_list_is_no_locations():
    data = export_data()
    del data["locations"]
    for play in data["plays"]:
        play.pop("locationRefId", None)
    assert bgstats.parse_export(export_text(data)).locations == {}


def problem(document: str) -> bgstats.BGStatsError:
    with pytest.raises(bgstats.BGStatsError) as caught:
        bgstats.parse_export(document)
    return caught.value


def test_not_json():
    """The JSON is read by the guard every upload passes (``web.uploads``), with its words."""
    error = problem("games,players,plays")
    assert error.code == "json"
    assert str(error) == "This file is not valid JSON: Expecting value: line 1 column 1 (char 0)"


def test_a_truncated_file():
    document = export_text()
    error = problem(document[: len(document) // 2])
    assert error.code == "json"
    assert str(error).startswith("This file is not valid JSON: ")


def test_deeply_nested_json():
    error = problem("[" * 200_000 + "]" * 200_000)
    assert error.code == "depth"
    assert str(error) == "This file nests lists and objects more than 40 levels deep."


def test_a_name_the_database_cannot_store():
    data = export_data()
    data["players"][1]["name"] = "Ana\x00"
    error = problem(export_text(data))
    assert error.code == "text"
    assert str(error).startswith("This file holds a text that cannot be stored: players[1].name ")


def test_json_that_is_not_an_export():
    error = problem('{"adventures": []}')
    assert str(error) == (
        "This file is not a BG Stats export: it has no “games”, “players” and “plays” lists."
    )


def test_an_unknown_game_id():
    data = export_data()
    data["plays"][3]["gameRefId"] = 99
    error = problem(export_text(data))
    assert error.code == "unknown-ref"
    assert str(error) == "plays[3].gameRefId: the file has no game with id 99."


def test_an_unknown_player_id():
    data = export_data()
    data["plays"][1]["playerScores"][2]["playerRefId"] = 5
    assert str(problem(export_text(data))) == (
        "plays[1].playerScores[2].playerRefId: the file has no player with id 5."
    )


def test_a_score_that_is_neither_a_number_nor_an_expression():
    data = export_data()
    data["plays"][0]["playerScores"][1]["score"] = "lots"
    error = problem(export_text(data))
    assert error.code == "score"
    assert str(error) == (
        "plays[0].playerScores[1].score: “lots” is neither a number nor an arithmetic expression."
    )


def test_a_date_in_another_shape():
    data = export_data()
    data["plays"][2]["playDate"] = "10/03/2024 19:00"
    assert str(problem(export_text(data))) == (
        "plays[2].playDate: “10/03/2024 19:00” is not a date written YYYY-MM-DD HH:mm:ss."
    )


def test_a_flag_that_is_not_a_boolean():
    data = export_data()
    data["plays"][0]["ignored"] = "no"
    assert str(problem(export_text(data))) == "plays[0].ignored: expected true or false."


def test_an_id_used_twice():
    data = export_data()
    data["players"][1]["id"] = 1
    assert str(problem(export_text(data))) == "players[1]: id 1 is used twice."


def test_a_play_without_players():
    data = export_data()
    data["plays"][0]["playerScores"] = []
    assert str(problem(export_text(data))) == "plays[0]: a play needs at least one player."


def test_too_many_plays(monkeypatch):
    monkeypatch.setattr(bgstats, "MAX_PLAYS", 3)
    assert str(problem(export_text())) == (
        "The file has 6 plays; at most 3 can be imported at once."
    )
