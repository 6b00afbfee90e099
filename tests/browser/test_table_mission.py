"""A whole mission at the table in Chromium: a phone enters every move, a tablet watches.

Mission 16 of the sample pack (reached by logging Missions 1–15) has a Whirlpool and a Mist
token, Night mode is on, and the Moon tiles of the first 15 Moon Path boxes are in force. The
3-player mission plays without the Automa, the 2-player one with it; both discard at the start
(a Moon tile), cover the Whirlpool and the Mist, try an illegal placement, undo a move, and end
with the result recorded in the campaign.
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import MissionAttempt
from campaign.table import services as table
from games.rules.spirits.shapes import normalise
from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.factories import AdventureFactory, UserFactory, log_attempt
from tests.support.fixtures import database_url_for_subprocess, open_sessions
from tests.support.servers import ROOT, ServerProcess

pytestmark = pytest.mark.browser
RIVER = ["blue-1", "purple-1", "red-1", "green-1"]


@pytest.fixture
def browser_session(table_session):
    """Every device on the ASGI server (``table_session``)."""
    return table_session


def arrange():
    ana = UserFactory(username="ana")
    bea = UserFactory(username="bea")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    Membership.objects.create(group=group, user=bea, role=Role.PLAYER)
    adventure = AdventureFactory(group=group)
    for _ in range(15):
        log_attempt(adventure)
    adventure.refresh_from_db()
    assert adventure.current_mission == 16
    return adventure


# A game's event stream, refused to a device to cut it off (``play_mission``).
STREAM = re.compile(r"/events/(\?.*)?$")
# Another device shows a move without any reload: pushed, then fetched (well under a poll's 2 s).
SEEN_MS = 4000


def seen(devices, version):
    """Every watching device shows ``version`` of the table, without a reload."""
    for device in devices:
        device.page.wait_for_selector(f'#table[data-version="{version}"]', timeout=SEEN_MS)


def current_version(attempt):
    attempt.refresh_from_db()
    return attempt.version


def play_mission(browser_session, players, phones=1):
    """The mission on one phone that enters every move, ``phones - 1`` more phones at 360 px and
    a tablet that watch; every step is seen on every other device."""
    adventure = arrange()
    phone = browser_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(reverse("table:setup", args=[adventure.group_id, adventure.pk]))
    assert page.get_by_text("Limited communication").is_visible()
    assert page.locator("#setup-grid .cell.whirlpool").count() == 1
    assert page.locator("#setup-grid .cell.mist").count() == 1
    phone.shot("setup")
    page.get_by_label("Players, in seating order").fill("\n".join(players))
    page.get_by_label("First player").fill(players[0])
    if len(players) == 2:
        for card in RIVER:
            page.locator(f'input[name="automa_river"][value="{card}"]').check()
    phone.shot("setup-filled")
    page.get_by_role("button", name="Start the mission").click()
    page.wait_for_url(re.compile(r"/table/\d+/$"))
    driver.sit(phone)
    attempt = MissionAttempt.objects.get(adventure=adventure, status="open")
    phone.shot("table-start")

    watchers = []
    for n in range(2, phones + 1):
        other = browser_session(width=360, name=f"phone{n}")
        driver.log_in(other, "bea")
        other.page.goto(page.url)
        driver.sit(other)
        watchers.append(other)
    tablet = browser_session(width=800, name="tablet")
    driver.log_in(tablet, "bea")
    tablet.page.goto(page.url)
    driver.sit(tablet)
    tablet.shot("table-start")
    watchers.append(tablet)
    for device in watchers:  # each has heard its stream's first word: it is live
        device.page.wait_for_function("document.getElementById('live') !== null")

    # The Moon tiles of boxes 4, 9 and 15 are in force: the Glaring Eye asks every player to
    # discard before the first trick, and the Pale Crescent leaves round 1 without trump.
    assert page.get_by_text("Glaring Eye: before the first trick").is_visible()
    assert page.get_by_text("No trump this round (Pale Crescent)").is_visible()
    rounds = adventure.content_pack.pack().mission(16).rounds
    assert table.state_of(attempt).rounds == rounds - 1  # the Dark Dawn
    driver.play_until(phone, attempt.pk, "play")
    discards = len(players) if len(players) > 2 else 2
    seen(watchers, discards)

    # A card entered on the phone shows on every other device at once.
    first = driver.step(phone, attempt.pk)
    seen(watchers, discards + 1)
    for device in watchers:
        expect(device.page.locator(f"#card-{first['play']}")).to_be_disabled()
    phone.shot("first-card")
    tablet.shot("sees-first-card")

    # Undo it (audited): the screen says what it undid; then enter it again.
    page.get_by_role("button", name="Undo last move").click()
    driver.wait_version(phone, discards + 2)
    # The seats are the members' names (ana), whatever case the setup form was given.
    undid = re.compile(f"ana undid {players[0]}'s", re.IGNORECASE)
    expect(page.locator("#announcement")).to_contain_text(undid)
    for device in watchers:  # announced on every device
        expect(device.page.locator("#announcement")).to_contain_text(undid)
    assert page.locator(f"#card-{first['play']}").is_enabled()
    seen(watchers, discards + 2)
    for device in watchers:
        expect(device.page.locator(f"#card-{first['play']}")).to_be_enabled()
    phone.shot("undone")

    driver.play_until(phone, attempt.pk, "place")
    phone.shot("resolution-and-placement")
    _, state = driver.attempt_state(attempt.pk)
    assert page.locator("#trick .resolution").is_visible()
    # While placing, the board's cells are touch targets of 44 px at least.
    box = page.locator("#grid .cell").first.bounding_box()
    assert box["width"] >= 43.5
    assert box["height"] >= 43.5

    # An illegal position: the preview says why before anything is committed; the engine refuses,
    # and the refusal reads next to the button that sent it.
    mission_cell = sorted(state.board_occupancy())[0]
    page.locator(f'#grid .cell[data-r="{mission_cell[0]}"][data-c="{mission_cell[1]}"]').click()
    assert page.locator("#preview-text").get_attribute("data-level") == "bad"
    assert page.locator("#preview-text").inner_text() == (
        "A Spirit tile cannot cover a Mission tile or another Spirit tile."
    )
    assert page.locator("#preview-rule").get_attribute("href") == (
        "/reference/spirits/#placing-the-spirit-tile"
    )
    phone.shot("illegal-preview")
    page.locator("#place-button").click()
    page.wait_for_selector('#place-form .refusal[data-code="overlap"]')
    phone.shot("illegal-refused")
    # Keyboard: focus the board, rotate with R, move with the arrow keys.
    page.locator("#grid").focus()
    side = page.locator("#tile-side").inner_text()
    page.keyboard.press("r")
    assert page.locator("#tile-side").inner_text() != side
    page.keyboard.press("ArrowDown")

    # A placement, covering the Whirlpool: every other device sees it. One phone is cut off
    # meanwhile: back online, it shows the current table. Playwright's offline mode leaves an
    # open stream open, so that phone's stream is refused from its next page on (it keeps up by
    # polling the table's stamp, ``static/js/table.js``) before it goes offline, and its polls
    # fail too.
    whirlpool = next(list(t.cell) for t in state.tokens if t.kind == "whirlpool")
    mist = next(list(t.cell) for t in state.tokens if t.kind == "mist")
    offline = watchers[0] if len(watchers) > 1 else None
    online = [w for w in watchers if w is not offline]
    if offline is not None:
        offline.context.route(STREAM, lambda route: route.abort())
        offline.page.reload()
        offline.context.set_offline(True)
        before = current_version(attempt)
    driver.step(phone, attempt.pk, cover=whirlpool)
    seen(online, current_version(attempt))
    for device in online:
        assert device.page.get_by_text("Whirlpool covered").is_visible()
    phone.shot("whirlpool-discards")
    tablet.shot("sees-whirlpool")
    # The Whirlpool's discards: each seen on every other device.
    while driver.attempt_state(attempt.pk)[1].phase == "discard":
        driver.step(phone, attempt.pk)
        seen(online, current_version(attempt))
    if offline is not None:
        # Cut off, it still shows the table from before the placement.
        assert offline.page.locator("#table").get_attribute("data-version") == str(before)
        offline.context.set_offline(False)
        offline.page.wait_for_selector(
            f'#table[data-version="{current_version(attempt)}"]', timeout=10_000
        )
        offline.shot("back-online")
        offline.context.unroute(STREAM)
        offline.page.reload()  # its stream again, for the rest of the mission
    driver.play_until(phone, attempt.pk, "play")

    # Cover the Mist: its colour must lead the next trick, on every device.
    driver.play_until(phone, attempt.pk, "place")
    driver.step(phone, attempt.pk, cover=mist)
    if driver.attempt_state(attempt.pk)[1].phase == "mist-colour":
        driver.step(phone, attempt.pk)
    assert page.locator("#status .mist-rule").is_visible()
    phone.shot("mist-lead")
    seen(watchers, current_version(attempt))
    for device in watchers:
        assert device.page.locator("#status .mist-rule").is_visible()
    tablet.shot("sees-mist")

    # The mission's last move says so before it is sent; the result shows everywhere.
    driver.play_until(phone, attempt.pk, "place", last=True)
    assert page.get_by_role("button", name="Place the tile and end the mission").is_visible()
    phone.shot("last-placement")
    driver.play_until(phone, attempt.pk, "over")
    page.wait_for_selector("#trick .result")
    attempt.refresh_from_db()
    assert attempt.status in ("success", "failure")
    assert page.get_by_text("What changed in the campaign").is_visible()
    # After the result: its duration, and no next trump or leader (no trick follows).
    minutes = attempt.duration_minutes
    assert page.locator("#result-duration").inner_text() == (
        f"Played in {minutes} minute" + ("" if minutes == 1 else "s")
    )
    assert "next trump" not in page.locator("#trick-resolution").inner_text()
    phone.shot("result")
    for device in watchers:
        device.page.wait_for_selector("#trick .result", timeout=SEEN_MS)
        assert device.page.get_by_text("What changed in the campaign").is_visible()
    tablet.shot("result")
    return attempt


def test_three_players_play_a_whole_mission(browser_session, transactional_db):
    """Four devices on one mission: three phones at 360 px and a tablet."""
    attempt = play_mission(browser_session, ["Ana", "Ben", "Cy"], phones=3)
    assert attempt.moves.filter(undone_at__isnull=False).count() == 1


def test_two_players_play_a_whole_mission_with_the_automa(browser_session, transactional_db):
    attempt = play_mission(browser_session, ["Ana", "Ben"])
    assert any("automa" in m.payload for m in attempt.moves.all())


def test_a_table_moves_a_placed_spirit_tile_with_the_power(browser_session, transactional_db):
    """Seed 003: a placed Spirit tile moves only with a Power tile that allows it (here the
    Gust of Wind in the loadout): pick the tile by tapping it, preview its new place with the
    placement's controls, confirm; the engine refuses an illegal target; the control is then
    disabled."""
    from campaign.table import services as table
    from tests.campaign import table_helpers as helpers

    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    adventure = AdventureFactory(group=group)
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    setup["powers"] = ["move-spirit-tile"]
    setup["power_names"] = {"move-spirit-tile": "Gust of Wind"}
    attempt = table.begin_mission(adventure=adventure, by=ana, players=[], first_player="",
                                  setup=setup)  # fmt: skip
    helpers.play_until(attempt, ana, "place")
    helpers.play(attempt, ana)
    attempt, state = driver.attempt_state(attempt.pk)
    moved = state.placed[0]
    tokens = helpers.token_cells(state)
    shape = normalise(moved.cells)
    power = next(
        m
        for m in table.spirits.legal_moves(state)
        if "power" in m
        and normalise(tuple(map(tuple, m["to"]))) == shape
        and not {tuple(c) for c in m["to"]} & tokens
    )

    phone = browser_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(reverse("table:table", args=[group.pk, adventure.pk, attempt.number]))
    driver.sit(phone)
    assert page.locator("#power-move-spirit-tile .power-use").is_visible()
    summary = page.get_by_text("Use Gust of Wind: move a placed Spirit tile")
    assert summary.is_visible()
    summary.click()
    # Pick the tile by tapping one of its cells: the drop-down follows, the preview starts there.
    r, c = moved.cells[0]
    page.locator(f'#grid .cell[data-r="{r}"][data-c="{c}"]').click()
    assert page.locator("#power-tile option:checked").get_attribute("data-card") == moved.card
    assert page.locator("#power-text").get_attribute("data-level") == "warn"
    phone.shot("power-picked")
    # An illegal target: the preview says so, the engine refuses it.
    page.locator("#grid .cell.mission").first.click()
    assert page.locator("#power-text").get_attribute("data-level") == "bad"
    assert "cannot cover a Mission tile" in page.locator("#power-text").inner_text()
    page.locator("#power-button").click()
    page.wait_for_selector('.table-message[data-code="overlap"]')
    assert not table.state_of(MissionAttempt.objects.get(pk=attempt.pk)).powers_used
    # A legal target, then confirm.
    first = sorted(map(tuple, power["to"]))[0]
    page.locator(f'#grid .cell[data-r="{first[0]}"][data-c="{first[1]}"]').click()
    assert page.locator("#power-text").get_attribute("data-level") in ("ok", "warn")
    assert page.locator("#power-text").inner_text().startswith("Legal")
    phone.shot("power-target")
    page.locator("#power-button").click()
    driver.wait_version(phone, attempt.version + 1)
    assert page.locator("#power-details").count() == 0
    gust = page.locator("#power-move-spirit-tile")
    expect(gust.get_by_role("button", name="✔ Used")).to_be_disabled()
    assert gust.get_by_text("moved").is_visible()
    for r, c in power["to"]:
        expect(page.locator(f"#cell-{r}-{c}")).to_have_attribute("data-tile", moved.card)
    after = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
    assert sorted(after.placed[0].cells) == sorted(map(tuple, power["to"]))
    phone.shot("power-used")


def test_a_mission_with_moon_tiles_and_powers(browser_session, transactional_db):
    """Moon tiles and Powers at the table (seed 003, 'The Moon Path', 'Rewards'; the sample pack's
    moon.json and power.json): with the Glaring Eye and the Pale Crescent in force, the mission
    starts with a discard step and a first trick without trump; the Compass, put on the Hearth
    space at setup, chooses the second round's trump; the Wind Charm lets a player not follow.
    Each Power's button is disabled once used."""
    from campaign import services
    from games.rules.spirits.campaign import GAIN_TOKEN, OPEN_ENVELOPE

    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    adventure = AdventureFactory(group=group)
    for kind, target in (
        (OPEN_ENVELOPE, "moon-first"),
        (OPEN_ENVELOPE, "moon-full"),
        (OPEN_ENVELOPE, "C"),
        (GAIN_TOKEN, "wind-charm"),
    ):
        services.add_override(adventure=adventure, kind=kind, target=target, reason="", by=ana)

    phone = browser_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(reverse("table:setup", args=[group.pk, adventure.pk]))
    assert page.get_by_text("Pale Crescent").is_visible()
    # "Ana" is the member ana: her seat takes her name as the group knows it (players are people)
    page.get_by_label("Players, in seating order").fill("Ana\nBen\nCy")
    page.get_by_label("First player").fill("Ana")
    page.get_by_label("Power tile on Hearth space").select_option("compass")
    page.get_by_role("button", name="Start the mission").click()
    page.wait_for_url(re.compile(r"/table/\d+/$"))
    driver.sit(phone)
    attempt = MissionAttempt.objects.get(adventure=adventure, status="open")

    # The Glaring Eye: every player discards before the first trick.
    assert page.get_by_text("Glaring Eye: before the first trick").is_visible()
    assert page.get_by_text("No trump this round (Pale Crescent)").is_visible()
    assert page.locator("#power-choose-trump .power-later").is_visible()  # no Decision card yet
    phone.shot("moon-start-discards")
    for seat in ("ana", "Ben", "Cy"):
        assert driver.step(phone, attempt.pk) == {"discard": None, "seat": seat}
    assert page.locator('#status[data-phase="play"]').is_visible()

    # The Wind Charm: Ben need not follow Ana's lead.
    led = driver.step(phone, attempt.pk)["play"]
    colour = led.split("-")[0]
    wind = page.locator("#power-ignore-must-follow")
    assert wind.get_by_role("button").is_visible()
    phone.shot("wind-charm-offered")
    wind.get_by_role("button").click()
    driver.wait_version(phone, 5)
    assert page.get_by_text("Wind Charm: Ben may play any card").is_visible()
    assert wind.get_by_role("button", name="✔ Used").is_disabled()
    phone.shot("wind-charm-used")
    _, state = driver.attempt_state(attempt.pk)
    other = next(
        card.id
        for card in state.setup.cards
        if card.colour != colour and card.id not in state.spent and card.colour != "blue"
    )
    page.locator(f"#card-{other}").click()
    driver.wait_version(phone, 6)
    driver.play_until(phone, attempt.pk, "place")
    _, state = driver.attempt_state(attempt.pk)
    assert state.tricks[0].trump is None
    assert not state.voids  # the charmed play shows no void
    phone.shot("first-trick-without-trump")

    # The Compass: choose red as the trump of round 2.
    compass = page.locator("#power-choose-trump")
    compass.get_by_label("Trump of the next round").select_option("red")
    attempt, _ = driver.attempt_state(attempt.pk)
    compass.get_by_role("button", name="Use Compass").click()
    driver.wait_version(phone, attempt.version + 1)
    assert page.locator("#status").get_by_text("(Compass)").is_visible()
    assert compass.get_by_role("button", name="✔ Used").is_disabled()
    phone.shot("compass-used")
    driver.play_until(phone, attempt.pk, "over")
    page.wait_for_selector("#trick .result")
    attempt.refresh_from_db()
    assert attempt.status in ("success", "failure")
    _, state = driver.attempt_state(attempt.pk)
    assert state.tricks[1].trump == "red"
    assert [use.power for use in state.powers_used] == ["ignore-must-follow", "choose-trump"]
    phone.shot("result")


def test_the_lantern_and_the_night_moth_change_the_placement_preview(
    browser_session, transactional_db
):
    """power.json 'lantern' and 'moth': once the Lantern names the Standing Stone's red edge, the
    preview finds a blue tile against it legal and the engine agrees; once the Night Moth names the
    Whirlpool, the preview says covering it does nothing, and no discard follows."""
    from campaign.table import services as table
    from tests.campaign import table_helpers as helpers

    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    adventure = AdventureFactory(group=group)
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    setup["powers"] = ["any-colour-edge", "quiet-token"]
    setup["power_names"] = {"any-colour-edge": "Lantern", "quiet-token": "Night Moth"}
    attempt = table.begin_mission(adventure=adventure, by=ana, players=[], first_player="",
                                  setup=setup)  # fmt: skip
    for card in ("blue-3", "purple-1", "green-1"):  # blue-3 wins: an L tetromino, not red
        attempt.refresh_from_db()
        table.submit_move(attempt=attempt, move={"play": card}, version=attempt.version, by=ana)

    phone = browser_session(width=360, name="phone")
    driver.log_in(phone, "ana")
    page = phone.page
    page.goto(reverse("table:table", args=[group.pk, adventure.pk, attempt.number]))
    driver.sit(phone)
    against = [[5, 7], [5, 8], [5, 9], [6, 7]]  # against the red east edge of 5,6
    driver.preview_tile(phone, against)
    assert page.locator("#preview-text").get_attribute("data-level") == "warn"
    lantern = page.locator("#power-any-colour-edge")
    lantern.get_by_label("Coloured edge").select_option("5,6,E")
    lantern.get_by_role("button", name="Use Lantern").click()
    driver.wait_version(phone, 4)
    # htmx settles a swapped element's new attributes a moment after the swap: wait for them.
    expect(page.locator("#cell-5-6 .edge.any")).to_have_count(1)
    page.locator('#grid .cell[data-r="5"][data-c="7"]').click()
    assert page.locator("#preview-text").inner_text() == "Legal position."
    phone.shot("lantern-used")

    moth = page.locator("#power-quiet-token")
    moth.get_by_label("Token").select_option("0,0")
    moth.get_by_role("button", name="Use Night Moth").click()
    driver.wait_version(phone, 5)
    expect(page.locator("#cell-0-0")).to_have_class(re.compile(r"\bquiet\b"))
    # The same L over the quieted token at 0,0 (the preview turned to it, whatever it shows now).
    driver.preview_tile(phone, [[0, 0], [0, 1], [0, 2], [1, 0]])
    expect(page.locator("#preview-text")).to_contain_text("quieted: no effect")
    phone.shot("moth-used")
    driver.preview_tile(phone, against)
    page.locator("#place-button").click()
    driver.wait_version(phone, 6)
    after = table.state_of(MissionAttempt.objects.get(pk=attempt.pk))
    assert after.violations == ()
    assert page.locator(".confirm-edge").count() == 0


def test_a_device_on_a_second_server_process_sees_the_moves(
    chromium, transactional_db, redis_url, request
):
    """Two server processes as ``make serve`` runs them (the test database, one Redis): a card
    entered on a phone served by the first shows on a tablet served by the second, and so does
    its undo, without reload."""
    adventure = arrange()
    ana = Membership.objects.get(group=adventure.group, role=Role.OWNER).user
    attempt = table.begin_mission(adventure=adventure, by=ana, players=["Ana", "Ben", "Cy"],
                                  first_player="Ana")  # fmt: skip
    url = reverse("table:table", args=[adventure.group_id, adventure.pk, attempt.number])
    env = {"REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    logs = ROOT / "test-output" / "servers"
    servers = [
        ServerProcess(database_url_for_subprocess(), logs / f"{request.node.name}-{n}.log", **env)
        for n in (1, 2)
    ]
    first_server = open_sessions(chromium, servers[0].url, request)
    second_server = open_sessions(chromium, servers[1].url, request)
    try:
        phone = next(first_server)(width=360, name="phone")
        driver.log_in(phone, "ana")
        phone.page.goto(url)
        driver.sit(phone)
        tablet = next(second_server)(width=800, name="tablet-second-server")
        driver.log_in(tablet, "bea")
        tablet.page.goto(url)
        tablet.page.wait_for_selector('#table[data-version="0"]')
        driver.step(phone, attempt.pk)  # the Glaring Eye's first discard
        seen([tablet], 1)
        assert tablet.page.locator("#trick .discards button").count() == 2
        phone.page.get_by_role("button", name="Undo last move").click()
        seen([tablet], 2)
        assert tablet.page.locator("#trick .discards button").count() == 3
        tablet.shot("second-server-sees-undo")
    finally:
        next(first_server, None)
        next(second_server, None)
        for server in servers:
            server.stop()
