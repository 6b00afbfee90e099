"""The campaign journal: the story so far, one chapter per game night, spoiler-safe."""

import datetime
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from campaign import services
from campaign.journal import envelope_contents_shown, journal
from campaign.models import MissionAttempt
from campaign.overview import Spoilers
from tests.factories import MembershipFactory, log_attempt

pytestmark = pytest.mark.django_db
MONDAY = datetime.date(2026, 11, 2)
THURSDAY = datetime.date(2026, 11, 26)


def two_nights(adventure, owner):
    """Monday: Mission 1 won, Mission 2 lost (all tricks not taken). Thursday: Missions 2–4 won,
    and Mission 4 opens White Envelope A (its reward) and a Moon Path envelope (seed 003,
    "Rewards", "The Moon Path")."""
    log_attempt(adventure, by=owner, played_on=MONDAY, players=["Ana", "Ben"])
    failed = log_attempt(
        adventure, result="failure", reason="objective-not-met", by=owner, played_on=MONDAY
    ).attempt
    services.add_note(attempt=failed, author=owner, text="The Standing Stone beat us again.")
    for _mission in range(3):
        log_attempt(adventure, by=owner, played_on=THURSDAY, players=["Ana", "Ben", "Cy"])


def visible(html: str) -> str:
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


def read(user, adventure, language="en") -> str:
    client = Client(headers={"accept-language": language})
    client.force_login(user)
    response = client.get(reverse("campaign:journal", args=[adventure.group_id, adventure.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_one_chapter_per_game_night_in_order(adventure, owner):
    two_nights(adventure, owner)
    page = journal(adventure, owner)
    chapters = page["chapters"]
    assert [c.day for c in chapters] == [MONDAY, THURSDAY]
    assert [[a["attempt"].number for a in c.attempts] for c in chapters] == [[1, 2], [3, 4, 5]]
    assert chapters[0].players == ["Ana", "Ben"]
    assert chapters[1].players == ["Ana", "Ben", "Cy"]
    failure = chapters[0].attempts[1]
    assert [n.text for n in failure["notes"]] == ["The Standing Stone beat us again."]
    # "Last time" in two lines: the night, then how it went.
    assert page["where"]["last_time"] == [
        "Nov. 26, 2026, with Ana, Ben, Cy.",
        "3 attempts: Mission 2: Success; Mission 3: Success; Mission 4: Success.",
    ]


def test_the_page_tells_the_story_with_failures_notes_and_changes(adventure, owner):
    two_nights(adventure, owner)
    html = read(owner, adventure)
    text = visible(html)
    assert "Where you are" in text
    assert "Play Mission 5." in text
    assert html.index('id="night-2026-11-02"') < html.index('id="night-2026-11-26"')
    assert "Nov. 2, 2026" in text
    assert "Failure — An objective was not met" in text
    assert "The Standing Stone beat us again." in text
    assert "Mission 4 completed." in text
    assert "Sealed for you." in text  # an opened envelope reads sealed until revealed


def test_an_envelope_reads_sealed_until_the_member_reveals_it(adventure, owner, group):
    """The reference's reveal (seed 003 "Envelopes": open only when told to): a member who has not
    revealed the envelope reads it sealed in the journal; once revealed, its contents show, for
    that member only."""
    two_nights(adventure, owner)
    other = MembershipFactory(group=group).user
    attempt = MissionAttempt.objects.get(adventure=adventure, number=5)
    opened = [c["target"] for c in attempt.changes if c["kind"] == "envelope-opened"]
    assert opened
    key = f"envelope:{opened[0]}"
    client = Client()
    client.force_login(owner)
    url = reverse("campaign:reveal", args=[adventure.group_id, adventure.pk])
    response = client.post(url, {"key": key, "back": "journal"})
    assert response["Location"].startswith(
        reverse("campaign:journal", args=[adventure.group_id, adventure.pk])
    )
    pack = adventure.content_pack.pack()
    assert envelope_contents_shown(Spoilers.of(adventure, pack, owner), opened[0])
    assert not envelope_contents_shown(Spoilers.of(adventure, pack, other), opened[0])
    mine, theirs = visible(read(owner, adventure)), visible(read(other, adventure))
    assert mine.count("Sealed for you.") == theirs.count("Sealed for you.") - 1


@pytest.mark.parametrize(
    ("language", "words"),
    [("pt-BR", ["Diário de", "Onde vocês estão", "26 de nov. de 2026"]),
     ("ca", ["Diari d", "On sou", "26 de nov. de 2026"])],
)  # fmt: skip
def test_the_journal_reads_in_the_readers_language(adventure, owner, language, words):
    two_nights(adventure, owner)
    text = visible(read(owner, adventure, language))
    for word in words:
        assert word in text
    assert "Where you are" not in text


def test_an_adventure_with_no_night_yet(adventure, owner):
    text = visible(read(owner, adventure))
    assert "No game night yet" in text
    assert "Play Mission 1." in text


def test_another_groups_journal_is_not_found(adventure, owner):
    outsider = MembershipFactory().user
    client = Client()
    client.force_login(outsider)
    url = reverse("campaign:journal", args=[adventure.group_id, adventure.pk])
    assert client.get(url).status_code == 404
