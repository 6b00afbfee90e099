"""Pages of a group's Solsticio games. Each view: scoped fetch → form → service → render.

Every fetch starts from ``membership_or_404``: a game of another group answers 404. Viewers read;
playing needs ``require_player`` (403 otherwise).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame
from games.solsticio import services
from games.solsticio.forms import MoveForm, NewGameForm
from games.solsticio.screen import table_screen
from groups.access import membership_or_404, require_player

RECENT = 30


@login_required
@require_http_methods(["GET", "POST"])
def game_list(request: HttpRequest, group_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    form = NewGameForm(request.POST or None)
    if request.method == "POST":
        require_player(membership)
        if form.is_valid():
            data = form.cleaned_data
            game = services.start_solsticio_game(
                group=membership.group,
                players=(data["first"].strip(), data["second"].strip()),
                seed=data["seed"],
                by=request.user,
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
    return render(request, "games/solsticio_list.html", context, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def game_page(request: HttpRequest, group_id: int, game_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    game = get_object_or_404(SolsticioGame, group_id=membership.group_id, pk=game_id)
    error = None
    status = 200
    if request.method == "POST":
        require_player(membership)
        form = MoveForm(request.POST)
        try:
            if not form.is_valid():
                raise services.SolsticioMoveError("bad-move")
            services.play_solsticio_move(
                game=game, move=form.move(), version=form.cleaned_data["version"]
            )
        except services.SolsticioMoveError as exc:
            error, status = exc.message, 409 if exc.code == "stale-move" else 400
            game.refresh_from_db()
        else:
            return redirect(game)
    pack = solsticio_pack()
    context = {
        "group": membership.group,
        "membership": membership,
        "game": game,
        "error": error,
        "pack": pack,
        **table_screen(services.game_state(game), pack),
    }
    return render(request, "games/solsticio_game.html", context, status=status)
