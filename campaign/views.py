"""Pages of a group's adventures. Each view: scoped fetch → form → service → render.

Every fetch starts from ``membership_or_404``: an adventure of another group answers 404.
Viewers read; changing anything needs ``require_player`` (403 otherwise).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import texts
from campaign import exchange, overview, services
from campaign.forms import (
    AdventureForm,
    CorrectionForm,
    HistoryFilterForm,
    ImportForm,
    LogAttemptForm,
    NoteForm,
    OverrideForm,
)
from campaign.models import Adventure, AttemptStatus, MissionAttempt
from campaign.replay import replay_attempt
from campaign.table import services as live
from campaign.texts import change_text, stored_change
from config.htmx import is_partial, partial_template, vary_on_htmx
from games.people import people_names
from groups.access import membership_or_404, require_player
from groups.models import Membership

ADVENTURE_STARTED = _("Adventure started: every envelope is sealed.")
ATTEMPT_LOGGED = _("Attempt logged. Here is what it changed.")
NOTE_ADDED = _("Note added.")
ATTEMPT_CORRECTED = _("Attempt corrected; everything after it recomputed.")
CONFIRM_AGAIN = _("Open the confirmation page again before removing.")
ATTEMPT_REMOVED = _("Attempt removed; everything after it recomputed.")
NOTHING_TO_REVEAL = _("Nothing to reveal there.")


PAGE_SIZE = 25


def adventure_or_404(membership: Membership, adventure_id: int) -> Adventure:
    return get_object_or_404(
        Adventure.objects.select_related("content_pack"),
        group_id=membership.group_id,
        pk=adventure_id,
    )


def attempt_or_404(adventure: Adventure, number: int) -> MissionAttempt:
    attempt = get_object_or_404(adventure.attempts.select_related("created_by"), number=number)
    attempt.adventure = adventure
    return attempt


def with_partial(request: HttpRequest, template: str, partial: str) -> str:
    return partial_template(request, template, partial)


def attach_errors(form: Any, error: services.CampaignError) -> None:
    form.add_error(error.field if error.field in form.fields else None, error.sentence())


def attempt_forms_kwargs(adventure: Adventure, user: Any) -> dict[str, Any]:
    """The Power spaces and tiles a form offers: every space with every tile gained so far; the
    mission names ``user`` may see."""
    pack = adventure.content_pack.pack()
    tiles = list(adventure.components.filter(kind="power-tile").values_list("component", flat=True))
    spaces = [s.id for s in pack.power.spaces]
    named = overview.named_missions(adventure, user)
    people = people_names(adventure.group)
    return {"pack": pack, "spaces": spaces, "tiles": tiles, "named": named, "people": people}


def member_names(membership: Membership) -> str:
    """The members who play, by the names the group knows them by (``games.people``)."""
    people = people_names(membership.group, members_only=True)
    return "\n".join(people)


# --- Adventures ----------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def adventure_new(request: HttpRequest, group_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    form = AdventureForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        adventure = services.start_adventure(
            group=membership.group, name=form.cleaned_data["name"], by=request.user
        )
        messages.success(request, ADVENTURE_STARTED)
        return redirect(adventure)
    context = {"group": membership.group, "membership": membership, "form": form}
    status = 400 if form.errors else 200
    return render(request, "campaign/adventure_new.html", context, status=status)


@login_required
@require_GET
def dashboard(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    context = {
        "group": membership.group,
        "membership": membership,
        "adventure": adventure,
        "recent": adventure.attempts.order_by("-number")[:5],
        "audit": adventure.audit.all()[:8],
        "live": live_round(adventure),
        **overview.dashboard(adventure),
    }
    return render(request, "campaign/dashboard.html", context)


def live_round(adventure: Adventure) -> dict[str, Any] | None:
    """The open mission at the table, if any: its round from the engine state the table uses."""
    attempt = live.open_attempt(adventure)
    if attempt is None or not attempt.setup:
        return None
    attempt.adventure = adventure
    state = live.state_of(attempt)
    url = reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number])
    return {"round": state.round, "rounds": state.rounds, "url": url}


@login_required
@require_http_methods(["GET", "POST"])
def attempt_log(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    adventure = adventure_or_404(membership, adventure_id)
    initial = {
        "number": adventure.attempt_count + 1,
        "mission": adventure.current_mission,
        "players": member_names(membership),
    }
    form = LogAttemptForm(
        request.POST or None, initial=initial, **attempt_forms_kwargs(adventure, request.user)
    )
    if request.method == "POST" and form.is_valid():
        try:
            outcome = services.log_attempt(
                adventure=adventure,
                number=form.cleaned_data["number"],
                data=form.attempt_data(),
                note=form.cleaned_data["note"],
                by=request.user,
            )
        except services.CampaignError as error:
            if error.code != "stale":
                attach_errors(form, error)
            else:
                messages.error(request, str(error))
                return redirect(adventure)
        else:
            messages.success(request, ATTEMPT_LOGGED)
            return redirect(outcome.attempt)
    context = {"group": membership.group, "adventure": adventure, "form": form}
    status = 400 if form.errors else 200
    return render(request, "campaign/attempt_log.html", context, status=status)


def history_page(request: HttpRequest, attempts: Any, context: dict[str, Any]) -> HttpResponse:
    form = HistoryFilterForm(request.GET or None)
    page = Paginator(form.apply(attempts), PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context |= {"filters": form, "page": page, "query": query.urlencode()}
    template = with_partial(request, "campaign/history.html", "attempt-history")
    return vary_on_htmx(render(request, template, context))


@login_required
@require_GET
def history(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    attempts = adventure.attempts.select_related("adventure")
    context = {"group": membership.group, "adventure": adventure}
    return history_page(request, attempts, context)


@login_required
@require_GET
def group_history(request: HttpRequest, group_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    attempts = MissionAttempt.objects.filter(adventure__group=membership.group).select_related(
        "adventure"
    )
    context = {"group": membership.group, "adventure": None}
    return history_page(request, attempts, context)


@login_required
@require_GET
def attempt_detail(request: HttpRequest, group_id: int, adventure_id: int, number: int) -> Any:
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    attempt = attempt_or_404(adventure, number)
    pack = adventure.content_pack.pack()
    context = {
        "group": membership.group,
        "membership": membership,
        "adventure": adventure,
        "attempt": attempt,
        "mission": overview.mission_info(
            pack, attempt.mission, rounds=services.attempt_rounds(attempt)
        ),
        "loadout": [
            (str(pack.power_space(space).name), str(pack.power_tile(tile).name))
            for space, tile in attempt.loadout.items()
        ],
        "notes": attempt.notes.all(),
        "note_form": NoteForm(),
    } | replay_context(attempt)
    return render(request, "campaign/attempt_detail.html", context)


def replay_context(attempt: MissionAttempt) -> dict[str, Any]:
    """The replay of an attempt driven at the table, from its move log (one query); the moves
    undone at the table are counted, not replayed."""
    if not attempt.setup:
        return {"replay": None, "undone": 0}
    moves = list(attempt.moves.values_list("payload", "undone_at"))
    kept = [payload for payload, undone_at in moves if undone_at is None]
    still_open = attempt.status == AttemptStatus.OPEN
    return {
        "replay": replay_attempt(attempt.setup, kept, still_open=still_open),
        "undone": len(moves) - len(kept),
    }


@login_required
@require_POST
def note_add(request: HttpRequest, group_id: int, adventure_id: int, number: int) -> Any:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    adventure = adventure_or_404(membership, adventure_id)
    attempt = attempt_or_404(adventure, number)
    form = NoteForm(request.POST)
    if form.is_valid():
        services.add_note(attempt=attempt, author=request.user, text=form.cleaned_data["text"])
        messages.success(request, NOTE_ADDED)
        return redirect(attempt)
    context = {
        "group": membership.group,
        "membership": membership,
        "adventure": adventure,
        "attempt": attempt,
        "mission": overview.mission_info(
            adventure.content_pack.pack(), attempt.mission, rounds=services.attempt_rounds(attempt)
        ),
        "notes": attempt.notes.all(),
        "note_form": form,
    } | replay_context(attempt)
    return render(request, "campaign/attempt_detail.html", context, status=400)


# --- Corrections ---------------------------------------------------------------------------------


def correction_initial(attempt: MissionAttempt) -> dict[str, Any]:
    people = [seat.person.name for seat in attempt.seats.select_related("person")]
    initial = {
        "mission": attempt.mission,
        "result": attempt.status,
        "failure_reason": attempt.failure_reason,
        "players": "\n".join(people or attempt.players),  # the people as they are called now
        "rounds_played": attempt.rounds_played,
        "played_on": attempt.played_on,
        "duration_minutes": attempt.duration_minutes,
        "log_version": attempt.adventure.log_version,
    }
    return initial | {f"space_{space}": tile for space, tile in attempt.loadout.items()}


@login_required
@require_http_methods(["GET", "POST"])
def attempt_edit(request: HttpRequest, group_id: int, adventure_id: int, number: int) -> Any:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    adventure = adventure_or_404(membership, adventure_id)
    attempt = attempt_or_404(adventure, number)
    form = CorrectionForm(
        request.POST or None,
        initial=correction_initial(attempt),
        **attempt_forms_kwargs(adventure, request.user),
    )
    preview = None
    if request.method == "POST" and form.is_valid():
        try:
            if "confirm" in request.POST:
                services.edit_attempt(
                    attempt=attempt,
                    data=form.attempt_data(),
                    by=request.user,
                    log_version=form.cleaned_data["log_version"],
                )
                messages.success(request, ATTEMPT_CORRECTED)
                return redirect(attempt.get_absolute_url())
            preview = services.preview_correction(attempt=attempt, data=form.attempt_data())
        except services.CampaignError as error:
            attach_errors(form, error)
    context = {"group": membership.group, "adventure": adventure, "attempt": attempt}
    context |= {"form": form, "preview": preview}
    template = with_partial(request, "campaign/attempt_edit.html", "correction-preview")
    # The live preview answers 200 even when blocked: it swaps in the reasons, never the page.
    status = 400 if form.errors and not is_partial(request) else 200
    return vary_on_htmx(render(request, template, context, status=status))


@login_required
@require_http_methods(["GET", "POST"])
def attempt_delete(request: HttpRequest, group_id: int, adventure_id: int, number: int) -> Any:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    adventure = adventure_or_404(membership, adventure_id)
    attempt = attempt_or_404(adventure, number)
    if request.method == "POST":
        try:
            version = int(request.POST.get("log_version", ""))
            services.delete_attempt(attempt=attempt, by=request.user, log_version=version)
        except ValueError:
            messages.error(request, CONFIRM_AGAIN)
        except services.CampaignError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, ATTEMPT_REMOVED)
            return redirect(adventure)
    preview = services.preview_correction(attempt=attempt, data=None)
    context = {"group": membership.group, "adventure": adventure, "attempt": attempt}
    context |= {"preview": preview}
    return render(request, "campaign/attempt_delete.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def override_new(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    adventure = adventure_or_404(membership, adventure_id)
    form = OverrideForm(request.POST or None, pack=adventure.content_pack.pack())
    if request.method == "POST" and form.is_valid():
        try:
            outcome = services.add_override(
                adventure=adventure,
                kind=form.cleaned_data["kind"],
                target=form.cleaned_data["target"],
                reason=form.cleaned_data["reason"],
                by=request.user,
            )
        except services.CampaignError as error:
            attach_errors(form, error)
        else:
            for change in outcome.changes:
                messages.info(request, texts.render(change_text(stored_change(change))))
            return redirect(adventure)
    context = {"group": membership.group, "adventure": adventure, "form": form}
    status = 400 if form.errors else 200
    return render(request, "campaign/override_new.html", context, status=status)


@login_required
@require_GET
def audit(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    page = Paginator(adventure.audit.all(), 50).get_page(request.GET.get("page"))
    context = {"group": membership.group, "adventure": adventure, "page": page}
    return render(request, "campaign/audit.html", context)


# --- Reference -----------------------------------------------------------------------------------


@login_required
@require_GET
def reference(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    context = {"group": membership.group, "adventure": adventure}
    context |= overview.reference(adventure, request.user)
    return render(request, "campaign/reference.html", context)


@login_required
@require_POST
def reveal(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    """Reveal one hidden item for oneself only, or hide it again (``hide``); viewers may too."""
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    key = request.POST.get("key", "")
    valid = {e["key"] for e in overview.reference(adventure, request.user)["envelopes"]}
    valid |= {f"mission:{m.number}" for m in adventure.content_pack.pack().missions}
    valid |= {f"token:{t.id}" for t in adventure.content_pack.pack().power.tokens}
    if key not in valid | {overview.NAMES_AHEAD}:
        messages.error(request, NOTHING_TO_REVEAL)
    elif "hide" in request.POST:
        services.hide_spoiler(user=request.user, adventure=adventure, key=key)
    else:
        services.reveal_spoiler(user=request.user, adventure=adventure, key=key)
    url = reverse("campaign:reference", args=[group_id, adventure.pk])
    return redirect(f"{url}#{slugify(key)}")


# --- Export and import ---------------------------------------------------------------------------


def json_download(document: dict[str, Any], filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(document, indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def export(request: HttpRequest, group_id: int, adventure_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    adventure = adventure_or_404(membership, adventure_id)
    document = exchange.export_document([adventure], group_name=membership.group.name)
    stamp = timezone.localdate().isoformat()
    return json_download(document, f"{slugify(adventure.name) or 'adventure'}-{stamp}.json")


@login_required
@require_GET
def group_export(request: HttpRequest, group_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    adventures = list(
        Adventure.objects.for_group(membership.group_id)
        .select_related("content_pack", "created_by")
        .order_by("created_at", "pk")
    )
    document = exchange.export_document(adventures, group_name=membership.group.name)
    stamp = timezone.localdate().isoformat()
    return json_download(document, f"{slugify(membership.group.name) or 'group'}-{stamp}.json")


@login_required
@require_http_methods(["GET", "POST"])
def adventure_import(request: HttpRequest, group_id: int) -> HttpResponse:
    membership = membership_or_404(request, group_id)
    require_player(membership)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        created = services.import_adventures(
            group=membership.group, adventures=form.cleaned_data["file"], by=request.user
        )
        imported = ngettext(
            "Imported %(count)s adventure.", "Imported %(count)s adventures.", len(created)
        )
        messages.success(request, imported % {"count": len(created)})
        return redirect(created[0] if len(created) == 1 else membership.group)
    context = {"group": membership.group, "form": form}
    status = 400 if form.errors else 200
    return render(request, "campaign/import.html", context, status=status)
