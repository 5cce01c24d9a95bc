"""Simple shapes drawn on a card's face (a memory picture): SVG paths only, no fonts or emoji assumed.

A board view's card may carry ``symbol: {"shape", "colour", "word"}``; :func:`symbol_svg` draws the shape
filled with the colour, outlined dark so a pale fill still shows on a pale card, and :func:`draw_symbol_card`
the face of such a card: the shape large in the middle, the word under it (a student who cannot tell the
colours apart reads the shape and the word).
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any

SHAPES = ("circle", "square", "triangle", "star", "diamond", "cross", "hexagon")
_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}|[a-z]{3,20}")


def _n(x: float) -> str:
    text = f"{x:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _points(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)


def _polygon(n: int, r: float, cx: float, cy: float, start: float = -90.0) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(start + 360 * k / n)), cy + r * math.sin(math.radians(start + 360 * k / n)))
        for k in range(n)
    ]


def shape_svg(shape: str, cx: float, cy: float, r: float, attrs: str) -> str:
    """One shape centred on (cx, cy), about ``2r`` across (an unknown shape is drawn as a circle)."""
    if shape == "square":
        s = r * 0.86
        return f'<rect x="{_n(cx - s)}" y="{_n(cy - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" rx="2" {attrs}/>'
    if shape == "triangle":
        pts = _polygon(3, r * 1.12, cx, cy + r * 0.18)
    elif shape == "star":
        outer, inner = _polygon(5, r * 1.05, cx, cy + r * 0.08), _polygon(5, r * 0.45, cx, cy + r * 0.08, -54.0)
        pts = [p for pair in zip(outer, inner) for p in pair]
    elif shape == "diamond":
        pts = [(cx, cy - r * 1.1), (cx + r * 0.8, cy), (cx, cy + r * 1.1), (cx - r * 0.8, cy)]
    elif shape == "cross":
        a, b = r * 0.34, r * 0.95
        pts = [
            (cx - a, cy - b),
            (cx + a, cy - b),
            (cx + a, cy - a),
            (cx + b, cy - a),
            (cx + b, cy + a),
            (cx + a, cy + a),
        ]
        pts += [
            (cx + a, cy + b),
            (cx - a, cy + b),
            (cx - a, cy + a),
            (cx - b, cy + a),
            (cx - b, cy - a),
            (cx - a, cy - a),
        ]
    elif shape == "hexagon":
        pts = _polygon(6, r, cx, cy, 0.0)
    else:
        return f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r * 0.92)}" {attrs}/>'
    return f'<polygon points="{_points(pts)}" {attrs}/>'


def symbol_svg(symbol: Any, cx: float, cy: float, r: float) -> str:
    """A card's ``symbol`` (``{"shape", "colour"}``) drawn at (cx, cy); "" if it is not such a dict."""
    if not isinstance(symbol, dict):
        return ""
    colour = str(symbol.get("colour") or symbol.get("color") or "#888")
    if not _COLOUR.fullmatch(colour):
        colour = "#888"
    shape = str(symbol.get("shape") or "circle")
    attrs = f'class="tt-symbol tt-symbol-{escape(shape)}" fill="{colour}"'
    return shape_svg(shape, cx, cy, r, attrs)


def draw_symbol_face(item: dict, w: float, h: float) -> list[str]:
    """The face of a card with a symbol: the shape large in the middle, its word in two lines under it."""
    symbol = item["symbol"]
    parts = [symbol_svg(symbol, w / 2, h * 0.4, min(w, h) * 0.3)]
    words = str(symbol.get("word") or item.get("name") or "").split()
    lines = [" ".join(words[:-1]), words[-1]] if len(words) > 1 else words
    y = h * 0.74
    for line in lines:
        parts.append(f'<text x="{_n(w / 2)}" y="{_n(y)}" class="tt-symbol-word">{escape(line)}</text>')
        y += 15
    return parts


SYMBOL_STYLE = (
    ".tt-symbol{stroke:#222;stroke-width:1.6;stroke-linejoin:round}"
    ".tt-symbol-word{font-size:13px;font-weight:700;fill:#222;text-anchor:middle}"
)
