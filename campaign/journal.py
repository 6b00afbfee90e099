"""The campaign journal: an adventure's story told in order, one chapter per game night, for a
group coming back after weeks away ("where are we, what happened last time").

Everything comes from what the log already keeps: the attempts (their result, seats, notes and the
changes each made to the campaign: Moon Path boxes, envelopes, rewards, Night mode), the
table-side decisions (``ManualOverride``, with their reason) and the corrections in the audit
trail. Spoilers follow the reference (``overview.Spoilers``); an envelope's contents follow
``envelope_contents_shown``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import texts
from campaign import overview
from campaign import texts as campaign_texts
from campaign.models import Adventure, AuditAction, ManualOverride, MissionAttempt
from campaign.overview import Spoilers, card_label
from games.content import Pack

ENVELOPE_OPENED = "envelope-opened"


@dataclass
class Chapter:
    """One game night: the attempts played on ``day`` (in the adventure's order), who played, and
    the decisions and corrections made that night."""

    day: date
    attempts: list[dict[str, Any]] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return f"night-{self.day.isoformat()}"


def envelope_contents_shown(spoilers: Spoilers, envelope_id: str) -> bool:
    """Whether the journal shows an opened envelope's contents to this member.

    A reading: the journal is read by members who were not all at the table, and the issue asks
    that a member who has not revealed an envelope reads it sealed. So in the journal an
    envelope's contents show only once the member revealed it for themselves (the reference's
    reveal, the same key ``envelope:<id>``); the journal always says *that* it was opened."""
    return f"envelope:{envelope_id}" in spoilers.revealed


def envelope_contents(pack: Pack, envelope_id: str) -> list[str]:
    """What an envelope holds, one line each, in the reader's language."""
    envelope = next((e for e in pack.envelopes if e.id == envelope_id), None)
    if envelope is None:
        return []
    contents = envelope.contents
    return [
        *(
            _("Power tile %(name)s: %(text)s")
            % {"name": pack.power_tile(t).name, "text": pack.power_tile(t).text}
            for t in contents.power_tiles
        ),
        *(
            _("Moon tile %(name)s: %(text)s")
            % {"name": pack.moon_tile(t).name, "text": pack.moon_tile(t).text}
            for t in contents.moon_tiles
        ),
        *(_("Spirit card %(card)s") % {"card": card_label(pack, c)} for c in contents.cards),
        *(f"{item.name}: {item.text}" for item in contents.items),
    ]


def attempt_entry(
    attempt: MissionAttempt, pack: Pack, spoilers: Spoilers, corrections: list[Any]
) -> dict[str, Any]:
    """One attempt as the journal tells it: the mission (named if the member may see its name),
    how it ended and why, what it changed (each change in the reader's words; an envelope opened
    with its contents, sealed or not), its notes and its corrections."""
    changes = []
    for change in attempt.changes:
        entry: dict[str, Any] = {
            "text": texts.render(campaign_texts.change_text(change)),
            "rule": campaign_texts.change_rule(change),
            "kind": change.get("kind", ""),
        }
        if change.get("kind") == ENVELOPE_OPENED and change.get("target"):
            envelope_id = str(change["target"])
            entry["envelope"] = {
                "key": f"envelope:{envelope_id}",
                "shown": envelope_contents_shown(spoilers, envelope_id),
                "contents": envelope_contents(pack, envelope_id),
            }
        changes.append(entry)
    mission = pack.mission(attempt.mission)
    return {
        "attempt": attempt,
        "mission_name": str(mission.name) if spoilers.named(attempt.mission) else "",
        "changes": changes,
        "notes": list(attempt.notes.all()),
        "corrections": corrections,
    }


def chapters_of(
    attempts: list[MissionAttempt],
    overrides: list[ManualOverride],
    pack: Pack,
    spoilers: Spoilers,
    corrections: dict[int, list[Any]],
) -> list[Chapter]:
    """The attempts grouped by the day they were played, in the adventure's order: a new
    chapter whenever the day changes. A decision made after attempt *n* closes that attempt's
    night (made after attempt 0, before any play: the first chapter)."""
    chapters: list[Chapter] = []
    by_attempt: dict[int, list[ManualOverride]] = {}
    for override in overrides:
        by_attempt.setdefault(override.after_attempt, []).append(override)
    for attempt in attempts:
        if not chapters or chapters[-1].day != attempt.played_on:
            chapters.append(Chapter(day=attempt.played_on))
        chapter = chapters[-1]
        chapter.attempts.append(
            attempt_entry(attempt, pack, spoilers, corrections.get(attempt.number, []))
        )
        for name in attempt.players:
            if name not in chapter.players:
                chapter.players.append(name)
    for number, rows in by_attempt.items():
        target = next(
            (c for c in chapters if any(a["attempt"].number == number for a in c.attempts)),
            chapters[0] if chapters else None,
        )
        if target is not None:
            target.decisions.extend(
                {"what": f"{row.get_kind_display()} {row.target}".strip(), "reason": row.reason}
                for row in rows
            )
    return chapters


def last_time(chapter: Chapter) -> list[str]:
    """ "Last time" in two lines: the night and who played, then how its attempts ended."""
    day = formats.date_format(chapter.day, "DATE_FORMAT")
    who = ", ".join(chapter.players)
    first = _("%(day)s, with %(players)s.") % {"day": day, "players": who} if who else day
    outcomes = []
    for entry in chapter.attempts:
        attempt = entry["attempt"]
        result = attempt.get_status_display()
        if attempt.failure_reason:
            result = f"{result} ({attempt.get_failure_reason_display()})"
        outcomes.append(
            _("Mission %(mission)s: %(result)s") % {"mission": attempt.mission, "result": result}
        )
    second = ngettext(
        "%(count)s attempt: %(outcomes)s.",
        "%(count)s attempts: %(outcomes)s.",
        len(outcomes),
    ) % {"count": len(outcomes), "outcomes": "; ".join(outcomes)}
    return [first, second]


def journal(adventure: Adventure, user: Any) -> dict[str, Any]:
    """The journal's page for ``user``: "where you are" at the top, then the chapters."""
    pack = adventure.content_pack.pack()
    spoilers = Spoilers.of(adventure, pack, user)
    attempts = list(
        adventure.attempts.with_mission_try()
        .exclude(status="open")
        .prefetch_related("notes")
        .order_by("number")
    )
    corrections: dict[int, list[Any]] = {}
    for entry in adventure.audit.filter(action=AuditAction.EDIT).order_by("at", "pk"):
        number = (entry.params or {}).get("number")
        if isinstance(number, int):
            corrections.setdefault(number, []).append(entry)
    chapters = chapters_of(attempts, list(adventure.overrides.all()), pack, spoilers, corrections)
    board = overview.dashboard(adventure)
    current = board["mission"]
    return {
        "chapters": chapters,
        "where": {
            "next_text": board["next_text"],
            "mission_name": current["name"] if current else "",
            "moon_path": board["moon_path"],
            "checked": sum(1 for box in board["moon_path"] if box["checked_by"] is not None),
            "spaces": [s for s in board["spaces"] if s["unlocked"]],
            "tokens": board["tokens"],
            "tiles": board["tiles"],
            "moon_tiles": board["moon_tiles"],
            "night": adventure.night_mode,
            "last_time": last_time(chapters[-1]) if chapters else [],
        },
    }
