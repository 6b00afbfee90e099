"""The table screen. A write answers htmx with the whole ``#table`` region, merged by morphing so
open panels, focus and scroll stay put; the other devices hear of it on the event stream
(``web.live.stream``, routed in ``urls``) and fetch the region."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext

from campaign import services
from campaign.models import Adventure, AttemptStatus, MissionAttempt
from campaign.table import events
from campaign.table import services as live
from campaign.table.forms import MoveForm, TableSetupForm
from campaign.table.screen import (
    Cell,
    Table,
    board_cells,
    colours_of,
    table_snapshot,
    tile_names_of,
)
from campaign.views import page_context
from games.people import people_names
from games.rules import spirits
from groups.access import member_view, require_player
from groups.models import Membership
from web import seats
from web.htmx import HtmxHttpRequest, is_partial, partial_template, vary_on_htmx
from web.live import Viewer

PAGE = "campaign/table/table.html"
SETUP = "campaign/table/setup.html"
# What a "place it anyway" confirmation posts again: the move itself, never the version.
RETRY_FIELDS = ("kind", "cells", "tile", "power")
UNDERSTOOD = "That move is not understood."
SHARED_RENDER_SECONDS = 60
URL_NAMES = ("table", "move", "undo", "abandon", "stream", "version", "seat")


def attempt_or_404(
    membership: Membership, adventure_id: int, number: int, *, stamp_only: bool = False
) -> MissionAttempt:
    """The attempt at the table, scoped by the membership's group; with ``stamp_only`` just what
    its stamp is made of (a fetch served from the shared render decodes none of the game). The
    pack comes parsed from its digest (``ContentPack.pack``), not from its stored document."""
    if stamp_only:
        attempts = events.table_attempts(membership.group_id).only(*events.STAMP_FIELDS)
    else:
        attempts = full_attempts(membership.group_id)
    return get_object_or_404(attempts, adventure_id=adventure_id, number=number)


def full_attempts(group_id: int) -> QuerySet[MissionAttempt]:
    """A group's attempts at the table, with what drawing one needs."""
    return (
        events.table_attempts(group_id)
        .select_related("adventure__content_pack")
        .defer("adventure__content_pack__document")
        .with_mission_try()
    )


def table_url(attempt: MissionAttempt, name: str = "table") -> str:
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def table_key(attempt: MissionAttempt) -> str:
    """The table's key in the device's seat binding and kept refusals (``web.seats``): the
    adventure's, as one campaign's missions are played by the same people, so a device stays
    bound from one mission to the next (a seat the next mission lacks is asked again)."""
    return f"table:{attempt.adventure_id}"


def due_seat(state: spirits.State) -> str | None:
    """The seat whose move the table waits for, as the devices show it: the player due to play a
    card; None when any seat of the table may enter the move (``live.seat_for_move``)."""
    return state.current_seat if state.phase == "play" else None


def seating_of(
    request: HttpRequest, membership: Membership, attempt: MissionAttempt, state: spirits.State
) -> seats.Seating:
    return seats.seating(
        request,
        table_key(attempt),
        seats=list(state.setup.players),
        due=due_seat(state),
        can_play=membership.can_play,
        over=attempt.status != AttemptStatus.OPEN or state.phase == "over",
        bind_url=table_url(attempt, "seat"),
    )


# --- Setup ---------------------------------------------------------------------------------------


@member_view("GET", "POST")
def setup(request: HtmxHttpRequest, membership: Membership, adventure_id: int) -> HttpResponse:
    """Set the next mission up; an open attempt is resumed instead."""
    adventures = Adventure.objects.select_related("content_pack").defer("content_pack__document")
    adventure = get_object_or_404(adventures, group_id=membership.group_id, pk=adventure_id)
    open_attempt = live.open_attempt(adventure)
    if open_attempt is not None and open_attempt.setup is not None:
        open_attempt.adventure = adventure
        return redirect(table_url(open_attempt))
    pack = adventure.content_pack.pack()
    campaign = services.current_state(adventure)
    overview = live.campaign_overview(adventure)
    mission = pack.mission(campaign.current_mission) if campaign.current_mission else None
    form = TableSetupForm(
        request.POST or None,
        initial={"trump": mission.trump if mission else None},
        pack=pack,
        cards=list(pack.scenario_cards(opened=campaign.opened_ids)),
        spaces=[space["id"] for space in overview["spaces"] if space["unlocked"]],
        tiles=[t.id for t in overview["tiles"]],
        people=people_names(adventure.group),
    )
    if request.method == "POST":
        require_player(membership)
        if form.is_valid():
            data = form.cleaned_data
            try:
                attempt = live.begin_mission(
                    adventure=adventure,
                    by=request.user,
                    players=data["players"],
                    first_player=data["first_player"],
                    trump=data["trump"],
                    loadout=form.loadout(),
                    automa_river=data.get("automa_river") or [],
                )
            except live.TableError as error:
                form.add_error(None, error.message)
            except services.CampaignError as error:
                form.add_error(None, error.sentence())
            else:
                return redirect(table_url(attempt))
    preview = rounds = None
    if mission is not None:
        rounds = services.progression.mission_rounds(
            pack, mission.number, moon_tiles=campaign.moon_tiles, holo_liana=campaign.holo_liana
        )
        night = services.progression.uses_night_sides(campaign, pack)
        preview = {"board": board_preview(pack, mission.number, night=night), "night": night}
    context = page_context(
        membership,
        adventure,
        mission=mission,
        rounds=rounds,
        objectives=[
            {"kind": o.kind, "name": pack.mission_tile(o.tile).name}
            for o in (mission.objectives if mission else ())
        ],
        trump_name=pack.colour(mission.trump).name if mission else "",
        pack=pack,
        form=form,
        preview=preview,
        **overview,
    )
    return render(request, SETUP, context)


def board_preview(pack: Any, mission: int, *, night: bool) -> list[list[Cell]]:
    """The mission's board before play, drawn from a throwaway engine setup."""
    setup = {
        "format": spirits.FORMAT,
        "cards": pack.scenario_cards(),
        "board": pack.mission_board(mission, night=night),
        "night": night,
        "players": ["A", "B", "C"],
        "first_player": "A",
        "trump": pack.mission(mission).trump,
        "rounds": pack.mission(mission).rounds,
        "colours": {c.id: {"name": c.name.to_json(), "symbol": c.symbol} for c in pack.colours},
        "tile_names": {t.id: t.name.to_json() for t in pack.mission_tiles},
    }
    return board_cells(spirits.new_game(setup), colours_of(setup), tile_names_of(setup))


# --- The table -----------------------------------------------------------------------------------


def table_context(
    request: HttpRequest, membership: Membership, screen: Table, **extra: Any
) -> dict[str, Any]:
    """What the table's template draws: the same for every seat (``web.seats.GATES`` mark what
    differs by seat, which ``web.seats.finish`` fills in)."""
    attempt = screen.attempt
    return page_context(
        membership,
        attempt.adventure,
        attempt=attempt,
        table=screen,
        gates=seats.GATES,
        discards=[(seat, seats.GATES.move_for(seat)) for seat in screen.pending_discards],
        urls={name: table_url(attempt, name) for name in URL_NAMES},
        **extra,
    )


def render_table(
    request: HtmxHttpRequest, membership: Membership, screen: Table, **extra: Any
) -> HttpResponse:
    """The whole page, or for htmx the ``#table`` region (merged into the page by morphing), as
    this device's seat sees it."""
    context = table_context(request, membership, screen, **extra)
    response = render(request, partial_template(request, PAGE, "table"), context)
    seating = seating_of(request, membership, screen.attempt, screen.state)
    response.content = seats.finish(response.content.decode(), seating, request=request).encode()
    return vary_on_htmx(response)


@member_view("GET")
def page(
    request: HtmxHttpRequest, membership: Membership, adventure_id: int, number: int
) -> HttpResponse:
    """The table; for htmx the ``#table`` region (``shared_region``). A refusal kept by a plain
    form's post (Post/Redirect/Get) is shown once."""
    if not is_partial(request):
        attempt = attempt_or_404(membership, adventure_id, number)
        kept = seats.take_refusal(request, table_key(attempt)) or {}
        screen = table_snapshot(
            attempt,
            message=kept.get("message", ""),
            code=kept.get("code", ""),
            refused=kept.get("refused", ""),
        )
        if kept.get("rule"):
            screen.rule = kept["rule"]
        retry = kept.get("retry")
        return render_table(request, membership, screen, retry=retry, retry_fields=RETRY_FIELDS)
    attempt = attempt_or_404(membership, adventure_id, number, stamp_only=True)
    return shared_region(request, membership, attempt)


@dataclass(frozen=True)
class Drawing:
    """The region as every device that plays (or watches) shares it, for one stamp and language,
    with what finishing it for one device's seat needs (``finished``)."""

    html: str
    key: str  # the table's key in the device's seat binding (``table_key``)
    seats: tuple[str, ...]
    due: str | None
    over: bool
    bind_url: str

    def finished(self, request: HttpRequest, plays: bool) -> str:
        """As the device of ``request`` is shown it (its seat, bound in its session)."""
        seating = seats.seating(
            request,
            self.key,
            seats=self.seats,
            due=self.due,
            can_play=plays,
            over=self.over,
            bind_url=self.bind_url,
        )
        return seats.finish(self.html, seating)


def shared_region(
    request: HtmxHttpRequest, membership: Membership, attempt: MissionAttempt
) -> HttpResponse:
    """The ``#table`` region, which every member who may play (or only watch) sees alike but for
    their seat's controls: the devices share one drawing of it, the mover's answer, cached under
    the table's stamp (so a change is never served stale) and finished for each device's seat;
    the streams carry it to the other devices (``region_for_stream``) or, without that, they fetch
    it here on the change's event (it goes out once the answer has been drawn,
    ``web.live.publish``)."""
    drawing = cache.get(region_key(attempt, membership))
    if drawing is None:
        if attempt.get_deferred_fields():
            attempt = attempt_or_404(membership, attempt.adventure_id, attempt.number)
        drawing = shared_drawing(request, membership, attempt)
        cache.set(region_key(attempt, membership), drawing, SHARED_RENDER_SECONDS)
    return vary_on_htmx(HttpResponse(drawing.finished(request, membership.can_play)))


def shared_drawing(
    request: HttpRequest, membership: Membership, attempt: MissionAttempt
) -> Drawing:
    """The region drawn once for every seat. It carries no token of a session's: htmx sends the
    CSRF token as a header, and ``static/js/table.js`` adds the page's to a plain form of the
    region as it is posted."""
    screen = table_snapshot(attempt)
    context = table_context(request, membership, screen, shared_drawing=True)
    state = screen.state
    return Drawing(
        html=render_to_string(f"{PAGE}#table", context, request=request),
        key=table_key(attempt),
        seats=tuple(state.setup.players),
        due=due_seat(state),
        over=attempt.status != AttemptStatus.OPEN or state.phase == "over",
        bind_url=table_url(attempt, "seat"),
    )


def region_key(attempt: MissionAttempt, membership: Membership) -> str:
    """What the drawing depends on: the table's stamp, playing or watching, the language."""
    return drawing_key(attempt.pk, events.stamp(attempt), membership.can_play)


def drawing_key(attempt_id: int, stamp: str, plays: bool) -> str:
    return f"table-region:{attempt_id}:{stamp}:{plays}:{get_language()}"


def region_for_stream(viewer: Viewer, attempt_id: int, stamp: str) -> Drawing | None:
    """The drawing a stream carries for ``viewer``'s kind of device (playing or watching, its
    language): the shared one at ``stamp`` (the mover's answer's, or another stream's) or,
    missing, the current table drawn and shared in turn; ``None`` once the attempt or the
    membership is gone."""
    drawing: Drawing | None = cache.get(drawing_key(attempt_id, stamp, viewer.plays))
    if drawing is None:
        membership = (
            Membership.objects.select_related("group")
            .filter(group_id=viewer.group_id, user_id=viewer.user_id)
            .first()
        )
        attempt = full_attempts(viewer.group_id).filter(pk=attempt_id).first()
        if membership is None or attempt is None:
            return None
        drawing = shared_drawing(viewer.request, membership, attempt)
        cache.set(region_key(attempt, membership), drawing, SHARED_RENDER_SECONDS)
    return drawing


def finish_for_stream(viewer: Viewer, drawing: Drawing) -> str:
    """The region as the stream's device is shown it: its seat, bound in its session as the
    stream opened (binding a seat reloads the page, and so opens a new stream)."""
    return drawing.finished(viewer.request, viewer.plays)


@member_view("POST", play=True)
def move(
    request: HtmxHttpRequest, membership: Membership, adventure_id: int, number: int
) -> HttpResponse:
    """One move, for the seat this device holds (``live.seat_for_move``): a move for another seat is
    refused and nothing is recorded."""
    attempt = attempt_or_404(membership, adventure_id, number)
    form = MoveForm(request.POST)
    try:
        if not form.is_valid():
            first = (str(errors[0]) for errors in form.errors.values())
            raise live.TableError(next(first, gettext(UNDERSTOOD)), code="bad-move")
        payload = form.cleaned_data["move"]
        who = acting_seat(request, membership, attempt, payload)
        # Placing the Decision tile or moving a placed one may break a coloured edge: both ask.
        moves_a_tile = "place" in payload or "power" in payload
        result = live.submit_move(
            attempt=attempt,
            move=payload,
            version=form.cleaned_data["version"],
            by=request.user,
            confirm_edge=bool(form.cleaned_data.get("confirm")) or not moves_a_tile,
            who=who,
        )
    except live.TableError as error:
        kind = str(form.data.get("kind") or "")
        engine_move = form.cleaned_data.get("move") if error.engine else None
        retry = form.data if error.code == "confirm-edge" else None
        return refused(
            request,
            membership,
            attempt,
            error,
            kind,
            move=engine_move,
            engine_params=error.params,
            retry=retry,
        )
    if not is_partial(request):
        return redirect(table_url(attempt))
    return shared_region(request, membership, result.attempt)


def acting_seat(
    request: HtmxHttpRequest, membership: Membership, attempt: MissionAttempt, move: Any
) -> str:
    """Who makes ``move`` on this device, or ``TableError`` (``not-your-seat``) when the device is
    not bound to the seat the move is for (a crafted post included)."""
    state = live.state_of(attempt)
    seating = seating_of(request, membership, attempt, state)
    if seating.over:
        raise live.TableError(live.ended_text(attempt), code="mission-ended")
    try:
        seats.check(seating, request.POST, for_seat=live.seat_for_move(state, move))
    except seats.SeatRefused as refusal:
        raise live.TableError(refusal.message, code=refusal.code) from None
    return seats.by_name(seating, request.user)


def refused(
    request: HtmxHttpRequest,
    membership: Membership,
    attempt: MissionAttempt,
    error: live.TableError | services.CampaignError,
    kind: str,
    *,
    move: Any = None,
    engine_params: Mapping[str, Any] | None = None,
    retry: Any = None,
) -> HttpResponse:
    """An illegal or stale write: the current table, with the refusal next to its control
    (``kind``); a ``move`` the engine refused is said in the reader's language with its rule.
    A plain form's post is redirected to the table, which shows the refusal once."""
    attempt.refresh_from_db()
    screen = table_snapshot(
        attempt,
        message=str(error),
        code=error.code,
        refused=kind,
        move=move,
        engine_params=engine_params,
    )
    if not is_partial(request):
        refusal = {"message": screen.message, "code": screen.code, "refused": screen.refused}
        if retry is not None:  # "Place anyway" asks again on the page, with the same move
            refusal["retry"] = {name: retry[name] for name in RETRY_FIELDS if name in retry}
        seats.keep_refusal(request, table_key(attempt), {**refusal, "rule": screen.rule})
        return redirect(table_url(attempt))
    return render_table(request, membership, screen, retry=retry, retry_fields=RETRY_FIELDS)


# Undo the last move, or give the mission up (a failure, "abandoned", its tricks kept).
WRITES = {"undo": live.undo_last_move, "abandon": live.abandon_mission}


@member_view("POST", play=True)
def write(
    request: HtmxHttpRequest, membership: Membership, adventure_id: int, number: int, kind: str
) -> HttpResponse:
    """An undo or an abandon (``WRITES``), made against the posted version. Any device playing at
    the table (bound to one of its seats, or shared) may make them; every device announces who
    did it."""
    attempt = attempt_or_404(membership, adventure_id, number)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    try:
        who = acting_seat(request, membership, attempt, {})
        result = WRITES[kind](attempt=attempt, version=version, by=request.user, who=who)
    except (live.TableError, services.CampaignError) as error:
        return refused(request, membership, attempt, error, kind)
    if not is_partial(request):
        return redirect(table_url(attempt))
    return render_table(request, membership, table_snapshot(result.attempt))


@member_view("POST", play=True)
def seat(
    request: HtmxHttpRequest, membership: Membership, adventure_id: int, number: int
) -> HttpResponse:
    """This device says who holds it ("I am carla", or one device for the whole table), or
    forgets it ("Not carla? change"); back to the table either way."""
    attempt = attempt_or_404(membership, adventure_id, number)
    players = list(live.state_of(attempt).setup.players)
    seats.bind(request, table_key(attempt), str(request.POST.get("seat", "")), players)
    return redirect(table_url(attempt))
