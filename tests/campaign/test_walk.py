"""Acceptance: a 30-attempt adventure ends in exactly the state the rules give, and stays there
after export and import, and after deleting and re-adding an attempt in the middle.

Rules: ``shared/seeds/003_56213531c1d471a6.txt`` — "Rewards", "The Moon Path", "The envelopes",
"Switching to Night mode".
"""

import datetime

import pytest

from campaign import exchange, services
from campaign.models import Adventure, MissionAttempt, StatisticsOutbox
from tests.campaign.walk import LOADOUTS, WALK, snapshot
from tests.factories import GroupFactory, MembershipFactory, log_attempt


@pytest.fixture
def walked(adventure, owner):
    for number, (mission, result) in enumerate(WALK, start=1):
        outcome = log_attempt(
            adventure,
            mission,
            result,
            by=owner,
            loadout=LOADOUTS.get(number, {}),
            played_on=datetime.date(2025, 1, 1) + datetime.timedelta(days=number),
        )
        assert outcome.attempt.number == number
    return Adventure.objects.get(pk=adventure.pk)


@pytest.mark.django_db
def test_thirty_attempts_end_in_the_rules_state(walked):
    """The Moon Path checks one box per attempt (24 boxes, then full); phases at boxes 4, 9, 15 and
    21 open the black envelopes; rewards and instructions open the rest; Mission 22 opens red."""
    state = snapshot(walked)
    assert state["current_mission"] is None
    assert (state["final"], state["red"], state["night"], state["holo"]) == (True,) * 4
    assert state["attempts"] == 30
    assert [box[3] for box in state["moon"]] == list(range(1, 25))
    assert state["envelopes"] == [
        ("moon-new", "moon-path", 4),
        ("A", "reward", 6),
        ("moon-first", "moon-path", 9),
        ("B", "reward", 10),
        ("grey", "instruction", 11),
        ("moon-full", "moon-path", 15),
        ("C", "reward", 18),
        ("moon-last", "moon-path", 21),
        ("D", "reward", 23),
        ("red", "end", 30),
    ]
    assert state["spaces"] == [
        ("hearth", True, "gust"),
        ("grove", True, "moth"),
        ("summit", True, ""),
        ("spring", True, ""),
        ("hollow", True, ""),
    ]
    components = state["components"]
    assert [c for k, c in components if k == "power-token"] == [
        "ember-charm",
        "tide-charm",
        "wind-charm",
    ]
    assert [c for k, c in components if k == "power-tile"] == [
        "gust",
        "lantern",
        "moth",
        "compass",
        "seedling",
    ]
    assert [c for k, c in components if k == "moon-tile"] == [
        "dark-dawn",
        "pale-crescent",
        "glaring-eye",
        "waning-veil",
    ]
    log = {entry[0]: entry for entry in state["log"]}
    assert [c["kind"] for c in log[25][6]] == ["moon-path-full"]  # Mission 20 failure, path full
    assert "night-mode" in [c["kind"] for c in log[15][6]]  # Mission 12 failure: night anyway
    assert "holo-liana" in [c["kind"] for c in log[26][6]]


@pytest.mark.django_db
def test_export_and_import_reproduce_the_same_state(walked, owner):
    """Round trip: the imported adventure, in another group, has exactly the same state."""
    document = exchange.export_document([walked], group_name="Table")
    other = GroupFactory()
    MembershipFactory(group=other, user=owner)
    imported = services.import_adventures(
        group=other, adventures=exchange.parse_document(document), by=owner
    )
    assert len(imported) == 1
    assert snapshot(imported[0]) == snapshot(walked)
    again = exchange.export_document(imported, group_name="Table")
    assert again["adventures"][0]["attempts"] == document["adventures"][0]["attempts"]


@pytest.mark.django_db
def test_deleting_and_re_adding_an_attempt_in_the_middle(walked, owner):
    """Remove attempt 13 (Mission 10's success): everything downstream changes; put it back at
    13 and the adventure is exactly as before."""
    before = snapshot(walked)
    attempt = MissionAttempt.objects.get(adventure=walked, number=13)
    services.delete_attempt(attempt=attempt, by=owner, log_version=None)
    middle = snapshot(walked)
    assert middle["current_mission"] == 10
    assert not middle["red"]
    services.log_attempt(
        adventure=walked,
        number=13,
        insert=True,
        by=owner,
        data=services.AttemptData(
            mission=10,
            result="success",
            players=["Ana", "Ben"],
            played_on=datetime.date(2025, 1, 14),
        ),
    )
    assert snapshot(walked) == before


@pytest.mark.django_db
def test_every_result_change_writes_an_outbox_row(walked, owner):
    """Statistics never wait on Redis: each write leaves an outbox row in its transaction."""
    rows = StatisticsOutbox.objects.filter(adventure=walked)
    assert rows.count() == 31  # start + 30 attempts
    attempt = MissionAttempt.objects.get(adventure=walked, number=30)
    services.delete_attempt(attempt=attempt, by=owner, log_version=None)
    assert rows.count() == 32
    assert rows.filter(processed_at__isnull=True).count() == 32


@pytest.mark.django_db
def test_dashboard_of_the_finished_adventure(client, walked, owner):
    """The dashboard shows the end state: what is next, Night mode, Moon tiles, red envelope."""
    from tests.support.pages import text

    client.force_login(owner)
    page = text(client.get(walked.get_absolute_url()))
    assert "The adventure is complete: Mission 22 was completed." in page
    assert "on — use Night sides" in page
    assert "Waning Veil" in page
    assert "Epilogue: the Quiet Moon" in page
    assert "24 of 24 boxes checked." in page
