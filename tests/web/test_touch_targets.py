"""The measures the every-page test applies (``tests.support.targets``), on rectangles drawn by
hand: WCAG 2.2 success criterion 2.5.8 (Target Size, Minimum), its Spacing exception, and which
controls are main actions held to 44 × 44 px (2.5.5)."""

from tests.support.targets import Target, is_main_action, spaced_as_wcag_allows, too_small


def target(x: float, y: float, width: float = 10, height: float = 10, **kind: object) -> Target:
    fields = {"tag": "a", "type": "", "classes": (), "nav": None, "opens_form": False,
              "data_act": False, "name": "t"} | kind  # fmt: skip
    return Target(x=x, y=y, width=width, height=height, **fields)  # type: ignore[arg-type]


def test_an_undersized_target_alone_is_spaced() -> None:
    small = target(100, 100)
    assert spaced_as_wcag_allows(small, [small])


def test_a_circle_that_reaches_another_target_is_crowded() -> None:
    """2.5.8: the 24 px circle centred on the 10 px target (centre 105,105, radius 12) reaches a
    large target whose edge is 11 px from the centre, not one 13 px away."""
    small = target(100, 100)
    near = target(116, 90, 44, 44)  # left edge at x = 116: 11 px from the centre
    far = target(118, 90, 44, 44)  # 13 px
    assert not spaced_as_wcag_allows(small, [small, near])
    assert spaced_as_wcag_allows(small, [small, far])


def test_two_undersized_targets_need_their_circles_apart() -> None:
    """2.5.8: the circles of two undersized targets may not intersect: centres 24 px apart
    touch, 20 px apart overlap."""
    first = target(100, 100)
    touching = target(124, 100)
    overlapping = target(120, 100)
    assert spaced_as_wcag_allows(first, [first, touching])
    assert not spaced_as_wcag_allows(first, [first, overlapping])


def test_a_target_inside_another_is_the_same_place_to_tap() -> None:
    card = target(0, 0, 300, 100)
    inner = target(10, 10)
    assert spaced_as_wcag_allows(inner, [card, inner])


def test_main_actions() -> None:
    assert is_main_action(target(0, 0, tag="button", type="submit"))
    assert not is_main_action(target(0, 0, tag="button", type="submit", classes=("link",)))
    assert is_main_action(target(0, 0, classes=("button",)))
    assert is_main_action(target(0, 0, tag="button", type="button", data_act=True))
    assert is_main_action(target(0, 0, tag="summary", opens_form=True))
    assert not is_main_action(target(0, 0, tag="summary"))
    assert is_main_action(target(0, 0, nav=("adventure-nav",)))
    assert not is_main_action(target(0, 0, nav=("site-nav",)))
    assert not is_main_action(target(0, 0, nav=("breadcrumbs",)))
    assert not is_main_action(target(0, 0, tag="input", type="checkbox"))


def test_too_small_names_what_fails() -> None:
    nav_link = target(0, 0, 80, 23, nav=("adventure-nav",), name="History")
    checkbox = target(0, 100, 13, 13, tag="input", type="checkbox", name="show-legal")
    label_link = target(14, 100, 40, 13, name="Why?")
    found = too_small([nav_link, checkbox, label_link])
    assert found == [
        "main action under 44 px: a 'History' 80×23",
        "under 24 px and crowded: input[checkbox] 'show-legal' 13×13",
    ]  # the link's own circle (centre 34, radius 12) reaches neither the checkbox nor its circle
    assert too_small([target(0, 0, 44, 44, tag="button", type="submit")]) == []
