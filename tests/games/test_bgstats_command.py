"""``manage.py bgstats import`` / ``export`` (docs/formats/bgstats.md, "From the command line"):
the web import's checks and suggestions, the web export's document, a refusal is exit status 2
with the web's message and nothing saved."""

import datetime
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games import bgstats
from games.models import CatalogGame, Person, Play, PlayAudit, PlayerResult
from tests.factories import GroupFactory
from tests.games.playlog_helpers import export_bytes, export_data
from tests.games.playlog_helpers import run_bgstats as run

pytestmark = pytest.mark.django_db


@pytest.fixture
def export_file(tmp_path):
    def write(raw=None):
        path = tmp_path / "bgstats.json"
        path.write_bytes(export_bytes() if raw is None else raw)
        return path

    return write


def nothing_saved(group):
    assert not Play.objects.filter(group=group).exists()
    assert not CatalogGame.objects.filter(group=group).exists()
    assert not Person.objects.filter(group=group).exists()
    assert not PlayAudit.objects.filter(group=group).exists()


def test_a_file_imported_by_the_command_exports_as_the_web_export_does(
    group, player, export_file, monkeypatch
):
    status, out, err = run("import", "--group", group.pk, "--tz", "Europe/Lisbon", export_file())
    assert (status, err) == (0, "")
    assert Play.objects.filter(group=group).count() == 6
    lines = out.splitlines()
    assert "Game “Harbour Lights”: new in the catalog." in lines
    assert "Player “Zoë”: new in the group." in lines
    assert (
        "Player “Anonymous player”: BG Stats’ anonymous player, kept anonymous (not one of the "
        "group’s people)." in lines
    )
    assert lines[-2:] == ["Added 6 plays.", "Skipped 0 plays the group already has."]

    moment = datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    monkeypatch.setattr(timezone, "now", lambda: moment)  # the export stamps its own time
    status, out, err = run("export", "--group", group.pk, "--tz", "America/Sao_Paulo")
    assert (status, err) == (0, "")
    client = Client()
    client.force_login(player)
    web = client.get(reverse("games:export", args=[group.pk]), {"time_zone": "America/Sao_Paulo"})
    assert web.status_code == 200
    assert json.loads(out) == json.loads(web.content)
    assert out.rstrip("\n") == web.content.decode()


def test_the_command_takes_the_previews_suggestions(group, export_file):
    """A file player whose name (any case) is a person of the group is that person, as the
    import preview suggests (``playlog.preview_import``)."""
    lukasz = Person.objects.create(group=group, name="łukasz")
    status, out, _err = run("import", "--group", group.pk, export_file())
    assert status == 0
    assert "Player “Łukasz”: matched to łukasz of the group." in out.splitlines()
    assert not Person.objects.filter(group=group, name="Łukasz").exists()
    assert PlayerResult.objects.filter(play__group=group, person=lukasz).exists()


def test_a_second_import_adds_nothing_and_says_so(group, export_file):
    run("import", "--group", group.pk, export_file())
    status, out, _err = run("import", "--group", group.pk, export_file())
    assert status == 0
    assert "Game “Harbour Lights”: matched to the catalog’s game of that name." in out
    assert out.splitlines()[-2:] == ["Added 0 plays.", "Skipped 6 plays the group already has."]
    assert Play.objects.filter(group=group).count() == 6


def test_messages_are_in_the_sites_language_or_the_one_asked_for(group, export_file, settings):
    settings.LANGUAGE_CODE = "ca"
    _status, out, _err = run("import", "--group", group.pk, export_file())
    assert out.splitlines()[-1] == "S’han omès 0 partides que el grup ja té."
    _status, out, _err = run("import", "--group", group.pk, "--language", "pt-br", export_file())
    assert out.splitlines()[-2:] == [
        "0 partida adicionada.",  # pt-BR: 0 and 1 take the singular
        "6 partidas que o grupo já tem foram ignoradas.",
    ]
    translation.activate("en")
    run("export", "--group", group.pk, "--language", "ca")
    assert translation.get_language() == "en"  # the command leaves the caller's language alone


def test_a_refused_file_is_the_web_imports_message_exit_2_and_nothing_saved(group, export_file):
    data = export_data()
    data["plays"][3]["gameRefId"] = 99
    with pytest.raises(bgstats.BGStatsError) as refused:
        bgstats.parse_export(json.dumps(data))
    status, out, err = run("import", "--group", group.pk, export_file(json.dumps(data).encode()))
    assert (status, out) == (2, "")
    assert err.strip() == str(refused.value)
    assert str(refused.value) == "plays[3].gameRefId: the file has no game with id 99."
    nothing_saved(group)


def test_a_file_that_is_not_utf8_is_refused_as_the_upload_is(group, export_file):
    status, _out, err = run("import", "--group", group.pk, export_file(b"\xff\xfe{"))
    assert status == 2
    assert "UTF-8" in err
    nothing_saved(group)


def test_the_web_import_gives_the_same_message(group, player):
    """The page shows the very text the command prints (one check, ``forms.read_export``)."""
    data = export_data()
    data["plays"][3]["gameRefId"] = 99
    client = Client()
    client.force_login(player)
    response = client.post(
        reverse("games:import", args=[group.pk]),
        {"file": SimpleUploadedFile("b.json", json.dumps(data).encode()), "time_zone": "UTC"},
    )
    assert response.status_code == 400
    assert "plays[3].gameRefId: the file has no game with id 99." in response.content.decode()


@pytest.mark.parametrize("action", ["import", "export"])
def test_a_group_that_does_not_exist(action, export_file):
    missing = GroupFactory().pk + 1000
    args = (
        ["import", "--group", missing, export_file()]
        if action == "import"
        else ["export", "--group", missing]
    )
    status, out, err = run(*args)
    assert (status, out) == (2, "")
    assert err.strip() == f"There is no group with id {missing}."
    assert not Play.objects.exists()


def test_an_unknown_time_zone_and_a_missing_file(group, tmp_path):
    status, _out, err = run("export", "--group", group.pk, "--tz", "Mars/Olympus")
    assert (status, err.strip()) == (
        2,
        "“Mars/Olympus” is not a time zone; give one such as Europe/Lisbon.",
    )
    status, _out, err = run("import", "--group", group.pk, tmp_path / "nowhere.json")
    assert status == 2
    assert err.startswith(f"Cannot read {tmp_path / 'nowhere.json'}: ")
    nothing_saved(group)


def test_a_refusal_is_in_the_language_asked_for(group, export_file):
    missing = group.pk + 1000
    status, _out, err = run("export", "--group", missing, "--language", "pt-br")
    assert (status, err.strip()) == (2, f"Não existe grupo com o id {missing}.")
    data = export_data()
    data["plays"][0]["playerScores"] = []
    status, _out, err = run(
        "import", "--group", group.pk, "--language", "ca", export_file(json.dumps(data).encode())
    )
    with translation.override("ca"):
        expected = str(bgstats.NO_PLAYERS % {"where": "plays[0]"})
    assert expected != str(bgstats.NO_PLAYERS % {"where": "plays[0]"})  # Catalan, not English
    assert (status, err.strip()) == (2, expected)
    nothing_saved(group)
