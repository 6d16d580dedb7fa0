"""An inline SVG line chart of morale, food and colonists per round, with no chart library.

The page's text colour is used for axes and labels (``currentColor``), so the chart follows the
table screen's theme. Each series has its own colour, dash pattern and marker shape, so colour is
never the only way to tell the lines apart. Every label is passed in (translated by the caller)
and escaped here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from companion.engine.words.labels import N_

WIDTH = 640
HEIGHT = 300
LEFT = 44
RIGHT = 170
LEGEND_CHARS = 14
"""The most characters a legend line holds; a longer label goes on two lines."""
LEGEND_LINE = 17
TOP = 34
BOTTOM = 42

DEFAULT_LABELS = {
    "title": N_("Morale, food and colonists by round"),
    "round": N_("Round"),
    "morale": N_("Morale"),
    "food": N_("Food"),
    "colonists": N_("Colonists"),
    "empty": N_("No rounds yet"),
}
"""English labels (msgids); the caller passes them translated."""

SERIES = (
    # key, colour, dash pattern, marker shape
    ("morale", "#ff7b7b", "", "circle"),
    ("food", "#ffd166", "9 5", "square"),
    ("colonists", "#6cc8ff", "2 5", "triangle"),
)
"""The three lines, drawn in this order (and listed in this order in the legend)."""


def _esc(text: Any) -> str:
    """Text made safe for an SVG text node or a double-quoted attribute."""
    return escape(str(text), {'"': "&quot;"})


def _num(value: float) -> str:
    """A coordinate with at most one decimal and no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _tick_step(top: int) -> int:
    """A step of 1, 2 or 5 times a power of ten giving at most six ticks up to ``top``."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            step = factor * magnitude
            if math.ceil(top / step) <= 6:
                return step
        magnitude *= 10


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    """One data-point marker of the given shape, centred on (x, y)."""
    if shape == "square":
        return (
            f'<rect x="{_num(x - 4.5)}" y="{_num(y - 4.5)}" width="9" height="9" fill="{colour}"/>'
        )
    if shape == "triangle":
        corners = ((x, y - 6), (x + 5.5, y + 4), (x - 5.5, y + 4))
        points = " ".join(f"{_num(cx)},{_num(cy)}" for cx, cy in corners)
        return f'<polygon points="{points}" fill="{colour}"/>'
    return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="5" fill="{colour}"/>'


def _open_svg(chart_id: str, labels: Mapping[str, str], description: str) -> list[str]:
    """The opening tag, title and description of the chart."""
    cid = _esc(chart_id)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="morale-chart" id="{cid}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{cid}-title {cid}-desc" font-family="system-ui, sans-serif">',
        f'<title id="{cid}-title">{_esc(labels["title"])}</title>',
        f'<desc id="{cid}-desc">{_esc(description)}</desc>',
        f'<text x="{LEFT}" y="20" font-size="16" font-weight="700" fill="currentColor">'
        f"{_esc(labels['title'])}</text>",
    ]


def _legend_lines(label: str) -> list[str]:
    """A legend label on one line, or on two split at a space when it is long ("Sobreviventes"
    / "na colônia")."""
    if len(label) <= LEGEND_CHARS or " " not in label:
        return [label]
    words = label.split(" ")
    cut = max(
        (n for n in range(1, len(words)) if len(" ".join(words[:n])) <= LEGEND_CHARS), default=1
    )
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def morale_chart(
    rounds: Sequence[Mapping[str, Any]],
    labels: Mapping[str, str] | None = None,
    chart_id: str = "morale-chart",
) -> str:
    """An SVG drawing morale, food and colonists per round as three labelled lines.

    ``rounds`` holds one dict per round, oldest first, with ``round``, ``morale``, ``food`` and
    ``colonists`` (whole numbers). ``labels`` overrides any of ``DEFAULT_LABELS``.
    """
    text = {**DEFAULT_LABELS, **(labels or {})}
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    bottom = TOP + plot_h
    if not rounds:
        parts = _open_svg(chart_id, text, text["empty"])
        parts += [
            f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
            f'stroke="currentColor" stroke-opacity="0.4" stroke-dasharray="4 4"/>',
            f'<text x="{_num(LEFT + plot_w / 2)}" y="{_num(TOP + plot_h / 2)}" font-size="18" '
            f'text-anchor="middle" dominant-baseline="middle" fill="currentColor">'
            f"{_esc(text['empty'])}</text>",
            "</svg>",
        ]
        return "\n".join(parts)

    values = {key: [int(r[key]) for r in rounds] for key, *_ in SERIES}
    highest = max(1, *(v for series in values.values() for v in series))
    step = _tick_step(highest)
    top_value = math.ceil(highest / step) * step

    def x_of(index: int) -> float:
        """The x coordinate of the index-th round."""
        if len(rounds) == 1:
            return LEFT + plot_w / 2
        return LEFT + plot_w * index / (len(rounds) - 1)

    def y_of(value: int) -> float:
        """The y coordinate of a value (higher values are higher up)."""
        return bottom - plot_h * max(0, value) / top_value

    last = rounds[-1]
    description = f"{text['round']} {last['round']}: " + ", ".join(
        f"{text[key]} {values[key][-1]}" for key, *_ in SERIES
    )
    parts = _open_svg(chart_id, text, description)

    # Axes, grid lines and tick labels.
    parts.append('<g class="axes" fill="currentColor" font-size="13">')
    for tick in range(0, top_value + 1, step):
        y = _num(y_of(tick))
        parts.append(
            f'<line x1="{LEFT}" y1="{y}" x2="{LEFT + plot_w}" y2="{y}" stroke="currentColor" '
            f'stroke-opacity="{0.5 if tick == 0 else 0.15}"/>'
        )
        parts.append(
            f'<text x="{LEFT - 8}" y="{y}" text-anchor="end" dominant-baseline="middle">'
            f"{tick}</text>"
        )
    parts.append(
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="currentColor" '
        f'stroke-opacity="0.5"/>'
    )
    label_every = max(1, math.ceil(len(rounds) / 12))
    for index, entry in enumerate(rounds):
        if index % label_every == 0 or index == len(rounds) - 1:
            parts.append(
                f'<text x="{_num(x_of(index))}" y="{bottom + 18}" text-anchor="middle">'
                f"{_esc(entry['round'])}</text>"
            )
    parts.append(
        f'<text x="{_num(LEFT + plot_w / 2)}" y="{HEIGHT - 4}" text-anchor="middle">'
        f"{_esc(text['round'])}</text>"
    )
    parts.append("</g>")

    # One line per series, with a marker on every point.
    for key, colour, dash, shape in SERIES:
        points = " ".join(f"{_num(x_of(i))},{_num(y_of(v))}" for i, v in enumerate(values[key]))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        # The chart is one image (role="img", named as a whole): a series is named by a title
        # (a tooltip), not an aria-label, which a <g> inside an image may not carry.
        parts.append(f'<g class="series series-{key}"><title>{_esc(text[key])}</title>')
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="3" '
            f'stroke-linejoin="round" stroke-linecap="round"{dash_attr}/>'
        )
        parts.extend(_marker(shape, x_of(i), y_of(v), colour) for i, v in enumerate(values[key]))
        parts.append("</g>")

    # Legend: a sample of each line, its marker, its label and its latest value.
    legend_x = LEFT + plot_w + 18
    parts.append('<g class="legend" font-size="14" fill="currentColor">')
    y = TOP + 14
    for key, colour, dash, shape in SERIES:
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<line x1="{legend_x}" y1="{y}" x2="{legend_x + 30}" y2="{y}" stroke="{colour}" '
            f'stroke-width="3" stroke-linecap="round"{dash_attr}/>'
        )
        parts.append(_marker(shape, legend_x + 15, y, colour))
        lines = _legend_lines(text[key])
        value = f'<tspan font-weight="700">{values[key][-1]}</tspan>'
        shown = [_esc(line) + " " for line in lines]
        shown[-1] += value
        first, *more = shown
        following = "".join(
            f'<tspan x="{legend_x + 38}" dy="{LEGEND_LINE}">{line}</tspan>' for line in more
        )
        parts.append(
            f'<text x="{legend_x + 38}" y="{y}" dominant-baseline="middle">{first}{following}'
            "</text>"
        )
        y += 30 + LEGEND_LINE * len(more)
    parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)
