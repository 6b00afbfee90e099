"""The live-table kit every game shares: which seat a device plays for, what the last change of a
game was, and a refusal carried over a redirect.

**Seats.** A device says once who is holding it ("I am carla"), remembered in its session for
that game (``key``, e.g. ``"table:12"``); ``SHARED`` is the explicit "one device for the whole
table" mode, which names the seat to play before each move. The server refuses a move for a seat
the device is not bound to (``check``), a crafted post included: the bound seat, not what the
form says, is who plays. A member who may not play (a viewer) never plays and sees no controls.

**The last change.** Each game stores its last change as data (``change``: a kind, who made it,
its params; never a sentence, docs/translations.md "Texts the app stores"), so every device that
draws the game says it in its reader's language (``announcement``), and a device whose move came
too late is told what changed the game (``stale_text``).

**One drawing for every seat.** A game whose screen is the same for every seat but for its
controls draws it once with ``GATES`` where the seat matters (the seat bar, a control's
``disabled``, what only a device at the table has), and ``finish`` fills them in for one device's
``Seating``: a string's replacements, so every device of a game's change, on its answer or in its
event, shares one drawing.

**Post/Redirect/Get.** A refused move posted by a plain form redirects to the page, which shows
the refusal once (``keep_refusal`` / ``take_refusal``); htmx posts answer with the region.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from web.elision import interpolate, with_article

SHARED = "*"
SESSION_KEY = "seats"
REFUSAL_KEY = "refusals"
# The field a move form carries in shared mode: the seat the page named to play.
PLAYING_AS = "playing_as"

# The seat the campaign game's Automa holds (``games.rules.spirits.AUTOMA``), and how a sentence
# names it: with its article, which the sentence's language fits in (``web.elision``): "Waiting
# for the Automa", ca "torn de l’Automa" (not "d’Automa"), pt-BR "vez do Automa".
AUTOMA = "Automa"
AUTOMA_NAME = with_article(pgettext_lazy("the Automa's seat, inside a sentence", "the Automa"))

NOT_BOUND = _("Say first who holds this device: tap your name above.")
OTHER_SEAT = _("This device plays for %(seat)s: it cannot move for %(due)s.")
SHARED_OTHER = _("It is %(due)s's move, not %(seat)s's: the table below is the current one.")
VIEWER = _("Viewers can read this group but not change it.")


def seat_name(seat: str) -> str:
    """A seat as a sentence names it: a player by their name, the Automa with its article."""
    return str(AUTOMA_NAME) if seat == AUTOMA else seat


class SeatRefused(Exception):
    """A move for a seat this device does not hold; ``message`` in the reader's language."""

    code = "not-your-seat"

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


# --- The device's seat ---------------------------------------------------------------------------


def bound_seat(request: HttpRequest, key: str) -> str | None:
    """The seat this device said it holds in game ``key``: a seat's name, ``SHARED``, or None."""
    seat = request.session.get(SESSION_KEY, {}).get(key)
    return seat if isinstance(seat, str) and seat else None


def bind(request: HttpRequest, key: str, seat: str, seats: Sequence[str]) -> bool:
    """Remember that this device holds ``seat`` (one of ``seats``, or ``SHARED``) in game ``key``;
    an empty ``seat`` forgets it ("Not carla? change"). False when ``seat`` is not offered."""
    bindings = dict(request.session.get(SESSION_KEY, {}))
    if not seat:
        bindings.pop(key, None)
    elif seat == SHARED or seat in seats:
        bindings[key] = seat
    else:
        return False
    request.session[SESSION_KEY] = bindings
    return True


@dataclass(frozen=True)
class Seating:
    """What the seat picker and the controls of one device show.

    ``seats``: the seats a device may say it holds; ``bound``: this device's (a seat, ``SHARED``,
    or None); ``due``: the seat whose move it is (None when any seat of the table may make it);
    ``can_play``: the membership may play; ``over``: the game is finished or abandoned.
    """

    key: str
    seats: tuple[str, ...]
    bound: str | None
    due: str | None
    can_play: bool
    over: bool
    bind_url: str = ""
    shared_allowed: bool = True
    changeable: bool = True  # False: the game itself says who holds the device (no picker)

    @property
    def shared(self) -> bool:
        return self.bound == SHARED

    @property
    def choosing(self) -> bool:
        """The picker shows: a player's device that has not said who holds it."""
        return self.can_play and not self.over and self.bound is None

    @property
    def at_table(self) -> bool:
        """This device plays at the table (bound to a seat, or shared): it may undo or abandon."""
        return self.can_play and not self.over and self.bound is not None

    @property
    def may_move(self) -> bool:
        """This device's controls are enabled now: its seat is due (or any seat may move)."""
        if not self.at_table:
            return False
        return self.shared or self.due is None or self.bound == self.due

    @property
    def waiting_for(self) -> str:
        """The seat this bound device waits for, as the page says it ("Waiting for bruno"), or
        ""."""
        if not self.at_table or self.may_move:
            return ""
        return seat_name(self.due or "")

    @property
    def due_name(self) -> str:
        """The seat due, as the page says it ("bruno to play")."""
        return seat_name(self.due or "")

    @property
    def plays_for(self) -> str:
        """The seat this device's next move is made for: its own, or in shared mode the due one."""
        if self.shared:
            return self.due or ""
        return self.bound or ""

    def may_move_for(self, seat: str) -> bool:
        """Whether a control that moves for ``seat`` (a discard, say) is enabled on this device."""
        return self.may_move and (self.shared or self.bound == seat)

    def cache_part(self) -> str:
        """What of the seating a shared drawing of the game depends on."""
        return f"{self.can_play}:{self.bound or ''}"


def seating(
    request: HttpRequest,
    key: str,
    *,
    seats: Sequence[str],
    due: str | None,
    can_play: bool,
    over: bool,
    bind_url: str = "",
) -> Seating:
    bound = bound_seat(request, key)
    if bound is not None and bound != SHARED and bound not in seats:
        bound = None  # a seat of another game under the same key, or renamed: ask again
    return Seating(key, tuple(seats), bound, due, can_play, over, bind_url)


def check(seating: Seating, posted: Mapping[str, Any], *, for_seat: str | None) -> str:
    """The seat that makes this move, or ``SeatRefused``. ``for_seat`` is the seat the move is for
    (None: a move of the whole table, which any seat may make). A bound device plays for its seat
    whatever the form says; in shared mode the form names the seat (``PLAYING_AS``) and it must
    be the one due."""
    if not seating.can_play:
        raise SeatRefused(str(VIEWER))
    if seating.bound is None:
        raise SeatRefused(str(NOT_BOUND))
    if seating.shared:
        acting = str(posted.get(PLAYING_AS) or "") or for_seat or ""
        if for_seat is not None and acting != for_seat:
            names = {"due": seat_name(for_seat), "seat": seat_name(acting)}
            raise SeatRefused(interpolate(SHARED_OTHER, names))
        return acting
    if for_seat is not None and seating.bound != for_seat:
        names = {"seat": seat_name(seating.bound), "due": seat_name(for_seat)}
        raise SeatRefused(interpolate(OTHER_SEAT, names))
    return seating.bound


def by_name(seating: Seating, user: Any) -> str:
    """Who holds this device, as a change names them: its seat. On one device for the whole
    table nobody in particular holds it (""): the service names the seat that moved
    (``said_by``), or for an abandon or a finish the member (``member_name``)."""
    if seating.bound and not seating.shared:
        return seating.bound
    return ""


def said_by(who: str, seat: str | None, by: Any) -> str:
    """Who a move or an undo is said to be by: the device's seat (``who``, from ``by_name``); on
    one device for the whole table the seat that moved (``seat``: the move's, or for an undo the
    undone move's), so "ana: End the turn." names ana, not the member signed in on the phone;
    else the member ``by`` (a move of the whole table, such as the Automa's)."""
    return who or seat or member_name(by)


def member_name(by: Any) -> str:
    return str(getattr(by, "username", "") or "")


# --- One drawing for every seat ------------------------------------------------------------------

GATE = ' data-seat-gate="{}"'
SEAT_BAR = "<!--seat-bar-->"
PLAYING_AS_MARK = "<!--playing-as-->"
AT_TABLE, END = "<!--at-table-->", "<!--/at-table-->"
MOVE_FOR = re.compile(GATE.format('move-for:([^"]*)'))
BETWEEN = re.compile(re.escape(AT_TABLE) + ".*?" + re.escape(END), re.DOTALL)
# A form of a shared drawing that htmx posts: it carries no token (htmx sends it as a header).
HTMX_FORM = re.compile(r"<form\b[^>]*\bhx-post=[^>]*>")


class Gates:
    """The marks a drawing shared between seats carries (``{{ gates.move }}`` in a control's tag:
    disabled unless the device may move now; ``gates.at_table`` … ``gates.end`` around what only
    a device at the table has; ``gates.seat_bar`` where the seat bar goes; ``gates.playing_as`` in
    a move's form, the seat the shared device plays for, ``live/playing_as.html``)."""

    move = mark_safe(GATE.format("move"))
    seat_bar = mark_safe(SEAT_BAR)
    playing_as = mark_safe(PLAYING_AS_MARK)
    at_table = mark_safe(AT_TABLE)
    end = mark_safe(END)

    @staticmethod
    def move_for(seat: str) -> SafeString:
        """Disabled unless this device may move for ``seat`` (a discard, say)."""
        return mark_safe(GATE.format("move-for:" + escape(seat)))


GATES = Gates()


def finish(drawing: str, seating: Seating, *, request: HttpRequest | None = None) -> str:
    """``drawing`` (made with ``GATES``) as the device of ``seating`` is shown it. Given
    ``request`` (a page drawn for one device), every form gets its CSRF token, so a tap made
    before the page's scripts have started posts as a plain form and is not refused; without
    (a drawing shared between devices, which a stream carries), the forms take the page's as
    they are posted (``static/js/table.js``)."""
    off = " disabled"
    finished = drawing.replace(GATE.format("move"), "" if seating.may_move else off)
    if request is not None:
        token = format_html(
            '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', get_token(request)
        )
        finished = HTMX_FORM.sub(lambda form: form.group(0) + token, finished)

    def for_seat(found: re.Match[str]) -> str:
        return "" if seating.may_move_for(html.unescape(found.group(1))) else off

    finished = MOVE_FOR.sub(for_seat, finished)
    if seating.at_table:
        finished = finished.replace(AT_TABLE, "").replace(END, "")
    else:
        finished = BETWEEN.sub("", finished)
    context = {"seating": seating, "shared_drawing": request is None}
    bar = render_to_string("live/seat.html", context, request=request)
    playing_as = render_to_string("live/playing_as.html", context) if seating.shared else ""
    return finished.replace(SEAT_BAR, bar).replace(PLAYING_AS_MARK, playing_as)


# --- The last change -----------------------------------------------------------------------------

MOVE, UNDO, ABANDON, FINISH = "move", "undo", "abandon", "finish"

ANNOUNCED = {
    MOVE: _("%(who)s: %(what)s."),
    UNDO: _("%(who)s undid %(what)s."),
    ABANDON: _("%(who)s abandoned %(what)s."),
    FINISH: _("The game is over: %(what)s."),
}
STALE = {
    MOVE: _("%(who)s just played: the table below is the current one."),
    UNDO: _("%(who)s just undid a move: the table below is the current one."),
    ABANDON: _("%(who)s just abandoned the game: it is over."),
    FINISH: _("The game just ended: it is over."),
}
STALE_UNKNOWN = _("Someone else just played: the table below is the current one.")


def change(kind: str, by: str, **params: Any) -> dict[str, Any]:
    """A game's last change as it is stored: codes and params, never a sentence."""
    return {"kind": kind, "by": by, "params": params}


def announcement(last: Mapping[str, Any] | None, what: str) -> str:
    """The last change in the reader's language; ``what`` is the game's words for its params."""
    if not last or last.get("kind") not in ANNOUNCED:
        return ""
    who = seat_name(last.get("by") or "?")
    return interpolate(gettext(ANNOUNCED[last["kind"]]), {"who": who, "what": what})


def stale_text(last: Mapping[str, Any] | None) -> str:
    """What a device whose move was stale is told: what changed the game meanwhile."""
    if not last or last.get("kind") not in STALE:
        return str(STALE_UNKNOWN)
    return interpolate(gettext(STALE[last["kind"]]), {"who": seat_name(last.get("by") or "?")})


# --- A refusal over a redirect -------------------------------------------------------------------


def keep_refusal(request: HttpRequest, key: str, refusal: Mapping[str, Any]) -> None:
    """Keep a refused move's words for the page the post redirects to (shown once)."""
    kept = dict(request.session.get(REFUSAL_KEY, {}))
    kept[key] = dict(refusal)
    request.session[REFUSAL_KEY] = kept


def take_refusal(request: HttpRequest, key: str) -> dict[str, Any] | None:
    """The refusal kept for this page, forgotten once read (a reload does not show it again)."""
    kept = dict(request.session.get(REFUSAL_KEY, {}))
    refusal = kept.pop(key, None)
    if refusal is not None:
        request.session[REFUSAL_KEY] = kept
    return refusal
