"""Extracting facts (tricks, final board, seated people) from finished attempts.

An attempt's rows are replaced whenever it changed since (``FactSource``). Its engine state is
the cached ``state``, or a replay of its setup and moves; attempts logged by hand (neither) give
player facts only.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Exists, F, OuterRef

from campaign.models import AttemptMove, AttemptStatus, MissionAttempt
from games.models import ContentPack
from games.rules.spirits import AUTOMA, IllegalMove, SetupError, State, from_json, replay
from stats.models import CoverageFact, FactSource, PlayerFact, TrickFact

logger = logging.getLogger(__name__)

# The trump of a trick played without one (a Moon tile leaves round 1 without trump).
NO_TRUMP = "none"
CHUNK = 500
MASK_BITS = 48
MASK_PART = (1 << MASK_BITS) - 1
MASK_CELLS = 3 * MASK_BITS  # the cells the three columns of ``CoverageFact`` hold


@dataclass
class Facts:
    tricks: list[TrickFact] = field(default_factory=list)
    coverage: list[CoverageFact] = field(default_factory=list)
    players: list[PlayerFact] = field(default_factory=list)

    def extend(self, other: Facts) -> None:
        self.tricks += other.tricks
        self.coverage += other.coverage
        self.players += other.players


def engine_state(attempt: MissionAttempt, moves: Sequence[AttemptMove] = ()) -> State | None:
    """The attempt's final engine state, or ``None`` when it was not driven in the app.

    A state the engine cannot read is logged and skipped: statistics never stop on one bad row.
    """
    try:
        if attempt.state:
            return from_json(attempt.state)
        if attempt.setup and moves:
            payloads = [m.payload for m in moves if m.undone_at is None]
            state, error = replay(attempt.setup, payloads, seed=int(attempt.setup.get("seed", 0)))
            if error is not None:
                raise error
            return state
    except (KeyError, TypeError, ValueError, SetupError, IllegalMove):
        logger.warning("statistics skip the unreadable engine state of attempt %s", attempt.pk)
    return None


def attempt_facts(
    attempt: MissionAttempt, group_id: int, state: State | None, *, board_size: int
) -> Facts:
    """The fact rows of one finished attempt; ``board_size``: its adventure's pack's board.

    The final board is recorded only when the engine state was played on that board (and it fits
    the mask's 144 cells): a heatmap's cells are the pack's cells, never another grid's.
    """
    facts = Facts()
    if attempt.status == AttemptStatus.OPEN:
        return facts
    common = {
        "attempt_id": attempt.pk,
        "adventure_id": attempt.adventure_id,
        "group_id": group_id,
        "mission": attempt.mission,
    }
    success = attempt.status == AttemptStatus.SUCCESS
    for seat in attempt.seats.all():  # a person counts once, whatever the spelling
        facts.players.append(PlayerFact(**common, person_id=seat.person_id, success=success))
    if state is None:
        return facts
    seats = state.setup.seats
    cards = state.setup.card_index
    size = state.setup.board.size
    for trick in state.tricks:
        decision = cards.get(trick.decision)
        facts.tricks.append(
            TrickFact(
                **common,
                round=trick.round,
                winner=trick.winner[:150],
                winner_seat=seats.index(trick.winner) if trick.winner in seats else 0,
                winner_is_automa=trick.winner == AUTOMA,
                decision_colour=decision.colour if decision else "",
                trump_colour=trick.trump or NO_TRUMP,
                leader_before=trick.led_by[:150],
                leader_after=trick.winner[:150],
                leader_changed=trick.led_by != trick.winner,
            )
        )
    if size == board_size and size * size <= MASK_CELLS:
        facts.coverage.append(
            CoverageFact(**common, board_size=size, **coverage_columns(state.spirit_mask))
        )
    else:
        logger.warning(
            "statistics skip the %s-cell board of attempt %s (its pack's board has %s cells)",
            size * size,
            attempt.pk,
            board_size * board_size,
        )
    return facts


def coverage_columns(mask: int) -> dict[str, int]:
    """A final-board mask (at most 144 bits) as the three 48-bit columns of ``CoverageFact``."""
    return {f"cover{part}": (mask >> (part * MASK_BITS)) & MASK_PART for part in range(3)}


@transaction.atomic(savepoint=False)  # inside a recompute: no savepoint of its own
def replace_facts(attempt_ids: Iterable[int]) -> int:
    """Delete and reinsert the facts of ``attempt_ids``; returns how many attempts were read."""
    ids = list(attempt_ids)
    if not ids:
        return 0
    for model in (TrickFact, CoverageFact, PlayerFact, FactSource):
        model.objects.filter(attempt_id__in=ids).delete()
    attempts = list(
        MissionAttempt.objects.filter(pk__in=ids)
        .annotate(group_pk=F("adventure__group_id"), pack_pk=F("adventure__content_pack_id"))
        .defer("changes", "loadout")
        .prefetch_related("seats")
    )
    packs = ContentPack.objects.filter(pk__in={a.pack_pk for a in attempts}).only("digest")
    sizes = {pack.pk: pack.pack().board_size for pack in packs}
    needs_moves = [a.pk for a in attempts if not a.state and a.setup]
    moves: dict[int, list[AttemptMove]] = {}
    # An empty ``__in`` sends no query.
    for move in AttemptMove.objects.filter(attempt_id__in=needs_moves).order_by("seq"):
        moves.setdefault(move.attempt_id, []).append(move)
    facts = Facts()
    for attempt in attempts:
        state = engine_state(attempt, moves.get(attempt.pk, ()))
        board_size = sizes[attempt.pack_pk]
        facts.extend(attempt_facts(attempt, attempt.group_pk, state, board_size=board_size))
    TrickFact.objects.bulk_create(facts.tricks, batch_size=2000)
    CoverageFact.objects.bulk_create(facts.coverage, batch_size=2000)
    PlayerFact.objects.bulk_create(facts.players, batch_size=2000)
    FactSource.objects.bulk_create(
        FactSource(attempt_id=a.pk, attempt_updated_at=a.updated_at, attempt_version=a.version)
        for a in attempts
    )
    return len(attempts)


def refresh_facts(attempt_filter: dict[str, object], *, force: bool = False) -> int:
    """Re-extract, in chunks, the facts of the attempts matching ``attempt_filter`` that are
    missing or out of date (all of them with ``force``)."""
    attempts = MissionAttempt.objects.filter(**attempt_filter)
    if not force:
        current = FactSource.objects.filter(
            attempt_id=OuterRef("pk"), attempt_updated_at=OuterRef("updated_at")
        )
        attempts = attempts.exclude(Exists(current))
    stale = list(attempts.order_by("pk").values_list("pk", flat=True))
    return sum(replace_facts(stale[start : start + CHUNK]) for start in range(0, len(stale), CHUNK))
