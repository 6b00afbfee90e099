"""Every refusal of the Solsticio engine, posted through the game's page in Portuguese and Catalan,
reads as the catalog's translation, worded with the move's tiles and players: no English detail
reaches the reader. A Spirit the refusal names is named as the content pack names it in the
reader's language. Seed 001, S1–S6 (``shared/seeds/001_60d8b239bd4bd858.txt``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from games.content.solsticio import solsticio_pack
from games.reference.links import rule_url
from games.rules.solsticio import CODES, IllegalMove, State, apply, new_game
from games.solsticio.refusals import REFUSALS, refusal_for
from tests.games.rules.solsticio.factories import (
    ANA,
    BRU,
    choose,
    game,
    passes,
    play,
    run,
    scenario,
    up,
    with_panorama,
)
from tests.support.pages import element_text
from tests.support.solsticio import post_move, saved_game
from web import seats
from web.elision import interpolate

LANGUAGES = {"pt-br": "pt-BR", "ca": "ca"}  # the page's language: the content pack's


def three_suns() -> State:
    return game(
        ana=["sun1", "moon1", "leaf1"],
        bru=["snow1", "snow2", "snow3"],
        display=[up("sun2"), up("sun3"), up("moon2")],
        pile=["wave1", "wave2", "wave3"],
    )


def capture_due() -> State:
    """Ana's sun1 may capture sun2 or sun3 (S1)."""
    return run(three_suns(), play(ANA, "sun1"))


def must_pass() -> State:
    """The pile is empty and Ana's moon1 captures nothing (S6)."""
    return game(ana=["moon1"], bru=["leaf1"], display=[up("sun2")])


def over() -> State:
    return run(must_pass(), passes(ANA), passes(BRU))


def rainbow_due() -> State:
    """Ana's second chance captured nothing: a Rainbow goes next to her sun1 (S3)."""
    state = game(
        ana=["moon1", "wave1", "wave2"],
        bru=["snow2"],
        display=[up("snow1")],
        pile=["leaf1", "wave3"],
        extra=["sun1", "sun2", "leaf3"],
    )
    return run(with_panorama(state, 0, tiles=["sun1"]), play(ANA, "moon1"))


def block_due() -> State:
    """Ana took the Keeper, which sits on one of her two free Rainbows (S4)."""
    state = game(
        ana=["sun1", "wave1"],
        bru=["snow1"],
        display=[up("sun2")],
        pile=["leaf1", "leaf2"],
        spirits=["keeper", "oak"],
        marked=["sun2"],
        extra=["moon1", "moon2", "moon3"],
    )
    rainbows = [((1, 0), None), ((1, 1), None), ((1, 2), "sprite")]
    state = with_panorama(state, 0, tiles=["sun1"], rainbows=rainbows)
    return run(state, play(ANA, "sun1"), choose(ANA, "spirit", "keeper"))


#: Three Spirits of the sample pack, which names them in every language.
PACK_SPIRITS = ("hearth-sprite", "old-oak", "wind-runner")


def spirit_due() -> State:
    """Ana captured a marked tile and draws two of the sample pack's Spirits (S5)."""
    data = scenario(
        ana=["sun1", "wave1"],
        bru=["snow1"],
        display=[up("sun2")],
        pile=["leaf1", "leaf2"],
        marked=["sun2"],
    )
    spirits = solsticio_pack().scenario_content()["spirits"]
    data["content"]["spirits"] = [s for s in spirits if s["id"] in PACK_SPIRITS]
    data["deal"]["spirits"] = list(PACK_SPIRITS)
    return run(new_game(data), play(ANA, "sun1"))


def cover_due() -> State:
    """The game ended with Ana holding the Evil Spirit: Bru chooses the Spirit it covers (S5)."""
    state = game(
        ana=["sun1", "moon1"],
        bru=["leaf1"],
        display=[up("sun2"), up("leaf2"), up("moon2")],
        spirits=["evil", "sprite", "oak", "prism", "herald", "keeper"],
        marked=["sun2", "leaf2", "moon2"],
    )
    return run(
        state,
        play(ANA, "sun1"),
        choose(ANA, "spirit", "evil"),
        play(BRU, "leaf1"),
        choose(BRU, "spirit", "oak"),
        play(ANA, "moon1"),
        choose(ANA, "spirit", "herald"),
        passes(BRU),
        passes(ANA),
    )


def pack_name(spirit: str, language: str) -> str:
    return str(solsticio_pack().names[spirit].get(LANGUAGES[language]))


def earth_name(tile: str, language: str) -> str:
    """An Earth tile as a sentence names it: the mark and name of its symbol in the pack, its stars
    (every hand-made tile has 1); never its id."""
    symbol = next(s for s in solsticio_pack().symbols if tile.startswith(s.id))
    return f"{symbol.mark} {symbol.name.get(LANGUAGES[language])} 1★"


@dataclass(frozen=True)
class Case:
    """A position, a move posted on it, the refusal's code and its words in ``language``."""

    refusal: str
    position: Callable[[], State]
    move: dict[str, Any]
    words: Callable[[str], dict[str, str]] = field(default=lambda language: {})
    version: int | None = None


CASES = [
    Case("not-your-turn", three_suns, play(BRU, "snow1"), lambda language: {"player": ANA}),
    Case("cover-by-holder", cover_due, choose(ANA, "cover", "sprite")),
    Case(
        "not-in-hand",
        three_suns,
        play(ANA, "snow1"),
        lambda language: {"tile": earth_name("snow1", language), "player": ANA},
    ),
    Case("must-capture", capture_due, play(ANA, "moon1")),
    Case(
        "not-capturable",
        capture_due,
        choose(ANA, "capture", "moon2"),
        lambda language: {
            "tile": earth_name("sun1", language),
            "target": earth_name("moon2", language),
            "options": f"{earth_name('sun2', language)}, {earth_name('sun3', language)}",
        },
    ),
    Case("must-pass", must_pass, play(ANA, "moon1")),
    Case("cannot-pass", three_suns, passes(ANA)),
    Case("game-over", over, passes(ANA)),
    Case("rainbow-not-adjacent", rainbow_due, choose(ANA, "rainbow", [2, 2])),
    Case("not-a-place", rainbow_due, choose(ANA, "rainbow", [7, 7])),
    Case(
        "not-drawn",
        spirit_due,
        choose(ANA, "spirit", "wind-runner"),
        lambda language: {
            "spirit": pack_name("wind-runner", language),
            "options": f"{pack_name('hearth-sprite', language)}, {pack_name('old-oak', language)}",
        },
    ),
    Case("not-a-free-rainbow", block_due, choose(ANA, "block", [1, 2])),
    Case("not-coverable", cover_due, choose(BRU, "cover", "oak"), lambda language: {"holder": ANA}),
    Case("choice-required", spirit_due, play(ANA, "wave1")),
    Case("nothing-to-choose", three_suns, choose(ANA, "capture", "sun2")),
    Case("stale-move", three_suns, play(ANA, "sun1"), version=5),
    # A negative place: the engine's bad-move (the page's own form would not send it).
    Case("bad-move", rainbow_due, choose(ANA, "rainbow", [-1, 0])),
]


def test_every_engine_code_is_posted_and_links_to_a_rule() -> None:
    assert {case.refusal for case in CASES} >= CODES
    assert set(REFUSALS) == {case.refusal for case in CASES} | {"not-your-seat"}
    for refusal in REFUSALS.values():
        assert refusal.url.startswith(reverse("reference:game", args=["solsticio"]) + "#s")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", CASES, ids=[case.refusal for case in CASES])
def test_a_refused_move_reads_in_the_reader_s_language(
    client: Any, group: Any, player: Any, case: Case, language: str
) -> None:
    state = case.position()
    saved = saved_game(group, player, state)
    client.force_login(player)
    words = case.words(language)
    with translation.override(language):
        sentence = str(REFUSALS[case.refusal].message)
        if case.refusal == "stale-move":  # said by the live-table kit, naming what changed
            sentence = seats.stale_text(saved.last_change)
        # Catalan elides "de" before a name such as Ana's (web.elision, tested there).
        expected = interpolate(sentence, words) if words else sentence
    assert sentence != str(REFUSALS[case.refusal].message), "not translated"
    response = post_move(
        client,
        saved,
        case.move,
        version=case.version,
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 302  # Post/Redirect/Get: the page says it once
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE=language)
    assert element_text(page, "move-error") == expected
    saved.refresh_from_db()
    assert saved.version == state.version


def test_the_page_s_own_unreadable_post_reads_in_the_reader_s_language(
    client: Any, group: Any, player: Any
) -> None:
    saved = saved_game(group, player, three_suns())
    client.force_login(player)
    url = reverse("solsticio:move", args=[saved.group_id, saved.pk])
    response = client.post(url, {"seat": ANA, "action": "dance"}, HTTP_ACCEPT_LANGUAGE="ca")
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="ca")
    with translation.override("ca"):
        assert element_text(page, "move-error") == str(REFUSALS["bad-move"].message)


def test_a_refusal_links_to_the_rule_the_engine_names() -> None:
    """Seed 001, p. 2, S6: a play that cannot capture with the pile empty breaks S6, not S1."""
    state = game(ana=["sun1", "moon1"], bru=["leaf1"], display=[up("sun2")])
    with pytest.raises(IllegalMove) as caught:
        apply(state, play(ANA, "moon1"))
    assert caught.value.code == "must-capture"
    assert refusal_for(caught.value).url == rule_url("solsticio", "s6")
    assert REFUSALS["must-capture"].url == reverse("reference:game", args=["solsticio"]) + "#s1"
