"""The table screen: set a mission up, play it move by move on several devices, poll, undo.

Each view: scoped fetch (``membership_or_404``) → form → ``campaign.table`` service → render.
HTMX requests get a partial (``template#partial``: partial name = root id = ``hx-target``,
swapped ``outerHTML``); a full page load of the same URL shows the same state. Responses that
differ by ``HX-Request`` say so in ``Vary``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaign import services, table, table_tokens
from campaign.models import Adventure, AttemptStatus, MissionAttempt
from campaign.table_forms import MoveForm, TableSetupForm
from campaign.table_screen import (
    Table,
    automa_panel,
    power_list,
    table_snapshot,
)
from config.prepared import Prepared, placeholder_ids
from games.rules.spirits import MOVE_SPIRIT_TILE, powers
from groups.access import membership_or_404, require_player
from groups.models import Membership

PAGE = "campaign/table/table.html"
SETUP = "campaign/table/setup.html"
# htmx stops polling on this status (https://htmx.org/docs/#polling).
STOP_POLLING = 286
TABLE_CHANGED = "table-changed"
# What a "place it anyway" confirmation posts again: the move itself, never the version or token.
RETRY_FIELDS = ("kind", "cells", "tile", "power")
# What a move or an undo need not read before the service locks and reads the row again.
LOCKED_AGAIN = ("state", "setup", "changes")


def adventure_or_404(membership: Membership, adventure_id: int) -> Adventure:
    """The group's adventure with its content pack, for the setup screen (the table itself shows
    what the attempt's setup carries)."""
    adventures = Adventure.objects.select_related("content_pack")
    return get_object_or_404(adventures, group_id=membership.group_id, pk=adventure_id)


def table_attempts(*deferred: str) -> Prepared[MissionAttempt]:
    """The group's attempt ``number`` of an adventure, that has a table, with its adventure: one
    prepared query; ``deferred`` skips JSON a view will not read."""
    return Prepared(
        lambda group_id, adventure_id, number: (
            MissionAttempt.objects.select_related("adventure")
            .exclude(setup=None)
            .defer(*deferred)
            .filter(adventure__group_id=group_id, adventure_id=adventure_id, number=number)
        ),
        *placeholder_ids(3),
    )


TABLE_ATTEMPT = table_attempts()
TABLE_ATTEMPT_TO_LOCK = table_attempts(*LOCKED_AGAIN)


def attempt_or_404(
    membership: Membership, adventure_id: int, number: int, *, to_lock: bool = False
) -> MissionAttempt:
    """The attempt, scoped by the membership's group; ``to_lock``: a move or an undo reads the
    locked row again, so its large JSON is not read here."""
    query = TABLE_ATTEMPT_TO_LOCK if to_lock else TABLE_ATTEMPT
    attempt = query.first(membership.group_id, adventure_id, number)
    if attempt is None:
        raise Http404("No such attempt.")
    return attempt


def table_url(attempt: MissionAttempt, name: str = "table") -> str:
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def is_partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def vary(response: HttpResponse) -> HttpResponse:
    patch_vary_headers(response, ["HX-Request"])
    return response


def context_for(membership: Membership, screen: Table, **extra: Any) -> dict[str, Any]:
    attempt = screen.attempt
    poll_token = table_tokens.poll_token(attempt_id=attempt.pk, user_id=membership.user_id)
    return {
        "group": membership.group,
        "membership": membership,
        "adventure": attempt.adventure,
        "attempt": attempt,
        "table": screen,
        "urls": {
            "page": table_url(attempt),
            "move": table_url(attempt, "move"),
            "undo": table_url(attempt, "undo"),
            "poll": reverse("table-poll", args=[attempt.version, poll_token]),
        },
        **extra,
    }


# --- Setup ---------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    """Set the next mission up; an open attempt is resumed instead."""
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    open_attempt = table.open_attempt(adventure)
    if open_attempt is not None and open_attempt.setup is not None:
        open_attempt.adventure = adventure
        return redirect(table_url(open_attempt))
    pack = adventure.content_pack.pack()
    campaign = services.current_state(adventure)
    overview = table.campaign_overview(adventure)
    mission = pack.mission(campaign.current_mission) if campaign.current_mission else None
    cards = list(pack.scenario_cards(opened=campaign.opened_ids))
    form = TableSetupForm(
        request.POST or None,
        initial={"trump": mission.trump if mission else None},
        pack=pack,
        cards=cards,
        spaces=overview["spaces"],
        tiles=[t.id for t in overview["tiles"]],
    )
    if request.method == "POST":
        require_player(membership)
        if form.is_valid():
            data = form.cleaned_data
            try:
                attempt = table.begin_mission(
                    adventure=adventure,
                    by=request.user,
                    players=data["players"],
                    first_player=data["first_player"].strip(),
                    trump=data["trump"],
                    loadout=form.loadout(),
                    automa_river=data.get("automa_river") or [],
                )
            except table.TableError as error:
                form.add_error(None, error.message)
            except services.CampaignError as error:
                form.add_error(None, str(error))
            else:
                return redirect(table_url(attempt))
    preview = None
    if mission is not None:
        from games.rules import spirits

        night = services.progression.uses_night_sides(campaign, pack)
        preview = table_preview(pack, mission.number, night=night, players=["A", "B", "C"])
        preview_state = spirits.new_game(preview)
        from campaign.table_screen import board_cells, colours_of

        preview = {
            "board": board_cells(preview_state, colours_of(preview)),
            "night": night,
        }
    context = {
        "group": membership.group,
        "membership": membership,
        "adventure": adventure,
        "mission": mission,
        "pack": pack,
        "form": form,
        "preview": preview,
        **overview,
    }
    return render(request, SETUP, context)


def table_preview(pack: Any, mission: int, *, night: bool, players: list[str]) -> dict[str, Any]:
    """A throwaway engine setup, only to draw the mission's board before play."""
    from games.rules import spirits

    return {
        "format": spirits.FORMAT,
        "cards": pack.scenario_cards(),
        "board": pack.mission_board(mission, night=night),
        "night": night,
        "players": players,
        "first_player": players[0],
        "trump": pack.mission(mission).trump,
        "rounds": pack.mission(mission).rounds,
        "colours": {c.id: {"name": c.name, "symbol": c.symbol} for c in pack.colours},
    }


# --- The table -----------------------------------------------------------------------------------


def render_table(
    request: HttpRequest,
    membership: Membership,
    screen: Table,
    *,
    partial: str = "table",
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    template = f"{PAGE}#{partial}" if is_partial(request) else PAGE
    response = render(request, template, context_for(membership, screen, **extra), status=status)
    return vary(response)


@login_required
@require_GET
def page(request: HttpRequest, group_id: int, adventure_id: int, number: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    attempt = attempt_or_404(membership, adventure_id, number)
    return render_table(request, membership, table_snapshot(attempt))


@require_GET
def poll(request: HttpRequest, version: int, token: str) -> HttpResponse:
    """Has the table changed since ``version``? Answered from a poll token, without the session.

    Reading: the token (``campaign.table_tokens``) was issued with the page to a member who could
    see the attempt, and names it; it only reveals whether the version number changed, never the
    table. So no session, user or membership is loaded here, and no middleware touches the
    session: one query on the attempt's primary key. The URL is flat (``table-poll/<version>/
    <token>/``, first in ``config.urls``): every open table asks every 2 s. Unchanged: 204, or 286
    (htmx stops polling) once the mission is over. Changed, or a token past its age: an empty 200
    with ``HX-Trigger: table-changed``, on which the table fetches itself through the
    authenticated, membership-scoped page view (which also issues a fresh token). A token that is
    not ours, or whose attempt is gone: 404.
    """
    try:
        attempt_id = table_tokens.attempt_of(token)
    except signing.SignatureExpired:
        return vary(changed())
    except signing.BadSignature:
        raise Http404("No such attempt.") from None
    try:
        current, status = table.poll_version(attempt_id)
    except MissionAttempt.DoesNotExist:
        raise Http404("No such attempt.") from None
    if version == current:
        code = 204 if status == AttemptStatus.OPEN else STOP_POLLING
        return vary(HttpResponse(status=code))
    return vary(changed())


def changed() -> HttpResponse:
    """Tell the table to fetch itself again (an event htmx raises on the poller; it bubbles up to
    ``#table``, whose ``hx-get`` is the page view)."""
    return HttpResponse(headers={"HX-Trigger": TABLE_CHANGED})


def moves_a_tile(payload: dict[str, Any]) -> bool:
    """Placing the Decision tile or moving a placed one may break a coloured edge: both ask."""
    return "place" in payload or "power" in payload


@login_required
@require_POST
def move(request: HttpRequest, group_id: int, adventure_id: int, number: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    attempt = attempt_or_404(membership, adventure_id, number, to_lock=True)
    form = MoveForm(request.POST)
    try:
        if not form.is_valid():
            raise table.TableError(form_error(form), code="bad-move")
        payload = form.move()
        result = table.submit_move(
            attempt=attempt,
            move=payload,
            version=form.cleaned_data["version"],
            by=request.user,
            confirm_edge=bool(form.cleaned_data.get("confirm")) or not moves_a_tile(payload),
        )
    except ValidationError as error:
        return refused(
            request, membership, attempt, table.TableError(error.messages[0], code="bad-move"), form
        )
    except table.TableError as error:
        return refused(request, membership, attempt, error, form)
    if not is_partial(request):
        return redirect(table_url(attempt))
    return move_response(request, membership, result)


def move_response(
    request: HttpRequest, membership: Membership, result: table.MoveResult
) -> HttpResponse:
    """A move's answer: ``#status`` (the forms' target), then out of band only what the move
    changed: the trick, the forms' versions, the picker's changed cards, the round track's
    changed piles, the Automa's river and buttons (its drop-downs lose only the cards the move
    revealed), and when they changed the Decision tile, the board's cells (and the coloured edges
    the placement preview checks), the Power rows whose content changed (used, or their choices)
    and the Gust of Wind's list of placed tiles. The picker, the placement panel and which Power
    can be used now follow ``#status``; the board's occupied cells, its tokens and the
    last-placed outline are read from the cells (table.css, table.js)."""
    screen = table_snapshot(result.attempt)
    before, after = result.before, result.state
    assert before is not None
    edges_changed = powers.neutral_edges(before) != powers.neutral_edges(after)
    board_changed = edges_changed or (
        (before.placed, before.tokens, powers.quiet_cell(before))
        != (after.placed, after.tokens, powers.quiet_cell(after))
    )
    changes: dict[str, Any] = {
        "moved": True,
        "changed": changed_cards(screen, before),
        "piles": changed_piles(screen, before),
        "tile_changed": before.decision != after.decision,
        "cells": changed_cells(screen, before) if board_changed else [],
        "edges_changed": edges_changed,
    }
    if screen.powers:
        was = {row["id"]: row["row"] for row in power_list(before, screen.setup, screen.colours)}
        changes["power_rows"] = [row for row in screen.powers if was.get(row["id"]) != row["row"]]
        gust = [row for row in screen.powers if row["id"] == MOVE_SPIRIT_TILE]
        # The Gust's list of placed tiles follows the board while it can still be used.
        changes["power_tiles_changed"] = board_changed and bool(gust) and not gust[0]["used"]
    if after.setup.automa is not None:
        was = before.deck_candidates if before.phase != "over" else ()
        now = after.deck_candidates
        gone = [card for card in was if card not in set(now)]
        # The whole panel when it goes (the mission is over) or a card came back; when the deck
        # runs out, its form and the refill drop-down go.
        changes["automa_whole"] = after.phase == "over" or bool(set(now) - set(was))
        changes["deck_emptied"] = bool(before.deck_count) and not after.deck_count
        changes["automa_gone"] = gone if now else []
        was_panel = automa_panel(before, screen.colours) or {}
        now_panel = screen.automa
        changes["river_changed"] = was_panel.get("river") != now_panel["river"]
        changes["deck_changed"] = was_panel.get("deck_allowed") != now_panel["deck_allowed"]
    return render_table(request, membership, screen, partial="move", **changes)


def changed_cards(screen: Table, before: Any) -> list[Any]:
    """The picker's cards whose state changed with the move (played, or now in the river)."""
    old = {c.id: c.state for row in picker_rows(before, screen) for c in row["cards"]}
    return [c for row in screen.picker for c in row["cards"] if old.get(c.id) != c.state]


def changed_piles(screen: Table, before: Any) -> list[dict[str, Any]]:
    """The round track's piles drawn differently after the move."""
    from campaign.table_screen import piles

    old = piles(before, screen.colours)
    return [pile for pile, was in zip(screen.piles, old, strict=True) if pile != was]


def changed_cells(screen: Table, before: Any) -> list[Any]:
    """The board's cells drawn differently after the move (a tile placed or moved, a token
    covered). The last-placed outline is not a change: table.js moves it to the tile named on
    ``#status``."""
    from campaign.table_screen import board_cells

    old = board_cells(before, screen.colours)
    return [
        cell
        for row in screen.board
        for cell in row
        if without_last(cell) != without_last(old[cell.r][cell.c])
    ]


def without_last(cell: Any) -> tuple[Any, ...]:
    classes = [c for c in cell.classes if c != "last"]
    return (cell.text, cell.label, cell.tile, classes, cell.edges, cell.neutral)


def picker_rows(state: Any, screen: Table) -> list[dict[str, Any]]:
    from campaign.table_screen import picker

    return picker(state, screen.colours)


def form_error(form: MoveForm) -> str:
    for errors in form.errors.values():
        return str(errors[0])
    return gettext("That move is not understood.")


def refused(
    request: HttpRequest,
    membership: Membership,
    attempt: MissionAttempt,
    error: table.TableError,
    form: MoveForm,
) -> HttpResponse:
    """An illegal or stale move: the message, and (stale) the current table."""
    attempt.refresh_from_db()
    screen = table_snapshot(attempt, message=error.message, code=error.code)
    extra = {
        "retry": form.data if error.code == "confirm-edge" else None,
        "retry_fields": RETRY_FIELDS,
    }
    if error.code == "stale" or not is_partial(request):
        return retarget(render_table(request, membership, screen, **extra))
    return render_table(request, membership, screen, partial="status", **extra)


def retarget(response: HttpResponse) -> HttpResponse:
    """Answer a move with the whole table instead of the status (its forms target #status)."""
    response["HX-Retarget"] = "#table"
    response["HX-Reswap"] = "outerHTML"
    return response


@login_required
@require_POST
def undo(request: HttpRequest, group_id: int, adventure_id: int, number: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    attempt = attempt_or_404(membership, adventure_id, number, to_lock=True)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        result = table.undo_last_move(attempt=attempt, version=version, by=request.user)
    except table.TableError as error:
        attempt.refresh_from_db()
        screen = table_snapshot(attempt, message=error.message, code=error.code)
        return retarget(render_table(request, membership, screen))
    if not is_partial(request):
        return redirect(table_url(attempt))
    message = gettext("The last move was undone.")
    return retarget(
        render_table(
            request, membership, table_snapshot(result.attempt, message=message, code="undone")
        )
    )
