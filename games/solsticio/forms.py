"""Forms of the Solsticio pages: a new game, and one move."""

from __future__ import annotations

import random
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.people import MAX_PLAYER_NAME, check_player_name, people_names, player_names
from groups.models import Role

SAME_NAMES = _("The two players need different names.")
TWO_PLAYERS = _("Solsticio is for two players: tap or type two names.")
ACTIONS = ("play", "pass", "capture", "rainbow", "spirit", "block", "cover")


def other_players(group_id: int, user_id: int | None) -> QuerySet[Any]:
    """The members of the group, but ``user_id``, who may play: whom a game can be opened to."""
    members = get_user_model().objects.filter(
        memberships__group_id=group_id, memberships__role__in=[Role.OWNER, Role.PLAYER]
    )
    if user_id is not None:
        members = members.exclude(pk=user_id)
    return members.order_by("username")


class MemberChoice(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.username)


class NewGameForm(forms.Form):
    """A new game: its two players in seat order, tapped from the group's people (``people``) or
    typed; a deal number; and, if they play on their own device, the member invited."""

    players = forms.CharField(
        label=_("Or type their names"),
        max_length=2 * (MAX_PLAYER_NAME + 2),
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Two names, one per line: the first one starts."),
        error_messages={"required": TWO_PLAYERS},
    )
    seed = forms.IntegerField(
        label=_("Deal number"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Leave empty for a new shuffle; the same number deals the same game."),
    )
    opponent = MemberChoice(
        label=_("Invite a friend"),
        queryset=None,
        required=False,
        empty_label=_("Nobody: this device, passed between us"),
        help_text=_("The member chosen plays the second player on their own device."),
    )

    def __init__(self, *args: Any, group: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.people = people_names(group)
        opponent = self.fields["opponent"]
        assert isinstance(opponent, forms.ModelChoiceField)
        opponent.queryset = other_players(group.pk, user.pk)

    def clean_players(self) -> tuple[str, str]:
        names = [check_player_name(name) for name in player_names(self.cleaned_data["players"])]
        if len(names) != 2:
            raise ValidationError(TWO_PLAYERS, code="two")
        if names[0].lower() == names[1].lower():
            raise ValidationError(SAME_NAMES, code="same")
        return names[0], names[1]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("seed") is None:
            data["seed"] = random.SystemRandom().randrange(2**31)
        return data


class OpenForm(forms.Form):
    """Invite a friend to a game already dealt: the second seat goes to them."""

    member = MemberChoice(label=_("Open to"), queryset=None)

    def __init__(self, *args: Any, game: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        member = self.fields["member"]
        assert isinstance(member, forms.ModelChoiceField)
        member.queryset = other_players(game.group_id, game.first_user_id)


class MoveForm(forms.Form):
    """One move as the page posts it: who, what, and the version the page showed."""

    seat = forms.CharField(max_length=MAX_PLAYER_NAME)
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    value = forms.CharField(required=False, max_length=80)
    version = forms.IntegerField(min_value=0)

    def move(self) -> dict[str, Any]:
        data = self.cleaned_data
        action, value = data["action"], data["value"]
        answer: Any = value
        if action == "pass":
            answer = True
        elif action in ("rainbow", "block"):
            # "row,column" as numbers, negative ones too: the engine refuses them with their value.
            parts = [part.strip() for part in value.split(",")]
            numbers = all(part.removeprefix("-").isdecimal() for part in parts)
            answer = [int(part) for part in parts] if numbers else value
        return {"seat": data["seat"], action: answer}
