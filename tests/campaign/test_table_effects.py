"""Moon tiles and Powers at the table: the campaign's Moon tiles, the loadout's Power tiles and the
Power tokens held become rules of the mission's engine setup (``mission_setup.mission_rules``),
and the table screen shows and enforces them when they matter.

Rules source: seed 003 ('The Moon Path', 'Rewards'); effects: the sample pack's moon.json and
power.json.
"""

import re
from dataclasses import replace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.texts import render
from campaign import services
from campaign.models import AttemptMove, MissionAttempt
from campaign.table import services as table
from campaign.table.forms import COLOUR_NEEDED, EDGE_NEEDED, TOKEN_NEEDED
from campaign.table.screen import shown
from games.rules import spirits
from games.rules.spirits import campaign as progression
from games.rules.spirits import mission_setup
from games.rules.spirits.campaign import GAIN_TOKEN, OPEN_ENVELOPE, UNLOCK_SPACE
from tests.campaign import table_helpers as helpers
from tests.factories import AdventureFactory
from tests.support.pages import text

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
THREE = ["Ana", "Ben", "Cy"]

# Moon tiles by the black envelope that holds them (envelopes.json).
MOON = {
    "moon-new": ("one-fewer-round", "Dark Dawn"),
    "moon-first": ("no-trump-first-round", "Pale Crescent"),
    "moon-full": ("discard-at-start", "Glaring Eye"),
    "moon-last": ("lead-trump-first", "Waning Veil"),
}


def adventure_with(member, *, envelopes=(), tokens=(), spaces=()):
    """An adventure whose log opened envelopes, gained Power tokens and unlocked Power spaces by
    hand (overrides), as a group catching up with its box would."""
    adventure = AdventureFactory(group=member.group)
    for kind, targets in ((OPEN_ENVELOPE, envelopes), (GAIN_TOKEN, tokens), (UNLOCK_SPACE, spaces)):
        for target in targets:
            services.add_override(
                adventure=adventure, kind=kind, target=target, reason="catching up", by=member.user
            )
    adventure.refresh_from_db()
    return adventure


# Every Power of the pack: the Lantern, Compass and Night Moth on three unlocked spaces (the
# Hearth is unlocked from the start), the three charms held.
EVERY_POWER = {"hearth": "lantern", "grove": "compass", "summit": "moth"}


def adventure_with_every_power(member):
    return adventure_with(
        member,
        envelopes=["B", "C", "grey"],
        tokens=["ember-charm", "tide-charm", "wind-charm"],
        spaces=["grove", "summit"],
    )


def begin(adventure, member, players=THREE, **kwargs):
    return table.begin_mission(
        adventure=adventure, by=member.user, players=players, first_player=players[0], **kwargs
    )


def url(attempt, name="table"):
    adventure = attempt.adventure
    return reverse(f"table:{name}", args=[adventure.group_id, adventure.pk, attempt.number])


def move(attempt, payload, member):
    attempt.refresh_from_db()
    return table.submit_move(attempt=attempt, move=payload, version=attempt.version, by=member.user)


def post(member_client, attempt, data):
    attempt.refresh_from_db()
    return member_client.post(url(attempt, "move"), {**data, "version": attempt.version}, **HTMX)


def state(attempt):
    return table.state_of(MissionAttempt.objects.get(pk=attempt.pk))


# --- The setup the driver builds -----------------------------------------------------------


@pytest.mark.parametrize("envelope", sorted(MOON))
def test_each_moon_tile_of_the_campaign_becomes_a_rule(member, envelope):
    """Seed 003, 'The Moon Path': a Moon tile from a black envelope "brings disadvantages that
    stack and last until the end of the game": every later mission's setup carries it."""
    effect, name = MOON[envelope]
    attempt = begin(adventure_with(member, envelopes=[envelope]), member)
    setup = attempt.setup
    assert {e: shown(n) for e, n in setup["moon_names"].items()} == {effect: name}
    if effect == "one-fewer-round":
        assert setup["rounds"] == 6
        assert "moon_effects" not in setup
    else:
        assert setup["rounds"] == 7
        assert setup["moon_effects"] == [effect]
    assert spirits.setup_from_dict(setup).moon_effects == tuple(setup.get("moon_effects", ()))


def test_moon_tiles_stack(member):
    adventure = adventure_with(member, envelopes=sorted(MOON))
    setup = begin(adventure, member).setup
    assert setup["rounds"] == 6
    assert setup["moon_effects"] == ["no-trump-first-round", "discard-at-start", "lead-trump-first"]


def test_power_tiles_on_spaces_and_power_tokens_held_become_powers(member):
    """Seed 003, 'Rewards': Power tokens "can be used in every mission"; Power tiles go on unlocked
    Power spaces before a mission. Each of the pack's Powers reaches the engine with its name."""
    adventure = adventure_with_every_power(member)
    loadout = EVERY_POWER
    setup = begin(adventure, member, loadout=loadout).setup
    assert setup["powers"] == [
        "any-colour-edge",
        "choose-trump",
        "quiet-token",
        "ignore-must-follow",
        "name-missing-colour",
        "swap-cards",
    ]
    assert {p: shown(n) for p, n in setup["power_names"].items()} == {
        "any-colour-edge": "Lantern",
        "choose-trump": "Compass",
        "quiet-token": "Night Moth",
        "ignore-must-follow": "Wind Charm",
        "name-missing-colour": "Ember Charm",
        "swap-cards": "Tide Charm",
    }
    # A tile left in its envelope box is not in play: only the loadout's tiles are.
    assert "choose-trump" not in begin(
        adventure_with(member, envelopes=["C"]), member, loadout={}
    ).setup.get("powers", [])


def test_mission_rules_keep_unknown_effects_out_of_the_engine(member):
    """An effect the engine does not know (a group's own pack) stays text: nothing reaches the
    setup, which the engine would refuse."""
    adventure = AdventureFactory(group=member.group)
    pack = adventure.content_pack.pack()
    campaign = replace(services.current_state(adventure), moon_tiles=("dark-dawn",))
    odd_pack = replace(
        pack,
        moon=replace(
            pack.moon,
            tiles=tuple(replace(t, effect="howl") for t in pack.moon.tiles),
        ),
    )
    rules = mission_setup.mission_rules(odd_pack, campaign, {})
    assert rules["moon_effects"] == []
    assert (
        progression.mission_rounds(odd_pack, 1, moon_tiles=campaign.moon_tiles, holo_liana=False)
        == pack.mission(1).rounds
    )
    assert {e: shown(n) for e, n in rules["moon_names"].items()} == {"howl": "Dark Dawn"}


# --- Moon tiles at the table ----------------------------------------------------------------


def test_pale_crescent_no_trump_in_round_one(member_client, member):
    """moon.json 'pale-crescent': "The Trump card is ignored in round 1: the first trick has no
    trump." The table says so, and the highest card of the colour led wins."""
    attempt = begin(adventure_with(member, envelopes=["moon-first"]), member)
    page = member_client.get(url(attempt)).content.decode()
    assert "No trump this round (Pale Crescent)" in page
    assert "☾ <strong>Pale Crescent</strong>: no trump in round 1" in page
    for card in ("red-3", "blue-1", "red-1"):  # blue is the Trump card of Mission 1
        response = post(member_client, attempt, {"kind": "play", "card": card})
    trick = state(attempt).tricks[0]
    assert (trick.winner, trick.trump) == ("Ana", None)
    html = response.content.decode()
    assert "No trump this round" not in html
    assert "next trump" in html


def test_waning_veil_asks_for_the_trump_lead_and_flags_a_provable_revoke(member_client, member):
    """moon.json 'waning-veil': "The first trick of each mission must be led in the trump colour,
    if possible." Hands are unknown at a real table: leading another colour is accepted, shows
    the leader holds no trump, and a later trump from them is flagged as a provable revoke."""
    attempt = begin(adventure_with(member, envelopes=["moon-last"]), member)
    page = member_client.get(url(attempt)).content.decode()
    assert "Lead in ≈ Blue if you can (Waning Veil)" in page
    for card in ("red-3", "red-5", "red-1"):  # Ana leads red though blue is asked
        response = post(member_client, attempt, {"kind": "play", "card": card})
    assert "if you can (Waning Veil)" not in response.content.decode()
    assert state(attempt).tricks[0].required_lead == "blue"
    helpers.play(attempt, member.user)  # Ben's red-5 won: place it
    for card in ("green-1", "green-2", "blue-3"):  # Ben, Cy, then Ana plays blue
        response = post(member_client, attempt, {"kind": "play", "card": card})
    assert "Provable revoke: Ana (round 2)" in response.content.decode()


def test_glaring_eye_starts_with_a_discard_step(member_client, member):
    """moon.json 'glaring-eye': "At the start of each mission, every player discards one card face
    down." Before the first trick each player records a discard, as after a Whirlpool."""
    attempt = begin(adventure_with(member, envelopes=["moon-full"]), member)
    page = member_client.get(url(attempt)).content.decode()
    assert "Glaring Eye: every player discards a card" in page
    assert "Glaring Eye: before the first trick, every player discards one card, face down" in page
    refused = post(member_client, attempt, {"kind": "play", "card": "blue-1"})
    assert 'data-code="discard-required"' in refused.content.decode()
    for seat in THREE:
        response = post(member_client, attempt, {"kind": "discard", "seat": seat})
        assert response.status_code == 200
        assert "HX-Request" in response["Vary"]
        assert response.content.lstrip().startswith(b'<div id="table"')
    after = state(attempt)
    assert after.phase == "play"
    assert [(d.seat, d.card, d.round) for d in after.discards] == [(s, None, 0) for s in THREE]


def test_dark_dawn_plays_one_round_fewer(member):
    attempt = begin(adventure_with(member, envelopes=["moon-new"]), member)
    assert table.state_of(attempt).rounds == 6
    helpers.play_out(attempt, member.user)
    attempt.refresh_from_db()
    assert attempt.rounds_played == 6


# --- Powers at the table --------------------------------------------------------------------


@pytest.fixture
def powered(member):
    """Mission 1 with every Power: the Lantern, Compass and Night Moth on three unlocked spaces,
    the three charms held; a Whirlpool and a Mist token on the board."""
    adventure = adventure_with_every_power(member)
    loadout = EVERY_POWER
    setup = helpers.setup_with_tokens(adventure, THREE, loadout=loadout)
    return table.begin_mission(
        adventure=adventure, by=member.user, players=[], first_player="", setup=setup,
        loadout=loadout,
    )  # fmt: skip


def usable(page):
    return re.search(r'data-usable="([^"]*)"', page).group(1).split()


def test_the_power_section_lists_every_power_with_a_control(member_client, powered):
    page = member_client.get(url(powered)).content.decode()
    for power, name in powered.setup["power_names"].items():
        assert f'<li id="power-{power}" class="power-row">' in page
        assert f"<strong>{shown(name)}</strong>" in page
    # Before the first trick: everything but the Compass (no Decision card yet) and the Wind
    # Charm (nothing to follow) can be used.
    assert usable(page) == ["any-colour-edge", "quiet-token", "name-missing-colour", "swap-cards"]
    assert '<option value="5,6,E">▲ Red edge east of 5,6</option>' in page
    assert '<option value="0,0">◎ Whirlpool on 0,0</option>' in page
    assert '<option value="11,11">☁▲ Mist (Red) on 11,11</option>' in page
    assert "Record that Tide Charm is used" in page
    assert "(the table cannot see it: it records the use)" in page


def test_the_compass_sets_the_next_trump(member_client, powered, member):
    """power.json 'compass': "choose the trump colour of the next round instead of the Decision
    card". Refused before a trick is won; once used its button is disabled."""
    refused = post(
        member_client, powered, {"kind": "power", "power": "choose-trump", "colour": "red"}
    )
    assert 'data-code="wrong-phase"' in refused.content.decode()
    helpers.play_until(powered, member.user, "place")
    page = member_client.get(url(powered)).content.decode()
    assert "choose-trump" in usable(page)
    assert '<option value="blue">≈ Blue</option>' in page  # a colour always with its symbol
    response = post(
        member_client, powered, {"kind": "power", "power": "choose-trump", "colour": "red"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert "(Compass)" in html
    assert '<li id="power-choose-trump" class="power-row used">' in html
    assert '<button type="button" disabled>✔ Used</button> ▲ Red is the trump of round 2' in html
    assert response.content.lstrip().startswith(b'<div id="table"')
    assert state(powered).trump == "red"
    again = post(
        member_client, powered, {"kind": "power", "power": "choose-trump", "colour": "blue"}
    )
    assert 'data-code="power-used"' in again.content.decode()
    assert "choose-trump" not in usable(member_client.get(url(powered)).content.decode())
    last = AttemptMove.objects.filter(attempt=powered).latest("seq")
    described = render(table.describe_move(last.payload))
    assert described == "chose red as the next round's trump (Power)"


def test_the_lantern_lets_a_tile_lie_against_the_red_edge(member_client, powered, member):
    """power.json 'lantern': "one coloured edge accepts a Spirit tile of any colour": the edge is
    shown as such, the placement preview no longer checks it, and placing a tile of another
    colour against it asks nothing and breaks nothing."""
    for card in ("blue-3", "purple-1", "green-1"):  # blue-3 wins: not red
        post(member_client, powered, {"kind": "play", "card": card})
    response = post(
        member_client, powered, {"kind": "power", "power": "any-colour-edge", "edge": "5,6,E"}
    )
    html = response.content.decode()
    assert '"edges": []' in html
    assert 'class="edge edge-E c-red any"' in html
    assert "Red edge east, accepts any colour" in html
    assert "▲ Red edge east of 5,6 now accepts any colour" in html
    assert response.content.lstrip().startswith(b'<div id="table"')
    placed = post(member_client, powered, {"kind": "place", "cells": "5,7 5,8 5,9 6,7"})
    assert str(table.EDGE_WARNING) not in placed.content.decode()
    assert state(powered).violations == ()


def test_the_night_moth_quiets_the_whirlpool(member_client, powered, member):
    """power.json 'moth': "cover a Whirlpool or Mist token without applying its effect": covered
    after the Moth named it, the Whirlpool asks for no discard."""
    response = post(
        member_client, powered, {"kind": "power", "power": "quiet-token", "token": "0,0"}
    )
    html = response.content.decode()
    assert re.search(r'<span class="cell token whirlpool quiet" id="cell-0-0"', html)
    assert "Whirlpool token, no effect when covered" in html
    bad = post(member_client, powered, {"kind": "power", "power": "quiet-token", "token": "x"})
    assert str(TOKEN_NEEDED) in text(bad)
    helpers.play_until(powered, member.user, "place")
    helpers.play(powered, member.user, cover=helpers.WHIRLPOOL_CELL)
    after = state(powered)
    assert after.phase == "play"
    assert after.pending_discards == ()


def test_the_wind_charm_frees_the_player_due(member_client, powered, member):
    """power.json 'wind-charm': "one player may play a card without following the lead colour".
    The table cannot know hands: it raises no revoke flag for that play, later either."""
    post(member_client, powered, {"kind": "play", "card": "blue-1"})
    page = member_client.get(url(powered)).content.decode()
    assert "ignore-must-follow" in usable(page)
    form = page[page.index('<form id="power-ignore-must-follow-form"') :]
    assert '<input type="hidden" name="seat" value="Ben">' in form[: form.index("</form>")]
    stale = post(
        member_client, powered, {"kind": "power", "power": "ignore-must-follow", "seat": "Cy"}
    )
    assert 'data-code="not-your-turn"' in stale.content.decode()
    response = post(
        member_client, powered, {"kind": "power", "power": "ignore-must-follow", "seat": "Ben"}
    )
    assert "Wind Charm: Ben may play any card, without following the lead." in (
        response.content.decode()
    )
    for card in ("red-2", "blue-3"):
        post(member_client, powered, {"kind": "play", "card": card})
    assert state(powered).voids == ()
    last_power = AttemptMove.objects.filter(attempt=powered, payload__has_key="power").get()
    assert render(table.describe_move(last_power.payload)) == (
        "let Ben play without following the lead (Power)"
    )


def test_the_charms_the_table_cannot_check_are_recorded(member_client, powered):
    for power, name in (("name-missing-colour", "Ember Charm"), ("swap-cards", "Tide Charm")):
        response = post(member_client, powered, {"kind": "power", "power": power})
        html = response.content.decode()
        assert f'<li id="power-{power}" class="power-row used">' in html
        assert f"<strong>{shown(name)}</strong>" in html
        assert "used in round 1" in html
        assert f"Record that {name} is used" not in html
    uses = [u.power for u in state(powered).powers_used]
    assert uses == ["name-missing-colour", "swap-cards"]


def test_power_moves_need_their_choice(member_client, powered):
    for data, message in (
        ({"power": "any-colour-edge"}, EDGE_NEEDED),
        ({"power": "any-colour-edge", "edge": "5,6,X"}, EDGE_NEEDED),
        ({"power": "choose-trump"}, COLOUR_NEEDED),
        ({"power": "quiet-token"}, TOKEN_NEEDED),
    ):
        assert str(message) in text(post(member_client, powered, {"kind": "power", **data}))
    assert not AttemptMove.objects.filter(attempt=powered).exists()


def test_undo_gives_a_power_back(member_client, powered):
    post(member_client, powered, {"kind": "power", "power": "swap-cards"})
    powered.refresh_from_db()
    member_client.post(url(powered, "undo"), {"version": powered.version}, **HTMX)
    page = member_client.get(url(powered)).content.decode()
    assert "swap-cards" in usable(page)
    assert '<li id="power-swap-cards" class="power-row">' in page


def test_every_power_move_answers_with_the_table_region(member_client, powered, member):
    post(member_client, powered, {"kind": "power", "power": "quiet-token", "token": "11,11"})
    post(member_client, powered, {"kind": "power", "power": "name-missing-colour"})
    post(member_client, powered, {"kind": "play", "card": "blue-1"})
    for data in (
        {"power": "ignore-must-follow", "seat": "Ben"},
        {"power": "choose-trump", "colour": "green"},
    ):
        if data["power"] == "choose-trump":
            helpers.play_until(powered, member.user, "place")
        response = post(member_client, powered, {"kind": "power", **data})
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<div id="table"')
    assert len(state(powered).powers_used) == 4


def test_powers_and_moon_tiles_add_no_query_to_a_move(member):
    """A move reads and writes the same rows whatever Moon tiles and Powers are in force."""
    plain = begin(AdventureFactory(group=member.group), member)
    adventure = adventure_with(
        member, envelopes=["moon-first", "moon-last", "B"], tokens=["wind-charm"]
    )
    ruled = begin(adventure, member, loadout={"hearth": "lantern"})
    counts = []
    for attempt in (plain, ruled):
        attempt.refresh_from_db()
        with CaptureQueriesContext(connection) as queries:
            table.submit_move(
                attempt=attempt, move={"play": "blue-3"}, version=attempt.version, by=member.user
            )
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    ("payload", "text"),
    [
        (
            {"power": "any-colour-edge", "cell": [5, 6], "side": "E"},
            "made the coloured edge E of 5,6 accept any colour (Power)",
        ),
        ({"power": "choose-trump", "colour": "red"}, "chose red as the next round's trump (Power)"),
        ({"power": "quiet-token", "cell": [0, 0]}, "quieted the token on 0,0 (Power)"),
        (
            {"power": "ignore-must-follow"},
            "let the player due play without following the lead (Power)",
        ),
        ({"power": "name-missing-colour"}, "each player named a colour they hold none of (Power)"),
        ({"power": "swap-cards"}, "two players passed each other a card face down (Power)"),
        ({"power": "fly"}, "used a Power"),
    ],
)
def test_power_moves_are_described_in_the_move_log(payload, text):
    """The audit trail (an undo) and the move list say what each Power move did."""
    assert render(table.describe_move(payload)) == text
