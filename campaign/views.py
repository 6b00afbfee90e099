"""Pages of a group's adventures. Each view: scoped fetch (``member_view``) → form → service →
render. An adventure of another group answers 404; viewers read, changing anything answers 403.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import suppress
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import texts
from campaign import deleting, exchange, forms, overview, seats, services
from campaign import journal as campaign_journal
from campaign.models import Adventure, AttemptStatus, MissionAttempt, Note
from campaign.replay import replay_attempt
from campaign.table import services as live
from campaign.texts import change_text, stored_change
from games.people import people_names
from groups import access
from groups.deleted import KEEP_DAYS
from groups.models import Membership
from web.htmx import is_partial, partial_template, vary_on_htmx

ADVENTURE_STARTED = _("Adventure started: every envelope is sealed.")
ATTEMPT_LOGGED = _("Attempt logged. Here is what it changed.")
NOTE_ADDED = _("Note added.")
ATTEMPT_CORRECTED = _("Attempt corrected; everything after it recomputed.")
CONFIRM_AGAIN = _("Open the confirmation page again before removing.")
ATTEMPT_REMOVED = _("Attempt removed; everything after it recomputed.")
NOTHING_TO_REVEAL = _("Nothing to reveal there.")
ADVENTURE_DELETED = _(
    "“%(name)s” deleted. An owner can restore it from Recently deleted for %(days)s days."
)


PAGE_SIZE = 25


def member_view(
    *methods: str, play: bool = False, manage: bool = False
) -> Callable[[access.View], access.View]:
    """``access.member_view`` that also gets the URL's adventure and attempt of that group."""

    def decorate(view: access.View) -> access.View:
        @access.member_view(*methods, play=play, manage=manage)
        @wraps(view)
        def scoped(request: HttpRequest, membership: Membership, **kwargs: Any) -> HttpResponse:
            if "adventure_id" in kwargs:
                adventures = Adventure.objects.select_related("content_pack")
                kwargs["adventure"] = adventure = get_object_or_404(
                    adventures, group_id=membership.group_id, pk=kwargs.pop("adventure_id")
                )
            if "number" in kwargs:
                attempts = adventure.attempts.select_related("created_by").with_mission_try()
                kwargs["attempt"] = get_object_or_404(attempts, number=kwargs.pop("number"))
                kwargs["attempt"].adventure = adventure
            return view(request, membership, **kwargs)

        return scoped

    return decorate


def page_context(
    membership: Membership, adventure: Adventure | None = None, **extra: Any
) -> dict[str, Any]:
    """What every campaign page shows: the group, the member's role, the adventure if any."""
    return {"group": membership.group, "membership": membership, "adventure": adventure, **extra}


def attach_errors(form: Any, error: services.CampaignError) -> None:
    form.add_error(error.field if error.field in form.fields else None, error.sentence())


def attempt_forms_kwargs(adventure: Adventure, user: Any) -> dict[str, Any]:
    """An attempt form's choices: every Power space, each tile gained, the names ``user`` sees."""
    pack = adventure.content_pack.pack()
    tiles = list(adventure.components.filter(kind="power-tile").values_list("component", flat=True))
    spaces = [s.id for s in pack.power.spaces]
    named = overview.named_missions(adventure, user)
    people = people_names(adventure.group)
    return {"pack": pack, "spaces": spaces, "tiles": tiles, "named": named, "people": people}


# --- Adventures ----------------------------------------------------------------------------------


@member_view("GET", "POST", play=True)
def adventure_new(request: HttpRequest, membership: Membership) -> HttpResponse:
    form = forms.AdventureForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        adventure = services.start_adventure(
            group=membership.group, name=form.cleaned_data["name"], by=request.user
        )
        messages.success(request, ADVENTURE_STARTED)
        return redirect(adventure)
    context = page_context(membership, form=form)
    status = 400 if form.errors else 200
    return render(request, "campaign/adventure_new.html", context, status=status)


@member_view("GET")
def dashboard(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    context = page_context(
        membership,
        adventure,
        recent=adventure.attempts.with_mission_try().order_by("-number")[:5],
        audit=adventure.audit.all()[:8],
        live=live_round(adventure),
        **overview.dashboard(adventure),
    )
    return render(request, "campaign/dashboard.html", context)


@member_view("GET", "POST", manage=True)
def adventure_delete(
    request: HttpRequest, membership: Membership, adventure: Adventure
) -> HttpResponse:
    """Owners only, as deleting the group: it removes what every member logged, and an owner can
    restore it (``groups.views.deleted_list``). Only the confirmation page's POST deletes."""
    if request.method == "POST" and "confirm" in request.POST:
        with suppress(Adventure.DoesNotExist):  # another owner's delete came first: it is kept
            deleting.delete_adventure(adventure=adventure, by=request.user)
        words = {"name": adventure.name, "days": KEEP_DAYS}
        messages.success(request, ADVENTURE_DELETED % words)
        return redirect(membership.group)
    attempts = adventure.attempts.all()
    context = page_context(
        membership,
        adventure,
        attempts=attempts.count(),
        notes=Note.objects.filter(attempt__adventure=adventure).count(),
        table=attempts.filter(status=AttemptStatus.OPEN, setup__isnull=False).first(),
        keep_days=KEEP_DAYS,
    )
    return render(request, "campaign/adventure_delete.html", context)


def live_round(adventure: Adventure) -> dict[str, Any] | None:
    """The open mission at the table, if any: its round from the engine state the table uses."""
    attempt = live.open_attempt(adventure)
    if attempt is None or not attempt.setup:
        return None
    attempt.adventure = adventure
    state = live.state_of(attempt)
    url = reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number])
    return {"round": state.round, "rounds": state.rounds, "url": url}


@member_view("GET", "POST", play=True)
def attempt_log(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    # The seats of the adventure's last attempt, or none: every member would seat people who
    # did not play, and their statistics would count a game they never sat at.
    last = adventure.attempts.order_by("-number").first()
    initial = {
        "number": adventure.attempt_count + 1,
        "mission": adventure.current_mission,
        "players": "\n".join(seats.seated_names(last)),
    }
    form = forms.LogAttemptForm(
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
            if error.code == "stale":
                messages.error(request, str(error))
                return redirect(adventure)
            attach_errors(form, error)
        else:
            messages.success(request, ATTEMPT_LOGGED)
            return redirect(outcome.attempt)
    context = page_context(membership, adventure, form=form)
    return render(request, "campaign/attempt_log.html", context, status=400 if form.errors else 200)


def history_page(request: HttpRequest, attempts: Any, context: dict[str, Any]) -> HttpResponse:
    form = forms.HistoryFilterForm(request.GET or None)
    attempts = attempts.select_related("adventure").with_mission_try()
    page = Paginator(form.apply(attempts), PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context |= {"filters": form, "page": page, "query": query.urlencode()}
    template = partial_template(request, "campaign/history.html", "attempt-history")
    return vary_on_htmx(render(request, template, context))


@member_view("GET")
def history(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    return history_page(request, adventure.attempts, page_context(membership, adventure))


@member_view("GET")
def group_history(request: HttpRequest, membership: Membership) -> HttpResponse:
    attempts = MissionAttempt.objects.filter(adventure__group=membership.group)
    return history_page(request, attempts, page_context(membership))


@member_view("GET")
def attempt_detail(
    request: HttpRequest, membership: Membership, adventure: Adventure, attempt: MissionAttempt
) -> HttpResponse:
    return attempt_page(request, membership, attempt, forms.NoteForm())


def attempt_page(
    request: HttpRequest, membership: Membership, attempt: MissionAttempt, note_form: forms.NoteForm
) -> HttpResponse:
    """An attempt's page, with the note form empty or, refused, showing why (400)."""
    pack = attempt.adventure.content_pack.pack()
    context = page_context(
        membership,
        attempt.adventure,
        attempt=attempt,
        mission=overview.mission_info(
            pack, attempt.mission, rounds=services.attempt_rounds(attempt)
        ),
        loadout=[
            (str(pack.power_space(space).name), str(pack.power_tile(tile).name))
            for space, tile in attempt.loadout.items()
        ],
        notes=attempt.notes.all(),
        note_form=note_form,
        **replay_context(attempt),
    )
    status = 400 if note_form.errors else 200
    return render(request, "campaign/attempt_detail.html", context, status=status)


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


@member_view("POST", play=True)
def note_add(
    request: HttpRequest, membership: Membership, adventure: Adventure, attempt: MissionAttempt
) -> HttpResponse:
    form = forms.NoteForm(request.POST)
    if not form.is_valid():
        return attempt_page(request, membership, attempt, form)
    services.add_note(attempt=attempt, author=request.user, text=form.cleaned_data["text"])
    messages.success(request, NOTE_ADDED)
    return redirect(attempt)


# --- Corrections ---------------------------------------------------------------------------------


def correction_initial(attempt: MissionAttempt) -> dict[str, Any]:
    kept = ("mission", "failure_reason", "rounds_played", "played_on", "duration_minutes")
    initial = {name: getattr(attempt, name) for name in kept} | {
        "result": attempt.status,
        "players": "\n".join(seats.seated_names(attempt)),
        "log_version": attempt.adventure.log_version,
    }
    return initial | {f"space_{space}": tile for space, tile in attempt.loadout.items()}


@member_view("GET", "POST", play=True)
def attempt_edit(
    request: HttpRequest, membership: Membership, adventure: Adventure, attempt: MissionAttempt
) -> HttpResponse:
    form = forms.CorrectionForm(
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
    context = page_context(membership, adventure, attempt=attempt, form=form, preview=preview)
    template = partial_template(request, "campaign/attempt_edit.html", "correction-preview")
    # The live preview answers 200 even when blocked: it swaps in the reasons, never the page.
    status = 400 if form.errors and not is_partial(request) else 200
    return vary_on_htmx(render(request, template, context, status=status))


@member_view("GET", "POST", play=True)
def attempt_delete(
    request: HttpRequest, membership: Membership, adventure: Adventure, attempt: MissionAttempt
) -> HttpResponse:
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
    context = page_context(membership, adventure, attempt=attempt, preview=preview)
    return render(request, "campaign/attempt_delete.html", context)


@member_view("GET", "POST", play=True)
def override_new(
    request: HttpRequest, membership: Membership, adventure: Adventure
) -> HttpResponse:
    form = forms.OverrideForm(request.POST or None, pack=adventure.content_pack.pack())
    if request.method == "POST" and form.is_valid():
        try:
            # the form's fields are the override's: kind, target, reason
            outcome = services.add_override(
                adventure=adventure, by=request.user, **form.cleaned_data
            )
        except services.CampaignError as error:
            attach_errors(form, error)
        else:
            for change in outcome.changes:
                messages.info(request, texts.render(change_text(stored_change(change))))
            return redirect(adventure)
    context = page_context(membership, adventure, form=form)
    status = 400 if form.errors else 200
    return render(request, "campaign/override_new.html", context, status=status)


@member_view("GET")
def audit(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    entries = Paginator(adventure.audit.all(), 50).get_page(request.GET.get("page"))
    return render(request, "campaign/audit.html", page_context(membership, adventure, page=entries))


@member_view("GET")
def journal(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    """The story so far, one chapter per game night (``campaign.journal``)."""
    context = page_context(
        membership, adventure, **campaign_journal.journal(adventure, request.user)
    )
    return render(request, "campaign/journal.html", context)


# --- Reference -----------------------------------------------------------------------------------


@member_view("GET")
def reference(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    context = page_context(membership, adventure, **overview.reference(adventure, request.user))
    return render(request, "campaign/reference.html", context)


@member_view("POST")
def reveal(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    """Reveal one hidden item for oneself only, or hide it again (``hide``); viewers may too."""
    key = request.POST.get("key", "")
    pack = adventure.content_pack.pack()
    valid = {e["key"] for e in overview.reference(adventure, request.user)["envelopes"]}
    valid |= {f"mission:{m.number}" for m in pack.missions}
    valid |= {f"token:{t.id}" for t in pack.power.tokens}
    if key not in valid | {overview.NAMES_AHEAD}:
        messages.error(request, NOTHING_TO_REVEAL)
    elif "hide" in request.POST:
        services.hide_spoiler(user=request.user, adventure=adventure, key=key)
    else:
        services.reveal_spoiler(user=request.user, adventure=adventure, key=key)
    # Back to the page the reveal was asked from: the journal, or by default the reference.
    page = "campaign:journal" if request.POST.get("back") == "journal" else "campaign:reference"
    url = reverse(page, args=[adventure.group_id, adventure.pk])
    return redirect(f"{url}#{slugify(key)}")


# --- Export and import ---------------------------------------------------------------------------


def export_download(membership: Membership, adventures: list[Adventure], name: str) -> HttpResponse:
    """The export document as a file named after ``name`` and today's date."""
    document = exchange.export_document(adventures, group_name=membership.group.name)
    filename = f"{name}-{timezone.localdate().isoformat()}.json"
    return HttpResponse(
        json.dumps(document, indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@member_view("GET")
def export(request: HttpRequest, membership: Membership, adventure: Adventure) -> HttpResponse:
    return export_download(membership, [adventure], slugify(adventure.name) or "adventure")


@member_view("GET")
def group_export(request: HttpRequest, membership: Membership) -> HttpResponse:
    adventures = membership.group.adventures.select_related("content_pack", "created_by")
    name = slugify(membership.group.name) or "group"
    return export_download(membership, list(adventures.order_by("created_at", "pk")), name)


@member_view("GET", "POST", play=True)
def adventure_import(request: HttpRequest, membership: Membership) -> HttpResponse:
    form = forms.ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        created = services.import_adventures(
            group=membership.group, adventures=form.cleaned_data["file"], by=request.user
        )
        imported = ngettext(
            "Imported %(count)s adventure.", "Imported %(count)s adventures.", len(created)
        )
        messages.success(request, imported % {"count": len(created)})
        return redirect(created[0] if len(created) == 1 else membership.group)
    context = page_context(membership, form=form)
    return render(request, "campaign/import.html", context, status=400 if form.errors else 200)
