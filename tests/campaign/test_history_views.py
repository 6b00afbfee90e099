"""The history list: filters validated next to the field (with or without htmx), a card per
attempt on a phone, paginated."""

import datetime
import re

import pytest
from django.urls import reverse

from campaign.forms import DATES_REVERSED
from tests.factories import log_attempt
from tests.support.pages import text

pytestmark = pytest.mark.django_db
REVERSED = {"date_from": "2025-03-01", "date_to": "2025-01-01"}


@pytest.fixture
def url(adventure, owner):
    for day in (1, 2):
        log_attempt(adventure, by=owner, played_on=datetime.date(2025, 2, day))
    return reverse("campaign:history", args=[adventure.group_id, adventure.pk])


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["page", "htmx"])
def test_a_from_date_after_to_is_an_error_next_to_from(client, owner, url, headers):
    client.force_login(owner)
    response = client.get(url, REVERSED, headers=headers)
    page = text(response)
    errors = re.search(r'id="id_date_from_errors"[^>]*>(.*?)</div>', page, re.S)
    assert errors is not None
    assert str(DATES_REVERSED) in errors.group(1)
    assert str(DATES_REVERSED) not in page.replace(errors.group(1), "")
    # Not silently ignored: no unfiltered list under a refused filter.
    assert "Fix the filters above to see the attempts." in page
    assert 'class="cards"' not in page


def test_each_attempt_is_a_card_whose_cells_say_what_they_are(client, owner, url):
    client.force_login(owner)
    page = text(client.get(url))
    for label in ("Mission", "Result", "Players", "Rounds", "Date"):
        assert page.count(f'data-label="{label}"') == 2
    assert page.count('class="card-title"') == 2


def test_the_list_is_paginated(client, owner, adventure, url):
    for _ in range(25):
        log_attempt(adventure, result="failure", by=owner, played_on=datetime.date(2025, 3, 1))
    client.force_login(owner)
    first = client.get(url)
    assert first.context["page"].paginator.num_pages == 2
    assert len(first.context["page"].object_list) == 25
    second = client.get(url, {"page": 2})
    assert len(second.context["page"].object_list) == 2
    assert "Page 2 of 2" in text(second)
