"""The board view (tabletop/games/nebozhiteli/board.py) and its drawing: the mana on the summoning field (003 L39),
items lying on their creature (L47), the phase ledger (L76) on the creatures, and a combat drawn as lanes, each
attacker facing the creatures that block it (L63-L66) with the split of its damage (L72)."""

import json

from nb import RB, at, game, on, one, side, until

from tabletop.render.board import board_svg, normalise


def _card(board, oid):
    return next(c for c in board["cards"] if c["id"] == oid)


def _summoning_game():
    return game(side(summoning=[{"card": "lich", "mana": 2}, {"card": "ghoul"}] + [{"card": "vale_knight"}] * 3))


def test_the_summoning_field_shows_the_mana_on_each_creature_to_its_owner():
    """L39: each action puts one mana on a creature of the summoning field; the board counts it against the
    summoning cost (mana 2/3), and one more action makes it 3/3, which summons the Lich (L39-L40)."""
    g = _summoning_game()
    lich = one(g, "summoning:0", "lich")
    board = RB.board(g.table, 0)
    assert _card(board, lich)["counters"] == {"mana": "2/3"}
    assert _card(board, one(g, "summoning:0", "ghoul"))["counters"] == {"mana": "0/2"}
    assert "mana 2/3" in board_svg(board)
    g.apply(f"mana:{lich}")
    after = _card(RB.board(g.table, 0), lich)
    assert after["zone"] == "field:0" and after["stats"]["lives"] == 3 and "just summoned" in after["statuses"]


def test_the_opponent_and_a_spectator_see_the_summoning_field_face_down_with_its_mana():
    """nb.assume.shuffle: the summoning field is seen by its owner only, so the card is face down to the others;
    but the mana counters lie on it on the table (L39: "положить ... маны на любое из существ в поле вызова"),
    so they see how much mana lies on each card, and nothing of the card (its name, its cost)."""
    g = _summoning_game()
    lich = one(g, "summoning:0", "lich")
    ghoul = one(g, "summoning:0", "ghoul")
    for viewer in (1, None):
        board = RB.board(g.table, viewer)
        entry = _card(board, lich)
        assert entry["face_down"] and entry["name"] is None and "cost" not in entry
        assert entry["counters"] == {"mana": 2} and _card(board, ghoul)["counters"] == {"mana": 0}
        svg = board_svg(board)
        assert "mana 2" in svg and "mana 2/3" not in svg and "Lich" not in svg
        assert g.table.view(viewer)["objects"][lich] == {
            "id": lich,
            "zone": "summoning:0",
            "owner": 0,
            "controller": 0,
            "kind": "card",
            "mana": 2,
            "hidden": True,
        }
    g.apply(f"mana:{ghoul}")  # one more mana: the others see it arrive
    assert _card(RB.board(g.table, 1), ghoul)["counters"] == {"mana": 1}


def test_items_lie_on_their_creature():
    """L47: an item is put on top of the creature card: the board attaches it (attached_to), so the renderer
    draws it under its host, and the zone of items counts none drawn loose. Its armour shows on the creature."""
    g = game(side([{"card": "vale_knight", "items": ["longsword", "chainmail"]}]))
    knight = one(g, "field:0", "vale_knight")
    board = RB.board(g.table, None)
    items = [c for c in board["cards"] if c["zone"] == "gear:0"]
    assert sorted(c["name"] for c in items) == ["Chainmail", "Longsword"]
    assert all(c["attached_to"] == knight for c in items)
    assert _card(board, knight)["stats"] == {"attack": 3, "lives": 4, "armour": 2}
    drawn = normalise(board)
    host = next(c for c in drawn["cards"] if c["id"] == knight)
    assert [c["name"] for c in host["attached"]] == ["Longsword", "Chainmail"]
    assert next(z for z in board["zones"] if z["id"] == "gear:0")["count"] == 0


def test_the_ledger_of_a_phase_shows_on_the_creature_and_says_who_dies_at_its_end():
    """L76: in a phase the damage and healing of a creature are summed and it dies at the phase's end if fewer
    than one life is left: the Skeleton (2 lives) takes 2 fire damage in the end phase, so the board shows
    damage 2 and 'dies at end of phase' while its lives still read 2; a potion of 2 healing takes it back."""
    g = game(
        side(hand=["fire_scroll"] + ["blessing"] * 6),
        side([{"card": "skeleton", "lives": 2}], hand=["healing_potion"] + ["blessing"] * 6),
    )
    until(g, at("end", "action"))
    sk = one(g, "field:1", "skeleton")
    g.apply(f"cast:{one(g, 'hand:0', 'fire_scroll')}>{sk}")
    entry = _card(RB.board(g.table, None), sk)
    assert entry["counters"] == {"damage": 2} and entry["stats"]["lives"] == 2
    assert entry["statuses"][0] == "dies at end of phase"
    g.apply(f"cast:{one(g, 'hand:1', 'healing_potion')}>{sk}")
    entry = _card(RB.board(g.table, None), sk)
    assert entry["counters"] == {"damage": 2, "healing": 2} and "dies at end of phase" not in entry["statuses"]


def _combat():
    g = game(
        side([{"card": "orc_axeman", "items": ["greataxe"]}, {"card": "skeleton"}]),
        side([{"card": "skeleton", "lives": 4}, {"card": "lich", "lives": 4}, {"card": "ghoul"}]),
    )
    until(g, at("attackers"))
    orc, sk0 = one(g, "field:0", "orc_axeman"), one(g, "field:0", "skeleton")
    g.apply(f"pick:{orc}+{sk0}")
    sk, lich, ghoul = one(g, "field:1", "skeleton"), one(g, "field:1", "lich"), one(g, "field:1", "ghoul")
    g.apply(f"block:{sk}>{orc}").apply(f"block:{lich}>{orc}").apply(f"none:{ghoul}")
    return g, orc, sk0, sk, lich, ghoul


def test_in_combat_each_attacker_has_a_lane_with_its_blockers_facing_it():
    """L60: the attackers, declared at once; L65: several blockers on one attacker, the Ghoul not blocking. The
    board is drawn as lanes: one per attacker, holding it and its blockers; the rest stays on the field."""
    g, orc, sk0, sk, lich, ghoul = _combat()
    assert g.decision.kind == "distribute"
    board = RB.board(g.table, 0)
    json.dumps(board)
    assert board["layout"] == "lanes"
    lanes = [z for z in board["zones"] if z.get("kind") == "lane"]
    assert [(z["id"], z["label"]) for z in lanes] == [
        (f"combat:{orc}", "attack 1: 2 blocking"),
        (f"combat:{sk0}", "attack 2: unblocked"),
    ]
    zone = {c["id"]: c["zone"] for c in board["cards"]}
    assert zone[orc] == zone[sk] == zone[lich] == f"combat:{orc}" and zone[sk0] == f"combat:{sk0}"
    assert zone[ghoul] == "field:1" and _card(board, sk)["in_zone"] == "field:1"
    assert board["combat"]["blocks"] == {sk: orc, lich: orc}
    svg = board_svg(board)
    assert 'data-layout="lanes"' in svg and "attack 1: 2 blocking" in svg


def test_the_split_of_an_attackers_damage_shows_on_its_blockers():
    """L72: the attacker's owner splits its damage among its blockers. Two attackers each blocked by two: while
    the Knight's split is asked, the Orc's (3 to the Skeleton, 1 to the Lich) shows on its blockers and in the
    view's combat. After the damage phase the lanes go."""
    g = game(
        side([{"card": "orc_axeman", "items": ["greataxe"]}, {"card": "vale_knight", "items": ["longsword"]}]),
        side([{"card": "skeleton", "lives": 4}, {"card": "lich", "lives": 4}, {"card": "ghoul"}, {"card": "ghoul"}]),
    )
    until(g, at("attackers"))
    orc, knight = one(g, "field:0", "orc_axeman"), one(g, "field:0", "vale_knight")
    g.apply(f"pick:{orc}+{knight}")
    sk, lich = one(g, "field:1", "skeleton"), one(g, "field:1", "lich")
    g1, g2 = on(g, "field:1", "ghoul")
    g.apply(f"block:{sk}>{orc}").apply(f"block:{lich}>{orc}").apply(f"block:{g1}>{knight}").apply(
        f"block:{g2}>{knight}"
    )
    g.apply(f"split:{sk}=3+{lich}=1")
    assert g.decision.kind == "distribute" and g.decision.prompt.startswith("split Knight of the Vale")
    board = RB.board(g.table, 0)
    assert _card(board, sk)["counters"]["takes"] == 3 and _card(board, lich)["counters"]["takes"] == 1
    assert "takes" not in _card(board, g1).get("counters", {})
    assert board["combat"]["splits"] == {orc: {sk: 3, lich: 1}}
    g.apply(g.legal()[0])
    assert g.state.turn["sub"] == "end" and RB.board(g.table, 0)["layout"] == "zones"


def test_in_the_ranged_phase_a_shooter_says_what_it_aims_at():
    """L53: a ranged attack's target is a creature; its damage waits for the ranged damage phase (L54-L55), so
    while the second Archer is still to shoot, the board says whom the first aims at (turned: L58)."""
    archers = [{"card": "elf_archer", "items": ["longbow"]}] * 2
    g = game(side(archers), side([{"card": "ghoul"}]))
    until(g, at("ranged"))
    first, second = g.state.zone("field:0")
    ghoul = one(g, "field:1", "ghoul")
    g.apply(f"shoot:{first}>{ghoul}")
    board = RB.board(g.table, 0)
    entry = _card(board, first)
    assert entry["statuses"] == [f"aims at Ghoul ({ghoul})"] and entry["tapped"]
    assert f"shoot:{second}>{ghoul}" in _card(board, second)["option"]


def test_the_opponents_log_shows_a_mana_put_on_a_face_down_creature_but_not_the_creature():
    """L39: the mana is put on the card where both players see it, so player 1's log (what he may see:
    analysis.seen) has the step, as his board does, naming the card's place and not what the card is; player 0's
    own choice of the Lich stays hidden from him."""
    from tabletop.analysis.seen import seen_by

    g = _summoning_game()
    ghoul = one(g, "summoning:0", "ghoul")
    mark = len(g.trace)
    g.apply(f"mana:{ghoul}")
    theirs = [r["summary"] for r in seen_by(g, 1).records[mark:]]
    assert f"player 0 puts a mana on {ghoul} of his summoning field (1 on it)" in theirs
    assert not any("Ghoul" in s or "Lich" in s for s in theirs)
    assert any(s.startswith("player 0 made a choice hidden from you") for s in theirs)
    own = [r["summary"] for r in seen_by(g, 0).records[mark:]]
    assert any("Ghoul" in s for s in own)  # his own choice names the card he chose
