"""Equipment (003 L44-L50): allowed types, one item of each type, shields, actions, the equipment phase only,
removal by turning the creature, cursed items, items back to hand when the creature dies."""

from nb import at, game, one, side, until


def equip_phase(field, hand, **options):
    g = game(side(field, hand=hand + ["blessing"] * (7 - len(hand))), **options)
    return until(g, at("equipment"))


def test_a_creature_uses_only_the_types_its_card_names():
    """L45: "Each creature can use only certain types of weapons and armour" (the Archer: daggers and ranged
    weapons; robes, light armour, amulets)."""
    g = equip_phase([{"card": "elf_archer"}], ["longsword", "steel_dagger"])
    archer = one(g, "field:0", "elf_archer")
    sword, dagger = one(g, "hand:0", "longsword"), one(g, "hand:0", "steel_dagger")
    assert f"equip:{dagger}>{archer}" in g.legal() and f"equip:{sword}>{archer}" not in g.legal()
    assert [e["rule"] for e in g.why_not(sword)] == ["nb.equip_types"]


def test_one_item_of_each_type_but_a_shield_and_an_amulet_beside_the_armour():
    """L46: one armour, one amulet, one weapon; the shield may be worn with another armour."""
    g = equip_phase(
        [{"card": "vale_knight", "items": ["longsword", "chainmail"]}], ["greataxe", "plate_armour", "buckler"]
    )
    knight = one(g, "field:0", "vale_knight")
    axe, plate, buckler = (one(g, "hand:0", c) for c in ("greataxe", "plate_armour", "buckler"))
    legal = g.legal()
    assert f"equip:{buckler}>{knight}" in legal
    assert f"equip:{axe}>{knight}" not in legal and f"equip:{plate}>{knight}" not in legal
    assert {e["rule"] for e in g.why_not(axe) + g.why_not(plate)} == {"nb.one_per_type"}


def test_no_shield_with_a_two_handed_or_ranged_weapon():
    """L46: "A shield cannot be used together with two-handed or ranged weapons", either way round."""
    g = equip_phase([{"card": "vale_knight", "items": ["greataxe"]}], ["buckler"])
    assert [e["rule"] for e in g.why_not(one(g, "hand:0", "buckler"))] == ["nb.shield"]
    g = equip_phase([{"card": "vale_knight", "items": ["buckler"]}], ["greataxe", "longsword"])
    knight, axe, sword = one(g, "field:0", "vale_knight"), one(g, "hand:0", "greataxe"), one(g, "hand:0", "longsword")
    assert f"equip:{sword}>{knight}" in g.legal() and f"equip:{axe}>{knight}" not in g.legal()
    assert [e["rule"] for e in g.why_not(axe)] == ["nb.shield"]


def test_equipping_spends_the_items_actions_and_puts_it_on_the_creature():
    """L44: equipping costs "a certain number of actions" (printed on the item, nb.assume.actions); L47: the
    item lies on the creature, which becomes its owner."""
    g = equip_phase([{"card": "vale_knight"}], ["greataxe", "plate_armour"])
    knight, axe, plate = (
        one(g, "field:0", "vale_knight"),
        one(g, "hand:0", "greataxe"),
        one(g, "hand:0", "plate_armour"),
    )
    g.apply(f"equip:{axe}>{knight}")
    assert g.state.objects[axe]["zone"] == "gear:0" and g.state.objects[axe]["on"] == knight
    assert g.state.players[0]["actions"] == 1
    assert f"equip:{plate}>{knight}" not in g.legal()  # 3 actions, 1 left
    assert [e["rule"] for e in g.why_not(plate)] == ["nb.equip"]


def test_equipping_happens_only_in_the_equipment_phase():
    """L47: "Any equipping happens only in the equipment phase" (not in the summoning phase, nor at the end)."""
    g = game(side([{"card": "vale_knight"}], hand=["longsword"] + ["blessing"] * 6, summoning=[{"card": "ghoul"}] * 5))
    sword = one(g, "hand:0", "longsword")
    assert g.state.turn["sub"] == "summoning" and not any(o.startswith("equip:") for o in g.legal())
    assert [e["rule"] for e in g.why_not(sword)] == ["nb.equip_phase"]


def test_removing_items_turns_the_creature_once_and_they_go_to_hand():
    """L49: to remove an item the player turns the creature, then takes any number of its items; L48: they go
    back to his hand."""
    g = equip_phase([{"card": "vale_knight", "items": ["longsword", "chainmail"]}], [])
    knight = one(g, "field:0", "vale_knight")
    sword, mail = one(g, "gear:0", "longsword"), one(g, "gear:0", "chainmail")
    g.apply(f"remove:{sword}")
    assert g.state.objects[knight]["tapped"] and g.state.objects[sword]["zone"] == "hand:0"
    g.apply(f"remove:{mail}")  # the creature is turned already: it may shed more
    assert g.state.objects[mail]["zone"] == "hand:0"
    g.apply("done")  # L59: turned, it is used this turn: no attack is offered, the next decision is the end's
    assert g.state.turn["sub"] == "end"


def test_a_cursed_item_never_comes_off():
    """L50: "Cursed items cannot be removed"; the other item of the same creature can be."""
    g = equip_phase([{"card": "orc_axeman", "items": ["cursed_blade", "chainmail"]}], [])
    removable = [o for o in g.legal() if o.startswith("remove:")]
    assert removable == [f"remove:{one(g, 'gear:0', 'chainmail')}"]


def test_when_a_creature_dies_its_items_return_to_hand_cursed_ones_too():
    """L48: "When a creature dies, all equipped items return to the player's hand"; L50: cursed items come off
    only when the creature dies."""
    g = game(
        side(hand=["fire_scroll"] + ["blessing"] * 6),
        side([{"card": "orc_axeman", "lives": 2, "items": ["cursed_blade", "chainmail"]}]),
    )
    until(g, at("end", "action"))
    orc = one(g, "field:1", "orc_axeman")
    g.apply(f"cast:{one(g, 'hand:0', 'fire_scroll')}>{orc}")  # 2 fire damage: armour does not stop it
    until(g, lambda g: g.state.turn["player"] == 1)
    assert g.state.objects[orc]["zone"] == "grave:1"
    assert {"cursed_blade", "chainmail"} <= {g.state.objects[o]["card"] for o in g.state.zone("hand:1")}
    assert g.state.zone("gear:1") == ()
