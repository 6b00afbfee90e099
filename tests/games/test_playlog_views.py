"""The play-log pages: scoped to the member's group, viewers read only, CSRF on every write,
bad files answered with a clear message and nothing saved."""

import datetime
import json
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import bgstats, forms, playlog, playstats
from games.models import CatalogGame, Person, Play, PlayAudit, PlayImport
from groups.models import Role
from tests.factories import GroupFactory, MembershipFactory
from tests.games.playlog_helpers import export_bytes, export_data, export_text
from tests.support.pages import element, element_text, text
from web import answered, htmx

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(group, player):
    client = Client()
    client.force_login(player)
    return client


def imported(group):
    playlog.import_export(
        group=group, export=bgstats.parse_export(export_text()), matching={},
        tz=forms.zone("UTC"), by=None,
    )  # fmt: skip
    return Play.objects.filter(group=group)


def upload(client, group, raw, name="bgstats.json", time_zone="Europe/Lisbon"):
    return client.post(
        reverse("games:import", args=[group.pk]),
        {"file": SimpleUploadedFile(name, raw, "application/json"), "time_zone": time_zone},
    )


# --- Reaching plays --------------------------------------------------------------------------


def test_another_groups_plays_answer_404(member):
    other = GroupFactory()
    play = imported(other).first()
    person = Person.objects.filter(group=other).first()
    game = CatalogGame.objects.filter(group=other).first()
    mine = MembershipFactory(role=Role.PLAYER).group
    play_import = PlayImport.objects.create(group=other, document="{}")
    urls = [
        reverse("games:history", args=[other.pk]),
        reverse("games:play", args=[other.pk, play.pk]),
        reverse("games:edit", args=[other.pk, play.pk]),
        reverse("games:delete", args=[other.pk, play.pk]),
        reverse("games:stats", args=[other.pk]),
        reverse("games:player-stats", args=[other.pk, person.pk]),
        reverse("games:game-stats", args=[other.pk, game.pk]),
        reverse("games:import-preview", args=[other.pk, play_import.pk]),
        reverse("games:import-progress", args=[other.pk, play_import.pk]),
        reverse("games:export", args=[other.pk]) + "?time_zone=UTC",
    ]
    for url in urls:
        assert member.get(url).status_code == 404, url
    assert member.post(reverse("games:delete", args=[other.pk, play.pk])).status_code == 404
    assert Play.objects.filter(pk=play.pk).exists()
    # An id of another group's play under one's own group is not found either.
    del mine


def test_a_play_of_another_group_is_not_found_under_ones_own_group(group, member):
    other_play = imported(GroupFactory()).first()
    assert member.get(reverse("games:play", args=[group.pk, other_play.pk])).status_code == 404


def test_viewers_read_but_cannot_log_edit_delete_or_import(group, viewer):
    play = imported(group).first()
    client = Client()
    client.force_login(viewer)
    assert client.get(reverse("games:history", args=[group.pk])).status_code == 200
    assert client.get(reverse("games:play", args=[group.pk, play.pk])).status_code == 200
    assert client.get(reverse("games:log", args=[group.pk])).status_code == 403
    assert client.post(reverse("games:log", args=[group.pk]), {}).status_code == 403
    assert client.post(reverse("games:delete", args=[group.pk, play.pk])).status_code == 403
    assert upload(client, group, export_bytes()).status_code == 403
    assert Play.objects.filter(group=group).count() == 6


def test_writes_need_the_csrf_token(group, player):
    play = imported(group).first()
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert client.post(reverse("games:delete", args=[group.pk, play.pk])).status_code == 403
    assert upload(client, group, export_bytes()).status_code == 403
    assert Play.objects.filter(pk=play.pk).exists()


# --- Logging, editing, deleting --------------------------------------------------------------


def play_post(game, **extra):
    data = {
        "game": game.pk,
        "played_at": "2025-02-01T19:30",
        "time_zone": "Europe/Lisbon",
        "duration_minutes": "60",
        "location": "Clube",
        "note": "",
        "line-TOTAL_FORMS": "3",
        "line-INITIAL_FORMS": "0",
        "line-0-name": "Ana",
        "line-0-score": "-10+7+22",
        "line-0-winner": "on",
        "line-1-name": "Bea",
        "line-1-score": "12",
        "line-1-start_player": "on",
        "line-2-name": "",
    }
    data.update(extra)
    return data


def test_logging_a_play(group, member, player):
    playlog.ensure_catalog(group=group)
    bonfire = CatalogGame.objects.get(group=group, builtin="bonfire")
    response = member.post(reverse("games:log", args=[group.pk]), play_post(bonfire))
    play = Play.objects.get(group=group)
    assert response.status_code == 302
    assert response["Location"] == play.get_absolute_url()
    assert play.played_at == datetime.datetime(2025, 2, 1, 19, 30, tzinfo=datetime.UTC)
    assert [(r.person.name, r.score, r.score_text, r.winner, r.start_player)
            for r in play.results.all()] == [
        ("Ana", Decimal(19), "-10+7+22", True, False),
        ("Bea", Decimal(12), "", False, True),
    ]  # fmt: skip
    assert play.created_by == player
    assert PlayAudit.objects.get(play=play).action == "log"


def test_the_embedded_defaults_play_statistics_wait_for_the_answer(
    group, member, settings, monkeypatch, transactional_db
):
    """Without a broker the play statistics are computed once the response has been sent
    (``web.answered.when_answered``): logging a play, or the move that ends a mission, never
    waits for them."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    calls = []
    monkeypatch.setattr(
        playlog, "enqueue_statistics", lambda group_id: calls.append((group_id, answering()))
    )
    playlog.ensure_catalog(group=group)
    bonfire = CatalogGame.objects.get(group=group, builtin="bonfire")
    response = member.post(reverse("games:log", args=[group.pk]), play_post(bonfire))
    assert response.status_code == 302
    assert calls == [(group.pk, False)]


def answering():
    return answered.requests.answering


def test_a_bad_score_or_no_player_is_refused_next_to_the_field(group, member):
    playlog.ensure_catalog(group=group)
    game = CatalogGame.objects.get(group=group, builtin="bonfire")
    response = member.post(reverse("games:log", args=[group.pk]),
                           play_post(game, **{"line-0-score": "lots"}))  # fmt: skip
    assert response.status_code == 400
    assert str(forms.BAD_SCORE) in text(response)
    empty = play_post(game, **{"line-0-name": "", "line-1-name": ""})
    response = member.post(reverse("games:log", args=[group.pk]), empty)
    assert response.status_code == 400
    assert str(forms.NO_PLAYERS) in text(response)
    assert not Play.objects.filter(group=group).exists()


def test_editing_and_deleting_are_audited(group, member, player):
    play = imported(group).get(uuid="c1000000-0000-4000-8000-000000000001")
    response = member.get(reverse("games:edit", args=[group.pk, play.pk]))
    assert response.status_code == 200
    data = play_post(play.game, **{"line-0-name": "José", "line-1-name": "Zoë"})
    response = member.post(reverse("games:edit", args=[group.pk, play.pk]), data)
    assert response.status_code == 302
    play.refresh_from_db()
    assert [r.person.name for r in play.results.all()] == ["José", "Zoë"]
    edit = PlayAudit.objects.get(play=play, action="edit")
    assert edit.actor == player
    assert edit.detail_lines[0].startswith("Before: José: 45 ★; Zoë: 45 ★ (started); Łukasz: —")
    url = reverse("games:delete", args=[group.pk, play.pk])
    page = member.get(url)
    assert element_text(page, "what-follows") == (
        "It leaves the play history and the statistics; the audit trail keeps who played and "
        "the scores."
    )
    # a bare POST, without the confirmation page's answer, shows that page and deletes nothing
    response = member.post(url)
    assert response.status_code == 200
    assert element_text(response, "what-follows") == element_text(page, "what-follows")
    assert Play.objects.filter(pk=play.pk).exists()
    assert not PlayAudit.objects.filter(group=group, action="delete").exists()
    response = member.post(url, {"confirm": "1"})
    assert response.status_code == 302
    assert not Play.objects.filter(pk=play.pk).exists()
    deleted = PlayAudit.objects.get(group=group, action="delete")
    assert deleted.summary.startswith("Harbour Lights, 2025-02-01 19:30 UTC")
    assert [line.split(":")[0] for line in deleted.detail_lines] == ["José", "Zoë"]


def test_adding_a_game_to_the_catalog(group, member):
    url = reverse("games:catalog", args=[group.pk])
    data = {"name": "Fjord Ferries", "bgg_id": "123", "highest_wins": "on"}
    assert member.post(url, data).status_code == 302
    game = CatalogGame.objects.get(group=group, name="Fjord Ferries")
    assert (game.bgg_id, game.cooperative, game.highest_wins, game.no_points) == (
        123, False, True, False,
    )  # fmt: skip
    response = member.post(url, {**data, "name": "fjord ferries"})
    assert response.status_code == 400
    assert str(playlog.GAME_EXISTS % {"name": "fjord ferries"}) in text(response)
    names = set(CatalogGame.objects.filter(group=group).values_list("name", flat=True))
    assert {"Questlog campaign", "Bonfire", "Solsticio"} <= names


# --- History ---------------------------------------------------------------------------------


def test_history_is_browsed_by_game_player_and_dates(group, member):
    imported(group)
    url = reverse("games:history", args=[group.pk])
    mistwood = CatalogGame.objects.get(group=group, name="Mistwood")
    muller = Person.objects.get(group=group, name="Müller")
    assert member.get(url).context["page"].paginator.count == 6
    assert member.get(url, {"game": mistwood.pk}).context["page"].paginator.count == 2
    assert member.get(url, {"player": muller.pk}).context["page"].paginator.count == 2
    dated = member.get(url, {"date_from": "2024-03-09", "date_to": "2024-03-11"})
    assert dated.context["page"].paginator.count == 3
    partial = member.get(url, {"game": mistwood.pk}, headers={"HX-Request": "true"})
    assert partial.content.decode().lstrip().startswith('<div id="play-history">')
    reversed_dates = member.get(url, {"date_from": "2024-03-11", "date_to": "2024-03-09"})
    assert str(forms.DATES_REVERSED) in text(reversed_dates)


def test_going_back_to_a_filtered_history_shows_the_whole_page(group, member):
    """htmx restores a pushed URL it no longer holds by asking for it with
    ``HX-History-Restore-Request``: the answer is the whole page, heading and filters included,
    not only the list it would swap."""
    imported(group)
    mistwood = CatalogGame.objects.get(group=group, name="Mistwood")
    url = reverse("games:history", args=[group.pk])
    restore = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    page = member.get(url, {"game": mistwood.pk}, headers=restore)
    assert "Play history" in text(page)
    assert "Filter" in text(page)
    assert page.context["page"].paginator.count == 2
    assert "HX-Request" in page["Vary"]


def test_history_pages_run_the_same_number_of_queries_for_few_and_many_plays(group, member):
    counts = []
    for extra in (30, 300):
        data = export_data()
        data["plays"] = [
            {**data["plays"][n % 6], "uuid": f"e{extra:07d}-0000-4000-8000-{n:012d}"}
            for n in range(extra)
        ]
        playlog.import_export(group=group, export=bgstats.parse_export(export_text(data)),
                              matching={}, tz=forms.zone("UTC"), by=None)  # fmt: skip
        with CaptureQueriesContext(connection) as queries:
            response = member.get(reverse("games:history", args=[group.pk]), {"page": 2})
        assert response.status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


# --- Import ----------------------------------------------------------------------------------


def test_import_previews_then_imports(group, member, django_capture_on_commit_callbacks):
    response = upload(member, group, export_bytes())
    play_import = PlayImport.objects.get(group=group)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:import-preview", args=[group.pk, play_import.pk])
    assert not Play.objects.filter(group=group).exists()
    preview = member.get(response["Location"])
    page = text(preview)
    assert "6 plays in the file: 6 new, 0 already in the group." in page
    assert "Kärtchen Mühle" in page
    form = preview.context["form"]
    data = {name: field.initial for name, field in form.fields.items()}
    with django_capture_on_commit_callbacks(execute=True):
        response = member.post(response["Location"], data)
    assert response.status_code == 302
    progress = member.get(response["Location"])
    assert "Imported 6 plays (0 already here)." in text(progress)
    assert Play.objects.filter(group=group).count() == 6
    polled = member.get(response["Location"], headers={"HX-Request": "true"})
    assert polled.status_code == 286  # htmx stops polling


NOT_JSON = "This file is not valid JSON: "
BAD_FILES = {
    "not JSON": (b"this is not json", NOT_JSON),
    "truncated": (export_bytes()[: len(export_bytes()) // 2], NOT_JSON),
    "deeply nested": (b"[" * 100_000 + b"]" * 100_000,
                      "This file nests lists and objects more than 40 levels deep."),
    "not UTF-8": ('{"games": "Mühle"}'.encode("latin-1"), "This file is not UTF-8 text."),
    "a NUL in a name": (export_bytes().replace('"Zoë"'.encode(), b'"Zo\\u0000"', 1),
                        "This file holds a text that cannot be stored: players["),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD_FILES)
def test_bad_files_get_a_clear_message_and_nothing_is_saved(group, member, case):
    raw, message = BAD_FILES[case]
    response = upload(member, group, raw)
    assert response.status_code == 400
    assert message in text(response)
    assert not PlayImport.objects.exists()
    assert not Play.objects.exists()


def test_a_file_that_starts_with_a_byte_order_mark_is_read(group, member):
    response = upload(member, group, b"\xef\xbb\xbf" + export_bytes())
    assert response.status_code == 302
    assert PlayImport.objects.get(group=group).total == 6


def test_an_unknown_game_or_a_bad_score_names_the_place(group, member):
    data = export_data()
    data["plays"][2]["gameRefId"] = 42
    response = upload(member, group, export_bytes(data))
    assert response.status_code == 400
    assert "plays[2].gameRefId: the file has no game with id 42." in text(response)
    data = export_data()
    data["plays"][1]["playerScores"][0]["score"] = "ten"
    response = upload(member, group, export_bytes(data))
    assert "plays[1].playerScores[0].score: “ten” is neither a number nor an arithmetic " \
        "expression." in text(response)  # fmt: skip
    assert not PlayImport.objects.exists()
    assert not Play.objects.exists()


def test_a_50_mb_file_is_refused_before_it_is_read(group, member, settings):
    raw = b" " * (50 * 1024 * 1024)
    response = upload(member, group, raw)
    assert response.status_code == 400
    assert "The file is larger than 25 MB." in text(response)
    assert not PlayImport.objects.exists()


def test_a_confirmed_import_cannot_be_confirmed_again(
    group, member, django_capture_on_commit_callbacks
):
    upload(member, group, export_bytes())
    play_import = PlayImport.objects.get(group=group)
    url = reverse("games:import-preview", args=[group.pk, play_import.pk])
    data = {f"player_{ref}": "new" for ref in (1, 2, 3, 4, 9)}
    with django_capture_on_commit_callbacks(execute=True):
        member.post(url, data)
    again = member.post(url, data)
    assert again.status_code == 302
    assert again["Location"].endswith("/progress/")
    assert Play.objects.filter(group=group).count() == 6


# --- Export and statistics -------------------------------------------------------------------


def test_export_downloads_the_bg_stats_shape(group, member):
    imported(group)
    form = member.get(reverse("games:export", args=[group.pk]))
    assert form.status_code == 200
    response = member.get(reverse("games:export", args=[group.pk]), {"time_zone": "UTC"})
    assert response["Content-Disposition"].startswith('attachment; filename="table-')
    document = json.loads(response.content)
    assert len(document["plays"]) == 6
    assert {p["name"] for p in document["players"]} >= {"José", "Zoë", "Łukasz"}


def test_the_play_page_offers_the_bg_stats_create_play_link(group, member):
    play = imported(group).get(uuid="c1000000-0000-4000-8000-000000000003")
    response = member.get(reverse("games:play", args=[group.pk, play.pk]))
    assert "https://app.bgstatsapp.com/createPlay.html?data=" in response.content.decode()
    assert "The group won" in text(response)


def test_statistics_pages_show_a_players_numbers(group, member, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        imported(group)
    jose = Person.objects.get(group=group, name="José")
    response = member.get(reverse("games:player-stats", args=[group.pk, jose.pk]))
    assert response.status_code == 200
    assert response.context["entry"]["plays"] == 3  # the ignored play is left out
    assert response.context["entry"]["wins"] == 3
    assert response.content.decode().count("<svg") >= 2
    overview = member.get(reverse("games:stats", args=[group.pk]))
    assert "Harbour Lights" in text(overview)


def test_a_running_import_shows_its_progress_and_keeps_polling(group, member):
    play_import = PlayImport.objects.create(group=group, state="running", total=10_000)
    playlog.report_progress(play_import.pk, 4000)
    url = reverse("games:import-progress", args=[group.pk, play_import.pk])
    response = member.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200  # htmx polls on
    body = text(response)
    assert body.lstrip().startswith('<div id="import-status" role="status" hx-get=')
    assert "Importing: 4000 of 10000 plays…" in body
    assert '<progress id="import-bar" max="100" value="40">' in body


def test_a_new_upload_replaces_the_members_unconfirmed_preview(group, member):
    upload(member, group, export_bytes())
    upload(member, group, export_bytes())
    assert PlayImport.objects.filter(group=group, state="preview").count() == 1


def test_deleting_a_group_deletes_its_plays_catalog_and_people(group):
    """A group with imported plays can be deleted: its plays go with its catalog and people
    (deleting the group answered a server error while plays protected their game and players)."""
    from groups.services import delete_group

    assert imported(group).exists()
    delete_group(group=group)
    assert not Play.objects.exists()
    assert not CatalogGame.objects.filter(group_id=group.pk).exists()
    assert not Person.objects.filter(group_id=group.pk).exists()


def test_the_play_statistics_show_new_figures_by_themselves(group, member):
    """Issue 26 point 5: while newer plays wait for the statistics worker, the figures ask every
    few seconds for newer ones (nothing comes back until they exist); once the worker stored
    them, the region comes back with them and stops asking."""
    imported(group)  # its statistics are stale: no worker ran yet
    url = reverse("games:stats", args=[group.pk])
    page = member.get(url)
    figures = element(page, "stats-figures").attributes
    assert figures["hx-trigger"].endswith(f", every {htmx.WATCH_SECONDS}s")
    assert "Harbour Lights" not in element_text(page, "stats-figures")
    poll = {"HX-Request": "true"}
    assert member.get(figures["hx-get"], headers=poll).status_code == 204
    playstats.recompute(group_id=group.pk)  # the worker
    region = member.get(figures["hx-get"], headers=poll)
    assert region.status_code == 200
    assert region.text.lstrip().startswith('<div id="stats-figures"')
    assert "Harbour Lights" in element_text(region, "stats-figures")
    assert "every" not in element(region, "stats-figures").attributes["hx-trigger"]


@pytest.mark.parametrize("kind", ["game", "player"])
def test_a_game_s_and_a_player_s_statistics_show_new_figures_by_themselves(group, member, kind):
    """Issue 26 point 5 on one game's and one player's page: the figures region asks for newer
    figures while plays wait for the worker, and comes back with them once they are stored."""
    imported(group)  # its statistics are stale: no worker ran yet
    subject = (
        CatalogGame.objects.get(group=group, name="Harbour Lights")
        if kind == "game"
        else Person.objects.get(group=group, name="José")
    )
    page = member.get(reverse(f"games:{kind}-stats", args=[group.pk, subject.pk]))
    figures = element(page, "stats-figures").attributes
    assert figures["hx-trigger"].endswith(f", every {htmx.WATCH_SECONDS}s")
    assert "No counted play" in element_text(page, "stats-figures")
    poll = {"HX-Request": "true"}
    assert member.get(figures["hx-get"], headers=poll).status_code == 204
    playstats.recompute(group_id=group.pk)  # the worker
    region = member.get(figures["hx-get"], headers=poll)
    assert region.status_code == 200
    assert region.text.lstrip().startswith('<div id="stats-figures"')
    assert "No counted play" not in element_text(region, "stats-figures")
    assert "<svg" in region.text  # the charts came with the figures
    assert "every" not in element(region, "stats-figures").attributes["hx-trigger"]
