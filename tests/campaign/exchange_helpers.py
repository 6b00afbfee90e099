"""An adventure that uses every field of the export format, built through the services and the
rules engine (not through a table screen), and its export."""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from campaign import exchange, services
from campaign.models import Adventure, AttemptMove, MissionAttempt
from games.rules import spirits
from tests.factories import AdventureFactory, log_attempt

# Seat names with < and >: the table accepts them, so an export must import them back.
PLAYERS = ["<3 Ana", "Ben >> all", "Cy"]
CREATED = datetime.datetime(2024, 5, 1, 18, 30, tzinfo=datetime.UTC)


def engine_setup(adventure: Adventure, players: list[str]) -> dict[str, Any]:
    """The current mission's engine setup for three seats (no Automa), from the pack."""
    pack = adventure.content_pack.pack()
    campaign = services.current_state(adventure)
    mission = pack.mission(campaign.current_mission)
    return {
        "format": spirits.FORMAT,
        "cards": pack.scenario_cards(opened=campaign.opened_ids),
        "board": pack.mission_board(mission.number, night=False),
        "night": False,
        "players": players,
        "first_player": players[0],
        "trump": mission.trump,
        "rounds": mission.rounds,
        "colours": {c.id: {"name": c.name.to_json(), "symbol": c.symbol} for c in pack.colours},
        "mission": {"number": mission.number, "name": mission.name.to_json(),
                    "text": mission.text.to_json(),
                    "objectives": [o.to_json() for o in mission.objectives]},
    }  # fmt: skip


def legal_move(state: spirits.State) -> dict[str, Any]:
    if state.phase == "place":
        return {"place": spirits.legal_placements(state)[0]}
    return next(m for m in spirits.legal_moves(state) if "power" not in m)


def open_attempt_with_moves(adventure: Adventure, by: Any, *, moves: int, undone: int) -> None:
    """An attempt in progress with ``moves`` moves, the last ``undone`` of them undone."""
    setup = engine_setup(adventure, PLAYERS)
    attempt = services.start_attempt(
        adventure=Adventure.objects.get(pk=adventure.pk), players=PLAYERS, by=by, setup=setup
    )
    state = spirits.new_game(setup)
    payloads = []
    for seq in range(1, moves + 1):
        move = legal_move(state)
        state = spirits.apply(state, move)
        payloads.append(move)
        AttemptMove.objects.create(attempt=attempt, seq=seq, payload=move, created_by=by)
    AttemptMove.objects.filter(attempt=attempt, seq__gt=moves - undone).update(
        undone_at=timezone.now(), undone_by=by
    )
    state, _ = spirits.replay(setup, payloads[: moves - undone])
    MissionAttempt.objects.filter(pk=attempt.pk).update(
        state=spirits.to_json(state), version=moves + undone
    )


def full_adventure(group: Any, owner: Any, player: Any) -> Adventure:
    """Overrides, a quick-logged success with a Power tile, a note, rounds and minutes, a failure,
    and an attempt in progress at the table with moves, one of them undone."""
    adventure = AdventureFactory(group=group, by=owner)
    services.add_override(
        adventure=adventure, kind="open-envelope", target="A", reason="found it early", by=owner
    )
    log_attempt(
        adventure, by=player, players=PLAYERS, rounds_played=7, duration_minutes=45,
        played_on=datetime.date(2024, 5, 2), loadout={"hearth": "gust"},
    )  # fmt: skip
    services.add_note(
        attempt=adventure.attempts.get(number=1), author=player, text="Close one, <b>really</b>."
    )
    log_attempt(adventure, result="failure", reason="abandoned", by=owner, players=PLAYERS[:2])
    open_attempt_with_moves(adventure, player, moves=4, undone=1)
    Adventure.objects.filter(pk=adventure.pk).update(created_at=CREATED)
    return Adventure.objects.get(pk=adventure.pk)


def exported(adventure: Adventure) -> dict[str, Any]:
    return exchange.export_document([adventure], group_name="Thursday crew")
