"""Pages of the Bonfire turn helper: a group's games, a game's shared board, a player's page
(phone first), moves, finishing the game into the play log, and the rules reference.

Each view: scoped fetch (``membership_or_404``, then the group's game) → form → service
(``games.bonfire.services``) → render. A refused move answers the same page with the reason and a
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

from games.bonfire import events, services
from games.bonfire.forms import BonfireStartForm, FinishForm, MoveForm
from games.bonfire.screen import REFUSALS, screen
from games.content.bonfire import default_content, default_supply
from games.models import BonfirePlay, BonfireSeat
from games.rules import bonfire
from groups.access import membership_or_404, require_player
from groups.models import Membership
from web.htmx import partial_template, vary_on_htmx

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
    """The group's Bonfire games, newest first, and a form to start one.

    The form holds the content pack's content, or with ``?content_from=<game>`` the content one of
    the group's own games started with: a group edits its Bonfire content when it starts a game,
    and carries its edits on to the next game from there.
    """
    membership = membership_or_404(request, group_id)
    content = default_content()
    source = None
    if (wanted := request.GET.get("content_from", "")).isdigit():
        source = play_or_404(membership, int(wanted))
        content = source.content
    form = BonfireStartForm(
        request.POST or None,
        supply=default_supply(),
        content=content,
        initial={"content": json.dumps(content, indent=1, ensure_ascii=False)},
    )
    if request.method == "POST":
        require_player(membership)
        if form.is_valid():
            try:
                play = services.start_play(
                    group=membership.group,
                    by=request.user,
                    name=form.cleaned_data["name"],
                    players=form.players(),
                    content=form.cleaned_data["content"],
                    supplies=form.supplies(),
                )
            except bonfire.SetupError as error:
                form.add_error(None, error.message)
            else:
                return redirect("bonfire:play", group_id, play.pk)
    context = {
        "group": membership.group,
        "membership": membership,
        "plays": BonfirePlay.objects.for_group(group_id).prefetch_related("seats"),
        "form": form,
        "source": source,
    }
    status = 400 if form.has_errors else 200
    return render(request, "games/bonfire/games.html", context, status=status)


def play_page(
    request: HttpRequest,
    membership: Membership,
    game: BonfirePlay,
    *,
    form: FinishForm | None = None,
    status: int = 200,
) -> HttpResponse:
    seats = list(game.seats.all())
    if form is None and game.finished_at is None:
        form = FinishForm(seats=seats, initial={"version": game.version})
    context = {
        "group": membership.group,
        "membership": membership,
        "play": game,
        "seats": seats,
        "turn": game.board["turn"],
        "finish_form": form,
    }
    return render(request, "games/bonfire/play.html", context, status=status)


@login_required
@require_GET
def play(request: HttpRequest, group_id: int, play_id: int) -> HttpResponse:
    """A game: whose turn it is, each player's page, and finishing it (or, finished, its play)."""
    membership = membership_or_404(request, group_id)
    game = get_object_or_404(
        BonfirePlay.objects.for_group(group_id).select_related("play"), pk=play_id
    )
    return play_page(request, membership, game)


@login_required
@require_POST
def finish(request: HttpRequest, group_id: int, play_id: int) -> HttpResponse:
    """Finish the game: its play goes into the group's play log, once, and the game is kept
    read-only as that play's record."""
    membership = membership_or_404(request, group_id)
    require_player(membership)
    game = play_or_404(membership, play_id)
    form = FinishForm(request.POST, seats=list(game.seats.all()))
    if not form.is_valid():
        return play_page(request, membership, game, form=form, status=400)
    try:
        record = services.finish_play(
            play=game,
            version=form.cleaned_data["version"],
            scores=form.scores(),
            by=request.user,
            duration_minutes=form.cleaned_data["duration_minutes"],
        )
    except services.GameFinished as done:
        messages.info(request, str(done))
        return redirect("bonfire:play", group_id, play_id)
    except services.StaleGame as stale:
        game.refresh_from_db()
        form.add_error(None, str(stale))
        return play_page(request, membership, game, form=form, status=409)
    messages.success(request, _("Game finished: its play is in the play log."))
    return redirect(record)


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
    state = services.state_of(game, seats)
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
        "screen": screen(state, seat.name, finished=game.finished_at is not None),
        "cost": cost,
        "plans": [p.as_dict() for p in services.payment_preview(fresh, cost)] if cost else None,
        "refusal": refusal,
        "form": form,
        "move_url": reverse("bonfire:move", args=[membership.group_id, game.pk, seat.pk]),
        "rules_url": reverse("bonfire:rules", args=[membership.group_id]),
        "stamp": events.stamp(game),
        "urls": live_urls(request, membership, seat),
    }
    template = partial_template(request, SEAT_PAGE, "table")
    return vary_on_htmx(render(request, template, context, status=status))


def live_urls(request: HttpRequest, membership: Membership, seat: BonfireSeat) -> dict[str, str]:
    """Where the page listens (the game's stream and stamp) and what it fetches on a change: the
    seat's page as shown (with the cost being paid, if any)."""
    args = [membership.group_id, seat.play_id]
    page = reverse("bonfire:seat", args=[*args, seat.pk])
    if request.method == "GET" and request.GET:
        page = request.get_full_path()
    return {
        "page": page,
        "stream": reverse("bonfire:stream", args=args),
        "version": reverse("bonfire:version", args=args),
    }


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
        services.submit_move(seat=player, version=form.cleaned_data["version"], move=form.move())
    except (services.GameFinished, services.StaleSeat) as late:
        code = "finished" if isinstance(late, services.GameFinished) else "stale"
        refusal: dict[str, Any] = {"code": code, "headline": str(late), "message": "", "rule": ""}
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
