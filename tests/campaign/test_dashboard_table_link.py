"""The dashboard leads players to the table screen; viewers only read."""

import pytest
from django.urls import reverse

from campaign import services
from groups.models import Role
from tests.factories import MembershipFactory
from tests.support.pages import text


@pytest.mark.django_db
@pytest.mark.parametrize(("role", "shown"), [(Role.PLAYER, True), (Role.VIEWER, False)])
def test_dashboard_offers_the_table_to_players_only(client, role, shown):
    from django.core.management import call_command

    call_command("load_content", verbosity=0)
    member = MembershipFactory(role=role)
    adventure = services.start_adventure(group=member.group, name="Spring", by=member.user)
    client.force_login(member.user)
    page = client.get(reverse("campaign:dashboard", args=[member.group_id, adventure.pk]))
    table = reverse("table:setup", args=[member.group_id, adventure.pk])
    assert (f'href="{table}"' in page.content.decode()) is shown
    assert ("Play it at the table" in text(page)) is shown


@pytest.mark.django_db
def test_an_open_mission_at_the_table_shows_its_round_and_a_way_back(client, group, owner):
    """The round comes from the open attempt's engine state, as the table shows it."""
    from campaign.models import MissionAttempt
    from campaign.table import services as table
    from tests.campaign.exchange_helpers import open_attempt_with_moves
    from tests.factories import AdventureFactory

    adventure = AdventureFactory(group=group, by=owner)
    client.force_login(owner)
    url = reverse("campaign:dashboard", args=[group.pk, adventure.pk])
    assert "In progress" not in text(client.get(url))
    open_attempt_with_moves(adventure, owner, moves=5, undone=0)
    attempt = MissionAttempt.objects.get(adventure=adventure, status="open")
    state = table.state_of(attempt)
    assert state.round == 2
    page = text(client.get(url))
    assert f"In progress — round 2 of {state.rounds}" in page
    assert reverse("table:table", args=[group.pk, adventure.pk, attempt.number]) in page


@pytest.mark.django_db
def test_a_viewer_is_offered_to_watch_the_open_mission(client, group, owner, viewer):
    from tests.campaign.exchange_helpers import open_attempt_with_moves
    from tests.factories import AdventureFactory

    adventure = AdventureFactory(group=group, by=owner)
    open_attempt_with_moves(adventure, owner, moves=1, undone=0)
    client.force_login(viewer)
    page = text(client.get(reverse("campaign:dashboard", args=[group.pk, adventure.pk])))
    assert "In progress — round 1 of " in page
    assert ">watch</a>" in page
    assert ">resume</a>" not in page
