"""Draw the home-screen icons (static/icons/*.png) from static/favicon.svg, with Chromium.

The PNGs are committed; run this again only when the favicon changes:
``.venv/bin/python scripts/make_icons.py``. Chromium (Debian's, /usr/bin/chromium) draws the SVG
through Playwright, both already used by the browser tests: no image library is needed.

- ``icon-192.png``, ``icon-512.png``: the favicon as it is (rounded corners, transparent outside),
  the manifest's ``any`` icons.
- ``maskable-512.png``: the same moon on a square filled to the edges, for launchers that cut the
  icon to their own shape (a circle, a squircle): the moon lies well inside the middle 80 % circle
  that every shape keeps.
- ``apple-touch-icon.png`` (180 px): square and opaque, as iOS rounds the corners itself and shows
  transparency as black.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
FAVICON = ROOT / "static" / "favicon.svg"
ICONS = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"


def full_bleed(svg: str) -> str:
    """The favicon with its background square's corners made square (no transparent corners)."""
    square, count = re.subn(r'(<rect[^>]*?)\s+rx="[^"]*"', r"\1", svg, count=1)
    if count != 1:
        sys.exit("static/favicon.svg no longer starts with a rounded <rect>: update this script")
    return square


def draw(page: Page, svg: str, size: int, path: Path) -> None:
    page.set_viewport_size({"width": size, "height": size})
    sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
    html = f"<!doctype html><style>html,body{{margin:0}}svg{{display:block}}</style>{sized}"
    page.set_content(html)
    page.screenshot(path=str(path), omit_background=True)
    print(f"{path.relative_to(ROOT)}: {size} x {size}")


def main() -> None:
    favicon = FAVICON.read_text().strip()
    square = full_bleed(favicon)
    ICONS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        draw(page, favicon, 192, ICONS / "icon-192.png")
        draw(page, favicon, 512, ICONS / "icon-512.png")
        draw(page, square, 512, ICONS / "maskable-512.png")
        draw(page, square, 180, ICONS / "apple-touch-icon.png")
        browser.close()


if __name__ == "__main__":
    main()
