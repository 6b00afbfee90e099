"""Plays sent by other apps in BG Stats' import shape (docs/formats/bgstats.md, "Plays from other
apps"): the import page and ``manage.py bgstats import`` take one play or a list through the
export's preview, a play comes in once per app and id, a bad file is refused naming the play and
the field with nothing saved, and Questlog's own plays download in that shape and come back."""

import copy
import datetime
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.services import BROWSER_TIME_ZONE_COOKIE
from games import bgstats, forms, playlog
from games.models import CatalogGame, Person, Play, PlayerResult, PlayImport, PlaySource
from games.people import person_named
from tests.factories import GroupFactory
from tests.games.playlog_helpers import run_bgstats
from tests.support.pages import text

pytestmark = pytest.mark.django_db

PLAY = {
    "sourceName": "Tabletop Tracker",
    "sourcePlayId": "tt-4711",
    "playDate": "2025-03-14 21:30:00",
    "durationMin": 75,
    "game": {"name": "Harbour Lights", "bggId": 41001, "highestWins": True, "noPoints": False},
    "players": [
        {"name": "Ana", "score": 45, "rank": 1, "winner": True, "startPlayer": True,
         "role": "Harbour master", "sourcePlayerId": "p-1"},
        {"name": "Zoë", "score": "30+8", "rank": 2, "winner": False, "sourcePlayerId": "p-2"},
    ],
    "location": "Ana's kitchen",
    "comments": "Close one.",
    "board": "Advanced side",
}  # fmt: skip


def a_play(**changes):
    play = copy.deepcopy(PLAY)
    play.update(changes)
    return play


def raw(document):
    return json.dumps(document, ensure_ascii=False).encode()


@pytest.fixture
def member(group, player):
    client = Client()
    client.force_login(player)
    return client


def upload(client, group, document, time_zone="America/Sao_Paulo"):
    return client.post(
        reverse("games:import", args=[group.pk]),
        {"file": SimpleUploadedFile("plays.json", document, "application/json"),
         "time_zone": time_zone},
    )  # fmt: skip


def import_through_the_pages(client, group, document, captured):
    """Upload, read the preview, confirm its suggestions; the preview page's text."""
    response = upload(client, group, document)
    assert response.status_code == 302, text(response)
    preview = client.get(response["Location"])
    form = preview.context["form"]
    with captured(execute=True):
        client.post(response["Location"], {n: f.initial for n, f in form.fields.items()})
    return text(preview)


# --- Reading ---------------------------------------------------------------------------------


def test_one_play_reads_as_an_export_of_one_play():
    export = bgstats.parse_file(json.dumps(PLAY))
    (game,) = export.games.values()
    assert (game.name, game.bgg_id, game.highest_wins, game.no_points) == (
        "Harbour Lights", 41001, True, False,
    )  # fmt: skip
    assert [p.name for p in export.players.values()] == ["Ana", "Zoë"]
    (play,) = export.plays
    assert (play.source_name, play.source_play_id) == ("Tabletop Tracker", "tt-4711")
    assert play.played_at == datetime.datetime(2025, 3, 14, 21, 30)
    assert (play.duration_minutes, play.note) == (75, "Close one.")
    assert export.locations[play.location_ref] == "Ana's kitchen"
    assert play.raw == {"board": "Advanced side"}
    ana, zoe = play.scores
    assert (ana.score, ana.rank, ana.winner, ana.start_player) == (45, 1, True, True)
    assert ana.raw == {"role": "Harbour master"}
    assert (zoe.score, zoe.score_text) == (38, "30+8")


def test_a_list_names_each_game_and_player_once():
    second = a_play(sourcePlayId=4712, location="")
    second["game"] = {"name": "harbour lights", "bggId": 41001}
    second["players"] = [
        {"name": "Ana Maria", "score": 3, "sourcePlayerId": "p-1"},  # renamed in the app
        {"name": "Rui", "winner": True},
    ]
    export = bgstats.parse_file(json.dumps([PLAY, second]))
    assert len(export.games) == 1
    assert [p.name for p in export.players.values()] == ["Ana", "Zoë", "Rui"]
    assert [p.source_play_id for p in export.plays] == ["tt-4711", "4712"]
    assert export.plays[1].scores[0].player_ref == export.plays[0].scores[0].player_ref
    assert export.plays[1].location_ref is None


BAD_PLAYS = {
    "no source": ({"sourceName": ""}, "play.sourceName: expected the name of the app that sent "
                                      "the play."),
    "no play id": ({"sourcePlayId": None}, "play.sourcePlayId: expected an identifier."),
    "game not an object": ({"game": "Harbour Lights"}, "play.game: expected an object."),
    "game without a name": ({"game": {"bggId": 3}}, "play.game.name: expected a name."),
    "no players": ({"players": []}, "play: a play needs at least one player."),
    "a player without a name": ({"players": [{"score": 3}]}, "play.players[0].name: expected a "
                                                             "name."),
    "a bad score": ({"players": [{"name": "Ana", "score": "ten"}]},
                    "play.players[0].score: “ten” is neither a number nor an arithmetic "
                    "expression."),
    "a play id too long to keep whole": ({"sourcePlayId": "x" * 101},
                                         "play.sourcePlayId: at most 100 characters, as it "
                                         "names the play."),
    "an app name too long": ({"sourceName": "y" * 101},
                             "play.sourceName: at most 100 characters, as it names the play."),
    "a bad date": ({"playDate": "14/03/2025"},
                   "play.playDate: “14/03/2025” is not a date written YYYY-MM-DD HH:mm:ss."),
    "winner not a boolean": ({"players": [{"name": "Ana", "winner": "yes"}]},
                             "play.players[0].winner: expected true or false."),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD_PLAYS)
def test_a_bad_play_is_refused_naming_the_field(case):
    changes, message = BAD_PLAYS[case]
    with pytest.raises(bgstats.BGStatsError) as refused:
        bgstats.parse_file(json.dumps(a_play(**changes)))
    assert str(refused.value) == message


def test_in_a_list_the_play_is_named_by_its_place():
    bad = a_play(players=[{"name": "Ana"}, {"name": "Zoë", "score": "x"}])
    with pytest.raises(bgstats.BGStatsError) as refused:
        bgstats.parse_file(json.dumps([PLAY, PLAY, bad]))
    assert str(refused.value) == (
        "plays[2].players[1].score: “x” is neither a number nor an arithmetic expression."
    )


def test_json_of_neither_shape_says_what_either_needs():
    for document in ('{"adventures": []}', '"a play"', "[]"):
        with pytest.raises(bgstats.BGStatsError) as refused:
            bgstats.parse_file(document)
        assert refused.value.code in {"shape", "no-plays"}
    with pytest.raises(bgstats.BGStatsError, match="neither a BG Stats export"):
        bgstats.parse_file('{"adventures": []}')
    with pytest.raises(bgstats.BGStatsError, match="empty list"):
        bgstats.parse_file("[]")


# --- Importing -------------------------------------------------------------------------------


def test_one_play_through_the_pages_matches_the_groups_game_and_people(
    group, member, django_capture_on_commit_callbacks
):
    playlog.ensure_catalog(group=group)
    game = CatalogGame.objects.create(group=group, name="HARBOUR LIGHTS")
    ana = person_named(group=group, name="ana")
    page = import_through_the_pages(member, group, raw(PLAY), django_capture_on_commit_callbacks)
    assert "1 play in the file: 1 new, 0 already in the group." in page
    play = Play.objects.get(group=group)
    assert (play.game, play.source, play.source_name, play.source_play_id) == (
        game, PlaySource.APP, "Tabletop Tracker", "tt-4711",
    )  # fmt: skip
    # 21:30 in São Paulo (the zone chosen on the upload) is 00:30 UTC the next day.
    assert play.played_at == datetime.datetime(2025, 3, 15, 0, 30, tzinfo=datetime.UTC)
    assert (play.location, play.note, play.duration_minutes) == ("Ana's kitchen", "Close one.", 75)
    lines = list(play.results.order_by("seat"))
    assert [r.person for r in lines] == [ana, Person.objects.get(group=group, name="Zoë")]
    assert [(r.score, r.score_text, r.rank) for r in lines] == [(45, "", 1), (38, "30+8", 2)]
    detail = text(member.get(play.get_absolute_url()))
    assert "Sent by another app (Tabletop Tracker)" in detail


def test_a_list_then_the_same_list_again_adds_nothing(
    group, member, django_capture_on_commit_callbacks
):
    plays = [PLAY, a_play(sourcePlayId="tt-4712"), a_play(sourceName="Other tracker")]
    document = raw(plays)
    page = import_through_the_pages(member, group, document, django_capture_on_commit_callbacks)
    assert "3 plays in the file: 3 new, 0 already in the group." in page
    assert Play.objects.filter(group=group).count() == 3
    page = import_through_the_pages(member, group, document, django_capture_on_commit_callbacks)
    assert "3 plays in the file: 0 new, 3 already in the group." in page
    assert Play.objects.filter(group=group).count() == 3
    assert PlayerResult.objects.filter(play__group=group).count() == 6
    # The key is the app and its id: the same id from another app is another play.
    assert sorted(Play.objects.values_list("source_name", "source_play_id")) == [
        ("Other tracker", "tt-4711"), ("Tabletop Tracker", "tt-4711"),
        ("Tabletop Tracker", "tt-4712"),
    ]  # fmt: skip


@pytest.mark.parametrize("case", ["a bad score", "no play id", "game without a name"])
def test_a_bad_file_is_refused_on_the_page_and_nothing_is_saved(group, member, case):
    changes, message = BAD_PLAYS[case]
    response = upload(member, group, raw([PLAY, a_play(**changes)]))
    assert response.status_code == 400
    assert message.replace("play.", "plays[1].", 1) in text(response)
    assert not PlayImport.objects.exists()
    assert not Play.objects.exists()
    assert not CatalogGame.objects.filter(group=group, name="Harbour Lights").exists()


def test_the_command_takes_plays_from_other_apps(group, tmp_path):
    path = tmp_path / "plays.json"
    path.write_bytes(raw([PLAY, a_play(sourcePlayId="tt-4712")]))
    status, out, err = run_bgstats("import", "--group", group.pk, "--tz", "UTC", path)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert "Game “Harbour Lights”: new in the catalog." in lines
    assert lines[-2:] == ["Added 2 plays.", "Skipped 0 plays the group already has."]
    status, out, err = run_bgstats("import", "--group", group.pk, "--tz", "UTC", path)
    assert out.splitlines()[-2:] == ["Added 0 plays.", "Skipped 2 plays the group already has."]
    path.write_bytes(raw([PLAY, a_play(players=[{"name": "Ana", "score": "x"}])]))
    status, out, err = run_bgstats("import", "--group", group.pk, "--tz", "UTC", path)
    assert status == 2
    assert err.strip() == (
        "plays[1].players[0].score: “x” is neither a number nor an arithmetic expression."
    )
    assert Play.objects.filter(group=group).count() == 2


def test_the_bg_stats_export_writes_the_board_and_the_role_back(group):
    playlog.import_export(group=group, export=bgstats.parse_file(json.dumps(PLAY)), matching={},
                          tz=forms.zone("UTC"), by=None)  # fmt: skip
    (play,) = playlog.export_plays(group=group, tz=forms.zone("UTC"))["plays"]
    assert play["board"] == "Advanced side"
    assert play["playDate"] == "2025-03-14 21:30:00"
    assert play["playerScores"][0]["role"] == "Harbour master"
    assert "role" not in play["playerScores"][1]
    assert {"uuid", "entryDate", "modificationDate", "gameRefId"} <= play.keys()


# --- Downloading -----------------------------------------------------------------------------


def test_a_play_downloads_in_the_shape_and_comes_back_once(group, member):
    playlog.import_export(group=group, export=bgstats.parse_file(json.dumps(PLAY)), matching={},
                          tz=forms.zone("UTC"), by=None)  # fmt: skip
    play = Play.objects.get(group=group)
    response = member.get(reverse("games:play-download", args=[group.pk, play.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="harbour-lights-')
    shaped = json.loads(response.content)
    people = {p.name: p for p in Person.objects.filter(group=group)}
    assert shaped == {
        "sourceName": "Questlog",
        "sourcePlayId": str(play.uuid),
        "playDate": "2025-03-14 21:30:00",
        "durationMin": 75,
        "game": {"name": "Harbour Lights", "bggId": 41001, "highestWins": True, "noPoints": False},
        "players": [
            {"name": "Ana", "score": 45, "winner": True, "startPlayer": True, "rank": 1,
             "role": "Harbour master", "sourcePlayerId": uuid_of(group, people["Ana"])},
            {"name": "Zoë", "score": 38, "winner": False, "startPlayer": False, "rank": 2,
             "sourcePlayerId": uuid_of(group, people["Zoë"])},
        ],
        "location": "Ana's kitchen",
        "comments": "Close one.",
        "board": "Advanced side",
    }  # fmt: skip
    # Into the same group: nothing new. Into another: the same play.
    again = bgstats.parse_file(response.content.decode())
    assert playlog.import_export(group=group, export=again, matching={}, tz=forms.zone("UTC"),
                                 by=None) == (0, 1)  # fmt: skip
    other = GroupFactory()
    assert playlog.import_export(group=other, export=again, matching={}, tz=forms.zone("UTC"),
                                 by=None) == (1, 0)  # fmt: skip
    copied = Play.objects.get(group=other)
    assert (copied.played_at, copied.location, copied.note) == (
        play.played_at, play.location, play.note,
    )  # fmt: skip
    assert (copied.source_name, copied.source_play_id) == ("Questlog", str(play.uuid))
    assert [(r.person.name, r.score, r.rank, r.winner) for r in copied.results.all()] == [
        (r.person.name, r.score, r.rank, r.winner) for r in play.results.all()
    ]


def uuid_of(group, person):
    return playlog.out_person(person, playlog.namespace_of(group.pk)).uuid


def test_the_history_downloads_what_its_filter_selects_in_the_readers_zone(group, member):
    document = [PLAY, a_play(sourcePlayId="tt-2", playDate="2025-03-20 10:00:00"),
                a_play(sourcePlayId="tt-3", game={"name": "Mistwood"})]  # fmt: skip
    playlog.import_export(group=group, export=bgstats.parse_file(json.dumps(document)),
                          matching={}, tz=forms.zone("UTC"), by=None)  # fmt: skip
    harbour = CatalogGame.objects.get(group=group, name="Harbour Lights")
    member.cookies[BROWSER_TIME_ZONE_COOKIE] = "America/Sao_Paulo"
    url = reverse("games:history-download", args=[group.pk])
    history = text(member.get(reverse("games:history", args=[group.pk]), {"game": harbour.pk}))
    assert "Download these 2 plays for another app (JSON)" in history
    shaped = json.loads(member.get(url, {"game": harbour.pk}).content)
    # Newest first, as the history; 21:30 UTC is 18:30 in São Paulo.
    assert [(p["playDate"], p["game"]["name"]) for p in shaped] == [
        ("2025-03-20 07:00:00", "Harbour Lights"), ("2025-03-14 18:30:00", "Harbour Lights"),
    ]  # fmt: skip
    assert len(json.loads(member.get(url).content)) == 3
    outsider = GroupFactory()
    assert member.get(reverse("games:history-download", args=[outsider.pk])).status_code == 404


def test_the_anonymous_player_goes_out_and_comes_back_anonymous(group):
    sent = a_play(players=[{"name": "Ana", "score": 3},
                           {"name": "whoever", "isAnonymous": True, "score": 2},
                           {"name": "Anonymous", "isAnonymous": True, "score": 1}])  # fmt: skip
    export = bgstats.parse_file(json.dumps(sent))
    preview = playlog.preview_import(group=group, export=export)
    assert [(p.name, p.anonymous) for p in preview.players] == [
        ("Ana", False), ("Anonymous player", True),
    ]  # fmt: skip
    playlog.import_export(group=group, export=export, matching={}, tz=forms.zone("UTC"), by=None)
    assert [p.name for p in Person.objects.filter(group=group)] == ["Ana"]  # not a seat to offer
    (shaped,) = playlog.app_plays(playlog.history(group.pk), forms.zone("UTC"))
    assert [p.get("isAnonymous", False) for p in shaped["players"]] == [False, True, True]
    other = GroupFactory()
    playlog.import_export(group=other, export=bgstats.parse_file(json.dumps(shaped)),
                          matching={}, tz=forms.zone("UTC"), by=None)  # fmt: skip
    lines = PlayerResult.objects.filter(play__group=other).order_by("seat")
    assert [(r.person.anonymous, r.score) for r in lines] == [(False, 3), (True, 2), (True, 1)]
    assert [p.name for p in Person.objects.filter(group=other)] == ["Ana"]
