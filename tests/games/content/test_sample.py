"""The sample pack follows the campaign rules.

Rule citations name the seed ``seeds/003_56213531c1d471a6.txt`` (seed 003) and its heading.
"""

from __future__ import annotations

from collections import Counter

from games.content import default_pack


def test_mission_1_has_a_coloured_edge() -> None:
    """seed 003, "Mission tile constraints": some Mission tiles have coloured edges — that is
    already the case in Mission 1."""
    board = default_pack().mission_board(1, night=False)
    assert any(tile["coloured_edges"] for tile in board["mission_tiles"])  # type: ignore[attr-defined]


def test_twenty_two_missions() -> None:
    pack = default_pack()
    assert [m.number for m in pack.missions] == list(range(1, 23))
    assert Counter(m.rounds for m in pack.missions).most_common(1)[0][0] == 7


def test_ten_envelopes_and_one_red() -> None:
    """seed 003, "The envelopes": the box contains 10 envelopes; the red one is opened at the end,
    only if Mission 22 was completed."""
    envelopes = default_pack().envelopes
    assert len(envelopes) == 10
    assert Counter(e.colour for e in envelopes) == {"white": 4, "black": 4, "grey": 1, "red": 1}
    red = next(e for e in envelopes if e.colour == "red")
    assert red.opens == "end"
    assert "Mission 22" in str(red.how)


def test_every_white_envelope_is_a_mission_reward_and_holds_a_power_tile() -> None:
    """seed 003, "Rewards": the White Envelope reward opens the white envelope matching the letter
    shown — each one contains a Power tile."""
    pack = default_pack()
    rewarded = {r.target for m in pack.missions for r in m.rewards if r.kind == "white-envelope"}
    whites = [e for e in pack.envelopes if e.colour == "white"]
    assert {e.id for e in whites} == {"A", "B", "C", "D"}
    for envelope in whites:
        assert envelope.id in rewarded
        assert len(envelope.contents.power_tiles) == 1


def test_each_black_envelope_is_opened_by_a_moon_phase_box() -> None:
    """seed 003, "The Moon Path": checking a box showing a moon phase opens the matching black
    envelope, whose Moon tile goes on its space on the board."""
    pack = default_pack()
    boxes = {box.envelope: box for box in pack.moon.path if box.envelope is not None}
    blacks = [e for e in pack.envelopes if e.colour == "black"]
    assert len(blacks) == 4
    for envelope in blacks:
        box = boxes[envelope.id]
        assert box.phase is not None
        (tile_id,) = envelope.contents.moon_tiles
        assert pack.moon_tile(tile_id).phase == box.phase
    assert sum(1 for box in pack.moon.path if box.phase) == 4
    assert len(pack.moon.path) == 24


def test_rewards_spread_over_the_campaign() -> None:
    """seed 003, "Rewards": Totems unlock Power spaces, Castles give Power tokens, White Envelope
    rewards open white envelopes, the Purified Holo Liana eases Mission 22."""
    pack = default_pack()
    kinds = Counter(r.kind for m in pack.missions for r in m.rewards)
    assert kinds == {"totem": 4, "castle": 3, "white-envelope": 4, "holo-liana": 1}
    locked = {s.id for s in pack.power.spaces if not s.unlocked_at_start}
    totems = {r.target for m in pack.missions for r in m.rewards if r.kind == "totem"}
    assert totems == locked
    assert [s.id for s in pack.power.spaces if s.unlocked_at_start] == ["hearth"]


def test_mission_22_holo_liana_relief() -> None:
    """seed 003, "Rewards": the Purified Holo Liana reward reduces the difficulty of Mission 22."""
    relief = default_pack().mission(22).holo_liana_relief
    assert relief is not None
    assert relief.kind == "waive-objective"
    assert relief.tile == "elder-tree"


def test_a_power_tile_moves_a_spirit_tile() -> None:
    """seed 003, "Placing the Spirit tile": placed Spirit tiles move only with a Power tile that
    allows it."""
    assert "move-spirit-tile" in {tile.effect for tile in default_pack().power.tiles}


def test_night_mode_and_grey_envelope_instructions() -> None:
    """seed 003, "Switching to Night mode": flip Mission tiles only when the game says so; and
    "The envelopes": open envelopes only when instructed to."""
    pack = default_pack()
    instructions = {(m.number, i.kind, i.envelope) for m in pack.missions for i in m.instructions}
    assert instructions == {(12, "night-mode", None), (9, "open-envelope", "grey")}


def test_rocks_only_in_water_and_corrupted_forest() -> None:
    """seed 003, "Placing the Spirit tile": Rock icons are used later in the adventure, in the
    Water and Corrupted Forest environments."""
    pack = default_pack()
    with_rocks = {m.environment for m in pack.missions if m.board.rocks}
    assert with_rocks == {"Water", "Corrupted Forest"}
    first = min(m.number for m in pack.missions if m.board.rocks)
    assert all(not m.board.rocks for m in pack.missions if m.number < first)


def test_mist_tokens_have_a_colour() -> None:
    """seed 003, "Mist tokens": the next trick begins with the colour of the Mist token."""
    colours = {c.id for c in default_pack().colours}
    for mission in default_pack().missions:
        for token in mission.board.tokens:
            assert (token.colour in colours) if token.kind == "mist" else token.colour is None


def test_each_spirit_card_has_its_own_tile() -> None:
    """seed 003, "Selecting the Spirit tile": each Spirit card shows the unique Spirit tile it is
    linked to."""
    cards = default_pack().cards
    assert len({tuple(sorted(card.tile)) for card in cards}) == len(cards)
    assert all(1 <= len(card.tile) <= 5 for card in cards)
