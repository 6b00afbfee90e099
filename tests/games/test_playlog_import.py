"""Importing a BG Stats export into a group, and exporting it back (``games.playlog``)."""

import datetime
import json
import re
import urllib.parse
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import jsonschema
import pytest

from games import bgstats, playlog, playstats
from games.models import CatalogGame, Person, Play, PlayAudit, PlaySource
from groups.models import Role
from tests.factories import GroupFactory, MembershipFactory
from tests.games.playlog_helpers import export_data, export_text

pytestmark = pytest.mark.django_db

LISBON = ZoneInfo("Europe/Lisbon")
SCHEMA = json.loads(
    re.search(
        r"## JSON schema of the export.*?```json\n(.*?)```",
        (Path(__file__).parents[2] / "docs" / "formats" / "bgstats.md").read_text(),
        re.DOTALL,
    ).group(1)
)


def import_file(group, document=None, *, matching=None, tz=LISBON, by=None):
    export = bgstats.parse_export(document if document is not None else export_text())
    return playlog.import_export(group=group, export=export, matching=matching or {}, tz=tz, by=by)


def plays_of(group):
    """Every play of the group as plain values, in date order (what "the same plays" means)."""
    return [
        {
            "uuid": str(p.uuid),
            "game": (p.game.name, p.game.bgg_id, p.game.cooperative, p.game.highest_wins,
                     p.game.no_points),
            "at": p.played_at,
            "duration": p.duration_minutes,
            "location": p.location,
            "ignored": p.ignored,
            "teams": p.uses_teams,
            "won": p.group_won,
            "note": p.note,
            "lines": [
                (r.person.name, r.score, r.score_text, r.winner, r.start_player, r.rank, r.team)
                for r in p.results.all()
            ],
        }
        for p in playlog.history(group.pk).order_by("played_at", "pk")
    ]  # fmt: skip


def test_every_play_is_kept_with_its_exact_players_scores_and_winners():
    group = GroupFactory()
    added, skipped = import_file(group)
    assert (added, skipped) == (6, 0)
    plays = {p["uuid"][-1]: p for p in plays_of(group)}
    tie = plays["1"]
    assert tie["at"] == datetime.datetime(2024, 3, 2, 20, 15, tzinfo=datetime.UTC)  # WET = UTC
    assert tie["location"] == "Café Ñandú"
    assert tie["lines"] == [
        ("José", Decimal(45), "", True, False, None, ""),
        ("Zoë", Decimal(45), "", True, True, None, ""),
        ("Łukasz", None, "", False, False, None, ""),
    ]
    assert tie["won"] is None
    expression = plays["2"]
    assert expression["location"] == ""
    assert expression["duration"] is None
    assert expression["lines"] == [
        ("José", Decimal(19), "-10+7+22", True, True, 1, ""),
        ("Anonymous player", Decimal(12), "", False, False, 2, ""),
        ("Anonymous player", Decimal("8.5"), "", False, False, 3, ""),
    ]
    assert plays["3"]["won"] is True
    assert plays["4"]["won"] is False
    assert plays["5"]["ignored"] is True
    assert plays["5"]["game"] == ("Kärtchen Mühle", 41003, False, False, False)
    # 02:30 on 2024-03-31 in Lisbon is before the clocks go forward: still WET, UTC+0.
    teams = plays["6"]
    assert teams["at"] == datetime.datetime(2024, 3, 30, 2, 30, tzinfo=datetime.UTC)
    assert [line[6] for line in teams["lines"]] == ["Rot", "Rot", "Blau", "Blau"]
    # The anonymous player holds its lines but is not one of the group's people.
    assert Person.objects.filter(group=group).count() == 4
    assert Person.rows.get(group=group, anonymous=True).name == "Anonymous player"
    assert Play.objects.filter(group=group, source=PlaySource.BGSTATS).count() == 6


def test_play_dates_are_read_in_the_importing_users_time_zone():
    group = GroupFactory()
    import_file(group, tz=ZoneInfo("America/Sao_Paulo"))
    first = Play.objects.get(group=group, uuid="c1000000-0000-4000-8000-000000000001")
    assert first.played_at == datetime.datetime(2024, 3, 2, 23, 15, tzinfo=datetime.UTC)


def test_the_same_file_twice_adds_nothing():
    group = GroupFactory()
    import_file(group)
    before = plays_of(group)
    assert import_file(group) == (0, 6)
    assert plays_of(group) == before
    assert PlayAudit.objects.filter(group=group, action="import").count() == 1


def test_the_same_file_in_two_groups_is_two_histories():
    first, second = GroupFactory(), GroupFactory()
    import_file(first)
    assert import_file(second) == (6, 0)
    assert Play.objects.filter(group=second).count() == 6


def test_players_are_matched_as_the_member_chose():
    member = MembershipFactory(role=Role.PLAYER, user__username="jose")
    group = member.group
    known = Person.objects.create(group=group, name="Zoe")
    preview = playlog.preview_import(group=group, export=bgstats.parse_export(export_text()))
    assert {p.name: p.suggested for p in preview.players}["Zoë"] == "new"
    import_file(group, matching={"1": f"member:{member.user_id}", "2": f"person:{known.pk}"})
    jose = Person.objects.get(group=group, user=member.user)
    assert jose.name == "jose"
    assert jose.results.count() == 4
    assert known.results.count() == 4
    assert not Person.objects.filter(group=group, name__in=["José", "Zoë"]).exists()


def test_the_preview_counts_plays_games_players_and_suggests_matches():
    member = MembershipFactory(role=Role.PLAYER, user__username="Müller")
    group = member.group
    export = bgstats.parse_export(export_text())
    preview = playlog.preview_import(group=group, export=export)
    assert (preview.plays, preview.new, preview.already, preview.ignored) == (6, 6, 0, 1)
    assert [(g.name, g.plays) for g in preview.games] == [
        ("Harbour Lights", 2), ("Mistwood", 2), ("Kärtchen Mühle", 1), ("Tug of Teams", 1),
    ]  # fmt: skip
    suggested = {p.name: (p.lines, p.suggested) for p in preview.players}
    assert suggested["Müller"] == (2, f"member:{member.user_id}")
    assert suggested["Anonymous player"] == (2, "anonymous")  # nobody to match it with
    import_file(group)
    again = playlog.preview_import(group=group, export=export)
    assert (again.new, again.already) == (0, 6)
    assert {p.name: p.suggested for p in again.players}["José"].startswith("person:")


def test_an_import_that_fails_half_way_saves_nothing(monkeypatch):
    group = GroupFactory()
    data = export_data()
    data["plays"] = [
        {**data["plays"][0], "uuid": f"d1000000-0000-4000-8000-{n:012d}"} for n in range(2500)
    ]
    calls = []

    def fail_on_second_batch(done):
        calls.append(done)
        if len(calls) == 2:
            raise RuntimeError("worker lost")

    with pytest.raises(RuntimeError):
        playlog.import_export(
            group=group, export=bgstats.parse_export(export_text(data)), matching={}, tz=LISBON,
            by=None, progress=fail_on_second_batch,
        )  # fmt: skip
    assert calls == [1000, 2000]
    assert not Play.objects.filter(group=group).exists()
    assert not Person.objects.filter(group=group).exists()
    assert not CatalogGame.objects.filter(group=group).exists()


def test_a_confirmed_import_runs_as_a_job_and_drops_the_file(django_capture_on_commit_callbacks):
    member = MembershipFactory(role=Role.PLAYER)
    play_import, _preview = playlog.start_import(
        group=member.group, file_name="plays.json", time_zone="Europe/Lisbon",
        document=export_text(),
        by=member.user,
    )  # fmt: skip
    assert play_import.state == "preview"
    assert not Play.objects.filter(group=member.group).exists()
    with django_capture_on_commit_callbacks(execute=True):
        playlog.confirm_import(play_import=play_import, matching=play_import.matching)
    play_import.refresh_from_db()
    assert (play_import.state, play_import.added, play_import.skipped) == ("done", 6, 0)
    assert play_import.document == ""
    with pytest.raises(playlog.PlayLogError) as caught:
        playlog.confirm_import(play_import=play_import, matching={})
    assert str(caught.value) == str(playlog.IMPORT_GONE)


def test_export_validates_against_the_documented_schema_and_references_resolve():
    group = GroupFactory()
    import_file(group)
    document = playlog.export_plays(group=group, tz=LISBON)
    jsonschema.validate(document, SCHEMA, format_checker=jsonschema.FormatChecker())
    for kind in ("games", "players", "locations"):
        ids = [entry["id"] for entry in document[kind]]
        assert len(ids) == len(set(ids))
    games = {g["id"] for g in document["games"]}
    players = {p["id"] for p in document["players"]}
    locations = {loc["id"] for loc in document["locations"]}
    for play in document["plays"]:
        assert play["gameRefId"] in games
        assert play.get("locationRefId", min(locations)) in locations
        assert {s["playerRefId"] for s in play["playerScores"]} <= players
    assert {p["uuid"] for p in document["plays"]} == {p["uuid"] for p in export_data()["plays"]}


def test_export_then_reimport_into_an_empty_group_gives_the_same_plays():
    group, empty = GroupFactory(), GroupFactory()
    import_file(group)
    document = json.dumps(playlog.export_plays(group=group, tz=LISBON))
    assert import_file(empty, document) == (6, 0)
    assert plays_of(empty) == plays_of(group)


def test_a_logged_play_gets_a_new_uuid_in_the_export_and_survives_the_round_trip():
    member = MembershipFactory(role=Role.PLAYER)
    group = member.group
    playlog.ensure_catalog(group=group)
    bonfire = CatalogGame.objects.get(group=group, builtin="bonfire")
    playlog.log_play(
        group=group,
        data=playlog.PlayData(
            game=bonfire,
            played_at=datetime.datetime(2025, 1, 5, 18, 0, tzinfo=datetime.UTC),
            lines=[
                playlog.LineData(name=member.user.username, score=Decimal(31), winner=True),
                playlog.LineData(name="Tía Inés", score=None),
            ],
        ),
        by=member.user,
    )
    document = playlog.export_plays(group=group, tz=ZoneInfo("UTC"), me=member.user)
    jsonschema.validate(document, SCHEMA)
    assert document["userInfo"] == {"meRefId": 1}
    empty = GroupFactory()
    import_file(empty, json.dumps(document), tz=ZoneInfo("UTC"))
    assert plays_of(empty) == plays_of(group)


def test_a_single_play_as_a_bg_stats_create_play_link():
    group = GroupFactory()
    import_file(group)
    play = playlog.history(group.pk).get(uuid="c1000000-0000-4000-8000-000000000002")
    link = playlog.create_play_link(play, LISBON)
    anonymous = person_uuid(group, "Anonymous player")
    base, _, query = link.partition("?data=")
    assert base == "https://app.bgstatsapp.com/createPlay.html"
    assert json.loads(urllib.parse.unquote(query)) == {
        "sourceName": "Questlog",
        "sourcePlayId": "c1000000-0000-4000-8000-000000000002",
        "playDate": "2024-03-09 14:00:00",
        "durationMin": 0,
        "game": {"name": "Harbour Lights", "bggId": 41001, "highestWins": True, "noPoints": False},
        "players": [
            {"name": "José", "score": 19, "winner": True, "startPlayer": True, "rank": 1,
             "sourcePlayerId": person_uuid(group, "José")},
            {"name": "Anonymous player", "isAnonymous": True, "score": 12, "winner": False,
             "startPlayer": False, "rank": 2, "sourcePlayerId": anonymous},
            {"name": "Anonymous player", "isAnonymous": True, "score": 8.5, "winner": False,
             "startPlayer": False, "rank": 3, "sourcePlayerId": anonymous},
        ],
    }  # fmt: skip


def person_uuid(group, name):
    """The uuid a person of the group has in its exports (and as a ``sourcePlayerId``)."""
    person = Person.rows.get(group=group, name=name)
    return playlog.out_person(person, playlog.namespace_of(group.pk)).uuid


def test_with_a_broker_writes_only_mark_the_database_and_beat_sweeps_do_the_work(
    settings, django_capture_on_commit_callbacks
):
    """Confirming an import or changing plays never talks to Redis in the request."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    member = MembershipFactory(role=Role.PLAYER)
    play_import, _preview = playlog.start_import(
        group=member.group, file_name="plays.json", document=export_text(), time_zone="UTC",
        by=member.user,
    )  # fmt: skip
    with django_capture_on_commit_callbacks() as callbacks:
        playlog.confirm_import(play_import=play_import, matching={})
    assert callbacks == []
    assert playlog.run_pending_imports() == 1
    assert playlog.run_pending_imports() == 0
    assert Play.objects.filter(group=member.group).count() == 6
    assert playstats.recompute_stale() == 1
    assert playstats.recompute_stale() == 0
