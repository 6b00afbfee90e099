"""Pages of the Bonfire turn helper: a group's games, a game's shared board, a player's page
(phone first), moves, and the rules reference.

Each view: scoped fetch (``membership_or_404``, then the group's game) → form → service
(``games.bonfire_helper``) → render. A refused move answers the same page with the reason and a
link to the rule, and nothing changed.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import bonfire_helper
from games.bonfire_forms import BonfireStartForm, MoveForm
from games.bonfire_screen import REFUSALS, screen
from games.content.bonfire import default_content
from games.models import BonfirePlay, BonfireSeat
from games.rules import bonfire
from groups.access import membership_or_404, require_player
from groups.models import Membership

SEAT_PAGE = "games/bonfire/seat.html"


def play_or_404(membership: Membership, play_id: int) -> BonfirePlay:
    return get_object_or_404(BonfirePlay.objects.for_group(membership.group_id), pk=play_id)


def seat_or_404(membership: Membership, play_id: int, seat_id: int) -> BonfireSeat:
    seats = BonfireSeat.objects.select_related("play").filter(
        play__group_id=membership.group_id, play_id=play_id
    )
    return get_object_or_404(seats, pk=seat_id)


@login_required
@require_http_methods(["GET", "POST"])
def games(request: HttpRequest, group_id: int) -> HttpResponse:
    """The group's Bonfire games, newest first, and a form to start one."""
    membership = membership_or_404(request, group_id)
    initial = {"content": json.dumps(default_content(), indent=1, ensure_ascii=False)}
    form = BonfireStartForm(request.POST or None, initial=initial)
    if request.method == "POST":
        require_player(membership)
        if form.is_valid():
            data = form.cleaned_data
            play = bonfire_helper.start_play(
                group=membership.group,
                by=request.user,
                name=data["name"],
                players=data["players"],
                content=data["content"],
            )
            return redirect("bonfire:play", group_id, play.pk)
    context = {
        "group": membership.group,
        "membership": membership,
        "plays": BonfirePlay.objects.for_group(group_id).prefetch_related("seats"),
        "form": form,
    }
    return render(request, "games/bonfire/games.html", context, status=400 if form.errors else 200)


@login_required
@require_GET
def play(request: HttpRequest, group_id: int, play_id: int) -> HttpResponse:
    """A game: whose turn it is, and each player's page."""
    membership = membership_or_404(request, group_id)
    game = play_or_404(membership, play_id)
    context = {
        "group": membership.group,
        "membership": membership,
        "play": game,
        "seats": game.seats.all(),
        "turn": game.board["turn"],
    }
    return render(request, "games/bonfire/play.html", context)


def seat_page(
    request: HttpRequest,
    membership: Membership,
    seat: BonfireSeat,
    *,
    status: int = 200,
    refusal: dict[str, Any] | None = None,
    form: MoveForm | None = None,
) -> HttpResponse:
    game = seat.play
    seats = list(game.seats.all())
    state = bonfire_helper.state_of(game, seats)
    fresh = next(s for s in seats if s.pk == seat.pk)
    cost = {
        c: int(v)
        for c in state.content.colours
        if (v := request.GET.get(f"cost_{c}", "")).isdigit() and int(v) > 0
    }
    context = {
        "group": membership.group,
        "membership": membership,
        "play": game,
        "seat": fresh,
        "colours": state.content.colours,
        "screen": screen(state, seat.name),
        "cost": cost,
        "plans": [p.as_dict() for p in bonfire_helper.payment_preview(fresh, cost)]
        if cost
        else None,
        "refusal": refusal,
        "form": form,
        "move_url": reverse("bonfire:move", args=[membership.group_id, game.pk, seat.pk]),
        "rules_url": reverse("bonfire:rules", args=[membership.group_id]),
    }
    return render(request, SEAT_PAGE, context, status=status)


@login_required
@require_GET
def seat(request: HttpRequest, group_id: int, play_id: int, seat_id: int) -> HttpResponse:
    """One player's turn helper: their board and the shared board, and the moves."""
    membership = membership_or_404(request, group_id)
    return seat_page(request, membership, seat_or_404(membership, play_id, seat_id))


@login_required
@require_POST
def move(request: HttpRequest, group_id: int, play_id: int, seat_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    player = seat_or_404(membership, play_id, seat_id)
    form = MoveForm(request.POST, colours=tuple(player.play.content["colours"]))
    if not form.is_valid():
        return seat_page(request, membership, player, status=400, form=form)
    try:
        bonfire_helper.submit_move(
            seat=player, version=form.cleaned_data["version"], move=form.move()
        )
    except bonfire_helper.StaleSeat as stale:
        refusal: dict[str, Any] = {
            "code": "stale",
            "headline": str(stale),
            "message": "",
            "rule": "",
        }
        return seat_page(request, membership, player, status=409, refusal=refusal)
    except bonfire.IllegalMove as error:
        refusal = {
            "code": error.code,
            "headline": REFUSALS.get(error.code, ""),
            "message": error.message,
            "rule": error.rule,
        }
        return seat_page(request, membership, player, status=400, refusal=refusal, form=form)
    messages.success(request, _("Done: %(move)s.") % {"move": form.move_label()})
    return redirect("bonfire:seat", group_id, play_id, seat_id)


@login_required
@require_GET
def rules(request: HttpRequest, group_id: int) -> HttpResponse:
    """The six rules B1–B6 as the engine applies them, with its readings of the loose ones."""
    membership = membership_or_404(request, group_id)
    return render(
        request, "games/bonfire/rules.html", {"group": membership.group, "membership": membership}
    )
