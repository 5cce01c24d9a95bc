"""The board renderer's geometry (tabletop.render.board): hex cell kinds and pieces covering several cells, lanes
drawn as positions with bridges; boards that use none of them are drawn exactly as before."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

from tabletop.core import hexes
from tabletop.render.board import GEOMETRY_STYLE, board_html, board_svg

SVG = "{http://www.w3.org/2000/svg}"


def groups(svg: str, attribute: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get(attribute): g for g in root.iter(f"{SVG}g") if g.get(attribute) is not None}


def translate(g: ET.Element) -> tuple[float, float]:
    x, y = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform")).groups()
    return float(x), float(y)


def mission_map() -> dict:
    """A toy Dice Throne Missions map (seed 002): dark cells (L70), an entry and an EXIT (L69, L191), a boost
    cell (L44), a boss covering three cells (L209), a hero who may move to the reachable cells (L68)."""
    board = hexes.rectangle(3, 5)
    kinds = {(0, 2): "dark", (1, 2): "dark", (2, 0): "entry", (0, 4): "exit", (2, 3): "boost"}
    start = hexes.from_offset(2, 0)
    blocked = {hexes.from_offset(*rc) for rc, k in kinds.items() if k == "dark"}
    reach = hexes.reachable(start, 2, cells=board, blocked=blocked)
    cells = []
    for c in hexes.reading_order(board):
        cell: dict = {"pos": list(c)}
        if hexes.to_offset(c) in kinds:
            cell["kind"] = kinds[hexes.to_offset(c)]
        if c in reach and c != start:
            cell["option"] = f"move:{c[0]},{c[1]}"
        cells.append(cell)
    boss = hexes.footprint([(0, 0), (1, 0), (0, 1)], hexes.from_offset(0, 3), 0)
    return {
        "layout": "hex",
        "zones": [{"id": "map", "kind": "hex"}],
        "cells": cells,
        "cards": [
            {"id": "storm", "zone": "map", "pos": list(start), "kind": "token", "label": "S", "owner": 0},
            {"id": "ock", "zone": "map", "cells": [list(c) for c in boss], "name": "Ock", "option": "attack:ock"},
        ],
        "decision": {"kind": "move", "prompt": "move", "options": [{"id": "attack:ock"}, {"id": "pass"}]},
    }


def test_cells_are_drawn_by_kind():
    view = mission_map()
    svg = board_svg(view)
    cells = groups(svg, "data-pos")
    assert len(cells) == 15
    kinds = {pos: g.get("data-kind") for pos, g in cells.items() if g.get("data-kind")}
    assert sorted(kinds.values()) == ["boost", "dark", "dark", "entry", "exit"]
    for pos, kind in kinds.items():
        assert f"tt-kind-{kind}" in cells[pos].find(f"{SVG}polygon").get("class")
    assert GEOMETRY_STYLE in svg
    # no cell behind a dark one is offered: the hero cannot cross it
    offered = {g.get("data-option") for g in cells.values() if g.get("data-option")}
    assert offered and all(o.startswith("move:") for o in offered)
    assert not any(f"move:{p}" in offered for p, k in kinds.items() if k == "dark")


def test_a_piece_covering_several_cells_is_outlined_once_around_them():
    view = mission_map()
    svg = board_svg(view)
    footprint = groups(svg, "data-footprint")["ock"]
    assert len(footprint.findall(f"{SVG}polygon")) == 3
    # three cells each touching the other two: 18 borders, 6 shared inside (twice each)
    edges = footprint.find(f"{SVG}path").get("d")
    assert edges.count("M") == 18 - 6
    piece = groups(svg, "data-id")["ock"]
    assert piece.get("data-option") == "attack:ock"
    # drawn at the middle of its cells, after (on top of) the outline
    assert svg.index('data-footprint="ock"') < svg.index('data-id="ock"')
    assert board_svg(view) == svg
    assert "attack:ock" not in board_html(view, inline=True).split("</svg>")[1]  # offered on the board, not as a button


def test_a_board_without_kinds_or_footprints_draws_as_before():
    view = {"layout": "hex", "radius": 1, "cards": [{"id": "a", "pos": [0, 0], "name": "A"}]}
    svg = board_svg(view)
    assert GEOMETRY_STYLE not in svg and "data-kind" not in svg and "tt-footprint" not in svg
    lanes = board_svg({"layout": "lanes", "zones": [{"id": "l", "kind": "lane"}], "cards": [{"id": "a", "zone": "l"}]})
    assert GEOMETRY_STYLE not in lanes and "tt-lane-pos" not in lanes


def arena() -> dict:
    """A toy Minion Masters arena (seed 000 L5, L7): two lanes from podium to podium, a bridge between them."""
    return {
        "layout": "lanes",
        "zones": [
            {"id": "left", "kind": "lane", "label": "left lane", "length": 6},
            {"id": "right", "kind": "lane", "label": "right lane", "length": 4},
            {"id": "hand:0", "owner": 0},
        ],
        "cells": [{"lane": "left", "pos": 0, "label": "podium"}, {"lane": "right", "pos": 2, "option": "deploy:r2"}],
        "bridges": [
            {"from": ["left", 3], "to": ["right", 3], "label": "bridge", "option": "hold"},
            [["left", 1], ["right", 1]],
            [["left", 1], ["nowhere", 1]],  # names no position: not drawn
        ],
        "cards": [
            {"id": "m1", "zone": "left", "owner": 0, "name": "Minion", "pos": 1},
            {"id": "m2", "zone": "left", "owner": 1, "name": "Brute", "pos": 4},
            {"id": "m3", "zone": "right", "owner": 1, "kind": "token", "label": "T", "pos": 3},
            {"id": "m4", "zone": "right", "owner": 0, "name": "Lost"},
            {"id": "m5", "zone": "right", "owner": 0, "name": "Far", "pos": 9},
        ],
        "decision": {"kind": "act", "options": [{"id": "hold"}, {"id": "deploy:r2"}, {"id": "wait"}]},
    }


def test_lanes_are_drawn_as_positions_with_the_pieces_on_them():
    view = arena()
    svg = board_svg(view)
    slots = groups(svg, "data-lane-pos")
    assert sorted(slots) == sorted([f"left:{k}" for k in range(6)] + [f"right:{k}" for k in range(4)])
    assert slots["right:2"].get("data-option") == "deploy:r2"
    assert "podium" in "".join(t.text or "" for t in slots["left:0"].iter(f"{SVG}text"))
    pieces = groups(svg, "data-id")
    # position 0 is at the bottom: the minion on 1 is lower on the page than the brute on 4
    assert translate(pieces["m1"])[1] > translate(pieces["m2"])[1]
    # a piece without a position on its lane is drawn off the lanes, below them
    off = [g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("data-zone") == ""]
    assert off and set(pieces) == {"m1", "m2", "m3", "m4", "m5"}
    assert GEOMETRY_STYLE in svg and board_svg(view) == svg


def test_bridges_join_two_positions():
    view = arena()
    svg = board_svg(view)
    bridges = groups(svg, "data-bridge")
    assert sorted(bridges) == ["left:1-right:1", "left:3-right:3"]
    assert json.loads(bridges["left:3-right:3"].get("data-options")) == ["hold"]
    line = bridges["left:1-right:1"].find(f"{SVG}line")
    assert line.get("y1") == line.get("y2") and float(line.get("x1")) < float(line.get("x2"))
    buttons = board_html(view, inline=True).split("</svg>")[1]
    assert 'data-option="wait"' in buttons and 'data-option="hold"' not in buttons


def zone_places(svg: str) -> dict[str, tuple[float, float]]:
    """Where each zone's frame is drawn on the page: the sum of the translations around it."""
    out: dict[str, tuple[float, float]] = {}

    def walk(el: ET.Element, x: float, y: float) -> None:
        if el.get("transform", "").startswith("translate("):
            dx, dy = translate(el)
            x, y = x + dx, y + dy
        if el.get("data-zone"):
            out[el.get("data-zone")] = (x, y)
        for child in el:
            walk(child, x, y)

    walk(ET.fromstring(svg), 0.0, 0.0)
    return out


def test_ranks_of_four_armies_put_every_front_rank_at_the_middle():
    """Seed 004 L106/L276: every player's front rank is adjacent to every other player's front rank."""
    zones, cards = [], []
    for p, sizes in enumerate([[3, 2, 1], [2, 1], [3, 1, 1], [1]]):
        for k, n in enumerate(sizes, 1):
            zid = f"rank:{p}:{k}"
            zones.append({"id": zid, "kind": "rank", "rank": k, "owner": p, "label": f"rank {k}", "slots": 3})
            cards += [{"id": f"c{p}{k}{i}", "zone": zid, "pos": i + 1, "name": f"P{p}"} for i in range(n)]
    svg = board_svg({"layout": "ranks", "zones": zones, "cards": cards, "viewer": 0})
    at = zone_places(svg)
    assert sorted(groups(svg, "data-owner")) == ["1", "2", "3"]  # the opponents, side by side
    fronts = [at[f"rank:{p}:1"] for p in (1, 2, 3)]
    assert len({y for _x, y in fronts}) == 1 and fronts == sorted(fronts)  # one line, left to right
    assert all(at[f"rank:{p}:2"][1] < at[f"rank:{p}:1"][1] for p in (1, 2))  # back ranks further away
    mine = [at[f"rank:0:{k}"][1] for k in (1, 2, 3)]
    assert fronts[0][1] < mine[0] < mine[1] < mine[2]  # the viewer's front rank just below the middle


def agora_view() -> dict:
    """A toy of Paragon's Agora (seed 000 L81, L85-L91) as a graph board, built from a networkx graph."""
    import networkx as nx

    from tabletop.core import graphs

    g = nx.Graph()
    at = {"well": (0, 4), "core": (8, 0), "left": (1, 1), "mid": (4, 2), "right": (6, 4), "jungle": (3, 0)}
    g.add_edges_from([("well", "left"), ("well", "mid"), ("well", "right"), ("left", "core"), ("mid", "core")])
    g.add_edges_from([("right", "core"), ("left", "jungle"), ("jungle", "mid")])
    for node, xy in at.items():
        g.nodes[node]["pos"] = xy
    g.nodes["mid"]["kind"] = "tower"
    near = graphs.within(g, "well", 1, blocked={"mid"})
    return {
        "layout": "graph",
        "zones": [{"id": "map", "kind": "graph"}],
        **graphs.board_entries(g, {n: f"move:{n}" for n in near if n != "well"}),
        "cards": [
            {"id": "hero", "zone": "map", "pos": "well", "kind": "token", "label": "H"},
            {"id": "orb", "zone": "map", "pos": "nowhere", "name": "Orb Prime"},
        ],
    }


def place_centres(svg: str) -> dict[str, tuple[float, float]]:
    return {
        pid: (float(g.find(f"{SVG}circle").get("cx")), float(g.find(f"{SVG}circle").get("cy")))
        for pid, g in groups(svg, "data-place").items()
    }


def test_a_graph_board_draws_places_edges_and_pieces():
    view = agora_view()
    svg = board_svg(view)
    places = groups(svg, "data-place")
    assert sorted(places) == sorted(["well", "core", "left", "mid", "right", "jungle"])
    assert places["mid"].get("data-kind") == "tower"
    assert {p for p, g in places.items() if g.get("data-option")} == {"left", "right"}  # the tower blocks mid
    assert len(groups(svg, "data-edge")) == 8
    centres = place_centres(svg)
    assert centres["well"][0] < centres["left"][0] < centres["mid"][0] < centres["core"][0]  # x as given
    assert centres["core"][1] < centres["mid"][1] < centres["well"][1]  # y as given, down the page
    hero = groups(svg, "data-id")["hero"]
    assert abs(translate(hero)[0] - centres["well"][0]) < 20  # on its place
    assert "off the map" in svg  # a piece on no place
    assert board_svg(view) == svg and GEOMETRY_STYLE in svg


def test_places_without_positions_stand_on_a_circle():
    view = {
        "layout": "graph",
        "places": [{"id": str(k)} for k in range(6)],
        "edges": [[str(k), str((k + 1) % 6)] for k in range(6)],
    }
    svg = board_svg(view)
    centres = place_centres(svg)
    xs = sorted({round(x) for x, _ in centres.values()})
    assert centres["0"][1] == min(y for _, y in centres.values())  # the first at the top
    assert len(xs) == 3  # a regular hexagon of places: three columns
    assert board_svg(view) == svg


def test_attachments_are_drawn_under_their_host():
    """Equipment attached to a character (Nebozhiteli) lies under it, its name showing above it."""
    view = {
        "layout": "zones",
        "zones": [{"id": "field:0", "label": "field", "owner": 0}, {"id": "hand:0", "label": "hand", "owner": 0}],
        "cards": [
            {"id": "sword", "zone": "field:0", "name": "Sword", "attached_to": "hero"},
            {"id": "hero", "zone": "field:0", "name": "Hero"},
            {"id": "rune", "zone": "field:0", "name": "Rune", "attached_to": "sword"},  # hangs under the first host
            {"id": "lost", "zone": "hand:0", "name": "Lost", "attached_to": "nobody"},  # no such host: stays in hand
            {"id": "a", "zone": "hand:0", "name": "A", "attached_to": "b"},  # a loop of hosts: both stay
            {"id": "b", "zone": "hand:0", "name": "B", "attached_to": "a"},
        ],
    }
    svg = board_svg(view)
    pieces = groups(svg, "data-id")
    assert set(pieces) == {"sword", "hero", "rune", "lost", "a", "b"}
    assert svg.index('data-id="sword"') < svg.index('data-id="rune"') < svg.index('data-id="hero"')
    ys = {k: translate(pieces[k])[1] for k in ("sword", "rune", "hero")}
    xs = {k: translate(pieces[k])[0] for k in ("sword", "rune", "hero")}
    assert ys["sword"] < ys["rune"] < ys["hero"] and len(set(xs.values())) == 1
    plain = board_svg({**view, "cards": [{**c, "attached_to": None} for c in view["cards"]]})
    assert float(ET.fromstring(svg).get("height")) > float(ET.fromstring(plain).get("height"))
    assert board_svg(view) == svg
