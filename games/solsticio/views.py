"""Pages of a group's Solsticio games. Each view: scoped fetch → form → service → render.

Every fetch starts from the membership (``member_view``): a game of another group answers 404,
its event stream too. Playing needs ``play=True`` (403 otherwise) and a seat in the game: a member
who holds neither seat watches it read-only, without any hand. The seats follow the live-table
kit (``web.seats``, ``seating_of``): a game dealt for one device is "one device for the whole
table", whose page shows a hand-over screen (no hand in it) until the player due taps to reveal
their hand; a game opened to a second member binds each member's device to their seat, and the
other device's page follows every move through the live stream (``web.live.stream``, routed in
``urls``), fetching the ``#table`` region (htmx, morphed). A move, an undo and an abandon each
post to their own URL and redirect to the game's page, which shows a refusal once
(Post/Redirect/Get).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame, SolsticioMode
from games.rules.solsticio import State
from games.solsticio import services
from games.solsticio.forms import MoveForm, NewGameForm, OpenForm
from games.solsticio.screen import table_screen
from groups.access import member_view
from groups.models import Membership
from web import seats
from web.elision import interpolate
from web.htmx import partial_template, vary_on_htmx

RECENT = 30
PAGE = "games/solsticio/game.html"


def revealed_key(game: SolsticioGame) -> str:
    """The session key of the player whose hand the one shared device shows now."""
    return f"solsticio-shown-{game.pk}"


@member_view("GET", "POST")
def game_list(request: HttpRequest, membership: Membership) -> HttpResponse:
    form = NewGameForm(request.POST or None, group=membership.group, user=request.user)
    if request.method == "POST":
        if not membership.can_play:
            raise PermissionDenied(seats.VIEWER)
        if form.is_valid():
            data = form.cleaned_data
            game = services.start_solsticio_game(
                group=membership.group,
                players=data["players"],
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


def game_key(game: SolsticioGame) -> str:
    """The game's key in the live-table kit (``web.seats``): its kept refusals."""
    return f"solsticio:{game.pk}"


def seating_of(
    request: HttpRequest, membership: Membership, game: SolsticioGame, state: State
) -> seats.Seating:
    """The device's seat, which the game itself says (no picker): a game dealt for one device is
    one device for the whole table; a game on two devices binds each member's device to the seat
    the member holds; anyone else watches."""
    mine = services.seats_of(game, request.user)
    bound = mine[0] if len(mine) == 1 else seats.SHARED if mine else None
    return seats.Seating(
        key=game_key(game),
        seats=tuple(mine),
        bound=bound,
        due=state.players[state.due],
        can_play=membership.can_play and bool(mine),
        over=game.over or state.over,
        changeable=False,
    )


def announcement_of(game: SolsticioGame) -> str:
    """The game's undo, abandon or end in the reader's language ("Ana undid Bea's last move.",
    "The game is over: Ana wins, 12 to 9.")."""
    last = game.last_change or {}
    if last.get("kind") == seats.UNDO:
        seat = (last.get("params") or {}).get("seat") or "?"
        return seats.announcement(
            last, interpolate(gettext("%(player)s's last move"), {"player": seat})
        )
    if last.get("kind") == seats.ABANDON:
        return seats.announcement(last, gettext("the game"))
    if last.get("kind") != seats.FINISH:
        return ""
    params = last.get("params") or {}
    scores = " – ".join(str(score) for score in (params.get("scores") or {}).values())
    if params.get("winner"):
        what = gettext("%(name)s wins, %(scores)s") % {"name": params["winner"], "scores": scores}
    else:
        what = gettext("a draw, %(scores)s") % {"scores": scores}
    return seats.announcement(last, what)


def shown_seat(request: HttpRequest, game: SolsticioGame, state: State) -> tuple[str | None, bool]:
    """The seat whose hand this page shows, and whether it is a hand-over screen instead."""
    mine = services.seats_of(game, request.user)
    if game.mode == SolsticioMode.TWO_DEVICES or len(mine) < 2 or game.over or state.over:
        return (mine[0] if len(mine) == 1 else None), False
    due = state.players[state.due]
    if request.session.get(revealed_key(game)) == due:
        return due, False
    return None, True


def open_form_of(request: HttpRequest, game: SolsticioGame) -> OpenForm:
    """The invitation form, bound to what was posted when it was refused (shown once)."""
    refused = seats.take_refusal(request, open_key(game))
    if refused is None:
        return OpenForm(game=game)
    return OpenForm(QueryDict(refused["posted"]), game=game)


def render_game(
    request: HttpRequest,
    membership: Membership,
    game: SolsticioGame,
) -> HttpResponse:
    state = services.game_state(game)
    refusal = seats.take_refusal(request, game_key(game)) or {}
    seat, hand_over = shown_seat(request, game, state)
    pack = solsticio_pack()
    mine = services.seats_of(game, request.user)
    can_open = (
        membership.can_play
        and game.mode == SolsticioMode.ONE_DEVICE
        and game.first_user_id == request.user.pk
        and not state.version
        and not game.over
    )
    context = {
        "group": membership.group,
        "membership": membership,
        "game": game,
        "error": refusal.get("message"),
        "seating": seating_of(request, membership, game, state),
        "announcement": announcement_of(game),
        "undoable": services.undoable(game),
        "pack": pack,
        "plays": membership.can_play and bool(mine),
        "hand_over": hand_over,
        "two_devices": game.mode == SolsticioMode.TWO_DEVICES,
        "stamp": services.stamp(game),
        "ended": game.over or state.over,
        "open_form": open_form_of(request, game) if can_open else None,
        "urls": {
            "page": game.get_absolute_url(),
            "stream": reverse("solsticio:stream", args=[game.group_id, game.pk]),
            "version": reverse("solsticio:version", args=[game.group_id, game.pk]),
            "reveal": reverse("solsticio:reveal", args=[game.group_id, game.pk]),
            "open": reverse("solsticio:open", args=[game.group_id, game.pk]),
            "move": reverse("solsticio:move", args=[game.group_id, game.pk]),
            "undo": reverse("solsticio:undo", args=[game.group_id, game.pk]),
            "abandon": reverse("solsticio:abandon", args=[game.group_id, game.pk]),
        },
        **table_screen(state, pack, seat),
    }
    # A place to choose is drawn on the panorama for whoever may play it now.
    context["choosing"] &= bool(context["plays"]) and not game.abandoned_at
    template = partial_template(request, PAGE, "table")
    return vary_on_htmx(render(request, template, context))


@member_view("GET")
def game_page(request: HttpRequest, membership: Membership, game_id: int) -> HttpResponse:
    """The game; for htmx its ``#table`` region. A refusal kept by a move's post shows once."""
    return render_game(request, membership, game_or_404(membership, game_id))


@member_view("POST", play=True)
def move(request: HttpRequest, membership: Membership, game_id: int) -> HttpResponse:
    """One move, for a seat this device holds (``seating_of``), then back to the game's page;
    a refusal (nothing changed) is kept for the page, which shows it once."""
    game = game_or_404(membership, game_id)
    form = MoveForm(request.POST)
    try:
        if not form.is_valid():
            raise services.SolsticioMoveError("bad-move")
        move = form.move()
        seating = seating_of(request, membership, game, services.game_state(game))
        if seating.bound is not None:  # a member without a seat: the service refuses the move
            seats.check(seating, request.POST, for_seat=str(move.get("seat") or ""))
        services.play_solsticio_move(
            game=game, move=move, version=form.cleaned_data["version"], by=request.user
        )
    except seats.SeatRefused as refusal:
        seats.keep_refusal(request, game_key(game), {"message": refusal.message})
    except services.SolsticioMoveError as exc:
        game.refresh_from_db()
        stale = exc.code == "stale-move"
        said = seats.stale_text(game.last_change) if stale else str(exc.message)
        seats.keep_refusal(request, game_key(game), {"message": said})
    return redirect(game)


# Undo the last move, or give the game up (over, no play logged): the campaign table's two writes.
WRITES = {"undo": services.undo_last_move, "abandon": services.abandon_game}


@member_view("POST", play=True)
def write(request: HttpRequest, membership: Membership, game_id: int, kind: str) -> HttpResponse:
    """An undo or an abandon (``WRITES``) made against the posted version, then back to the
    game's page, which shows a refusal once. Any device holding a seat of the game may make them
    (``seating_of``); every device announces who did it."""
    game = game_or_404(membership, game_id)
    seating = seating_of(request, membership, game, services.game_state(game))
    try:
        version = int(str(request.POST.get("version", "")))
    except ValueError:
        version = -1
    try:
        if seating.bound is not None:  # a member without a seat: the service refuses it
            seats.check(seating, request.POST, for_seat=None)
        WRITES[kind](
            game=game, version=version, by=request.user, who=seats.by_name(seating, request.user)
        )
    except seats.SeatRefused as refusal:
        seats.keep_refusal(request, game_key(game), {"message": refusal.message})
    except services.SolsticioMoveError as exc:
        seats.keep_refusal(request, game_key(game), {"message": str(exc.message)})
    return redirect(game)


@member_view("POST", play=True)
def reveal(request: HttpRequest, membership: Membership, game_id: int) -> HttpResponse:
    """On one device: the player due took it and shows their hand (until the turn passes)."""
    game = game_or_404(membership, game_id)
    state = services.game_state(game)
    due = state.players[state.due]
    if due in services.seats_of(game, request.user) and request.POST.get("seat") == due:
        request.session[revealed_key(game)] = due
    return redirect(game)


@member_view("POST", play=True)
def open_game(request: HttpRequest, membership: Membership, game_id: int) -> HttpResponse:
    """Invite a friend: the second seat goes to another member, on their own device."""
    game = game_or_404(membership, game_id)
    form = OpenForm(request.POST, game=game)
    if form.is_valid():
        try:
            services.open_to(game=game, member=form.cleaned_data["member"], by=request.user)
        except services.SolsticioOpenError as exc:
            seats.keep_refusal(request, game_key(game), {"message": str(exc.message)})
            return redirect(game)
        else:
            messages.success(request, _("The game is open to them: they play on their device."))
            return redirect(game)
    # Post/Redirect/Get: the game's page shows the form again, as chosen, with its error.
    seats.keep_refusal(
        request, open_key(game), {"code": "form", "posted": request.POST.urlencode()}
    )
    return redirect(game)


def open_key(game: SolsticioGame) -> str:
    """Where a refused invitation waits for the game's page (``web.seats``)."""
    return f"solsticio-open:{game.pk}"
