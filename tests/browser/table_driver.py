"""Drive the table screen in Chromium the way players do: the test asks the rules engine which
move is legal, then enters it through the UI (card picker, Automa forms, board controls)."""

from __future__ import annotations

import json
import re
from typing import Any

from django.urls import reverse

from campaign.models import MissionAttempt
from campaign.table import services as table
from games.rules.spirits.shapes import normalise
from tests.campaign.table_helpers import next_move, placement
from tests.factories import PASSWORD


def log_in(session: Any, username: str) -> None:
    """Signed in, on the groups page (``BrowserSession.sign_in``)."""
    session.sign_in(username)


def log_in_through_the_page(session: Any, username: str) -> None:
    """Signed in through the log-in page, as a returning member does (in English)."""
    page = session.page
    page.goto(reverse("login"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/groups/$"))


def sit(session: Any, seat: str | None = None) -> None:
    """Say who holds this device at the table shown (``web.seats``): ``seat``, or by default one
    device for the whole table; nothing when the device already said it."""
    page = session.page
    if not page.locator("#seat-picker").count():
        return
    if seat is None:
        page.locator("#seat-shared").click()
    else:
        page.locator("#seat-picker").get_by_role("button", name=f"I am {seat}", exact=True).click()
    page.wait_for_selector("#seat-bound")


def attempt_state(attempt_id: int) -> tuple[MissionAttempt, Any]:
    attempt = MissionAttempt.objects.get(pk=attempt_id)
    return attempt, table.state_of(attempt)


def wait_version(session: Any, version: int) -> None:
    try:
        session.page.wait_for_selector(f'#status[data-version="{version}"]')
    except Exception:
        session.shot(f"waiting-for-version-{version}")
        raise


def preview_tile(session: Any, cells: list[list[int]]) -> None:
    """Turn the preview to the target's shape with the buttons, then tap its first cell."""
    page = session.page
    target = [list(c) for c in normalise(tuple(map(tuple, cells)))]
    for step in range(8):
        shown = page.locator("#tile-preview").get_attribute("data-cells")
        if shown is not None and json.loads(shown) == target:
            break
        act = "rotate" if step % 4 != 3 else "flip"
        page.locator(f'#placement [data-act="{act}"]').click()
    first = sorted(map(tuple, cells))[0]
    page.locator(f'#grid .cell[data-r="{first[0]}"][data-c="{first[1]}"]').click()


def place_tile(session: Any, cells: list[list[int]]) -> None:
    """Preview the tile on ``cells`` (``preview_tile``), then place it."""
    page = session.page
    preview_tile(session, cells)
    assert page.locator("#preview-text").get_attribute("data-level") in ("ok", "warn")
    page.locator("#place-button").click()


def enter(session: Any, state: Any, move: dict[str, Any]) -> None:
    page = session.page
    if "play" in move:
        page.locator(f"#card-{move['play']}").click()
    elif "automa" in move:
        if move["automa"] == "river":
            page.locator(f'.automa-river input[value="{move["card"]}"]').check()
            if move.get("refill"):
                page.locator('.automa-river select[name="refill"]').select_option(move["refill"])
            page.get_by_role("button", name="Automa plays this card").click()
        else:
            page.locator('.automa-deck select[name="card"]').select_option(move["card"])
            page.get_by_role("button", name="Automa plays the top of its deck").click()
    elif "place" in move:
        place_tile(session, move["place"])
    elif "discard" in move:
        page.get_by_role("button", name=f"{move['seat']} has discarded").click()
    else:
        page.locator(f'.mist-choice button:has-text("{move["mist_colour"]}")').click()


def step(session: Any, attempt_id: int, *, cover: list[int] | None = None) -> Any:
    """Enter the next legal move through the UI and wait for the screen to show it."""
    attempt, state = attempt_state(attempt_id)
    move = next_move(state, cover=cover)
    enter(session, state, move)
    wait_version(session, attempt.version + 1)
    return move


def play_until(
    session: Any, attempt_id: int, phase: str, *, last: bool = False, **kwargs: Any
) -> None:
    """Enter moves until ``phase`` (``last``: in the mission's last round)."""
    for _ in range(100):
        state = attempt_state(attempt_id)[1]
        if state.phase == phase and (not last or state.round >= state.rounds):
            return
        step(session, attempt_id, **kwargs)
    raise AssertionError(f"never reached {phase}")


__all__ = [
    "attempt_state",
    "log_in",
    "log_in_through_the_page",
    "placement",
    "play_until",
    "preview_tile",
    "sit",
    "step",
    "wait_version",
]
