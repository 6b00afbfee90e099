"""Placing Spirit tiles on a 360 × 800 touch phone, one thumb, a whole mission (issue: game night
on a phone).

Seed 003 (the campaign game's rules, "Placing a Spirit tile"): the tile may be turned and turned
over and goes anywhere on the 12 × 12 grid it fits. The phone taps every card and places every
tile itself, towards each corner in turn and on both sides of the tile; after each tap on a cell
the whole preview is on the screen, "Place" is on the screen, and the page did not scroll between
the tap and the placement. After a placement, the card picker comes into view by itself.
"""

import json

import pytest
from django.urls import reverse

from campaign.table import services as table
from campaign.table.screen import tile_sides
from games.rules import spirits
from games.rules.spirits.shapes import normalise
from groups.models import Group, Membership, Role
from tests.browser import table_driver as driver
from tests.campaign import table_helpers as helpers
from tests.factories import AdventureFactory, UserFactory

pytestmark = pytest.mark.browser
CORNERS = [(0, 0), (0, 11), (11, 11), (11, 0)]


@pytest.fixture
def browser_session(table_session):
    """The phone on the ASGI server, as the live table is served."""
    return table_session


def choose(state, turn):
    """A legal placement breaking no coloured edge and covering no token, as near as possible to
    this turn's corner, on the back side of the tile every other turn when one is."""
    corner = CORNERS[turn % len(CORNERS)]
    back_wanted = turn % 2 == 1
    front = {tuple(map(tuple, normalise(shape))) for shape in _orientations(state, "front")}
    tokens = helpers.token_cells(state)

    def key(cells):
        shape = tuple(map(tuple, normalise(tuple(map(tuple, cells)))))
        on_back = shape not in front
        distance = min(abs(r - corner[0]) + abs(c - corner[1]) for r, c in cells)
        return (on_back != back_wanted, distance)

    candidates = [
        cells
        for cells in spirits.legal_placements(state)
        if not {tuple(c) for c in cells} & tokens
        and len(spirits.apply(state, {"place": cells}).violations) == len(state.violations)
    ]
    return min(candidates, key=key)


def _orientations(state, side):
    shape = tile_sides(state.decision)[side]
    for _ in range(4):
        yield shape
        shape = [[c, -r] for r, c in shape]


def in_viewport(box, width=360, height=800):
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width + 0.5
        and (box["y"] + box["height"] <= height + 0.5)
    )


SWIPE_TO = """([r, c]) => {
  const view = document.getElementById('board-view');
  const cell = document.getElementById('cell-' + r + '-' + c);
  const frame = view.getBoundingClientRect(), box = cell.getBoundingClientRect();
  if (box.left < frame.left) view.scrollLeft -= frame.left - box.left;
  if (box.right > frame.right) view.scrollLeft += box.right - frame.right;
  if (box.top < frame.top) view.scrollTop -= frame.top - box.top;
  if (box.bottom > frame.bottom) view.scrollTop += box.bottom - frame.bottom;
}"""


def tap_cell(page, cell):
    """Swipe the board's view until the cell shows (as a thumb pans it: only the board moves),
    then tap the cell where it is on the screen. Playwright's own tap would scroll the whole page
    to centre the cell, which no finger does."""
    page.evaluate(SWIPE_TO, list(cell))
    box = page.locator(f"#cell-{cell[0]}-{cell[1]}").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


PREVIEW_BOX = """() => {
  const cells = [...document.querySelectorAll('#grid .cell.preview')];
  if (!cells.length) return null;
  const boxes = cells.map((c) => c.getBoundingClientRect());
  const x = Math.min(...boxes.map((b) => b.left)), y = Math.min(...boxes.map((b) => b.top));
  return { x, y, width: Math.max(...boxes.map((b) => b.right)) - x,
           height: Math.max(...boxes.map((b) => b.bottom)) - y, count: cells.length };
}"""


def test_a_whole_mission_placed_by_thumb_on_a_phone(browser_session, transactional_db):
    ana = UserFactory(username="ana")
    group = Group.objects.create(name="Thursday crew")
    Membership.objects.create(group=group, user=ana, role=Role.OWNER)
    adventure = AdventureFactory(group=group)
    setup = helpers.setup_with_tokens(adventure, ["Ana", "Ben", "Cy"])
    setup["board"]["tokens"] = []  # every corner free to reach
    attempt = table.begin_mission(adventure=adventure, by=ana, players=[], first_player="",
                                  setup=setup)  # fmt: skip

    phone = browser_session(width=360, name="phone", has_touch=True, is_mobile=True)
    page = phone.page
    page.set_viewport_size({"width": 360, "height": 800})
    driver.log_in(phone, "ana")
    page.goto(reverse("table:table", args=[group.pk, adventure.pk, attempt.number]))
    driver.sit(phone)

    placed, sides, corners_reached = 0, set(), set()
    for _ in range(200):
        attempt, state = driver.attempt_state(attempt.pk)
        if state.phase == "over":
            break
        if state.phase != "place":
            driver.enter(phone, state, helpers.next_move(state))
            driver.wait_version(phone, attempt.version + 1)
            continue
        cells = choose(state, placed)
        shape = tuple(map(tuple, normalise(tuple(map(tuple, cells)))))
        front = {tuple(map(tuple, normalise(s))) for s in _orientations(state, "front")}
        sides.add("front" if shape in front else "back")
        corners_reached |= {tuple(c) for c in cells} & set(CORNERS)
        # Turn the tile with the controls' buttons, swipe the board to its first cell, tap it.
        before = page.evaluate("window.scrollY")
        target = [list(c) for c in shape]
        for step in range(8):
            shown = page.locator("#tile-preview").get_attribute("data-cells")
            if shown is not None and json.loads(shown) == target:
                break
            page.locator(f'#placement [data-act="{"rotate" if step % 4 != 3 else "flip"}"]').tap()
        first = sorted(map(tuple, cells))[0]
        tap_cell(page, first)
        tapped_at = page.evaluate("window.scrollY")
        assert tapped_at == before, f"placement {placed}: the page scrolled on the tap"
        # The tile beside the controls shows all of it (green 5 and blue 8 are five cells long).
        assert page.locator("#tile-preview .tp.on").count() == len(cells)
        box = page.evaluate(PREVIEW_BOX)
        assert box is not None, f"placement {placed}: no preview"
        assert box["count"] == len(cells)
        assert in_viewport(box), f"placement {placed} at {cells}: preview {box} off the screen"
        place = page.locator("#place-button")
        assert in_viewport(place.bounding_box()), f"placement {placed}: Place is off the screen"
        assert page.locator("#preview-text").get_attribute("data-level") == "ok"
        assert page.evaluate("window.scrollY") == tapped_at
        if placed < 4:  # the screen as the thumb sees it (a full-page shot would move the page)
            page.screenshot(path=str(phone.shots / f"placement-{placed}.png"))
        place.tap()
        driver.wait_version(phone, attempt.version + 1)
        placed += 1
        attempt, state = driver.attempt_state(attempt.pk)
        if state.phase == "play":
            picker = page.locator("#picker").bounding_box()
            assert picker is not None
            assert -1 <= picker["y"] < 800, "the picker did not come into view"
    else:
        raise AssertionError("the mission never ended")

    assert placed >= 4
    assert sides == {"front", "back"}, sides
    assert len(corners_reached) >= 3, corners_reached
    phone.shot("mission-over")
