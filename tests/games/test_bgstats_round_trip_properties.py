"""Generated BG Stats documents go in, out and in again unchanged (issue 28, part 1): random
games (cooperative or not), players (the anonymous one on several lines), plays with optional
and unknown fields, expression and blank scores, ties. The rules are in docs/formats/bgstats.md,
"Round trip"."""

import datetime
import json
import string
import uuid
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import bgstats, playlog
from tests.factories import GroupFactory
from tests.games.test_bgstats_round_trip import differences, keyed

pytestmark = pytest.mark.django_db

UTC = ZoneInfo("UTC")
NAMES = ["Ana", "José", "Zoë", "Łukasz", "Müller", "Ñandú", "Kärtchen", "Öl", "Ĳssel"]
SCORES = st.one_of(
    st.just(""),
    st.integers(-500, 500).map(str),
    st.integers(-500, 500),
    st.decimals(-999, 999, places=2, allow_nan=False, allow_infinity=False).map(str),
    st.sampled_from(["-10+7+22", "3*4", "(1+2)*3", " 45 ", "10/4", "8.5"]),
)
# Any text a phone writes (the upload guard refuses NUL and other control characters).
TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=20)
UNKNOWN = st.dictionaries(
    st.text(string.ascii_letters, min_size=3, max_size=8).map(lambda key: f"x{key}"),
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**12), 10**12),
        TEXT,
        st.lists(st.integers(-9, 99), max_size=3),
    ),
    max_size=2,
)
STAMP = st.datetimes(
    min_value=datetime.datetime(2015, 1, 1),
    max_value=datetime.datetime(2030, 1, 1),
).map(bgstats.stamp)


def upper_uuid(draw: Any) -> str:
    """A uuid as BG Stats writes it (capitals), different from every other of the document."""
    UUIDS[0] += 1
    drawn = draw(st.integers(0, 2**100))
    return str(uuid.UUID(int=(drawn << 20) + UUIDS[0], version=4)).upper()


UUIDS = [0]  # a counter: two objects of a document never share a uuid


def optional(draw: Any, row: dict[str, Any], key: str, values: Any) -> None:
    if draw(st.booleans()):
        row[key] = draw(values)


@st.composite
def documents(draw: Any) -> dict[str, Any]:
    game_ids = draw(st.lists(st.integers(1, 60), min_size=1, max_size=3, unique=True))
    games = []
    for n, ref in enumerate(game_ids):
        game = {
            "id": ref,
            "uuid": upper_uuid(draw),
            "name": f"Game {n} {draw(st.sampled_from(NAMES))}",
        }
        for key in ("cooperative", "highestWins", "noPoints", "usesTeams"):
            optional(draw, game, key, st.booleans())
        optional(draw, game, "bggId", st.integers(0, 400000))
        optional(draw, game, "modificationDate", STAMP)
        game.update(draw(UNKNOWN))
        games.append(game)
    player_ids = draw(st.lists(st.integers(1, 60), min_size=2, max_size=5, unique=True))
    anonymous = draw(st.booleans())
    players = []
    for n, ref in enumerate(player_ids):
        player = {
            "id": ref,
            "uuid": upper_uuid(draw),
            "name": f"{draw(st.sampled_from(NAMES))} {n}",
        }
        if anonymous and n == 0:
            player.update(name="Anonymous player", isAnonymous=True)
        else:
            optional(draw, player, "isAnonymous", st.just(False))
        optional(draw, player, "bggUsername", st.text(string.ascii_lowercase, max_size=6))
        player.update(draw(UNKNOWN))
        players.append(player)
    locations = [
        {"id": ref, "uuid": upper_uuid(draw), "name": f"Place {ref}", **draw(UNKNOWN)}
        for ref in draw(st.lists(st.integers(1, 9), max_size=2, unique=True))
    ]
    plays = []
    for _n in range(draw(st.integers(1, 5))):
        uses_teams = draw(st.booleans())
        seated = draw(st.lists(st.sampled_from(player_ids), min_size=1, max_size=4))
        if not anonymous:  # only the anonymous player holds two lines of one play
            seated = list(dict.fromkeys(seated))
        else:
            named = [r for r in seated if r != player_ids[0]]
            seated = list(dict.fromkeys(named)) + [r for r in seated if r == player_ids[0]]
        lines = []
        for ref in seated:
            line: dict[str, Any] = {"playerRefId": ref, "score": draw(SCORES)}
            for key in ("winner", "startPlayer", "newPlayer"):
                optional(draw, line, key, st.booleans())
            optional(draw, line, "rank", st.integers(0, 6))
            optional(draw, line, "seatOrder", st.integers(0, 9))
            if uses_teams:
                line["team"] = draw(st.sampled_from(["Red", "Blue"]))
            line.update(draw(UNKNOWN))
            lines.append(line)
        play: dict[str, Any] = {
            "uuid": upper_uuid(draw),
            "gameRefId": draw(st.sampled_from(game_ids)),
            "playDate": draw(STAMP),
            "usesTeams": uses_teams,
            "playerScores": lines,
        }
        if locations and draw(st.booleans()):
            play["locationRefId"] = draw(st.sampled_from([loc["id"] for loc in locations]))
        for key in ("ignored", "manualWinner"):
            optional(draw, play, key, st.booleans())
        for key in ("entryDate", "modificationDate"):
            optional(draw, play, key, STAMP)
        optional(draw, play, "durationMin", st.integers(0, 300))
        optional(draw, play, "comments", TEXT)
        optional(draw, play, "board", st.sampled_from(["Easy", "Hard"]))
        play.update(draw(UNKNOWN))
        plays.append(play)
    document = {"games": games, "players": players, "locations": locations, "plays": plays}
    optional(
        draw, document, "userInfo", st.fixed_dictionaries({"meRefId": st.sampled_from(player_ids)})
    )
    for key in ("challenges", "deletedObjects", "groups", "tags"):
        optional(draw, document, key, st.lists(UNKNOWN, max_size=2))
    return document


def imported(text: str) -> Any:
    group = GroupFactory()
    export = bgstats.parse_export(text)
    matching = playlog.suggested_matching(playlog.preview_import(group=group, export=export))
    playlog.import_export(group=group, export=export, matching=matching, tz=UTC, by=None)
    return group


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_import_export_import_is_stable(document):
    first = playlog.export_plays(group=imported(json.dumps(document)), tz=UTC)
    second = playlog.export_plays(group=imported(bgstats.dumps(first)), tz=UTC)
    assert differences(keyed(first), keyed(second)) == []
    # And nothing the file held is lost on the first way through: every key of every object.
    # (An export always has a ``userInfo``: an empty one when the file had none.)
    document.setdefault("userInfo", {})
    assert differences(keyed(document), keyed(first)) == []
