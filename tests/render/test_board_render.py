"""The one generic board renderer (DESIGN.md, Widgets and rendering): any board view to SVG/HTML."""

import json
import re
import xml.etree.ElementTree as ET

import pytest

import tabletop as tt
from tabletop.games.memory.pictures import picture_name
from tabletop.render.board import HEX_SCALE, LAYOUTS, board_html, board_svg

SVG = "{http://www.w3.org/2000/svg}"
MEMORY = tt.rulebook("memory")
BERSERK = tt.rulebook("berserk_heroes")


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def element(root: ET.Element, oid: str) -> ET.Element:
    found = [g for g in root.iter(f"{SVG}g") if g.get("data-id") == oid]
    assert len(found) == 1, oid
    return found[0]


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{SVG}text")]


# ------------------------------------------------------------- real views
@pytest.mark.parametrize("player", [None, 0, 1])
@pytest.mark.parametrize("scenario", sorted(MEMORY.scenarios))
def test_memory_views_are_well_formed_svg(scenario, player):
    game = MEMORY.scenario(scenario)
    root = parse(board_svg(MEMORY.board(game, player)))
    assert root.get("data-layout") == "grid"
    assert {g.get("data-id") for g in root.iter(f"{SVG}g") if g.get("data-id")} == set(game.state.objects)


@pytest.mark.parametrize("player", [None, 0, 1])
@pytest.mark.parametrize("scenario", sorted(BERSERK.scenarios))
def test_berserk_views_are_well_formed_svg(scenario, player):
    game = BERSERK.scenario(scenario)
    view = BERSERK.board(game.table, player)
    root = parse(board_svg(view))
    assert root.get("data-layout") == "zones"
    zones = {g.get("data-zone") for g in root.iter(f"{SVG}g") if g.get("data-zone")}
    assert zones == {z["id"] for z in view["zones"]}
    ET.fromstring(board_html(view))  # the HTML fragment is well-formed too


def test_memory_face_down_cards_carry_no_name():
    game = MEMORY.scenario("small-board")
    svg = board_svg(MEMORY.board(game, None))
    assert "picture" not in svg
    root = parse(svg)
    for oid in game.state.objects:
        card = element(root, oid)
        assert "tt-face-down" in card.get("class") and texts(card) == []
    # one flip later, that card shows its picture and the others still do not
    game.apply("s00")
    root = parse(board_svg(MEMORY.board(game, None)))
    pic = game.state.objects["s00"]["picture"]
    colour, shape = picture_name(pic).split()
    assert texts(element(root, "s00")) == [colour, shape, f"picture {pic}"]  # the word under the shape
    assert all(texts(element(root, oid)) == [] for oid in game.state.objects if oid != "s00")


def test_berserk_enemy_hand_is_drawn_face_down():
    game = BERSERK.scenario("vanguard")
    own = {c["id"]: c for c in BERSERK.board(game.table, 0)["cards"]}
    root = parse(board_svg(BERSERK.board(game, 1)))
    hand = [oid for oid, c in own.items() if c["zone"] == "hand:0"]
    assert hand
    for oid in hand:
        card = element(root, oid)
        assert "tt-face-down" in card.get("class") and texts(card) == []
        assert own[oid]["name"] not in card.find(f"{SVG}title").text


def test_face_down_wins_over_a_name_the_view_holds():
    view = {
        "layout": "zones",
        "zones": [{"id": "hand", "label": "hand"}],
        "cards": [
            {"id": "a", "zone": "hand", "name": "Secret Plan", "face_down": True, "stats": {"power": 9}},
            {"id": "b", "zone": "hand", "name": "Hidden Gem", "face": "down", "text": "Reveal me"},
            {"id": "c", "zone": "hand", "name": "Open Book", "face": "up"},
        ],
    }
    svg = board_svg(view)
    assert "Secret" not in svg and "Hidden" not in svg and "Reveal" not in svg and "power" not in svg
    assert "Open Book" in svg


def test_a_face_down_card_shows_the_counters_on_its_back_and_nothing_of_its_face():
    """Counters lie on a card's back in sight of all (Nebozhiteli's mana on a face-down creature, 003 L39): the
    back shows them, in the drawing and its title; the face's stats, statuses and name stay hidden."""
    view = {
        "layout": "zones",
        "zones": [{"id": "field", "label": "field"}],
        "cards": [
            {
                "id": "a",
                "zone": "field",
                "name": "Lich",
                "face_down": True,
                "counters": {"mana": 2},
                "stats": {"power": 9},
                "statuses": ["vampire"],
            },
        ],
    }
    svg = board_svg(view)
    assert "mana 2" in svg and "face-down card (a) · mana 2" in svg
    assert "Lich" not in svg and "power" not in svg and "vampire" not in svg
    assert "mana" not in board_svg({**view, "cards": [{**view["cards"][0], "counters": {}}]})


def test_options_are_highlighted_with_data_option():
    game = MEMORY.scenario("small-board")
    root = parse(board_svg(MEMORY.board(game, 0)))
    for opt in game.decision.ids:
        card = element(root, opt)
        assert "tt-option" in card.get("class").split()
        assert card.get("data-option") == opt and json.loads(card.get("data-options")) == [opt]
        assert any(r.get("class") == "tt-highlight" for r in card.iter(f"{SVG}rect"))
    # player 1 is not to move: no option is offered on its board
    root = parse(board_svg(MEMORY.board(game, 1)))
    assert not [g for g in root.iter(f"{SVG}g") if g.get("data-option")]


def test_an_element_offering_several_options_lists_them_all():
    game = BERSERK.scenario("modifier-order")
    view = BERSERK.board(game.table, 0)
    root = parse(board_svg(view))
    for card in view["cards"]:
        if card["zone"].startswith(("deck:", "supply:")):
            continue  # big zones without options are drawn as piles
        el = element(root, card["id"])
        if card["option"]:
            assert el.get("data-option") == card["option"][0]
            assert json.loads(el.get("data-options")) == card["option"]
            assert "tt-option" in el.get("class").split()
        else:
            assert el.get("data-option") is None and "tt-option" not in el.get("class").split()


def test_html_offers_the_options_no_element_carries_as_buttons():
    game = BERSERK.scenario("modifier-order")
    html = board_html(BERSERK.board(game.table, 0))
    root = ET.fromstring(html)
    buttons = [b.get("data-option") for b in root.iter("button")]
    assert buttons == ["pass"]  # every other option is on a card
    assert "main phase: act or pass" in html
    assert "<button" not in board_html(BERSERK.board(game, 0), decision=False)


def test_tapped_cards_are_drawn_rotated():
    game = BERSERK.scenario("protection")
    cards = BERSERK.board(game.table, 0)["cards"]
    spell = next(c["id"] for c in cards if c.get("name") == "Firebolt")
    golem = next(c["id"] for c in cards if c.get("name") == "Stone Golem")
    game.apply(f"play:{spell}").apply(golem)  # paying closes coins
    view = BERSERK.board(game, 0)
    root = parse(board_svg(view))
    coins = [c for c in view["cards"] if c["zone"] == "coins:0"]
    assert any(c["tapped"] for c in coins) and not all(c["tapped"] for c in coins)
    for c in coins:
        el = element(root, c["id"])
        assert ("rotate(90" in el.get("transform")) is c["tapped"]
        assert ("tt-rotated" in el.get("class").split()) is c["tapped"]
    assert "wounds 2" in texts(element(root, golem))


@pytest.mark.parametrize(
    "flags",
    [{"tapped": True}, {"closed": True}, {"spent": True}, {"stunned": True}, {"statuses": ["exhausted"]}],
)
def test_every_spelling_of_turned_rotates_a_card(flags):
    view = {"cards": [{"id": "x", "zone": "play", "name": "Knight", **flags}, {"id": "y", "zone": "play"}]}
    root = parse(board_svg(view))
    assert "rotate(90" in element(root, "x").get("transform")
    assert "rotate" not in element(root, "y").get("transform")


def test_cards_show_name_cost_stats_counters_and_statuses():
    view = {
        "layout": "zones",
        "zones": [{"id": "play:0", "label": "squad", "owner": 0}],
        "cards": [
            {
                "id": "c1",
                "zone": "play:0",
                "name": "Pikeman",
                "type": "creature",
                "cost": 2,
                "stats": {"strike": 2, "life": 3},
                "counters": {"wounds": 1},
                "statuses": ["poisoned"],
                "text": "First strike.",
            },
            {"id": "c2", "zone": "play:0", "name": "Archer", "stats": [["attack", 1], {"name": "health", "value": 4}]},
        ],
        "players": [{"id": 0, "coins": 3}],
        "to_move": 0,
    }
    root = parse(board_svg(view))
    shown = texts(element(root, "c1"))
    assert {"2", "Pikeman", "creature", "strike 2", "life 3", "wounds 1", "poisoned"} <= set(shown)
    assert "First strike." in element(root, "c1").find(f"{SVG}title").text
    assert {"attack 1", "health 4"} <= set(texts(element(root, "c2")))
    assert "player 0 · coins 3 · to move" in board_svg(view)


def test_big_zones_without_options_are_piles():
    game = BERSERK.scenario("duel")
    view = BERSERK.board(game, 0)
    deck = next(z for z in view["zones"] if z["id"] == "deck:0")
    svg = board_svg(view)
    assert f"×{deck['count']}" in svg
    root = parse(svg)
    assert len([g for g in root.iter(f"{SVG}g") if (g.get("data-id") or "") in {c["id"] for c in view["cards"]}]) < len(
        view["cards"]
    )


def test_all_text_is_escaped():
    nasty = "<script>alert('x')</script> & \"quotes\""
    view = {
        "layout": "zones",
        "zones": [{"id": "z<1>", "label": nasty, "owner": 0}],
        "cards": [
            {"id": "c&1", "zone": "z<1>", "name": nasty, "text": nasty, "type": nasty, "option": "o<&>'\""},
            {"id": "t", "zone": "z<1>", "kind": "token", "label": "<b>"},
        ],
        "decision": {"prompt": nasty, "options": ["o<&>'\"", "pass<>"]},
        "turn": {"number": 1, "phase": nasty},
        "players": [{"id": 0, "name": nasty}],
    }
    for out in (board_svg(view), board_html(view, inline=True)):
        assert "<script" not in out and "&lt;script&gt;" in out and "&lt;b&gt;" in out
        ET.fromstring(out)
    picture = board_html(view)  # the SVG is inside the data URI; the prompt and buttons around it
    assert "<script" not in picture and "&lt;script&gt;" in picture
    ET.fromstring(picture)
    root = parse(board_svg(view))
    assert element(root, "c&1").get("data-option") == "o<&>'\""
    assert "alert('x')" in "".join(texts(root))


def test_unknown_layout_is_an_error():
    with pytest.raises(ValueError, match=r"unknown board layout 'chessboard'.*zones, grid, hex, ranks, lanes"):
        board_svg({"layout": "chessboard", "cards": []})


# --------------------------------------------------------- every layout
def hand_made(layout: str) -> dict:
    hand = [
        {"id": "h1", "zone": "hand:0", "name": "Fireball", "cost": 3, "option": "play:h1"},
        {"id": "h2", "zone": "hand:1", "face_down": True},
    ]
    if layout == "zones":
        return {
            "layout": "zones",
            "zones": [
                {"id": "hand:0", "label": "hand", "owner": 0},
                {"id": "hand:1", "label": "hand", "owner": 1},
                {"id": "pool", "label": "pool", "option": "draw"},
            ],
            "cards": [*hand, {"id": "p1", "zone": "pool", "kind": "die", "value": 6}],
        }
    if layout == "grid":
        return {
            "layout": "grid",
            "rows": 3,
            "columns": 3,
            "zones": [{"id": "board", "kind": "grid"}, {"id": "hand:0", "owner": 0}, {"id": "hand:1", "owner": 1}],
            "cells": [{"pos": [2, 2], "label": "centre", "option": "place:2,2"}],
            "cards": [
                *hand,
                {"id": "u1", "zone": "board", "pos": [1, 1], "name": "Rook", "tapped": True},
                {"id": "u2", "zone": "board", "pos": [3, 3], "name": "Pawn", "option": "move:u2"},
            ],
        }
    if layout == "hex":
        return {
            "layout": "hex",
            "radius": 2,
            "zones": [{"id": "map", "kind": "hex"}, {"id": "hand:0", "owner": 0}, {"id": "hand:1", "owner": 1}],
            "cells": [{"pos": [1, -1], "label": "forest", "option": "move:1,-1"}],
            "cards": [
                *hand,
                {"id": "u1", "zone": "map", "pos": [0, 0], "name": "Scout", "stats": {"hp": 3}},
                {"id": "u2", "zone": "map", "pos": [-1, 2], "name": "Golem", "stunned": True, "option": "attack:u2"},
                {"id": "k1", "zone": "map", "pos": [0, 0], "kind": "token", "label": "+1"},
            ],
        }
    if layout == "ranks":
        return {
            "layout": "ranks",
            "zones": [
                {"id": "r0a", "kind": "rank", "rank": 1, "owner": 0, "label": "front rank", "slots": 4},
                {"id": "r0b", "kind": "rank", "rank": 2, "owner": 0, "label": "back rank", "slots": 4},
                {"id": "r1a", "kind": "rank", "rank": 1, "owner": 1, "label": "front rank", "slots": 4},
                {"id": "hand:0", "owner": 0},
                {"id": "hand:1", "owner": 1},
            ],
            "cards": [
                *hand,
                {"id": "w1", "zone": "r0a", "pos": 2, "name": "Warlord", "option": ["attack:w1>e1"]},
                {"id": "w2", "zone": "r0b", "pos": 1, "name": "Archer", "spent": True},
                {"id": "e1", "zone": "r1a", "pos": 1, "name": "Orc", "option": ["attack:w1>e1"]},
            ],
        }
    if layout == "graph":
        return {
            "layout": "graph",
            "zones": [{"id": "map", "kind": "graph"}, {"id": "hand:0", "owner": 0}, {"id": "hand:1", "owner": 1}],
            "places": [
                {"id": "well", "label": "Well", "kind": "spawn"},
                {"id": "tower", "option": "move:tower"},
                {"id": "core", "label": "Core"},
            ],
            "edges": [["well", "tower"], {"from": "tower", "to": "core", "option": "push"}],
            "cards": [
                *hand,
                {"id": "h1", "zone": "map", "pos": "well", "name": "Hero", "option": "select:h1"},
                {"id": "t1", "zone": "map", "pos": "tower", "kind": "token", "label": "T"},
            ],
        }
    if layout == "table":  # seats around a table, shared cards in the middle (a werewolf game)
        return {
            "layout": "table",
            "viewer": 0,
            "zones": [{"id": "table", "kind": "table"}, {"id": "hand:0", "owner": 0}, {"id": "hand:1", "owner": 1}],
            "seats": [
                {"id": "s0", "player": 0, "label": "Ann"},
                {"id": "s1", "player": 1, "label": "Bob", "option": "vote:1", "note": "dealt seer"},
                {"id": "s2", "player": 2, "label": "Cy"},
            ],
            "cards": [
                *hand,
                {"id": "t0", "zone": "table", "seat": "s0", "name": "seer"},
                {"id": "t1", "zone": "table", "seat": "s1", "face": "down", "name": "Secret"},
                {"id": "m0", "zone": "table", "centre": 0, "label": "centre 1", "option": "view:m0"},
            ],
        }
    return {
        "layout": "lanes",
        "zones": [
            {"id": "left", "kind": "lane", "label": "left lane"},
            {"id": "right", "kind": "lane", "label": "right lane", "option": "deploy:right"},
            {"id": "hand:0", "owner": 0},
            {"id": "hand:1", "owner": 1},
        ],
        "cards": [
            *hand,
            {"id": "m1", "zone": "left", "owner": 0, "name": "Minion", "pos": 0},
            {"id": "m2", "zone": "left", "owner": 1, "name": "Brute", "exhausted": True},
            {"id": "m3", "zone": "right", "owner": None, "name": "Tower"},
        ],
    }


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_layout_kind_renders(layout):
    view = hand_made(layout)
    svg = board_svg(view)
    root = parse(svg)
    assert root.get("data-layout") == layout
    ids = {g.get("data-id") for g in root.iter(f"{SVG}g") if g.get("data-id")}
    assert ids == {c["id"] for c in view["cards"]}
    offered = {g.get("data-option") for g in root.iter(f"{SVG}g") if g.get("data-option")}
    wanted = set()
    for el in (
        view["cards"] + view["zones"] + view.get("cells", []) + view.get("places", []) + view.get("edges", [])
    ) + view.get("seats", []):
        if not isinstance(el, dict):
            continue
        opt = el.get("option")
        wanted |= set(opt) if isinstance(opt, list) else ({opt} if opt else set())
    assert offered == wanted
    assert "Secret" not in svg and texts(element(root, "h2")) == []
    assert board_svg(view) == svg
    # every main-area item sits inside the drawing
    width, height = float(root.get("width")), float(root.get("height"))
    assert width >= 600 and height > 100


def test_hex_cells_and_ranks_slots_are_drawn():
    root = parse(board_svg(hand_made("hex")))
    hexes = [g for g in root.iter(f"{SVG}g") if "tt-hex" in (g.get("class") or "")]
    assert len(hexes) == 19  # radius 2
    ranks = board_svg(hand_made("ranks"))
    assert ranks.count('class="tt-empty-slot"') == 4 + 4 + 4 - 3  # empty slots of the three ranks
    # the opponent's front rank is drawn below its back ranks, next to the middle: r1a comes before r0a
    assert ranks.index('data-zone="r1a"') < ranks.index('data-zone="r0a"') < ranks.index('data-zone="r0b"')


def test_grid_positions_counting_from_zero_or_one_agree():
    one = {"layout": "grid", "cards": [{"id": "a", "pos": [1, 1]}, {"id": "b", "pos": [2, 3]}]}
    zero = {"layout": "grid", "cards": [{"id": "a", "pos": [0, 0]}, {"id": "b", "pos": [1, 2]}]}
    a, b = parse(board_svg(one)), parse(board_svg(zero))
    assert element(a, "b").get("transform") == element(b, "b").get("transform")


# ---------------------------------------------------------- determinism
@pytest.mark.parametrize(("rb", "scenario"), [(MEMORY, "match-official"), (BERSERK, "create"), (BERSERK, "duel")])
def test_output_is_identical_across_calls_and_a_json_round_trip(rb, scenario):
    game = rb.scenario(scenario)
    for player in (None, 0):
        svg = board_svg(rb.board(game.table, player))
        assert board_svg(rb.board(game, player)) == svg
        assert board_svg(rb.board(tt.load_game(game.to_json()), player)) == svg
        assert board_html(rb.board(game.clone(), player)) == board_html(rb.board(game, player))


def test_coordinates_are_rounded():
    import re

    svg = board_svg(hand_made("hex")) + board_svg(BERSERK.board(BERSERK.scenario("create"), 0))
    coordinates = re.findall(r'(?:x|y|x1|y1|x2|y2|width|height|cx|cy)="([^"]*)"', svg)
    coordinates += [n for t in re.findall(r'(?:transform|points)="([^"]*)"', svg) for n in re.findall(r"[-\d.]+", t)]
    numbers = [n for n in coordinates if "." in n]
    assert numbers and all(
        len(n.split(".")[1]) == 1 for n in numbers if n != str(HEX_SCALE)
    )  # but the scale of hex pieces


def test_a_long_word_of_a_name_is_drawn_smaller_not_broken():
    """ "Covenant Shieldbearer" (Warlord) and "Counterpunch" (Marvel Champions): a word longer than a card's line
    keeps its letters together on one line, in smaller type; a short name is drawn as before."""
    from tabletop.render.board import _name_lines

    assert _name_lines("Covenant Shieldbearer", 11) == ["Covenant", "Shieldbearer"]
    assert _name_lines("Counterpunch", 11) == ["Counterpunch"]  # no cost beside it: on the first line
    assert _name_lines("Counterpunch", 8) == ["", "Counterpunch"]  # beside a cost: under it
    view = {"layout": "zones", "zones": [{"id": "hand", "label": "hand"}], "cards": [
        {"id": "a", "zone": "hand", "name": "Covenant Shieldbearer"}, {"id": "b", "zone": "hand", "name": "Ash Brute"}
    ]}  # fmt: skip
    svg = board_svg(view)
    assert ">Shieldbearer</text>" in svg and 'style="font-size:10.1px">Shieldbearer' in svg
    assert "Shieldbeare<" not in svg and '<text x="6" y="16" class="tt-name">Ash Brute</text>' in svg


def test_ranks_draw_an_attachment_on_its_host_and_keep_it_clickable():
    """A card ``attached_to`` a card in a rank (Warlord's item on its holder, seed 004 L81-L82) is drawn
    under its host, peeking out above it, still offering its option; its own zone does not count it as
    missing (no face-down pile for it)."""
    view = {
        "layout": "ranks",
        "zones": [
            {"id": "rank:0:1", "label": "rank 1", "owner": 0, "kind": "rank", "rank": 1},
            {"id": "gear:0", "label": "items", "owner": 0, "count": 1},
        ],
        "cards": [
            {"id": "c1", "zone": "rank:0:1", "name": "Forge Priest", "pos": 1},
            {"id": "c2", "zone": "rank:0:1", "name": "Rune Acolyte", "pos": 2},
            {"id": "i1", "zone": "gear:0", "name": "Chain Mail", "attached_to": "c1", "option": "use:i1"},
        ],
    }
    svg = board_svg(view)
    assert 'data-option="use:i1"' in svg
    assert "tt-card tt-face-down" not in svg  # (the items zone is not drawn as a pile of one hidden card)
    ys = {m[0]: float(m[1]) for m in re.findall(r'data-id="(\w+)"[^>]*transform="translate\([\d.]+ ([\d.]+)\)', svg)}
    assert ys["i1"] < ys["c1"] == ys["c2"]  # the item above its host; the rank's cards in one line
