"""Benchmark of the table screen's HTTP endpoints; prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/bench_table.py``. It builds its own SQLite
database in a temporary folder and runs the project as production does: ``DEBUG=0`` (cached
template loader, no debug cursor), a real ``SECRET_KEY``, ``ALLOWED_HOSTS=testserver``; only the
HTTPS redirect is off and static files use the plain storage (no manifest to build).

Two passes, both through Django's test Client (the whole middleware stack, no network):

* Times: 200 HTMX moves through the move endpoint, each followed by the polling fallback's stamp, a
  request to the trivial view and one to ``/healthz``, taking turns to come first. The trivial
  view is ``bench/harness.py``'s (a tiny ``HttpResponse`` behind the full middleware stack,
  touching neither the session nor the database), measured in the same run; ``/healthz`` (one
  ``SELECT 1``) is shown beside it for reference, and so is the floor of any move: this file's
  ``authenticated_write`` (a signed-in user's POST that loads the user and, in one transaction,
  updates one small row with ``save(update_fields=...)``, answering a tiny response). Medians and
  99th percentiles are given as ratios to the trivial view's.
* Bytes: a mission whose board has a Whirlpool and two Mist tokens, with three Moon tiles in
  force and every Power (each used once, as soon as it can be), played to the end, with the full
  page fetched after every move; every kind of move (card, trick-completing card, placement,
  discard, Mist colour, each Power, and the Automa's moves in a 2-player mission) is shown as its
  median size and its median share of the full page at that moment.

For information only: the per-move server-time target is withdrawn (a move answers with the
whole table region); ``bench_live.py`` measures what players feel, tap to every screen.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.harness import configure, percentile  # noqa: E402

MOVES = 200
WARM_UP = 20


def write_view() -> Callable[..., Any]:
    """``authenticated_write``: the floor of any move (a signed-in user's POST that loads the
    user and, in one transaction, updates one small row, answering a tiny response)."""
    from django.contrib.auth.decorators import login_required
    from django.db import transaction
    from django.http import HttpRequest, HttpResponse
    from django.views.decorators.http import require_POST

    @login_required
    @require_POST
    def authenticated_write(request: HttpRequest) -> HttpResponse:
        user = request.user
        with transaction.atomic():
            user.last_name = request.POST.get("name", "")  # type: ignore[union-attr]
            user.save(update_fields=["last_name"])
        return HttpResponse(b"<p>ok</p>")

    return authenticated_write


def move_kind(before: Any, after: Any, move: dict[str, Any]) -> str:
    if "play" in move:
        return "trick-completing card" if len(after.tricks) > len(before.tricks) else "card"
    if "automa" in move:
        return "automa (completes trick)" if len(after.tricks) > len(before.tricks) else "automa"
    if "place" in move:
        return "placement"
    if "discard" in move:
        return "discard"
    if "mist_colour" in move:
        return "mist colour"
    if "power" in move:
        return f"power: {move['power']}"
    return "other"


def encode(move: dict[str, Any]) -> dict[str, Any]:
    """The move endpoint's form data for an engine move."""
    if "play" in move:
        return {"kind": "play", "card": move["play"]}
    if "automa" in move:
        if move["automa"] == "river":
            refill = move.get("refill") or ""
            return {"kind": "automa-river", "card": move["card"], "refill": refill}
        return {"kind": "automa-deck", "card": move["card"]}
    if "place" in move:
        return {"kind": "place", "cells": " ".join(f"{r},{c}" for r, c in move["place"])}
    if "discard" in move:
        return {"kind": "discard", "seat": move["seat"]}
    if "power" in move:
        data = {"kind": "power", "power": move["power"], "colour": move.get("colour") or ""}
        if "from" in move:
            data["tile"] = " ".join(f"{r},{c}" for r, c in move["from"])
            data["cells"] = " ".join(f"{r},{c}" for r, c in move["to"])
        elif "side" in move:
            data["edge"] = f"{move['cell'][0]},{move['cell'][1]},{move['side']}"
        elif "cell" in move:
            data["token"] = f"{move['cell'][0]},{move['cell'][1]}"
        return data
    return {"kind": "mist", "colour": move["mist_colour"]}


def main() -> None:
    folder = tempfile.mkdtemp(prefix="questlog-bench-")
    configure(folder, views=lambda: {"bench-write": write_view()})
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    call_command("migrate", verbosity=0)
    from campaign import services
    from campaign.models import MissionAttempt
    from campaign.table import services as table
    from games.rules import spirits
    from groups.models import Group, Membership
    from tests.campaign import table_helpers as helpers

    user = User.objects.create_user("bench", password="bench-pass-phrase")
    group = Group.objects.create(name="Bench table")
    Membership.objects.create(group=group, user=user, role="owner")
    adventure = services.start_adventure(group=group, name="Bench", by=user)
    client = Client()
    client.force_login(user)
    htmx = {"HTTP_HX_REQUEST": "true"}

    def url_of(attempt: MissionAttempt) -> str:
        return reverse("table:table", args=[group.pk, adventure.pk, attempt.number])

    def begin(players: list[str], *, tokens: bool = False) -> MissionAttempt:
        setup = None
        if tokens:
            # A Whirlpool in one corner, two Mist tokens of different colours side by side in
            # the other: one placement covering both asks the players for the lead colour.
            setup = helpers.setup_with_tokens(adventure, players)
            setup["board"]["tokens"].append({"kind": "mist", "cell": [11, 10], "colour": "green"})
            setup["moon_effects"] = list(spirits.MOON_EFFECTS)
            setup["moon_names"] = {effect: effect for effect in spirits.MOON_EFFECTS}
            setup["powers"] = list(spirits.POWERS)
            setup["power_names"] = {power: power for power in spirits.POWERS}
        attempt = table.begin_mission(
            adventure=adventure, by=user, players=players, first_player=players[0], setup=setup
        )
        client.post(url_of(attempt) + "seat/", {"seat": "*"})  # one device for the whole table
        return attempt

    def parsed(attempt: MissionAttempt) -> Any:
        # Straight from the row, so the bench warms no cache the views might keep.
        return spirits.from_json(attempt.state)

    def covering_move(state: Any) -> dict[str, Any]:
        """The helpers' next move; a placement covers as many tokens as it legally can."""
        if state.phase != "place" or not state.tokens:
            return helpers.next_move(state)
        tokens = {t.cell for t in state.tokens}
        best: tuple[int, list[list[int]]] | None = None
        for cells in spirits.legal_placements(state):
            covered = len({tuple(c) for c in cells} & tokens)
            if best is not None and covered <= best[0]:
                continue
            after = spirits.apply(state, {"place": cells})
            if len(after.violations) == len(state.violations):
                best = (covered, cells)
        return {"place": best[1]} if best else helpers.next_move(state)

    def power_move(state: Any, used: set[str]) -> dict[str, Any] | None:
        """The first Power not used yet that can be used now (a moved tile breaking no edge)."""
        for move in spirits.legal_moves(state):
            power = move.get("power")
            if power is None or power in used:
                continue
            if "from" in move and spirits.apply(state, move).violations != state.violations:
                continue
            return move
        return None

    def post_move(attempt: MissionAttempt, move: dict[str, Any]) -> Any:
        data = {**encode(move), "version": attempt.version}
        return client.post(url_of(attempt) + "move/", data, **htmx)

    # --- Bytes: every kind of move, against the full page at that moment ---
    sizes: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for players in (["Ana", "Ben", "Cy"], ["Ana", "Ben"]):
        attempt = begin(players, tokens=True)
        used: set[str] = set()
        while True:
            attempt.refresh_from_db()
            if attempt.status != "open":
                break
            before = parsed(attempt)
            move = power_move(before, used) or covering_move(before)
            used.add(move.get("power", ""))
            response = post_move(attempt, move)
            assert response.status_code == 200, response.status_code
            attempt.refresh_from_db()
            kind = move_kind(before, parsed(attempt), move)
            page = client.get(url_of(attempt))
            sizes[kind].append((len(response.content), len(page.content)))

    # --- Times ---
    def timed(call: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
        started = time.perf_counter()
        response = call(*args, **kwargs)
        return time.perf_counter() - started, response

    for _ in range(WARM_UP):
        client.get("/bench-trivial")
        client.get("/healthz")
    times: dict[str, list[float]] = defaultdict(list)
    attempt = begin(["Ana", "Ben", "Cy"])
    for _ in range(MOVES):
        attempt.refresh_from_db()
        if attempt.status != "open":
            attempt = begin(["Ana", "Ben", "Cy"])
        before = parsed(attempt)
        move = helpers.next_move(before)
        elapsed, response = timed(post_move, attempt, move)
        assert response.status_code == 200, response.status_code
        times["move"].append(elapsed)
        attempt.refresh_from_db()
        times[f"move: {move_kind(before, parsed(attempt), move)}"].append(elapsed)
        # The polling fallback's stamp, as a device whose stream cannot open asks for it.
        version_url = url_of(attempt) + "version/"
        # The three short requests take turns to come first after the move, so none of them
        # alone pays for the caches and the garbage the move left behind.
        shorts = [("stamp (polling fallback)", version_url), ("trivial", "/bench-trivial"),
                  ("healthz", "/healthz")]  # fmt: skip
        turn = len(times["move"]) % len(shorts)
        for name, path in shorts[turn:] + shorts[:turn]:
            elapsed, response = timed(client.get, path, **htmx)
            assert response.status_code == 200, (name, response.status_code)
            times[name].append(elapsed)

        elapsed, response = timed(client.post, "/bench-write", {"name": str(turn)}, **htmx)
        assert response.status_code == 200, response.status_code
        times["authenticated write (floor)"].append(elapsed)

    trivial_median = statistics.median(times["trivial"])
    trivial_p99 = percentile(times["trivial"], 99)
    print(f"{MOVES} moves through HTTP (Django test Client, SQLite, DEBUG=0)")
    print(
        f"trivial view (tiny HttpResponse, full middleware): median {trivial_median * 1000:.3f} ms,"
        f" p99 {trivial_p99 * 1000:.3f} ms"
    )
    targets: dict[str, float] = {}
    names = ("move", "stamp (polling fallback)", "healthz", "authenticated write (floor)")
    for name in (*names, *sorted(k for k in times if ": " in k)):
        values = times[name]
        median, p99 = statistics.median(values), percentile(values, 99)
        target = f" (target < {targets[name]}×)" if name in targets else ""
        print(
            f"{name} (n={len(values)}): median {median * 1000:.2f} ms = "
            f"{median / trivial_median:.2f}× trivial{target}, "
            f"p99 {p99 * 1000:.2f} ms = {p99 / trivial_p99:.2f}× trivial p99"
        )
    print("HTMX move response bytes (the whole #table region), by kind (median; share of page):")
    for kind, pairs in sorted(sizes.items()):
        shares = [size / page for size, page in pairs]
        print(
            f"  {kind} (n={len(pairs)}): {statistics.median(s for s, _ in pairs):.0f} B, "
            f"median {statistics.median(shares):.1%}, largest {max(shares):.1%} "
            f"of the page (median page {statistics.median(p for _, p in pairs):.0f} B)"
        )


if __name__ == "__main__":
    main()
