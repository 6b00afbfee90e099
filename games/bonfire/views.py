"""Pages of the Bonfire turn helper: a group's games, a game's shared board, a player's page
(phone first), moves, undoing the last one, finishing the game into the play log or abandoning
it, and the rules reference.

Each view: scoped fetch (``member_view``, then the group's game) → form → service
(``games.bonfire.services``) → render. The live-table kit (``web.seats``) binds a device to a
player: its moves are that player's only, a move for another player is refused. A refused move
redirects to the player's page, which shows the reason and a link to the rule once (nothing
changed); a reload never posts it again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from games.bonfire import events, refusals, services
from games.bonfire.forms import MOVE_KINDS, BonfireStartForm, FinishForm, MoveForm
from games.bonfire.screen import screen
from games.content.bonfire import default_content, default_supply
from games.models import BonfirePlay, BonfireSeat
from games.people import people_names
from games.rules import bonfire
from games.rules.common import BAD_MOVE
from groups.access import member_view, require_player
from groups.models import Membership
from web import seats
from web.elision import interpolate
from web.htmx import partial_template, vary_on_htmx

SEAT_PAGE = "games/bonfire/seat.html"


def play_or_404(membership: Membership, play_id: int) -> BonfirePlay:
    return get_object_or_404(BonfirePlay.objects.for_group(membership.group_id), pk=play_id)


def seat_or_404(membership: Membership, play_id: int, seat_id: int) -> BonfireSeat:
    seats_of_play = BonfireSeat.objects.select_related("play").filter(
        play__group_id=membership.group_id, play_id=play_id
    )
    return get_object_or_404(seats_of_play, pk=seat_id)


def game_key(game: BonfirePlay) -> str:
    """The game's key in the device's seat binding (``web.seats``)."""
    return f"bonfire:{game.pk}"


def seating_of(
    request: HttpRequest, membership: Membership, game: BonfirePlay, names: list[str]
) -> seats.Seating:
    return seats.seating(
        request,
        game_key(game),
        seats=names,
        due=game.board["turn"],
        can_play=membership.can_play,
        over=game.over,
        bind_url=reverse("bonfire:seat-bind", args=[game.group_id, game.pk]),
    )


def announcement_of(game: BonfirePlay) -> str:
    """The game's last change in the reader's language ("carla: Move the Ship.", "The game is
    over: …")."""
    last = game.last_change or {}
    kind = last.get("kind")
    if kind == seats.MOVE:
        label = dict(MOVE_KINDS).get((last.get("params") or {}).get("move") or "", "")
        return seats.announcement(last, str(label)) if label else ""
    if kind == seats.UNDO:
        params = last.get("params") or {}
        label = dict(MOVE_KINDS).get(params.get("move") or "", "")
        what = interpolate(
            gettext("%(player)s's move “%(move)s”"),
            {"player": params.get("player") or "?", "move": label},
        )
        return seats.announcement(last, what)
    if kind == seats.ABANDON:
        return seats.announcement(last, gettext("the game"))
    if kind == seats.FINISH:
        return seats.announcement(last, gettext("its play is in the play log"))
    return ""


@member_view("GET", "POST")
def games(request: HttpRequest, membership: Membership) -> HttpResponse:
    """The group's Bonfire games, newest first, and a form to start one: the players tapped
    from the group's people in seat order, one starting supply for all (the pack's filled in),
    the content as an advanced option.

    The form holds the content pack's content, or with ``?content_from=<game>`` the content one of
    the group's own games started with: a group edits its Bonfire content when it starts a game,
    and carries its edits on to the next game from there.
    """
    group_id = membership.group_id
    content = default_content()
    source = None
    if (wanted := request.GET.get("content_from", "")).isdecimal():
        source = play_or_404(membership, int(wanted))
        content = source.content
    form = BonfireStartForm(
        request.POST or None,
        supply=default_supply(),
        content=content,
        people=people_names(membership.group) if membership.can_play else (),
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
                    players=form.seated(),
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


def play_page(request: HttpRequest, membership: Membership, game: BonfirePlay) -> HttpResponse:
    seats_of_play = list(game.seats.all())
    form = None
    if not game.over:
        refused_finish = seats.take_refusal(request, finish_key(game))
        form = (
            FinishForm(QueryDict(refused_finish["posted"]), seats=seats_of_play)
            if refused_finish is not None
            else FinishForm(seats=seats_of_play, initial={"version": game.version})
        )
    seating = seating_of(request, membership, game, [s.name for s in seats_of_play])
    context = {
        "group": membership.group,
        "membership": membership,
        "play": game,
        "seats": seats_of_play,
        "turn": game.board["turn"],
        "finish_form": form,
        "seating": seating,
        "announcement": announcement_of(game),
        "undoable": services.undoable(game),
        "refusal": seats.take_refusal(request, game_key(game)),
        "urls": table_urls(game),
    }
    return render(request, "games/bonfire/play.html", context)


def table_urls(game: BonfirePlay) -> dict[str, str]:
    """Where a device playing at the table undoes the last move or abandons the game."""
    args = [game.group_id, game.pk]
    return {
        "undo": reverse("bonfire:undo", args=args),
        "abandon": reverse("bonfire:abandon", args=args),
    }


@member_view("GET")
def play(request: HttpRequest, membership: Membership, play_id: int) -> HttpResponse:
    """A game: whose turn it is, each player's page, and finishing it (or, finished, its play)."""
    game = get_object_or_404(
        BonfirePlay.objects.for_group(membership.group_id).select_related("play"), pk=play_id
    )
    return play_page(request, membership, game)


@member_view("POST", play=True)
def seat_bind(request: HttpRequest, membership: Membership, play_id: int) -> HttpResponse:
    """This device says which player holds it (then opens that player's page), one device for
    the whole table, or forgets it ("Not carla? change")."""
    game = play_or_404(membership, play_id)
    players = {s.name: s for s in game.seats.all()}
    chosen = str(request.POST.get("seat", ""))
    seats.bind(request, game_key(game), chosen, list(players))
    if chosen in players:
        return redirect("bonfire:seat", membership.group_id, game.pk, players[chosen].pk)
    return redirect("bonfire:play", membership.group_id, game.pk)


@member_view("POST", play=True)
def finish(request: HttpRequest, membership: Membership, play_id: int) -> HttpResponse:
    """Finish the game: its play goes into the group's play log, once, and the game is kept
    read-only as that play's record. Any device playing at the table may finish it (announced
    on every device)."""
    group_id = membership.group_id
    game = play_or_404(membership, play_id)
    seating = seating_of(request, membership, game, [s.name for s in game.seats.all()])
    form = FinishForm(request.POST, seats=list(game.seats.all()))
    if not form.is_valid():
        # Post/Redirect/Get: the game's page shows the form again, as typed, with its errors.
        refused = {"code": "form", "posted": request.POST.urlencode()}
        seats.keep_refusal(request, finish_key(game), refused)
        return redirect("bonfire:play", group_id, play_id)
    try:
        record = services.finish_play(
            play=game,
            version=form.cleaned_data["version"],
            scores=form.scores(),
            by=request.user,
            duration_minutes=form.cleaned_data["duration_minutes"],
            who=seats.by_name(seating, request.user),
        )
    except services.GameFinished as done:
        messages.info(request, str(done))
        return redirect("bonfire:play", group_id, play_id)
    except services.StaleGame as stale:
        refusal = {"code": "stale", "headline": str(stale), "message": "", "rule": ""}
        seats.keep_refusal(request, game_key(game), refusal)
        return redirect("bonfire:play", group_id, play_id)
    messages.success(request, _("Game finished: its play is in the play log."))
    return redirect(record)


def finish_key(game: BonfirePlay) -> str:
    """Where a refused finish form waits for the game's page (``web.seats``)."""
    return f"bonfire-finish:{game.pk}"


def seat_page(
    request: HttpRequest,
    membership: Membership,
    seat: BonfireSeat,
    *,
    status: int = 200,
) -> HttpResponse:
    game = seat.play
    seats_of_play = list(game.seats.all())
    state = services.state_of(game, seats_of_play)
    fresh = next(s for s in seats_of_play if s.pk == seat.pk)
    seating = seating_of(request, membership, game, [s.name for s in seats_of_play])
    cost = {
        c: int(v)
        for c in state.content.colours
        if (v := request.GET.get(f"cost_{c}", "")).isdecimal() and int(v) > 0
    }
    context = {
        "group": membership.group,
        "membership": membership,
        "play": game,
        "seat": fresh,
        "colours": state.content.colours,
        "screen": screen(state, seat.name, finished=game.over, **placing(request)),
        "cost": cost,
        "plans": [p.as_dict() for p in services.payment_preview(fresh, cost)] if cost else None,
        "paying": paying(request, state.content.colours, cost),
        "refusal": seats.take_refusal(request, seat_key(fresh)),
        "seating": seating,
        # This page's moves are enabled on a device of this player, on their turn.
        "controls": seating.may_move and seating.plays_for == fresh.name,
        "announcement": announcement_of(game),
        "undoable": services.undoable(game),
        "move_url": reverse("bonfire:move", args=[membership.group_id, game.pk, seat.pk]),
        "rules_url": reverse("bonfire:rules", args=[membership.group_id]),
        "stamp": events.stamp(game),
        "urls": {**live_urls(request, membership, seat), **table_urls(game)},
    }
    template = partial_template(request, SEAT_PAGE, "table")
    return vary_on_htmx(render(request, template, context, status=status))


def placing(request: HttpRequest) -> dict[str, Any]:
    """The Destiny tile being placed (``end``) and the cell tapped for it (``row``, ``col``), as
    a tap on the drawn Destiny Area asks for them; anything else is ignored."""
    chosen: dict[str, Any] = {}
    if request.method != "GET":
        return chosen
    if (end := request.GET.get("end", "")) in ("top", "bottom"):
        chosen["end"] = end
    row, col = request.GET.get("row", ""), request.GET.get("col", "")
    if row.isdecimal() and col.isdecimal() and len(row) < 3 and len(col) < 3:
        chosen["cell"] = (int(row), int(col))
    if (light := request.GET.get("light", "")).isdecimal() and len(light) < 3:
        chosen["light"] = int(light)
    return chosen


def paying(request: HttpRequest, colours: Sequence[str], cost: dict[str, int]) -> dict[str, Any]:
    """Naming a cost to pay (B2) by taps: each colour's link adds one tile of it to the cost,
    each chosen one's link takes one off; a link that clears the cost."""

    def link(changed: dict[str, int]) -> str:
        query = urlencode({f"cost_{c}": n for c, n in changed.items() if n > 0})
        return f"{request.path}?{query}#pay" if query else f"{request.path}#pay"

    return {
        "add": [(c, link({**cost, c: cost.get(c, 0) + 1})) for c in colours],
        "remove": [(c, n, link({**cost, c: n - 1})) for c, n in cost.items()],
        "clear": link({}),
    }


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


def seat_key(seat: BonfireSeat) -> str:
    """Where a refused move of this player's page waits for the page (``web.seats``)."""
    return f"bonfire:{seat.play_id}:{seat.pk}"


@member_view("GET")
def seat(request: HttpRequest, membership: Membership, play_id: int, seat_id: int) -> HttpResponse:
    """One player's turn helper: their board and the shared board, and the moves."""
    return seat_page(request, membership, seat_or_404(membership, play_id, seat_id))


@member_view("POST", play=True)
def move(request: HttpRequest, membership: Membership, play_id: int, seat_id: int) -> HttpResponse:
    """One move of this page's player, from a device bound to them (or one device for the whole
    table): then back to the page, with the reason once when it was refused (nothing changed)."""
    player = seat_or_404(membership, play_id, seat_id)
    game = player.play
    page = redirect("bonfire:seat", membership.group_id, play_id, seat_id)
    seating = seating_of(request, membership, game, [s.name for s in game.seats.all()])
    form = MoveForm(request.POST, colours=tuple(game.content["colours"]))
    try:
        seats.check(seating, request.POST, for_seat=player.name)
        if not form.is_valid():
            raise Incomplete(form)
        services.submit_move(
            seat=player,
            version=form.cleaned_data["version"],
            move=form.move(),
            who=seats.by_name(seating, request.user),
            by=request.user,
        )
    except seats.SeatRefused as refusal:
        refused(request, player, refusal.code, refusal.message)
    except Incomplete as incomplete:
        field = next(iter(incomplete.fields), "kind")
        headline = refusals.BONFIRE_REFUSALS[BAD_MOVE].render(field=field_label(form, field))
        refused(request, player, "form", headline, incomplete.details)
    except services.GameFinished as late:
        refused(request, player, "finished", str(late))
    except services.StaleSeat:
        game.refresh_from_db()
        refused(request, player, "stale", seats.stale_text(game.last_change))
    except bonfire.IllegalMove as error:
        content = bonfire.content_from_dict(game.content)
        # The engine's English details stay in its logs: the page says the translated sentence.
        refused(request, player, error.code, refusals.sentence(error, content), "", error.rule)
    else:
        messages.success(request, _("Done: %(move)s.") % {"move": form.move_label()})
    return page


# Undo the last move, or give the game up (over, no play logged): the campaign table's two writes.
WRITES = {"undo": services.undo_last_move, "abandon": services.abandon_game}


@member_view("POST", play=True)
def write(request: HttpRequest, membership: Membership, play_id: int, kind: str) -> HttpResponse:
    """An undo or an abandon (``WRITES``), made against the posted game version, then back to
    the page it was posted from (the player's page, or the game's); a refusal is kept for that
    page and shown once. Any device playing at the table (bound to a player, or one device for
    the whole table) may make them; every device announces who did it."""
    game = play_or_404(membership, play_id)
    seating = seating_of(request, membership, game, [s.name for s in game.seats.all()])
    back = str(request.POST.get("seat") or "")
    player = game.seats.filter(pk=int(back)).first() if back.isdecimal() else None
    key = seat_key(player) if player is not None else game_key(game)
    try:
        version = int(str(request.POST.get("version", "")))
    except ValueError:
        version = -1
    try:
        seats.check(seating, request.POST, for_seat=None)
        WRITES[kind](
            game=game, version=version, by=request.user, who=seats.by_name(seating, request.user)
        )
    except seats.SeatRefused as refusal:
        seats.keep_refusal(request, key, {"code": refusal.code, "headline": refusal.message})
    except (services.GameFinished, services.StaleGame, services.NothingToUndo) as error:
        seats.keep_refusal(request, key, {"code": kind, "headline": str(error)})
    if player is not None:
        return redirect("bonfire:seat", membership.group_id, game.pk, player.pk)
    return redirect("bonfire:play", membership.group_id, game.pk)


def field_label(form: MoveForm, name: str) -> str:
    """A move form's field as the reader knows it (``row`` is "Row", ``guardian_2`` a
    "Guardian"), in the reader's language; never the field's name in the code."""
    field = form.fields.get(name)
    label = refusals.FIELD_LABELS.get(name) or (field.label if field is not None else None)
    if not label:
        label = refusals.FIELD_LABELS.get(name.split("_")[0])
    return str(label) if label else name


class Incomplete(Exception):
    """A move form missing what its kind needs: its errors, as the page lists them."""

    def __init__(self, form: MoveForm) -> None:
        self.fields = [field for field in form.errors if field != "__all__"]
        self.details = " ".join(
            f"{'' if field == '__all__' else field_label(form, field) + ': '}"
            f"{' '.join(str(e) for e in errors)}"
            for field, errors in form.errors.items()
        )
        super().__init__(self.details)


def refused(
    request: HttpRequest,
    player: BonfireSeat,
    code: str,
    headline: str,
    message: str = "",
    rule: str = "",
) -> None:
    """Keep a refused move's reason for the player's page (shown once after the redirect)."""
    refusal = {"code": code, "headline": headline, "message": message, "rule": rule}
    seats.keep_refusal(request, seat_key(player), refusal)


@member_view("GET")
def rules(request: HttpRequest, membership: Membership) -> HttpResponse:
    """The six rules B1–B6 as the engine applies them, with its readings of the loose ones."""
    return render(
        request, "games/bonfire/rules.html", {"group": membership.group, "membership": membership}
    )
