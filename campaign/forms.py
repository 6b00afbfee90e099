"""Forms of the campaign pages. Each rejects bad input with a message next to its field."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaign import exchange
from campaign.models import FAILURE_REASON_LABELS, OVERRIDE_KIND_LABELS, Adventure
from campaign.names import check_player_names
from campaign.services import AttemptData
from games.content import Pack
from games.models import Person
from games.people import MAX_PLAYER_NAME, check_player_name
from games.rules.spirits import campaign as progression
from groups.validators import validate_no_markup
from web.uploads import read_json_upload
from web.widgets import DateInput

MAX_IMPORT_BYTES = 5 * 1024 * 1024

REASON_REQUIRED = _("Say why the mission failed.")
TILE_TWICE = _("This Power tile is already placed on another space.")
DATES_REVERSED = _("“From” must be on or before “to”.")
MISSION = _("Mission %(number)s")  # a mission not reached yet, its name hidden
TARGET_NEEDED = _("Choose what this applies to.")
RESULTS = [(progression.SUCCESS, _("Success")), (progression.FAILURE, _("Failure"))]
# Each field deep-copies the widget it is given, so these are shared safely.
TEXTAREA = forms.Textarea(attrs={"rows": 3})
DATE_INPUT = DateInput()


class AdventureForm(forms.ModelForm):
    class Meta:
        model = Adventure
        fields = ["name"]
        help_texts = {"name": _("What your table calls this playthrough, e.g. “Spring 2025”.")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].validators.append(validate_no_markup)


class PlayersField(forms.CharField):
    """Players' names, one per line (commas work too), as a list: the quick log, the correction
    and the table's setup."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=400, widget=TEXTAREA, **kwargs)

    def clean(self, value: Any) -> list[str]:
        names = re.split(r"[\n,]", super().clean(value))
        return [name.strip() for name in names if name.strip()]


class LoadoutForm(forms.Form):
    """What the attempt forms and the table's setup share: the players' names checked by the rule
    of ``campaign.names`` and a Power tile per space (``space_<id>``)."""

    def __init__(
        self,
        *args: Any,
        pack: Pack,
        spaces: list[str],
        tiles: list[str],
        people: Sequence[str] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.people = people
        tile_choices = [("", _("— no tile —"))] + [(t, str(pack.power_tile(t).name)) for t in tiles]
        self.space_fields = [(space, f"space_{space}") for space in spaces]
        for space, name in self.space_fields:
            self.fields[name] = forms.ChoiceField(
                label=_("Power tile on %(space)s") % {"space": str(pack.power_space(space).name)},
                required=False,
                choices=tile_choices,
            )

    def clean_players(self) -> list[str]:
        return check_player_names(self.cleaned_data["players"], self.people)

    def loadout(self) -> dict[str, str]:
        data = self.cleaned_data
        return {space: data[name] for space, name in self.space_fields if data.get(name)}


class AttemptForm(LoadoutForm):
    """An attempt as the table tells it (the quick log, the correction). Our reading of the seed
    (2 players with the Automa, tricks for more): 2 to 5 names."""

    mission = forms.TypedChoiceField(label=_("Mission"), coerce=int)
    result = forms.ChoiceField(label=_("Result"), choices=RESULTS, widget=forms.RadioSelect)
    failure_reason = forms.ChoiceField(
        label=_("Why it failed"),
        required=False,
        choices=[("", "—"), *FAILURE_REASON_LABELS.items()],
    )
    players = PlayersField(
        label=_("Players"),
        help_text=_("One name per line; people without an account can play too."),
    )
    rounds_played = forms.IntegerField(
        label=_("Rounds played"), required=False, min_value=0, max_value=20
    )
    played_on = forms.DateField(label=_("Date"), widget=DATE_INPUT, initial=timezone.localdate)
    duration_minutes = forms.IntegerField(
        label=_("Duration (minutes)"), required=False, min_value=0, max_value=24 * 60
    )

    def __init__(self, *args: Any, pack: Pack, named: Collection[int], **kwargs: Any) -> None:
        """``named``: the missions whose names the member sees; the others show their number."""
        super().__init__(*args, pack=pack, **kwargs)
        self.fields["mission"].choices = [
            (
                m.number,
                f"{m.number}. {m.name}" if m.number in named else MISSION % {"number": m.number},
            )
            for m in pack.missions
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("result") == progression.FAILURE and not data.get("failure_reason"):
            self.add_error("failure_reason", ValidationError(REASON_REQUIRED, code="required"))
        if data.get("result") == progression.SUCCESS:
            data["failure_reason"] = ""
        seen = set()
        for _space, name in self.space_fields:
            tile = data.get(name)
            if tile and tile in seen:
                self.add_error(name, ValidationError(TILE_TWICE, code="twice"))
            seen.add(tile)
        return data

    def attempt_data(self) -> AttemptData:
        data = self.cleaned_data
        return AttemptData(
            mission=data["mission"],
            result=data["result"],
            reason=data.get("failure_reason") or "",
            players=data["players"],
            rounds_played=data.get("rounds_played"),
            played_on=data["played_on"],
            duration_minutes=data.get("duration_minutes"),
            loadout=self.loadout(),
        )


class LogAttemptForm(AttemptForm):
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    note = forms.CharField(label=_("Notes"), required=False, max_length=2000, widget=TEXTAREA)


class CorrectionForm(AttemptForm):
    log_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)


class NoteForm(forms.Form):
    text = forms.CharField(label=_("Add a note"), max_length=2000, widget=TEXTAREA)


class OverrideForm(forms.Form):
    kind = forms.ChoiceField(label=_("What"), choices=list(OVERRIDE_KIND_LABELS.items()))
    target = forms.ChoiceField(label=_("Which"), required=False)
    reason = forms.CharField(label=_("Why (kept in the audit trail)"), max_length=300)

    def __init__(self, *args: Any, pack: Pack, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What each kind applies to; Night mode to nothing.
        self.targets = {
            progression.OPEN_ENVELOPE: (_("Envelopes"), pack.envelopes),
            progression.UNLOCK_SPACE: (_("Power spaces"), pack.power.spaces),
            progression.GAIN_TOKEN: (_("Power tokens"), pack.power.tokens),
        }
        self.fields["target"].choices = [("", "—")] + [
            (label, [(t.id, str(t.name)) for t in items]) for label, items in self.targets.values()
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind, target = data.get("kind"), data.get("target") or ""
        ids = {item.id for item in self.targets[kind][1]} if kind in self.targets else {""}
        if kind and target not in ids:
            self.add_error("target", ValidationError(TARGET_NEEDED, code="target"))
        return data


class HistoryFilterForm(forms.Form):
    SORTS = {
        "newest": (_("Newest first"), ["-played_on", "-number"]),
        "oldest": (_("Oldest first"), ["played_on", "number"]),
        "mission": (_("By mission"), ["mission", "number"]),
        "number": (_("By attempt number"), ["number"]),
    }
    # A player is one of the group's people, as called now, whatever the case (``campaign.seats``).
    LOOKUPS = {
        "mission": "mission",
        "result": "status",
        "player": "seats__person__name__iexact",
        "date_from": "played_on__gte",
        "date_to": "played_on__lte",
    }
    mission = forms.IntegerField(label=_("Mission"), required=False, min_value=1, max_value=99)
    result = forms.ChoiceField(
        label=_("Result"), required=False, choices=[("", _("Any")), *RESULTS]
    )
    player = forms.CharField(label=_("Player"), required=False, max_length=MAX_PLAYER_NAME)
    date_from = forms.DateField(label=_("From"), required=False, widget=DATE_INPUT)
    date_to = forms.DateField(label=_("To"), required=False, widget=DATE_INPUT)
    sort = forms.ChoiceField(
        label=_("Sort"),
        required=False,
        choices=[(key, label) for key, (label, _order) in SORTS.items()],
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            self.add_error("date_from", ValidationError(DATES_REVERSED, code="reversed"))
        return data

    def apply(self, attempts: Any) -> Any:
        data = self.cleaned_data if self.is_valid() else {}
        lookups = {self.LOOKUPS[name]: data[name] for name in self.LOOKUPS if data.get(name)}
        return attempts.filter(**lookups).order_by(*self.SORTS[data.get("sort") or "newest"][1])


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Adventure file (JSON, format questlog-adventure/1)"))

    def clean_file(self) -> list[exchange.ImportedAdventure]:
        data = read_json_upload(self.cleaned_data["file"], max_bytes=MAX_IMPORT_BYTES)
        try:
            return exchange.parse_document(data)
        except exchange.ExchangeError as error:
            raise ValidationError(str(error), code="format") from None


class PersonForm(forms.Form):
    """A guest's name, or someone's new name: the rule of the players' names."""

    name = forms.CharField(label=_("Name"), max_length=MAX_PLAYER_NAME)

    def clean_name(self) -> str:
        return check_player_name(self.cleaned_data["name"])


class LinkForm(forms.Form):
    member = forms.ModelChoiceField(
        label=_("This guest is the member"), queryset=Person.objects.none()
    )

    def __init__(self, *args: Any, group_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        member = cast(forms.ModelChoiceField, self.fields["member"])
        member.queryset = Person.objects.filter(group_id=group_id, user__isnull=False)
