"""Touch targets as WCAG 2.2 measures them: what a page lets a thumb tap, which of it is a main
action (44 × 44 CSS px, 2.5.5), and the 24 × 24 px minimum of every other target with its spacing
exception (2.5.8)."""

from __future__ import annotations

import math
from dataclasses import dataclass

MAIN_SIZE = 44  # WCAG 2.5.5 (AAA), and the "thumb-sized" for a main action
MINIMUM_SIZE = 24  # WCAG 2.5.8 (AA)

# What a person can tap, measured in the page: every rendered, visible interactive element, with
# what ``is_main_action`` reads. Rectangles are in page coordinates (scroll added). Elements of
# 1 px or less are the visually hidden ones (a skip link until it has the focus), not targets.
COLLECT = """() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=switch], '
    + '[tabindex]:not([tabindex="-1"])';
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const nav = el.closest('nav');
    const details = el.tagName === 'SUMMARY' ? el.parentElement : null;
    const name = (el.getAttribute('aria-label') || el.innerText || el.value || el.id || '');
    found.push({
      tag: el.tagName.toLowerCase(),
      type: (el.type || el.getAttribute('role') || '').toLowerCase(),
      classes: Array.from(el.classList),
      nav: nav ? Array.from(nav.classList) : null,
      opens_form: !!(details && details.querySelector('[type=submit]')),
      data_act: el.hasAttribute('data-act'),
      name: name.replace(/\\s+/g, ' ').trim().slice(0, 60),
      x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height,
    });
  }
  return found;
}"""

# Navigation that is not within a game or an adventure: the site's header and the breadcrumbs
# (way-finding across the site, 24 px targets like any other link).
SITE_NAVIGATION = {"site-nav", "breadcrumbs"}


@dataclass(frozen=True)
class Target:
    tag: str
    type: str
    classes: tuple[str, ...]
    nav: tuple[str, ...] | None
    opens_form: bool
    data_act: bool
    name: str
    x: float
    y: float
    width: float
    height: float

    @classmethod
    def read(cls, found: dict) -> Target:
        nav = found["nav"]
        return cls(
            **{
                **found,
                "classes": tuple(found["classes"]),
                "nav": None if nav is None else tuple(nav),
            }
        )

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def contains(self, other: Target) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.x + other.width <= self.x + self.width
            and other.y + other.height <= self.y + self.height
        )

    def describe(self) -> str:
        kind = self.tag + (f"[{self.type}]" if self.type else "")
        classes = "".join(f".{c}" for c in self.classes)
        return f"{kind}{classes} {self.name!r} {self.width:.0f}×{self.height:.0f}"


def is_main_action(target: Target) -> bool:
    """A control of a main action, which must be at least 44 × 44 px:

    - a submit button (``<button>`` of type submit, ``<input type=submit>``): it plays, places,
      moves, undoes, confirms or saves; except a button drawn as a link (class ``link``, "Log out",
      "Change" of a seat), which is a secondary action in running text;
    - a primary action (class ``primary``) and a link drawn as a button (class ``button``);
    - the table's own controls that are not submit buttons: the tile's move, rotate and turn-over
      buttons (``data-act``);
    - a disclosure that opens an action's form (a ``<summary>`` whose ``<details>`` holds a submit
      button: "Place a Destiny tile", "Abandon the mission" …);
    - a link of the navigation within a game, an adventure or the play log: any ``<nav>`` but
      the site's header and the breadcrumbs (``SITE_NAVIGATION``).

    Everything else (links in text, chips, checkboxes, fields, the header's links) is held to
    24 × 24 px or the spacing exception."""
    if target.tag in {"button", "input"} and target.type == "submit":
        return "link" not in target.classes
    if "primary" in target.classes or "button" in target.classes or target.data_act:
        return True
    if target.tag == "summary":
        return target.opens_form
    if target.tag == "a" and target.nav is not None:
        return not SITE_NAVIGATION & set(target.nav)
    return False


def circle_meets_rectangle(centre: tuple[float, float], radius: float, other: Target) -> bool:
    """Whether a circle and a target's bounding box overlap (touching is not overlapping)."""
    cx, cy = centre
    nearest_x = min(max(cx, other.x), other.x + other.width)
    nearest_y = min(max(cy, other.y), other.y + other.height)
    return math.hypot(cx - nearest_x, cy - nearest_y) < radius


def spaced_as_wcag_allows(target: Target, targets: list[Target]) -> bool:
    """WCAG 2.2 success criterion 2.5.8, its Spacing exception: an undersized target passes if a
    24 px diameter circle centred on its bounding box intersects no other target, nor the same
    circle of another undersized target. A target that encloses this one or lies inside it (a
    button in a clickable card) is the same place to tap, not another target."""
    radius = MINIMUM_SIZE / 2
    for other in targets:
        if other is target or other.contains(target) or target.contains(other):
            continue
        if circle_meets_rectangle(target.centre, radius, other):
            return False
        undersized = other.width < MINIMUM_SIZE or other.height < MINIMUM_SIZE
        if undersized and math.dist(target.centre, other.centre) < 2 * radius:
            return False
    return True


def too_small(targets: list[Target]) -> list[str]:
    """The targets of a page that break the rules above, described for a failure message."""
    failures = []
    for target in targets:
        if is_main_action(target):
            if target.width < MAIN_SIZE or target.height < MAIN_SIZE:
                failures.append(f"main action under {MAIN_SIZE} px: {target.describe()}")
        elif (
            target.width < MINIMUM_SIZE or target.height < MINIMUM_SIZE
        ) and not spaced_as_wcag_allows(target, targets):
            failures.append(f"under {MINIMUM_SIZE} px and crowded: {target.describe()}")
    return failures
