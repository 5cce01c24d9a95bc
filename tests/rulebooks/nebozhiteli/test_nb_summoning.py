"""Summoning by putting mana on summoning-field creatures (003 L39), the mana becoming lives (L40), summoning
sickness and Combat readiness (Боеготовность, L41), attack strength (L42)."""

from nb import at, game, mana, on, one, side, until


def summoning(*cards, mana_on=0):
    return [{"card": c, "mana": mana_on} for c in cards] + [{"card": "vale_knight"}] * (5 - len(cards))


def test_each_action_puts_one_mana_and_the_creature_is_summoned_at_its_cost():
    """L39: "spend any number of actions to put the corresponding amount of mana"; once the mana equals the
    summoning cost the creature is summoned and moves to the playing field; L40: the mana is its lives."""
    g = game(side(summoning=summoning("elf_blademaster")))
    target = one(g, "summoning:0", "elf_blademaster")
    for n in (1, 2):
        g.apply(f"mana:{target}")
        assert g.state.objects[target]["mana"] == n and g.state.objects[target]["zone"] == "summoning:0"
    assert g.state.players[0]["actions"] == 2
    g.apply(f"mana:{target}")  # 3 = its cost
    obj = g.state.objects[target]
    assert obj["zone"] == "field:0" and obj["lives"] == 3
    assert g.state.players[0]["actions"] == 1


def test_mana_stays_on_a_creature_between_turns():
    """L39-L40: the mana put stays on the creature (derived: nothing takes it off), so a cost can be paid over
    two turns."""
    g = game(side(summoning=summoning("vale_knight")))
    knight = g.state.zone("summoning:0")[0]
    for _ in range(3):
        g.apply(f"mana:{knight}")
    until(g, lambda g: g.state.turn["number"] == 3 and g.state.turn.get("sub") == "summoning")
    assert g.state.objects[knight]["mana"] == 3
    g.apply(f"mana:{knight}")
    assert g.state.objects[knight]["zone"] == "field:0" and g.state.objects[knight]["lives"] == 4


def test_no_more_mana_than_the_actions():
    """L36, L39: four actions, so four mana at most in a turn; then the phase ends by itself."""
    g = game(side(summoning=summoning("vale_knight", "vale_knight")))
    for _ in range(4):
        g.apply(next(o for o in g.legal() if o.startswith("mana:")))
    assert g.state.turn["sub"] != "summoning"


def test_a_just_summoned_creature_cannot_attack_but_combat_readiness_can():
    """L41: a just-summoned creature cannot attack until your next turn, except with Combat readiness."""
    g = game(side(summoning=summoning("elf_scout", "elf_archer")))
    g.apply(f"mana:{one(g, 'summoning:0', 'elf_scout')}")  # cost 1, readiness
    archer = one(g, "summoning:0", "elf_archer")
    g.apply(f"mana:{archer}")
    g.apply(f"mana:{archer}")
    until(g, at("attackers"))
    scout = one(g, "field:0", "elf_scout")
    assert sorted(g.legal()) == sorted(["pick:none", f"pick:{scout}"])
    assert g.state.objects[archer]["sick"]


def test_a_just_summoned_creature_can_be_equipped():
    """L41: "but it can be equipped"."""
    g = game(side(summoning=summoning("skeleton"), hand=["longsword"] + ["blessing"] * 6))
    g.apply(f"mana:{one(g, 'summoning:0', 'skeleton')}")
    until(g, at("equipment"))
    sword, skeleton = one(g, "hand:0", "longsword"), one(g, "field:0", "skeleton")
    assert f"equip:{sword}>{skeleton}" in g.legal()


def test_mana_from_the_players_own_mana_is_an_option():
    """nb.assume.mana_source: the counters come from the supply (default) or from the player's mana."""
    for source, left in (("supply", 20), ("player", 19)):
        g = game(side(summoning=summoning("skeleton")), mana_from=source)
        g.apply(f"mana:{one(g, 'summoning:0', 'skeleton')}")
        assert mana(g, 0) == left, source


def test_an_unarmed_creature_strikes_with_one_an_armed_one_with_its_weapon():
    """L42: unarmed attack strength 1, armed the weapon's (L74: an unblocked attacker's damage to the player)."""
    g = game(side([{"card": "skeleton"}, {"card": "orc_axeman", "items": ["greataxe"]}]))
    until(g, at("attackers"))
    g.apply(next(o for o in g.legal() if o.count("+") == 1))  # both attack
    until(g, lambda g: g.state.turn["player"] == 1)
    assert mana(g, 1) == 20 - 1 - 4
    assert on(g, "field:0", "skeleton")
