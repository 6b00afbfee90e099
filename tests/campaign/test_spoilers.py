"""Spoilers each member controls: revealing asks first and can be undone, and the names of
missions beyond the furthest one reached stay hidden until the member chooses to see them."""

import pytest
from django.urls import reverse

from campaign import overview
from campaign.models import RevealedSpoiler
from tests.factories import log_attempt
from tests.support.pages import text

pytestmark = pytest.mark.django_db


def reveal(client, adventure, key, **extra):
    url = reverse("campaign:reveal", args=[adventure.group_id, adventure.pk])
    return client.post(url, {"key": key, **extra})


def test_names_are_shown_up_to_the_furthest_mission_reached(adventure, owner, player):
    log_attempt(adventure, by=owner)
    log_attempt(adventure, by=owner)  # Missions 1 and 2 succeed: Mission 3 is the one to play
    adventure.refresh_from_db()
    assert overview.named_missions(adventure, owner) == {1, 2, 3}
    RevealedSpoiler.objects.create(user=owner, adventure=adventure, key="mission:7")
    assert overview.named_missions(adventure, owner) == {1, 2, 3, 7}
    RevealedSpoiler.objects.create(user=owner, adventure=adventure, key=overview.NAMES_AHEAD)
    assert overview.named_missions(adventure, owner) == set(range(1, 23))
    assert overview.named_missions(adventure, player) == {1, 2, 3}  # only for the one who chose


def test_the_log_form_shows_a_mission_not_reached_by_its_number_only(client, adventure, owner):
    pack = adventure.content_pack.pack()
    client.force_login(owner)
    url = reverse("campaign:log", args=[adventure.group_id, adventure.pk])
    page = text(client.get(url))
    assert f"1. {pack.mission(1).name}" in page
    assert pack.mission(2).name not in page
    assert ">Mission 2</option>" in page
    reveal(client, adventure, overview.NAMES_AHEAD)
    assert f"2. {pack.mission(2).name}" in text(client.get(url))
    reveal(client, adventure, overview.NAMES_AHEAD, hide="1")
    assert pack.mission(2).name not in text(client.get(url))


def test_the_correction_form_hides_names_ahead_too(client, adventure, owner):
    log_attempt(adventure, by=owner)
    pack = adventure.content_pack.pack()
    client.force_login(owner)
    page = text(
        client.get(reverse("campaign:attempt-edit", args=[adventure.group_id, adventure.pk, 1]))
    )
    assert f"2. {pack.mission(2).name}" in page
    assert pack.mission(3).name not in page


def test_reference_and_dashboard_hide_names_ahead(client, adventure, owner):
    pack = adventure.content_pack.pack()
    client.force_login(owner)
    args = [adventure.group_id, adventure.pk]
    for name in ["campaign:reference", "campaign:dashboard"]:
        page = text(client.get(reverse(name, args=args)))
        assert pack.mission(1).name in page
        assert not [m.name for m in pack.missions[1:] if m.name in page], name


def test_a_revealed_envelope_can_be_hidden_again_for_oneself_only(client, adventure, owner, player):
    client.force_login(player)
    reveal(client, adventure, "envelope:A")
    client.force_login(owner)
    reveal(client, adventure, "envelope:A")
    url = reverse("campaign:reference", args=[adventure.group_id, adventure.pk])
    assert "Gust of Wind" in text(client.get(url))
    reveal(client, adventure, "envelope:A", hide="1")
    assert "Gust of Wind" not in text(client.get(url))
    reveal(client, adventure, "envelope:A", hide="1")  # hiding twice is harmless
    assert list(RevealedSpoiler.objects.values_list("user", "key")) == [(player.pk, "envelope:A")]


def test_hiding_an_unknown_key_changes_nothing(client, adventure, owner):
    RevealedSpoiler.objects.create(user=owner, adventure=adventure, key="envelope:A")
    client.force_login(owner)
    response = reveal(client, adventure, "nonsense", hide="1")
    assert response.status_code == 302
    assert RevealedSpoiler.objects.count() == 1
