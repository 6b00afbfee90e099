"""Players are the group's people: one person per name whatever its case, guests linked to a
member who joins, statistics counting a person once under their current name."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaign import exchange, services
from campaign.models import Adventure, AttemptPlayer, MissionAttempt
from campaign.seats import link_guest
from campaign.table import services as table
from games.models import Person, Play
from games.people import PeopleError, people_names, save_name
from stats import services as stats_services
from tests.factories import AdventureFactory, log_attempt
from tests.support.pages import text

pytestmark = pytest.mark.django_db


def seated(attempt: MissionAttempt) -> list[str]:
    return [s.person.name for s in attempt.seats.select_related("person")]


def participation(client, group) -> dict[str, int]:
    """The group statistics page's "Attempts played by each player", as its table shows it."""
    stats_services.drain_outbox()
    response = client.get(reverse("stats:group", args=[group.pk]))
    chart = response.context["sections"][0].charts[0]
    return {label: int(value) for label, value in chart.rows}


def test_two_spellings_of_one_name_are_one_person_in_statistics(client, adventure, owner):
    log_attempt(adventure, by=owner, players=["Alice", "Ben"])
    log_attempt(adventure, by=owner, players=["alice", "Ben"])
    first, second = adventure.attempts.order_by("number")
    assert second.players == ["alice", "Ben"]  # the history keeps what was typed
    assert seated(first) == seated(second) == ["Alice", "Ben"]
    client.force_login(owner)
    assert participation(client, adventure.group) == {"Alice": 2, "Ben": 2}
    save_name(Person.objects.get(name="Alice"), "Alicia")
    assert participation(client, adventure.group) == {"Alicia": 2, "Ben": 2}  # the current name


def test_quick_log_picks_a_person_in_any_case_and_adds_guests(client, adventure, player):
    Person.objects.create(group=adventure.group, name="Alice")
    client.force_login(player)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    offered = client.get(url).context["form"].people  # the seat picker's names
    assert {"Alice", player.username} <= set(offered)
    data = {"number": 1, "mission": 1, "result": "success", "played_on": "2025-03-01"}
    response = client.post(url, data | {"players": "ALICE\nZoë"})
    assert response.status_code == 302
    attempt = adventure.attempts.get()
    assert attempt.players == ["Alice", "Zoë"]
    zoe = Person.objects.get(group=adventure.group, name="Zoë")
    assert zoe.user is None  # a guest, made in the same request
    assert seated(attempt) == ["Alice", "Zoë"]
    response = client.post(url, data | {"number": 2, "players": "alice\nAlice"})
    assert "“Alice” is listed twice." in text(response)
    assert adventure.attempts.count() == 1


def test_correction_seats_the_people_again(client, adventure, owner):
    log_attempt(adventure, by=owner, players=["Ana", "Ben"])
    attempt = adventure.attempts.get()
    save_name(Person.objects.get(name="Ana"), "Anna")
    client.force_login(owner)
    url = reverse("campaign:attempt-edit", args=[adventure.group_id, adventure.pk, 1])
    form = client.get(url).context["form"]
    assert form.initial["players"] == "Anna\nBen"  # the people as they are called now
    services.edit_attempt(
        attempt=attempt,
        data=services.AttemptData(mission=1, result="success", players=["anna", "Cy"]),
        by=owner,
        log_version=None,
    )
    assert seated(attempt) == ["Anna", "Cy"]
    assert not Person.objects.filter(name__iexact="anna").exclude(name="Anna").exists()
    play = Play.objects.get(attempt_ref=attempt.pk)
    assert [r.person.name for r in play.results.all()] == ["Anna", "Cy"]


def test_old_attempts_are_matched_to_people_by_the_command(adventure, owner):
    """The migration of names typed before people existed: any case matches, once."""
    log_attempt(adventure, by=owner, players=["Ana", "Ben"])
    log_attempt(adventure, by=owner, players=["Ana", "Ben"])
    AttemptPlayer.objects.all().delete()
    MissionAttempt.objects.filter(number=2).update(players=["ANA", "Cy"])
    out = io.StringIO()
    call_command("link_players", stdout=out)
    call_command("link_players", stdout=out)
    assert out.getvalue().count("Linked") == 1  # the second run finds nothing to link
    first, second = adventure.attempts.order_by("number")
    assert seated(first) == ["Ana", "Ben"]
    assert seated(second) == ["Ana", "Cy"]
    assert AttemptPlayer.objects.count() == 4
    assert Person.objects.filter(group=adventure.group, name__iexact="ana").count() == 1


def test_import_matches_people_in_any_case_and_round_trips(adventure, group, owner):
    log_attempt(adventure, by=owner, players=["ana", "Ben"])
    document = exchange.export_document([adventure], group_name=group.name)
    Person.objects.filter(name="ana").update(name="Ana")
    [copy] = services.import_adventures(
        group=group, adventures=exchange.parse_document(document), by=owner
    )
    attempt = copy.attempts.get()
    assert attempt.players == ["ana", "Ben"]
    assert seated(attempt) == ["Ana", "Ben"]
    again = exchange.export_document([Adventure.objects.get(pk=copy.pk)], group_name=group.name)
    assert again["adventures"][0]["attempts"] == document["adventures"][0]["attempts"]


def test_people_page_adds_renames_and_refuses_a_name_in_another_case(client, group, player):
    client.force_login(player)
    url = reverse("campaign:people", args=[group.pk])
    page = client.get(url)
    assert [row["person"].name for row in page.context["rows"]] == [player.username]  # by itself
    assert client.post(url, {"action": "add", "add-name": "Bob"}).status_code == 302
    response = client.post(url, {"action": "add", "add-name": " BOB "})
    assert response.status_code == 400
    errors = response.context["add_form"].errors["name"]
    assert errors == ["The group already has someone called “BOB”."]
    bob = Person.objects.get(group=group, name="Bob")
    response = client.post(
        url, {"action": "rename", "person": bob.pk, f"rename-{bob.pk}-name": player.username}
    )
    assert response.status_code == 400
    assert (
        client.post(
            url, {"action": "rename", "person": bob.pk, f"rename-{bob.pk}-name": "Robert"}
        ).status_code
        == 302
    )
    assert Person.objects.get(pk=bob.pk).name == "Robert"


def test_people_page_is_scoped_and_read_only_for_viewers(client, group, viewer, outsider):
    other = Person.objects.create(group=AdventureFactory(by=outsider).group, name="Eve")
    client.force_login(viewer)
    url = reverse("campaign:people", args=[group.pk])
    assert client.get(url).status_code == 200
    assert client.post(url, {"action": "add", "add-name": "Bob"}).status_code == 403
    client.force_login(outsider)
    assert client.get(url).status_code == 404
    member_url = reverse("campaign:people", args=[other.group_id])
    client.force_login(viewer)
    assert client.get(member_url).status_code == 404
    assert not Person.objects.filter(name="Bob").exists()


def test_a_person_posted_as_a_digit_that_is_no_number_is_not_found(client, group, owner):
    """ "²" is a digit to Python's ``isdigit`` but no number to ``int``: no such person (404)."""
    client.force_login(owner)
    url = reverse("campaign:people", args=[group.pk])
    assert client.post(url, {"action": "rename", "person": "²"}).status_code == 404


def test_linking_a_guest_merges_their_history_into_the_member(client, adventure, owner, player):
    log_attempt(adventure, by=owner, players=["Pia", "Ben"])
    log_attempt(adventure, by=owner, players=[player.username, "Ben"])
    guest = Person.objects.get(name="Pia")
    member = Person.objects.get(user=player)
    client.force_login(owner)
    url = reverse("campaign:people", args=[adventure.group_id])
    response = client.post(
        url, {"action": "link", "person": guest.pk, f"link-{guest.pk}-member": member.pk}
    )
    assert response.status_code == 302
    assert not Person.objects.filter(pk=guest.pk).exists()
    member.refresh_from_db()
    assert (member.name, member.user) == ("Pia", player)  # the name the table knew
    assert [seated(a)[0] for a in adventure.attempts.order_by("number")] == ["Pia", "Pia"]
    assert participation(client, adventure.group) == {"Ben": 2, "Pia": 2}
    assert Play.objects.filter(results__person=member).count() == 2


def test_a_guest_and_a_member_at_the_same_attempt_are_not_linked(adventure, owner, player):
    log_attempt(adventure, by=owner, players=["Pia", player.username])
    guest, member = Person.objects.get(name="Pia"), Person.objects.get(user=player)
    with pytest.raises(PeopleError, match="both played attempt 1"):
        link_guest(guest=guest, member=member)
    with pytest.raises(PeopleError, match="Only a guest"):
        link_guest(guest=member, member=member)
    assert Person.objects.filter(pk=guest.pk).exists()


def test_table_setup_seats_people_in_any_case_and_adds_guests_at_once(client, adventure, owner):
    Person.objects.create(group=adventure.group, name="Ana")
    client.force_login(owner)
    setup_url = reverse("table:setup", args=[adventure.group_id, adventure.pk])
    response = client.post(
        setup_url, {"players": "ana\nBen\nCy", "first_player": "ANA", "trump": "green"}
    )
    assert response.status_code == 302
    attempt = adventure.attempts.get()  # open: the guests exist before any result
    assert table.state_of(attempt).seats[:3] == ("Ana", "Ben", "Cy")
    assert table.state_of(attempt).current_seat == "Ana"
    assert seated(attempt) == ["Ana", "Ben", "Cy"]


def test_a_member_whose_name_someone_else_has_gets_a_person_of_their_own(group, owner, player):
    Person.objects.create(group=group, name=player.username.upper(), user=owner)
    names = people_names(group)
    assert f"{player.username} ({player.pk})" in names
    assert Person.objects.get(user=player).name == f"{player.username} ({player.pk})"
    assert people_names(group) == names  # made once
