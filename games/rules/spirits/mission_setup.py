"""The engine setup of a campaign mission at the table: the seats and the Automa, the campaign's
Moon tiles, the Power tiles placed for the mission and the Power tokens held, a Holo Liana relief.

Pure Python, no Django: ``campaign.table.services`` stores what ``table_setup`` builds and shows
a ``TableSetupError`` in the reader's language (by its ``reason``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games.rules import spirits
from games.rules.spirits.campaign import (
    CampaignState,
    mission_relief,
    mission_rounds,
    relieve,
    uses_night_sides,
)

if TYPE_CHECKING:
    from games.content import Pack

AUTOMA_DECK_SIZE = 6
AUTOMA_RIVER_SIZE = 4
MIN_PLAYERS, MAX_PLAYERS = 2, 5


class TableSetupError(ValueError):
    """A seating the table cannot start. ``code`` names the refused field (``players``,
    ``trump``, ``automa-river``, ``first-player``), ``reason`` the rule; ``str()`` is English."""

    def __init__(self, code: str, reason: str, message: str) -> None:
        self.code = code
        self.reason = reason
        super().__init__(message)


def first_kakapo_holder(players: Sequence[str], first_player: str) -> str:
    """Who holds the Kakapo (and so leads the Automa's choices) before any trick is won.

    Our reading: seed 003 ('2-player game: the Automa') only says the human who wins a trick takes
    the Kakapo; before the first trick the first player holds it, or, when the Automa plays first,
    the first player in seating order.
    """
    return first_player if first_player in players else players[0]


def table_setup(
    *,
    pack: Pack,
    campaign: CampaignState,
    mission: int,
    players: Sequence[str],
    first_player: str,
    trump: str,
    loadout: Mapping[str, str] | None = None,
    automa_river: Sequence[str] = (),
    kakapo: str | None = None,
) -> dict[str, Any]:
    """The engine setup (``spirits-scenario/1``) of ``mission`` for these seats.

    Hands are unknown (a real table). With 2 players the Automa sits after them, with its 4 face-up
    river cards entered at setup and a face-down deck of 6 unknown cards. The campaign's Moon tiles
    and the Power tiles of the ``loadout`` change the rounds (``mission_rounds``), and with the
    Power tokens the group holds give the Moon effects and Powers the engine enforces; a Holo Liana
    relief eases the last mission (``relieve``). Extra optional fields (``colours``, ``mission``,
    ``tile_names``, ``moon_names``, ``power_names``) carry what the table screen shows without
    loading the pack; their names and texts are kept as the pack writes them (a string, or texts
    by language), so each reader sees their own language.
    """
    players = [p.strip() for p in players if p.strip()]
    if len(players) < MIN_PLAYERS:
        raise TableSetupError("players", "too-few-players", "A mission needs at least 2 players.")
    if len(players) > MAX_PLAYERS:
        raise TableSetupError("players", "too-many-players", "A mission takes at most 5 players.")
    colours = {c.id: {"name": c.name.to_json(), "symbol": c.symbol} for c in pack.colours}
    if trump not in colours:
        raise TableSetupError("trump", "unknown-trump", f"Unknown Trump card colour {trump}.")
    info = pack.mission(mission)
    night = uses_night_sides(campaign, pack)
    rules = mission_rules(pack, campaign, loadout or {})
    setup: dict[str, Any] = {
        "format": spirits.FORMAT,
        "cards": pack.scenario_cards(opened=campaign.opened_ids),
        "board": pack.mission_board(mission, night=night),
        "night": night,
        "players": players,
        "first_player": first_player,
        "trump": trump,
        "rounds": mission_rounds(
            pack,
            mission,
            moon_tiles=campaign.moon_tiles,
            holo_liana=campaign.holo_liana,
            power_tiles=[t for t in (loadout or {}).values() if t],
        ),
        "colours": colours,
        "mission": {
            "number": info.number,
            "name": info.name.to_json(),
            "text": info.text.to_json(),
            "objectives": [
                {**o.to_json(), "name": pack.mission_tile(o.tile).name.to_json()}
                for o in info.objectives
            ],
        },
        "tile_names": {
            placed.tile: pack.mission_tile(placed.tile).name.to_json()
            for placed in info.board.mission_tiles
        },
    }
    for field in ("moon_effects", "moon_names", "powers", "power_names"):
        if rules[field]:
            setup[field] = rules[field]
    if relief := mission_relief(pack, campaign, mission):
        setup = relieve(setup, relief)
        objectives = setup["mission"]["objectives"]
        setup["mission"]["objectives"] = [o for o in objectives if o["tile"] != relief.tile]
        setup["mission"]["relief"] = relief.text.to_json()
    seats = list(players)
    if len(players) == MIN_PLAYERS:
        river = [c for c in automa_river if c]
        if len(river) != AUTOMA_RIVER_SIZE or len(set(river)) != AUTOMA_RIVER_SIZE:
            raise TableSetupError(
                "automa-river",
                "automa-river",
                "Enter the Automa's 4 face-up cards (4 different cards).",
            )
        holder = kakapo or first_kakapo_holder(players, first_player)
        setup["automa"] = {"deck_size": AUTOMA_DECK_SIZE, "river": river, "kakapo": holder}
        seats.append(spirits.AUTOMA)
    elif automa_river and any(automa_river):
        raise TableSetupError(
            "automa-river", "automa-players", "The Automa plays only with 2 players."
        )
    if first_player not in seats:
        raise TableSetupError(
            "first-player", "first-player", "The first player must be one of the seats."
        )
    spirits.new_game(setup)  # raises ``SetupError`` for what the engine refuses
    return setup


def mission_rules(
    pack: Pack, campaign: CampaignState, loadout: Mapping[str, str]
) -> dict[str, Any]:
    """What the Moon tiles in force, the Power tiles placed on Power spaces (``loadout``) and the
    Power tokens the group holds change in a mission.

    Seed 003, 'The Moon Path': Moon tiles "stack and last until the end of the game"; 'Rewards':
    Power tokens "can be used in every mission", Power tiles placed before a mission "for extra
    help" (their effect on the rounds is ``mission_rounds``'s); ``moon_effects`` and ``powers``
    the effects the engine enforces, in its
    order; ``moon_names`` (every Moon tile in force) and ``power_names`` (the Powers) the pieces'
    names by effect, for the table screen. Effects the engine does not know stay text on the setup
    screen.
    """
    moon = [pack.moon_tile(t) for t in campaign.moon_tiles]
    tiles = [pack.power_tile(t) for t in loadout.values() if t]
    tokens = [pack.power_token(t) for t in campaign.power_tokens]
    moon_names = {tile.effect: tile.name.to_json() for tile in moon}
    power_names = {piece.effect: piece.name.to_json() for piece in (*tokens, *tiles)}
    moon_effects = [e for e in spirits.MOON_EFFECTS if e in moon_names]
    powers = [p for p in spirits.POWERS if p in power_names]
    return {
        "moon_effects": moon_effects,
        "moon_names": moon_names,
        "powers": powers,
        "power_names": {p: power_names[p] for p in powers},
    }
