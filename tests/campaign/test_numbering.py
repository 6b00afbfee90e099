"""What an attempt is called (``campaign.numbering``): its mission's try and the adventure's
count, both labelled, on every page that names one. The adventure counts every attempt, failed
or not, as its Moon Path does (seed ``003_56213531c1d471a6.txt``, "The Moon Path": "Whether you
succeed or fail a mission, … check a box on the Moon Path")."""

import pytest
from django.urls import reverse

from campaign import numbering, services
from campaign.models import Adventure, MissionAttempt
from campaign.table import services as table
from tests.factories import log_attempt
from tests.support.pages import element_text, text


@pytest.fixture
def tries(adventure, owner):
    """Mission 1 won at once, then Mission 2 failed twice and won at its third try."""
    log_attempt(adventure, by=owner)
    log_attempt(adventure, result="failure", by=owner)
    log_attempt(adventure, result="failure", by=owner)
    log_attempt(adventure, by=owner)
    return adventure


def labels(adventure):
    attempts = MissionAttempt.objects.filter(adventure=adventure).order_by("number")
    return [numbering.attempt_label(a) for a in attempts.with_mission_try()]


@pytest.mark.django_db
def test_the_missions_try_counts_that_missions_attempts_up_to_this_one(tries, owner):
    assert labels(tries) == [
        "Mission 1 · try 1 · attempt 1 of the adventure",
        "Mission 2 · try 1 · attempt 2 of the adventure",
        "Mission 2 · try 2 · attempt 3 of the adventure",
        "Mission 2 · try 3 · attempt 4 of the adventure",
    ]
    # an attempt fetched without the annotation is called the same
    plain = MissionAttempt.objects.get(adventure=tries, number=3)
    assert numbering.attempt_label(plain) == "Mission 2 · try 2 · attempt 3 of the adventure"
    # another adventure's tries at Mission 2 are not this one's
    other = Adventure.objects.create(
        group=tries.group, name="Other", content_pack=tries.content_pack
    )
    log_attempt(other, by=owner)
    log_attempt(other, result="failure", by=owner)
    assert labels(other)[-1] == "Mission 2 · try 1 · attempt 2 of the adventure"


@pytest.mark.django_db
def test_removing_an_attempt_renumbers_both_counts(tries, owner):
    first_failure = MissionAttempt.objects.get(adventure=tries, number=2)
    services.delete_attempt(attempt=first_failure, by=owner, log_version=None)
    assert labels(tries) == [
        "Mission 1 · try 1 · attempt 1 of the adventure",
        "Mission 2 · try 1 · attempt 2 of the adventure",
        "Mission 2 · try 2 · attempt 3 of the adventure",
    ]


@pytest.mark.django_db
def test_every_page_naming_an_attempt_labels_both_numbers(client, tries, owner):
    client.force_login(owner)
    g, a = tries.group_id, tries.pk
    page = client.get(reverse("campaign:attempt", args=[g, a, 3]))
    assert element_text(page, "attempt-label") == "Mission 2 · try 2 · attempt 3 of the adventure"
    assert "<title>Mission 2 · try 2 · attempt 3 of the adventure" in text(page)
    history = text(client.get(reverse("campaign:history", args=[g, a])))
    group_history = text(client.get(reverse("campaign:group-history", args=[g])))
    dashboard = text(client.get(reverse("campaign:dashboard", args=[g, a])))
    for label in labels(tries):
        assert label in history
        assert label in group_history
        assert label in dashboard
    assert "checked by attempt 4 of the adventure" in dashboard
    edit = client.get(reverse("campaign:attempt-edit", args=[g, a, 2]))
    assert "Correct Mission 2 · try 1 · attempt 2 of the adventure" in text(edit)
    delete = client.get(reverse("campaign:attempt-delete", args=[g, a, 4]))
    assert "Remove Mission 2 · try 3 · attempt 4 of the adventure?" in text(delete)
    # at the table: the heading names Mission 3, the badge its try and the adventure's count
    attempt = table.begin_mission(
        adventure=Adventure.objects.get(pk=a), by=owner, players=["Ana", "Ben", "Cy"],
        first_player="Ana",
    )  # fmt: skip
    page = client.get(reverse("table:table", args=[g, a, attempt.number]))
    assert element_text(page, "attempt-label") == "try 1 · attempt 5 of the adventure"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("pt-br", "Missão 2 · 2ª vez · tentativa 3 da aventura"),
        ("ca", "Missió 2 · 2a vegada · intent 3 de l’aventura"),
    ],
)
def test_the_labels_are_translated(client, tries, owner, language, label):
    client.force_login(owner)
    url = reverse("campaign:attempt", args=[tries.group_id, tries.pk, 3])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert element_text(page, "attempt-label") == label
