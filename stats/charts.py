"""Charts as server-rendered SVG, in pure Python: bars, stacked bars, step lines, a board heatmap.

No scripts and no ``style=`` (the Content-Security-Policy forbids inline styles). Each chart
names itself for screen readers and carries its numbers as a table; colour is never the only
signal (values printed, series hatched or marked apart).
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, ngettext

from web.elision import interpolate

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
# The hatching over each series' colour, in order.
PATTERNS = (
    "",
    '<path d="M0,6 L6,0" stroke="#fff" stroke-width="1.5"/>',
    '<circle cx="3" cy="3" r="1.2" fill="#fff"/>',
    '<path d="M0,0 L6,6 M6,0 L0,6" stroke="#fff" stroke-width="1"/>',
    '<path d="M0,3 L6,3" stroke="#fff" stroke-width="1.5"/>',
    '<path d="M3,0 L3,6" stroke="#fff" stroke-width="1.5"/>',
)
MARKERS = ("circle", "square", "triangle", "diamond")
FONT = 'font-family="system-ui, sans-serif"'

NO_DATA = gettext_lazy("No data yet.")

_ids = itertools.count(1)


@dataclass
class Chart:
    """A picture and its accessible alternative: the same numbers as a table."""

    title: str
    svg: SafeString
    summary: str
    headers: list[str] = field(default_factory=list)
    rows: list[list[object]] = field(default_factory=list)


def _num(value: float) -> str:
    """At most one decimal, none when whole, with the page's decimal separator (20,5 in pt-BR)."""
    rounded = round(value, 1)
    if rounded == int(rounded):
        return str(int(rounded))
    return number_format(rounded, decimal_pos=1)


def _pattern_defs(prefix: str, colours: Sequence[str]) -> str:
    """One fill per series: solid for the first, then hatchings over the series colour."""
    parts = [
        f'<pattern id="{prefix}-p{index}" width="6" height="6" patternUnits="userSpaceOnUse">'
        f'<rect width="6" height="6" fill="{colour}"/>{PATTERNS[index % len(PATTERNS)]}</pattern>'
        for index, colour in enumerate(colours)
    ]
    return "<defs>" + "".join(parts) + "</defs>"


def _text(
    x: object, y: object, content: object, size: int, anchor: str = "", fill: str = INK
) -> str:
    """A ``<text>`` element (``content`` escaped); ``x`` and ``y`` as the caller formatted them."""
    anchored = f' text-anchor="{anchor}"' if anchor else ""
    attributes = f'x="{x}" y="{y}" font-size="{size}"{anchored} fill="{fill}"'
    return f"<text {attributes}>{escape(content)}</text>"


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
        step = 22 + 7 * len(name)
        if cx + step > x + width and cx > x:
            cx, cy = x, cy + 20
        parts.append(
            f'<rect x="{cx}" y="{cy}" width="14" height="14" fill="url(#{prefix}-p{index})" '
            f'stroke="{INK}" stroke-width="0.5"/>' + _text(cx + 18, cy + 11, name, 12)
        )
        cx += step
    return "".join(parts), cy - y + 22


def _label(label: str, y: int, width: int, left: int) -> tuple[list[str], int]:
    """A bar's label on its own lines above it, cut at spaces to the chart's width (a long name is
    never clipped on a phone); returns them and the ``y`` below them."""
    lines = []
    chars = (width - 2 * left) // 7
    for line in textwrap.wrap(label, chars, break_long_words=False, break_on_hyphens=False) or [""]:
        y += 15
        lines.append(_text(left, y - 3, line, 12))
    return lines, y


def bar_chart(
    title: str, items: Sequence[tuple[str, float]], *, value_name: str, unit: str = ""
) -> Chart:
    """Horizontal bars, one per item, each labelled with its value."""
    prefix = f"c{next(_ids)}"
    width, left, bar_h, gap = 360, 8, 16, 10
    top = max((v for _, v in items), default=0) or 1
    span = width - left - 60
    body = []
    y = 4
    for label, value in items:
        lines, y = _label(label, y, width, left)
        length = span * value / top
        body += lines
        body.append(
            f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_h}" fill="{PALETTE[0]}"/>'
            + _text(f"{left + length + 4:.1f}", y + 12, _num(value) + unit, 12)
        )
        y += bar_h + gap
    height = max(y, 15 + bar_h + gap + 4) + 4
    summary = "; ".join(f"{label}: {_num(value)}{unit}" for label, value in items) or str(NO_DATA)
    svg = _svg(prefix, width, height, title, summary, "".join(body))
    return Chart(title, svg, summary, ["", value_name], [[label, _num(v)] for label, v in items])


def paired_bars(
    title: str, labels: Sequence[str], series: dict[str, Sequence[float]], *, unit: str = ""
) -> Chart:
    """Horizontal bars in pairs (e.g. this group against all groups), hatched apart."""
    prefix = f"c{next(_ids)}"
    names = list(series)
    width, left, bar_h = 360, 8, 12
    top = max((v for values in series.values() for v in values), default=0) or 1
    span = width - left - 60
    legend, legend_h = _legend(prefix, names, 8, 4, width - 16)
    body = [_pattern_defs(prefix, [PALETTE[i] for i in range(len(names))]), legend]
    y = legend_h + 4
    for row, label in enumerate(labels):
        lines, y = _label(label, y, width, left)
        body += lines
        for index, name in enumerate(names):
            value = series[name][row]
            length = span * value / top
            body.append(
                f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_h - 2}" '
                f'fill="url(#{prefix}-p{index})"/>'
                + _text(f"{left + length + 4:.1f}", y + 9, _num(value) + unit, 10)
            )
            y += bar_h
        y += 8
    summary = "; ".join(
        f"{label}: " + ", ".join(f"{n} {_num(series[n][i])}{unit}" for n in names)
        for i, label in enumerate(labels)
    ) or str(NO_DATA)
    svg = _svg(prefix, width, y + 4, title, summary, "".join(body))
    rows = [[label, *(_num(series[n][i]) + unit for n in names)] for i, label in enumerate(labels)]
    return Chart(title, svg, summary, ["", *names], rows)


def stacked_bars(
    title: str,
    categories: Sequence[str],
    series: dict[str, Sequence[int]],
    *,
    category_name: str,
    game_colours: Mapping[str, str] | None = None,
) -> Chart:
    """Vertical columns per category, stacked by series; totals printed above each column.

    ``game_colours``: the series are the game's colour ids, drawn in their colour and named by
    this mapping (the pack's names in the reader's language)."""
    prefix = f"c{next(_ids)}"
    keys = names = list(series)
    colours = [PALETTE[i % len(PALETTE)] for i in range(len(keys))]
    if game_colours is not None:
        colours = [GAME_COLOURS.get(k, c) for k, c in zip(keys, colours, strict=True)]
        names = [game_colours.get(k, k) for k in keys]
    series = {name: series[key] for name, key in zip(names, keys, strict=True)}
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
        middle = f"{x + col_w * 0.35:.1f}"
        body.append(_text(middle, f"{y - 4:.1f}", totals[i], 11, "middle"))
        body.append(_text(middle, base + 14, category, 11, "middle"))
    summary = "; ".join(
        f"{category}: " + ", ".join(f"{n} {series[n][i]}" for n in names if series[n][i])
        for i, category in enumerate(categories)
    ) or str(NO_DATA)
    svg = _svg(prefix, width, base + 22, title, summary, "".join(body))
    rows = [[c, *(series[n][i] for n in names), totals[i]] for i, c in enumerate(categories)]
    return Chart(title, svg, summary, [category_name, *names, gettext("total")], rows)


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
        + _text(left - 4, 34, _num(top), 11, "end")
        + _text(left - 4, base, 0, 11, "end")
    ]
    for index, name in enumerate(names):
        colour = PALETTE[index % len(PALETTE)]
        dash = ' stroke-dasharray="6 3"' if index % 2 else ""
        marker = MARKERS[index % len(MARKERS)]
        coords = [(left + i * step, base - plot_h * v / top) for i, v in enumerate(series[name])]
        if coords:  # a step: along at the last height, then up
            steps = [
                f"L{x:.1f},{py:.1f} L{x:.1f},{y:.1f}"
                for (_, py), (x, y) in itertools.pairwise(coords)
            ]
            path = " ".join([f"M{coords[0][0]:.1f},{coords[0][1]:.1f}", *steps])
            body.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        body += [_marker(marker, x, y, colour) for x, y in coords]
        legend_parts.append(_marker(marker, cx + 6, 12, colour) + _text(cx + 16, 16, name, 12))
        cx += 30 + 7 * len(name)
    every = max(1, n // 8)
    for i, label in enumerate(x_labels):
        if i % every == 0 or i == n - 1:
            anchor = "end" if i == n - 1 and n > 1 else "middle"  # the last stays inside
            body.append(_text(f"{left + i * step:.1f}", base + 14, label, 10, anchor))
    last = ", ".join(f"{name} {_num(series[name][-1])}" for name in names if series[name])
    summary = str(NO_DATA)
    if x_labels:
        summary = interpolate(gettext("After %(x)s: %(last)s."), {"x": x_labels[-1], "last": last})
    svg = _svg(prefix, width, base + 22, title, summary, "".join(legend_parts + body))
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
        where = {"row": row, "col": col, "count": count}
        tip = escape(gettext("Row %(row)s, column %(col)s: %(count)s") % where)
        body.append(
            f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{HEAT}" '
            f'fill-opacity="{0.06 + 0.94 * share:.2f}" stroke="{GRID}" stroke-width="0.5">'
            f"<title>{tip}</title></rect>"
        )
        if count:
            ink = "#fff" if share > 0.55 else INK
            body.append(_text(x + cell / 2 - 0.5, y + cell / 2 + 4, count, 10, "middle", ink))
    for i in range(size):
        body.append(_text(left + i * cell + cell / 2, 11, i, 9, "middle", MUTED))
        body.append(_text(9, top_y + i * cell + cell / 2 + 3, i, 9, "middle", MUTED))
    width, height = left + size * cell + 4, top_y + size * cell + 4
    cells = {"covered": sum(1 for c in counts if c), "cells": size * size}
    summary = interpolate(gettext("%(covered)s of %(cells)s cells covered at least once"), cells)
    if any(counts):
        hottest = max(range(len(counts)), key=lambda i: counts[i])
        r, c = divmod(hottest, size)
        summary += ngettext(
            "; most often row %(row)s, column %(col)s (%(count)s time)",
            "; most often row %(row)s, column %(col)s (%(count)s times)",
            counts[hottest],
        ) % {"row": r, "col": c, "count": counts[hottest]}
    summary += "."
    svg = _svg(prefix, width, height, title, summary, "".join(body))
    rows: list[list[object]] = [[f"{r}", *counts[r * size : (r + 1) * size]] for r in range(size)]
    return Chart(title, svg, summary, [gettext("row"), *(str(c) for c in range(size))], rows)
