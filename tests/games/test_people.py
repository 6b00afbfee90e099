"""One rule for a player's name in every game (``games.people.check_player_name``): the play
log's lines, a Bonfire seat, a Solsticio player and the people page take and refuse the same
names, with the same words."""

import pytest

from campaign.forms import PersonForm
from games import people
from games.bonfire.forms import SeatStartForm
from games.content.bonfire import StartingSupply
from games.forms import LineForm
from games.solsticio.forms import NewGameForm
from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db

SUPPLY = StartingSupply(
    tiles={}, tokens=1, markers=1, resources={}, offerings_dealt=0, destiny_dealt=0
)


def name_form(kind, name):
    """The form of ``kind`` with ``name`` typed for a player, and that field's name."""
    if kind == "play log":
        return LineForm({"name": name}), "name"
    if kind == "Bonfire":
        data = {"name": name, "tokens": 1, "markers": 1}
        return SeatStartForm(data, supply=SUPPLY, colours=[], resources=[]), "name"
    if kind == "Solsticio":
        member = MembershipFactory()
        data = {"first": name, "second": "Bea"}
        return NewGameForm(data, group=member.group, user=member.user), "first"
    return PersonForm({"name": name}), "name"


KINDS = ["play log", "Bonfire", "Solsticio", "people page"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_name_with_angle_brackets_is_text(kind):
    form, field = name_form(kind, "  <3 Ana ")
    assert form.is_valid(), form.errors
    assert form.cleaned_data[field] == "<3 Ana"


@pytest.mark.parametrize("kind", KINDS)
def test_a_control_character_is_refused_with_the_same_words(kind):
    form, field = name_form(kind, "B\x07en")
    assert not form.is_valid()
    assert form.errors[field] == [str(people.PLAYER_CONTROL)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_name_longer_than_40_characters_is_refused(kind):
    form, field = name_form(kind, "x" * 41)
    assert not form.is_valid()
    assert "40 characters" in " ".join(form.errors[field])
    form, field = name_form(kind, "x" * 40)
    assert form.is_valid(), form.errors
