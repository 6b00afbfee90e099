"""Forms of the table screen: the mission setup, and one move in the engine's shape with the
attempt ``version`` it was made against (the service refuses a stale one)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from campaign.forms import LoadoutForm, PlayersField
from games.content import Pack
from games.rules import spirits
from games.rules.spirits.mission_setup import AUTOMA_RIVER_SIZE, MIN_PLAYERS

BAD_CELLS = _("Give the cells as row,column pairs, e.g. 3,4 3,5.")
CARD_NEEDED = _("Choose a card.")
EDGE_NEEDED = _("Choose the coloured edge.")
COLOUR_NEEDED = _("Choose the colour.")
TOKEN_NEEDED = _("Choose the token.")
RIVER_COUNT = _("Tick exactly 4 face-up cards for the Automa.")

MOVE_KINDS = ("play", "automa-river", "automa-deck", "place", "discard", "mist", "power")


class CellsField(forms.CharField):
    """Cells as ``r,c r,c …`` or a JSON list of pairs; None when empty."""

    def clean(self, value: Any) -> list[list[int]] | None:
        value = super().clean(value)
        if not value:
            return None
        try:
            if value.startswith("["):
                cells = json.loads(value)
            else:
                cells = [[int(x) for x in pair.split(",")] for pair in value.split()]
        except (ValueError, TypeError):
            raise ValidationError(BAD_CELLS, code="cells") from None
        if not isinstance(cells, list) or not all(
            isinstance(c, list) and len(c) == 2 and all(type(x) is int for x in c) for c in cells
        ):
            raise ValidationError(BAD_CELLS, code="cells")
        return cells


class TableSetupForm(LoadoutForm):
    """Seats, first player, Trump card colour, Power tiles, and the Automa's river (2 players)."""

    players = PlayersField(
        label=_("Players, in seating order (clockwise)"),
        help_text=_("One name per line. Two players play with the Automa; three or more without."),
    )
    first_player = forms.CharField(
        label=_("First player"),
        max_length=40,
        help_text=_("Who leads the first trick: one of the names above, or Automa."),
    )
    trump = forms.ChoiceField(label=_("Trump card colour"))
    automa_river = forms.MultipleChoiceField(
        label=_("The Automa's 4 face-up cards (2 players only)"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, pack: Pack, cards: list[str], **kwargs: Any) -> None:
        super().__init__(*args, pack=pack, **kwargs)
        self.fields["trump"].choices = [(c.id, f"{c.symbol} {c.name}") for c in pack.colours]
        self.fields["automa_river"].choices = [
            (c.id, f"{pack.colour(c.colour).symbol} {c.colour.title()} {c.value}")
            for c in map(pack.card, cards)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        players = data.get("players") or []
        first = (data.get("first_player") or "").strip()
        data["first_player"] = next((p for p in players if p.lower() == first.lower()), first)
        river = data.get("automa_river") or []
        if len(players) == MIN_PLAYERS and len(river) != AUTOMA_RIVER_SIZE:
            self.add_error("automa_river", RIVER_COUNT)
        if len(players) > MIN_PLAYERS and river:
            self.add_error("automa_river", _("The Automa plays only with 2 players."))
        return data


class MoveForm(forms.Form):
    """One move as a device posts it; ``clean()`` builds the engine's (``cleaned_data["move"]``)."""

    kind = forms.ChoiceField(choices=[(k, k) for k in MOVE_KINDS])
    version = forms.IntegerField(min_value=0)
    card = forms.CharField(required=False, max_length=40)
    refill = forms.CharField(required=False, max_length=40)
    cells = CellsField(required=False, max_length=400)
    # A Power move: which Power, and what it acts on: the placed Spirit tile's cells (``cells``
    # are its new ones), a coloured edge (``r,c,side``), a token's cell, a colour (``colour``).
    power = forms.CharField(required=False, max_length=40)
    tile = CellsField(required=False, max_length=400)
    edge = forms.RegexField(
        required=False,
        regex=r"^\s*\d+\s*,\s*\d+\s*,\s*[NESW]\s*$",
        error_messages={"invalid": EDGE_NEEDED},
    )
    token = forms.RegexField(
        required=False, regex=r"^\s*\d+\s*,\s*\d+\s*$", error_messages={"invalid": TOKEN_NEEDED}
    )
    seat = forms.CharField(required=False, max_length=40)
    colour = forms.CharField(required=False, max_length=40)
    confirm = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors:
            data["move"] = self.build_move()
        return data

    def build_move(self) -> dict[str, Any]:
        data = self.cleaned_data
        kind = data["kind"]
        card = data.get("card") or None
        if kind == "play":
            return {"play": required(data, "card", CARD_NEEDED)}
        if kind == "automa-river":
            refill = {"refill": data["refill"]} if data.get("refill") else {}
            return {"automa": "river", "card": required(data, "card", CARD_NEEDED), **refill}
        if kind == "automa-deck":
            return {"automa": "deck", "card": card}
        if kind == "place":
            return {"place": required(data, "cells", BAD_CELLS)}
        if kind == "power":
            return self.power_move()
        if kind == "discard":
            return {"discard": card, "seat": data.get("seat") or ""}
        return {"mist_colour": data.get("colour") or ""}

    def power_move(self) -> dict[str, Any]:
        """A Power move in the engine's shape; a form without ``power`` moves a Spirit tile."""
        data = self.cleaned_data
        power = data.get("power") or spirits.MOVE_SPIRIT_TILE
        if power == spirits.MOVE_SPIRIT_TILE:
            tile = required(data, "tile", _("Choose the placed Spirit tile to move."))
            return {"power": power, "from": tile, "to": required(data, "cells", BAD_CELLS)}
        if power == spirits.ANY_COLOUR_EDGE:
            edge = required(data, "edge", EDGE_NEEDED)
            row, col, side = (part.strip() for part in edge.split(","))
            return {"power": power, "cell": [int(row), int(col)], "side": side}
        if power == spirits.CHOOSE_TRUMP:
            return {"power": power, "colour": required(data, "colour", COLOUR_NEEDED)}
        if power == spirits.QUIET_TOKEN:
            token = required(data, "token", TOKEN_NEEDED)
            return {"power": power, "cell": [int(x) for x in token.split(",")]}
        if power == spirits.IGNORE_MUST_FOLLOW and data.get("seat"):
            return {"power": power, "seat": data["seat"]}
        return {"power": power}


def required(data: dict[str, Any], name: str, message: str) -> Any:
    """A field the move's kind needs; the error's code is the field's name."""
    if not data.get(name):
        raise ValidationError(message, code=name)
    return data[name]
