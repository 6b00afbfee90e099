"""Texts stored as a code and its parameters, rendered when read, in the reader's language.

An audit entry written while one member reads Catalan must read in Portuguese for a Brazilian
member, so a row keeps ``{"code": ..., "params": {...}}``, never the sentence. Each app registers
its codes with a lazily translated message (``register``, from its ``AppConfig.ready``). A
parameter may itself be a stored text (a result, a move), or a list of them, rendered the same
way; a content pack's name kept in its languages reads in the reader's. ``verbatim`` keeps a
text exactly as it was given: something a member typed, an entry of an imported file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise

from games.content.texts import text_from_json
from web.elision import interpolate

Text = dict[str, Any]
VERBATIM = "verbatim"
MESSAGES: dict[str, Promise] = {}


def register(messages: Mapping[str, Promise]) -> None:
    """Add an app's codes; a code is one message for good (two apps may not share one)."""
    for code, message in messages.items():
        if MESSAGES.get(code, message) is not message:
            raise ValueError(f"the stored text code {code!r} is registered twice")
        MESSAGES[code] = message


def text(code: str, **params: Any) -> Text:
    """A stored text; ``KeyError`` for a code no app registered (found when written, not read)."""
    if code not in MESSAGES:
        raise KeyError(f"no stored text has the code {code!r}")
    return {"code": code, "params": params}


def verbatim(value: str) -> Text:
    """A text kept as it is, in whatever language it was written."""
    return {"code": VERBATIM, "params": {"text": value}}


def render(stored: Mapping[str, Any] | str) -> str:
    """The text in the active language. A plain string (a row written before codes) reads as it
    is; an unknown code reads as its code rather than break the page."""
    if isinstance(stored, str):
        return stored
    code = str(stored.get("code", ""))
    params = {name: render_param(value) for name, value in (stored.get("params") or {}).items()}
    if code == VERBATIM:
        return str(params.get("text", ""))
    message = MESSAGES.get(code)
    if message is None:
        return code
    return interpolate(message, params) if params else str(message)


def render_param(value: Any) -> Any:
    if isinstance(value, Mapping) and "code" in value:
        return render(value)
    if isinstance(value, Mapping):  # a content pack's name, kept in each of its languages
        return str(text_from_json(dict(value)))
    if isinstance(value, list):
        return "; ".join(str(render_param(item)) for item in value)
    return value
