"""One generic board renderer: any rulebook's board view (plain JSON) to SVG or HTML.

A board view is the dict a rulebook's ``board(game, player)`` returns. The renderer reads:

``layout``
    ``zones`` (labelled zones in panels, one panel per owner), ``grid`` (cells addressed by
    ``pos: [row, column]``), ``hex`` (hexagons addressed by axial ``pos: [q, r]``), ``ranks``
    (each player's formation as rows of slots, front ranks facing each other), ``lanes``
    (columns shared by the players, each side filling its lane from its own edge), ``graph``
    (places joined by edges, a map such as Paragon's; :mod:`tabletop.core.graphs`) or ``table``
    (seats around an oval table, shared cards in its middle: :mod:`tabletop.render.table`).
``zones``
    ``{"id", "label", "owner", "kind", "count", "hidden", "stack", "option"}``. Zones whose
    ``kind`` (or ``id``) is the layout name, or that say ``"board": true``, are the board of
    a ``grid``/``hex`` layout; ``rank``/``lane`` zones (``kind`` or a ``rank``/``lane`` key)
    are the ranks and lanes. Every other zone is drawn in its owner's panel.
``cards``
    ``{"id", "zone", "kind", "name", "cost", "type", "text", "stats", "counters",
    "statuses", "pos", ...}``. A face-down card shows none of its face, only its ``counters``: things
    lying on its back that every viewer sees (mana on a face-down creature). Field names of both
    built-in rulebooks are accepted: face down
    is ``face_down: true``, ``face: "down"`` or ``hidden: true``; a card is turned (drawn
    rotated 90°) when ``tapped``, ``closed``, ``spent``, ``stunned``, ``exhausted`` or
    ``rotated`` is true or among its ``statuses``; the options an element offers are
    ``option`` (an id, ``None`` or a list) and/or ``options``. ``kind`` ``coin``, ``token``
    and ``die`` are drawn as small pieces. A face-up card's ``symbol`` (``{"shape", "colour", "word"}``)
    is drawn large on its face with the word under it (:mod:`tabletop.render.symbols`).
``cells``, ``tokens``, ``highlights``
    optional board cells (with ``pos``, ``label``, ``option``; a cell without ``label`` shows its
    coordinates, ``""`` shows nothing), free tokens, and ids of elements to mark (e.g. the last move).
``hex`` maps and ``lanes`` with positions (:mod:`tabletop.core.hexes`, :mod:`tabletop.core.lanes`)
    a hex cell's ``kind`` (``dark``, ``entry``, ``exit``, ``boost``, ``blank``, ``defeat``, ``water``,
    ``numbered`` are coloured; any other is drawn plain, and every kind is named in ``data-kind``);
    a card's ``cells`` (a list of ``[q, r]``) is a piece covering several cells: their union is shaded
    and outlined and the piece drawn at its middle. A ``lane`` zone with a ``length`` is drawn as that
    many positions, position 0 at the bottom; a card's ``pos`` is its position on its lane (a card
    without one is drawn off the lanes), a cell with ``lane`` and ``pos`` labels a position or offers
    an option there, and ``bridges`` (``[[lane, pos], [lane, pos]]`` or ``{"from", "to", "label",
    "option"}``) join two positions.
``tokens`` (on a face-up card)
    status tokens in a row across the card under its type line: ``[{"name", "stacks", "kind"}]``
    (or ``{name: stacks}``),
    each a disc with the name's first two letters and, above one stack, the stack count; ``kind``
    (``boon``, ``condition``, any other) colours it (class ``tt-token-<kind>``). The tooltip names them all.
``attached_to`` (on a card)
    the id of the card it is attached to (equipment, an attached event): drawn under its host, its top
    edge and name showing above it, in the order of the view (an attachment of an attachment hangs
    under the first host). A card's ``host`` field (Marvel Champions' views have one) draws nothing
    of this kind: a view asks for it by name.
``places``, ``edges`` (the ``graph`` layout)
    places ``{"id", "label", "kind", "pos": [x, y], "option"}`` (without a ``pos`` on every place, they
    stand on a circle in the order given, the first at the top) and edges ``[a, b]`` or ``{"from",
    "to", "label", "kind", "option"}``; a card's ``pos`` is the id of the place it is on.
``players``, ``scores``, ``turn``, ``to_move``, ``decision``, ``result``
    drawn as the status line and the panel headers.

Every element that offers options gets the class ``tt-option``, ``data-option`` (its first
option id) and ``data-options`` (all of them, as a JSON list), so a widget can send the choice
back. Face-down cards never show a name, whatever the view holds. Output is deterministic:
the same view gives the same text (coordinates are rounded, nothing is random).

>>> svg = board_svg({"layout": "zones", "zones": [{"id": "hand", "label": "hand"}],
...                  "cards": [{"id": "c1", "zone": "hand", "name": "Fox & Hound", "option": "play:c1"}]})
>>> "Fox &amp; Hound" in svg and 'data-option="play:c1"' in svg
True
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from html import escape
from typing import Any

from .pictures import picture_html
from .symbols import SYMBOL_STYLE, draw_symbol_face
from .table import TABLE_STYLE, table_area

__all__ = ["LAYOUTS", "board_html", "board_picture", "board_svg", "normalise"]

LAYOUTS = ("zones", "grid", "hex", "ranks", "lanes", "graph", "table")
TURNED = ("tapped", "closed", "spent", "stunned", "exhausted", "exerted", "rotated")
PIECES = ("coin", "token", "die")

CARD_W, CARD_H = 84, 116
GAP = 8
PIECE = 30
PAD = 12
LABEL_H = 20
WIDTH = 1000
MAX_SPREAD = 10  # a zone with more items than this and no options is drawn as a pile
HEX_SCALE = 0.55
PEEK = 20  # how much of an attached card shows above its host

STYLE = (
    ".tt-svg{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:11px}"
    ".tt-status{font-size:13px;font-weight:600;fill:#222}"
    ".tt-panel-bg{fill:#f6f4ef;stroke:#d8d2c4}.tt-panel-title{font-size:12px;font-weight:600;fill:#333}"
    ".tt-to-move .tt-panel-bg{stroke:#c47a00;stroke-width:2}"
    ".tt-zone-bg{fill:#fff;stroke:#bdb5a3;stroke-dasharray:4 3}.tt-zone-label{fill:#555;font-size:10px}"
    ".tt-card-bg{fill:#fffdf7;stroke:#6b5d45;stroke-width:1.2}"
    ".tt-face-down .tt-card-bg{fill:#3c5a8a;stroke:#22375a}.tt-back{fill:none;stroke:#9fb6dd;stroke-width:1.5}"
    ".tt-name{font-weight:600;fill:#222}.tt-type{fill:#777;font-size:9px}"
    ".tt-cost-bg{fill:#2f6fb3}.tt-cost{fill:#fff;font-weight:700;text-anchor:middle}"
    ".tt-stat{fill:#222}.tt-counter{fill:#b22;font-weight:600}.tt-status-text{fill:#7a4f00;font-style:italic}"
    ".tt-rotated .tt-card-bg{fill:#ece6d8}"
    ".tt-piece-bg{fill:#e8c547;stroke:#8a6d00}.tt-piece-mark{stroke:#8a6d00;stroke-width:2}"
    ".tt-temporary .tt-piece-bg{stroke-dasharray:3 2;fill:#f4e3a0}"
    ".tt-piece-label{text-anchor:middle;font-size:10px;font-weight:600;fill:#3a2f00}"
    ".tt-cell{fill:#efeadf;stroke:#c9bfa8}.tt-cell-label{fill:#999;font-size:9px}"
    ".tt-hex{fill:#e9efe2;stroke:#a9b89a}.tt-lane-bg{fill:#eef1f6;stroke:#b8c2d3}"
    ".tt-slot{fill:none;stroke:#c9bfa8;stroke-dasharray:3 3}"
    ".tt-pile-count{font-size:12px;font-weight:700;fill:#fff;text-anchor:middle}"
    ".tt-pile-badge{fill:#333}"
    ".tt-highlight{fill:none;stroke:#e07b00;stroke-width:3}"
    ".tt-option{cursor:pointer}.tt-option:hover .tt-highlight{stroke:#ff3d00}"
    ".tt-marked{fill:none;stroke:#2a9d4b;stroke-width:2.5;stroke-dasharray:5 3}"
)

# only in boards whose cards carry status tokens (see _geometry_style)
TOKEN_STYLE = (
    ".tt-token-bg{fill:#ddd;stroke:#555}.tt-token-boon .tt-token-bg{fill:#cfe6ff;stroke:#1f5fa8}"
    ".tt-token-condition .tt-token-bg{fill:#f6d0cc;stroke:#a8321f}"
    ".tt-token-label{text-anchor:middle;font-size:8px;font-weight:700;fill:#222}"
    ".tt-token-stacks{text-anchor:middle;font-size:7px;font-weight:700;fill:#fff}.tt-token-badge{fill:#333}"
)

# only in boards that draw hex cell kinds, multi-cell pieces or lane positions (see _geometry_style)
GEOMETRY_STYLE = (
    ".tt-place{fill:#e9efe2;stroke:#8d9c7f;stroke-width:1.5}"
    ".tt-kind-dark{fill:#5d5a55;stroke:#3b3934}.tt-kind-entry{fill:#cfe6c4}.tt-kind-exit{fill:#f2d39b}"
    ".tt-kind-boost{fill:#ddd0f0}.tt-kind-blank{fill:#ffffff}.tt-kind-defeat{fill:#cfcac0;stroke:#8d877b}"
    ".tt-kind-water{fill:#bfd8ee}.tt-kind-numbered{fill:#f4efe2}"
    ".tt-footprint-cell{fill:#c9503c;fill-opacity:.22;stroke:none}"
    ".tt-footprint-edge{fill:none;stroke:#9b2f1f;stroke-width:2.5;stroke-linejoin:round}"
    "rect.tt-lane-pos{fill:#f8f9fc;stroke:#c3cad8}"
    "line.tt-bridge{stroke:#8a6d3b;stroke-width:9;stroke-opacity:.55;stroke-linecap:round}"
    "line.tt-edge{stroke:#a39a86;stroke-width:3}"
    ".tt-place-label{fill:#444;font-size:10px;text-anchor:middle}"
)
# only in boards drawn with ``card_text=True`` (the Lab's live board): a card's rules text on the card
CARD_TEXT_STYLE = ".tt-card-text{fill:#333;font-size:8px}"
CARD_TEXT_WIDTH = 18  # characters of a line of card text (8px on an 84px card)

HTML_STYLE = (
    ".tt-board-html{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:13px}"
    ".tt-board-html button.tt-option{margin:2px 4px 2px 0;padding:2px 8px;border:2px solid #e07b00;"
    "border-radius:4px;background:#fff7ec;cursor:pointer}"
    ".tt-board-html .tt-prompt{margin:4px 0}"
)


# ------------------------------------------------------------------ helpers
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _e(value: Any) -> str:
    """Escaped text for XML content or a double-quoted attribute."""
    return escape(_CONTROL.sub("", str(value)), quote=True)


def _n(x: float) -> str:
    """A coordinate, rounded to one decimal, without a trailing ``.0``."""
    r = round(float(x), 1)
    if r == 0:
        r = 0.0  # no "-0"
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def _text(x: float, y: float, text: Any, cls: str, anchor: str | None = None) -> str:
    a = f' text-anchor="{anchor}"' if anchor else ""
    return f'<text x="{_n(x)}" y="{_n(y)}" class="{cls}"{a}>{_e(text)}</text>'


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(1, limit - 1)] + "…"


def _wrap(text: str, width: int, lines: int, *, break_words: bool = True) -> list[str]:
    """Word-wrap ``text`` to at most ``lines`` lines of ``width`` characters (ellipsis if cut). A word longer
    than ``width`` is broken, unless ``break_words`` is False (a name: its line is drawn smaller instead)."""
    out: list[str] = []
    cur = ""
    for word in text.split():
        while break_words and len(word) > width:  # a long word is broken
            if cur:
                out.append(cur)
                cur = ""
            out.append(word[:width])
            word = word[width:]
        if not cur:
            cur = word
        elif len(cur) + 1 + len(word) <= width:
            cur += " " + word
        else:
            out.append(cur)
            cur = word
    if cur:
        out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = _short(out[-1] + "…", width) if len(out[-1]) < width else out[-1][: width - 1] + "…"
    return out


def _option_ids(*values: Any) -> list[str]:
    """Option ids from ``option``/``options`` fields: an id, None, a list, or dicts with an ``id``."""
    out: list[str] = []
    for value in values:
        if value is None or value is False:
            continue
        items = value if isinstance(value, list | tuple) else [value]
        for item in items:
            oid = item.get("id") if isinstance(item, dict) else item
            if oid is not None and str(oid) not in out:
                out.append(str(oid))
    return out


def _pairs(value: Any) -> list[tuple[str, Any]]:
    """Stats or counters: a dict, or a list of ``[name, value]`` / ``{"name", "value"}``."""
    if not value:
        return []
    if isinstance(value, dict):
        return [(str(k), v) for k, v in value.items() if v is not None]
    out = []
    for item in value:
        if isinstance(item, dict):
            out.append((str(item.get("name", item.get("id", ""))), item.get("value")))
        elif isinstance(item, list | tuple) and len(item) == 2:
            out.append((str(item[0]), item[1]))
    return out


def _names(value: Any) -> list[str]:
    """Statuses: a list of names or a dict of name -> truthy."""
    if not value:
        return []
    if isinstance(value, dict):
        return [str(k) for k, v in value.items() if v]
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]


def _tokens(value: Any) -> list[dict]:
    """Status tokens: a list of ``{"name", "stacks", "kind"}`` or a dict of name -> stacks (none at 0)."""
    if not value:
        return []
    if isinstance(value, dict):
        value = [{"name": k, "stacks": v} for k, v in value.items()]
    out = []
    for t in value:
        stacks = int(t.get("stacks", 1))
        if stacks > 0:
            out.append({"name": str(t["name"]), "stacks": stacks, "kind": str(t.get("kind") or "token")})
    return out


def _face_down(entry: dict) -> bool:
    if "face_down" in entry:
        return bool(entry["face_down"])
    if "face" in entry:
        return str(entry["face"]).lower() in ("down", "back", "hidden")
    if "face_up" in entry:
        return not entry["face_up"]
    return bool(entry.get("hidden"))


# ------------------------------------------------------------ normalising
def normalise(view: dict) -> dict:
    """The view with one spelling for every field the renderer reads (a new dict).

    Cards get ``face_down``, ``turned``, ``options``, ``stats``/``counters`` as lists of
    pairs and ``statuses`` as a list; face-down cards lose their name, text and stats.
    """
    layout = str(view.get("layout") or "zones")
    if layout not in LAYOUTS:
        raise ValueError(f"unknown board layout {layout!r}; known layouts: {', '.join(LAYOUTS)}")
    cards = [_norm_item(c, i) for i, c in enumerate(view.get("cards") or ())]
    cards += [_norm_item({"kind": "token", **t}, len(cards) + i) for i, t in enumerate(view.get("tokens") or ())]
    away: dict[str, int] = {}  # per zone, its cards drawn on a host in another zone
    if any("attached_to" in c for c in cards):  # attachments go under their host (only where a view asks)
        cards = _attach(cards)
        for c in cards:
            for att in c.get("attached", ()):
                if att["zone"] is not None and att["zone"] != c["zone"]:
                    away[att["zone"]] = away.get(att["zone"], 0) + 1
    zones = []
    seen = set()
    for z in view.get("zones") or ():
        zid = str(z.get("id"))
        seen.add(zid)
        zones.append(
            {
                **z,
                "id": zid,
                "label": str(z.get("label") or zid),
                "owner": z.get("owner"),
                "options": _option_ids(z.get("option"), z.get("options")),
            }
        )
        if away.get(zid) and isinstance(z.get("count"), int):  # (not drawn as missing: they are on their hosts)
            zones[-1]["count"] = max(0, z["count"] - away[zid])
    for c in cards:  # zones the view names only through its cards
        if c["zone"] is not None and c["zone"] not in seen:
            seen.add(c["zone"])
            zones.append({"id": c["zone"], "label": c["zone"], "owner": c.get("owner"), "options": []})
    cells = [
        {**cell, "options": _option_ids(cell.get("option"), cell.get("options"))} for cell in view.get("cells") or ()
    ]
    marked = {str(h) for h in (view.get("highlights") or ())}
    out = {**view, "layout": layout, "cards": cards, "zones": zones, "cells": cells, "highlights": marked}
    if layout == "graph":
        out["places"] = [
            {**p, "id": str(p["id"]), "options": _option_ids(p.get("option"), p.get("options"))}
            for p in view.get("places") or ()
            if isinstance(p, dict) and p.get("id") is not None
        ]
    return out


def _norm_item(entry: dict, index: int) -> dict:
    kind = str(entry.get("kind") or "card")
    statuses = _names(entry.get("statuses"))
    down = _face_down(entry)
    turned = any(bool(entry.get(k)) for k in TURNED) or any(s in TURNED for s in statuses)
    item = {
        "id": str(entry.get("id", f"item{index}")),
        "zone": None if entry.get("zone") is None else str(entry["zone"]),
        "kind": kind,
        "owner": entry.get("owner", entry.get("controller")),
        "pos": entry.get("pos"),
        "face_down": down,
        "turned": turned,
        "temporary": bool(entry.get("temporary")),
        "options": _option_ids(entry.get("option"), entry.get("options")),
        "name": None,
        "type": None,
        "text": "",
        "cost": None,
        "stats": [],
        "counters": [],
        "statuses": [],
        "label": entry.get("label"),
        "value": entry.get("value"),
        "count": entry.get("count"),
    }
    if entry.get("attached_to") is not None:  # drawn under another card (equipment, an attached event)
        item["attached_to"] = str(entry["attached_to"])
    if not down and isinstance(entry.get("symbol"), dict):  # a shape drawn on the face (a memory picture)
        item["symbol"] = entry["symbol"]
    for where in ("seat", "centre"):  # the "table" layout: in front of a seat, or in the middle
        if entry.get(where) is not None:
            item[where] = entry[where]
    if entry.get("cells"):  # a piece covering several hex cells
        item["cells"] = [rc for rc in (_rc(c) for c in entry["cells"]) if rc is not None]
    if down:  # counters lie on the card's back, in sight of all
        item["counters"] = _pairs(entry.get("counters"))
    else:
        item.update(
            name=None if entry.get("name") is None else str(entry["name"]),
            type=entry.get("type"),
            text=str(entry.get("text") or ""),
            cost=entry.get("cost"),
            stats=_pairs(entry.get("stats")),
            counters=_pairs(entry.get("counters")),
            statuses=statuses,
            tokens=_tokens(entry.get("tokens")),
        )
    return item


# ---------------------------------------------------------------- drawing
def _option_attrs(options: list[str]) -> str:
    if not options:
        return ""
    return f' data-option="{_e(options[0])}" data-options="{_e(json.dumps(options, ensure_ascii=False))}"'


def _classes(base: str, item: dict, marked: set[str]) -> str:
    cls = [base]
    if item.get("face_down"):
        cls.append("tt-face-down")
    if item.get("turned"):
        cls.append("tt-rotated")
    if item.get("temporary"):
        cls.append("tt-temporary")
    if item.get("options"):
        cls.append("tt-option")
    if item["id"] in marked:
        cls.append("tt-marked-item")
    return " ".join(cls)


def _size(item: dict) -> tuple[int, int]:
    """The slot an item needs in a row (a turned card lies on its side; attachments peek out above it)."""
    if item["kind"] in PIECES:
        return PIECE + 4, PIECE + 4 + PEEK * len(item.get("attached", ()))
    w, h = (CARD_H, CARD_H) if item["turned"] else (CARD_W, CARD_H)
    return w, h + PEEK * len(item.get("attached", ()))


def _attach(cards: list[dict]) -> list[dict]:
    """The cards with each attachment moved under its host (``attached``, in the view's order); an attachment
    whose host is not on the board, or that would hang under itself, stays where it is."""
    by_id = {c["id"]: c for c in cards}
    out = []
    for c in cards:
        host, seen = c.get("attached_to"), {c["id"]}
        while host in by_id and host not in seen:  # the card it finally hangs under
            seen.add(host)
            if by_id[host].get("attached_to") is None:
                break
            host = by_id[host].get("attached_to")
        if host in by_id and by_id[host].get("attached_to") is None:
            by_id[host].setdefault("attached", []).append(c)
        else:
            out.append(c)
    return out


def _title(item: dict) -> str:
    if item["face_down"]:
        text = f"face-down {item['kind']} ({item['id']})"
        text += "".join(f" · {k} {v}" for k, v in item["counters"])
    elif item["kind"] in PIECES:
        bits = [item["kind"], item["id"]]
        if item.get("label") is not None:
            bits.append(str(item["label"]))
        if item.get("value") is not None:
            bits.append(f"value {item['value']}")
        if item["turned"]:
            bits.append("closed")
        if item["temporary"]:
            bits.append("temporary")
        text = " · ".join(bits)
    else:
        head = f"{item['name'] or item['id']} ({item['id']})"
        bits = [head]
        if item["type"]:
            bits.append(str(item["type"]))
        if item["cost"] is not None:
            bits.append(f"cost {item['cost']}")
        bits += [f"{k} {v}" for k, v in item["stats"] + item["counters"]]
        bits += item["statuses"]
        bits += [t["name"] + (f" ×{t['stacks']}" if t["stacks"] > 1 else "") for t in item.get("tokens", ())]
        if item["turned"] and not any(s in TURNED for s in item["statuses"]):
            bits.append("turned")
        text = " · ".join(bits) + (f"\n{item['text']}" if item["text"] else "")
    if item["options"]:
        text += "\noptions: " + ", ".join(item["options"])
    return f"<title>{_e(text)}</title>"


def _draw_item(item: dict, x: float, y: float, marked: set[str], scale: float = 1.0) -> str:
    """An item whose slot's top-left corner is (x, y); its attachments first, each a strip higher, under it."""
    under = ""
    attached = item.get("attached", ())
    for k, att in enumerate(attached):
        under += _draw_item({**att, "attached": ()}, x, y + k * PEEK * scale, marked, scale)
    y += len(attached) * PEEK * scale
    if item["kind"] in PIECES:
        return under + _draw_piece(item, x, y, marked, scale)
    return under + _draw_card(item, x, y, marked, scale)


def _draw_card(item: dict, x: float, y: float, marked: set[str], scale: float) -> str:
    w, h = CARD_W, CARD_H
    if item["turned"]:  # the slot is h wide: centre the card in it, then turn it about its centre
        x += (h - w) / 2 * scale
    transform = f"translate({_n(x)} {_n(y)})"
    if scale != 1.0:
        transform += f" scale({scale:g})"
    if item["turned"]:
        transform += f" rotate(90 {_n(w / 2)} {_n(h / 2)})"
    parts = [
        f'<g class="{_classes("tt-card", item, marked)}" data-id="{_e(item["id"])}"'
        f'{_option_attrs(item["options"])} transform="{transform}">',
        _title(item),
        f'<rect class="tt-card-bg" width="{w}" height="{h}" rx="6"/>',
    ]
    if item["face_down"]:
        parts.append(f'<rect class="tt-back" x="6" y="6" width="{w - 12}" height="{h - 12}" rx="4"/>')
        parts.append(
            f'<path class="tt-back" d="M{w / 2:g} 20 L{w - 18} {h / 2:g} L{w / 2:g} {h - 20} L18 {h / 2:g} Z"/>'
        )
        sy = h - 10
        for k, v in reversed(item["counters"]):  # on the back, in sight of all
            parts.append(
                f'<rect x="8" y="{sy - 10}" width="{w - 16}" height="13" rx="3" fill="#fffdf7" stroke="#b22"/>'
            )
            parts.append(_text(12, sy, _short(f"{k} {v}", 11), "tt-counter"))
            sy -= 15
    elif item.get("symbol"):
        parts.extend(draw_symbol_face(item, w, h))
        if item["type"]:
            parts.append(_text(6, h - 6, _short(str(item["type"]), 14), "tt-type"))
    else:
        ty = 16
        name_x = 6
        if item["cost"] is not None:
            parts.append(f'<circle class="tt-cost-bg" cx="13" cy="13" r="9"/>{_text(13, 17, item["cost"], "tt-cost")}')
            name_x = 26
        name = item["name"] if item["name"] is not None else item["id"]
        lines = _name_lines(name, first_width=8 if name_x > 6 else 11)
        parts.append(_name_text(name_x, ty, lines[0], 8 if name_x > 6 else 11))
        for line in lines[1:]:
            ty += 12
            parts.append(_name_text(6, ty, line, 11))
        if item["type"]:
            ty += 12
            parts.append(_text(6, ty, _short(str(item["type"]), 14), "tt-type"))
        sy = h - 6
        rows = [(f"{k} {v}", "tt-stat") for k, v in item["stats"]]
        rows += [(f"{k} {v}", "tt-counter") for k, v in item["counters"]]
        rows += [(s, "tt-status-text") for s in item["statuses"]]
        room = max(0, (sy - ty - 4) // 12)
        if len(rows) > room:
            rows = [*rows[: max(0, room - 1)], (f"+{len(rows) - max(0, room - 1)} more", "tt-type")]
        if item.get("card_text") and item["text"]:  # (under the row of status tokens, where there is one)
            parts += _card_text(item["text"], ty + 22 if item.get("tokens") else ty, h - 3 - 12 * len(rows))
        for text, cls in reversed(rows):
            parts.append(_text(6, sy, _short(text, 12), cls))
            sy -= 12
        parts += _draw_tokens(item.get("tokens", ()), ty + 14)
    if item["options"]:
        parts.append(f'<rect class="tt-highlight" x="-3" y="-3" width="{w + 6}" height="{h + 6}" rx="8"/>')
    if item["id"] in marked:
        parts.append(f'<rect class="tt-marked" x="-6" y="-6" width="{w + 12}" height="{h + 12}" rx="9"/>')
    parts.append("</g>")
    return "".join(parts)


def _draw_tokens(tokens: Iterable[dict], cy: float) -> list[str]:
    """Status tokens in a row across a card at height ``cy`` (under its type line): a disc with two letters,
    the stacks in a badge."""
    out = []
    for k, t in enumerate(tokens):
        cx = 13 + 20 * k
        cls = f"tt-token tt-token-{_e(t['kind'])}"
        label = f"{t['name']} ×{t['stacks']}" if t["stacks"] > 1 else t["name"]
        out.append(f'<g class="{cls}" data-token="{_e(t["name"])}" data-stacks="{t["stacks"]}">')
        out.append(f"<title>{_e(label)}</title>")
        out.append(f'<circle class="tt-token-bg" cx="{_n(cx)}" cy="{_n(cy)}" r="8"/>')
        out.append(_text(cx, cy + 3, t["name"][:2], "tt-token-label"))
        if t["stacks"] > 1:
            out.append(f'<circle class="tt-token-badge" cx="{_n(cx + 6)}" cy="{_n(cy - 6)}" r="4.5"/>')
            out.append(_text(cx + 6, cy - 3.5, t["stacks"], "tt-token-stacks"))
        out.append("</g>")
    return out


def _card_text(text: str, above: float, below: float) -> list[str]:
    """A card's rules text in small lines between its type line (``above``) and its stats (``below``);
    the last line that fits ends with an ellipsis when the text is longer (the tooltip has it all)."""
    step = 9
    lines = int((below - 2 - (above + 10)) // step) + 1
    if lines <= 0:
        return []
    return [
        _text(6, above + 10 + k * step, line, "tt-card-text")
        for k, line in enumerate(_wrap(text, CARD_TEXT_WIDTH, lines))
    ]


def _name_lines(name: str, first_width: int) -> list[str]:
    """A card name in up to three lines, the first one narrower (beside the cost)."""
    words = name.split()
    first, i = "", 0
    while i < len(words) and len(f"{first} {words[i]}".strip()) <= first_width:
        first, i = f"{first} {words[i]}".strip(), i + 1
    if not first and words and first_width >= 11:  # a long first word, no cost beside it: drawn smaller
        first, i = words[0], 1
    if not first:  # the first word does not fit beside the cost: start on the next line
        return ["", *_wrap(name, 11, 2, break_words=False)] if words else [""]
    return [first, *_wrap(" ".join(words[i:]), 11, 2, break_words=False)]


def _name_text(x: float, y: float, line: str, width: int) -> str:
    """A line of a card's name; a word longer than the line's ``width`` is drawn smaller, not broken."""
    if len(line) <= width:
        return _text(x, y, line, "tt-name")
    size = max(7.0, 11 * width / len(line))
    return f'<text x="{_n(x)}" y="{_n(y)}" class="tt-name" style="font-size:{size:.1f}px">{_e(line)}</text>'


def _draw_piece(item: dict, x: float, y: float, marked: set[str], scale: float) -> str:
    r = PIECE / 2
    cx, cy = x + 2 + r * scale, y + 2 + r * scale
    transform = f"translate({_n(cx)} {_n(cy)})"
    if scale != 1.0:
        transform += f" scale({scale:g})"
    if item["turned"]:
        transform += " rotate(90)"
    parts = [
        f'<g class="{_classes("tt-piece tt-" + item["kind"], item, marked)}" data-id="{_e(item["id"])}"'
        f'{_option_attrs(item["options"])} transform="{transform}">',
        _title(item),
    ]
    if item["kind"] == "die":
        parts.append(f'<rect class="tt-piece-bg" x="{-r}" y="{-r}" width="{PIECE}" height="{PIECE}" rx="5"/>')
    else:
        parts.append(f'<circle class="tt-piece-bg" r="{r}"/>')
    label = item["value"] if item["kind"] == "die" else item.get("label")
    if item["face_down"]:
        label = None
    if label is not None:
        parts.append(_text(0, 4, _short(str(label), 4), "tt-piece-label"))
    else:  # a mark that shows the piece's orientation (turned: it lies across)
        parts.append(f'<line class="tt-piece-mark" x1="0" y1="{-r + 5}" x2="0" y2="{r - 5}"/>')
    if item.get("count") not in (None, 1):
        parts.append(_text(r - 2, r + 2, f"×{item['count']}", "tt-piece-label"))
    if item["options"]:
        parts.append(f'<circle class="tt-highlight" r="{r + 3}"/>')
    if item["id"] in marked:
        parts.append(f'<circle class="tt-marked" r="{r + 6}"/>')
    parts.append("</g>")
    return "".join(parts)


def _draw_pile(items: list[dict], count: int, x: float, y: float, marked: set[str]) -> tuple[str, int, int]:
    """A pile: its top item (or a generic back) with a count badge. Returns (svg, width, height)."""
    top = items[-1] if items else {**_norm_item({"id": "pile", "face_down": True}, 0), "id": ""}
    w, h = _size(top)
    body = ""
    if count > 1 and top["kind"] not in PIECES:
        body += f'<rect class="tt-card-bg tt-under" x="{_n(x + 4)}" y="{_n(y + 4)}" width="{w}" height="{h}" rx="6"/>'
    body += _draw_item(top, x, y, marked) if top["id"] else _draw_card(top, x, y, marked, 1.0)
    bx, by = x + w - 4, y + (h if top["kind"] not in PIECES else PIECE) - 2
    body += (
        f'<g class="tt-pile"><rect class="tt-pile-badge" x="{_n(bx - 18)}" y="{_n(by - 14)}" width="36" height="18" '
        f'rx="9"/>{_text(bx, by - 1, f"×{count}", "tt-pile-count")}</g>'
    )
    return body, w + 6, h + 6


# -------------------------------------------------------------------- zones
def _zone_box(zone: dict, items: list[dict], max_w: float, marked: set[str]) -> tuple[list, float, float]:
    """A zone drawn at the origin: returns (parts drawn relative to (0, 0), width, height)."""
    count = zone.get("count")
    shown = len(items) + sum(len(i.get("attached", ())) for i in items)  # attachments are in the zone too
    count = shown if not isinstance(count, int) else max(count, shown)
    label = zone["label"] + (f" ({count})" if count != shown or count > 1 or zone.get("count") is not None else "")
    pile = bool(zone.get("stack")) or (
        (len(items) > MAX_SPREAD and not any(i["options"] for i in items)) or (not items and count > 0)
    )
    body: list[tuple[str, float, float]] = []  # (svg at origin, dx, dy)
    if pile and count:
        svg, w, h = _draw_pile(items, count, 0, 0, marked)
        inner_w, inner_h = w, h
        body.append((svg, 0, 0))
    else:
        inner_w = inner_h = 0.0
        x = y = 0.0
        row_h = 0.0
        limit = max_w - 2 * GAP
        for item in items:
            w, h = _size(item)
            if x > 0 and x + w > limit:
                x, y = 0.0, y + row_h + GAP
                row_h = 0.0
            body.append((_draw_item(item, 0, 0, marked), x, y))
            inner_w = max(inner_w, x + w)
            row_h = max(row_h, h)
            x += w + GAP
        inner_h = y + row_h
    width = max(inner_w + 2 * GAP, min(max_w, 7.5 * len(label) + 2 * GAP), CARD_W + 2 * GAP)
    height = LABEL_H + max(inner_h, 24) + GAP
    cls = "tt-zone" + (" tt-option" if zone["options"] else "")
    head = [
        f'<g class="{cls}" data-zone="{_e(zone["id"])}"{_option_attrs(zone["options"])}>',
        f"<title>{_e(zone['label'])}</title>",
        f'<rect class="tt-zone-bg" width="{_n(width)}" height="{_n(height)}" rx="6"/>',
        _text(GAP, 14, _short(label, int(width / 6.5)), "tt-zone-label"),
    ]
    if zone["options"]:
        head.append(f'<rect class="tt-highlight" width="{_n(width)}" height="{_n(height)}" rx="6"/>')
    if zone["id"] in marked:
        head.append(f'<rect class="tt-marked" x="-3" y="-3" width="{_n(width + 6)}" height="{_n(height + 6)}" rx="8"/>')
    head.append("</g>")
    parts = ["".join(head)]
    for svg, dx, dy in body:
        parts.append(f'<g transform="translate({_n(GAP + dx)} {_n(LABEL_H + dy)})">{svg}</g>')
    return parts, width, height


def _flow(zones: list[dict], by_zone: dict[str, list[dict]], width: float, marked: set[str]) -> tuple[list, float]:
    """Zones laid out left to right, wrapping at ``width``. Returns (parts, height)."""
    parts: list[str] = []
    x = y = row_h = 0.0
    for zone in zones:
        zparts, w, h = _zone_box(zone, by_zone.get(zone["id"], []), width, marked)
        if x > 0 and x + w > width:
            x, y, row_h = 0.0, y + row_h + GAP, 0.0
        parts.append(f'<g transform="translate({_n(x)} {_n(y)})">{"".join(zparts)}</g>')
        x += w + GAP
        row_h = max(row_h, h)
    return parts, (y + row_h if zones else 0.0)


def _owner_order(owners: Iterable[Any], bottom: Any) -> list[Any]:
    """Opponents at the top (ascending), shared zones in the middle, ``bottom`` last."""
    others = sorted({o for o in owners if o is not None and o != bottom}, key=str)
    return others


def _player_info(view: dict, owner: Any) -> str:
    bits = [f"player {owner}"]
    for p in view.get("players") or ():
        if isinstance(p, dict) and p.get("id") == owner:
            if p.get("name") and p["name"] != f"Player {owner}":
                bits[0] += f" ({p['name']})"
            bits += [
                f"{k.replace('_', ' ')} {v}"
                for k, v in p.items()
                if k not in ("id", "name") and isinstance(v, str | int | float) and not isinstance(v, bool)
            ]
    scores = view.get("scores") or {}
    if str(owner) in scores:
        bits.append(f"score {scores[str(owner)]}")
    if view.get("to_move") == owner and owner is not None:
        bits.append("to move")
    return " · ".join(bits)


def _panel(title: str, zones: list[dict], by_zone: dict, width: float, marked: set[str], to_move: bool):
    inner, h = _flow(zones, by_zone, width - 2 * PAD, marked)
    height = h + LABEL_H + 2 * PAD - 4
    cls = "tt-panel" + (" tt-to-move" if to_move else "")
    head = (
        f'<g class="{cls}"><rect class="tt-panel-bg" width="{_n(width)}" height="{_n(height)}" rx="8"/>'
        + _text(PAD, 17, title, "tt-panel-title")
        + "</g>"
    )
    return [head, f'<g transform="translate({PAD} {LABEL_H + PAD - 4})">{"".join(inner)}</g>'], height


# ------------------------------------------------------------ main areas
def _origin(values: list[int]) -> int:
    """Positions count from 1 unless some position is 0 (then from 0)."""
    return 0 if values and min(values) <= 0 else 1


def _rc(pos: Any) -> tuple[int, int] | None:
    if isinstance(pos, dict):
        pos = [pos.get("row", pos.get("r", pos.get("q"))), pos.get("col", pos.get("column", pos.get("c")))]
    if isinstance(pos, list | tuple) and len(pos) >= 2:
        try:
            return int(pos[0]), int(pos[1])
        except (TypeError, ValueError):
            return None
    return None


def _board_zone_ids(view: dict, kinds: tuple[str, ...]) -> list[str]:
    ids = [z["id"] for z in view["zones"] if z.get("kind") in kinds or z.get("board") is True or z["id"] in kinds]
    return ids


def _stack(items: list[dict], x: float, y: float, marked: set[str], scale: float = 1.0) -> str:
    """Items sharing one place, each a little lower and to the right of the one below."""
    return "".join(_draw_item(it, x + 5 * k * scale, y + 5 * k * scale, marked, scale) for k, it in enumerate(items))


def _by_position(items: list[dict]) -> tuple[dict[tuple[int, int], list[dict]], list[dict]]:
    """Items grouped by their (row, column), and the items that have no position."""
    places: dict[tuple[int, int], list[dict]] = {}
    loose = []
    for it in items:
        rc = _rc(it["pos"])
        if rc is None:
            loose.append(it)
        else:
            places.setdefault(rc, []).append(it)
    return places, loose


def _cell_label(cell: dict, row: int, col: int) -> str:
    """A cell's own label (``""`` shows nothing), else its coordinates."""
    label = cell.get("label")
    return f"{row},{col}" if label is None else str(label)


def _grid_area(view: dict, items: list[dict], marked: set[str]) -> tuple[list, float, float]:
    places, loose = _by_position(items)
    cell_list = [(_rc(c.get("pos")), c) for c in view["cells"]]
    cell_list = [(rc, c) for rc, c in cell_list if rc is not None]
    rows_seen = [r for r, _ in places] + [r for (r, _), _ in cell_list]
    cols_seen = [c for _, c in places] + [c for (_, c), _ in cell_list]
    r0, c0 = _origin(rows_seen), _origin(cols_seen)
    rows = max([int(view.get("rows") or 0), *(r - r0 + 1 for r in rows_seen)], default=0)
    cols = max([int(view.get("columns") or view.get("cols") or 0), *(c - c0 + 1 for c in cols_seen)], default=0)
    cw, ch = CARD_H + 2 * GAP, CARD_H + 2 * GAP  # square cells: a turned card fits too
    parts = []
    given = {rc: c for rc, c in cell_list}
    for r in range(rows):
        for c in range(cols):
            cell = given.get((r + r0, c + c0), {"options": []})
            x, y = c * cw, r * ch
            cls = "tt-cell" + (" tt-option" if cell["options"] else "")
            parts.append(
                f'<g class="{cls}" data-pos="{r + r0},{c + c0}"{_option_attrs(cell["options"])}>'
                f'<rect class="tt-cell" x="{_n(x)}" y="{_n(y)}" width="{cw - 2}" height="{ch - 2}" rx="4"/>'
                + _text(x + 4, y + ch - 6, _cell_label(cell, r + r0, c + c0), "tt-cell-label")
                + (
                    f'<rect class="tt-highlight" x="{_n(x)}" y="{_n(y)}" width="{cw - 2}" height="{ch - 2}" rx="4"/>'
                    if cell["options"]
                    else ""
                )
                + "</g>"
            )
    for (r, c), its in sorted(places.items()):
        w, _h = _size(its[0])
        x = (c - c0) * cw + (cw - 2 - w) / 2
        y = (r - r0) * ch + (ch - 2 - CARD_H) / 2 if its[0]["kind"] not in PIECES else (r - r0) * ch + GAP
        parts.append(_stack(its, x, y, marked))
    width, height = cols * cw, rows * ch
    if loose:
        lparts, lh = _flow([{"id": "", "label": "off the board", "options": []}], {"": loose}, max(width, 400), marked)
        parts.append(f'<g transform="translate(0 {_n(height + GAP)})">{"".join(lparts)}</g>')
        height += GAP + lh
    return parts, width, height


SQ3 = math.sqrt(3)
# the two corners (numbered k at 60k - 30 degrees, y down) of the border with each axial neighbour
_EDGE_CORNERS = {(1, 0): (0, 1), (0, 1): (1, 2), (-1, 1): (2, 3), (-1, 0): (3, 4), (0, -1): (4, 5), (1, -1): (5, 0)}


def _slug(value: Any) -> str:
    """A class-name-safe form of a kind: lower case, anything but letters, digits, ``_`` and ``-`` as ``-``."""
    return re.sub(r"[^a-z0-9_-]", "-", str(value).lower()) or "-"


def _footprint(item: dict, centres: list[tuple[float, float]], size: float) -> str:
    """The cells a piece covers, shaded, and the outline of their union (the borders not shared inside it)."""
    inside = set(item["cells"])
    shade, edges = [], []
    for (q, r), (cx, cy) in zip(item["cells"], centres):
        corner = [
            (cx + size * math.cos(math.radians(60 * k - 30)), cy + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)
        ]
        shade.append(f'<polygon class="tt-footprint-cell" points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in corner)}"/>')
        for (dq, dr), (a, b) in _EDGE_CORNERS.items():
            if (q + dq, r + dr) not in inside:
                edges.append(f"M{_n(corner[a][0])} {_n(corner[a][1])}L{_n(corner[b][0])} {_n(corner[b][1])}")
    owner = "" if item.get("owner") is None else f' data-owner="{_e(item["owner"])}"'
    return (
        f'<g class="tt-footprint" data-footprint="{_e(item["id"])}"{owner}>{"".join(shade)}'
        f'<path class="tt-footprint-edge" d="{"".join(edges)}"/></g>'
    )


def _hex_area(view: dict, items: list[dict], marked: set[str]) -> tuple[list, float, float]:
    size = CARD_H * HEX_SCALE * 0.75  # centre to corner
    spread = [it for it in items if it.get("cells")]  # pieces covering several cells
    places, loose = _by_position([it for it in items if not it.get("cells")])
    cells = {}
    for c in view["cells"]:
        rc = _rc(c.get("pos"))
        if rc is not None:
            cells[rc] = c
    radius = view.get("radius")
    if isinstance(radius, int):
        for q in range(-radius, radius + 1):
            for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
                cells.setdefault((q, r), {"options": []})
    for rc in places:
        cells.setdefault(rc, {"options": []})
    for it in spread:
        for rc in it["cells"]:
            cells.setdefault(rc, {"options": []})
    if not cells:
        return [], 0, 0

    def centre(q: int, r: int) -> tuple[float, float]:
        return size * SQ3 * (q + r / 2), size * 1.5 * r

    xs = [centre(q, r)[0] for q, r in cells]
    ys = [centre(q, r)[1] for q, r in cells]
    ox, oy = -min(xs) + size * SQ3 / 2 + 2, -min(ys) + size + 2
    parts = []
    for (q, r), cell in sorted(cells.items()):
        cx, cy = centre(q, r)
        cx, cy = cx + ox, cy + oy
        corners = " ".join(
            f"{_n(cx + size * math.cos(a))},{_n(cy + size * math.sin(a))}"
            for a in (math.radians(60 * k - 30) for k in range(6))
        )
        options = cell.get("options", [])
        cls = "tt-hex" + (" tt-option" if options else "")
        kind = cell.get("kind")
        data, poly = "", "tt-hex"
        if kind is not None:  # a kind of cell: dark, entry, exit... (attributes only where a view names one)
            data, poly = f' data-kind="{_e(kind)}"', f"tt-hex tt-kind-{_slug(kind)}"
        parts.append(
            f'<g class="{cls}" data-pos="{q},{r}"{data}{_option_attrs(options)}>'
            f'<polygon class="{poly}" points="{corners}"/>'
            + _text(cx, cy + size - 8, cell.get("label") or f"{q},{r}", "tt-cell-label", "middle")
            + (f'<polygon class="tt-highlight" points="{corners}"/>' if options else "")
            + "</g>"
        )
    for it in spread:
        parts.append(_footprint(it, [(centre(q, r)[0] + ox, centre(q, r)[1] + oy) for q, r in it["cells"]], size))
    for (q, r), its in sorted(places.items()):
        cx, cy = centre(q, r)
        w, h = _size(its[0])
        x = cx + ox - w * HEX_SCALE / 2
        y = cy + oy - (h if its[0]["kind"] not in PIECES else w) * HEX_SCALE / 2 - 4
        parts.append(_stack(its, x, y, marked, HEX_SCALE))
    for it in spread:  # the piece at the middle of its cells
        mx = sum(centre(q, r)[0] for q, r in it["cells"]) / len(it["cells"]) + ox
        my = sum(centre(q, r)[1] for q, r in it["cells"]) / len(it["cells"]) + oy
        w, h = _size(it)
        y = my - (h if it["kind"] not in PIECES else w) * HEX_SCALE / 2 - 4
        parts.append(_draw_item(it, mx - w * HEX_SCALE / 2, y, marked, HEX_SCALE))
    width = max(xs) + ox + size * SQ3 / 2 + 2
    height = max(ys) + oy + size + 2
    if loose:
        lparts, lh = _flow([{"id": "", "label": "off the map", "options": []}], {"": loose}, max(width, 400), marked)
        parts.append(f'<g transform="translate(0 {_n(height + GAP)})">{"".join(lparts)}</g>')
        height += GAP + lh
    return parts, width, height


def _slot_index(it: dict) -> int | None:
    pos = it["pos"]
    if isinstance(pos, list | tuple) and pos:
        pos = pos[-1]
    try:
        return None if pos is None else int(pos)
    except (TypeError, ValueError):
        return None


def _row_of_slots(zone: dict, items: list[dict], marked: set[str]) -> tuple[list, float, float]:
    """A rank: its slots in order (``pos`` is the slot index), empty slots drawn dashed."""
    indexed = [(_slot_index(it), it) for it in items]
    known = [i for i, _ in indexed if i is not None]
    o = _origin(known)
    slots: dict[int, list[dict]] = {}
    nxt = max([i - o + 1 for i in known], default=0)
    for i, it in indexed:
        if i is None:
            slots[nxt] = [it]
            nxt += 1
        else:
            slots.setdefault(i - o, []).append(it)
    n = max([int(zone.get("slots") or 0), *(k + 1 for k in slots)], default=0)
    sw = CARD_H + GAP
    # a card's attachments peek out above it: every card of the rank stands as low as the most attached one
    peek = max((PEEK * len(it.get("attached", ())) for its in slots.values() for it in its), default=0)
    top = f' y="{peek}"' if peek else ""
    parts = []
    for k in range(n):
        x = k * sw
        if k in slots:
            its = slots[k]
            w, _h = _size(its[0])
            parts.append(_stack(its, x + (CARD_H - w) / 2, peek - PEEK * len(its[0].get("attached", ())), marked))
        else:
            parts.append(
                # (not "tt-slot": the Lab's board marks the places a click may pick with that class)
                f'<rect class="tt-empty-slot" x="{_n(x + (CARD_H - CARD_W) / 2)}"{top} '
                f'width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke="#c9bfa8" stroke-dasharray="3 3"/>'
            )
    return parts, max(n * sw - GAP, CARD_W), CARD_H + peek


def _labelled(zone: dict, parts: list, w: float, h: float, marked: set[str]) -> tuple[list, float, float]:
    """A zone frame with its label around content drawn at the origin."""
    width, height = w + 2 * GAP, h + LABEL_H + GAP
    cls = "tt-zone" + (" tt-option" if zone["options"] else "")
    frame = (
        f'<g class="{cls}" data-zone="{_e(zone["id"])}"{_option_attrs(zone["options"])}>'
        f"<title>{_e(zone['label'])}</title>"
        f'<rect class="tt-zone-bg" width="{_n(width)}" height="{_n(height)}" rx="6"/>'
        + _text(GAP, 14, zone["label"], "tt-zone-label")
        + (f'<rect class="tt-highlight" width="{_n(width)}" height="{_n(height)}" rx="6"/>' if zone["options"] else "")
        + (
            f'<rect class="tt-marked" x="-3" y="-3" width="{_n(width + 6)}" height="{_n(height + 6)}" rx="8"/>'
            if zone["id"] in marked
            else ""
        )
        + "</g>"
    )
    return [frame, f'<g transform="translate({GAP} {LABEL_H})">{"".join(parts)}</g>'], width, height


def _ranks_area(view: dict, zones: list[dict], by_zone: dict, bottom: Any, marked: set[str]):
    """Each side's ranks as rows, front ranks facing each other across the middle. Two or more opponents
    (three or four players) stand side by side above the middle, each front rank nearest it, so every
    front rank faces every other (Warlord, seed 004 L106; :mod:`tabletop.core.ranks`)."""
    owners = [*_owner_order((z["owner"] for z in zones), bottom)]
    if any(z["owner"] is None for z in zones):
        owners.append(None)
    if any(z["owner"] == bottom for z in zones) and bottom is not None:
        owners.append(bottom)

    def rank_key(z: dict) -> int:
        r = z.get("rank")
        return int(r) if isinstance(r, int) else zones.index(z) + 1000

    def army(owner: Any, y: float = 0.0) -> tuple[list[str], float, float]:
        """One owner's ranks stacked down from ``y`` (an opponent's front rank last, nearest the middle); its
        rows, width and where it ends."""
        mine = sorted((z for z in zones if z["owner"] == owner), key=rank_key)  # front rank first
        if owner != bottom and owner is not None:
            mine = mine[::-1]  # an opponent's front rank is nearest the middle
        rows: list[str] = []
        width = 0.0
        for z in mine:
            inner, w, h = _row_of_slots(z, by_zone.get(z["id"], []), marked)
            framed, fw, fh = _labelled(z, inner, w, h, marked)
            rows.append(f'<g transform="translate(0 {_n(y)})">{"".join(framed)}</g>')
            y += fh + GAP
            width = max(width, fw)
        return rows, width, y

    parts: list[str] = []
    y, width = 0.0, 0.0
    opponents = [o for o in owners if o is not None and o != bottom]
    if len(opponents) >= 2:  # side by side, each front rank on the line nearest the middle
        blocks = [(o, *army(o)) for o in opponents]  # each ends at its height
        band = max(h for *_, h in blocks)
        x = 0.0
        for owner, rows, w, h in blocks:
            head = _text(GAP, 12, f"player {owner}", "tt-zone-label")
            parts.append(f'<g class="tt-army" data-owner="{_e(owner)}" transform="translate({_n(x)} 0)">{head}')
            parts.append(f'<g transform="translate(0 {_n(16 + band - h)})">{"".join(rows)}</g></g>')
            x += w + 2 * GAP
        y, width = 16 + band + GAP, x - 2 * GAP
        owners = [o for o in owners if o not in opponents]
    for owner in owners:
        rows, w, y = army(owner, y)
        parts += rows
        y += GAP
        width = max(width, w)
    return parts, width, max(0.0, y - 2 * GAP)


def _lanes_area(view: dict, zones: list[dict], by_zone: dict, bottom: Any, marked: set[str]):
    """Lanes side by side: the other side fills each lane from the top, ``bottom``'s side from the bottom
    (lanes with a ``length``: positions along them, :func:`_positioned_lanes`)."""
    if any(isinstance(z.get("length"), int) for z in zones):
        return _positioned_lanes(view, zones, by_zone, marked)

    def side(it: dict) -> str:
        owner = it.get("owner")
        if owner is None:
            return "mid"
        return "bottom" if owner == bottom else "top"

    def order(its: list[dict]) -> list[dict]:
        return sorted(its, key=lambda it: (_slot_index(it) is None, _slot_index(it) or 0))

    split = {
        z["id"]: {s: order([i for i in by_zone.get(z["id"], []) if side(i) == s]) for s in ("top", "mid", "bottom")}
        for z in zones
    }
    depth = {s: max((len(split[z["id"]][s]) for z in zones), default=0) for s in ("top", "mid", "bottom")}
    row = CARD_H + GAP
    content_h = max(CARD_H, sum(depth.values()) * row - GAP + 2 * GAP * (depth["mid"] > 0))
    lane_w = CARD_H
    parts: list[str] = []
    x = 0.0
    for z in zones:
        inner = []
        s = split[z["id"]]
        for k, it in enumerate(s["top"]):
            inner.append(_draw_item(it, (lane_w - _size(it)[0]) / 2, k * row, marked))
        mid_y = depth["top"] * row + GAP
        for k, it in enumerate(s["mid"]):
            inner.append(_draw_item(it, (lane_w - _size(it)[0]) / 2, mid_y + k * row, marked))
        for k, it in enumerate(s["bottom"]):
            inner.append(_draw_item(it, (lane_w - _size(it)[0]) / 2, content_h - CARD_H - k * row, marked))
        framed, fw, _fh = _labelled(z, inner, lane_w, content_h, marked)
        bg = f'<rect class="tt-lane-bg" x="{GAP}" y="{LABEL_H}" width="{lane_w}" height="{_n(content_h)}"/>'
        parts.append(f'<g transform="translate({_n(x)} 0)">{framed[0]}{bg}{framed[1]}</g>')
        x += fw + GAP
    return parts, max(0.0, x - GAP), content_h + LABEL_H + GAP


def _lane_place(value: Any) -> tuple[str, int] | None:
    """``[lane, pos]`` (or a dict with ``lane`` and ``pos``) as (lane id, position), else None."""
    if isinstance(value, dict):
        value = [value.get("lane"), value.get("pos")]
    if isinstance(value, list | tuple) and len(value) == 2 and value[0] is not None:
        try:
            return str(value[0]), int(value[1])
        except (TypeError, ValueError):
            return None
    return None


def _positioned_lanes(view: dict, zones: list[dict], by_zone: dict, marked: set[str]):
    """Lanes of positions side by side, position 0 at the bottom; each card at its ``pos``, bridges between."""
    step = round(CARD_H * HEX_SCALE) + GAP
    lane_w = CARD_H
    longest = max(int(z.get("length") or 1) for z in zones)
    content_h = longest * step - GAP
    given = {}
    for cell in view["cells"]:
        place = _lane_place(cell)
        if place is not None:
            given[place] = cell
    centres: dict[tuple[str, int], tuple[float, float]] = {}
    frames, slots, pieces, loose = [], [], [], []
    x = 0.0
    for z in zones:
        length = int(z.get("length") or 1)
        frame, fw, _fh = _labelled(z, [], lane_w, content_h, marked)
        frames.append(
            f'<g transform="translate({_n(x)} 0)">{frame[0]}'
            f'<rect class="tt-lane-bg" x="{GAP}" y="{LABEL_H}" width="{lane_w}" height="{_n(content_h)}"/></g>'
        )
        left = x + GAP
        for k in range(length):
            top = LABEL_H + content_h - (k + 1) * step + GAP
            centres[(z["id"], k)] = (left + lane_w / 2, top + (step - GAP) / 2)
            cell = given.get((z["id"], k), {"options": []})
            options = cell.get("options", [])
            cls = "tt-lane-pos" + (" tt-option" if options else "")
            label = cell.get("label")
            slots.append(
                f'<g class="{cls}" data-lane-pos="{_e(z["id"])}:{k}"{_option_attrs(options)}>'
                f'<rect class="tt-lane-pos" x="{_n(left + 2)}" y="{_n(top)}" width="{lane_w - 4}" '
                f'height="{step - GAP}" rx="4"/>'
                + _text(left + 5, top + 10, k if label is None else label, "tt-cell-label")
                + (
                    f'<rect class="tt-highlight" x="{_n(left + 2)}" y="{_n(top)}" width="{lane_w - 4}" '
                    f'height="{step - GAP}" rx="4"/>'
                    if options
                    else ""
                )
                + "</g>"
            )
        at: dict[int, list[dict]] = {}
        for it in by_zone.get(z["id"], []):
            k = _slot_index(it)
            if k is None or not 0 <= k < length:
                loose.append(it)
            else:
                at.setdefault(k, []).append(it)
        for k, its in sorted(at.items()):
            cx, cy = centres[(z["id"], k)]
            w, h = _size(its[0])
            tall = h if its[0]["kind"] not in PIECES else w
            pieces.append(_stack(its, cx - w * HEX_SCALE / 2, cy - tall * HEX_SCALE / 2, marked, HEX_SCALE))
        x += fw + GAP
    bridges = []
    for b in view.get("bridges") or ():
        ends = [b.get("from"), b.get("to")] if isinstance(b, dict) else list(b) if isinstance(b, list | tuple) else []
        one, two = (_lane_place(e) for e in ends) if len(ends) == 2 else (None, None)
        if one is None or two is None or one not in centres or two not in centres:
            continue
        (x1, y1), (x2, y2) = centres[one], centres[two]
        options = _option_ids(b.get("option"), b.get("options")) if isinstance(b, dict) else []
        label = b.get("label") if isinstance(b, dict) else None
        name = f"{one[0]}:{one[1]}-{two[0]}:{two[1]}"
        bridges.append(
            f'<g class="tt-bridge{" tt-option" if options else ""}" data-bridge="{_e(name)}"{_option_attrs(options)}>'
            f"<title>{_e(label or 'bridge ' + name)}</title>"
            f'<line class="tt-bridge" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"/>'
            + (
                f'<line class="tt-highlight" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"/>'
                if options
                else ""
            )
            + "</g>"
        )
    width, height = max(0.0, x - GAP), content_h + LABEL_H + GAP
    parts = frames + slots + bridges + pieces
    if loose:
        lparts, lh = _flow([{"id": "", "label": "off the lanes", "options": []}], {"": loose}, max(width, 400), marked)
        parts.append(f'<g transform="translate(0 {_n(height + GAP)})">{"".join(lparts)}</g>')
        height += GAP + lh
    return parts, width, height


PLACE_R = 30  # a place of a graph board


def _graph_area(view: dict, items: list[dict], marked: set[str]) -> tuple[list, float, float]:
    """Places joined by edges: at their ``pos`` scaled into the board, or on a circle; pieces on their place."""
    places = view["places"]
    index = {p["id"]: p for p in places}
    on: dict[str, list[dict]] = {}
    loose = []
    for it in items:
        pos = it["pos"]
        key = str(pos) if isinstance(pos, str | int) and not isinstance(pos, bool) else None
        if key is not None and key in index:
            on.setdefault(key, []).append(it)
        else:
            loose.append(it)
    if not places:
        if not loose:
            return [], 0, 0
        lparts, lh = _flow([{"id": "", "label": "off the map", "options": []}], {"": loose}, 400, marked)
        return lparts, 400, lh
    margin = PLACE_R + 16
    given = [_xy(p.get("pos")) for p in places]
    if all(g is not None for g in given):
        xs, ys = [g[0] for g in given if g], [g[1] for g in given if g]
        sx, sy = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
        scale = min(860 / sx, 520 / sy)
        at = {
            p["id"]: ((g[0] - min(xs)) * scale + margin, (g[1] - min(ys)) * scale + margin)
            for p, g in zip(places, given)
            if g
        }
    else:
        radius = max(120.0, len(places) * (2 * PLACE_R + 40) / (2 * math.pi))  # room for each place and its label
        at = {
            p["id"]: (
                margin + radius + radius * math.cos(math.radians(-90 + 360 * i / len(places))),
                margin + radius + radius * math.sin(math.radians(-90 + 360 * i / len(places))),
            )
            for i, p in enumerate(places)
        }
    parts = []
    for e in view.get("edges") or ():
        ends = [e.get("from"), e.get("to")] if isinstance(e, dict) else list(e) if isinstance(e, list | tuple) else []
        if len(ends) != 2 or str(ends[0]) not in at or str(ends[1]) not in at:
            continue
        a, b = str(ends[0]), str(ends[1])
        (x1, y1), (x2, y2) = at[a], at[b]
        options = _option_ids(e.get("option"), e.get("options")) if isinstance(e, dict) else []
        kind = e.get("kind") if isinstance(e, dict) else None
        cls = "tt-edge" + (f" tt-edge-{_slug(kind)}" if kind is not None else "")
        label = e.get("label") if isinstance(e, dict) else None
        line = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
        parts.append(
            f'<g class="tt-edge{" tt-option" if options else ""}" data-edge="{_e(a)}|{_e(b)}"{_option_attrs(options)}>'
            + (f"<title>{_e(label)}</title>" if label else "")
            + f'<line class="{cls}" {line}/>'
            + (f'<line class="tt-highlight" {line}/>' if options else "")
            + "</g>"
        )
    for p in places:
        cx, cy = at[p["id"]]
        kind = p.get("kind")
        data = "" if kind is None else f' data-kind="{_e(kind)}"'
        cls = "tt-place" + (f" tt-place-{_slug(kind)} tt-kind-{_slug(kind)}" if kind is not None else "")
        label = p.get("label", p["id"])
        parts.append(
            f'<g class="tt-node{" tt-option" if p["options"] else ""}" data-place="{_e(p["id"])}"{data}'
            f"{_option_attrs(p['options'])}><title>{_e(label)}</title>"
            f'<circle class="{cls}" cx="{_n(cx)}" cy="{_n(cy)}" r="{PLACE_R}"/>'
            + _text(cx, cy + PLACE_R + 12, _short(str(label), 18), "tt-place-label")
            + (f'<circle class="tt-highlight" cx="{_n(cx)}" cy="{_n(cy)}" r="{PLACE_R + 3}"/>' if p["options"] else "")
            + "</g>"
        )
    for pid, its in on.items():
        cx, cy = at[pid]
        w, h = _size(its[0])
        tall = h if its[0]["kind"] not in PIECES else w
        parts.append(_stack(its, cx - w * HEX_SCALE / 2, cy - tall * HEX_SCALE / 2, marked, HEX_SCALE))
    width = max(x for x, _ in at.values()) + margin
    height = max(y for _, y in at.values()) + margin
    if loose:
        lparts, lh = _flow([{"id": "", "label": "off the map", "options": []}], {"": loose}, max(width, 400), marked)
        parts.append(f'<g transform="translate(0 {_n(height + GAP)})">{"".join(lparts)}</g>')
        height += GAP + lh
    return parts, width, height


def _xy(pos: Any) -> tuple[float, float] | None:
    """A place's ``[x, y]`` as two floats, else None."""
    if isinstance(pos, list | tuple) and len(pos) == 2:
        try:
            return float(pos[0]), float(pos[1])
        except (TypeError, ValueError):
            return None
    return None


def _geometry_style(view: dict) -> str:
    """The extra style a view needs for hex cell kinds, multi-cell pieces, lane positions, symbols and status
    tokens ("" if none: boards that use none of them are drawn exactly as before)."""
    if view["layout"] == "hex":
        used = any(c.get("kind") is not None for c in view["cells"]) or any(c.get("cells") for c in view["cards"])
    elif view["layout"] == "lanes":
        used = any(isinstance(z.get("length"), int) for z in view["zones"])
    elif view["layout"] == "graph":
        used = True
    else:
        used = False
    symbols = f"<style>{SYMBOL_STYLE}</style>" if any(c.get("symbol") for c in view["cards"]) else ""
    if any(c.get("tokens") for c in view["cards"]):
        symbols += f"<style>{TOKEN_STYLE}</style>"
    if view["layout"] == "table":
        symbols += f"<style>{TABLE_STYLE}</style>"
    return (f"<style>{GEOMETRY_STYLE}</style>" if used else "") + symbols


# -------------------------------------------------------------- the board
def _status(view: dict) -> str:
    bits = []
    turn = view.get("turn")
    if isinstance(turn, dict):
        if turn.get("number"):  # (turn 0 is before the first turn: a set-up, Werewolf's night)
            bits.append(f"turn {turn['number']}")
        phase = turn.get("sub") or turn.get("phase")
        if phase:
            bits.append(str(phase))
    elif turn is not None:
        bits.append(f"turn {turn}")
    result = view.get("result")
    if result:
        winners = result.get("winners") if isinstance(result, dict) else None
        who = "draw" if winners == [] else f"winner{'s' if winners and len(winners) > 1 else ''} {winners}"
        reason = result.get("reason") if isinstance(result, dict) else result
        bits.append(f"game over: {who}" + (f" ({reason})" if reason else "") if winners is not None else "game over")
    elif view.get("to_move") is not None:
        who = view["to_move"]
        bits.append("chance to resolve" if who == "chance" else f"player {who} to move")
    dec = view.get("decision")
    if isinstance(dec, dict) and dec.get("prompt"):
        bits.append(str(dec["prompt"]))
    scores = view.get("scores")
    if isinstance(scores, dict) and scores:
        bits.append("scores " + ", ".join(f"{k}: {v}" for k, v in scores.items()))
    return " · ".join(bits)


def board_svg(view: dict, *, card_text: bool = False) -> str:
    """The board view drawn as one self-contained SVG document (well-formed XML).

    ``card_text``: write each face-up card's rules text on the card itself (small type), not only in
    its tooltip: for a player reading their hand (the Lab's board)."""
    v = normalise(view)
    if card_text:
        for it in v["cards"]:
            it["card_text"] = True
    layout = v["layout"]
    marked = v["highlights"]
    zones = v["zones"]
    by_zone: dict[str, list[dict]] = {}
    unzoned = []
    for it in v["cards"]:
        if it["zone"] is None:
            unzoned.append(it)
        else:
            by_zone.setdefault(it["zone"], []).append(it)
    owners = [z["owner"] for z in zones if z["owner"] is not None]
    bottom = v.get("viewer") if v.get("viewer") in owners else (min(owners, key=str) if owners else None)

    main_kinds = {"grid": ("grid", "board"), "hex": ("hex", "map", "board"), "ranks": ("rank",), "lanes": ("lane",)}
    main_kinds["graph"] = ("graph", "map", "board")
    main_kinds["table"] = ("table", "board")
    main_ids: list[str] = []
    if layout in ("grid", "hex", "graph", "table"):
        main_ids = _board_zone_ids(v, main_kinds[layout])
        if not main_ids and zones and not unzoned:
            main_ids = [zones[0]["id"]]
    elif layout in ("ranks", "lanes"):
        key = main_kinds[layout][0]
        main_ids = [z["id"] for z in zones if z.get("kind") == key or key in z]
    main_zones = [z for z in zones if z["id"] in main_ids]
    side_zones = [z for z in zones if z["id"] not in main_ids]

    width = WIDTH
    blocks: list[tuple[list[str], float, float]] = []  # (parts at origin, width, height)
    # the main area first, so panels know the width to fill
    main: tuple[list[str], float, float] | None = None
    if layout in ("grid", "hex", "graph", "table"):
        items = [it for z in main_zones for it in by_zone.get(z["id"], [])] + unzoned
        main = {"grid": _grid_area, "hex": _hex_area, "graph": _graph_area, "table": table_area}[layout](
            v, items, marked
        )
    elif layout == "ranks" and main_zones:
        main = _ranks_area(v, main_zones, by_zone, bottom, marked)
    elif layout == "lanes" and main_zones:
        main = _lanes_area(v, main_zones, by_zone, bottom, marked)
    if layout in ("zones", "ranks", "lanes") and unzoned:
        side_zones = [*side_zones, {"id": "", "label": "unplaced", "owner": None, "options": []}]
        by_zone[""] = unzoned
    if main is not None:
        width = max(width, main[1] + 2 * PAD)

    def panel(owner: Any) -> None:
        mine = [z for z in side_zones if z["owner"] == owner]
        if not mine:
            return
        title = "shared" if owner is None else _player_info(v, owner)
        parts, h = _panel(
            title, mine, by_zone, width - 2 * PAD, marked, owner is not None and owner == v.get("to_move")
        )
        blocks.append((parts, width - 2 * PAD, h))

    for owner in _owner_order(owners, bottom):
        panel(owner)
    if main is not None:
        parts, w, h = main
        blocks.append(([f'<g transform="translate({_n((width - 2 * PAD - w) / 2)} 0)">{"".join(parts)}</g>'], w, h))
    panel(None)
    if bottom is not None:
        panel(bottom)

    status = _status(v)
    y = PAD + (22 if status else 0)
    body = []
    for parts, _w, h in blocks:
        body.append(f'<g transform="translate({PAD} {_n(y)})">{"".join(parts)}</g>')
        y += h + GAP
    height = y - GAP + PAD if blocks else y + PAD
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tt-svg tt-layout-{layout}" '
        f'width="{_n(width)}" height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'data-layout="{layout}"><style>{STYLE}{CARD_TEXT_STYLE if card_text else ""}</style>{_geometry_style(v)}'
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="#fbfaf7"/>'
    )
    if status:
        head += _text(PAD, PAD + 12, status, "tt-status")
    return head + "".join(body) + "</svg>"


def _decision_panel(view: dict) -> str:
    """The open decision's prompt and the options no board element offers, as buttons."""
    dec = view.get("decision")
    if not isinstance(dec, dict):
        return ""
    on_board = set()
    for c in list(view.get("cards") or ()) + list(view.get("tokens") or ()) + list(view.get("zones") or ()):
        on_board.update(_option_ids(c.get("option"), c.get("options")))
    for c in view.get("cells") or ():
        on_board.update(_option_ids(c.get("option"), c.get("options")))
    for b in [*(view.get("bridges") or ()), *(view.get("places") or ()), *(view.get("edges") or ())]:
        if isinstance(b, dict):
            on_board.update(_option_ids(b.get("option"), b.get("options")))
    buttons = []
    for o in dec.get("options") or ():
        oid = str(o.get("id")) if isinstance(o, dict) else str(o)
        label = str(o.get("label", oid)) if isinstance(o, dict) else oid
        if oid in on_board:
            continue
        buttons.append(
            f'<button type="button" class="tt-option" data-option="{_e(oid)}" title="{_e(oid)}">{_e(label)}</button>'
        )
    prompt = dec.get("prompt") or dec.get("kind") or ""
    kind = f" ({_e(dec['kind'])})" if dec.get("kind") else ""
    extra = f"<div class='tt-more'>{''.join(buttons)}</div>" if buttons else ""
    return f"<div class='tt-prompt'><b>{_e(prompt)}</b>{kind}</div>{extra}"


def board_picture(view: dict) -> str:
    """The board as an ``<img>`` whose source is its SVG (a data URI), its status line as the
    alternative text: the one form of the drawing that every notebook viewer keeps, trusted or not
    (see :mod:`tabletop.render.pictures`)."""
    return picture_html(board_svg(view), _status(normalise(view)) or "board", cls="tt-picture tt-board-picture")


def board_html(view: dict, *, decision: bool = True, inline: bool = False) -> str:
    """The board as an HTML fragment: the drawing, then the open decision's other options as buttons.

    The drawing is :func:`board_picture` (an ``<img>``), so that an untrusted notebook still shows
    it; ``inline=True`` puts the ``<svg>`` itself in the page instead (its elements can then be
    styled, hovered and clicked, but JupyterLab strips it from untrusted output)."""
    panel = _decision_panel(view) if decision else ""
    drawing = board_svg(view) if inline else board_picture(view)
    return (
        f"<div class='tt-board-html'><style>{HTML_STYLE}</style>{drawing}"
        + (f"<div class='tt-board-info'>{panel}</div>" if panel else "")
        + "</div>"
    )


def game_html(game, rulebook=None) -> str:
    """A game as static HTML: a status line, the board (if its rulebook draws one) and the open decision."""
    rb = rulebook or game.rulebook
    st = game.state
    if st.result:
        winners = st.result.get("winners")
        status = f"game over: {escape(str(st.result.get('reason')))}; winners {escape(str(winners))}"
    else:
        deciding = st.decision["player"] if st.decision else st.turn.get("player")
        status = f"{escape('chance' if deciding == 'chance' else f'player {deciding}')} to act"
    head = (
        f"<div class='tt-game-head'><b>{escape(rb.title)}</b> — turn {escape(str(rb.turn_number(st)))}, {status}</div>"
    )
    board = board_html(rb.board(game.table, None), decision=False) if rb.board is not None else ""
    dec = game.decision
    panel = dec._repr_html_() if dec is not None else ""
    return f"<div class='tt-game'>{head}{board}{panel}</div>"
