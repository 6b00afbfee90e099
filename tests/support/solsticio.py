"""Solsticio games for the page tests: a position saved as a game, a move posted the way the
game's page posts it, a refused move, a game played to its end through the page."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.content.solsticio import solsticio_pack
from games.models import SolsticioGame
from games.rules.solsticio import State, from_json, legal_moves, to_json
from games.solsticio.refusals import REFUSALS
from tests.support import bonfire_ids
from tests.support.pages import element_text


def saved_game(group: Any, user: Any, state: State) -> SolsticioGame:
    """``state`` (built with the engine) as a one-device game of ``group`` dealt by ``user``."""
    return SolsticioGame.objects.create(
        group=group,
        players=list(state.players),
        first_user=user,
        second_user=user,
        document=to_json(state),
        version=state.version,
        changes=state.version,  # as if every move was played here, none undone
    )


def post_move(
    client: Any,
    game: SolsticioGame,
    move: dict[str, Any],
    version: int | None = None,
    **headers: Any,
):
    """The page's form for an engine move, at ``version`` (the game's current one by default)."""
    action = next(k for k in move if k != "seat")
    value = move[action]
    if isinstance(value, list):
        value = f"{value[0]},{value[1]}"
    data = {
        "seat": move["seat"],
        "action": action,
        "value": "" if value is True else value,
        "version": game.changes if version is None else version,
    }
    return client.post(reverse("solsticio:move", args=[game.group_id, game.pk]), data, **headers)


def assert_refused(
    client: Any,
    game: SolsticioGame,
    move: dict[str, Any],
    says: str,
    version: int | None = None,
    **params: str,
) -> None:
    """``move`` posted: redirected to the game's page, which says why once (the sentence of the
    refusal code ``says``, worded with ``params``, or ``says`` itself), the game unchanged."""
    before = (game.document, game.version)
    response = post_move(client, game, move, version)
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    message = REFUSALS[says].render(**params) if says in REFUSALS else says
    assert element_text(client.get(response["Location"]), "move-error") == message
    assert element_text(client.get(response["Location"]), "move-error") is None
    game.refresh_from_db()
    assert (game.document, game.version) == before


def play_to_the_end(client: Any, game: SolsticioGame) -> State:
    """Post the last move the page offers (each one accepted) until the game is over."""
    for _ in range(200):
        game.refresh_from_db()
        state = from_json(game.document)
        if state.over:
            break
        assert post_move(client, game, legal_moves(state)[-1]).status_code == 302
    return state


def earth_name(tile: str) -> str:
    """A tile of the sample pack as an English sentence names it (its symbol's mark and name, its
    stars), read from the pack's own files, never its id."""
    pack = solsticio_pack()
    earth = next(e for e in pack.content["earth"] if e["id"] == tile)
    symbol = next(s for s in pack.symbols if s.id == earth["symbol"])
    return f"{symbol.mark} {symbol.name.get('en')} {earth['stars']}★"


def pack_ids() -> set[str]:
    """The ids of the sample pack: its Earth tiles ("leaf-2"), symbols and Spirits."""
    pack = solsticio_pack()
    content = pack.content
    return (
        {tile["id"] for tile in content["earth"]}
        | {spirit["id"] for spirit in content["spirits"]}
        | {symbol.id for symbol in pack.symbols}
    )


def ids_shown(text: str) -> set[str]:
    """The ids of the sample pack that ``text`` shows as words of their own."""
    return bonfire_ids.ids_shown(text, pack_ids())
