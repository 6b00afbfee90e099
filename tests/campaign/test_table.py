"""The live mission driver's services: moves, illegal moves by code, stale versions, undo, resume,
and the end of a mission recorded through ``record_attempt_result``."""

import datetime

import pytest
from django.utils import timezone

from accounts.texts import render
from campaign.models import AttemptMove, AuditAction, AuditEntry, MissionAttempt
from campaign.table import services as table
from campaign.table.screen import shown
from games.rules import spirits
from games.rules.spirits import mission_setup
from tests.campaign import table_helpers as helpers
from tests.factories import AdventureFactory

pytestmark = pytest.mark.django_db


def move(attempt, payload, by, version=None, **kwargs):
    attempt.refresh_from_db()
    return table.submit_move(
        attempt=attempt,
        move=payload,
        version=attempt.version if version is None else version,
        by=by,
        **kwargs,
    )


def test_begin_mission_opens_the_current_mission_at_version_zero(attempt):
    assert attempt.status == "open"
    assert attempt.mission == 1
    assert attempt.version == 0
    state = table.state_of(attempt)
    assert state.phase == "play"
    assert state.current_seat == "Ana"
    assert state.trump == "blue"
    assert state.rounds == 7
    blue = attempt.setup["colours"]["blue"]
    assert blue == {"name": {"en": "Blue", "pt-BR": "Azul", "ca": "Blau"}, "symbol": "≈"}


def test_two_players_play_with_the_automa_and_need_its_river(adventure, member):
    with pytest.raises(table.TableError) as error:
        table.begin_mission(adventure=adventure, by=member.user, players=["Ana", "Ben"],
                            first_player="Ana")  # fmt: skip
    assert error.value.code == "automa-river"
    assert error.value.message == table.AUTOMA_RIVER
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=["Ana", "Ben"], first_player="Ana",
        automa_river=helpers.RIVER,
    )  # fmt: skip
    state = table.state_of(attempt)
    assert state.seats == ("Ana", "Ben", "Automa")
    assert state.deck_count == 6
    assert state.river == tuple(helpers.RIVER)
    assert state.kakapo == "Ana"


def test_three_players_have_no_automa(adventure, member):
    with pytest.raises(table.TableError) as error:
        table.begin_mission(
            adventure=adventure, by=member.user, players=["A", "B", "C"], first_player="A",
            automa_river=helpers.RIVER,
        )  # fmt: skip
    assert error.value.message == table.AUTOMA_PLAYERS


def test_first_player_must_be_a_seat(adventure, member):
    with pytest.raises(table.TableError) as error:
        table.begin_mission(adventure=adventure, by=member.user, players=["A", "B", "C"],
                            first_player="Zed")  # fmt: skip
    assert error.value.message == table.FIRST_PLAYER


def test_a_move_is_logged_with_the_next_seq_and_bumps_the_version(attempt, member):
    result = move(attempt, {"play": "blue-3"}, member.user)
    assert result.attempt.version == 1
    assert result.state.current_seat == "Ben"
    move(attempt, {"play": "blue-5"}, member.user)
    moves = list(AttemptMove.objects.filter(attempt=attempt).values_list("seq", "payload"))
    assert moves == [(1, {"play": "blue-3"}), (2, {"play": "blue-5"})]
    attempt.refresh_from_db()
    assert attempt.state["current"] == [["Ana", "blue-3"], ["Ben", "blue-5"]]


@pytest.mark.parametrize(
    ("setup_moves", "payload", "code"),
    [
        ([{"play": "blue-3"}], {"play": "blue-3"}, spirits.CARD_ALREADY_PLAYED),
        ([], {"play": "nope"}, spirits.UNKNOWN_CARD),
        ([], {"place": [[0, 0]]}, "wrong-phase"),
        ([], {"mist_colour": "red"}, "wrong-phase"),
    ],
)
def test_illegal_moves_are_refused_with_the_engines_code(
    attempt, member, setup_moves, payload, code
):
    for payload_before in setup_moves:
        move(attempt, payload_before, member.user)
    with pytest.raises(table.TableError) as error:
        move(attempt, payload, member.user)
    assert error.value.code == code
    assert AttemptMove.objects.filter(attempt=attempt).count() == len(setup_moves)


def test_placements_off_the_grid_or_overlapping_are_refused(attempt, member):
    for card in ("red-3", "purple-1", "green-1"):  # red-3 wins (no trump): a 2×2 tile
        move(attempt, {"play": card}, member.user)
    state = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
    assert state.phase == "place"
    assert state.decision.id == "red-3"
    with pytest.raises(table.TableError) as error:
        move(attempt, {"place": [[11, 11], [11, 12], [12, 11], [12, 12]]}, member.user)
    assert error.value.code == spirits.OFF_BOARD
    with pytest.raises(table.TableError) as error:
        move(attempt, {"place": [[4, 5], [4, 6], [5, 5], [5, 6]]}, member.user)
    assert error.value.code == spirits.OVERLAP


def test_a_coloured_edge_mismatch_asks_for_confirmation(attempt, member):
    for card in ("blue-3", "purple-1", "green-1"):  # blue-3 wins: an L tetromino, not red
        move(attempt, {"play": card}, member.user)
    cells = [[5, 7], [5, 8], [5, 9], [6, 7]]  # against the Standing Stone's red east edge
    with pytest.raises(table.TableError) as error:
        move(attempt, {"place": cells}, member.user, confirm_edge=False)
    assert error.value.code == "confirm-edge"
    assert error.value.message == table.EDGE_WARNING
    result = move(attempt, {"place": cells}, member.user, confirm_edge=True)
    assert result.state.violations == ("coloured-edge",)


def test_a_stale_version_is_already_played_and_records_nothing(attempt, member):
    move(attempt, {"play": "blue-3"}, member.user, version=0)
    with pytest.raises(table.TableError) as error:
        move(attempt, {"play": "blue-3"}, member.user, version=0)
    assert error.value.code == "stale"
    # The device is told what changed the table: the move of the seat that played first.
    assert error.value.message == "Ana just played: the table below is the current one."
    assert AttemptMove.objects.filter(attempt=attempt).count() == 1


def test_undo_marks_the_last_move_undone_replays_and_audits(attempt, member):
    move(attempt, {"play": "blue-3"}, member.user)
    move(attempt, {"play": "blue-5"}, member.user)
    attempt.refresh_from_db()
    result = table.undo_last_move(attempt=attempt, version=attempt.version, by=member.user)
    assert result.attempt.version == 3
    assert result.state.current == (("Ana", "blue-3"),)
    undone = AttemptMove.objects.get(attempt=attempt, seq=2)
    assert undone.undone_at is not None
    assert undone.undone_by == member.user
    entry = AuditEntry.objects.filter(adventure=attempt.adventure).first()
    assert entry.summary == "Undid move 2 of attempt 1 (Mission 1): played Blue 5."
    assert entry.action == AuditAction.UNDO
    # the next move takes the next sequence number: the log keeps what happened
    move(attempt, {"play": "blue-4"}, member.user)
    seqs = list(AttemptMove.objects.filter(attempt=attempt).values_list("seq", flat=True))
    assert seqs == [1, 2, 3]


def test_undo_with_a_stale_version_or_nothing_to_undo(attempt, member):
    with pytest.raises(table.TableError) as error:
        table.undo_last_move(attempt=attempt, version=0, by=member.user)
    assert error.value.message == table.NOTHING_TO_UNDO
    move(attempt, {"play": "blue-3"}, member.user)
    with pytest.raises(table.TableError) as error:
        table.undo_last_move(attempt=attempt, version=0, by=member.user)
    assert error.value.code == "stale"


def test_resume_reads_the_same_state_from_the_row_or_from_the_log(attempt, member):
    helpers.play_until(attempt, member.user, "place")
    attempt.refresh_from_db()
    cached = table.state_of(attempt)
    attempt.state = None
    assert table.state_of(attempt) == cached
    assert table.open_attempt(attempt.adventure) == attempt


def test_whirlpool_asks_every_player_to_discard_and_mist_sets_the_lead(adventure, member):
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=[], first_player="", setup=setup
    )
    helpers.play_until(attempt, member.user, "place")
    helpers.play(attempt, member.user, cover=helpers.WHIRLPOOL_CELL)
    attempt.refresh_from_db()
    state = table.state_of(attempt)
    assert state.phase == "discard"
    assert state.pending_discards == ("Ana", "Ben", "Cy")
    for seat in ("Ana", "Ben", "Cy"):
        move(attempt, {"discard": None, "seat": seat}, member.user)
    helpers.play_until(attempt, member.user, "place")
    helpers.play(attempt, member.user, cover=helpers.MIST_CELL)
    attempt.refresh_from_db()
    state = table.state_of(attempt)
    assert state.required_lead == "red"
    assert state.phase == "play"


def test_the_end_of_a_mission_is_recorded_through_the_campaign(attempt, member):
    helpers.play_out(attempt, member.user)
    attempt.refresh_from_db()
    assert attempt.status == "failure"  # greedy placements never surround the Standing Stone
    assert attempt.failure_reason == "objective-not-met"
    assert attempt.rounds_played == 7
    assert attempt.notes.get().words == "Mission failed: a Mission tile is not surrounded."
    adventure = attempt.adventure
    adventure.refresh_from_db()
    assert adventure.moon_boxes_checked == 1
    assert adventure.current_mission == 1
    with pytest.raises(table.TableError) as error:
        move(attempt, {"play": "blue-1"}, member.user)
    assert error.value.code == "mission-ended"


def test_a_successful_mission_opens_the_next(adventure, member):
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben"], rounds=2, surround=False)
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=[], first_player="", setup=setup
    )
    helpers.play_out(attempt, member.user)
    attempt.refresh_from_db()
    assert attempt.status == "success"
    assert attempt.changes  # what changed in the campaign, shown on the result
    adventure.refresh_from_db()
    assert adventure.current_mission == 2


def test_moves_lock_without_blocking_rows_that_reference_the_attempt(attempt, member, postgres):
    """Moves and campaign writes take FOR NO KEY UPDATE locks on PostgreSQL: statistics facts and
    outbox rows only need KEY SHARE on the rows they reference, so a statistics worker can never
    deadlock against a move (seen once as a 500 with FOR UPDATE under 16 concurrent devices)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        move(attempt, {"play": "blue-3"}, member.user)
    locks = [q["sql"] for q in queries.captured_queries if " FOR " in q["sql"]]
    assert locks
    assert all(sql.rstrip().endswith("FOR NO KEY UPDATE") or "FOR NO KEY UPDATE OF" in sql
               for sql in locks), locks  # fmt: skip


def test_the_first_player_holds_the_kakapo_or_the_first_human_when_the_automa_leads():
    """Seed 003, '2-player game: the Automa': the human who wins a trick takes the Kakapo and the
    Automa never does; before the first trick (our reading) the first player holds it, or the
    first listed human when the Automa plays first."""
    assert mission_setup.first_kakapo_holder(["Ana", "Ben"], "Ben") == "Ben"
    assert mission_setup.first_kakapo_holder(["Ana", "Ben"], "Automa") == "Ana"


def power_attempt(adventure, member):
    """Three players, a Power to move a placed Spirit tile, one Spirit tile placed (no token)."""
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    setup["powers"] = [spirits.MOVE_SPIRIT_TILE]
    attempt = table.begin_mission(
        adventure=adventure, by=member.user, players=[], first_player="", setup=setup
    )
    helpers.play_until(attempt, member.user, "place")
    helpers.play(attempt, member.user)
    attempt.refresh_from_db()
    return attempt


def test_the_gust_of_wind_in_the_loadout_lists_the_power_with_its_name(adventure):
    from campaign import services

    kwargs = {
        "pack": adventure.content_pack.pack(),
        "campaign": services.current_state(adventure),
        "mission": 1,
        "players": ["Ana", "Ben", "Cy"],
        "first_player": "Ana",
        "trump": "blue",
    }
    setup = table.table_setup(**kwargs, loadout={"hearth": "gust"})
    assert setup["powers"] == ["move-spirit-tile"]
    assert shown(setup["power_names"]["move-spirit-tile"]) == "Gust of Wind"
    assert "powers" not in table.table_setup(**kwargs, loadout={"hearth": "seedling"})
    assert table.table_setup(**kwargs, loadout={"hearth": "lantern"})["powers"] == [
        "any-colour-edge"
    ]


def test_the_power_moves_a_placed_spirit_tile_once_per_mission(adventure, member):
    """Seed 003, 'Placing the Spirit tile': placed tiles never move "unless you use a Power tile
    that allows it" — once per mission, the moved tile following the placement rules."""
    attempt = power_attempt(adventure, member)
    state = table.state_of(attempt)
    assert state.phase == "play"
    assert not state.current
    tile = state.placed[0]
    origin = [list(c) for c in tile.cells]
    off_board = [[r + 12, c] for r, c in origin]
    with pytest.raises(table.TableError) as error:
        move(attempt, {"power": "move-spirit-tile", "from": origin, "to": off_board}, member.user)
    assert error.value.code == "off-board"
    with pytest.raises(table.TableError) as error:  # one cell is not a placed tile's cells
        move(attempt, {"power": "move-spirit-tile", "from": origin[:1], "to": origin}, member.user)
    assert error.value.code == "no-such-tile"
    assert AttemptMove.objects.filter(attempt=attempt).count() == len(state.tricks[0].plays) + 1

    power = next(m for m in spirits.legal_moves(state) if "power" in m)
    version = attempt.version
    result = move(attempt, power, member.user)
    assert result.attempt.version == version + 1
    assert [sorted(map(list, t.cells)) for t in result.state.placed] == [sorted(power["to"])]
    assert [use.power for use in result.state.powers_used] == ["move-spirit-tile"]
    last = AttemptMove.objects.filter(attempt=attempt).latest("seq")
    assert last.payload == power
    assert "Power" in render(table.describe_move(last.payload))
    assert not [m for m in spirits.legal_moves(result.state) if "power" in m]

    back = {"power": "move-spirit-tile", "from": power["to"], "to": origin}
    with pytest.raises(table.TableError) as error:
        move(attempt, back, member.user)
    assert error.value.code == "power-used"


def test_the_power_is_refused_without_the_tile_and_during_a_trick(adventure, member, attempt):
    helpers.play_until(attempt, member.user, "place")
    helpers.play(attempt, member.user)
    state = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
    cells = [list(c) for c in state.placed[0].cells]
    with pytest.raises(table.TableError) as error:
        move(attempt, {"power": "move-spirit-tile", "from": cells, "to": cells}, member.user)
    assert error.value.code == "power-unavailable"

    other = AdventureFactory(group=member.group)
    with_power = power_attempt(other, member)
    helpers.play(with_power, member.user)  # a trick begins
    cells = [list(c) for c in table.state_of(with_power).placed[0].cells]
    with pytest.raises(table.TableError) as error:
        move(with_power, {"power": "move-spirit-tile", "from": cells, "to": cells}, member.user)
    assert error.value.code == "wrong-phase"


def test_a_mission_played_at_the_table_records_its_minutes_from_the_first_move(attempt, member):
    """Minutes played count live attempts: from the first move to the result."""
    helpers.play(attempt, member.user)
    started = timezone.now() - datetime.timedelta(minutes=42, seconds=10)
    AttemptMove.objects.filter(attempt=attempt, seq=1).update(created_at=started)
    helpers.play_out(attempt, member.user)
    attempt.refresh_from_db()
    assert attempt.status != "open"
    assert attempt.duration_minutes == 42


def test_a_mission_ended_within_a_minute_counts_one_minute(attempt, member):
    helpers.play_out(attempt, member.user)
    attempt.refresh_from_db()
    assert attempt.duration_minutes == 1


def test_an_attempt_logged_after_the_table_keeps_the_minutes_typed_or_none(adventure, member):
    from tests.factories import log_attempt

    log_attempt(adventure, result="failure", by=member.user)
    log_attempt(adventure, result="failure", by=member.user, duration_minutes=45)
    assert list(
        adventure.attempts.order_by("number").values_list("duration_minutes", flat=True)
    ) == [
        None,
        45,
    ]
