"""One rule for a player's name in every game (``games.people.check_player_name``): the play
log's lines, a Bonfire seat, a Solsticio player and the people page take and refuse the same
names, with the same words."""

import json

import pytest

from campaign.forms import PersonForm
from games import people
from games.bonfire.forms import BonfireStartForm
from games.content.bonfire import default_content, default_supply
from games.forms import LineForm
from games.solsticio.forms import NewGameForm
from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db


def name_form(kind, name):
    """The form of ``kind`` with ``name`` typed for a player, and that field's name."""
    if kind == "play log":
        return LineForm({"name": name}), "name"
    if kind == "Bonfire":
        content = default_content()
        data = {"name": "Friday", "players": name, "content": json.dumps(content), "tokens": 1}
        data |= {"markers": 1, **{f"tiles_{c}": 0 for c in content["colours"]}}
        data |= {f"resources_{r}": 0 for r in content["resources"]}
        return BonfireStartForm(data, supply=default_supply(), content=content), "players"
    if kind == "Solsticio":
        member = MembershipFactory()
        data = {"players": f"{name}\nBea"}
        return NewGameForm(data, group=member.group, user=member.user), "players"
    return PersonForm({"name": name}), "name"


KINDS = ["play log", "Bonfire", "Solsticio", "people page"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_name_with_angle_brackets_is_text(kind):
    form, field = name_form(kind, "  <3 Ana ")
    assert form.is_valid(), form.errors
    value = form.cleaned_data[field]
    # Bonfire and Solsticio: their players
    assert (value[0] if isinstance(value, list | tuple) else value) == "<3 Ana"


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
