"""BG Stats' anonymous player (``isAnonymous: true``, docs/formats/bgstats.md "The anonymous
player"): it holds play lines but is not one of the group's people. It shows as "Anonymous", is
never a seat choice nor a player in the statistics, and goes back out as the anonymous player.

The realistic export (tests/games/fixtures/bgstats_export.json) has it twice in one play (play
…0002: José, then two anonymous lines)."""

import datetime
import importlib
import json
import re
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaign.forms import LinkForm
from games import bgstats, forms, playlog, playstats
from games.models import BuiltinGame, Person, Play, PlayerResult
from games.people import group_people, people_names
from groups.models import Role
from tests.factories import AdventureFactory, MembershipFactory
from tests.games.playlog_helpers import export_text
from tests.support.pages import text

pytestmark = pytest.mark.django_db

SECOND_PLAY = "c1000000-0000-4000-8000-000000000002"


@pytest.fixture
def member():
    return MembershipFactory(role=Role.PLAYER)


@pytest.fixture
def group(member):
    return member.group


@pytest.fixture
def client(member):
    client = Client()
    client.force_login(member.user)
    return client


def imported(group):
    return playlog.import_export(
        group=group, export=bgstats.parse_export(export_text()), matching={},
        tz=forms.zone("UTC"), by=None,
    )  # fmt: skip


def anonymous_of(group):
    return Person.rows.get(group=group, anonymous=True)


def test_the_import_keeps_both_lines_on_one_anonymous_player(group):
    assert imported(group) == (6, 0)
    anonymous = anonymous_of(group)
    lines = PlayerResult.objects.filter(play__uuid=SECOND_PLAY).order_by("seat")
    assert [(r.person_id, r.score) for r in lines] == [
        (lines[0].person_id, Decimal(19)),
        (anonymous.pk, Decimal(12)),
        (anonymous.pk, Decimal("8.5")),
    ]
    assert anonymous.name == "Anonymous player"  # the file's name, kept for the export
    assert anonymous.user is None


def test_it_is_not_one_of_the_groups_people_nor_a_seat_choice(group, client):
    imported(group)
    anonymous = anonymous_of(group)
    everyone = {"José", "Zoë", "Łukasz", "Müller", group.memberships.get().user.username}
    assert {p.name for p in group_people(group)} == everyone
    assert set(people_names(group)) == everyone  # the campaign's and the table's seat names
    assert anonymous not in group.people.all()
    assert not Person.objects.filter(pk=anonymous.pk).exists()
    assert anonymous.pk not in {p.pk for p in playlog.people_with_counts(group)}
    assert f"person:{anonymous.pk}" not in dict(playlog.match_choices(group))
    history = forms.HistoryFilterForm(group_id=group.pk)
    assert anonymous not in history.fields["player"].queryset
    link = LinkForm(group_id=group.pk)
    assert anonymous not in link.fields["member"].queryset
    # The log form's names to pick from (its datalist), and the campaign's people page.
    log_form = text(client.get(reverse("games:log", args=[group.pk])))
    datalist = re.search(r'<datalist id="known-players">(.*?)</datalist>', log_form, re.S)
    assert "José" in datalist.group(1)
    assert "Anonymous" not in datalist.group(1)
    people_page = text(client.get(reverse("campaign:people", args=[group.pk])))
    assert "José" in people_page
    assert "Anonymous" not in people_page
    # Its statistics page is nobody's.
    response = client.get(reverse("games:player-stats", args=[group.pk, anonymous.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("language", "shown"), [("en", "Anonymous"), ("pt-br", "Anônimo"), ("ca", "Anònim")]
)
def test_results_show_it_as_anonymous_in_each_language(group, client, language, shown):
    imported(group)
    play = Play.objects.get(group=group, uuid=SECOND_PLAY)
    detail = text(
        client.get(reverse("games:play", args=[group.pk, play.pk]), HTTP_ACCEPT_LANGUAGE=language)
    )
    rows = re.findall(r'<th scope="row">(.*?)</th>', detail)
    assert rows[1:] == [shown, shown]  # no link to a player's statistics either
    assert "José" in rows[0]
    history = text(
        client.get(reverse("games:history", args=[group.pk]), HTTP_ACCEPT_LANGUAGE=language)
    )
    names = re.findall(r'<span class="line-name">(.*?)</span>', history)
    assert names.count(shown) == 2
    assert "Anonymous player" not in names


def test_the_export_gives_it_back_as_the_anonymous_player(group):
    imported(group)
    document = playlog.export_plays(group=group, tz=forms.zone("UTC"))
    anonymous = [p for p in document["players"] if p["isAnonymous"]]
    assert [p["name"] for p in anonymous] == ["Anonymous player"]
    assert sum(1 for p in document["players"] if not p["isAnonymous"]) == 4
    play = next(p for p in document["plays"] if p["uuid"] == SECOND_PLAY)
    refs = [line["playerRefId"] for line in play["playerScores"]]
    assert refs[1:] == [anonymous[0]["id"]] * 2
    assert refs[0] != anonymous[0]["id"]
    # Imported again elsewhere, it is that group's anonymous player, not a person.
    other = MembershipFactory(role=Role.PLAYER).group
    playlog.import_export(
        group=other, export=bgstats.parse_export(json.dumps(document)), matching={},
        tz=forms.zone("UTC"), by=None,
    )  # fmt: skip
    assert anonymous_of(other).name == "Anonymous player"
    assert not Person.objects.filter(group=other, name="Anonymous player").exists()


def test_a_second_import_adds_nothing(group):
    imported(group)
    rows = sorted(Person.rows.filter(group=group).values_list("pk", "name", "anonymous"))
    assert imported(group) == (0, 6)
    assert sorted(Person.rows.filter(group=group).values_list("pk", "name", "anonymous")) == rows
    assert Person.rows.filter(group=group, anonymous=True).count() == 1


def test_the_preview_matches_it_to_nobody(group, client, django_capture_on_commit_callbacks):
    """It is shown as the anonymous player, with no choice of person to make."""
    upload = client.post(
        reverse("games:import", args=[group.pk]),
        {"file": SimpleUploadedFile("b.json", export_text().encode()), "time_zone": "UTC"},
    )
    preview = client.get(upload["Location"])
    page = text(preview)
    assert "“Anonymous player” is BG Stats’ anonymous player" in page
    assert 'id="id_player_4"' not in page  # the anonymous player's file id
    assert 'id="id_player_1"' in page
    # Whatever is posted for it, it stays anonymous.
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client.post(
            upload["Location"],
            {"player_1": "new", "player_2": "new", "player_3": "new", "player_9": "new",
             "player_4": "new"},
        )  # fmt: skip
    assert confirmed.status_code == 302
    assert Play.objects.filter(group=group).count() == 6
    assert Person.rows.filter(group=group, anonymous=True).count() == 1
    assert not Person.objects.filter(group=group, name="Anonymous player").exists()


def test_editing_a_play_keeps_its_anonymous_lines(group, client, member):
    imported(group)
    play = Play.objects.get(group=group, uuid=SECOND_PLAY)
    url = reverse("games:edit", args=[group.pk, play.pk])
    page = client.get(url).content.decode()
    assert re.search(r'<input[^>]*name="line-1-name"[^>]*value="Anonymous"[^>]*readonly', page)
    lines = forms.line_formset(play=play)
    data = {
        "game": play.game_id, "played_at": "2024-03-09T14:00", "time_zone": "UTC",
        "line-TOTAL_FORMS": len(lines.forms), "line-INITIAL_FORMS": len(lines.forms),
        "line-MIN_NUM_FORMS": 0, "line-MAX_NUM_FORMS": forms.MAX_LINES,
    }  # fmt: skip
    for index, line in enumerate(lines.forms):
        for name in ("name", "score", "team"):
            data[f"line-{index}-{name}"] = line.initial.get(name, "")
        for name in ("winner", "start_player", "anonymous"):
            if line.initial.get(name):
                data[f"line-{index}-{name}"] = "on"
    data["line-2-score"] = "9"  # a corrected score
    assert client.post(url, data).status_code == 302
    results = list(play.results.order_by("seat"))
    anonymous = anonymous_of(group)
    assert [(r.person_id == anonymous.pk, r.score) for r in results] == [
        (False, Decimal(19)), (True, Decimal(12)), (True, Decimal(9)),
    ]  # fmt: skip
    assert not Person.objects.filter(group=group, name__in=["Anonymous", "Anonymous player"])


def test_a_typed_name_is_a_person_never_the_anonymous_player(group, member):
    imported(group)
    play = playlog.log_play(
        group=group,
        data=playlog.PlayData(
            game=playlog.builtin_game(group=group, key=BuiltinGame.BONFIRE),
            played_at=datetime.datetime(2025, 1, 5, 18, 0, tzinfo=datetime.UTC),
            lines=[playlog.LineData(name="anonymous player", score=Decimal(3))],
        ),
        by=member.user,
    )
    person = play.results.get().person
    assert not person.anonymous
    assert person.name == "anonymous player"
    assert "anonymous player" in people_names(group)
    assert person != anonymous_of(group)


def test_statistics_never_count_it_as_a_player(group):
    imported(group)
    data = playstats.recompute(group_id=group.pk).data
    anonymous = str(anonymous_of(group).pk)
    assert anonymous not in data["players"]
    for entry in data["players"].values():
        assert anonymous not in {str(r["id"]) for r in entry["rivals"]}
    for game in data["games"].values():
        assert anonymous not in {str(p["id"]) for p in game["players"]}


def test_the_migration_flags_the_guest_an_earlier_import_made(group):
    """Before the anonymous player was one, an import made a guest "Anonymous player"; only that
    guest (lines in imported plays only, no account) becomes the anonymous player."""
    from django.apps import apps

    migration = importlib.import_module("games.migrations.0004_anonymous_player")
    imported(group)
    earlier = anonymous_of(group)
    Person.rows.filter(pk=earlier.pk).update(anonymous=False)  # as an earlier import left it
    other = MembershipFactory(role=Role.PLAYER)
    playlog.log_play(
        group=other.group,
        data=playlog.PlayData(
            game=playlog.builtin_game(group=other.group, key=BuiltinGame.BONFIRE),
            played_at=datetime.datetime(2025, 1, 5, 18, 0, tzinfo=datetime.UTC),
            lines=[playlog.LineData(name="Anonymous player", score=None)],
        ),
        by=other.user,
    )
    migration.flag_imported_anonymous_players(apps, None)
    assert anonymous_of(group).pk == earlier.pk
    assert "Anonymous player" not in people_names(group)
    assert not Person.rows.filter(group=other.group, anonymous=True).exists()
    assert "Anonymous player" in people_names(other.group)  # typed by hand: a person


def test_no_table_setup_page_offers_it(group, client, member):
    """The campaign's attempt log and table setup, Bonfire's and Solsticio's new-game pages: the
    file's name for the anonymous player appears on none of them, José (a person) where people
    are offered."""
    imported(group)
    adventure = AdventureFactory(group=group, by=member.user)
    pages = {
        "campaign attempt log": reverse("campaign:log", args=[group.pk, adventure.pk]),
        "campaign dashboard": reverse("campaign:dashboard", args=[group.pk, adventure.pk]),
        "bonfire": reverse("bonfire:games", args=[group.pk]),
        "solsticio": reverse("solsticio:list", args=[group.pk]),
        "play log form": reverse("games:log", args=[group.pk]),
    }
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, name
        assert "Anonymous player" not in text(response), name
    assert "José" in text(client.get(pages["campaign attempt log"]))


def test_a_forged_anonymous_flag_on_a_new_line_is_ignored(group, client, member):
    """The log form offers no anonymous line: a flag posted anyway leaves the name a person's."""
    playlog.ensure_catalog(group=group)
    game = playlog.builtin_game(group=group, key=BuiltinGame.BONFIRE)
    data = {
        "game": game.pk, "played_at": "2025-01-05T18:00", "time_zone": "UTC",
        "line-TOTAL_FORMS": 1, "line-INITIAL_FORMS": 0, "line-MIN_NUM_FORMS": 0,
        "line-MAX_NUM_FORMS": forms.MAX_LINES,
        "line-0-name": "Rui", "line-0-score": "4", "line-0-anonymous": "on",
    }  # fmt: skip
    assert client.post(reverse("games:log", args=[group.pk]), data).status_code == 302
    person = PlayerResult.objects.get(play__group=group).person
    assert (person.name, person.anonymous) == ("Rui", False)
    assert not Person.rows.filter(group=group, anonymous=True).exists()


def test_deleting_the_group_deletes_its_anonymous_player(group):
    imported(group)
    group.delete()
    assert not Person.rows.filter(group_id=group.pk).exists()
    assert not PlayerResult.objects.filter(play__group_id=group.pk).exists()
