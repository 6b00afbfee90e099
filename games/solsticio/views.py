"""Pages of a group's Solsticio games. Each view: scoped fetch → form → service → render.

Every fetch starts from ``membership_or_404``: a game of another group answers 404, its event
stream too. Playing needs ``require_player`` (403 otherwise) and a seat in the game: a member who
holds neither seat watches it read-only, without any hand. On one device the page shows a
hand-over screen (no hand in it) until the player due taps to reveal their hand; on two devices
each member's page shows their own hand, and the other device's page follows every move through
the live stream (``web.live.stream``, routed in ``urls``), fetching the ``#table`` region (htmx,
morphed).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame, SolsticioMode
from games.rules.solsticio import State
from games.solsticio import services
from games.solsticio.forms import MoveForm, NewGameForm, OpenForm
from games.solsticio.screen import table_screen
from groups.access import membership_or_404, require_player
from groups.models import Membership
from web.htmx import partial_template, vary_on_htmx

RECENT = 30
PAGE = "games/solsticio/game.html"


def revealed_key(game: SolsticioGame) -> str:
    """The session key of the player whose hand the one shared device shows now."""
    return f"solsticio-shown-{game.pk}"


@login_required
@require_http_methods(["GET", "POST"])
def game_list(request: HttpRequest, group_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    form = NewGameForm(request.POST or None, group=membership.group, user=request.user)
    if request.method == "POST":
        require_player(membership)
        if form.is_valid():
            data = form.cleaned_data
            game = services.start_solsticio_game(
                group=membership.group,
                players=(data["first"].strip(), data["second"].strip()),
                seed=data["seed"],
                by=request.user,
                opponent=data["opponent"],
            )
            messages.success(request, _("Game dealt: lay out the display as shown."))
            return redirect(game)
    context = {
        "group": membership.group,
        "membership": membership,
        "form": form,
        "games": membership.group.solsticio_games.all()[:RECENT],
        "pack": solsticio_pack(),
    }
    return render(request, "games/solsticio/list.html", context, status=400 if form.errors else 200)


def game_or_404(membership: Membership, game_id: int) -> SolsticioGame:
    return get_object_or_404(SolsticioGame, group_id=membership.group_id, pk=game_id)


def players_game(
    request: HttpRequest, group_id: int, game_id: int
) -> tuple[Membership, SolsticioGame]:
    """A game a player acts on: another group's game answers 404, then a viewer 403."""
    membership = membership_or_404(request, group_id)
    game = game_or_404(membership, game_id)
    require_player(membership)
    return membership, game


def shown_seat(request: HttpRequest, game: SolsticioGame, state: State) -> tuple[str | None, bool]:
    """The seat whose hand this page shows, and whether it is a hand-over screen instead."""
    mine = services.seats_of(game, request.user)
    if game.mode == SolsticioMode.TWO_DEVICES or len(mine) < 2 or state.over:
        return (mine[0] if len(mine) == 1 else None), False
    due = state.players[state.due]
    if request.session.get(revealed_key(game)) == due:
        return due, False
    return None, True


def render_game(
    request: HttpRequest,
    membership: Membership,
    game: SolsticioGame,
    *,
    error: str | None = None,
    status: int = 200,
    open_form: OpenForm | None = None,
) -> HttpResponse:
    state = services.game_state(game)
    seat, hand_over = shown_seat(request, game, state)
    pack = solsticio_pack()
    mine = services.seats_of(game, request.user)
    can_open = (
        membership.can_play
        and game.mode == SolsticioMode.ONE_DEVICE
        and game.first_user_id == request.user.pk
        and not state.version
    )
    context = {
        "group": membership.group,
        "membership": membership,
        "game": game,
        "error": error,
        "pack": pack,
        "plays": membership.can_play and bool(mine),
        "hand_over": hand_over,
        "two_devices": game.mode == SolsticioMode.TWO_DEVICES,
        "stamp": services.stamp(game),
        "open_form": open_form or (OpenForm(game=game) if can_open else None),
        "urls": {
            "page": game.get_absolute_url(),
            "stream": reverse("solsticio:stream", args=[game.group_id, game.pk]),
            "version": reverse("solsticio:version", args=[game.group_id, game.pk]),
            "reveal": reverse("solsticio:reveal", args=[game.group_id, game.pk]),
            "open": reverse("solsticio:open", args=[game.group_id, game.pk]),
        },
        **table_screen(state, pack, seat),
    }
    template = partial_template(request, PAGE, "table")
    return vary_on_htmx(render(request, template, context, status=status))


@login_required
@require_http_methods(["GET", "POST"])
def game_page(request: HttpRequest, group_id: int, game_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    game = game_or_404(membership, game_id)
    if request.method == "GET":
        return render_game(request, membership, game)
    require_player(membership)
    form = MoveForm(request.POST)
    try:
        if not form.is_valid():
            raise services.SolsticioMoveError("bad-move")
        services.play_solsticio_move(
            game=game, move=form.move(), version=form.cleaned_data["version"], by=request.user
        )
    except services.SolsticioMoveError as exc:
        game.refresh_from_db()
        status = 409 if exc.code == "stale-move" else 403 if exc.code == "not-your-seat" else 400
        return render_game(request, membership, game, error=str(exc.message), status=status)
    return redirect(game)


@login_required
@require_POST
def reveal(request: HttpRequest, group_id: int, game_id: int) -> HttpResponse:
    """On one device: the player due took it and shows their hand (until the turn passes)."""
    _, game = players_game(request, group_id, game_id)
    state = services.game_state(game)
    due = state.players[state.due]
    if due in services.seats_of(game, request.user) and request.POST.get("seat") == due:
        request.session[revealed_key(game)] = due
    return redirect(game)


@login_required
@require_POST
def open_game(request: HttpRequest, group_id: int, game_id: int) -> HttpResponse:
    """Invite a friend: the second seat goes to another member, on their own device."""
    membership, game = players_game(request, group_id, game_id)
    form = OpenForm(request.POST, game=game)
    if form.is_valid():
        try:
            services.open_to(game=game, member=form.cleaned_data["member"], by=request.user)
        except services.SolsticioOpenError as exc:
            form.add_error("member", str(exc.message))
        else:
            messages.success(request, _("The game is open to them: they play on their device."))
            return redirect(game)
    return render_game(request, membership, game, status=400, open_form=form)
