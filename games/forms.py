"""Forms of the play-log pages. Each rejects bad input with a message next to its field."""

from __future__ import annotations

import datetime
import zoneinfo
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import bgstats, playlog
from games.models import CatalogGame, Person, Play
from games.people import MAX_PLAYER_NAME, check_player_name
from games.scores import ScoreError, score_text, score_value
from groups.validators import validate_no_markup
from web.uploads import read_text_upload
from web.widgets import DateInput

MAX_IMPORT_BYTES = 25 * 1024 * 1024
MAX_LINES = 12

BAD_SCORE = _("Type a number, an arithmetic expression such as -10+7+22, or leave it empty.")
NO_PLAYERS = _("Name at least one player.")
DATES_REVERSED = _("“From” must be on or before “to”.")
BAD_TIME_ZONE = _("Choose a time zone from the list.")


@lru_cache(maxsize=1)
def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(zoneinfo.available_timezones())]


def zone(name: str | None) -> zoneinfo.ZoneInfo:
    """A time zone by name, UTC for anything unknown."""
    if name and name in zoneinfo.available_timezones():
        return zoneinfo.ZoneInfo(name)
    return zoneinfo.ZoneInfo("UTC")


class TimeZoneField(forms.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Time zone"))
        kwargs.setdefault("initial", "UTC")
        super().__init__(choices=time_zone_choices, **kwargs)
        self.error_messages["invalid_choice"] = BAD_TIME_ZONE


class PlayForm(forms.Form):
    game = forms.ModelChoiceField(label=_("Game"), queryset=CatalogGame.objects.none())
    played_at = forms.DateTimeField(
        label=_("Date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    time_zone = TimeZoneField()
    duration_minutes = forms.IntegerField(
        label=_("Duration (minutes)"), required=False, min_value=1, max_value=10_000
    )
    location = forms.CharField(label=_("Location"), required=False, max_length=100)
    group_won = forms.TypedChoiceField(
        label=_("Cooperative games: the group…"),
        required=False,
        choices=[("", _("(from the winners below)")), ("yes", _("won")), ("no", _("lost"))],
        coerce=lambda value: {"yes": True, "no": False}.get(value),
        empty_value=None,
    )
    uses_teams = forms.BooleanField(label=_("Played in teams"), required=False)
    ignored = forms.BooleanField(
        label=_("Leave out of statistics"),
        required=False,
        help_text=_("For a learning game or a variant, like BG Stats' “ignore”."),
    )
    note = forms.CharField(
        label=_("Note"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args: Any, games: QuerySet[CatalogGame], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game_field = self.fields["game"]
        assert isinstance(game_field, forms.ModelChoiceField)
        game_field.queryset = games
        self.fields["location"].validators.append(validate_no_markup)
        self.fields["note"].validators.append(validate_no_markup)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        played_at = data.get("played_at")
        if played_at is not None and "time_zone" in data:
            naive = timezone.make_naive(played_at) if timezone.is_aware(played_at) else played_at
            data["played_at"] = timezone.make_aware(naive, zone(data["time_zone"]))
        return data


class LineForm(forms.Form):
    name = forms.CharField(
        label=_("Player"),
        max_length=MAX_PLAYER_NAME,
        required=False,
        widget=forms.TextInput(attrs={"list": "known-players", "autocomplete": "off"}),
    )
    score = forms.CharField(
        label=_("Score"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    winner = forms.BooleanField(label=_("Winner"), required=False)
    start_player = forms.BooleanField(label=_("Started"), required=False)
    team = forms.CharField(label=_("Team"), max_length=40, required=False)
    # A line of the group's anonymous player, when editing a play that has one: it stays that
    # player's (its name, "Anonymous", is shown read-only). Only such a line can be one: posted
    # for any other line, the flag is ignored and the name is a person's.
    anonymous = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.initial.get("anonymous"):
            self.fields["name"].widget.attrs["readonly"] = True

    def clean_name(self) -> str:
        """A line left without a name is not a player (``line`` skips it)."""
        name: str = self.cleaned_data["name"].strip()
        return check_player_name(name) if name else ""

    def clean_score(self) -> str:
        entered: str = self.cleaned_data["score"].strip()
        try:
            score_value(entered)
        except ScoreError:
            raise ValidationError(BAD_SCORE, code="score") from None
        return entered

    def line(self) -> playlog.LineData | None:
        data = self.cleaned_data
        if not data.get("name"):
            return None
        value = score_value(data["score"])
        return playlog.LineData(
            name=data["name"],
            score=value,
            score_text=data["score"]
            if value is not None and data["score"] != score_text(value)
            else "",
            winner=data["winner"],
            start_player=data["start_player"],
            team=data["team"].strip(),
            anonymous=bool(data["anonymous"] and self.initial.get("anonymous")),
        )


class BaseLineFormSet(forms.BaseFormSet):  # type: ignore[type-arg]
    def clean(self) -> None:
        if any(self.errors):
            return
        if not any(form.cleaned_data.get("name") for form in self.forms):
            raise ValidationError(NO_PLAYERS, code="no-players")

    def lines(self) -> list[playlog.LineData]:
        return [line for form in self.forms if (line := form.line()) is not None]


LineFormSet = forms.formset_factory(
    LineForm, formset=BaseLineFormSet, extra=0, max_num=MAX_LINES, absolute_max=MAX_LINES
)


def line_formset(data: Any = None, *, play: Play | None = None, names: Sequence[str] = ()) -> Any:
    """The player lines of a play: its own lines when editing, else one per name plus spares."""
    if play is not None:
        initial = [
            {
                "name": r.person.label,
                "score": r.score_text or score_text(r.score),
                "winner": r.winner,
                "start_player": r.start_player,
                "team": r.team,
                "anonymous": r.person.anonymous,
            }
            for r in play.results.all()
        ]
    else:
        initial = [{"name": name} for name in names]
    spare = max(2, 4 - len(initial))
    initial += [{} for _ in range(min(spare, MAX_LINES - len(initial)))]
    return LineFormSet(data, initial=initial, prefix="line")


def play_initial(play: Play, tz: zoneinfo.ZoneInfo) -> dict[str, Any]:
    return {
        "game": play.game_id,
        "played_at": play.played_at.astimezone(tz).replace(tzinfo=None),
        "time_zone": str(tz),
        "duration_minutes": play.duration_minutes,
        "location": play.location,
        "group_won": {True: "yes", False: "no"}.get(play.group_won, ""),  # type: ignore[arg-type]
        "uses_teams": play.uses_teams,
        "ignored": play.ignored,
        "note": play.note,
    }


class GameForm(forms.ModelForm[CatalogGame]):
    class Meta:
        model = CatalogGame
        fields = ["name", "bgg_id", "cooperative", "highest_wins", "no_points"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].validators.append(validate_no_markup)


class HistoryFilterForm(forms.Form):
    game = forms.ModelChoiceField(
        label=_("Game"), queryset=CatalogGame.objects.none(), required=False
    )
    player = forms.ModelChoiceField(
        label=_("Player"), queryset=Person.objects.none(), required=False
    )
    date_from = forms.DateField(label=_("From"), required=False, widget=DateInput())
    date_to = forms.DateField(label=_("To"), required=False, widget=DateInput())

    def __init__(self, *args: Any, group_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game_field, player_field = self.fields["game"], self.fields["player"]
        assert isinstance(game_field, forms.ModelChoiceField)
        assert isinstance(player_field, forms.ModelChoiceField)
        game_field.queryset = CatalogGame.objects.filter(group_id=group_id)
        player_field.queryset = Person.objects.filter(group_id=group_id)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            raise ValidationError(DATES_REVERSED, code="dates")
        return data

    def apply(self, plays: QuerySet[Play], tz: zoneinfo.ZoneInfo) -> QuerySet[Play]:
        if not self.is_bound or not self.is_valid():
            return plays
        data = self.cleaned_data
        if data.get("game"):
            plays = plays.filter(game=data["game"])
        if data.get("player"):
            plays = plays.filter(results__person=data["player"]).distinct()
        if data.get("date_from"):
            start = datetime.datetime.combine(data["date_from"], datetime.time(), tz)
            plays = plays.filter(played_at__gte=start)
        if data.get("date_to"):
            end = datetime.datetime.combine(data["date_to"], datetime.time(), tz)
            plays = plays.filter(played_at__lt=end + datetime.timedelta(days=1))
        return plays


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("BG Stats export (JSON)"),
        help_text=_(
            "Or plays another app sent in BG Stats’ import shape: one play or a list of them."
        ),
    )
    time_zone = TimeZoneField(
        help_text=_("Where the plays were logged: BG Stats writes dates in the phone's local time.")
    )

    def clean_file(self) -> tuple[str, str, bgstats.Export]:
        """The file's name, its text and the export it holds."""
        upload = self.cleaned_data["file"]
        return (upload.name, *read_export(upload))


def read_export(upload: Any) -> tuple[str, bgstats.Export]:
    """The text of an uploaded (or opened) file and the BG Stats export it holds, or a
    ``ValidationError`` saying why it cannot be imported: the checks of the import page and of
    ``manage.py bgstats import``."""
    document = read_text_upload(upload, max_bytes=MAX_IMPORT_BYTES)
    try:
        return document, bgstats.parse_file(document)
    except bgstats.BGStatsError as error:
        raise ValidationError(str(error), code=error.code) from None


class ExportForm(forms.Form):
    time_zone = TimeZoneField(
        help_text=_("BG Stats reads dates as the phone's local time: choose the phone's zone.")
    )


def matching_form(
    preview: playlog.ImportPreview, choices: list[tuple[str, str]], data: Any = None
) -> forms.Form:
    """One choice per player of the file: someone new, a person of the group, or a member. The
    anonymous player is nobody to choose: it stays the anonymous player."""
    form = forms.Form(data)
    for player in preview.players:
        if player.anonymous:
            continue
        form.fields[f"player_{player.ref}"] = forms.ChoiceField(
            label=player.name, choices=choices, initial=player.suggested
        )
    return form
