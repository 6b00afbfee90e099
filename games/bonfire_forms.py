"""Forms of the Bonfire turn helper: starting a game, and one move of the engine's move shape."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.rules import bonfire

MOST_PLAYERS = 6
GUARDIAN_STEPS = 3

PLAYERS_COUNT = _("Enter 1 to %(most)s players, one name per line.")
PLAYERS_UNIQUE = _("Each player needs a different name.")
PLAYER_NAME_LONG = _("A player's name has at most 40 characters.")
CONTENT_NOT_JSON = _("The content is not valid JSON: %(detail)s")
CONTENT_INVALID = _("The content breaks a rule of the format: %(detail)s")
REQUIRED_FOR_MOVE = _("This move needs it.")
NO_STEPS = _("Choose the Guardian of at least one step.")

MOVE_KINDS = [
    ("place_destiny", _("Place a Destiny tile")),
    ("pay", _("Pay Action tiles")),
    ("move_ship", _("Move the Ship")),
    ("island_action", _("The island's action")),
    ("build_path", _("Build a Path token")),
    ("take_task", _("Receive a Task")),
    ("light_bonfire", _("Light a Bonfire")),
    ("fulfil_common", _("Fulfil a Common Task")),
    ("place_neutral", _("Place a Neutral Novice")),
    ("advance_guardians", _("Advance Guardians")),
    ("end_turn", _("End the turn")),
]
# The fields each move needs, beyond ``kind``.
NEEDS = {
    "place_destiny": ("end", "row", "col"),
    "move_ship": ("to",),
    "build_path": ("index",),
    "take_task": ("island", "offering"),
    "light_bonfire": ("space", "council"),
    "fulfil_common": ("task",),
    "place_neutral": ("council",),
}


class BonfireStartForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80, initial=_("Bonfire night"))
    players = forms.CharField(
        label=_("Players"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One name per line, in turn order."),
    )
    content = forms.CharField(
        label=_("Content (JSON)"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_("Islands, routes, High Council, Destiny tiles…: the sample pack; edit freely."),
    )

    def clean_players(self) -> list[str]:
        names = [line.strip() for line in self.cleaned_data["players"].splitlines() if line.strip()]
        if not 1 <= len(names) <= MOST_PLAYERS:
            raise ValidationError(PLAYERS_COUNT, code="count", params={"most": MOST_PLAYERS})
        if len(set(names)) != len(names):
            raise ValidationError(PLAYERS_UNIQUE, code="unique")
        if any(len(name) > 40 for name in names):
            raise ValidationError(PLAYER_NAME_LONG, code="long")
        return names

    def clean_content(self) -> dict[str, Any]:
        try:
            data = json.loads(self.cleaned_data["content"])
        except json.JSONDecodeError as error:
            raise ValidationError(CONTENT_NOT_JSON, code="json", params={"detail": error}) from None
        try:
            bonfire.content_from_dict(data)
        except bonfire.SetupError as error:
            raise ValidationError(
                CONTENT_INVALID, code="content", params={"detail": error.message}
            ) from None
        return dict(data)


def _count() -> forms.IntegerField:
    return forms.IntegerField(min_value=0, max_value=99, required=False)


class MoveForm(forms.Form):
    """Any move: the fields a kind does not use are ignored. Destiny Area cells are numbered from
    0 as in the engine's messages; the numbers shown from 1 (Path token positions, Task spaces,
    Guardians, also from 1 in its messages) are sent to the engine from 0."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    kind = forms.ChoiceField(choices=MOVE_KINDS, widget=forms.HiddenInput)
    end = forms.ChoiceField(
        label=_("From the supply's"),
        choices=[("top", _("top")), ("bottom", _("bottom"))],
        required=False,
    )
    row = forms.IntegerField(label=_("Row"), min_value=0, max_value=99, required=False)
    col = forms.IntegerField(label=_("Column"), min_value=0, max_value=99, required=False)
    to = forms.CharField(label=_("Island"), max_length=40, required=False)
    index = forms.IntegerField(min_value=1, max_value=99, required=False)
    island = forms.CharField(label=_("Island"), max_length=40, required=False)
    offering = forms.CharField(label=_("Offering tile"), max_length=40, required=False)
    space = forms.IntegerField(label=_("Task space"), min_value=1, max_value=99, required=False)
    council = forms.CharField(label=_("High Council space"), max_length=40, required=False)
    task = forms.CharField(label=_("Common Task"), max_length=40, required=False)

    def __init__(self, *args: Any, colours: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.colours = colours
        for colour in colours:
            for part in ("tiles", "cost", "plan"):
                self.fields[f"{part}_{colour}"] = _count()
        for step in range(1, GUARDIAN_STEPS + 1):
            self.fields[f"guardian_{step}"] = forms.IntegerField(
                min_value=1, max_value=99, required=False
            )
            self.fields[f"portal_{step}"] = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for name in NEEDS.get(data.get("kind", ""), ()):
            if data.get(name) in (None, ""):
                self.add_error(name, ValidationError(REQUIRED_FOR_MOVE, code="required"))
        if data.get("kind") == "advance_guardians" and not self.steps():
            self.add_error(None, ValidationError(NO_STEPS, code="steps"))
        return data

    def counts(self, part: str) -> dict[str, int]:
        data = self.cleaned_data
        return {c: data[f"{part}_{c}"] for c in self.colours if data.get(f"{part}_{c}")}

    def move_label(self) -> str:
        return str(dict(MOVE_KINDS)[self.cleaned_data["kind"]])

    def plan(self) -> dict[str, Any]:
        """The tiles chosen to pay with; none chosen: the engine takes the first way to pay."""
        plan = self.counts("plan")
        return {"plan": plan} if plan else {}

    def steps(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        return [
            {"guardian": data[f"guardian_{n}"] - 1, "portal": bool(data.get(f"portal_{n}"))}
            for n in range(1, GUARDIAN_STEPS + 1)
            if data.get(f"guardian_{n}")
        ]

    def move(self) -> dict[str, Any]:
        """The engine's move (without ``player``, which the seat gives)."""
        data = self.cleaned_data
        kind = data["kind"]
        fields: dict[str, Any] = {
            "place_destiny": lambda: {
                "end": data["end"],
                "cell": [data["row"], data["col"]],
            },
            "pay": lambda: {"cost": self.counts("cost"), **self.plan()},
            "move_ship": lambda: {"to": data["to"]},
            "build_path": lambda: {"index": data["index"] - 1},
            "take_task": lambda: {
                "island": data["island"],
                "offering": data["offering"],
                "tiles": self.counts("tiles"),
            },
            "light_bonfire": lambda: {"space": data["space"] - 1, "council": data["council"]},
            "fulfil_common": lambda: {"task": data["task"]},
            "place_neutral": lambda: {"council": data["council"]},
            "advance_guardians": lambda: {"steps": self.steps()},
        }
        return {"kind": kind, **(fields[kind]() if kind in fields else {})}
