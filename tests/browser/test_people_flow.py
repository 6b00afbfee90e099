"""Players are the group's people, in Chromium at phone width: seats picked from the people
with a guest typed in, the same guest typed in another case, the people page refusing a name in
another case and linking the guest to a member who joined, and the group's statistics counting
each person once under their current name."""

import re

import pytest
from django.urls import reverse

from campaign.models import AttemptPlayer
from games.models import Person
from groups.models import Role
from stats import services as stats_services
from tests.browser.table_driver import log_in
from tests.browser.test_stats_pages import table_of
from tests.factories import AdventureFactory, MembershipFactory

pytestmark = pytest.mark.browser


def quick_log(session, adventure, players: str, *, tap: str = "") -> None:
    page = session.page
    page.goto(reverse("campaign:log", args=[adventure.group_id, adventure.pk]))
    page.get_by_label("Success", exact=True).check()
    page.get_by_label("Players").fill("")
    if tap:
        page.get_by_role("button", name=f"+ {tap}").click()
        assert page.get_by_label("Players").input_value() == tap
    names = page.get_by_label("Players")
    names.fill("\n".join(filter(None, [names.input_value(), players])))
    session.shot("quick-log-seats")
    page.get_by_role("button", name="Log the attempt").click()
    page.wait_for_url(re.compile(r"/attempts/\d+/$|/adventures/\d+/$"))


def test_people_pick_guests_link_and_count_once(browser_session, transactional_db):
    member = MembershipFactory(role=Role.PLAYER, user__username="ana-m")
    group = member.group
    adventure = AdventureFactory(group=group, name="Spring campaign")
    session = browser_session()
    log_in(session, "ana-m")
    page = session.page

    quick_log(session, adventure, "Alice", tap="ana-m")
    quick_log(session, adventure, "Ben", tap="Alice")  # the new guest is offered now
    quick_log(session, adventure, "alice\nana-m")  # another case: the same person
    alice = Person.objects.get(group=group, name="Alice")
    assert AttemptPlayer.objects.filter(person=alice).count() == 3
    assert Person.objects.filter(group=group).count() == 3

    page.goto(reverse("groups:detail", args=[group.pk]))
    page.locator("#people-link").click()
    assert page.locator(f"#person-{alice.pk} .person-name").inner_text() == "Alice"
    page.get_by_label("Name").first.fill("alice")
    page.get_by_role("button", name="Add the guest").click()
    error = page.locator("#id_add-name_errors")
    assert error.inner_text() == "The group already has someone called “alice”."
    session.shot("people-name-taken")

    joined = MembershipFactory(group=group, role=Role.PLAYER, user__username="al-joins")
    page.goto(reverse("campaign:people", args=[group.pk]))
    row = page.locator(f"#person-{alice.pk}")
    row.get_by_text("Link to a member who joined").click()
    member_person = Person.objects.get(user=joined.user)
    row.get_by_label("This guest is the member").select_option(str(member_person.pk))
    session.shot("people-link-guest")
    row.get_by_role("button", name="Link", exact=True).click()
    page.wait_for_load_state()
    linked = page.locator(f"#person-{member_person.pk}")
    assert linked.locator(".person-name").inner_text() == "Alice"
    assert "Member (al-joins)" in linked.inner_text()
    assert page.locator(f"#person-{alice.pk}").count() == 0
    session.shot("people-after-link")

    page.goto(reverse("table:setup", args=[group.pk, adventure.pk]))
    for name in ("Alice", "Ben"):
        page.get_by_role("button", name=f"+ {name}").click()
    assert page.get_by_label("Players, in seating order").input_value() == "Alice\nBen"
    session.shot("table-setup")
    page.locator(".setup-form").screenshot(path=str(session.shots / "table-setup-seats.png"))

    stats_services.drain_outbox()
    page.goto(reverse("stats:group", args=[group.pk]))
    assert dict(table_of(page, "Attempts played by each player")) == {
        "Alice": "3", "ana-m": "2", "Ben": "1"
    }  # fmt: skip
    session.shot("group-stats-counted-once")
    chart = page.locator("figure.chart", has=page.get_by_text("Attempts played by each player"))
    chart.first.screenshot(path=str(session.shots / "participation-chart.png"))
