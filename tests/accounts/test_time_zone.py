"""The time zone pages show times in: the one stored on the account, else the browser's (the
cookie static/js/app.js sets), else UTC."""

import datetime
import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.models import Preference
from games import playlog
from games.models import CatalogGame, PlayStatsSnapshot
from groups.models import Role
from tests.accounts.test_preference import log_in, switch
from tests.factories import AdventureFactory, MembershipFactory
from tests.support.pages import text

pytestmark = pytest.mark.django_db
NOON_UTC = datetime.datetime(2025, 1, 15, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture
def member():
    return MembershipFactory(role=Role.OWNER)


@pytest.fixture
def dashboard(member):
    """The dashboard of an adventure whose audit entry was written at 12:00 UTC."""
    adventure = AdventureFactory(group=member.group, by=member.user)
    adventure.audit.update(at=NOON_UTC)
    return adventure.get_absolute_url()


def browser(zone=""):
    client = Client()
    if zone:
        client.cookies[services.BROWSER_TIME_ZONE_COOKIE] = zone
    return client


def test_times_follow_the_browser_s_time_zone(member, dashboard):
    shown_in = {"": "12:00", "America/Sao_Paulo": "09:00", "Asia/Tokyo": "21:00", "Mars/X": "12:00"}
    for zone, shown in shown_in.items():
        client = browser(zone)
        log_in(client, member.user)
        assert f"2025-01-15T{shown}:00" in client.get(dashboard).content.decode(), zone
    assert timezone.get_current_timezone_name() == "UTC", "no zone outlives its request"


def test_the_account_s_time_zone_wins_on_every_device(member, dashboard):
    phone = browser("America/Sao_Paulo")
    log_in(phone, member.user)
    response = phone.post(reverse("account"), {"time_zone": "Asia/Tokyo"})
    assert response.status_code == 302
    assert Preference.objects.get(user=member.user).time_zone == "Asia/Tokyo"
    assert "2025-01-15T21:00:00" in phone.get(dashboard).content.decode()
    laptop = browser("Europe/Lisbon")
    log_in(laptop, member.user)
    assert "2025-01-15T21:00:00" in laptop.get(dashboard).content.decode()
    phone.post(reverse("account"), {"time_zone": ""})  # back to the browser's
    assert "2025-01-15T09:00:00" in phone.get(dashboard).content.decode()


def test_a_time_zone_not_in_the_list_is_refused_next_to_the_field(member):
    client = browser()
    log_in(client, member.user)
    response = client.post(reverse("account"), {"time_zone": "Mars/Olympus"})
    assert response.status_code == 400
    assert 'id="id_time_zone_errors"' in response.content.decode()
    assert "Choose a time zone from the list." in response.content.decode()
    assert not Preference.objects.exists()


def test_the_account_page_names_the_browser_s_zone_and_keeps_the_language(member):
    client = browser("America/Sao_Paulo")
    log_in(client, member.user)
    switch(client, "ca")
    page = client.get(reverse("account")).content.decode()
    assert "America/Sao_Paulo" in page
    client.post(reverse("account"), {"time_zone": "Asia/Tokyo"})
    preference = Preference.objects.get(user=member.user)
    assert (preference.language, preference.time_zone) == ("ca", "Asia/Tokyo")


def test_the_time_zone_is_read_once_per_session(member, dashboard):
    services.set_preference(user=member.user, time_zone="Asia/Tokyo")
    client = browser()
    log_in(client, member.user)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(dashboard).content.decode()
    assert "2025-01-15T21:00:00" in page
    assert not [q for q in queries if "accounts_preference" in q["sql"]]


@pytest.fixture
def play(member):
    """A play of the member's group, logged for 12:00 UTC."""
    playlog.ensure_catalog(group=member.group)
    bonfire = CatalogGame.objects.get(group=member.group, builtin="bonfire")
    data = playlog.PlayData(
        game=bonfire, played_at=NOON_UTC, lines=[playlog.LineData(name="Ana", score=None)]
    )
    return playlog.log_play(group=member.group, data=data, by=member.user)


def test_the_play_log_shows_times_in_the_browser_s_zone_like_every_page(member, dashboard, play):
    """A member whose browser is in São Paulo reads 09:00 for 12:00 UTC on the dashboard, the play
    history, the play's page and the form to log a play (which starts in that zone)."""
    client = browser("America/Sao_Paulo")
    log_in(client, member.user)
    group = member.group.pk
    assert "2025-01-15T09:00:00" in client.get(dashboard).content.decode()
    history = text(client.get(reverse("games:history", args=[group])))
    assert "Jan. 15, 2025, 9:00 AM" in history
    assert "Times in America/Sao_Paulo" in history
    assert "Jan. 15, 2025, 9:00 AM" in text(client.get(play.get_absolute_url()))
    form = client.get(reverse("games:log", args=[group])).context["form"]
    assert form["time_zone"].value() == "America/Sao_Paulo"


def test_the_play_log_follows_the_account_s_zone_and_keeps_no_zone_of_its_own(member, play):
    """Logging a play typed in Lisbon's time does not change the zone pages show times in."""
    services.set_preference(user=member.user, time_zone="Asia/Tokyo")
    client = browser("America/Sao_Paulo")
    log_in(client, member.user)
    group = member.group.pk
    form = client.get(reverse("games:log", args=[group])).context["form"]
    assert form["time_zone"].value() == "Asia/Tokyo"
    assert "Jan. 15, 2025, 9:00 PM" in text(client.get(play.get_absolute_url()))
    response = client.post(
        reverse("games:log", args=[group]),
        {
            "game": play.game.pk, "played_at": "2025-02-01T19:30", "time_zone": "Europe/Lisbon",
            "line-TOTAL_FORMS": "1", "line-INITIAL_FORMS": "0", "line-0-name": "Bea",
        },
    )  # fmt: skip
    assert response.status_code == 302
    history = text(client.get(reverse("games:history", args=[group])))
    assert "Times in Asia/Tokyo" in history
    assert "Feb. 2, 2025, 4:30 AM" in history  # 19:30 in Lisbon, read in Tokyo


@pytest.mark.parametrize(
    ("account", "browser_zone", "zone", "when"),
    [
        ("", "America/Sao_Paulo", "America/Sao_Paulo", "2025-01-15 09:00:00"),
        ("Asia/Tokyo", "America/Sao_Paulo", "Asia/Tokyo", "2025-01-15 21:00:00"),
        ("", "", "UTC", "2025-01-15 12:00:00"),
    ],
)
def test_every_download_and_the_statistics_read_the_one_zone(
    member, play, account, browser_zone, zone, when
):
    """The export and import pages start in the reader's zone (the account's, else the
    browser's), the downloads for other apps write their dates in it, and the statistics say when
    they were computed in it."""
    services.set_preference(user=member.user, time_zone=account)
    client = browser(browser_zone)
    log_in(client, member.user)
    group = member.group.pk
    for page in ("games:export", "games:import"):
        form = client.get(reverse(page, args=[group])).context["form"]
        assert form["time_zone"].value() == zone, page
    (shaped,) = json.loads(client.get(reverse("games:history-download", args=[group])).content)
    assert shaped["playDate"] == when
    single = client.get(reverse("games:play-download", args=[group, play.pk]))
    assert json.loads(single.content)["playDate"] == when
    exported = client.get(reverse("games:export", args=[group]), {"time_zone": zone})
    assert [p["playDate"] for p in json.loads(exported.content)["plays"]] == [when]
    PlayStatsSnapshot.objects.update_or_create(
        group_id=group, defaults={"computed_at": NOON_UTC, "stale": False, "data": {"plays": 1}}
    )
    hour = {"America/Sao_Paulo": "9:00 AM", "Asia/Tokyo": "9:00 PM", "UTC": "12:00 PM"}[zone]
    assert f"Numbers as of Jan. 15, 2025, {hour}." in text(
        client.get(reverse("games:stats", args=[group]))
    )
