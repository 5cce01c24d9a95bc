"""Static pictures that survive every notebook viewer: boards and plotly figures as ``<img>`` data URIs.

A committed notebook is *untrusted* when someone opens it, and each viewer strips something
(checked in JupyterLab 4.6 with Chromium, see ``tests/browser/test_unrun.py``):

- JupyterLab's sanitizer removes inline ``<svg>`` and ``<style>`` from untrusted ``text/html``
  (what is left is the text of the drawing, run together), refuses to draw an untrusted
  ``image/svg+xml`` output (it falls back to ``text/plain``), and shows a widget view only when
  the output is trusted; it keeps ``<img src="data:image/svg+xml;base64,...">``, ``style``
  attributes and ``image/png``.
- ``jupyter nbconvert --to html`` draws neither a widget without its saved state nor the
  ``application/vnd.plotly.v1+json`` output; it shows ``text/html`` and keeps data URIs (checked).
  GitHub's notebook preview (not reachable from the test machines, so not tested) draws no widget
  or plotly output either, drops ``<style>`` and scripts, and shows SVG outputs as data-URI
  ``<img>`` itself, so the same picture is the form most likely to survive it.

So every picture here is an ``<img>`` whose ``src`` is the SVG as a base64 data URI: a board
(:func:`picture_html`), a plotly figure drawn without plotly.js or kaleido (:func:`figure_svg`,
for the trace kinds the notebooks use: scatter lines, markers, text and error bars, bars, line and
rectangle shapes, annotations), and :func:`plotly_renderer`, a plotly renderer that sends the
interactive figure *and* its picture, so JupyterLab draws the live figure (its plotly renderer
ranks above HTML, also when untrusted) and every other viewer the picture. Deterministic: the same
input gives the same bytes.

>>> html = picture_html('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"/>', "a dot")
>>> html.startswith('<img class="tt-picture" src="data:image/svg+xml;base64,') and 'alt="a dot"' in html
True
>>> inline_pictures(html)
'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"/>'

"""

from __future__ import annotations

import base64
import math
import re
from html import escape, unescape
from typing import Any

__all__ = ["figure_html", "figure_svg", "inline_pictures", "picture_html", "plotly_renderer", "svg_data_uri"]

FONT = "font-family=\"system-ui,-apple-system,'Segoe UI',Arial,sans-serif\""
COLORWAY = ["#636efa", "#EF553B", "#00cc96", "#ab63fa", "#FFA15A", "#19d3f3", "#FF6692", "#B6E880", "#FF97FF"]
RENDERER = "tabletop"


def svg_data_uri(svg: str) -> str:
    """``data:image/svg+xml;base64,...`` for an SVG document."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def picture_html(svg: str, alt: str = "", *, cls: str = "tt-picture") -> str:
    """The SVG as an ``<img>`` data URI (well-formed XML), at its own size, never wider than the page.

    ``alt`` is what a reader without images gets (a status line, a title)."""
    return (
        f'<img class="{escape(cls)}" src="{svg_data_uri(svg)}" alt="{escape(alt)}" style="max-width:100%;height:auto"/>'
    )


_PICTURE = re.compile(r'<img class="[^"]*" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]*)"[^>]*/>')


def inline_pictures(html: str) -> str:
    """``html`` with every picture of :func:`picture_html` replaced by its SVG (for tests, or a page
    that wants to style or script the drawing). ``inline_pictures(picture_html(svg)) == svg``."""
    return _PICTURE.sub(lambda m: base64.b64decode(m.group(1)).decode("utf-8"), html)


# ----------------------------------------------------------------- plotly figures
def _n(x: float) -> str:
    r = round(float(x), 1)
    return str(int(r)) if r == int(r) else str(r)


def _plain(text: Any) -> list[str]:
    """Plotly's text (``<br>``, ``<b>``, entities) as plain lines."""
    if text is None:
        return []
    parts = re.split(r"<br\s*/?>", str(text), flags=re.I)
    return [unescape(re.sub(r"<[^>]+>", "", p)) for p in parts]


def _get(d: Any, *path: str, default: Any = None) -> Any:
    for key in path:
        if not isinstance(d, dict) or key not in d:
            return default
        d = d[key]
    return d if d is not None else default


def _title(value: Any) -> str:
    return str(value.get("text") or "") if isinstance(value, dict) else str(value or "")


def _seq(value: Any, n: int, default: Any) -> list:
    if value is None:
        return [default] * n
    if isinstance(value, list | tuple):
        return [default if v is None else v for v in value] + [default] * (n - len(value))
    if hasattr(value, "tolist"):
        return _seq(value.tolist(), n, default)
    return [value] * n


def _color(c: Any) -> tuple[str, str]:
    """An SVG colour and opacity from a plotly colour (rgba() is split: some viewers drop it)."""
    s = str(c).strip()
    m = re.fullmatch(r"rgba\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)", s)
    if m:
        r, g, b, a = m.groups()
        return f"rgb({r},{g},{b})", _n(float(a)) if float(a) < 1 else "1"
    return escape(s, quote=True), "1"


def _ticks(lo: float, hi: float, dtick: Any = None) -> list[float]:
    if hi <= lo:
        return [lo]
    step = float(dtick) if isinstance(dtick, int | float) and dtick > 0 else 0.0
    if not step:
        raw = (hi - lo) / 6
        mag = 10 ** math.floor(math.log10(raw))
        step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    out, k = [], 0
    while first + k * step <= hi + 1e-9 and k < 200:
        out.append(round(first + k * step, 10))
        k += 1
    return out


def _tick_label(v: float) -> str:
    return str(round(v)) if abs(v - round(v)) < 1e-9 else f"{v:g}"


class _Axis:
    def __init__(self, spec: dict, values: list, categories: list[str], bars: bool, start: float, length: float):
        self.spec = spec
        self.categories = categories
        self.visible = spec.get("visible", True) is not False
        self.start, self.length = start, length
        if categories:
            self.lo, self.hi = -0.5, len(categories) - 0.5
        else:
            nums = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
            if bars:
                nums.append(0.0)
            lo, hi = (min(nums), max(nums)) if nums else (0.0, 1.0)
            if hi == lo:
                lo, hi = lo - 1, hi + 1
            pad = 0.0 if bars and lo == 0 else (hi - lo) * 0.06
            self.lo, self.hi = lo - pad, hi + (hi - lo) * 0.06
        rng = spec.get("range")
        if isinstance(rng, list | tuple) and len(rng) == 2 and all(isinstance(v, int | float) for v in rng):
            self.lo, self.hi = float(rng[0]), float(rng[1])

    def value(self, v: Any) -> float | None:
        if v is None:
            return None
        if self.categories:
            return float(self.categories.index(str(v))) if str(v) in self.categories else None
        try:
            return float(v)
        except (TypeError, ValueError):
            return None


def _symbol(kind: str, x: float, y: float, size: float, fill: str, opacity: str, line: str) -> str:
    r = size / 2
    attrs = f'fill="{fill}" fill-opacity="{opacity}" {line}'
    base = kind.replace("-open", "")
    if base == "square":
        return f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(size)}" height="{_n(size)}" {attrs}/>'
    shapes = {
        "diamond": [(0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)],
        "triangle-up": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        "triangle-down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
        "hexagon": [(math.cos(a) * 1.1, math.sin(a) * 1.1) for a in (math.pi / 3 * k + math.pi / 6 for k in range(6))],
        "pentagon": [(math.cos(a) * 1.15, math.sin(a) * 1.15)
                     for a in (2 * math.pi / 5 * k - math.pi / 2 for k in range(5))],
        "star": [
            (math.cos(a) * (1.3 if k % 2 == 0 else 0.55), math.sin(a) * (1.3 if k % 2 == 0 else 0.55))
            for k, a in enumerate(math.pi / 5 * k - math.pi / 2 for k in range(10))
        ],
        "cross": [(-0.4, -1.1), (0.4, -1.1), (0.4, -0.4), (1.1, -0.4), (1.1, 0.4), (0.4, 0.4), (0.4, 1.1),
                  (-0.4, 1.1), (-0.4, 0.4), (-1.1, 0.4), (-1.1, -0.4), (-0.4, -0.4)],
    }  # fmt: skip
    if base in ("x", "x-thin"):
        pts = [(-1, -1), (1, 1), None, (-1, 1), (1, -1)]
        d = "M{} {} L{} {} M{} {} L{} {}".format(*[_n(c) for p in pts if p for c in (x + p[0] * r, y + p[1] * r)])
        return f'<path d="{d}" stroke="{fill}" stroke-width="2.5"/>'
    if base in shapes:
        pts = " ".join(f"{_n(x + dx * r)},{_n(y + dy * r)}" for dx, dy in shapes[base])
        return f'<polygon points="{pts}" {attrs}/>'
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {attrs}/>'


_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


def _text(
    x: float, y: float, lines: list[str], size: float, color: str, anchor: str = "start", weight: str = ""
) -> str:
    w = f' font-weight="{weight}"' if weight else ""
    spans = "".join(
        f'<tspan x="{_n(x)}" dy="{_n(0 if i == 0 else size * 1.2)}">{escape(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{color}" text-anchor="{anchor}"{w}>{spans}</text>'
    )


def figure_svg(fig: Any) -> str:
    """A plotly figure (``go.Figure`` or its dict) drawn as a static SVG document, without plotly.js.

    Draws what the notebooks' figures use: scatter traces (lines with gaps and dashes, markers of
    the usual symbols, text, symmetric error bars), grouped bars, line and rectangle shapes,
    annotations (with arrows), titles, axes with ticks, and the legend. Hover text is not drawn.
    """
    d = fig.to_dict() if hasattr(fig, "to_dict") else dict(fig)
    layout = d.get("layout") or {}
    tmpl = _get(layout, "template", "layout", default={})
    traces = [t for t in d.get("data") or [] if t.get("visible", True) is not False]
    width = float(layout.get("width") or 700)
    height = float(layout.get("height") or 450)
    margin = {"l": 80, "r": 80, "t": 100, "b": 80, **(layout.get("margin") or {})}
    colorway = layout.get("colorway") or tmpl.get("colorway") or COLORWAY
    font = str(_get(layout, "font", "color") or _get(tmpl, "font", "color") or "#2a3f5f")
    plot_bg = _color(layout.get("plot_bgcolor") or tmpl.get("plot_bgcolor") or "#E5ECF6")[0]
    paper_bg = _color(layout.get("paper_bgcolor") or tmpl.get("paper_bgcolor") or "white")[0]
    grid = _color(_get(tmpl, "xaxis", "gridcolor") or "white")[0]

    named = [t for t in traces if t.get("showlegend", True) is not False and t.get("name")]
    show_legend = layout.get("showlegend", len(traces) > 1) and named
    legend_w = 0.0
    below = _get(layout, "legend", "orientation") == "h"  # a horizontal legend goes under the plot, as plotly's
    if show_legend and not below:
        legend_w = 40 + 6.5 * max(len(_plain(t["name"])[0]) for t in named)
    x0 = float(margin["l"])
    y0 = float(margin["t"])
    pw = max(40.0, width - margin["l"] - margin["r"] - legend_w)
    ph = max(40.0, height - margin["t"] - margin["b"])

    xs_all, ys_all, cats_x, cats_y, bars = [], [], [], [], False
    for t in traces:
        for key, acc, cats in (("x", xs_all, cats_x), ("y", ys_all, cats_y)):
            vals = t.get(key)
            vals = vals.tolist() if hasattr(vals, "tolist") else list(vals or [])
            acc.extend(vals)
            for v in vals:
                if isinstance(v, str) and v not in cats:
                    cats.append(v)
        if t.get("type") == "bar":
            bars = True
        err = _get(t, "error_y", "array")
        if err is not None:
            for v, e in zip(t.get("y") or [], err):
                if isinstance(v, int | float) and isinstance(e, int | float):
                    ys_all.extend([v - e, v + e])
    xa = _Axis(layout.get("xaxis") or {}, xs_all, cats_x, False, x0, pw)
    ya = _Axis(layout.get("yaxis") or {}, ys_all, cats_y, bars, y0, ph)

    def px(v: float) -> float:
        return x0 + (v - xa.lo) / (xa.hi - xa.lo or 1) * pw

    def py(v: float) -> float:
        return y0 + ph - (v - ya.lo) / (ya.hi - ya.lo or 1) * ph

    def ref(value: Any, axis: str, which: str) -> float | None:
        """A shape or annotation coordinate in pixels: data, ``paper`` or ``x domain`` reference."""
        if value is None:
            return None
        if which.endswith("domain") or which == "paper":
            f = float(value)
            if axis == "x":
                return x0 + f * pw
            return y0 + ph - f * ph
        v = (xa if axis == "x" else ya).value(value)
        if v is None:
            return None
        return px(v) if axis == "x" else py(v)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" {FONT} font-size="12">',
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="{paper_bg}"/>',
        f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(pw)}" height="{_n(ph)}" fill="{plot_bg}"/>',
    ]
    # grid and ticks
    for axis, horizontal in ((xa, True), (ya, False)):
        if not axis.visible:
            continue
        if axis.categories:
            ticks = [(float(i), c) for i, c in enumerate(axis.categories)]
        else:
            ticks = [(v, _tick_label(v)) for v in _ticks(axis.lo, axis.hi, axis.spec.get("dtick"))]
        for v, label in ticks:
            if horizontal:
                x = px(v)
                if not axis.categories:
                    out.append(f'<line x1="{_n(x)}" y1="{_n(y0)}" x2="{_n(x)}" y2="{_n(y0 + ph)}" stroke="{grid}"/>')
                out.append(_text(x, y0 + ph + 16, _plain(label)[:1], 12, font, "middle"))
            else:
                y = py(v)
                out.append(f'<line x1="{_n(x0)}" y1="{_n(y)}" x2="{_n(x0 + pw)}" y2="{_n(y)}" stroke="{grid}"/>')
                out.append(_text(x0 - 6, y + 4, _plain(label)[:1], 12, font, "end"))
        title = _title(axis.spec.get("title"))
        if title:
            if horizontal:
                out.append(_text(x0 + pw / 2, y0 + ph + 36, _plain(title)[:1], 13, font, "middle"))
            else:
                cx, cy = max(14.0, x0 - 48), y0 + ph / 2
                out.append(
                    f'<g transform="rotate(-90 {_n(cx)} {_n(cy)})">'
                    + _text(cx, cy, _plain(title)[:1], 13, font, "middle")
                    + "</g>"
                )

    # bars are grouped by category: each bar trace takes a slot of every category
    bar_traces = [t for t in traces if t.get("type") == "bar"]
    group = 0.8 / max(1, len(bar_traces))
    legend: list[tuple[str, str]] = []
    for index, t in enumerate(traces):
        kind = t.get("type", "scatter")
        xs = t.get("x")
        xs = xs.tolist() if hasattr(xs, "tolist") else list(xs or [])
        ys = t.get("y")
        ys = ys.tolist() if hasattr(ys, "tolist") else list(ys or [])
        n = max(len(xs), len(ys))
        if not xs:
            xs = list(range(n))
        base_color = colorway[index % len(colorway)]
        marker = t.get("marker") or {}
        if kind == "bar":
            slot = bar_traces.index(t)
            colors = _seq(marker.get("color"), n, base_color)
            for i, (xv, yv) in enumerate(zip(xs, ys)):
                cx, cy = xa.value(xv), ya.value(yv)
                if cx is None or cy is None:
                    continue
                left = px(cx - 0.4 + slot * group)
                right = px(cx - 0.4 + (slot + 1) * group)
                top, bottom = sorted((py(cy), py(max(ya.lo, 0.0))))
                fill, op = _color(colors[i])
                out.append(
                    f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(right - left)}" height="{_n(bottom - top)}" '
                    f'fill="{fill}" fill-opacity="{op}"/>'
                )
            legend.append((f'<rect x="0" y="-5" width="18" height="10" fill="{_color(colors[0])[0]}"/>', t.get("name")))
            continue
        mode = str(t.get("mode") or ("lines+markers" if n < 20 else "lines"))
        line = t.get("line") or {}
        sample = ""
        if "lines" in mode:
            stroke, op = _color(line.get("color") or base_color)
            dash = {"dash": "6 4", "dot": "2 3", "dashdot": "6 3 2 3", "longdash": "10 4"}.get(
                str(line.get("dash")), ""
            )
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            lw = _n(line.get("width") or 2)
            runs: list[list[str]] = [[]]
            for xv, yv in zip(xs, ys):
                cx, cy = xa.value(xv), ya.value(yv)
                if cx is None or cy is None:
                    runs.append([])
                else:
                    runs[-1].append(f"{_n(px(cx))},{_n(py(cy))}")
            for run in runs:
                if len(run) > 1:
                    out.append(
                        f'<polyline points="{" ".join(run)}" fill="none" stroke="{stroke}" stroke-opacity="{op}" '
                        f'stroke-width="{lw}"{dash_attr}/>'
                    )
            sample = f'<line x1="0" y1="0" x2="18" y2="0" stroke="{stroke}" stroke-width="{lw}"{dash_attr}/>'
        err = t.get("error_y") or {}
        if err.get("array") is not None and err.get("visible", True) is not False:
            ecol = _color(err.get("color") or font)[0]
            half = float(err.get("width") or 4) / 2
            for xv, yv, e in zip(xs, ys, err["array"]):
                cx, cy = xa.value(xv), ya.value(yv)
                if cx is None or cy is None or not isinstance(e, int | float):
                    continue
                x, top, bottom = px(cx), py(cy + e), py(cy - e)
                th = _n(err.get("thickness") or 2)
                out.append(
                    f'<path d="M{_n(x)} {_n(top)} V{_n(bottom)} M{_n(x - half)} {_n(top)} H{_n(x + half)} '
                    f'M{_n(x - half)} {_n(bottom)} H{_n(x + half)}" stroke="{ecol}" stroke-width="{th}"/>'
                )
        if "markers" in mode:
            colors = _seq(marker.get("color"), n, base_color)
            sizes = _seq(marker.get("size"), n, 6)
            symbols = _seq(marker.get("symbol"), n, "circle")
            mline = marker.get("line") or {}
            mcolor, mwidth = (_seq(mline.get(k), 1, None)[0] for k in ("color", "width"))
            mwidth = float(mwidth) if isinstance(mwidth, int | float) else 1.0
            mline_attr = f'stroke="{_color(mcolor)[0]}" stroke-width="{_n(mwidth)}"' if mcolor and mwidth > 0 else ""
            for i, (xv, yv) in enumerate(zip(xs, ys)):
                cx, cy = xa.value(xv), ya.value(yv)
                if cx is None or cy is None:
                    continue
                fill, op = _color(colors[i])
                if op == "0":
                    continue
                out.append(_symbol(str(symbols[i]), px(cx), py(cy), float(sizes[i]), fill, op, mline_attr))
            fill, op = _color(colors[0] if colors else base_color)
            if op != "0":
                sample += _symbol(str(symbols[0] if symbols else "circle"), 9, 0, 10, fill, op, mline_attr)
        if "text" in mode:
            texts = _seq(t.get("text"), n, "")
            position = str(t.get("textposition") or "middle center")
            for xv, yv, label in zip(xs, ys, texts):
                cx, cy = xa.value(xv), ya.value(yv)
                if cx is None or cy is None or not label:
                    continue
                x, y = px(cx), py(cy)
                dy = -12 if position.startswith("top") else 18 if position.startswith("bottom") else 4
                h = position.split()[-1]
                dx = {"left": -8, "right": 8}.get(h, 0)
                out.append(
                    _text(x + dx, y + dy, _plain(label), 12, font, {"left": "end", "right": "start"}.get(h, "middle"))
                )
        if sample and t.get("showlegend", True) is not False and t.get("name"):
            legend.append((sample, t["name"]))

    for shape in layout.get("shapes") or []:
        sx0 = ref(shape.get("x0"), "x", str(shape.get("xref") or "x"))
        sx1 = ref(shape.get("x1"), "x", str(shape.get("xref") or "x"))
        sy0 = ref(shape.get("y0"), "y", str(shape.get("yref") or "y"))
        sy1 = ref(shape.get("y1"), "y", str(shape.get("yref") or "y"))
        if None in (sx0, sx1, sy0, sy1):
            continue
        sline = shape.get("line") or {}
        stroke = _color(sline.get("color") or "#444")[0]
        dash = ' stroke-dasharray="6 4"' if sline.get("dash") in ("dash", "longdash", "dashdot") else ""
        dash = ' stroke-dasharray="2 3"' if sline.get("dash") == "dot" else dash
        sw = _n(sline.get("width") if sline.get("width") is not None else 2)
        if shape.get("type") == "rect":
            fill, op = _color(shape.get("fillcolor") or "rgba(0,0,0,0)")
            out.append(
                f'<rect x="{_n(min(sx0, sx1))}" y="{_n(min(sy0, sy1))}" width="{_n(abs(sx1 - sx0))}" '
                f'height="{_n(abs(sy1 - sy0))}" fill="{fill}" fill-opacity="{op}" stroke="{stroke}" '
                f'stroke-width="{sw}"{dash}/>'
            )
        else:
            out.append(
                f'<line x1="{_n(sx0)}" y1="{_n(sy0)}" x2="{_n(sx1)}" y2="{_n(sy1)}" stroke="{stroke}" '
                f'stroke-width="{sw}"{dash}/>'
            )

    for note in layout.get("annotations") or []:
        ax_ref, ay_ref = str(note.get("xref") or "x"), str(note.get("yref") or "y")
        x, y = ref(note.get("x"), "x", ax_ref), ref(note.get("y"), "y", ay_ref)
        if x is None or y is None:
            continue
        lines = _plain(note.get("text"))
        if note.get("showarrow", True) is not False:
            if note.get("axref") == "x" and note.get("ayref") == "y":
                tx, ty = ref(note.get("ax"), "x", "x"), ref(note.get("ay"), "y", "y")
            else:
                tx = x + float(note.get("ax") if note.get("ax") is not None else -10)
                ty = y + float(note.get("ay") if note.get("ay") is not None else -30)
            if tx is None or ty is None:
                continue
            color = _color(note.get("arrowcolor") or font)[0]
            length = math.hypot(x - tx, y - ty) or 1.0
            ux, uy = (x - tx) / length, (y - ty) / length
            s0, s1 = float(note.get("startstandoff") or 0), float(note.get("standoff") or 0)
            bx, by, hx, hy = tx + ux * s0, ty + uy * s0, x - ux * s1, y - uy * s1
            out.append(
                f'<line x1="{_n(bx)}" y1="{_n(by)}" x2="{_n(hx)}" y2="{_n(hy)}" stroke="{color}" stroke-width="1.5"/>'
            )
            if note.get("arrowhead", 1):
                size = 8 * float(note.get("arrowsize") or 1)
                left = (hx - ux * size - uy * size / 2, hy - uy * size + ux * size / 2)
                right = (hx - ux * size + uy * size / 2, hy - uy * size - ux * size / 2)
                out.append(
                    f'<polygon points="{_n(hx)},{_n(hy)} {_n(left[0])},{_n(left[1])} {_n(right[0])},{_n(right[1])}" '
                    f'fill="{color}"/>'
                )
            if lines and any(lines):
                out.append(_text(tx, ty - 4, lines, 12, font, "middle"))
        elif lines:
            anchor = _ANCHOR.get(str(note.get("xanchor") or "center"), "middle")
            ya_ = str(note.get("yanchor") or "middle")
            dy = -4 if ya_ == "bottom" else 12 if ya_ == "top" else 4
            out.append(_text(x, y + dy, lines, 12, font, anchor))

    if show_legend and legend and below:  # in rows under the plot, wrapped at the figure's width
        lx, ly = x0, y0 + ph + 36
        for mark, name in legend:
            text = _plain(name)[:1]
            w = 24 + 6.6 * len(text[0] if text else "") + 18
            if lx + w > width - 10 and lx > x0:
                lx, ly = x0, ly + 20
            out.append(f'<g transform="translate({_n(lx)} {_n(ly)})">{mark}</g>')
            out.append(_text(lx + 24, ly + 4, text, 12, font))
            lx += w
    elif show_legend and legend:
        lx = x0 + pw + 16
        for i, (mark, name) in enumerate(legend):
            ly = y0 + 8 + i * 20
            out.append(f'<g transform="translate({_n(lx)} {_n(ly)})">{mark}</g>')
            out.append(_text(lx + 24, ly + 4, _plain(name)[:1], 12, font))
    title = _title(layout.get("title"))
    if title:
        out.append(_text(x0 * 0.25 + 10, min(y0 * 0.5, 30) + 6, _plain(title), 16, font))
    out.append("</svg>")
    return "".join(out)


def figure_html(fig: Any) -> str:
    """The figure as an ``<img>`` data URI (its title as the alternative text)."""
    d = fig.to_dict() if hasattr(fig, "to_dict") else dict(fig)
    alt = " ".join(_plain(_title((d.get("layout") or {}).get("title")))) or "figure"
    return picture_html(figure_svg(d), alt, cls="tt-picture tt-figure-picture")


def plotly_renderer() -> str:
    """Register the plotly renderer ``"tabletop"`` and return its name, for ``pio.renderers.default``.

    It sends what ``"plotly_mimetype"`` sends (the live figure, drawn by JupyterLab's plotly
    renderer, trusted or not) and the figure's picture as ``text/html`` (:func:`figure_html`), which
    GitHub, nbconvert's HTML and any viewer without plotly.js show instead.
    """
    import plotly.io as pio
    from plotly.io._base_renderers import PlotlyRenderer

    class _WithPicture(PlotlyRenderer):
        def to_mimebundle(self, fig_dict: dict) -> dict:
            bundle = super().to_mimebundle(fig_dict)
            bundle["text/html"] = figure_html(fig_dict)
            return bundle

    pio.renderers[RENDERER] = _WithPicture()
    return RENDERER
