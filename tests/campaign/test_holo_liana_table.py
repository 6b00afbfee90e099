"""The Purified Holo Liana at the table (seed 003, "Rewards": "The Purified Holo Liana reward
reduces the difficulty of Mission 22"): the pack's relief changes Mission 22's setup and shows."""

import dataclasses
import re

import pytest
from django.test import Client
from django.urls import reverse

from campaign import services
from campaign.table import services as table
from campaign.table.screen import shown
from tests.factories import AdventureFactory, log_attempt

pytestmark = pytest.mark.django_db
RELIEF = "With the Purified Holo Liana, the Elder Tree no longer has to be surrounded."


@pytest.fixture
def at_mission_22(member):
    adventure = AdventureFactory(group=member.group)
    for _ in range(21):
        log_attempt(adventure, by=member.user)
    return adventure


def surrounded(setup):
    return {tile["id"] for tile in setup["board"]["mission_tiles"] if tile["surround"]}


def test_mission_22_is_set_up_with_the_relief_only_with_the_reward(at_mission_22):
    campaign = services.current_state(at_mission_22)
    assert campaign.holo_liana
    kwargs = {
        "pack": at_mission_22.content_pack.pack(),
        "mission": 22,
        "players": ["Ana", "Ben", "Cy"],
        "first_player": "Ana",
        "trump": "blue",
    }
    eased = table.table_setup(campaign=campaign, **kwargs)
    plain = table.table_setup(campaign=dataclasses.replace(campaign, holo_liana=False), **kwargs)
    assert surrounded(plain) == {"sky-nest", "ruined-gate", "elder-tree"}
    assert surrounded(eased) == {"sky-nest", "ruined-gate"}
    assert [o["tile"] for o in eased["mission"]["objectives"]] == ["sky-nest", "ruined-gate"]
    assert shown(eased["mission"]["relief"]) == RELIEF
    assert "relief" not in plain["mission"]
    assert eased["rounds"] == plain["rounds"]


def test_the_table_shows_the_relief(at_mission_22, member):
    attempt = table.begin_mission(
        adventure=at_mission_22, by=member.user, players=["Ana", "Ben", "Cy"], first_player="Ana"
    )
    client = Client()
    client.force_login(member.user)
    adventure = attempt.adventure
    page = reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number])
    html = client.get(page).content.decode()
    shown = re.search(r'<p id="mission-relief">(.*?)</p>', html, re.S)
    assert shown is not None
    assert " ".join(shown.group(1).split()) == f"Purified Holo Liana: {RELIEF}"
    assert "Surround elder-tree" not in html
