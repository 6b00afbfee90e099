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
