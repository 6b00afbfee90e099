"""Forms of the Solsticio pages: a new game, and one move."""

from __future__ import annotations

import random
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from groups.validators import validate_no_markup

MAX_NAME = 40
SAME_NAMES = _("The two players need different names.")
ACTIONS = ("play", "pass", "capture", "rainbow", "spirit", "block", "cover")


class NewGameForm(forms.Form):
    first = forms.CharField(
        label=_("First player"), max_length=MAX_NAME, validators=[validate_no_markup]
    )
    second = forms.CharField(
        label=_("Second player"), max_length=MAX_NAME, validators=[validate_no_markup]
    )
    seed = forms.IntegerField(
        label=_("Deal number"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("Leave empty for a new shuffle; the same number deals the same game."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = data.get("first"), data.get("second")
        if first and second and first.strip() == second.strip():
            self.add_error("second", SAME_NAMES)
        if data.get("seed") is None:
            data["seed"] = random.SystemRandom().randrange(2**31)
        return data


class MoveForm(forms.Form):
    """One move as the page posts it: who, what, and the version the page showed."""

    seat = forms.CharField(max_length=MAX_NAME)
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
            parts = value.split(",")
            answer = [int(p) for p in parts] if all(p.strip().isdigit() for p in parts) else value
        return {"seat": data["seat"], action: answer}
