"""The attempt page's replay: the move log read through the rules engine, one step per move, its
tricks as rows, and a constant number of queries from 10 to 60 moves."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from campaign.models import AttemptMove
from campaign.replay import REPLAY_BROKEN, replay_attempt
from campaign.table import services as table
from campaign.table.screen import board_cells, colours_of, tile_names_of
from games.rules import spirits
from tests.campaign import table_helpers as helpers
from tests.campaign.replay_helpers import mission_moves
from tests.factories import AdventureFactory
from tests.support.pages import text

pytestmark = pytest.mark.django_db
THREE = ["Ana", "Ben", "Cy"]


@pytest.fixture
def setup(adventure):
    return helpers.setup_with_tokens(adventure, THREE)


def opened(adventure, owner, setup, moves, undone=0):
    """An attempt begun at the table whose log holds ``moves`` and ``undone`` undone moves."""
    attempt = table.begin_mission(
        adventure=adventure, by=owner, players=[], first_player="", setup=setup
    )
    rows = [AttemptMove(attempt=attempt, seq=i, payload=m) for i, m in enumerate(moves, 1)]
    now = timezone.now()
    rows += [
        AttemptMove(attempt=attempt, seq=len(moves) + i, payload=moves[0], undone_at=now)
        for i in range(1, undone + 1)
    ]
    AttemptMove.objects.bulk_create(rows)
    return attempt


def test_every_move_is_a_step_read_through_the_engine(setup):
    """Seed 003, 'Whirlpool tokens' and 'Mist tokens': covering a token discards it; a Whirlpool
    makes every player discard a card. The replay shows each, and ends with the engine's
    result and reasons."""
    moves = mission_moves(setup)
    replay = replay_attempt(setup, moves)
    final, error = spirits.replay(setup, moves)
    assert error is None
    assert len(replay.steps) == len(moves) + 1
    assert replay.steps[0].lines == ["The board as set up."]
    assert [s.number for s in replay.steps] == list(range(len(moves) + 1))
    drawn = replay.boards[replay.steps[-1].board]
    expected = board_cells(final, colours_of(setup), tile_names_of(setup))
    assert [[c.classes for c in row] for row in drawn] == [
        [c.classes for c in row] for row in expected
    ]
    lines = [line for step in replay.steps for line in step.lines]
    assert "Whirlpool token on 0,0 covered and discarded." in lines
    red = colours_of(setup)["red"]
    assert f"Mist token {red.symbol} {red.name} on 11,11 covered and discarded." in lines
    assert [line for line in lines if line.startswith("Whirlpool:")] == [
        "Whirlpool: Ana discards a card.",
        "Whirlpool: Ben discards a card.",
        "Whirlpool: Cy discards a card.",
    ]
    assert replay.steps[-1].result == "The mission failed."
    assert [(r.text, r.rule) for r in replay.steps[-1].reasons] == [
        ("a Mission tile is not surrounded", "/reference/spirits/#night-mode-encirclement")
    ]
    assert [t.round for t in replay.tricks] == list(range(1, final.rounds + 1))
    first = replay.tricks[0]
    assert first.plays[0][0] == "Ana"
    assert first.winner == final.tricks[0].winner
    assert first.decision.id == final.tricks[0].decision
    assert first.trump is not None
    assert first.trump.id == "blue"
    # A board is drawn once per change of the board, not once per move.
    assert len(replay.boards) == 1 + final.rounds


def test_the_first_play_and_the_trick_winner_are_told(setup):
    moves = mission_moves(setup)[:3]
    replay = replay_attempt(setup, moves)
    state, _ = spirits.replay(setup, moves)
    trick = state.tricks[0]
    card = state.card(trick.plays[0][1])
    colour = colours_of(setup)[card.colour]
    assert replay.steps[1].lines == [f"Ana plays {colour.name} {card.value}."]
    decision = state.card(trick.decision)
    assert replay.steps[3].lines[-1] == (
        f"{trick.winner} wins the trick; the Decision card is "
        f"{colours_of(setup)[decision.colour].name} {decision.value}."
    )
    # While the Decision card waits for its tile, the finished trick stays on the table.
    assert [seat for seat, _ in replay.steps[3].plays] == ["Ana", "Ben", "Cy"]


def test_an_attempt_still_at_the_table_is_not_called_unfinished(setup):
    """An open attempt's replay says it is still being played; the same log of an attempt
    that ended without a result (abandoned) says it was not finished."""
    moves = mission_moves(setup)[:3]
    assert replay_attempt(setup, moves, still_open=True).steps[-1].result == (
        "The mission is still being played at the table."
    )
    assert replay_attempt(setup, moves).steps[-1].result == "The mission was not finished."
    done = mission_moves(setup)
    assert replay_attempt(setup, done, still_open=True).steps[-1].result == "The mission failed."


def test_a_log_the_engine_refuses_stops_there_and_says_so(setup):
    moves = mission_moves(setup)[:2]
    replay = replay_attempt(setup, [*moves, moves[0]])
    assert len(replay.steps) == 3
    assert replay.error.startswith(str(REPLAY_BROKEN % {"number": 3, "message": ""}))


def test_the_page_shows_tricks_as_rows_and_the_replay(client, owner, adventure, setup):
    moves = mission_moves(setup)
    attempt = opened(adventure, owner, setup, moves, undone=2)
    client.force_login(owner)
    response = client.get(attempt.get_absolute_url())
    assert response.status_code == 200
    page = response.content.decode()
    assert "{'play'" not in page
    assert page.count('class="replay-step"') == len(moves) + 1
    assert page.count('class="trick-row"') == 7
    words = text(response)
    assert "Round 1" in words
    assert "Whirlpool: Ana discards a card." in words
    assert "The mission failed." in words
    assert "2 moves undone at the table are not replayed." in words


def test_a_logged_attempt_says_it_has_no_replay(client, owner, adventure):
    from tests.factories import log_attempt

    log_attempt(adventure, by=owner)
    attempt = adventure.attempts.get(number=1)
    client.force_login(owner)
    page = text(client.get(attempt.get_absolute_url()))
    assert "Logged after the table, not driven in the app: no tricks or board recorded." in page


def test_the_page_runs_the_same_queries_for_10_and_60_moves(client, owner, group, setup):
    moves = mission_moves(setup)
    short = opened(AdventureFactory(group=group, by=owner), owner, setup, moves[:10])
    # The whole mission, and undone moves to make 60 rows of log.
    long = opened(
        AdventureFactory(group=group, by=owner), owner, setup, moves, undone=60 - len(moves)
    )
    assert short.moves.count() == 10
    assert long.moves.count() == 60
    client.force_login(owner)
    counts = []
    for attempt in (short, long):
        url = reverse("campaign:attempt", args=[group.pk, attempt.adventure_id, attempt.number])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
