"""Forms of the Bonfire turn helper: starting a game (its players and their starting supply), one
move of the engine's move shape, and finishing the game with each player's final score."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.bonfire.screen import action_markers, action_tokens, word
from games.bonfire.services import FinalScore
from games.content.bonfire import StartingSupply
from games.models import BonfireSeat
from games.people import MAX_PLAYER_NAME, check_player_name, player_names
from games.rules import bonfire
from games.scores import ScoreError, score_text, score_value
from web.elision import interpolate

MOST_PLAYERS = 6
GUARDIAN_STEPS = 3
MOST_SUPPLY = 99

NO_PLAYERS = _("Enter the name of at least one player.")
TOO_MANY_PLAYERS = _("A game has at most %(most)s players.")
PLAYERS_UNIQUE = _("Each player needs a different name.")
NOT_IN_CONTENT = _("The content has no %(kind)s “%(name)s”: leave it at 0 or add it there.")
SCORE_NEEDED = _("Enter this player's final score.")
COUNT_NEEDED = _("Enter a number (0 for none).")
BAD_FINAL_SCORE = _("Type a number or a sum such as 12+7+3.")
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


def supply_count(label: Any) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=MOST_SUPPLY,
        error_messages={"required": COUNT_NEEDED},
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class BonfireStartForm(forms.Form):
    """A new game as the table sets it up: its name; its players, in seat order (the first one
    starts), tapped from the group's people (``people``) or typed; every player's starting
    supply, the content pack's filled in; and, for a group's own components, the content itself
    (JSON, the pack's unless changed).

    The seed's three currencies stay apart: Action tiles by colour, Action tokens, Action markers
    (and Resources by kind)."""

    name = forms.CharField(label=_("Name"), max_length=80, initial=_("Bonfire night"))
    players = forms.CharField(
        label=_("Players, in seat order"),
        max_length=MOST_PLAYERS * (MAX_PLAYER_NAME + 1),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One name per line: the first one starts, then the others in this order."),
        error_messages={"required": NO_PLAYERS},
    )
    content = forms.CharField(
        label=_("Content (JSON)"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_("Islands, routes, High Council, Destiny tiles…: the sample pack; edit freely."),
    )

    def __init__(
        self,
        data: Any = None,
        *,
        supply: StartingSupply,
        content: Mapping[str, Any],
        people: Sequence[str] = (),
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"] = {
            **{f"tiles_{c}": supply.tiles.get(c, 0) for c in content["colours"]},
            "tokens": supply.tokens,
            "markers": supply.markers,
            **{f"resources_{r}": supply.resources.get(r, 0) for r in content["resources"]},
            **kwargs["initial"],
        }
        super().__init__(data, **kwargs)
        self.people = list(people)
        self.colours = tuple(content["colours"])
        self.resources = tuple(content["resources"])
        for colour in self.colours:
            self.fields[f"tiles_{colour}"] = supply_count(word(colour))
        self.fields["tokens"] = supply_count(_("Action tokens"))
        self.fields["markers"] = supply_count(_("Action markers"))
        for resource in self.resources:
            self.fields[f"resources_{resource}"] = supply_count(word(resource))
        self.order_fields(["name", "players"])

    def clean_players(self) -> list[str]:
        names = [check_player_name(name) for name in player_names(self.cleaned_data["players"])]
        if not names:
            raise ValidationError(NO_PLAYERS, code="no-players")
        if len(names) > MOST_PLAYERS:
            raise ValidationError(TOO_MANY_PLAYERS, code="too-many", params={"most": MOST_PLAYERS})
        folded = [name.lower() for name in names]
        if len(set(folded)) != len(folded):
            raise ValidationError(PLAYERS_UNIQUE, code="unique")
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

    def clean(self) -> dict[str, Any]:
        """A count of a colour or resource the posted content does not have is refused there."""
        data = super().clean() or {}
        content = data.get("content")
        if not isinstance(content, dict):
            return data
        for kind, key, label in (
            ("colours", "tiles", _("Action tile colour")),
            ("resources", "resources", _("Resource")),
        ):
            known = set(content.get(kind) or ())
            for name in getattr(self, kind):
                field = f"{key}_{name}"
                if data.get(field) and name not in known:
                    self.add_error(
                        field,
                        ValidationError(
                            NOT_IN_CONTENT,
                            code="not-in-content",
                            params={"kind": label, "name": word(name)},
                        ),
                    )
        return data

    @property
    def has_errors(self) -> bool:
        return bool(self.errors)

    def tile_fields(self) -> list[tuple[str, forms.BoundField]]:
        return [(c, self[f"tiles_{c}"]) for c in self.colours]

    def resource_fields(self) -> list[tuple[str, forms.BoundField]]:
        return [(r, self[f"resources_{r}"]) for r in self.resources]

    def supply_has_errors(self) -> bool:
        return any(f not in ("name", "players", "content") for f in self.errors)

    def supply_summary(self) -> str:
        """The supply as the form holds it, in one line of words ("1 yellow, 3 Action tokens,
        2 Action markers, 2 fish…"): what a closed supply section says every player gets."""

        def count(name: str) -> int:
            value = self[name].value()
            return int(value) if str(value).isdecimal() else 0

        parts = [f"{n} {word(c)}" for c in self.colours if (n := count(f"tiles_{c}"))]
        if tokens := count("tokens"):
            parts.append(action_tokens(tokens))
        if markers := count("markers"):
            parts.append(action_markers(markers))
        parts += [f"{n} {word(r)}" for r in self.resources if (n := count(f"resources_{r}"))]
        return ", ".join(parts) or "—"

    def supply(self) -> dict[str, Any]:
        """Every player's starting supply as ``bonfire-scenario/1`` player fields."""
        data = self.cleaned_data
        return {
            "tiles": {c: data[f"tiles_{c}"] for c in self.colours if data[f"tiles_{c}"]},
            "tokens": data["tokens"],
            "markers": data["markers"],
            "resources": {
                r: data[f"resources_{r}"] for r in self.resources if data[f"resources_{r}"]
            },
        }

    def seated(self) -> list[str]:
        """The players' names in seat order."""
        return list(self.cleaned_data["players"])

    def supplies(self) -> list[dict[str, Any]]:
        return [self.supply() for _ in self.seated()]


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


class FinishForm(forms.Form):
    """Finishing a game: each player's final score (a number or a sum such as 12+7+3), the
    winners (none ticked: the highest score wins), and how long it took."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    duration_minutes = forms.IntegerField(
        label=_("Duration (minutes)"), min_value=0, max_value=10_000, required=False
    )

    def __init__(self, *args: Any, seats: Sequence[BonfireSeat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        for seat in self.seats:
            self.fields[f"score_{seat.position}"] = forms.CharField(
                label=interpolate(_("%(name)s’s score"), {"name": seat.name}),
                max_length=100,
                widget=forms.TextInput(attrs={"inputmode": "decimal"}),
                error_messages={"required": SCORE_NEEDED},
            )
            self.fields[f"winner_{seat.position}"] = forms.BooleanField(
                label=_("%(name)s won") % {"name": seat.name}, required=False
            )
        self.order_fields(
            [*(f for f in self.fields if f != "duration_minutes"), "duration_minutes"]
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for seat in self.seats:
            field = f"score_{seat.position}"
            if field in data:
                try:
                    score_value(data[field])
                except ScoreError:
                    self.add_error(field, ValidationError(BAD_FINAL_SCORE, code="score"))
        return data

    def seat_fields(self) -> list[tuple[BonfireSeat, forms.BoundField, forms.BoundField]]:
        return [(s, self[f"score_{s.position}"], self[f"winner_{s.position}"]) for s in self.seats]

    def scores(self) -> list[FinalScore]:
        """Each seat's ``FinalScore``, in turn order."""
        results = []
        for seat in self.seats:
            typed = self.cleaned_data[f"score_{seat.position}"].strip()
            value = score_value(typed)
            results.append(
                FinalScore(
                    score=value,
                    score_text=typed if value is not None and typed != score_text(value) else "",
                    winner=self.cleaned_data[f"winner_{seat.position}"],
                )
            )
        return results
