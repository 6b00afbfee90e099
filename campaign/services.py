"""Writes to an adventure: start it, log and record attempts, correct them, override by hand.

Every write runs in one transaction that first locks the adventure row (``locked``), so of two
members writing at once the later one sees the earlier change and gets a clear message instead of
losing or duplicating it. ``finish_write`` then replays the log and rebuilds what derives from it.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.actors import stored_actor
from accounts.texts import Text, render, text, verbatim
from campaign import exchange
from campaign.exchange import ImportedAdventure
from campaign.models import (
    Adventure,
    AttemptMove,
    AttemptStatus,
    AuditAction,
    AuditEntry,
    ComponentKind,
    GainedComponent,
    ManualOverride,
    MissionAttempt,
    MoonPathBox,
    Note,
    OpenedEnvelope,
    PowerSpaceState,
    RevealedSpoiler,
    StatisticsOutbox,
)
from campaign.seats import link_players
from campaign.table import events as table_events
from campaign.texts import (
    PROBLEM_RULES,
    change_text,
    fact_text,
    problem_text,
    rule_link,
    stored_change,
)
from games.attempt_plays import sync_attempt_plays
from games.content import Pack
from games.models import ContentPack
from games.packs import default_content_pack, store_pack
from games.rules.spirits import campaign as progression
from games.rules.spirits.campaign import (
    AttemptResult,
    CampaignState,
    Entry,
    Override,
    ProgressionError,
)

LOGGED_MEANWHILE = gettext_lazy(
    "Attempt %(number)s was just logged by %(who)s (Mission %(mission)s, %(result)s). The page "
    "now shows the current campaign: log yours again only if it was a different attempt."
)
SOMEONE = gettext_lazy("someone")
LOG_CHANGED_MEANWHILE = gettext_lazy(
    "Someone changed this adventure's log while you were looking at it. Check the new preview "
    "and confirm again."
)
ALREADY_RECORDED = gettext_lazy("This attempt already has a result: %(result)s.")
OPEN_ATTEMPT = gettext_lazy(
    "Attempt %(number)s (Mission %(mission)s) is being played in the app: finish it first."
)
BAD_POSITION = gettext_lazy("An attempt can be inserted at positions 1 to %(last)s.")

# Renumbering shifts attempt numbers through this offset so the unique constraint on
# (adventure, number) holds after every single-row update, on every database.
RENUMBER_OFFSET = 1_000_000


class CampaignError(Exception):
    """A write the rules or a concurrent change refused; ``field`` names the form field, if any,
    and ``rule`` links to the rule of the reference behind the refusal, if any."""

    def __init__(
        self, message: str, *, code: str, field: str | None = None, rule: str = ""
    ) -> None:
        self.code = code
        self.field = field
        self.rule = rule
        super().__init__(message)

    def sentence(self) -> str:
        """The message for a form, with the link to its rule (safe HTML)."""
        if not self.rule:
            return str(self)
        return format_html(
            '{} <a class="rule-link" href="{}">{}</a>', str(self), self.rule, _("Read the rule")
        )


@dataclass(frozen=True)
class AttemptData:
    """What a person says about an attempt: the quick log form and the correction form give it."""

    mission: int
    result: str
    reason: str = ""
    players: Sequence[str] = ()
    rounds_played: int | None = None
    played_on: datetime.date | None = None
    duration_minutes: int | None = None
    loadout: dict[str, str] = field(default_factory=dict)

    def entry(self, number: int, key: int | None = None) -> AttemptResult:
        """This attempt as the rules replay it at ``number``."""
        reason = self.reason if self.result == progression.FAILURE else ""
        loadout = tuple(sorted(self.loadout.items()))
        return AttemptResult(number, self.mission, self.result, reason, loadout, key)


@dataclass(frozen=True)
class Outcome:
    """What a write did: the attempt it was about (if any) and what changed in the campaign."""

    changes: tuple[progression.Change, ...] = ()
    attempt: MissionAttempt | None = None


# --- Reading the log -----------------------------------------------------------------------------


def target_name(pack: Pack, kind: str, target: str) -> str | dict[str, str]:
    """What a manual override names, by its pack name (never its id), kept in each of the pack's
    languages so that the stored line reads in its reader's (``Text.to_json``)."""
    lookups = {
        progression.OPEN_ENVELOPE: pack.envelope,
        progression.UNLOCK_SPACE: pack.power_space,
        progression.GAIN_TOKEN: pack.power_token,
    }
    try:
        return lookups[kind](target).name.to_json() if kind in lookups else target
    except KeyError:
        return target


def attempt_entry(attempt: MissionAttempt) -> AttemptResult:
    return AttemptResult(
        number=attempt.number,
        mission=attempt.mission,
        result=attempt.status,
        reason=attempt.failure_reason,
        loadout=tuple(sorted((attempt.loadout or {}).items())),
        key=attempt.pk,
    )


@dataclass(frozen=True)
class Log:
    """An adventure's log as stored, with the pack it replays on."""

    pack: Pack
    attempts: list[MissionAttempt]
    overrides: list[ManualOverride]

    def entries(self, *, before: float = math.inf) -> list[Entry]:
        """What was logged before attempt ``before``, in replay order."""
        return progression.log_order(
            [
                (a.number, None if a.status == AttemptStatus.OPEN else attempt_entry(a))
                for a in self.attempts
                if a.number < before
            ],
            [
                (row.after_attempt, Override(row.pk, row.kind, row.target, row.reason))
                for row in sorted(self.overrides, key=lambda o: o.pk)
                if row.after_attempt < before
            ],
        )

    def state(self, *, before: float = math.inf) -> CampaignState:
        """The campaign after the whole log, or as attempt number ``before`` found it."""
        return progression.replay(self.pack, self.entries(before=before))

    def diff_lines(self, before: CampaignState, after: CampaignState) -> list[Text]:
        """What ``after`` changes, as stored texts read in each reader's language."""
        numbers = {progression.attempt_key(a.pk): a.number for a in self.attempts}
        diff = progression.diff(before, after, self.pack)
        lines = [fact_text(fact) for fact in diff.facts]
        for key, _old, new in diff.attempts:
            changes = {"changes": [change_text(stored_change(c)) for c in new]} if new else {}
            if key in numbers:
                code = "attempt-changed" if new else "attempt-no-effect"
                lines.append(text(code, number=numbers[key], **changes))
            else:
                code = "removed-attempt-changed" if new else "removed-attempt-no-effect"
                lines.append(text(code, **changes))
        return lines


def current_log(adventure: Adventure) -> Log:
    return Log(
        adventure.content_pack.pack(),
        list(adventure.attempts.order_by("number")),
        list(adventure.overrides.all()),
    )


def current_state(adventure: Adventure) -> CampaignState:
    return current_log(adventure).state()


def rounds_then(pack: Pack, before: CampaignState, mission: int, loadout: dict[str, str]) -> int:
    """The rounds ``mission`` lasts in the campaign ``before`` with ``loadout``'s Power tiles."""
    return progression.mission_rounds(
        pack,
        mission,
        moon_tiles=before.moon_tiles,
        holo_liana=before.holo_liana,
        power_tiles=[t for t in (loadout or {}).values() if t],
    )


def attempt_rounds(attempt: MissionAttempt) -> int:
    """The rounds an attempt's mission lasted when it was played (not the pack's base count)."""
    log = current_log(attempt.adventure)
    return rounds_then(log.pack, log.state(before=attempt.number), attempt.mission, attempt.loadout)


def refuse_open(attempts: Iterable[MissionAttempt], *, before: float = math.inf) -> None:
    """No write while an attempt is being played at the table, unless it goes in before it."""
    for attempt in attempts:
        if attempt.status == AttemptStatus.OPEN and attempt.number < before:
            numbers = {"number": attempt.number, "mission": attempt.mission}
            raise CampaignError(OPEN_ATTEMPT % numbers, code="open-attempt")


def locked(adventure: Adventure, log_version: int | None = None) -> Adventure:
    """Every write to the log starts here; refused if the log changed since ``log_version``.
    FOR NO KEY UPDATE: writers of one adventure queue, but rows that merely reference it
    (statistics facts, outbox rows, notes) are not blocked, so they cannot deadlock a writer."""
    adventure = (
        Adventure.objects.select_for_update(no_key=True, of=("self",))
        .select_related("content_pack")
        .get(pk=adventure.pk)
    )
    if log_version is not None and adventure.log_version != log_version:
        raise CampaignError(str(LOG_CHANGED_MEANWHILE), code="stale")
    return adventure


# --- Rebuilding the derived state ----------------------------------------------------------------


def rebuild(adventure: Adventure, log: Log) -> CampaignState:
    """Rewrite everything derived from the log (the caller holds the adventure's lock)."""
    state = log.state()
    adventure.current_mission = state.current_mission
    adventure.final_mission_completed = state.final_mission_completed
    adventure.red_envelope_opened = state.red_envelope_opened
    adventure.night_mode = state.night_mode
    adventure.holo_liana = state.holo_liana
    adventure.moon_boxes_checked = state.moon_boxes_checked
    # Finished attempts: an attempt in progress at the table counts once its result is recorded
    # (starting one does not rebuild), so an import counts as the adventure it came from.
    adventure.attempt_count = sum(a.status != AttemptStatus.OPEN for a in log.attempts)
    adventure.log_version = F("log_version") + 1
    adventure.save()
    adventure.refresh_from_db(fields=["log_version"])

    for model in (MoonPathBox, OpenedEnvelope, PowerSpaceState, GainedComponent):
        model.objects.filter(adventure=adventure).delete()
    MoonPathBox.objects.bulk_create(
        MoonPathBox(
            adventure=adventure,
            box=box.box,
            phase=box.phase or "",
            envelope=box.envelope or "",
            checked_by_attempt=box.checked_by,
        )
        for box in state.moon_path
    )
    OpenedEnvelope.objects.bulk_create(
        OpenedEnvelope(
            adventure=adventure,
            envelope=opened.id,
            colour=log.pack.envelope(opened.id).colour,
            source=opened.source,
            by_attempt=opened.by_attempt,
            order=order,
        )
        for order, opened in enumerate(state.opened)
    )
    placed = dict(state.loadout)
    PowerSpaceState.objects.bulk_create(
        PowerSpaceState(
            adventure=adventure,
            space=space.id,
            unlocked=space.id in state.unlocked_spaces,
            placed_tile=placed.get(space.id, ""),
            order=order,
        )
        for order, space in enumerate(log.pack.power.spaces)
    )
    GainedComponent.objects.bulk_create(
        GainedComponent(adventure=adventure, kind=kind, component=component, order=order)
        for kind, components in (
            (ComponentKind.POWER_TOKEN, state.power_tokens),
            (ComponentKind.POWER_TILE, state.power_tiles),
            (ComponentKind.MOON_TILE, state.moon_tiles),
            (ComponentKind.CARD, state.cards),
            (ComponentKind.ITEM, state.items),
        )
        for order, component in enumerate(components)
    )
    changed = []
    for attempt in log.attempts:
        changes = [stored_change(c) for c in state.changes_of(progression.attempt_key(attempt.pk))]
        if attempt.changes != changes:
            attempt.changes = changes
            changed.append(attempt)
    MissionAttempt.objects.bulk_update(changed, ["changes"])
    return state


def audit(
    *,
    adventure: Adventure,
    by: object,
    action: str,
    summary: Text,
    details: Sequence[Text] = (),
) -> AuditEntry:
    return AuditEntry.objects.create(
        adventure=adventure, action=action, **AuditEntry.written_by(by, summary, details)
    )


def finish_write(
    adventure: Adventure,
    by: object,
    action: str,
    summary: Text,
    before: CampaignState | None = None,
) -> CampaignState:
    """Rebuild, audit with what changed, note the change for statistics (an outbox row: the same
    transaction, never Redis), and keep the attempts' plays in the play log in step."""
    log = current_log(adventure)
    state = rebuild(adventure, log)
    details = [] if before is None else log.diff_lines(before, state)
    audit(adventure=adventure, by=by, action=action, summary=summary, details=details)
    StatisticsOutbox.objects.create(group_id=adventure.group_id, adventure=adventure)
    link_players(adventure.group, log.attempts)
    sync_attempt_plays(adventure=adventure, attempts=log.attempts)
    return state


def attempt_text(code: str, attempt: MissionAttempt, result: str) -> Text:
    """An audit summary about one attempt: its number, mission and ``result``."""
    result_words = text(f"result:{result}")
    return text(code, number=attempt.number, mission=attempt.mission, result=result_words)


@contextmanager
def by_the_rules(field: str | None = None) -> Iterator[None]:
    """A rules problem raised inside becomes a ``CampaignError`` in the reader's language, on the
    form field it is about (``field``, else the one its code or subject names)."""
    try:
        yield
    except ProgressionError as error:
        fields = {
            "mission-not-open": "mission",
            "finished": "mission",
            "reason-required": "failure_reason",
            "reason-on-success": "failure_reason",
        }
        space = f"space_{error.subject}" if error.subject else None
        field_name = field or space or fields.get(error.code)
        message = render(problem_text(error))
        rule = rule_link(PROBLEM_RULES.get(error.code))
        raise CampaignError(message, code=error.code, field=field_name, rule=rule) from None


# --- Starting and logging ------------------------------------------------------------------------


@transaction.atomic
def start_adventure(
    *, group: object, name: str, by: object, content_pack: ContentPack | None = None
) -> Adventure:
    adventure = Adventure.objects.create(
        group=group,
        name=name,
        content_pack=content_pack or default_content_pack(),
        created_by=stored_actor(by),
    )
    finish_write(adventure, by, AuditAction.START, text("adventure-started", name=name))
    return adventure


@transaction.atomic
def log_attempt(
    *,
    adventure: Adventure,
    number: int,
    data: AttemptData,
    by: object,
    note: str = "",
    insert: bool = False,
) -> Outcome:
    """Log a finished attempt (quick log, not driven in the app) as attempt ``number``: the next
    one the person saw, so one logged meanwhile by someone else is refused (code ``stale``), or,
    with ``insert``, a forgotten one that later attempts move up one for."""
    adventure = locked(adventure)
    attempts = list(adventure.attempts.order_by("number"))
    next_number = len(attempts) + 1
    refuse_open(attempts, before=number if insert else math.inf)
    if insert and not 1 <= number <= next_number:
        raise CampaignError(BAD_POSITION % {"last": next_number}, code="position", field="position")
    if not insert and number != next_number:
        last = attempts[-1]
        who = last.created_by.username if last.created_by else SOMEONE
        result = last.get_status_display().lower()
        facts = {"number": last.number, "who": who, "mission": last.mission, "result": result}
        raise CampaignError(LOGGED_MEANWHILE % facts, code="stale")
    if number < next_number:
        shift_numbers(adventure=adventure, from_number=number, delta=1)
    attempt = MissionAttempt.objects.create(
        adventure=adventure,
        number=number,
        mission=data.mission,
        status=AttemptStatus.OPEN,
        players=list(data.players),
        rounds_played=data.rounds_played,
        played_on=data.played_on or timezone.localdate(),
        duration_minutes=data.duration_minutes,
        loadout=dict(data.loadout),
        created_by=stored_actor(by),
    )
    if note:
        add_note(attempt=attempt, author=by, text=note)
    return record_attempt_result(
        attempt=attempt,
        result=data.result,
        reason=data.reason,
        rounds_played=data.rounds_played,
        by=by,
        action=AuditAction.LOG,
    )


@transaction.atomic
def start_attempt(
    *,
    adventure: Adventure,
    players: Sequence[str],
    by: object,
    loadout: dict[str, str] | None = None,
    setup: dict[str, object] | None = None,
) -> MissionAttempt:
    """Open an attempt of the current mission for the live driver."""
    adventure = locked(adventure)
    log = current_log(adventure)
    state = log.state()
    refuse_open(log.attempts)
    with by_the_rules():
        progression.check_unfinished(state)
        progression.check_loadout(log.pack, state, tuple(sorted((loadout or {}).items())))
    attempt = MissionAttempt.objects.create(
        adventure=adventure,
        number=len(log.attempts) + 1,
        mission=state.current_mission,
        players=list(players),
        played_on=timezone.localdate(),
        loadout=dict(loadout or {}),
        setup=setup,
        created_by=stored_actor(by),
    )
    link_players(adventure.group, [attempt])
    return attempt


@transaction.atomic
def record_attempt_result(
    *,
    attempt: MissionAttempt,
    result: str,
    reason: str,
    by: object,
    rounds_played: int | None = None,
    action: str = AuditAction.RESULT,
) -> Outcome:
    """Give an open attempt its result, then apply the Moon Path, envelopes and rewards: the quick
    log and the live mission driver both end here, and a second result is refused."""
    adventure = locked(attempt.adventure)
    attempt = MissionAttempt.objects.select_for_update(no_key=True).get(pk=attempt.pk)
    if attempt.status != AttemptStatus.OPEN:
        raise CampaignError(
            ALREADY_RECORDED % {"result": attempt.get_status_display().lower()},
            code="already-recorded",
        )
    log = current_log(adventure)
    before = log.state(before=attempt.number)
    attempt.status = result
    attempt.failure_reason = reason if result == progression.FAILURE else ""
    if rounds_played is not None:
        attempt.rounds_played = rounds_played
    if attempt.duration_minutes is None:
        attempt.duration_minutes = minutes_played(attempt)
    with by_the_rules():
        progression.check_new_attempt(log.pack, before, attempt_entry(attempt))
    if attempt.setup is None:  # the table's own count needs no check
        check_rounds(log.pack, before, attempt.mission, attempt.loadout, attempt.rounds_played)
    previous = log.state()
    attempt.save()
    summary = attempt_text("attempt-recorded", attempt, result)
    state = finish_write(adventure, by, action, summary, before=previous)
    changes = state.changes_of(progression.attempt_key(attempt.pk))
    attempt.refresh_from_db()
    return Outcome(changes=changes, attempt=attempt)


def minutes_played(attempt: MissionAttempt) -> int | None:
    """From the first move (undone or not) to the result, in whole minutes, at least 1."""
    first = attempt.moves.order_by("seq").values_list("created_at", flat=True).first()
    if first is None:
        return None
    return max(1, round((timezone.now() - first).total_seconds() / 60))


def shift_numbers(*, adventure: Adventure, from_number: int, delta: int) -> None:
    """Move attempts numbered ``from_number`` and up by ``delta``, and overrides with them."""
    attempts = adventure.attempts
    attempts.filter(number__gte=from_number).update(number=F("number") + RENUMBER_OFFSET)
    attempts.filter(number__gte=RENUMBER_OFFSET).update(
        number=F("number") - RENUMBER_OFFSET + delta
    )
    # On a removal, the overrides after the removed attempt follow the one before it.
    low = from_number if delta > 0 else max(from_number - 1, 1)
    adventure.overrides.filter(after_attempt__gte=low).update(
        after_attempt=F("after_attempt") + delta
    )


# --- Corrections ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Preview:
    """What a correction would change, before it is confirmed."""

    lines: tuple[str, ...]
    log_version: int


def edited_entries(log: Log, *, attempt: MissionAttempt, data: AttemptData | None) -> list[Entry]:
    """The log with ``attempt`` replaced by ``data``, or removed (``None``; later ones move)."""
    entries: list[Entry] = []
    for entry in log.entries():
        if isinstance(entry, AttemptResult) and entry.key == attempt.pk:
            if data is not None:
                entries.append(data.entry(entry.number, entry.key))
        elif data is None and isinstance(entry, AttemptResult) and entry.number > attempt.number:
            entries.append(replace(entry, number=entry.number - 1))
        else:
            entries.append(entry)
    return entries


def check_edit(log: Log, *, attempt: MissionAttempt, data: AttemptData) -> None:
    """An edited attempt must be valid where it stands in the log."""
    before = log.state(before=attempt.number)
    entry = data.entry(attempt.number)
    with by_the_rules():
        progression.check_result(data.result, data.reason)
        progression.check_loadout(log.pack, before, entry.loadout)
        if data.mission != attempt.mission:  # a mission it could not be played at is refused
            progression.check_new_attempt(log.pack, before, entry)
    check_rounds(log.pack, before, data.mission, data.loadout, data.rounds_played)


def check_rounds(
    pack: Pack, before: CampaignState, mission: int, loadout: dict[str, str], played: int | None
) -> None:
    """No attempt claims more rounds than its mission had then (``mission_rounds``)."""
    most = rounds_then(pack, before, mission, loadout)
    if played is not None and played > most:
        message = ngettext(
            "Mission %(mission)s lasts %(rounds)s round at this point of the adventure: "
            "an attempt cannot play more.",
            "Mission %(mission)s lasts %(rounds)s rounds at this point of the adventure: "
            "an attempt cannot play more.",
            most,
        )
        raise CampaignError(
            message % {"mission": mission, "rounds": most}, code="rounds", field="rounds_played"
        )


def preview_correction(*, attempt: MissionAttempt, data: AttemptData | None) -> Preview:
    """What editing (``data``) or removing (``data=None``) ``attempt`` would change downstream."""
    log = current_log(attempt.adventure)
    if data is not None:
        check_edit(log, attempt=attempt, data=data)
    after = progression.replay(log.pack, edited_entries(log, attempt=attempt, data=data))
    lines = log.diff_lines(log.state(), after)
    return Preview(tuple(render(line) for line in lines), attempt.adventure.log_version)


@transaction.atomic
def edit_attempt(
    *, attempt: MissionAttempt, data: AttemptData, by: object, log_version: int | None
) -> None:
    """Correct a logged attempt; refused if the log changed since the confirmation page."""
    adventure = locked(attempt.adventure, log_version)
    attempt = MissionAttempt.objects.select_for_update(no_key=True).get(pk=attempt.pk)
    log = current_log(adventure)
    check_edit(log, attempt=attempt, data=data)
    before = log.state()
    if attempt.status != AttemptStatus.OPEN:
        attempt.status = data.result
        attempt.failure_reason = data.reason if data.result == progression.FAILURE else ""
    attempt.mission = data.mission
    if attempt.players != list(data.players):
        attempt.seats.all().delete()  # seated again by ``finish_write``
    attempt.players = list(data.players)
    attempt.rounds_played = data.rounds_played
    attempt.played_on = data.played_on or attempt.played_on
    attempt.duration_minutes = data.duration_minutes
    attempt.loadout = dict(data.loadout)
    attempt.save()
    summary = attempt_text("attempt-corrected", attempt, data.result)
    finish_write(adventure, by, AuditAction.EDIT, summary, before=before)
    if attempt.setup is not None:  # played at the table: its open screens show the correction
        table_events.LIVE.changed(attempt)


@transaction.atomic
def delete_attempt(*, attempt: MissionAttempt, by: object, log_version: int | None) -> None:
    """Remove an attempt with its moves and notes; refused if the log changed meanwhile."""
    adventure = locked(attempt.adventure, log_version)
    attempt = MissionAttempt.objects.select_for_update().get(pk=attempt.pk)
    before = current_state(adventure)
    summary = attempt_text("attempt-removed", attempt, attempt.status)
    attempt.delete()
    shift_numbers(adventure=adventure, from_number=attempt.number + 1, delta=-1)
    finish_write(adventure, by, AuditAction.DELETE, summary, before=before)


@transaction.atomic
def add_override(
    *, adventure: Adventure, kind: str, target: str, reason: str, by: object
) -> Outcome:
    """Open, unlock or gain something by hand, with the reason."""
    adventure = locked(adventure)
    log = current_log(adventure)
    before = log.state()
    with by_the_rules(field="target"):
        progression.check_override(log.pack, before, Override(0, kind, target, reason))
    finished = [a.number for a in log.attempts if a.status != AttemptStatus.OPEN]
    row = ManualOverride.objects.create(
        adventure=adventure,
        after_attempt=max(finished, default=0),
        kind=kind,
        target=target,
        reason=reason,
        created_by=stored_actor(by),
    )
    summary = text(
        "override-added",
        kind=text(f"override:{kind}"),
        target=target_name(log.pack, kind, target),
        reason=reason,
    )
    state = finish_write(adventure, by, AuditAction.OVERRIDE, summary, before=before)
    return Outcome(changes=state.changes_of(progression.override_key(row.pk)))


# --- Notes and spoilers --------------------------------------------------------------------------


def add_note(
    *, attempt: MissionAttempt, author: object, text: str = "", words: Text | None = None
) -> Note:
    """A member's note (``text``), or one the app writes (``words``, a stored text)."""
    return Note.objects.create(
        attempt=attempt,
        author=author if getattr(author, "pk", None) else None,
        author_name=getattr(author, "username", "") or "—",
        text=text,
        code=words["code"] if words else "",
        params=words.get("params") or {} if words else {},
        created_at=timezone.now(),
    )


def reveal_spoiler(*, user: object, adventure: Adventure, key: str) -> None:
    """Show one hidden thing to ``user`` only; a racing double click is harmless."""
    RevealedSpoiler.objects.get_or_create(user=user, adventure=adventure, key=key)


def hide_spoiler(*, user: object, adventure: Adventure, key: str) -> None:
    """Hide again what ``user`` revealed; hiding twice is harmless."""
    RevealedSpoiler.objects.filter(user=user, adventure=adventure, key=key).delete()


# --- Import --------------------------------------------------------------------------------------


@transaction.atomic
def import_adventures(
    *, group: Any, adventures: Sequence[ImportedAdventure], by: object, restored: bool = False
) -> list[Adventure]:
    """Store validated adventures in ``group``; each is replayed to exactly its exported state.
    Authors are matched by username among the group's members; the names are kept either way.
    ``restored``: the adventures come back from the group's recently deleted (the audit says so)."""
    members = {m.user.username: m.user for m in group.memberships.select_related("user")}
    created = []
    for imported in adventures:
        data = imported.data
        adventure = Adventure.objects.create(
            group=group,
            name=data["name"],
            content_pack=store_pack(pack=imported.pack),
            created_by=members.get(data.get("created_by") or ""),
        )
        keep_created_at(adventure, data.get("created_at"))
        for item in data["attempts"]:
            attempt = MissionAttempt.objects.create(
                adventure=adventure,
                number=item["number"],
                mission=item["mission"],
                status=item["status"],
                failure_reason=item.get("failure_reason") or "",
                players=item["players"],
                rounds_played=item.get("rounds_played"),
                played_on=datetime.date.fromisoformat(item["played_on"]),
                duration_minutes=item.get("duration_minutes"),
                loadout=item.get("loadout") or {},
                setup=item.get("setup"),
                state=item.get("state"),
                version=item.get("version") or 0,
                created_by=members.get(item.get("created_by") or ""),
            )
            Note.objects.bulk_create(
                Note(
                    attempt=attempt,
                    author=members.get(note.get("author") or ""),
                    author_name=note.get("author") or "—",
                    # a note the app wrote reads from its code; its words are the file's
                    text="" if note.get("code") else note["text"],
                    code=note.get("code") or "",
                    params=note.get("params") or {},
                    created_at=exchange.check_datetime(note.get("created_at"), "")
                    or timezone.now(),
                )
                for note in item.get("notes") or []
            )
            for move in item.get("moves") or []:
                row = AttemptMove.objects.create(
                    attempt=attempt,
                    seq=move["seq"],
                    payload=move["payload"],
                    created_by=members.get(move.get("created_by") or ""),
                    undone_at=exchange.check_datetime(move.get("undone_at"), ""),
                    undone_by=members.get(move.get("undone_by") or ""),
                )
                keep_created_at(row, move.get("created_at"))
            keep_created_at(attempt, item.get("created_at"))
        for item in data.get("overrides") or []:
            override = ManualOverride.objects.create(
                adventure=adventure,
                after_attempt=item["after_attempt"],
                kind=item["kind"],
                target=item.get("target") or "",
                reason=item["reason"],
                created_by=members.get(item.get("created_by") or ""),
            )
            keep_created_at(override, item.get("created_at"))
        AuditEntry.objects.bulk_create(
            AuditEntry(
                adventure=adventure,
                actor=members.get(entry.get("actor") or ""),
                actor_name=entry.get("actor") or "—",
                at=exchange.check_datetime(entry.get("at"), "") or timezone.now(),
                action=entry.get("action") or AuditAction.IMPORT,
                **imported_text(entry),
                details=[verbatim(line) for line in entry.get("details") or []],
            )
            for entry in data.get("audit") or []
        )
        summary = (
            text("adventure-restored", name=adventure.name)
            if restored
            else text("adventure-imported", name=adventure.name, count=len(data["attempts"]))
        )
        finish_write(adventure, by, AuditAction.IMPORT, summary)
        created.append(adventure)
    return created


def imported_text(entry: dict[str, Any]) -> Text:
    """An imported audit entry's summary: its code and parameters when the file has them (read in
    each member's language), else its words as they are."""
    if entry.get("code"):
        return {"code": entry["code"], "params": entry.get("params") or {}}
    return verbatim(entry["summary"])


def keep_created_at(row: Any, value: str | None) -> None:
    """Imported rows keep their original time (``auto_now_add`` would stamp the import time)."""
    created_at = exchange.check_datetime(value, "created_at")
    if created_at is not None:
        type(row).objects.filter(pk=row.pk).update(created_at=created_at)
        row.created_at = created_at  # a later save() of ``row`` must not put the import time back
