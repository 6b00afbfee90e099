"""What the live table counts, as a player sees it on a phone (360 px): how long a live mission
lasted (first move to result) on its page, in the history and in the minutes played; the rounds
of a mission under a Moon tile, the same on the dashboard, the setup, the table, the attempt's
page and the reference, and no quick log claiming more; the seats still to play a trick, in
seating order from the seat that led it."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from campaign import services
from campaign.models import Adventure, MissionAttempt
from campaign.table import services as table
from groups.models import Group, Membership, Role
from stats import services as stats
from tests.browser import table_driver as driver
from tests.campaign import table_helpers as helpers
from tests.factories import AdventureFactory, UserFactory, log_attempt

pytestmark = pytest.mark.browser
THREE = ["Ana", "Ben", "Cy"]
PAUSE = datetime.timedelta(minutes=12)


def crew():
    """Ana owns a group with one adventure of the sample pack."""
    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    return ana, AdventureFactory(group=group, by=ana)


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def whole_minutes(since, until):
    """``services.minutes_played``'s rounding, to bound what the server recorded."""
    return max(1, round((until - since).total_seconds() / 60))


def test_a_live_mission_records_how_long_it_lasted(table_session, transactional_db):
    """Issue 12, point 3: a live attempt lasts from its first move to its result; its page and
    the history show it and the adventure's minutes played count it."""
    ana, adventure = crew()
    log_attempt(adventure, by=ana, duration_minutes=30)  # logged after the table, timed by hand
    setup = helpers.setup_with_tokens(adventure, THREE, rounds=1)  # one trick, one tile
    attempt = table.begin_mission(
        adventure=adventure, by=ana, players=[], first_player="", setup=setup
    )
    phone = table_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number]))
    driver.sit(phone)
    driver.step(phone, attempt.pk)
    # The table paused after the first card (a long think): its clock started at that card.
    first = attempt.moves.get()
    first.created_at -= PAUSE
    first.save(update_fields=["created_at"])
    driver.play_until(phone, attempt.pk, "place", last=True)
    before_result = timezone.now()
    driver.step(phone, attempt.pk)
    page.wait_for_selector("#trick .result")
    after_result = timezone.now()
    phone.shot("result")
    attempt = MissionAttempt.objects.get(pk=attempt.pk)
    assert attempt.status in ("success", "failure")
    minutes = attempt.duration_minutes
    assert whole_minutes(first.created_at, before_result) <= minutes
    assert minutes <= whole_minutes(first.created_at, after_result)
    assert minutes >= PAUSE.total_seconds() / 60

    page.goto(attempt.get_absolute_url())
    expect(page.locator("#attempt-duration")).to_have_text(f"{minutes} min")
    assert no_sideways_scroll(page)
    phone.shot("attempt-page")
    page.locator("#setup").screenshot(path=phone.shots / "attempt-setup.png")

    page.goto(reverse("campaign:history", args=[adventure.group_id, adventure.pk]))
    card = page.locator("table.cards tbody tr", has_text="attempt 2 of the adventure")
    expect(card.locator('td[data-label="Duration"]')).to_have_text(f"{minutes} min")
    attempt_one = page.locator("table.cards tbody tr", has_text="attempt 1 of the adventure")
    expect(attempt_one).to_contain_text("30 min")
    assert no_sideways_scroll(page)
    phone.shot("history")

    stats.drain_outbox()
    page.goto(reverse("stats:adventure", args=[adventure.group_id, adventure.pk]))
    expect(page.locator("#total-minutes")).to_have_text(str(30 + minutes))
    phone.shot("stats-minutes-played")


def test_a_moon_tile_takes_a_round_off_on_every_screen(table_session, transactional_db):
    """Issue 12, point 7. Sample pack moon.json: box 4 of the Moon Path (new moon) opens the black
    envelope holding the Dark Dawn, "Every mission has one round fewer"; seed 003, "The Moon
    Path": each attempt checks the next box, and Moon tiles "stack and last until the end of the
    game"."""
    ana, adventure = crew()
    for _ in range(4):
        log_attempt(adventure, by=ana)
    adventure = Adventure.objects.get(pk=adventure.pk)
    assert "dark-dawn" in services.current_state(adventure).moon_tiles
    mission = adventure.current_mission
    rounds = adventure.content_pack.pack().mission(mission).rounds - 1
    group, pk = adventure.group_id, adventure.pk
    phone = table_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page

    page.goto(adventure.get_absolute_url())
    expect(page.locator("#next-mission")).to_contain_text(f"({rounds} rounds)")
    phone.shot("dashboard")

    page.goto(reverse("campaign:log", args=[group, pk]))
    page.get_by_label("Success", exact=True).check()
    page.get_by_label("Players").fill("Ana\nBen")
    page.get_by_label("Rounds played").fill(str(rounds + 1))
    page.get_by_role("button", name="Log the attempt").click()
    expect(page.locator("#id_rounds_played_errors")).to_have_text(
        f"Mission {mission} lasts {rounds} rounds at this point of the adventure: "
        "an attempt cannot play more."
    )
    expect(page.get_by_label("Rounds played")).to_have_value(str(rounds + 1))
    assert no_sideways_scroll(page)
    phone.shot("quick-log-refused")
    assert adventure.attempts.count() == 4

    page.goto(reverse("table:setup", args=[group, pk]))
    expect(page.locator("#mission-line")).to_contain_text(f"{rounds} rounds,")
    expect(page.get_by_text("Dark Dawn")).to_be_visible()
    phone.shot("setup")
    page.get_by_label("Players, in seating order").fill("\n".join(THREE))
    page.get_by_label("First player").fill("Ana")
    page.get_by_role("button", name="Start the mission").click()
    page.wait_for_url(re.compile(r"/table/\d+/$"))
    driver.sit(phone)
    expect(page.locator("#status .round")).to_have_text(f"Round 1 of {rounds}")
    phone.shot("table")
    attempt = MissionAttempt.objects.get(adventure=adventure, status="open")
    assert table.state_of(attempt).rounds == rounds

    page.goto(adventure.get_absolute_url())
    expect(page.locator("#live-mission")).to_contain_text(f"round 1 of {rounds}")
    phone.shot("dashboard-live")
    page.goto(attempt.get_absolute_url())
    expect(page.locator("#attempt-mission")).to_contain_text(f"({rounds} rounds)")
    expect(page.locator("#step-0")).to_contain_text("The mission is still being played")
    phone.shot("attempt-page")
    page.locator("#attempt-table").click()
    page.wait_for_url(re.compile(r"/table/\d+/$"))
    expect(page.locator("#status .round")).to_have_text(f"Round 1 of {rounds}")
    page.goto(reverse("campaign:reference", args=[group, pk]))
    expect(page.locator(f"#mission{mission} .mission-rounds")).to_have_text(f"{rounds} rounds now.")
    assert no_sideways_scroll(page)
    page.locator(f"#mission{mission}").screenshot(path=phone.shots / "reference-mission.png")


@pytest.mark.parametrize("leader", ["Ben", "Cy"])
def test_the_waiting_seats_follow_the_seating_from_the_leader(
    table_session, transactional_db, leader
):
    """Issue 12, point 9. Seed 003, "Playing the trick": the first player leads, "the other
    players then play a Spirit card one after the other, in clockwise order"."""
    ana, adventure = crew()
    seats = ["Ana", "Ben", "Cy", "Dee"]
    attempt = table.begin_mission(adventure=adventure, by=ana, players=seats, first_player=leader)
    phone = table_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number]))
    driver.sit(phone)
    plays = page.locator("#trick .plays")
    expect(plays.locator(".waiting.due")).to_have_text(f"{leader} leads")
    start = seats.index(leader)
    order = seats[start:] + seats[:start]
    for played in range(1, len(seats)):
        driver.step(phone, attempt.pk)
        expect(plays.locator("li:not(.waiting) .seat")).to_have_text(order[:played])
        expect(plays.locator(".waiting .seat")).to_have_text(order[played:])
        expect(plays.locator(".waiting.due .seat")).to_have_text(order[played])
        expect(page.locator("#status .turn-seat")).to_have_text(order[played])
        page.locator("#status").screenshot(path=phone.shots / f"status-{played}.png")
        plays.screenshot(path=phone.shots / f"trick-{played}-played.png")
