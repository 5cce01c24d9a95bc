"""The "table" layout: players seated around an oval table, the shared cards in its middle.

A board view with ``layout: "table"`` lists ``seats`` in the order they sit (clockwise), each
``{"id", "label", "player", "note", "option"/"options"}``; a card with ``seat`` (a seat's id) lies in
front of that seat, a card with ``centre`` (0, 1, ...) in the middle of the table, labelled by its
``label``. The viewer's seat (``viewer``) is at the bottom. Seats and cards that offer options are
clickable (a vote for a player: their seat, or their card). Names are 14 px and dark; a face-up card shows
its name large in the middle (a role), a face-down card its back.
"""

from __future__ import annotations

import json
import math
from html import escape
from typing import Any

CARD_W, CARD_H = 84, 116
SEAT_W, SEAT_H = 128, 26  # the name plate under each seat's card

TABLE_STYLE = (
    ".tt-table-top{fill:#dfe9d8;stroke:#93a684;stroke-width:2}"
    ".tt-seat-plate{fill:#fff;stroke:#8a7f6a;stroke-width:1.2}"
    ".tt-seat-you .tt-seat-plate{fill:#fff4dc;stroke:#c47a00;stroke-width:2}"
    ".tt-seat-name{font-size:14px;font-weight:700;fill:#1d1d1d;text-anchor:middle}"
    ".tt-seat-note{font-size:12px;fill:#333;text-anchor:middle}"
    ".tt-centre-label{font-size:13px;font-weight:600;fill:#2b2b2b;text-anchor:middle}"
    ".tt-role{font-size:14px;font-weight:700;fill:#1d1d1d;text-anchor:middle}"
)


def _n(x: float) -> str:
    text = f"{x:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _option_ids(*values: Any) -> list[str]:
    out: list[str] = []
    for v in values:
        if v is None:
            continue
        for o in v if isinstance(v, list | tuple) else [v]:
            if o is not None and str(o) not in out:
                out.append(str(o))
    return out


def _options_attr(options: list[str]) -> str:
    if not options:
        return ""
    return f' data-option="{_e(options[0])}" data-options="{_e(json.dumps(options, ensure_ascii=False))}"'


def _card(item: dict, x: float, y: float, marked: set[str]) -> str:
    """A card at (x, y): its back, or its name large in the middle (a role in two lines at most)."""
    options = item["options"]
    cls = "tt-card" + (" tt-face-down" if item["face_down"] else "") + (" tt-option" if options else "")
    title = f"face-down card ({item['id']})" if item["face_down"] else f"{item['name']} ({item['id']})"
    if options:
        title += "\noptions: " + ", ".join(options)
    parts = [
        f'<g class="{cls}" data-id="{_e(item["id"])}"{_options_attr(options)} transform="translate({_n(x)} {_n(y)})">',
        f"<title>{_e(title)}</title>",
        f'<rect class="tt-card-bg" width="{CARD_W}" height="{CARD_H}" rx="6"/>',
    ]
    w, h = CARD_W, CARD_H
    if item["face_down"]:
        parts.append(f'<rect class="tt-back" x="6" y="6" width="{w - 12}" height="{h - 12}" rx="4"/>')
        parts.append(
            f'<path class="tt-back" d="M{w / 2:g} 20 L{w - 18} {h / 2:g} L{w / 2:g} {h - 20} L18 {h / 2:g} Z"/>'
        )
    else:
        words = str(item["name"] if item["name"] is not None else item["id"]).split()
        lines = [" ".join(words)] if len(" ".join(words)) <= 10 or len(words) < 2 else [words[0], " ".join(words[1:])]
        y0 = h / 2 + 5 - 8 * (len(lines) - 1)
        for k, line in enumerate(lines):  # 14 px, smaller only for a long word ("troublemaker": 12 px)
            size = "" if len(line) <= 9 else f' style="font-size:{max(11, min(14, 148 // len(line)))}px"'
            parts.append(f'<text x="{_n(w / 2)}" y="{_n(y0 + 16 * k)}" class="tt-role"{size}>{_e(line)}</text>')
    if options:
        parts.append(f'<rect class="tt-highlight" x="-3" y="-3" width="{w + 6}" height="{h + 6}" rx="8"/>')
    if item["id"] in marked:
        parts.append(f'<rect class="tt-marked" x="-6" y="-6" width="{w + 12}" height="{h + 12}" rx="9"/>')
    parts.append("</g>")
    return "".join(parts)


def table_area(view: dict, items: list[dict], marked: set[str]) -> tuple[list[str], float, float]:
    """The table drawn at the origin: (svg parts, width, height). ``items``: the normalised cards."""
    seats = [s for s in view.get("seats") or () if isinstance(s, dict) and s.get("id") is not None]
    n = max(len(seats), 1)
    viewer = view.get("viewer")
    first = next((k for k, s in enumerate(seats) if viewer is not None and s.get("player") == viewer), 0)
    rx, ry = max(250.0, 40.0 * n), max(175.0, 27.0 * n)  # the ring the seats' centres lie on
    margin_x, margin_y = CARD_W / 2 + 30, CARD_H / 2 + SEAT_H + 24
    cx, cy = rx + margin_x, ry + margin_y
    by_seat: dict[str, list[dict]] = {}
    centre: list[tuple[int, dict]] = []
    loose: list[dict] = []
    for it in items:
        if it.get("seat") is not None:
            by_seat.setdefault(str(it["seat"]), []).append(it)
        elif isinstance(it.get("centre"), int):
            centre.append((it["centre"], it))
        else:
            loose.append(it)
    parts = [
        f'<ellipse class="tt-table-top" cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx - CARD_W / 2 - 14)}" '
        f'ry="{_n(ry - CARD_H / 2 - 8)}"/>'
    ]
    centre.sort(key=lambda ci: ci[0])
    gap = 14
    total = len(centre) * CARD_W + max(0, len(centre) - 1) * gap
    for k, (_i, it) in enumerate(centre):
        x, y = cx - total / 2 + k * (CARD_W + gap), cy - CARD_H / 2 - 8
        parts.append(_card(it, x, y, marked))
        if it.get("label"):
            parts.append(
                f'<text x="{_n(x + CARD_W / 2)}" y="{_n(y + CARD_H + 17)}" class="tt-centre-label">'
                f"{_e(it['label'])}</text>"
            )
    for k, seat in enumerate(seats):
        angle = math.radians(90 + 360 * (k - first) / n)  # the viewer at the bottom, then clockwise
        sx, sy = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        options = _option_ids(seat.get("option"), seat.get("options"))
        you = viewer is not None and seat.get("player") == viewer
        cls = "tt-seat" + (" tt-seat-you" if you else "") + (" tt-option" if options else "")
        label = str(seat.get("label") or seat["id"]) + (" (you)" if you else "")
        for it in by_seat.get(str(seat["id"]), [])[:1]:
            parts.append(_card(it, sx - CARD_W / 2, sy - CARD_H / 2 - SEAT_H / 2, marked))
        px, py = sx - SEAT_W / 2, sy + CARD_H / 2 - SEAT_H / 2 + 4
        note = seat.get("note")
        h = SEAT_H + (16 if note else 0)
        title = label + (f" ({note})" if note else "") + (("\noptions: " + ", ".join(options)) if options else "")
        parts.append(
            f'<g class="{cls}" data-seat="{_e(seat["id"])}"{_options_attr(options)}><title>{_e(title)}</title>'
            f'<rect class="tt-seat-plate" x="{_n(px)}" y="{_n(py)}" width="{SEAT_W}" height="{h}" rx="6"/>'
            f'<text x="{_n(sx)}" y="{_n(py + 18)}" class="tt-seat-name">{_e(label)}</text>'
            + (f'<text x="{_n(sx)}" y="{_n(py + 34)}" class="tt-seat-note">{_e(note)}</text>' if note else "")
            + (
                f'<rect class="tt-highlight" x="{_n(px - 3)}" y="{_n(py - 3)}" width="{SEAT_W + 6}" height="{h + 6}"'
                ' rx="8"/>'
                if options
                else ""
            )
            + "</g>"
        )
    width, height = 2 * cx, 2 * cy + 16
    for k, it in enumerate(loose):  # cards the view puts nowhere: in a row under the table
        parts.append(_card(it, 10 + k * (CARD_W + 8), height, marked))
    if loose:
        height += CARD_H + 8
    return parts, width, height
