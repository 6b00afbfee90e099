"""The campaign rules as pure functions: no database, no Django.

Rules: seed 003 (``003_56213531c1d471a6.txt``), headings "Rewards", "The Moon Path",
"The envelopes" and "Switching to Night mode".
"""

import functools
from dataclasses import replace

import pytest

from games.content import HoloLianaRelief, default_pack
from games.rules.spirits import Outcome, new_game
from games.rules.spirits import campaign as p
from games.rules.spirits.bitboard import mask_of, neighbours
from games.rules.spirits.campaign import FAILURE, SUCCESS, AttemptResult, Override
from games.rules.spirits.night import active_cells
from games.rules.spirits.objectives import mission_result

from .factories import pack_mission

PACK = default_pack()


def play(*results, start=1):
    """Attempts numbered from ``start``: (mission, result) or (mission, result, loadout)."""
    entries = []
    for offset, item in enumerate(results):
        mission, result, *rest = item
        reason = "objective-not-met" if result == FAILURE else ""
        loadout = tuple(rest[0]) if rest else ()
        entries.append(AttemptResult(start + offset, mission, result, reason, loadout))
    return entries


def succeed_through(last):
    return play(*[(m, SUCCESS) for m in range(1, last + 1)])


def test_new_adventure_starts_sealed():
    """Seed, "The envelopes": a new adventure starts at Mission 1 with every envelope sealed."""
    state = p.replay(PACK, [])
    assert state.current_mission == 1
    assert state.opened == ()
    assert state.unlocked_spaces == ("hearth",)
    assert state.moon_boxes_checked == 0
    assert not state.night_mode


def test_failure_is_tried_again_and_success_opens_next():
    """A failed mission is tried again; the next mission opens on success."""
    state = p.replay(PACK, play((1, FAILURE)))
    assert state.current_mission == 1
    state = p.replay(PACK, play((1, FAILURE), (1, SUCCESS)))
    assert state.current_mission == 2
    assert state.completed == (1,)


def test_every_attempt_checks_a_moon_box_success_or_failure():
    """Seed, "The Moon Path": whether you succeed or fail, check a box, from the left."""
    state = p.replay(PACK, play((1, FAILURE), (1, FAILURE), (1, SUCCESS)))
    assert [b.checked_by for b in state.moon_path[:4]] == [1, 2, 3, None]


def test_moon_phase_box_opens_black_envelope_and_moon_tile():
    """Seed, "The Moon Path": a box showing a moon phase opens the matching black envelope; its
    Moon tile goes on the board."""
    state = p.replay(PACK, play(*[(1, FAILURE)] * 4))
    assert state.moon_path[3].phase == "new"
    assert state.opened_ids == {"moon-new"}
    assert state.moon_tiles == ("dark-dawn",)
    kinds = [c.kind for c in state.changes_of("attempt:4")]
    assert kinds == ["moon-box", "envelope-opened", "moon-tile"]


def test_moon_tiles_stack_until_the_end():
    """Seed, "The Moon Path": Moon tile disadvantages stack and last until the end."""
    state = p.replay(PACK, play(*[(1, FAILURE)] * 15))
    assert state.moon_tiles == ("dark-dawn", "pale-crescent", "glaring-eye")
    state = p.replay(PACK, play(*[(1, FAILURE)] * 15, (1, SUCCESS)))
    assert state.moon_tiles == ("dark-dawn", "pale-crescent", "glaring-eye")


def test_moon_path_stays_full_when_boxes_run_out():
    """Our reading (next_moon_box): after the last box, attempts check nothing more."""
    count = len(PACK.moon.path)
    state = p.replay(PACK, play(*[(1, FAILURE)] * (count + 2)))
    assert state.moon_boxes_checked == count
    assert [c.kind for c in state.changes_of(f"attempt:{count + 1}")] == ["moon-path-full"]


def test_totem_unlocks_power_space():
    """Seed, "Rewards": the Totem reward unlocks a Power space (Mission 2 here)."""
    state = p.replay(PACK, succeed_through(2))
    assert "grove" in state.unlocked_spaces


def test_castle_gives_power_token_kept_to_the_end():
    """Seed, "Rewards": a Castle gives a Power token, kept until the end of the adventure."""
    state = p.replay(PACK, succeed_through(5))
    assert state.power_tokens == ("ember-charm",)
    state = p.replay(PACK, succeed_through(22))
    assert "ember-charm" in state.power_tokens


def test_white_envelope_opens_its_letter_and_power_tile_becomes_available():
    """Seed, "Rewards": the White Envelope reward opens the envelope of that letter; each holds a
    Power tile."""
    state = p.replay(PACK, succeed_through(4))
    assert "A" in state.opened_ids
    assert state.power_tiles == ("gust",)


def test_rewards_only_on_success():
    """Seed, "Rewards" apply when the mission is won: a failed Mission 2 unlocks nothing."""
    state = p.replay(PACK, [*succeed_through(1), *play((2, FAILURE), start=2)])
    assert state.unlocked_spaces == ("hearth",)


def test_power_tiles_only_on_unlocked_spaces_one_per_space():
    """Seed, "Rewards": Power tiles go on unlocked Power spaces only."""
    state = p.replay(PACK, succeed_through(4))
    p.check_loadout(PACK, state, (("hearth", "gust"),))
    with pytest.raises(p.ProgressionError) as locked:
        p.check_loadout(PACK, state, (("summit", "gust"),))
    assert (
        str(locked.value)
        == "Summit space is locked: a Power tile can only go on an unlocked Power space."
    )
    with pytest.raises(p.ProgressionError) as twice:
        p.check_loadout(PACK, state, (("hearth", "gust"), ("grove", "gust")))
    assert str(twice.value) == "Gust of Wind is placed twice: each Power tile goes on one space."
    with pytest.raises(p.ProgressionError) as unavailable:
        p.check_loadout(PACK, state, (("hearth", "lantern"),))
    assert str(unavailable.value) == "Lantern is not available in this adventure yet."


def test_loadout_is_recorded_and_bad_placements_ignored_on_replay():
    """A correction that re-locks a space keeps the log but ignores the tile placed on it."""
    entries = [*succeed_through(4), *play((5, SUCCESS, [("grove", "gust")]), start=5)]
    assert p.replay(PACK, entries).loadout == (("grove", "gust"),)
    without_totem = [e for e in entries if e.mission != 2]
    state = p.replay(PACK, without_totem)
    assert state.loadout == ()
    assert any(c.kind == "loadout-ignored" for c in state.changes_of("attempt:5"))


def test_instruction_opens_envelope_whatever_the_result():
    """Seed, "The envelopes": only when instructed; Mission 9 instructs the grey envelope."""
    state = p.replay(PACK, [*succeed_through(8), *play((9, FAILURE), start=9)])
    assert "grey" in state.opened_ids
    assert {"purple-9", "green-9"} <= set(state.cards)
    assert "moth" in state.power_tiles


def test_night_mode_switches_on_when_instructed_and_stays():
    """Seed, "Switching to Night mode": only when instructed; from then on, Night sides."""
    state = p.replay(PACK, succeed_through(11))
    assert not state.night_mode
    assert p.uses_night_sides(state, PACK)  # Mission 12's instruction applies before its setup
    state = p.replay(PACK, succeed_through(13))
    assert state.night_mode
    assert p.uses_night_sides(state, PACK)


def test_red_envelope_opens_only_when_mission_22_is_completed():
    """Seed, "The envelopes": the red envelope opens at the end, only if Mission 22 was
    completed."""
    state = p.replay(PACK, [*succeed_through(21), *play((22, FAILURE), start=22)])
    assert not state.red_envelope_opened
    with pytest.raises(p.ProgressionError) as error:
        p.check_override(PACK, state, Override(1, p.OPEN_ENVELOPE, "red", "we want to"))
    assert str(error.value) == "The red envelope opens only once Mission 22 has been completed."
    state = p.replay(PACK, succeed_through(22))
    assert state.red_envelope_opened
    assert state.finished
    assert "epilogue" in state.items


def test_after_the_end_nothing_changes():
    """Our reading (attempt_checks_moon_box): attempts after Mission 22 change nothing."""
    entries = [*succeed_through(22), *play((22, SUCCESS), start=23)]
    state = p.replay(PACK, entries)
    assert state.moon_boxes_checked == 22
    with pytest.raises(p.ProgressionError) as error:
        p.check_new_attempt(PACK, p.replay(PACK, succeed_through(22)), entries[-1])
    assert str(error.value) == "This adventure is finished: Mission 22 was completed."


def test_attempt_of_completed_mission_only_moves_moon_path():
    """Our reading (attempt_counts_as_progress): replaying a completed mission gains nothing."""
    entries = [*succeed_through(2), *play((2, SUCCESS), start=3)]
    state = p.replay(PACK, entries)
    assert state.current_mission == 3
    assert state.moon_boxes_checked == 3
    assert [c.kind for c in state.changes_of("attempt:3")] == ["not-current", "moon-box"]


def test_only_the_current_mission_can_be_logged():
    state = p.replay(PACK, succeed_through(3))
    with pytest.raises(p.ProgressionError) as error:
        p.check_new_attempt(PACK, state, AttemptResult(4, 6, SUCCESS))
    assert str(error.value) == "Mission 6 is not open: the next mission to play is Mission 4."


@pytest.mark.parametrize(
    ("result", "reason", "message"),
    [
        (FAILURE, "", "Say why the mission failed."),
        (SUCCESS, "abandoned", "A successful attempt has no failure reason."),
    ],
)
def test_result_and_failure_reason_agree(result, reason, message):
    with pytest.raises(p.ProgressionError) as error:
        p.check_result(result, reason)
    assert str(error.value) == message


def test_overrides_open_by_hand_and_become_ignored_when_redundant():
    """Manual override: open an envelope by hand with a reason; a later reward finds it open."""
    entries = [Override(1, p.OPEN_ENVELOPE, "A", "house rule"), *succeed_through(4)]
    state = p.replay(PACK, entries)
    assert state.opened[0].source == "override"
    assert [c.kind for c in state.changes_of("override:1")][:2] == ["override", "envelope-opened"]
    twice = [*entries, Override(2, p.OPEN_ENVELOPE, "A", "again")]
    assert p.replay(PACK, twice).changes_of("override:2")[-1].kind == "override-ignored"


def test_diff_lists_downstream_changes():
    """The correction preview: removing Mission 4's success closes envelope A downstream."""
    entries = succeed_through(6)
    before = p.replay(PACK, entries)
    after = p.replay(PACK, [e for e in entries if e.number != 4])
    result = p.diff(before, after, PACK)
    assert "Envelope White envelope A: no longer opened" in result.summary
    assert "Next mission: Mission 7 → Mission 4" in result.summary
    assert "Moon Path boxes checked: 6 → 5" in result.summary
    assert not p.diff(before, before, PACK).attempts


def test_envelope_opened_after_the_mission_does_not_count_during_it():
    """Seed 003, "Rewards": Power tiles are placed "before starting a mission"; "The envelopes":
    open them only when instructed. Mission 9 opens the grey envelope (holding the Night Moth)
    after the mission, so its own attempt cannot have the Night Moth on a space: the replay
    ignores it and says why."""
    tiles = [("hearth", "moth")]
    entries = [*succeed_through(8), *play((9, SUCCESS, tiles), (10, SUCCESS, tiles), start=9)]
    state = p.replay(PACK, entries)
    assert [c.text for c in state.changes_of("attempt:9") if c.kind == "loadout-ignored"] == [
        "Ignored: Night Moth is not available in this adventure yet."
    ]
    assert not any(c.kind == "loadout-ignored" for c in state.changes_of("attempt:10"))
    assert state.loadout == (("hearth", "moth"),)
    before = p.replay(PACK, succeed_through(8))
    with pytest.raises(p.ProgressionError) as error:
        p.check_new_attempt(PACK, before, entries[8])
    assert str(error.value) == "Night Moth is not available in this adventure yet."


def test_sort_loadout_keeps_allowed_and_says_why_others_are_refused():
    """Seed 003, "Rewards": one Power tile per unlocked Power space."""
    state = p.replay(PACK, succeed_through(4))
    kept, refused = p.sort_loadout(PACK, state, (("hearth", "gust"), ("grove", "gust")))
    assert kept == (("hearth", "gust"),)
    assert [(space, tile, error.code) for space, tile, error in refused] == [
        ("grove", "gust", "tile-twice")
    ]


def test_overrides_unlock_gain_and_switch_night_mode_by_hand():
    """Manual override: unlock a Power space, gain a Power token, switch to Night mode by hand;
    a reward that finds it already done changes nothing more."""
    entries = [
        Override(1, p.UNLOCK_SPACE, "grove", "we forgot"),
        Override(2, p.GAIN_TOKEN, "tide-charm", "house rule"),
        Override(3, p.NIGHT_MODE, "", "we like the dark"),
        *succeed_through(2),
    ]
    state = p.replay(PACK, entries)
    assert state.unlocked_spaces == ("hearth", "grove")
    assert state.power_tokens == ("tide-charm",)
    assert state.night_mode
    assert [c.text for c in state.changes_of("override:1")] == [
        "By hand: we forgot",
        "Grove space unlocked.",
    ]
    assert [c.kind for c in state.changes_of("attempt:2")] == [
        "moon-box",
        "mission-completed",
        "mission-opened",
    ]
    assert state.changes_of("attempt:99") == ()


@pytest.mark.parametrize(
    ("override", "message"),
    [
        (Override(1, p.UNLOCK_SPACE, "hearth"), "Hearth space is already unlocked."),
        (Override(1, p.GAIN_TOKEN, "ember-charm"), "Ember Charm is already gained."),
        (Override(1, p.NIGHT_MODE), "Night mode is already on."),
        (Override(1, p.OPEN_ENVELOPE, "A"), "White envelope A is already open."),
        (Override(1, p.OPEN_ENVELOPE, "pink"), "Unknown envelope “pink”."),
        (Override(1, p.GAIN_TOKEN, "pebble"), "Unknown power token “pebble”."),
        (Override(1, "teleport", "x"), "Unknown override “teleport”."),
    ],
)
def test_override_refused_says_why(override, message):
    """An override that the state makes pointless or that names nothing known is refused."""
    state = p.replay(PACK, [*succeed_through(13)])
    with pytest.raises(p.ProgressionError) as error:
        p.check_override(PACK, state, override)
    assert str(error.value) == message


def test_unknown_space_or_tile_is_named_by_its_id():
    """A loadout naming a Power space or tile the pack lacks is refused with the id it gave."""
    state = p.replay(PACK, [])
    with pytest.raises(p.ProgressionError) as error:
        p.check_loadout(PACK, state, (("attic", "gust"),))
    assert str(error.value) == (
        "attic is locked: a Power tile can only go on an unlocked Power space."
    )
    with pytest.raises(p.ProgressionError) as error:
        p.check_loadout(PACK, state, (("hearth", "kite"),))
    assert str(error.value) == "kite is not available in this adventure yet."


def test_night_mode_instruction_applies_once():
    """Seed, "Switching to Night mode": a retry of the instructing mission finds it on already."""
    entries = [*succeed_through(11), *play((12, FAILURE), (12, SUCCESS), start=12)]
    state = p.replay(PACK, entries)
    assert [c.kind for c in state.changes_of("attempt:12")][:1] == ["night-mode"]
    assert "night-mode" not in [c.kind for c in state.changes_of("attempt:13")]


def test_diff_of_night_mode_and_no_change():
    """The correction preview says yes/no for Night mode; an identical log has an empty diff."""
    before = p.replay(PACK, succeed_through(12))
    after = p.replay(PACK, succeed_through(11))
    assert "Night mode: yes → no" in p.diff(before, after, PACK).summary
    assert p.diff(before, before, PACK).empty
    assert not p.diff(before, after, PACK).empty


def mission_22_setup():
    return {**pack_mission(22, night=True), "cards": PACK.scenario_cards()}


def ring_of_all_but(board, waived):
    """Spirit-tile cells closing the ring of every Mission tile to surround except ``waived``."""
    size = board.size
    taken = mask_of((c for t in board.mission_tiles for c in active_cells(t, True)), size)
    ring = 0
    for tile in board.mission_tiles:
        if tile.id != waived:
            ring |= neighbours(mask_of(active_cells(tile, True), size), size)
    return ring & ~taken


def test_holo_liana_relief_eases_mission_22_as_the_pack_says():
    """Seed 003, "Rewards": "The Purified Holo Liana reward reduces the difficulty of Mission 22."
    The sample pack's relief waives the Elder Tree: with the reward, a board that surrounds every
    other Mission tile succeeds; without it, the same board fails (not surrounded)."""
    relief = PACK.mission(22).holo_liana_relief
    assert (relief.kind, relief.tile) == ("waive-objective", "elder-tree")
    without = p.replay(PACK, succeed_through(19))
    with_reward = p.replay(PACK, succeed_through(21))
    assert with_reward.holo_liana
    assert not without.holo_liana
    assert p.mission_relief(PACK, without, 22) is None
    assert p.mission_relief(PACK, with_reward, 22) == relief
    assert p.mission_relief(PACK, with_reward, 21) is None
    plain = new_game(mission_22_setup()).setup
    eased = new_game(p.relieve(mission_22_setup(), relief)).setup
    assert {t.id for t in plain.board.mission_tiles if t.surround} == {
        "sky-nest",
        "ruined-gate",
        "elder-tree",
    }
    assert {t.id for t in eased.board.mission_tiles if t.surround} == {"sky-nest", "ruined-gate"}
    assert eased.rounds == plain.rounds
    spirits = ring_of_all_but(plain.board, "elder-tree")
    assert mission_result(plain.board, True, spirits, (), ()) == Outcome(
        "failure", ("not-surrounded",)
    )
    assert mission_result(eased.board, True, spirits, (), ()) == Outcome("success")


def test_extra_rounds_relief_adds_rounds():
    """A pack may ease Mission 22 with extra rounds instead (``HoloLianaRelief``): the rounds
    count them (``mission_rounds``), the board stays as it is."""
    relief = HoloLianaRelief(kind="extra-rounds", text="Two more rounds.", rounds=2)
    missions = tuple(
        replace(m, holo_liana_relief=relief) if m.number == 22 else m for m in PACK.missions
    )
    pack = replace(PACK, missions=missions)
    base = PACK.mission(22).rounds
    assert p.mission_rounds(pack, 22, moon_tiles=(), holo_liana=True) == base + 2
    assert p.mission_rounds(pack, 22, moon_tiles=(), holo_liana=False) == base
    assert p.relieve(mission_22_setup(), relief) == mission_22_setup()


def test_mission_rounds_follow_moon_and_power_tiles():
    """Seed 003, "The Moon Path": Moon tiles "stack and last until the end of the game" — Dark
    Dawn takes a round off every mission; "Rewards": a Power tile placed before a mission gives
    "extra help" — Seedling adds one. Each effect counts once."""
    base = PACK.mission(3).rounds
    rounds = functools.partial(p.mission_rounds, PACK, 3, holo_liana=False)
    assert rounds(moon_tiles=()) == base
    assert rounds(moon_tiles=("dark-dawn",)) == base - 1
    assert rounds(moon_tiles=("dark-dawn", "pale-crescent")) == base - 1
    assert rounds(moon_tiles=(), power_tiles=("seedling",)) == base + 1
    assert rounds(moon_tiles=("dark-dawn",), power_tiles=("seedling",)) == base
    # The sample pack eases Mission 22 by waiving an objective: its rounds stay.
    assert p.mission_rounds(PACK, 22, moon_tiles=(), holo_liana=True) == PACK.mission(22).rounds
