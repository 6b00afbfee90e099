"""Campaign pages: scoped to the group (404 for others), read-only for viewers (403), forms that
reject bad input next to the field, and a constant number of queries whatever the history."""

import datetime
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign import exchange, forms, names, services, views
from campaign.models import Adventure, MissionAttempt, Note, RevealedSpoiler
from games import people
from groups import access, validators
from tests.factories import AdventureFactory, log_attempt
from tests.support.pages import element, element_text, text
from web import uploads


def adventure_urls(adventure):
    g, a = adventure.group_id, adventure.pk
    return {
        "GET": [
            reverse("campaign:dashboard", args=[g, a]),
            reverse("campaign:log", args=[g, a]),
            reverse("campaign:history", args=[g, a]),
            reverse("campaign:attempt", args=[g, a, 1]),
            reverse("campaign:attempt-edit", args=[g, a, 1]),
            reverse("campaign:attempt-delete", args=[g, a, 1]),
            reverse("campaign:override-new", args=[g, a]),
            reverse("campaign:audit", args=[g, a]),
            reverse("campaign:reference", args=[g, a]),
            reverse("campaign:export", args=[g, a]),
            reverse("campaign:new", args=[g]),
            reverse("campaign:import", args=[g]),
            reverse("campaign:group-export", args=[g]),
            reverse("campaign:group-history", args=[g]),
        ],
        "POST": [
            reverse("campaign:new", args=[g]),
            reverse("campaign:log", args=[g, a]),
            reverse("campaign:note-add", args=[g, a, 1]),
            reverse("campaign:attempt-edit", args=[g, a, 1]),
            reverse("campaign:attempt-delete", args=[g, a, 1]),
            reverse("campaign:override-new", args=[g, a]),
            reverse("campaign:import", args=[g]),
        ],
    }


def log_form(adventure, **overrides):
    adventure = Adventure.objects.get(pk=adventure.pk)
    data = {
        "number": adventure.attempt_count + 1,
        "mission": adventure.current_mission,
        "result": "success",
        "failure_reason": "",
        "players": "Ana\nBen",
        "rounds_played": "5",
        "played_on": "2025-03-01",
        "duration_minutes": "45",
        "note": "",
    }
    return data | overrides


@pytest.mark.django_db
def test_other_groups_get_404_on_every_adventure_url(client, adventure, outsider, owner):
    log_attempt(adventure, by=owner)
    client.force_login(outsider)
    for method, urls in adventure_urls(adventure).items():
        for url in urls:
            response = client.generic(method, url, "name=x&text=x")
            assert response.status_code == 404, (method, url)
    assert MissionAttempt.objects.filter(adventure=adventure).count() == 1


@pytest.mark.django_db
def test_an_adventure_of_another_group_in_ones_own_group_url_is_404(client, adventure, outsider):
    own_group = outsider.memberships.get().group
    client.force_login(outsider)
    response = client.get(reverse("campaign:dashboard", args=[own_group.pk, adventure.pk]))
    assert response.status_code == 404


@pytest.mark.django_db
def test_viewers_read_but_cannot_change_anything(client, adventure, owner, viewer):
    log_attempt(adventure, by=owner)
    client.force_login(viewer)
    assert client.get(adventure.get_absolute_url()).status_code == 200
    assert (
        client.get(reverse("campaign:history", args=[adventure.group_id, adventure.pk])).status_code
        == 200
    )
    for url in adventure_urls(adventure)["POST"]:
        response = client.post(url, log_form(adventure) | {"name": "x", "text": "x"})
        assert response.status_code == 403, url
        assert str(access.READ_ONLY) in text(response)
    assert MissionAttempt.objects.filter(adventure=adventure).count() == 1
    assert Note.objects.count() == 0


@pytest.mark.django_db
def test_anonymous_is_sent_to_login(client, adventure):
    response = client.get(adventure.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_new_adventure_from_the_group_page(client, group, player):
    client.force_login(player)
    page = client.get(group.get_absolute_url())
    assert "New adventure" in text(page)
    response = client.post(reverse("campaign:new", args=[group.pk]), {"name": "Spring run"})
    adventure = Adventure.objects.get(name="Spring run")
    assert response["Location"] == adventure.get_absolute_url()
    assert "Spring run" in text(client.get(group.get_absolute_url()))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "This field is required."),
        ("x" * 10_000, "Ensure this value has at most 80 characters (it has 10000)."),
        ("<script>alert(1)</script>", validators.MARKUP_IN_NAME),
    ],
)
def test_new_adventure_rejects_bad_names(client, group, player, name, message):
    client.force_login(player)
    response = client.post(reverse("campaign:new", args=[group.pk]), {"name": name})
    assert response.status_code == 400
    assert 'id="id_name_errors"' in response.content.decode()
    assert str(message) in text(response)
    assert not Adventure.objects.exists()


@pytest.mark.django_db
def test_quick_log_applies_the_rules_and_shows_what_changed(client, adventure, player):
    client.force_login(player)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    response = client.post(url, log_form(adventure, note="Close one!"), follow=True)
    assert response.status_code == 200
    page = text(response)
    assert "Moon Path box 1 checked." in page
    assert "Mission 1 completed." in page
    assert "Mission 2 opens." in page
    assert "Close one!" in page
    assert player.username in page  # the note's author


def seated(response) -> list[str]:
    """The names the quick log's Players box holds, one per line."""
    return element_text(response, "id_players").split()


@pytest.mark.django_db
def test_quick_log_starts_with_no_players_when_nobody_has_played_yet(
    client, adventure, owner, player
):
    """Seating every member would log a 3-player game with the group's 5 people."""
    client.force_login(player)
    form = client.get(reverse("campaign:log", args=[adventure.group_id, adventure.pk]))
    assert seated(form) == []
    # the group's people stay one tap away, each on a chip that adds a seat
    assert element(form, "seat-chips").attributes is not None
    offered = set(re.findall(r'data-seat="([^"]*)"', text(form)))
    assert offered == {owner.username, player.username}
    # each seated name's chip is named for a screen reader in the reader's language
    assert 'data-remove="Remove %(name)s"' in text(form)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    for language, remove in [("pt-br", "Remova %(name)s"), ("ca", "Elimina %(name)s")]:
        assert f'data-remove="{remove}"' in text(client.get(url, HTTP_ACCEPT_LANGUAGE=language))


@pytest.mark.django_db
def test_quick_log_starts_with_the_seats_of_the_adventures_last_attempt(
    client, adventure, owner, player
):
    log_attempt(adventure, by=owner, players=["Ana", "Ben", "Cy"])
    log_attempt(adventure, result="failure", by=owner, players=["Cy", "Di"])
    people.save_name(people.person_named(group=adventure.group, name="Di"), "Dina")
    client.force_login(player)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    form = client.get(url)
    # the last attempt's seats in seat order, as the group calls them now; no member added
    assert seated(form) == ["Cy", "Dina"]
    other = AdventureFactory(group=adventure.group, by=owner)
    form = client.get(reverse("campaign:log", args=[adventure.group_id, other.pk]))
    assert seated(form) == []  # another adventure's seats are not this one's


@pytest.mark.django_db
def test_quick_log_takes_player_names_as_the_table_does(client, adventure, player):
    """One rule for players' names (``campaign.names``): ``<`` and ``>`` are text, shown escaped,
    so a table's seat names can be logged, exported and imported back."""
    client.force_login(player)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    response = client.post(url, log_form(adventure, players="<3 Ana\nBen > all"))
    assert response.status_code == 302
    attempt = MissionAttempt.objects.get(adventure=adventure)
    assert attempt.players == ["<3 Ana", "Ben > all"]
    page = client.get(attempt.get_absolute_url()).content.decode()
    assert "&lt;3 Ana" in page
    assert "<3 Ana" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", "", "This field is required."),
        ("players", "x" * 10_000, "Ensure this value has at most 400 characters (it has 10000)."),
        ("players", "Ana\nB\x07en", people.PLAYER_CONTROL),
        ("players", "Ana", names.PLAYER_COUNT % {"low": 2, "high": 5}),
        ("players", "Ana\nAna", names.PLAYER_TWICE % {"name": "Ana"}),
        ("rounds_played", "seven", "Enter a whole number."),
        ("rounds_played", "99", "Ensure this value is less than or equal to 20."),
        ("played_on", "yesterday", "Enter a valid date."),
        ("mission", "99", "Select a valid choice. 99 is not one of the available choices."),
        ("mission", "5", "Mission 5 is not open: the next mission to play is Mission 1."),
        ("result", "", "This field is required."),
        ("failure_reason", "", forms.REASON_REQUIRED),
        ("note", "x" * 10_000, "Ensure this value has at most 2000 characters (it has 10000)."),
        ("space_grove", "gust", "Select a valid choice. gust is not one of the available choices."),
    ],
)
def test_quick_log_rejects_bad_input_next_to_the_field(
    client, adventure, player, field, value, message
):
    client.force_login(player)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    data = log_form(adventure, **{field: value})
    if field == "failure_reason":
        data["result"] = "failure"
    response = client.post(url, data)
    assert response.status_code == 400
    assert f'id="id_{field}_errors"' in response.content.decode()
    assert str(message) in text(response)
    assert not MissionAttempt.objects.exists()


@pytest.mark.django_db
def test_power_tile_on_locked_space_is_refused_next_to_the_space(client, adventure, player):
    for _ in range(4):
        log_attempt(adventure)  # Missions 1-4: Grove unlocked (2), Gust of Wind available (4)
    client.force_login(player)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    response = client.post(url, log_form(adventure, space_summit="gust"))
    assert response.status_code == 400
    assert 'id="id_space_summit_errors"' in response.content.decode()
    assert "Summit space is locked: a Power tile can only go on an unlocked Power space." in text(
        response
    )
    assert MissionAttempt.objects.count() == 4
    ok = client.post(url, log_form(adventure, space_grove="gust"))
    assert ok.status_code == 302
    assert MissionAttempt.objects.get(number=5).loadout == {"grove": "gust"}


@pytest.mark.django_db
def test_two_members_logging_the_same_attempt_record_it_once(client, adventure, owner, player):
    """The second form was opened before the first was sent: it gets a clear message."""
    stale = log_form(adventure)
    client.force_login(owner)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    assert client.post(url, stale).status_code == 302
    client.force_login(player)
    response = client.post(url, stale, follow=True)
    assert MissionAttempt.objects.count() == 1
    assert services.LOGGED_MEANWHILE % {
        "number": 1,
        "who": owner.username,
        "mission": 1,
        "result": "success",
    } in text(response)


@pytest.mark.django_db
def test_correction_preview_lists_downstream_changes_then_applies(client, adventure, owner):
    for _ in range(4):
        log_attempt(adventure, by=owner)
    client.force_login(owner)
    url = reverse("campaign:attempt-edit", args=[adventure.group_id, adventure.pk, 2])
    initial = client.get(url)
    assert initial.status_code == 200
    version = Adventure.objects.get(pk=adventure.pk).log_version
    data = log_form(adventure, mission="2", result="failure", failure_reason="coloured-edge")
    data |= {"log_version": version}
    preview = client.post(url, data, headers={"HX-Request": "true"})
    assert preview.status_code == 200
    assert preview.content.decode().lstrip().startswith('<div id="correction-preview"')
    assert "HX-Request" in preview["Vary"]
    assert "Power space Grove space: no longer unlocked" in text(preview)
    assert "Envelope White envelope A: no longer opened" in text(preview)  # Mission 4 undone
    assert "Attempt 3: Mission 3 was not the mission to play" in text(preview)
    assert MissionAttempt.objects.get(number=2).status == "success"  # nothing saved yet
    done = client.post(url, data | {"confirm": "1"})
    assert done.status_code == 302
    adventure.refresh_from_db()
    assert adventure.current_mission == 2
    assert adventure.audit.first().summary.startswith("Corrected attempt 2")
    assert "Power space Grove space: no longer unlocked" in adventure.audit.first().detail_lines


@pytest.mark.django_db
def test_stale_correction_is_refused(client, adventure, owner):
    log_attempt(adventure, by=owner)
    client.force_login(owner)
    url = reverse("campaign:attempt-edit", args=[adventure.group_id, adventure.pk, 1])
    data = log_form(adventure, mission="1", result="failure", failure_reason="abandoned")
    response = client.post(url, data | {"log_version": 0, "confirm": "1"})
    assert response.status_code == 400
    assert str(services.LOG_CHANGED_MEANWHILE) in text(response)
    assert MissionAttempt.objects.get().status == "success"


@pytest.mark.django_db
def test_delete_confirmation_lists_changes_then_recomputes(client, adventure, owner):
    for _ in range(3):
        log_attempt(adventure, by=owner)
    client.force_login(owner)
    url = reverse("campaign:attempt-delete", args=[adventure.group_id, adventure.pk, 1])
    page = client.get(url)
    assert "Next mission: Mission 4 → Mission 1" in text(page)
    assert "Its notes go with it. Later attempts move down one" in text(page)
    # a bare POST, without the confirmation page's log version, removes nothing
    response = client.post(url)
    assert str(views.CONFIRM_AGAIN) in text(response)
    assert Adventure.objects.get(pk=adventure.pk).attempt_count == 3
    version = page.context["preview"].log_version
    response = client.post(url, {"log_version": version})
    assert response.status_code == 302
    adventure.refresh_from_db()
    assert adventure.attempt_count == 2
    assert list(adventure.attempts.values_list("number", flat=True)) == [1, 2]


@pytest.mark.django_db
def test_history_filters_sort_and_htmx_partial(client, adventure, owner):
    log_attempt(adventure, result="failure", by=owner, played_on=datetime.date(2025, 1, 1))
    log_attempt(adventure, by=owner, players=["Cy", "Di"], played_on=datetime.date(2025, 2, 1))
    log_attempt(adventure, by=owner, played_on=datetime.date(2025, 3, 1))
    client.force_login(owner)
    url = reverse("campaign:history", args=[adventure.group_id, adventure.pk])
    response = client.get(url, {"result": "failure"})
    assert response.context["page"].paginator.count == 1
    response = client.get(url, {"player": "Cy"})
    assert [a.number for a in response.context["page"]] == [2]
    log_attempt(
        adventure, by=owner, players=["Joanne", "José"], played_on=datetime.date(2025, 4, 1)
    )
    response = client.get(url, {"player": "jose"})
    assert [a.number for a in response.context["page"]] == []  # a name, not a substring
    response = client.get(url, {"player": "josé"})
    assert [a.number for a in response.context["page"]] == [4]
    response = client.get(url, {"player": "Ann"})
    assert [a.number for a in response.context["page"]] == []
    response = client.get(url, {"date_from": "2025-02-01", "sort": "oldest"})
    assert [a.number for a in response.context["page"]] == [2, 3, 4]
    partial = client.get(url, {"mission": "1"}, headers={"HX-Request": "true"})
    assert partial.content.decode().lstrip().startswith('<div id="attempt-history"')
    assert "HX-Request" in partial["Vary"]
    bad = client.get(url, {"date_from": "2025-03-01", "date_to": "2025-01-01"})
    assert str(forms.DATES_REVERSED) in text(bad)
    group_page = client.get(reverse("campaign:group-history", args=[adventure.group_id]))
    assert group_page.context["page"].paginator.count == 4


@pytest.mark.django_db
def test_reference_is_spoiler_safe_until_revealed_for_oneself(client, adventure, owner, player):
    client.force_login(owner)
    url = reverse("campaign:reference", args=[adventure.group_id, adventure.pk])
    page = text(client.get(url))
    assert "White envelope A" in page
    assert "Opened by the White Envelope reward of Mission 4." in page
    assert "Gust of Wind" not in page  # the contents of a sealed envelope
    assert "Surround the Fox Den" not in page  # Mission 2 is not reached
    reveal = reverse("campaign:reveal", args=[adventure.group_id, adventure.pk])
    client.post(reveal, {"key": "envelope:A"})
    assert "Gust of Wind" in text(client.get(url))
    client.force_login(player)
    assert "Gust of Wind" not in text(client.get(url))
    assert RevealedSpoiler.objects.count() == 1
    assert client.post(reveal, {"key": "nonsense"}).status_code == 302
    assert RevealedSpoiler.objects.count() == 1


@pytest.mark.django_db
def test_override_opens_an_envelope_by_hand_with_reason(client, adventure, owner):
    client.force_login(owner)
    url = reverse("campaign:override-new", args=[adventure.group_id, adventure.pk])
    refused = client.post(url, {"kind": "open-envelope", "target": "red", "reason": "why not"})
    assert refused.status_code == 400
    assert 'id="id_target_errors"' in refused.content.decode()
    assert "The red envelope opens only once Mission 22 has been completed." in text(refused)
    missing = client.post(url, {"kind": "open-envelope", "target": "A", "reason": ""})
    assert 'id="id_reason_errors"' in missing.content.decode()
    ok = client.post(url, {"kind": "open-envelope", "target": "A", "reason": "table decision"})
    assert ok.status_code == 302
    assert adventure.opened_envelopes.get().source == "override"
    assert "table decision" in adventure.audit.first().summary


@pytest.mark.django_db
def test_export_and_import_through_the_pages(client, adventure, owner):
    log_attempt(adventure, by=owner)
    client.force_login(owner)
    response = client.get(reverse("campaign:export", args=[adventure.group_id, adventure.pk]))
    document = json.loads(response.content)
    assert document["format"] == "questlog-adventure/1"
    upload = SimpleUploadedFile("a.json", response.content, content_type="application/json")
    imported = client.post(reverse("campaign:import", args=[adventure.group_id]), {"file": upload})
    assert imported.status_code == 302
    assert Adventure.objects.count() == 2
    group_export = client.get(reverse("campaign:group-export", args=[adventure.group_id]))
    assert len(json.loads(group_export.content)["adventures"]) == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json", "This file is not valid JSON"),
        (b"\xff\xfe", uploads.NOT_UTF8),
        (b'{"format": "other"}', "format: expected 'questlog-adventure/1', got 'other'"),
    ],
)
def test_import_rejects_bad_files_next_to_the_field(client, group, owner, content, message):
    client.force_login(owner)
    upload = SimpleUploadedFile("a.json", content)
    response = client.post(reverse("campaign:import", args=[group.pk]), {"file": upload})
    assert response.status_code == 400
    assert 'id="id_file_errors"' in response.content.decode()
    assert str(message) in text(response)
    assert not Adventure.objects.exists()


@pytest.mark.django_db
def test_import_names_the_bad_field_and_saves_nothing(adventure, owner):
    log_attempt(adventure, by=owner)
    document = exchange.export_document([adventure], group_name="x")
    document["adventures"][0]["attempts"][0]["mission"] = "one"
    with pytest.raises(exchange.ExchangeError) as error:
        exchange.parse_document(document)
    assert (
        str(error.value) == "adventures[0].attempts[0].mission: expected an integer, got a string"
    )
    document["adventures"][0]["attempts"][0]["mission"] = 1
    document["adventures"][0]["name"] = "<script>x</script>"
    with pytest.raises(exchange.ExchangeError) as error:
        exchange.parse_document(document)
    assert str(error.value) == f"adventures[0].name: {exchange.MARKUP_IN_NAME}"


def add_attempts(adventure, count):
    """``count`` failed attempts of Mission 1, stored in bulk, then one rebuild."""
    MissionAttempt.objects.bulk_create(
        MissionAttempt(
            adventure=adventure,
            number=n,
            mission=1,
            status="failure",
            failure_reason="abandoned",
            players=["Ana", "Ben"],
            played_on=datetime.date(2025, 1, 1),
        )
        for n in range(1, count + 1)
    )
    for n in range(1, count + 1, 7):
        services.add_note(
            attempt=MissionAttempt.objects.get(adventure=adventure, number=n),
            author=None,
            text="note",
        )
    adventure = Adventure.objects.select_related("content_pack").get(pk=adventure.pk)
    services.rebuild(adventure, services.current_log(adventure))


def page_urls(adventure):
    g, a = adventure.group_id, adventure.pk
    return [
        reverse("campaign:dashboard", args=[g, a]),
        reverse("campaign:history", args=[g, a]),
        reverse("campaign:history", args=[g, a]) + "?page=2",
        reverse("campaign:group-history", args=[g]),
        reverse("campaign:attempt", args=[g, a, 15]),
        reverse("campaign:reference", args=[g, a]),
        reverse("campaign:audit", args=[g, a]),
        reverse("campaign:log", args=[g, a]),
        reverse("campaign:attempt-edit", args=[g, a, 15]),
        reverse("campaign:attempt-delete", args=[g, a, 15]),
        reverse("groups:detail", args=[g]),
    ]


def query_counts(client, adventure):
    counts = {}
    for url in page_urls(adventure):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, url
        counts[url] = len(queries)
    return counts


@pytest.mark.django_db
def test_pages_run_the_same_number_of_queries_for_20_and_200_attempts(client, group, owner):
    from tests.factories import AdventureFactory

    small = AdventureFactory(group=group, by=owner)
    large = AdventureFactory(group=group, by=owner)
    add_attempts(small, 20)
    add_attempts(large, 200)
    client.force_login(owner)
    query_counts(client, small)  # the first visit makes the members' people, once
    small_counts = list(query_counts(client, small).values())
    large_counts = list(query_counts(client, large).values())
    assert small_counts == large_counts


@pytest.mark.django_db
def test_a_locked_power_space_reads_locked_without_an_emoji(client, adventure, owner):
    """The drawn padlock beside it carries the picture: the text is the word alone, with no
    pictograph that many systems have no font for (it showed as an empty box)."""
    client.force_login(owner)
    response = client.get(adventure.get_absolute_url())
    locked = [s for s in adventure.power_spaces.all() if not s.unlocked]
    assert locked
    for space in locked:
        assert (
            element_text(response, f"space-{space.space}-state") == "locked Why?"
        )  # and the link to the rule


def test_no_template_relies_on_an_emoji_outside_the_basic_symbol_fonts():
    """Pictographs above U+FFFF (🔒, 🏆 …) show as empty boxes where no emoji font is installed;
    the symbols the screens use (✔ ✘ ☾ ✉ ★) sit in fonts every system has, with text beside."""
    found = []
    for folder in settings.TEMPLATES[0]["DIRS"]:
        for path in Path(folder).rglob("*.html"):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if any(ord(ch) > 0xFFFF for ch in line):
                    found.append(f"{path.name}:{number}")
    assert found == []
