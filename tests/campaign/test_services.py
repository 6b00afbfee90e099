"""Services: the driver's entry points, database constraints, concurrent logging."""

import datetime
import threading

import pytest
from django.db import IntegrityError, connection, transaction

from campaign import services
from campaign.models import (
    Adventure,
    AttemptMove,
    MissionAttempt,
    PowerSpaceState,
    StatisticsOutbox,
)
from tests.factories import AdventureFactory, log_attempt


@pytest.mark.django_db
def test_driver_opens_an_attempt_and_records_its_result_once(adventure, owner):
    attempt = services.start_attempt(adventure=adventure, players=["Ana", "Ben"], by=owner)
    assert (attempt.number, attempt.mission, attempt.status) == (1, 1, "open")
    AttemptMove.objects.create(attempt=attempt, seq=1, payload={"play": "blue-5"}, created_by=owner)
    with pytest.raises(IntegrityError), transaction.atomic():
        AttemptMove.objects.create(attempt=attempt, seq=1, payload={})
    outcome = services.record_attempt_result(
        attempt=attempt, result="failure", reason="coloured-edge", rounds_played=5, by=owner
    )
    assert [c.kind for c in outcome.changes] == ["moon-box"]
    with pytest.raises(services.CampaignError) as error:
        services.record_attempt_result(attempt=attempt, result="success", reason="", by=owner)
    assert str(error.value) == services.ALREADY_RECORDED % {"result": "failure"}
    assert MissionAttempt.objects.get().status == "failure"


@pytest.mark.django_db
def test_quick_log_waits_for_an_attempt_in_progress(adventure, owner):
    services.start_attempt(adventure=adventure, players=["Ana", "Ben"], by=owner)
    with pytest.raises(services.CampaignError) as error:
        log_attempt(adventure, by=owner)
    assert str(error.value) == services.OPEN_ATTEMPT % {"number": 1, "mission": 1}


@pytest.mark.django_db
def test_stale_log_is_refused_with_a_clear_message(adventure, owner):
    log_attempt(adventure, by=owner)
    with pytest.raises(services.CampaignError) as error:
        services.log_attempt(
            adventure=adventure,
            number=1,
            data=services.AttemptData(mission=1, result="success", players=["A", "B"]),
            by=owner,
        )
    assert error.value.code == "stale"
    assert MissionAttempt.objects.count() == 1


@pytest.mark.django_db
def test_database_refuses_what_must_never_happen(adventure, owner):
    log_attempt(adventure, by=owner)
    with pytest.raises(IntegrityError), transaction.atomic():  # two results for one attempt
        MissionAttempt.objects.create(
            adventure=adventure, number=1, mission=1, status="success", played_on="2025-01-01"
        )
    with pytest.raises(IntegrityError), transaction.atomic():  # a tile on a locked space
        PowerSpaceState.objects.filter(adventure=adventure, space="summit").update(
            placed_tile="gust"
        )
    with pytest.raises(IntegrityError), transaction.atomic():  # red without Mission 22
        Adventure.objects.filter(pk=adventure.pk).update(red_envelope_opened=True)
    with pytest.raises(IntegrityError), transaction.atomic():  # a failure without a reason
        MissionAttempt.objects.create(
            adventure=adventure, number=2, mission=2, status="failure", played_on="2025-01-01"
        )


@pytest.mark.django_db
def test_outbox_rows_for_log_edit_delete_and_import(adventure, owner):
    from campaign import exchange

    start = StatisticsOutbox.objects.count()
    outcome = log_attempt(adventure, by=owner)
    services.edit_attempt(
        attempt=outcome.attempt,
        data=services.AttemptData(
            mission=1, result="failure", reason="abandoned", players=["A", "B"]
        ),
        by=owner,
        log_version=None,
    )
    document = exchange.export_document([adventure], group_name="x")
    services.delete_attempt(attempt=outcome.attempt, by=owner, log_version=None)
    services.import_adventures(
        group=adventure.group, adventures=exchange.parse_document(document), by=owner
    )
    assert StatisticsOutbox.objects.count() == start + 4
    row = StatisticsOutbox.objects.latest("pk")
    assert row.group_id == adventure.group_id
    assert row.processed_at is None


@pytest.mark.django_db
def test_failed_write_leaves_nothing_half_saved(adventure, owner):
    """A refused log rolls back the attempt row, the note and the outbox row together."""
    before = (MissionAttempt.objects.count(), StatisticsOutbox.objects.count())
    with pytest.raises(services.CampaignError):
        services.log_attempt(
            adventure=adventure,
            number=1,
            data=services.AttemptData(mission=3, result="success", players=["A", "B"]),
            note="should vanish",
            by=owner,
        )
    assert (MissionAttempt.objects.count(), StatisticsOutbox.objects.count()) == before


@pytest.mark.django_db(transaction=True)
def test_two_members_logging_at_once_record_one_result(postgres, group, owner):
    """Two threads log attempt 1 at the same moment: one is recorded, the other is told why."""
    adventure = AdventureFactory(group=group, by=owner)
    barrier = threading.Barrier(2)
    outcomes = []

    def log():
        try:
            barrier.wait()
            services.log_attempt(
                adventure=adventure,
                number=1,
                data=services.AttemptData(
                    mission=1,
                    result="success",
                    players=["Ana", "Ben"],
                    played_on=datetime.date(2025, 1, 1),
                ),
                by=owner,
            )
            outcomes.append("logged")
        except services.CampaignError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=log) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["logged", "stale"]
    assert MissionAttempt.objects.filter(adventure=adventure).count() == 1
    assert Adventure.objects.get(pk=adventure.pk).moon_boxes_checked == 1
