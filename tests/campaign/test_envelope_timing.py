"""An envelope opened "after this mission" does not count during it, on every path.

Seed 003, "Rewards": Power tiles are placed on unlocked Power spaces "before starting a mission";
"The envelopes": open them "only when instructed". Mission 9 of the sample pack instructs the
grey envelope, which holds the Night Moth Power tile: Mission 9's own attempt cannot have the
Night Moth on a space. Every path checks with ``games.rules.spirits.campaign.sort_loadout``.
"""

import pytest

from campaign import exchange, services
from campaign.models import Adventure
from campaign.table import services as table
from tests.factories import log_attempt

MOTH = {"hearth": "moth"}
NOT_YET = "Night Moth is not available in this adventure yet."


@pytest.fixture
def at_mission_9(adventure, owner):
    for _ in range(8):
        log_attempt(adventure, by=owner)
    return Adventure.objects.get(pk=adventure.pk)


@pytest.mark.django_db
def test_quick_log_refuses_the_tile(at_mission_9, owner):
    with pytest.raises(services.CampaignError) as error:
        log_attempt(at_mission_9, by=owner, loadout=MOTH)
    assert str(error.value) == NOT_YET
    assert error.value.field == "space_hearth"


@pytest.mark.django_db
def test_live_setup_refuses_the_tile(at_mission_9, owner):
    with pytest.raises(services.CampaignError) as error:
        table.begin_mission(
            adventure=at_mission_9,
            by=owner,
            players=["Ana", "Ben", "Cy"],
            first_player="Ana",
            loadout=MOTH,
        )
    assert str(error.value) == NOT_YET


@pytest.mark.django_db
def test_correction_refuses_the_tile(at_mission_9, owner):
    attempt = log_attempt(at_mission_9, by=owner).attempt
    data = services.AttemptData(mission=9, result="success", players=["A", "B"], loadout=MOTH)
    with pytest.raises(services.CampaignError) as error:
        services.preview_correction(attempt=attempt, data=data)
    assert str(error.value) == NOT_YET
    with pytest.raises(services.CampaignError):
        services.edit_attempt(attempt=attempt, data=data, by=owner, log_version=None)


@pytest.mark.django_db
def test_replay_ignores_the_tile_and_says_why(at_mission_9, owner):
    """A log holding the choice (written before this check) replays without it."""
    attempt = log_attempt(at_mission_9, by=owner).attempt
    type(attempt).objects.filter(pk=attempt.pk).update(loadout=MOTH)
    state = services.current_state(at_mission_9)
    assert state.loadout == ()
    changes = state.changes_of(f"attempt:{attempt.pk}")
    assert changes[0].text == f"Ignored: {NOT_YET}"


@pytest.mark.django_db
def test_import_ignores_the_tile_and_says_why(at_mission_9, owner):
    """An imported log replays exactly as a stored one: the tile does not count, the attempt
    says why, and nothing else of the document is lost."""
    log_attempt(at_mission_9, by=owner)
    document = exchange.export_document([at_mission_9], group_name="x")
    document["adventures"][0]["attempts"][8]["loadout"] = MOTH
    (imported,) = services.import_adventures(
        group=at_mission_9.group, adventures=exchange.parse_document(document), by=owner
    )
    attempt = imported.attempts.get(number=9)
    assert attempt.loadout == MOTH
    assert attempt.changes[0] == {
        "kind": "loadout-ignored",
        "target": "hearth:moth",
        "text": f"Ignored: {NOT_YET}",
        "params": {"problem": "tile-not-available", "space": "Hearth space", "tile": "Night Moth"},
    }
    assert not imported.power_spaces.filter(placed_tile="moth").exists()
