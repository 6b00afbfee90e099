"""Statistics of the play log, per game and per player, computed by a Celery task and stored as
one snapshot per group (``PlayStatsSnapshot``); the pages only read it and draw the charts.

Counted: every play not marked ignored, campaign attempts included. A player wins a competitive
play when marked a winner (ties: several winners) and a cooperative play when the group won.
Start-player advantage compares how often the start player won with how often a player would
win by chance in plays of that size (1 / players). Head-to-head counts competitive plays two
players both played: who won when the other did not, and the plays that left them even.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import CatalogGame, Person, PlayerResult, PlayStatsSnapshot

HISTOGRAM_BINS = 8


@dataclass
class Tally:
    plays: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)
    start_plays: int = 0
    start_wins: int = 0
    start_chance: float = 0.0  # the sum of 1 / players over the plays with a start player

    def add_scores(self, values: list[float]) -> None:
        self.scores.extend(values)

    def summary(self) -> dict[str, Any]:
        return {
            "plays": self.plays,
            "wins": self.wins,
            "win_rate": rate(self.wins, self.plays),
            "scores": score_summary(self.scores),
            "start_plays": self.start_plays,
            "start_wins": self.start_wins,
            "start_win_rate": rate(self.start_wins, self.start_plays),
            "start_expected": round(100 * self.start_chance / self.start_plays, 1)
            if self.start_plays
            else None,
        }


def rate(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def score_summary(scores: list[float]) -> dict[str, Any]:
    if not scores:
        return {"count": 0, "best": None, "worst": None, "average": None, "histogram": []}
    return {
        "count": len(scores),
        "best": max(scores),
        "worst": min(scores),
        "average": round(sum(scores) / len(scores), 2),
        "histogram": histogram(scores),
    }


def histogram(scores: list[float]) -> list[list[Any]]:
    """Up to ``HISTOGRAM_BINS`` equal ranges of whole numbers from the lowest score to the
    highest, each with how many scores fell in it."""
    low, high = int(min(scores) // 1), int(-(-max(scores) // 1))
    width = max(1, -(-(high - low + 1) // HISTOGRAM_BINS))
    bins: list[list[Any]] = []
    start = low
    while start <= high:
        end = start + width - 1
        label = f"{start}" if width == 1 else f"{start}–{end}"
        bins.append([label, sum(1 for s in scores if start <= s < end + 1)])
        start = end + 1
    return bins


def compute(group_id: int) -> dict[str, Any]:
    """Every statistic of the group's play log, as JSON-ready dicts keyed by ids (as text)."""
    games = {
        g.pk: g
        for g in CatalogGame.objects.filter(group_id=group_id).only(
            "name", "cooperative", "highest_wins", "no_points"
        )
    }
    names = dict(Person.objects.filter(group_id=group_id).values_list("pk", "name"))
    anonymous = set(
        Person.rows.filter(group_id=group_id, anonymous=True).values_list("pk", flat=True)
    )
    rows = (
        PlayerResult.objects.filter(play__group_id=group_id, play__ignored=False)
        .order_by("play_id", "seat")
        .values_list(
            "play_id", "play__game_id", "play__group_won", "person_id", "score", "winner",
            "start_player",
        )
    )  # fmt: skip
    per_game: dict[int, Tally] = defaultdict(Tally)
    coop: dict[int, list[int]] = defaultdict(lambda: [0, 0])  # game: [plays, won]
    per_player: dict[int, Tally] = defaultdict(Tally)
    per_player_game: dict[tuple[int, int], Tally] = defaultdict(Tally)
    pairs: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    current: list[tuple[Any, ...]] = []
    for row in rows.iterator(chunk_size=2000):
        if current and current[0][0] != row[0]:
            tally_play(
                current, games, per_game, coop, per_player, per_player_game, pairs, anonymous
            )
            current = []
        current.append(row)
    if current:
        tally_play(current, games, per_game, coop, per_player, per_player_game, pairs, anonymous)
    return {
        "games": {
            str(pk): {
                "name": games[pk].name,
                "cooperative": games[pk].cooperative,
                "no_points": games[pk].no_points,
                **tally.summary(),
                "group_plays": coop[pk][0],
                "group_wins": coop[pk][1],
                "success_rate": rate(coop[pk][1], coop[pk][0]),
                "players": sorted(
                    (
                        {"id": person, "name": names.get(person, "?"), **t.summary()}
                        for (person, game), t in per_player_game.items()
                        if game == pk
                    ),
                    key=lambda p: (-p["plays"], p["name"].lower()),
                ),
            }
            for pk, tally in sorted(per_game.items(), key=lambda i: games[i[0]].name.lower())
        },
        "players": {
            str(person): {
                "name": names.get(person, "?"),
                **tally.summary(),
                "games": sorted(
                    (
                        {"id": game, "name": games[game].name, **t.summary()}
                        for (who, game), t in per_player_game.items()
                        if who == person
                    ),
                    key=lambda g: (-g["plays"], g["name"].lower()),
                ),
                "rivals": sorted(
                    (
                        {
                            "id": other,
                            "name": names.get(other, "?"),
                            "plays": counts[0],
                            "ahead": counts[1],
                            "behind": counts[2],
                            "even": counts[0] - counts[1] - counts[2],
                        }
                        for other, counts in rivals_of(person, pairs)
                    ),
                    key=lambda r: (-r["plays"], r["name"].lower()),
                ),
            }
            for person, tally in sorted(
                per_player.items(), key=lambda i: names.get(i[0], "?").lower()
            )
        },
    }


def rivals_of(person: int, pairs: dict[tuple[int, int], list[int]]) -> list[tuple[int, list[int]]]:
    """The head-to-head counts from ``person``'s side: [plays, ahead, behind]."""
    found = []
    for (a, b), (plays, a_ahead, b_ahead) in pairs.items():
        if a == person:
            found.append((b, [plays, a_ahead, b_ahead]))
        elif b == person:
            found.append((a, [plays, b_ahead, a_ahead]))
    return found


def tally_play(
    lines: list[tuple[Any, ...]],
    games: dict[int, CatalogGame],
    per_game: dict[int, Tally],
    coop: dict[int, list[int]],
    per_player: dict[int, Tally],
    per_player_game: dict[tuple[int, int], Tally],
    pairs: dict[tuple[int, int], list[int]],
    anonymous: set[int],
) -> None:
    game_id, group_won = lines[0][1], lines[0][2]
    game = games[game_id]
    cooperative = game.cooperative
    per_game[game_id].plays += 1
    if cooperative:
        coop[game_id][0] += 1
        coop[game_id][1] += 1 if group_won else 0
    # One person may hold two lines: they count once per play, winning if any of their lines
    # won. Each line of the anonymous player (ids in ``anonymous``) is somebody else at the table
    # and nobody of the group: it counts in the game's numbers under a key of its own (below 0),
    # never as a player.
    won: dict[int, bool] = {}
    scores: dict[int, list[float]] = defaultdict(list)
    started: set[int] = set()
    for seat, (_play, _game, _won, person, score, winner, start) in enumerate(lines):
        if person in anonymous:
            person = -1 - seat
        line_won = bool(group_won) if cooperative else winner
        won[person] = won.get(person, False) or line_won
        if score is not None:
            scores[person].append(float(Decimal(score)))
        if start:
            started.add(person)
    if any(won.values()):
        per_game[game_id].wins += 1
    people = sorted(person for person in won if person >= 0)
    for person in people:
        did_win = won[person]
        for tally in (per_player[person], per_player_game[person, game_id]):
            tally.plays += 1
            tally.wins += did_win
            tally.add_scores(scores[person])
    for person_scores in scores.values():
        per_game[game_id].add_scores(person_scores)
    if not cooperative and started and len(won) > 1:
        chance = 1 / len(won)
        for person in started:
            tallies = [per_game[game_id]]
            if person >= 0:
                tallies += [per_player[person], per_player_game[person, game_id]]
            for tally in tallies:
                tally.start_plays += 1
                tally.start_wins += won[person]
                tally.start_chance += chance
    if not cooperative:
        for i, a in enumerate(people):
            for b in people[i + 1 :]:
                pair = pairs[a, b]
                pair[0] += 1
                pair[1] += won[a] and not won[b]
                pair[2] += won[b] and not won[a]


def recompute(*, group_id: int) -> PlayStatsSnapshot:
    """Compute and store the group's play statistics (idempotent)."""
    data = compute(group_id)
    with transaction.atomic():
        snapshot, _created = PlayStatsSnapshot.objects.select_for_update().get_or_create(
            group_id=group_id, defaults={"computed_at": timezone.now()}
        )
        snapshot.data = data
        snapshot.computed_at = timezone.now()
        snapshot.stale = False
        snapshot.save()
    return snapshot


def recompute_stale(*, limit: int = 20) -> int:
    """Recompute the groups whose play statistics are stale; returns how many."""
    stale = PlayStatsSnapshot.objects.filter(stale=True).order_by("computed_at")
    group_ids = list(stale.values_list("group_id", flat=True)[:limit])
    for group_id in group_ids:
        recompute(group_id=group_id)
    return len(group_ids)
