"""Provable revokes at a real table (seed 003, 'Playing the trick': Must Follow)."""

from games.rules.spirits import apply, new_game
from games.rules.spirits.revokes import Flag, track_play

from .factories import scenario
from .helpers import play_round


def test_failing_to_follow_then_playing_colour_is_flagged() -> None:
    """A player who did not follow blue and later plays a blue card revoked."""
    state = play_round(new_game(scenario()), ["blue1", "red2", "blue3"])
    assert state.voids == (("Ben", "blue"),)
    state = apply(state, {"place": [[0, 0], [1, 0], [1, 1]]})
    assert state.current_seat == "Cy"
    state = play_round(state, ["green1", "green2", "blue4"])
    assert state.flags == (Flag("revoke", "Ben", 2),)
    assert state.voids == (("Ben", "green"),)


def test_track_play() -> None:
    """A void is shown once, flagged once, then forgotten."""
    voids, flag = track_play((), "A", "red", "blue", 1)
    assert voids == (("A", "blue"),)
    assert flag is None
    voids, flag = track_play(voids, "A", "green", "blue", 2)
    assert voids == (("A", "blue"),)
    voids, flag = track_play(voids, "A", "blue", None, 3)
    assert voids == ()
    assert flag == Flag("revoke", "A", 3)


def test_mist_lead_void() -> None:
    """Leading another colour than a forcing Mist colour shows a void in it."""
    voids, _ = track_play((), "A", "red", "green", 1)
    assert voids == (("A", "green"),)
