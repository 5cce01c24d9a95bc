"""Combat (003 L52-L76): ranged attacks, attackers declared at once, blockers, damage with first strike, damage
sources and armour, the attacker's split among blockers, loss of life, a player's mana, the vampire, and the
end-of-phase death check (L76) against the "as soon as" reading (L40)."""

from nb import at, game, lives, mana, one, side, until


def attack(g, *attackers):
    """Declare ``attackers`` (object ids) in the attackers phase (L58-L60)."""
    until(g, at("attackers"))
    g.apply("pick:" + "+".join(a for a in g.decision.options[-1].id[5:].split("+") if a in attackers))
    return g


def block(g, blocks):
    """The passive player's answers (L63-L65): ``{blocker: attacker}``, the others not blocking."""
    while g.decision is not None and g.decision.kind == "block":
        blocker = g.legal()[0].split(":", 1)[1]
        g.apply(f"block:{blocker}>{blocks[blocker]}" if blocker in blocks else f"none:{blocker}")
    return g


def to_next_turn(g):
    return until(g, lambda g: g.state.turn["player"] == 1)


def duel(attacker, blocker, **options):
    """Player 0's one creature ``attacker`` (a field entry) attacks, player 1's ``blocker`` blocks it, and the turn
    ends: (the game, the attacker's id, the blocker's id)."""
    g = game(side([attacker]), side([blocker]), **options)
    a = one(g, "field:0", attacker["card"])
    attack(g, a)
    b = one(g, "field:1", blocker["card"])
    block(g, {b: a})
    to_next_turn(g)
    return g, a, b


# ------------------------------------------------------------------ attackers and blockers (L58-L66)
def test_all_attackers_are_declared_at_once_and_turn():
    """L58: the active player chooses which unturned creatures attack and turns them; L60: all at once, in one
    decision of every set of them."""
    g = game(side([{"card": "skeleton"}, {"card": "ghoul"}]))
    until(g, at("attackers"))
    sk, gh = one(g, "field:0", "skeleton"), one(g, "field:0", "ghoul")
    assert sorted(g.legal()) == sorted(["pick:none", f"pick:{sk}", f"pick:{gh}", f"pick:{sk}+{gh}"])
    g.apply(f"pick:{sk}+{gh}")
    assert g.state.objects[sk]["tapped"] and g.state.objects[gh]["tapped"]


def test_only_unturned_creatures_block_and_blocking_does_not_turn_them():
    """L65: "Only an unturned creature can block; when blocking, the creature is not turned"."""
    g = game(side([{"card": "skeleton"}]), side([{"card": "ghoul"}, {"card": "lich", "tapped": True}]))
    sk = one(g, "field:0", "skeleton")
    attack(g, sk)
    ghoul = one(g, "field:1", "ghoul")
    assert g.decision.kind == "block" and sorted(g.legal()) == sorted([f"none:{ghoul}", f"block:{ghoul}>{sk}"])
    block(g, {ghoul: sk})
    assert g.decision is None or g.decision.kind != "block"  # the turned Lich is not asked
    assert not g.state.objects[ghoul]["tapped"]


def test_several_creatures_block_one_and_a_blocked_attacker_does_not_strike_the_player():
    """L65: several creatures can block one (one cannot block several: each blocker is asked once, for one
    attacker); L66: the attacker is blocked and does not strike the player."""
    g = game(side([{"card": "skeleton"}, {"card": "ghoul"}]), side([{"card": "elf_scout"}, {"card": "elf_druid"}]))
    sk, gh = one(g, "field:0", "skeleton"), one(g, "field:0", "ghoul")
    attack(g, sk, gh)
    scout, druid = one(g, "field:1", "elf_scout"), one(g, "field:1", "elf_druid")
    block(g, {scout: sk, druid: sk})
    assert g.state.vars["combat"]["blocks"] == {scout: sk, druid: sk}
    to_next_turn(g)
    assert mana(g, 1) == 19  # only the unblocked Ghoul's 1 (L74)


# ------------------------------------------------------------------ damage (L68-L76)
def test_first_strike_kills_before_the_blocker_strikes_back():
    """L68: a first striker deals damage first, and an enemy that dies of it deals none back: the death check
    runs between the two steps (nb.assume.first_strike)."""
    g, bm, sk = duel({"card": "elf_blademaster", "lives": 1}, {"card": "skeleton", "lives": 1})
    assert g.state.objects[sk]["zone"] == "grave:1" and g.state.objects[bm]["zone"] == "field:0"
    assert lives(g, bm) == 1


def test_without_the_check_between_the_steps_the_dead_strike_back():
    """nb.assume.first_strike, option first_strike_check off: all damage in one step (L68's simultaneity)."""
    g, bm, _ = duel({"card": "elf_blademaster", "lives": 1}, {"card": "skeleton", "lives": 1}, first_strike_check=False)
    assert g.state.objects[bm]["zone"] == "grave:0"


def test_blocked_and_blocker_deal_damage_simultaneously():
    """L68: without first strike both deal their damage at once: both die."""
    g, sk, gh = duel({"card": "skeleton", "lives": 1}, {"card": "ghoul", "lives": 1})
    assert g.state.objects[sk]["zone"] == "grave:0" and g.state.objects[gh]["zone"] == "grave:1"


def test_the_why_of_a_death_is_the_damage_it_took_not_what_it_did():
    """L76: a creature dies at the end of the phase of the damage summed on it. The trace's state check names as
    its causes the damage dealt to each dying creature (003 L67-L76), not the damage it dealt as a source, its
    summoning, its attack or its block; tt.why walks from the death back to that damage."""
    import tabletop as tt

    g, sk, gh = duel({"card": "skeleton", "lives": 1}, {"card": "ghoul", "lives": 5})
    records = g.trace.records
    death = next(r for r in records if r["kind"] == "event" and r["data"].get("type") == "die")
    assert death["data"]["about"] == {"card": sk} and death["rule"] == "nb.L76"
    check = death["cause"]
    because = records[check]["data"]["because"]
    about = [(records[i]["data"]["type"], records[i]["data"]["about"]) for i in because]
    assert about == [("damage", {"source": gh, "target": sk})]
    dealt = [r["i"] for r in records if r["kind"] == "event" and r["data"].get("about", {}).get("source") == sk]
    assert dealt and not set(dealt) & set(because)  # the skeleton's own blow is no cause of its death
    assert because[0] in tt.why(g.trace.graph(), death["i"]).nodes


def test_armour_is_counted_for_each_source_separately():
    """L70: each blocker's weapon is a source; L71: the armour (Chainmail, 2) is taken off each source's damage:
    3 - 2 and 3 - 2, two in all (not 6 - 2 = 4, which would kill the Knight's 4 lives)."""
    g = game(
        side([{"card": "vale_knight", "items": ["chainmail"]}]),
        side([{"card": "skeleton", "items": ["longsword"]}, {"card": "skeleton", "items": ["longsword"]}]),
    )
    knight = one(g, "field:0", "vale_knight")
    attack(g, knight)
    b1, b2 = g.state.zone("field:1")
    block(g, {b1: knight, b2: knight})
    g.apply(g.legal()[0])  # the Knight's 1 damage: to either
    to_next_turn(g)
    assert lives(g, knight) == 4 - 2


def test_the_attackers_owner_splits_its_damage_among_its_blockers():
    """L72: blocked by two or more, the attacker's owner distributes its damage any way he likes
    (nb.assume.redistribute: all of it, 0 to some allowed)."""
    g = game(
        side([{"card": "orc_axeman", "items": ["greataxe"]}]),
        side([{"card": "skeleton", "lives": 4}, {"card": "lich", "lives": 4}]),
    )
    orc = one(g, "field:0", "orc_axeman")
    attack(g, orc)
    sk, gh = one(g, "field:1", "skeleton"), one(g, "field:1", "lich")
    block(g, {sk: orc, gh: orc})
    assert g.decision.kind == "distribute" and g.decision.player == 0
    assert len(g.legal()) == 5  # 4+0, 3+1, 2+2, 1+3, 0+4
    g.apply(f"split:{sk}=4")
    to_next_turn(g)
    assert g.state.objects[sk]["zone"] == "grave:1" and lives(g, gh) == 4


def test_each_blocker_may_be_given_at_least_one_as_an_option():
    """nb.assume.redistribute, option split_zero off: each blocker gets at least one while the damage lasts."""
    g = game(
        side([{"card": "orc_axeman", "items": ["greataxe"]}]),
        side([{"card": "skeleton", "lives": 4}, {"card": "lich", "lives": 4}]),
        split_zero=False,
    )
    orc = one(g, "field:0", "orc_axeman")
    attack(g, orc)
    sk, gh = one(g, "field:1", "skeleton"), one(g, "field:1", "lich")
    block(g, {sk: orc, gh: orc})
    assert len(g.legal()) == 3


def test_an_unblocked_attacker_makes_the_player_lose_mana():
    """L74: an unblocked attacker deals all its damage to the player, who loses as much mana."""
    g = game(side([{"card": "vale_knight", "items": ["greataxe"]}]))
    attack(g, one(g, "field:0", "vale_knight"))
    to_next_turn(g)
    assert mana(g, 1) == 20 - 4


def test_a_player_with_no_mana_left_loses():
    """nb.assume.win (outside the text): a player below one mana loses; option mana_loss_loses off: he plays on."""
    for loses in (True, False):
        g = game(side([{"card": "vale_knight", "items": ["greataxe"]}]), side(mana=4), mana_loss_loses=loses)
        attack(g, one(g, "field:0", "vale_knight"))
        if loses:
            assert g.over  # at the end of the damage phase, with the deaths (nb.L76)
            assert g.result["winners"] == [0] and g.result["rule"] == "nb.assume.win"
        else:
            to_next_turn(g)
            assert mana(g, 1) == 0 and not g.over


def test_a_vampire_heals_from_damage_to_a_creature_not_to_a_player():
    """L75: "A player is not a creature": the vampire restores as much life as it deals to a creature (here 3
    to the blocker, after taking 1), but nothing for the damage it deals to a player."""
    g = game(side([{"card": "vampire_lord", "lives": 2, "items": ["longsword"]}]), side([{"card": "ghoul"}]))
    vamp = one(g, "field:0", "vampire_lord")
    attack(g, vamp)
    gh = one(g, "field:1", "ghoul")
    block(g, {gh: vamp})
    to_next_turn(g)
    assert lives(g, vamp) == 2 - 1 + 3 and g.state.objects[gh]["zone"] == "grave:1"
    g = game(side([{"card": "vampire_lord", "lives": 2, "items": ["longsword"]}]))
    vamp = one(g, "field:0", "vampire_lord")
    attack(g, vamp)
    to_next_turn(g)
    assert mana(g, 1) == 17 and lives(g, vamp) == 2


def test_the_healing_cap_option_stops_life_at_the_cost():
    """nb.assume.healing_cap: option healing_cap "cost": the vampire above stops at its cost, 4."""
    g = game(
        side([{"card": "vampire_lord", "lives": 3, "items": ["longsword"]}]),
        side([{"card": "ghoul", "lives": 3}]),
        healing_cap="cost",
    )
    vamp = one(g, "field:0", "vampire_lord")
    attack(g, vamp)
    block(g, {one(g, "field:1", "ghoul"): vamp})
    to_next_turn(g)
    assert lives(g, vamp) == 4


# ------------------------------------------------------------------ magic: loss of life and the phase's sum
def end_of_turn(p1_field, p0_hand, p1_hand, **options):
    g = game(side(hand=p0_hand + ["blessing"] * (7 - len(p0_hand))), side(p1_field, hand=p1_hand), **options)
    return until(g, at("end", "action"))


def test_loss_of_life_is_not_damage_and_armour_does_not_stop_it():
    """L73: a loss of life is not damage, so armour does not reduce it (Plate Armour 3 against 2)."""
    g = end_of_turn([{"card": "orc_axeman", "lives": 2, "items": ["plate_armour"]}], ["wither_scroll"], [])
    orc = one(g, "field:1", "orc_axeman")
    g.apply(f"cast:{one(g, 'hand:0', 'wither_scroll')}>{orc}")
    to_next_turn(g)
    assert g.state.objects[orc]["zone"] == "grave:1"


def test_armour_stops_physical_damage_and_other_damage_by_option():
    """L69: damage is physical or other (fire); nb.assume.armour: armour reduces physical damage only (option
    armour_vs_other: both). The Scroll of Fire's 2 fire damage against Chainmail 2."""
    for option, dies in ((False, True), (True, False)):
        g = end_of_turn(
            [{"card": "orc_axeman", "lives": 2, "items": ["chainmail"]}], ["fire_scroll"], [], armour_vs_other=option
        )
        orc = one(g, "field:1", "orc_axeman")
        g.apply(f"cast:{one(g, 'hand:0', 'fire_scroll')}>{orc}")
        to_next_turn(g)
        assert (g.state.objects[orc]["zone"] == "grave:1") == dies, option


def test_damage_and_healing_are_summed_over_the_phase():
    """L76: during a phase the damage and the healing of a creature are summed, and only a creature with fewer
    than one life at the phase's end dies: the Skeleton, 2 lives, takes 2 and is healed 2 in the end phase, and
    lives. Under the "as soon as" reading (L40, option death_check) it dies at once and cannot be healed."""
    g = end_of_turn([{"card": "skeleton", "lives": 2}], ["fire_scroll"], ["healing_potion"] + ["blessing"] * 6)
    ghoul = one(g, "field:1", "skeleton")
    g.apply(f"cast:{one(g, 'hand:0', 'fire_scroll')}>{ghoul}")
    assert g.state.objects[ghoul]["zone"] == "field:1" and lives(g, ghoul) == 2
    assert g.decision.player == 1
    g.apply(f"cast:{one(g, 'hand:1', 'healing_potion')}>{ghoul}")
    to_next_turn(g)
    assert g.state.objects[ghoul]["zone"] == "field:1" and lives(g, ghoul) == 2

    g = end_of_turn(
        [{"card": "skeleton", "lives": 2}],
        ["fire_scroll"],
        ["healing_potion"] + ["blessing"] * 6,
        death_check="as_soon_as",
    )
    ghoul = one(g, "field:1", "skeleton")
    g.apply(f"cast:{one(g, 'hand:0', 'fire_scroll')}>{ghoul}")
    assert g.state.objects[ghoul]["zone"] == "grave:1"
    assert not any(o.startswith("cast:") and ghoul in o for o in g.legal())


# ------------------------------------------------------------------ the ranged phase (L52-L55)
def test_a_ranged_attack_hits_a_creature_is_not_blocked_and_its_dead_leave_before_the_attack():
    """L53: a ranged attack is not blocked and its target is a creature; L54-L55: it has its own damage phase,
    so the target dead of it is gone before the attack phase; the shooter is turned (L58) and attacks no more."""
    g = game(side([{"card": "elf_archer", "items": ["longbow"]}, {"card": "skeleton"}]), side([{"card": "ghoul"}]))
    archer, skel = one(g, "field:0", "elf_archer"), one(g, "field:0", "skeleton")
    ghoul = one(g, "field:1", "ghoul")
    until(g, at("ranged"))
    assert sorted(g.legal()) == sorted([f"shoot:{archer}>{ghoul}", "done"])
    g.apply(f"shoot:{archer}>{ghoul}")
    assert g.state.objects[archer]["tapped"]
    until(g, at("attackers"))
    assert g.state.objects[ghoul]["zone"] == "grave:1"
    assert sorted(g.legal()) == sorted(["pick:none", f"pick:{skel}"])


def test_a_thrown_weapon_stays_or_goes_by_option():
    """nb.assume.ranged: a throwing weapon stays on the creature (option thrown_weapon: it goes to the grave)."""
    for option, zone in (("stays", "gear:0"), ("graveyard", "grave:0")):
        g = game(side([{"card": "skeleton", "items": ["hand_axe"]}]), side([{"card": "ghoul"}]), thrown_weapon=option)
        until(g, at("ranged"))
        g.apply(g.legal()[0])
        until(g, at("end"))
        assert g.state.objects[one(g, zone, "hand_axe")]["zone"] == zone


def test_a_blocker_may_turn_afterwards_for_its_ability():
    """L65: "you can block with an unturned creature, then turn it and use its activated abilities": the Elven
    Druid blocks, then at the end of the turn (L78) turns to restore 2 lives to itself."""
    g = game(side([{"card": "skeleton"}]), side([{"card": "elf_druid"}]))
    sk = one(g, "field:0", "skeleton")
    attack(g, sk)
    druid = one(g, "field:1", "elf_druid")
    block(g, {druid: sk})
    until(g, lambda g: g.state.turn.get("sub") == "end" and g.decision.player == 1)
    g.apply(f"use:{druid}>{druid}")
    assert g.state.objects[druid]["tapped"]
    to_next_turn(g)
    assert lives(g, druid) == 2 - 1 + 2
