"""Dates and times as each language writes them (``config/formats``), the same on every page:
the campaign history, the attempt page, the adventure's audit log, the dashboard, the play log,
a play's page and its delete page, and the statistics. A date input's value is ``yyyy-mm-dd`` in
every language (a browser's date input refuses any other value and shows it empty)."""

import datetime
import re
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import formats, timezone, translation

from accounts.services import BROWSER_TIME_ZONE_COOKIE
from campaign import forms as campaign_forms
from campaign.models import AuditEntry, MissionAttempt, Note
from campaign.views import attempt_forms_kwargs
from games import playlog
from games.models import CatalogGame, PlayAudit
from stats import pages, services
from stats.models import StatsSnapshot
from tests.factories import AdventureFactory, log_attempt
from tests.support.pages import text

LANGUAGES = ["en", "pt-br", "ca"]
PLAYED_ON = datetime.date(2026, 12, 2)
# 21:05 UTC; the pages read it in the reader's zone (UTC here: no zone cookie, no preference).
MOMENT = datetime.datetime(2026, 12, 2, 21, 5, tzinfo=datetime.UTC)
DAY = {"en": "Dec. 2, 2026", "pt-br": "2 de dez. de 2026", "ca": "2 de des. de 2026"}
WHEN = {
    "en": "Dec. 2, 2026, 9:05 PM",
    "pt-br": "2 de dez. de 2026, 21:05",
    "ca": "2 de des. de 2026, 21:05",
}
ISO_ON_A_PAGE = re.compile(
    r">\s*\d{4}-\d{2}-\d{2}"
)  # an ISO date as a page's text, not an attribute


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_writes_its_dates_its_own_way(language):
    """Lower-case months in Portuguese and Catalan, "d’" before a vowel in Catalan, May not
    abbreviated in Portuguese ("maio"), a comma before the time."""
    april, may = datetime.date(2026, 4, 2), datetime.date(2026, 5, 2)
    expected = {
        "en": ("April 2, 2026", "May 2, 2026", "12/02/2026", "12/02/2026 9:05 PM"),
        "pt-br": ("2 de abr. de 2026", "2 de maio de 2026", "02/12/2026", "02/12/2026 21:05"),
        "ca": ("2 d’abr. de 2026", "2 de maig de 2026", "02/12/2026", "02/12/2026 21:05"),
    }
    with translation.override(language):
        assert formats.date_format(PLAYED_ON) == DAY[language]
        assert formats.date_format(MOMENT, "DATETIME_FORMAT") == WHEN[language]
        shown = (
            formats.date_format(april),
            formats.date_format(may),
            formats.date_format(PLAYED_ON, "SHORT_DATE_FORMAT"),
            formats.date_format(MOMENT, "SHORT_DATETIME_FORMAT"),
        )
    assert shown == expected[language]


def test_catalan_elides_de_before_the_three_months_that_start_with_a_vowel():
    with translation.override("ca"):
        months = [formats.date_format(datetime.date(2026, m, 2)) for m in range(1, 13)]
    elided = [m for m in months if "d’" in m]
    assert elided == ["2 d’abr. de 2026", "2 d’ag. de 2026", "2 d’oct. de 2026"]
    assert all(re.fullmatch(r"2 (de [a-zç]+\.?|d’[a-z]+\.) de 2026", m) for m in months), months


@pytest.fixture
def dated(group, owner):
    """An attempt played on 2 December 2026 with a note, its audit entry, and a play of the play
    log with its audit entry, all at 21:05 UTC that day."""
    adventure = AdventureFactory(group=group, by=owner)
    attempt = log_attempt(adventure, by=owner, played_on=PLAYED_ON).attempt
    Note.objects.create(
        attempt=attempt, author=owner, author_name=owner.username, text="Close", created_at=MOMENT
    )
    AuditEntry.objects.filter(adventure=adventure).update(at=MOMENT)
    playlog.ensure_catalog(group=group)
    game = CatalogGame.objects.get(group=group, builtin="bonfire")
    data = playlog.PlayData(
        game=game, played_at=MOMENT, lines=[playlog.LineData(name="Ana", score=None)]
    )
    play = playlog.log_play(group=group, data=data, by=owner)
    PlayAudit.objects.filter(play=play).update(at=MOMENT)
    return {"group": group, "adventure": adventure, "attempt": attempt, "play": play}


def page(client, url, language):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return text(response)


def adventure_url(name, dated, *args):
    return reverse(name, args=[dated["group"].pk, dated["adventure"].pk, *args])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("place", "shown"),
    [
        ("campaign:history", [DAY]),
        ("campaign:attempt", [DAY, WHEN]),  # the date played, the note's moment
        ("campaign:audit", [WHEN]),
        ("campaign:dashboard", [DAY, WHEN]),  # the recent attempts, the latest changes
    ],
)
def test_the_campaign_pages_write_dates_the_language_s_way(
    client, owner, dated, language, place, shown
):
    client.force_login(owner)
    args = (1,) if place == "campaign:attempt" else ()
    body = page(client, adventure_url(place, dated, *args), language)
    for expected in shown:
        assert expected[language] in body, (place, expected[language])
    assert not ISO_ON_A_PAGE.search(body), place


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("place", ["games:history", "games:play", "games:delete"])
def test_the_play_log_writes_dates_the_language_s_way(client, owner, dated, language, place):
    """The play log, a play's page (its time and its audit trail), the page that deletes it."""
    client.force_login(owner)
    args = (
        [dated["group"].pk] if place == "games:history" else [dated["group"].pk, dated["play"].pk]
    )
    body = page(client, reverse(place, args=args), language)
    count = 2 if place == "games:play" else 1
    assert body.count(WHEN[language]) == count, place
    assert not ISO_ON_A_PAGE.search(body), place


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_statistics_say_when_their_numbers_date_from_the_language_s_way(
    client, owner, dated, language
):
    """The same words as the dashboard ("2 Dez 2026" and "02/12/2026" no more)."""
    services.drain_outbox()
    StatsSnapshot.objects.update(computed_at=MOMENT)
    client.force_login(owner)
    for url in (
        reverse("stats:group", args=[dated["group"].pk]),
        adventure_url("stats:adventure", dated),
    ):
        body = page(client, url, language)
        assert re.search(r"\s+".join(["", *WHEN[language].split(" ")]), body), url


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_envelopes_chart_dates_its_points_the_language_s_way(language):
    envelopes = [
        {"date": None, "count": 1, "opened": 1},
        {"date": "2026-12-02", "count": 2, "opened": 3},
    ]
    with translation.override(language):
        chart = pages.campaign_charts({"envelopes": envelopes}, scope="adventure")[-1]
        by_hand = translation.gettext("by hand")
    assert [row[0] for row in chart.rows] == [by_hand, DAY[language]]


@pytest.mark.parametrize("language", ["en", "pt-br", "ca"])
def test_the_date_inputs_carry_an_iso_value_in_every_language(client, owner, dated, language):
    """The correction form and the quick log: ``value="2026-12-02"``, never "02/12/2026"; the quick
    log starts on today in the reader's zone."""
    client.force_login(owner)
    correction = page(client, adventure_url("campaign:attempt-edit", dated, 1), language)
    assert 'type="date" name="played_on" value="2026-12-02"' in correction
    quick_log = page(client, adventure_url("campaign:log", dated), language)
    today = timezone.localdate().isoformat()
    assert f'type="date" name="played_on" value="{today}"' in quick_log
    for body in (correction, quick_log):
        assert not re.search(r'type="date"[^>]*value="\d\d/', body)


@pytest.mark.parametrize("language", ["pt-br", "ca"])
def test_the_correction_form_reads_back_the_date_it_shows(owner, dated, language):
    """What the form renders is what it accepts: the value of its date input, posted back as it
    is, is the same date (the bug: a Portuguese form rendered 02/12/2026, which the browser
    dropped, and the preview said the date was missing)."""
    attempt = MissionAttempt.objects.get(pk=dated["attempt"].pk)
    kwargs = attempt_forms_kwargs(attempt.adventure, owner)
    with translation.override(language):
        form = campaign_forms.CorrectionForm(initial={"played_on": attempt.played_on}, **kwargs)
        value = form["played_on"].value()
        rendered = str(form["played_on"])
        field = form.fields["played_on"]
        assert field.clean(field.widget.format_value(value)) == PLAYED_ON
    assert 'value="2026-12-02"' in rendered


def test_the_quick_log_starts_on_today_in_the_reader_s_zone(client, owner, dated):
    """At 23:30 UTC it is already tomorrow in Tokyo."""
    client.force_login(owner)
    client.cookies[BROWSER_TIME_ZONE_COOKIE] = "Asia/Tokyo"
    late = datetime.datetime(2026, 12, 2, 23, 30, tzinfo=datetime.UTC)
    with mock.patch("django.utils.timezone.now", return_value=late):
        quick_log = page(client, adventure_url("campaign:log", dated), "pt-br")
    assert 'type="date" name="played_on" value="2026-12-03"' in quick_log
