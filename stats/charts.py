"""Charts as server-rendered SVG, in pure Python: bars, stacked bars, step lines, a board heatmap.

No scripts, no CDN and no ``style=`` attributes (the Content-Security-Policy forbids inline
styles): only SVG presentation attributes. Each chart scales to its container through its
``viewBox``, names itself in ``<title>``/``<desc>`` for screen readers, and carries its numbers as
a table (``Chart.headers``/``rows``) that the template shows under the picture. Colour is never
the only signal: bars carry their value as text, series differ by hatching or marker shape too,
and heatmap cells print their count.
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

GAME_COLOURS = {
    "blue": "#2b6cb0",
    "purple": "#6b46c1",
    "red": "#c53030",
    "green": "#2f855a",
    "orange": "#c05621",
    "yellow": "#b7791f",
    "black": "#1a202c",
    "pink": "#b83280",
}
PALETTE = ("#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#c53030", "#4a5568", "#b7791f")
HEAT = "#9c4221"
INK = "#1a202c"
MUTED = "#4a5568"
GRID = "#cbd5e0"
PATTERNS = ("solid", "diagonal", "dots", "cross", "horizontal", "vertical")
MARKERS = ("circle", "square", "triangle", "diamond")
FONT = 'font-family="system-ui, sans-serif"'

_ids = itertools.count(1)


@dataclass
class Chart:
    """A picture and its accessible alternative: the same numbers as a table."""

    title: str
    svg: SafeString
    summary: str
    headers: list[str] = field(default_factory=list)
    rows: list[list[object]] = field(default_factory=list)


def colour_of(name: str, index: int) -> str:
    return GAME_COLOURS.get(name, PALETTE[index % len(PALETTE)])


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _pattern_defs(prefix: str, colours: Sequence[str]) -> str:
    """One fill per series: solid for the first, then hatchings over the series colour."""
    parts = []
    for index, colour in enumerate(colours):
        kind = PATTERNS[index % len(PATTERNS)]
        pid = f"{prefix}-p{index}"
        marks = {
            "solid": "",
            "diagonal": '<path d="M0,6 L6,0" stroke="#fff" stroke-width="1.5"/>',
            "dots": '<circle cx="3" cy="3" r="1.2" fill="#fff"/>',
            "cross": '<path d="M0,0 L6,6 M6,0 L0,6" stroke="#fff" stroke-width="1"/>',
            "horizontal": '<path d="M0,3 L6,3" stroke="#fff" stroke-width="1.5"/>',
            "vertical": '<path d="M3,0 L3,6" stroke="#fff" stroke-width="1.5"/>',
        }[kind]
        parts.append(
            f'<pattern id="{pid}" width="6" height="6" patternUnits="userSpaceOnUse">'
            f'<rect width="6" height="6" fill="{colour}"/>{marks}</pattern>'
        )
    return "<defs>" + "".join(parts) + "</defs>"


def _svg(prefix: str, width: int, height: int, title: str, summary: str, body: str) -> SafeString:
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
        f'role="img" aria-labelledby="{prefix}-t {prefix}-d" class="chart-svg" {FONT}>'
        f'<title id="{prefix}-t">{escape(title)}</title>'
        f'<desc id="{prefix}-d">{escape(summary)}</desc>'
        f"{body}</svg>"
    )


def _legend(prefix: str, names: Sequence[str], x: int, y: int, width: int) -> tuple[str, int]:
    """Swatches (with the series' hatching) and names, wrapped to ``width``; returns its height."""
    parts, cx, cy = [], x, y
    for index, name in enumerate(names):
        label = escape(name)
        step = 22 + 7 * len(name)
        if cx + step > x + width and cx > x:
            cx, cy = x, cy + 20
        parts.append(
            f'<rect x="{cx}" y="{cy}" width="14" height="14" fill="url(#{prefix}-p{index})" '
            f'stroke="{INK}" stroke-width="0.5"/>'
            f'<text x="{cx + 18}" y="{cy + 11}" font-size="12" fill="{INK}">{label}</text>'
        )
        cx += step
    return "".join(parts), cy - y + 22


def _wrap(text: str, chars: int) -> list[str]:
    """``text`` cut at spaces into lines of at most ``chars`` characters (longer words alone)."""
    return textwrap.wrap(text, chars, break_long_words=False, break_on_hyphens=False) or [""]


def bar_chart(
    title: str, items: Sequence[tuple[str, float]], *, value_name: str, unit: str = ""
) -> Chart:
    """Horizontal bars, one per item, each labelled with its value.

    Each label sits on its own line(s) above its bar, wrapped to the chart's width, so a long
    category ("An objective was not met") is never clipped on a phone.
    """
    prefix = f"c{next(_ids)}"
    width, left, bar_h, gap, line_h = 360, 8, 16, 10, 15
    top = max((v for _, v in items), default=0) or 1
    span = width - left - 60
    chars = (width - 2 * left) // 7
    body = []
    y = 4
    for label, value in items:
        lines = _wrap(label, chars)
        for line in lines:
            y += line_h
            body.append(
                f'<text x="{left}" y="{y - 3}" font-size="12" fill="{INK}">{escape(line)}</text>'
            )
        length = span * value / top
        body.append(
            f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_h}" '
            f'fill="{PALETTE[0]}"/>'
            f'<text x="{left + length + 4:.1f}" y="{y + 12}" font-size="12" '
            f'fill="{INK}">{escape(_num(value) + unit)}</text>'
        )
        y += bar_h + gap
    height = max(y, line_h + bar_h + gap + 4) + 4
    summary = "; ".join(f"{label}: {_num(value)}{unit}" for label, value in items) or gettext(
        "No data yet."
    )
    svg = _svg(prefix, width, height, title, summary, "".join(body))
    return Chart(title, svg, summary, ["", value_name], [[label, _num(v)] for label, v in items])


def paired_bars(
    title: str,
    labels: Sequence[str],
    series: dict[str, Sequence[float]],
    *,
    unit: str = "",
) -> Chart:
    """Horizontal bars in pairs (e.g. this group against all groups), hatched apart; each label
    on its own line(s) above its bars, as in ``bar_chart``, so a long name is never clipped."""
    prefix = f"c{next(_ids)}"
    names = list(series)
    width, left, bar_h = 360, 8, 12
    top = max((v for values in series.values() for v in values), default=0) or 1
    span = width - left - 60
    legend, legend_h = _legend(prefix, names, 8, 4, width - 16)
    body = [_pattern_defs(prefix, [PALETTE[i] for i in range(len(names))]), legend]
    y = legend_h + 4
    for row, label in enumerate(labels):
        for line in _wrap(label, (width - 2 * left) // 7):
            y += 15
            body.append(
                f'<text x="{left}" y="{y - 3}" font-size="12" fill="{INK}">{escape(line)}</text>'
            )
        for index, name in enumerate(names):
            value = series[name][row]
            length = span * value / top
            body.append(
                f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_h - 2}" '
                f'fill="url(#{prefix}-p{index})"/>'
                f'<text x="{left + length + 4:.1f}" y="{y + 9}" font-size="10" '
                f'fill="{INK}">{escape(_num(value) + unit)}</text>'
            )
            y += bar_h
        y += 8
    height = y + 4
    summary = "; ".join(
        f"{label}: " + ", ".join(f"{n} {_num(series[n][i])}{unit}" for n in names)
        for i, label in enumerate(labels)
    )
    svg = _svg(prefix, width, height, title, summary or gettext("No data yet."), "".join(body))
    rows = [[label, *(_num(series[n][i]) + unit for n in names)] for i, label in enumerate(labels)]
    return Chart(title, svg, summary or gettext("No data yet."), ["", *names], rows)


def stacked_bars(
    title: str,
    categories: Sequence[str],
    series: dict[str, Sequence[int]],
    *,
    category_name: str,
    game_colours: bool = False,
) -> Chart:
    """Vertical columns per category, stacked by series; totals printed above each column."""
    prefix = f"c{next(_ids)}"
    names = list(series)
    colours = [colour_of(n, i) if game_colours else PALETTE[i % 7] for i, n in enumerate(names)]
    width, left, plot_h = 360, 30, 160
    legend, legend_h = _legend(prefix, names, 8, 4, width - 16)
    totals = [sum(series[n][i] for n in names) for i in range(len(categories))]
    top = max(totals, default=0) or 1
    col_w = (width - left - 10) / max(len(categories), 1)
    base = legend_h + 16 + plot_h
    body = [_pattern_defs(prefix, colours), legend]
    body.append(f'<line x1="{left}" y1="{base}" x2="{width - 6}" y2="{base}" stroke="{MUTED}"/>')
    for i, category in enumerate(categories):
        x = left + i * col_w + col_w * 0.15
        y = float(base)
        for index, name in enumerate(names):
            value = series[name][i]
            if not value:
                continue
            h = plot_h * value / top
            y -= h
            body.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{col_w * 0.7:.1f}" height="{h:.1f}" '
                f'fill="url(#{prefix}-p{index})" stroke="#fff" stroke-width="0.5">'
                f"<title>{escape(f'{category}: {name} {value}')}</title></rect>"
            )
        body.append(
            f'<text x="{x + col_w * 0.35:.1f}" y="{y - 4:.1f}" font-size="11" text-anchor="middle" '
            f'fill="{INK}">{totals[i]}</text>'
            f'<text x="{x + col_w * 0.35:.1f}" y="{base + 14}" font-size="11" '
            f'text-anchor="middle" fill="{INK}">{escape(category)}</text>'
        )
    height = base + 22
    summary = "; ".join(
        f"{category}: " + ", ".join(f"{n} {series[n][i]}" for n in names if series[n][i])
        for i, category in enumerate(categories)
    )
    svg = _svg(prefix, width, height, title, summary or gettext("No data yet."), "".join(body))
    rows = [[c, *(series[n][i] for n in names), totals[i]] for i, c in enumerate(categories)]
    return Chart(
        title,
        svg,
        summary or gettext("No data yet."),
        [category_name, *names, gettext("total")],
        rows,
    )


def step_chart(
    title: str, x_labels: Sequence[str], series: dict[str, Sequence[float]], *, x_name: str
) -> Chart:
    """Cumulative counts as step lines; each series has its own marker shape and dash."""
    prefix = f"c{next(_ids)}"
    names = list(series)
    width, left, plot_h = 360, 34, 150
    legend_parts, cx = [], 8
    top = max((v for values in series.values() for v in values), default=0) or 1
    n = max(len(x_labels), 1)
    step = (width - left - 12) / max(n - 1, 1)
    base = 30 + plot_h
    body = [
        f'<line x1="{left}" y1="{base}" x2="{width - 8}" y2="{base}" stroke="{MUTED}"/>'
        f'<line x1="{left}" y1="30" x2="{left}" y2="{base}" stroke="{MUTED}"/>'
        f'<text x="{left - 4}" y="34" font-size="11" text-anchor="end" '
        f'fill="{INK}">{_num(top)}</text>'
        f'<text x="{left - 4}" y="{base}" font-size="11" text-anchor="end" fill="{INK}">0</text>'
    ]
    for index, name in enumerate(names):
        colour = PALETTE[index % len(PALETTE)]
        dash = ' stroke-dasharray="6 3"' if index % 2 else ""
        points = []
        for i, value in enumerate(series[name]):
            x, y = left + i * step, base - plot_h * value / top
            if points:
                points.append(f"L{x:.1f},{points[-1].split(',')[1]}")
            points.append(f"{'M' if not points else 'L'}{x:.1f},{y:.1f}")
        if points:
            body.append(
                f'<path d="{" ".join(points)}" fill="none" stroke="{colour}" '
                f'stroke-width="2"{dash}/>'
            )
        for i, value in enumerate(series[name]):
            x, y = left + i * step, base - plot_h * value / top
            body.append(_marker(MARKERS[index % len(MARKERS)], x, y, colour))
        legend_parts.append(
            _marker(MARKERS[index % len(MARKERS)], cx + 6, 12, colour)
            + f'<text x="{cx + 16}" y="16" font-size="12" fill="{INK}">{escape(name)}</text>'
        )
        cx += 30 + 7 * len(name)
    every = max(1, n // 8)
    for i, label in enumerate(x_labels):
        if i % every == 0 or i == n - 1:
            anchor = "end" if i == n - 1 and n > 1 else "middle"  # the last stays inside
            body.append(
                f'<text x="{left + i * step:.1f}" y="{base + 14}" font-size="10" '
                f'text-anchor="{anchor}" fill="{INK}">{escape(label)}</text>'
            )
    height = base + 22
    last = ", ".join(f"{name} {_num(series[name][-1])}" for name in names if series[name])
    summary = (
        gettext("After %(x)s: %(last)s.") % {"x": x_labels[-1], "last": last}
        if x_labels
        else gettext("No data yet.")
    )
    svg = _svg(prefix, width, height, title, summary, "".join(legend_parts + body))
    rows = [[label, *(_num(series[nm][i]) for nm in names)] for i, label in enumerate(x_labels)]
    return Chart(title, svg, summary, [x_name, *names], rows)


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{colour}"/>'
    if kind == "triangle":
        points = [(x, y - 4), (x + 4, y + 3.5), (x - 4, y + 3.5)]
    else:
        points = [(x, y - 4.5), (x + 4.5, y), (x, y + 4.5), (x - 4.5, y)]
    path = " L".join(f"{px:.1f},{py:.1f}" for px, py in points)
    return f'<path d="M{path} Z" fill="{colour}"/>'


def heatmap(title: str, counts: Sequence[int], *, size: int) -> Chart:
    """The ``size`` × ``size`` board (its pack's), one square per cell, darker the more often it
    was covered; counts printed. Rows and columns are numbered from 0, as the table screen
    numbers its cells."""
    prefix = f"c{next(_ids)}"
    cell, left, top_y = 26, 18, 16
    top = max(counts, default=0) or 1
    body = []
    for index, count in enumerate(counts[: size * size]):
        row, col = divmod(index, size)
        x, y = left + col * cell, top_y + row * cell
        share = count / top
        body.append(
            f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{HEAT}" '
            f'fill-opacity="{0.06 + 0.94 * share:.2f}" stroke="{GRID}" stroke-width="0.5">'
            "<title>"
            + escape(
                gettext("Row %(row)s, column %(col)s: %(count)s")
                % {"row": row, "col": col, "count": count}
            )
            + "</title></rect>"
        )
        if count:
            ink = "#fff" if share > 0.55 else INK
            body.append(
                f'<text x="{x + cell / 2 - 0.5}" y="{y + cell / 2 + 4}" font-size="10" '
                f'text-anchor="middle" fill="{ink}">{count}</text>'
            )
    for i in range(size):
        body.append(
            f'<text x="{left + i * cell + cell / 2}" y="11" font-size="9" text-anchor="middle" '
            f'fill="{MUTED}">{i}</text>'
            f'<text x="9" y="{top_y + i * cell + cell / 2 + 3}" font-size="9" '
            f'text-anchor="middle" fill="{MUTED}">{i}</text>'
        )
    width, height = left + size * cell + 4, top_y + size * cell + 4
    covered = sum(1 for c in counts if c)
    hottest = max(range(len(counts)), key=lambda i: counts[i]) if any(counts) else None
    summary = gettext("%(covered)s of %(cells)s cells covered at least once") % {
        "covered": covered,
        "cells": size * size,
    }
    if hottest is not None:
        r, c = divmod(hottest, size)
        summary += ngettext(
            "; most often row %(row)s, column %(col)s (%(count)s time)",
            "; most often row %(row)s, column %(col)s (%(count)s times)",
            counts[hottest],
        ) % {"row": r, "col": c, "count": counts[hottest]}
    svg = _svg(prefix, width, height, title, summary + ".", "".join(body))
    rows: list[list[object]] = [[f"{r}", *counts[r * size : (r + 1) * size]] for r in range(size)]
    return Chart(title, svg, summary + ".", [gettext("row"), *(str(c) for c in range(size))], rows)
