"""The table's revoke flag links to the revoke rule of the reference (seed 003, 'Playing the
trick': Must Follow), as refusals link to the rule they enforce."""

import re

import pytest
from django.urls import reverse

from campaign.models import MissionAttempt
from campaign.table import services as table
from games.reference.documents import reference_for
from games.reference.links import rule_url
from tests.campaign import table_helpers as helpers
from tests.factories import AdventureFactory

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
THREE = ["Ana", "Ben", "Cy"]


def url(attempt, name="table"):
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def post(client, attempt, card):
    attempt.refresh_from_db()
    data = {"kind": "play", "card": card, "version": attempt.version}
    return client.post(url(attempt, "move"), data, **HTMX)


def a_proven_revoke(client, member):
    """Round 1: Ben does not follow red, so he holds no red; round 2: he plays a red card."""
    adventure = AdventureFactory(group=member.group)
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=THREE, first_player="Ana"
    )
    for card in ("red-3", "green-1", "red-1"):
        post(client, attempt, card)
    helpers.play(attempt, member.user)  # Ana's red 3 won: place its tile
    for card in ("green-2", "red-5"):
        response = post(client, attempt, card)
    state = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
    assert [(f.code, f.seat, f.round) for f in state.flags] == [("revoke", "Ben", 2)]
    return attempt, response.content.decode()


def test_the_revoke_flag_links_to_the_revoke_paragraph(member_client, member):
    attempt, html = a_proven_revoke(member_client, member)
    flag = re.search(r'<p class="flag-revoke" role="note">(.*?)</p>', html, re.S)
    assert flag, html
    assert "Provable revoke: Ben (round 2)" in flag.group(1)
    link = f'<a class="rule-link" href="{rule_url("spirits", "revoke")}">Read the rule</a>'
    assert link in flag.group(1)
    assert rule_url("spirits", "revoke") == "/reference/spirits/#revoke"
    page = member_client.get(url(attempt)).content.decode()
    assert link in page


def test_the_linked_paragraph_is_the_revoke_rule_in_the_reader_s_language(member_client, member):
    """The anchor opens the rule that quotes Must Follow and says what the table flags."""
    a_proven_revoke(member_client, member)
    for language, words in [("en", "Must Follow"), ("pt-br", "renúncia"), ("ca", "renúncia")]:
        rule = reference_for("spirits", language).rule("revoke")
        assert rule is not None
        assert words in " ".join(rule.text)
        html = member_client.get(
            reverse("reference:game", args=["spirits"]), headers={"accept-language": language}
        ).content.decode()
        assert '<article id="revoke" class="rule panel">' in html
        assert rule.title in html
