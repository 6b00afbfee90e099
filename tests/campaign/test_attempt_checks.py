"""A logged or corrected attempt is checked where it stands in the log: a live correction preview
that cannot be computed says why next to the fields, and no attempt claims more rounds than its
mission had under the Moon tiles, Power tiles and relief in force (``mission_rounds``)."""

import re

import pytest
from django.urls import reverse

from campaign import services
from campaign.models import Adventure, MissionAttempt
from campaign.table import services as table
from games.rules.spirits.campaign import OPEN_ENVELOPE
from tests.campaign.test_views import log_form
from tests.factories import log_attempt
from tests.support import pages
from tests.support.pages import text

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def edit_url(adventure, number=1):
    return reverse("campaign:attempt-edit", args=[adventure.group_id, adventure.pk, number])


def correction(adventure, **fields):
    version = Adventure.objects.get(pk=adventure.pk).log_version
    return log_form(adventure, mission="1", **fields) | {"log_version": version}


def element(response, ident):
    """The text of the element with id ``ident``, tags stripped ('' when it is absent)."""
    found = re.search(rf'id="{ident}"[^>]*>(.*?)</div>', response.content.decode(), re.S)
    return re.sub(r"<[^>]+>|\s+", " ", found.group(1)).strip() if found else ""


def test_a_blocked_live_preview_answers_with_the_reason_next_to_the_field(client, adventure, owner):
    """An htmx preview answers 200 (a 4xx would replace the page); the full form answers 400."""
    log_attempt(adventure, by=owner)
    client.force_login(owner)
    data = correction(adventure, result="failure", failure_reason="")
    live = client.post(edit_url(adventure), data, headers=HTMX)
    assert live.status_code == 200
    assert element(live, "id_failure_reason_errors") == "Say why the mission failed."
    assert "Fix the highlighted fields to see the preview." in text(live)
    assert 'id="id_players_feedback" hx-swap-oob="true"' in live.content.decode()
    whole = client.post(edit_url(adventure), data)
    assert whole.status_code == 400
    assert element(whole, "id_failure_reason_errors") == "Say why the mission failed."
    fixed = client.post(edit_url(adventure), data | {"failure_reason": "abandoned"}, headers=HTMX)
    assert fixed.status_code == 200
    assert element(fixed, "id_failure_reason_errors") == ""
    assert "Fix the highlighted fields" not in text(fixed)
    assert MissionAttempt.objects.get().status == "success"


@pytest.fixture
def dark_dawn(adventure, owner):
    """Mission 1 logged, then the new moon's black envelope (Dark Dawn: one round fewer) opened.

    Seed 003, "The Moon Path": Moon tiles "stack and last until the end of the game"."""
    log_attempt(adventure, by=owner)
    services.add_override(
        adventure=adventure, kind=OPEN_ENVELOPE, target="moon-new", reason="box", by=owner
    )
    return Adventure.objects.get(pk=adventure.pk)


def test_dashboard_setup_and_table_count_the_same_rounds(client, dark_dawn, owner):
    client.force_login(owner)
    rounds = dark_dawn.content_pack.pack().mission(2).rounds - 1
    dashboard = client.get(dark_dawn.get_absolute_url())
    assert f"({rounds} rounds)" in element_text(dashboard, "next-mission")
    setup = client.get(reverse("table:setup", args=[dark_dawn.group_id, dark_dawn.pk]))
    assert f"{rounds} rounds," in element_text(setup, "mission-line")
    attempt = table.begin_mission(
        adventure=dark_dawn, by=owner, players=["Ana", "Bea", "Cid"], first_player="Ana"
    )
    assert table.state_of(attempt).rounds == rounds


def element_text(response, ident):
    found = re.search(rf'id="{ident}"[^>]*>(.*?)</p>', text(response), re.S)
    return found.group(1) if found else ""


def test_a_quick_log_cannot_claim_more_rounds_than_the_mission_had(client, dark_dawn, owner):
    client.force_login(owner)
    url = reverse("campaign:log", args=[dark_dawn.group_id, dark_dawn.pk])
    response = client.post(url, log_form(dark_dawn, rounds_played="7"))
    assert response.status_code == 400
    assert element(response, "id_rounds_played_errors") == (
        "Mission 2 lasts 6 rounds at this point of the adventure: an attempt cannot play more."
    )
    assert dark_dawn.attempts.count() == 1
    assert client.post(url, log_form(dark_dawn, rounds_played="6")).status_code == 302


def test_a_power_tile_adding_a_round_allows_one_more(owner, dark_dawn):
    """Seed 003, "Rewards": Power tiles placed before a mission give "extra help"; the sample
    pack's Seedling (white envelope D) adds a round, cancelling Dark Dawn's."""
    services.add_override(adventure=dark_dawn, kind=OPEN_ENVELOPE, target="D", reason="", by=owner)
    dark_dawn.refresh_from_db()
    with pytest.raises(services.CampaignError) as refused:
        log_attempt(dark_dawn, rounds_played=8, loadout={"hearth": "seedling"})
    assert refused.value.field == "rounds_played"
    log_attempt(dark_dawn, rounds_played=7, loadout={"hearth": "seedling"})
    assert dark_dawn.attempts.get(number=2).rounds_played == 7


def test_a_correction_is_checked_against_the_rounds_of_its_own_place(client, dark_dawn, owner):
    """Attempt 1 came before Dark Dawn: it may keep Mission 1's full 7 rounds, not more."""
    client.force_login(owner)
    url = edit_url(dark_dawn)
    too_many = client.post(url, correction(dark_dawn, rounds_played="8"), headers=HTMX)
    assert element(too_many, "id_rounds_played_errors").startswith("Mission 1 lasts 7 rounds")
    done = client.post(url, correction(dark_dawn, rounds_played="7") | {"confirm": "1"})
    assert done.status_code == 302
    assert dark_dawn.attempts.get(number=1).rounds_played == 7


def test_the_attempt_page_and_the_reference_count_the_rounds_of_the_campaign(
    client, dark_dawn, owner
):
    """Not the pack's base count (``mission_rounds``): an attempt's page gives the rounds its
    mission had when it was played (Moon tiles in force then, its own Power tiles); the reference
    gives what each mission lasts now. Seed 003, "The Moon Path" and "Rewards"."""
    pack = dark_dawn.content_pack.pack()
    services.add_override(adventure=dark_dawn, kind=OPEN_ENVELOPE, target="D", reason="", by=owner)
    log_attempt(dark_dawn, by=owner)  # Mission 2 under Dark Dawn
    log_attempt(dark_dawn, by=owner, loadout={"hearth": "seedling"})  # Mission 3, one back
    client.force_login(owner)

    def attempt_page(number):
        url = reverse("campaign:attempt", args=[dark_dawn.group_id, dark_dawn.pk, number])
        return pages.element_text(client.get(url), "attempt-mission")

    base = {n: pack.mission(n).rounds for n in (1, 2, 3, 4)}
    assert attempt_page(1) == f"1. {pack.mission(1).name} ({base[1]} rounds)"  # before Dark Dawn
    assert attempt_page(2) == f"2. {pack.mission(2).name} ({base[2] - 1} rounds)"
    assert attempt_page(3) == f"3. {pack.mission(3).name} ({base[3]} rounds)"
    reference = client.get(reverse("campaign:reference", args=[dark_dawn.group_id, dark_dawn.pk]))
    for number in (1, 4):
        shown = pages.element_text(reference, f"mission{number}")
        assert f"{base[number] - 1} rounds now." in shown
