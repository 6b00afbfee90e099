"""Removing a member and leaving a group: a page says what follows, and only its confirmed POST
acts; what it says is what happens (access lost at once, the history kept)."""

import pytest
from django.urls import reverse

from campaign.models import AttemptPlayer
from campaign.table import services as table
from games.models import Person
from groups.models import Membership
from tests.factories import AdventureFactory, log_attempt
from tests.support.pages import element_text, text


@pytest.fixture
def open_table(group, owner, player):
    """An adventure whose attempt 1 ``player`` played, and attempt 2 open at the table."""
    adventure = AdventureFactory(group=group, by=owner)
    log_attempt(adventure, by=owner, players=[player.username, "Ben"])
    return table.begin_mission(
        adventure=adventure, by=owner, players=[player.username, "Ben", "Cy"], first_player="Ben"
    )


@pytest.mark.django_db
def test_removing_a_member_asks_first_then_does_what_it_said(
    client, group, owner, player, open_table
):
    member = Membership.objects.get(group=group, user=player)
    url = reverse("groups:member-remove", args=[group.pk, member.pk])
    client.force_login(owner)
    assert url in text(client.get(group.get_absolute_url()))  # "Remove…" opens the page
    page = client.get(url)
    assert element_text(page, "what-follows") == (
        f"{player.username} will lose access to “{group.name}” at once, open tables included. "
        "Their plays and attempts stay in the history and the statistics. To come back, they "
        "need an invite link."
    )
    # a bare POST (the old one-tap form) shows the page again and removes nobody
    response = client.post(url)
    assert response.status_code == 200
    assert element_text(response, "what-follows") == element_text(page, "what-follows")
    assert Membership.objects.filter(pk=member.pk).exists()

    assert client.post(url, {"confirm": "1"}).status_code == 302
    assert not Membership.objects.filter(pk=member.pk).exists()
    # the history keeps them: their person, both seats, the history page
    person = Person.objects.get(group=group, user=player)
    assert AttemptPlayer.objects.filter(person=person).count() == 2
    adventure = open_table.adventure
    history = client.get(reverse("campaign:history", args=[group.pk, adventure.pk]))
    assert f"{player.username}, Ben, Cy" in text(history)
    # and they lose access at once, the open table included
    client.force_login(player)
    table_url = reverse("table:table", args=[group.pk, adventure.pk, open_table.number])
    assert client.get(table_url).status_code == 404
    assert client.get(group.get_absolute_url()).status_code == 404


@pytest.mark.django_db
def test_leaving_asks_first_then_does_what_it_said(client, group, owner, player):
    mine = Membership.objects.get(group=group, user=player)
    url = reverse("groups:member-remove", args=[group.pk, mine.pk])
    client.force_login(player)
    assert url in text(client.get(group.get_absolute_url()))  # "Leave group…" opens the page
    page = client.get(url)
    assert element_text(page, "what-follows") == (
        f"You will lose access to “{group.name}” at once, open tables included. Your plays and "
        "attempts stay in its history and statistics. To come back, you need an invite link."
    )
    assert client.post(url).status_code == 200
    assert Membership.objects.filter(pk=mine.pk).exists()
    response = client.post(url, {"confirm": "1"})
    assert response["Location"] == reverse("groups:list")
    assert not Membership.objects.filter(pk=mine.pk).exists()
    assert client.get(group.get_absolute_url()).status_code == 404
