"""A group worth backing up, and the group as a restore must give it back, object by object."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from typing import Any

from campaign import exchange
from games import playlog
from games.models import CatalogGame, Person, Play, PlayStatsSnapshot
from groups.models import Group
from stats.models import Scope, StatsSnapshot
from tests.campaign.exchange_helpers import full_adventure
from tests.factories import AdventureFactory, log_attempt

UTC = datetime.UTC


def log_play(group: Group, *, note: str, day: int = 1, game: str = "Harbour Lights") -> Play:
    catalog, _ = CatalogGame.objects.get_or_create(group=group, name=game)
    return playlog.log_play(
        group=group,
        data=playlog.PlayData(
            game=catalog,
            played_at=datetime.datetime(2024, 4, day, 21, 0, tzinfo=UTC),
            lines=[
                playlog.LineData(name="Ana", score=Decimal(50), winner=True),
                playlog.LineData(name="Tía Inés", score=Decimal(41), start_player=True),
            ],
            location="Home",
            duration_minutes=40,
            note=note,
        ),
        by=None,
    )


def full_group(group: Group, owner: Any, player: Any) -> Group:
    """Two adventures (one with every kind of entry: notes, overrides, a failure, an attempt in
    progress at the table), two logged plays, a guest."""
    full_adventure(group, owner, player)
    second = AdventureFactory(group=group, by=owner, name="Second try")
    log_attempt(second, by=owner, players=["Ana", "Tía Inés"])
    log_attempt(second, result="failure", by=owner, players=["Ana", "Ben"])
    log_play(group, note="first <b>night</b>", day=1)
    log_play(group, note="second", day=2, game="Night Market")
    return group


def adventures(group: Group) -> list[dict[str, Any]]:
    """Each adventure as its export, less what an import adds (its "Imported" audit entry)."""
    document = exchange.export_document(
        list(group.adventures.order_by("created_at", "pk")), group_name=""
    )
    found = []
    for adventure in document["adventures"]:
        audit = [e for e in adventure["audit"] if e["action"] != "import"]
        found.append({**adventure, "audit": audit})
    return found


def plays(group: Group) -> list[tuple[Any, ...]]:
    rows = Play.objects.filter(group=group).select_related("game").prefetch_related("results")
    return sorted(
        (
            p.game.name,
            p.played_at,
            p.duration_minutes,
            p.location,
            p.uses_teams,
            p.ignored,
            p.group_won,
            p.note,
            p.attempt_number,
            tuple(
                (r.seat, r.person.name, r.score, r.score_text, r.winner, r.start_player, r.rank)
                for r in p.results.order_by("seat")
            ),
        )
        for p in rows
    )


def people(group: Group) -> list[tuple[Any, ...]]:
    rows = Person.rows.filter(group=group).select_related("user")
    return sorted((p.name, p.user.username if p.user else None, p.anonymous) for p in rows)


def members(group: Group) -> list[tuple[str, str]]:
    return sorted(group.memberships.values_list("user__username", "role"))


def statistics(group: Group) -> dict[str, Any]:
    """The group's campaign and play statistics, each person, adventure and game by its name
    rather than its id (a restore gives them new ids)."""
    names = {
        "person": dict(Person.rows.filter(group=group).values_list("pk", "name")),
        "adventure": dict(group.adventures.values_list("pk", "name")),
    }
    campaign = StatsSnapshot.objects.get(scope=Scope.GROUP, scope_id=group.pk).data
    by_adventure = {
        a.name: StatsSnapshot.objects.get(scope=Scope.ADVENTURE, scope_id=a.pk).data
        for a in group.adventures.all()
    }
    play = PlayStatsSnapshot.objects.get(group=group)
    assert not play.stale
    return by_name({"group": campaign, "adventures": by_adventure, "plays": play.data}, names)


def by_name(value: Any, names: dict[str, dict[int, str]]) -> Any:
    """``value`` with ids named: a person's or adventure's id by its name, an object of entries
    keyed by id (games, players) keyed by their names, and no other ``id``."""
    if isinstance(value, list):
        items = [by_name(item, names) for item in value]
        if all(isinstance(item, dict) and "person" in item for item in items):
            # people with the same figures come in the order of their ids (new in a restore)
            return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
        return items
    if not isinstance(value, dict):
        return value
    out = {
        key: names[key][item] if key in names else by_name(item, names)
        for key, item in value.items()
        if key != "id"
    }
    if out and all(k.isdecimal() and isinstance(v, dict) and "name" in v for k, v in out.items()):
        return {v["name"]: v for v in out.values()}
    return out


def same_group(first: Group, second: Group) -> None:
    """Object by object, what a restore promises to give back."""
    assert adventures(second) == adventures(first)
    assert plays(second) == plays(first)
    assert people(second) == people(first)
    assert members(second) == members(first)
