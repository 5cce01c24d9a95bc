"""Actions, items, ranged strikes, saves and Feats (004 L71-L113/L241-L283), each test citing both copies."""

from wl import COVENANT, FIRST, HORDE, A, at, drive, game, one, side


def orders(g, player=0):
    return drive(g, [], [*FIRST, "1"], at("order", player))


def last(g, n=1):
    return [r["summary"] for r in g.trace][-n:]


def test_a_ranged_strike_adds_only_its_ranged_bonus_and_is_one_strike():
    """L94-L95/L264-L265: d20 plus the number before "Ranged Strike"; no item or ATK bonus; one strike."""
    vet = {"card": "crossbow_veteran", "items": ["chain_mail"]}
    g = orders(game(side([["shieldbearer"], [vet], ["thane_brannoc"]]), side(HORDE)))
    brute = one(g, 1, "ash_brute")
    g.apply(f"shoot:{one(g, 0, 'crossbow_veteran')}>{brute}")
    assert last(g)[0].endswith("d20 +5 against AC 15") and g.decision.kind == "roll"
    g.apply("hit")
    assert g.state.objects[brute]["wounds"] == 1 and g.decision.kind == "order" and g.decision.player == 1


def test_a_magic_save_cancels_a_spell_and_a_failed_one_takes_its_wound():
    """L102-L103/L272-L273: d20 + skill against the DC; a successful magic save cancels the spell (Smite, DC 14)."""
    for outcome, wounds in (("hit", 0), ("miss", 1), ("nat20", 0), ("nat1", 1)):
        g = orders(game(side(COVENANT, ["smite"]), side([["ash_brute", "ash_raider"], ["gorvash"]])))
        brute = one(g, 1, "ash_brute")
        g.apply(next(o for o in g.legal() if o.startswith("play:") and o.endswith(f">{brute}")))
        assert last(g)[0] == f"Ash Brute ({brute}) rolls d20 +0 against DC 14"
        g.apply(outcome)
        assert g.state.objects[brute]["wounds"] == wounds


def test_a_feat_is_a_skill_check_at_dc_twenty():
    """L113/L283: the character makes a skill check at DC 20 with its skill; on success the Feat goes off."""
    g = orders(game(side(COVENANT), side(HORDE)))
    priest = one(g, 0, "forge_priest")  # skill 6: 14 or more succeeds
    g.apply(f"use:{priest}")
    assert A.state_of(g, priest) == "spent"  # "Spend:" (L84/L254)
    ways = {o["id"]: o["ways"] for o in g.state.decision["options"]}
    assert ways == {"nat1": 1, "miss": 12, "hit": 6, "nat20": 1}
    hand = len(g.state.zone("hand:0"))
    g.apply("hit")
    g = drive(g, [], [], at("order"))
    assert len(g.state.zone("hand:0")) == hand + 1


def test_a_stunned_character_performs_no_action_and_takes_no_item():
    """L44/L208: no actions played on or from a stunned card, and no items given to it."""
    army = [
        ["shieldbearer", "hammerman"],
        [{"card": "forge_priest", "state": "stunned"}, "crossbow_veteran"],
        ["thane_brannoc"],
    ]
    g = orders(game(side(army, ["smite", "chain_mail"]), side(HORDE)))
    priest = one(g, 0, "forge_priest")
    assert A.state_of(g, priest) == "spent"  # the Ready Phase turned it to spent (L59/L223)
    g2 = game(side(army, ["smite", "chain_mail"]), side(HORDE))
    g2 = drive(g2, [], [], at("roll"))
    g2.table.state.update(one(g2, 0, "forge_priest"), state="stunned")
    g2 = drive(g2, [], [*FIRST], at("order", 0))
    p2 = one(g2, 0, "forge_priest")
    assert not any(p2 in o for o in g2.legal() if o.startswith(("play:", "equip:", "use:")))


def test_an_item_with_a_trait_already_held_replaces_the_old_one_but_a_treasure_does_not():
    """L82/L252: a second Weapon sends the first to the discard pile; Unique and Treasure items do not; L82: level
    plus rank at least the item's level; an ATK bonus counts for every strike."""
    g = orders(game(side(COVENANT, ["longsword", "war_axe", "ether_charm"]), side(HORDE)))
    hammer = one(g, 0, "hammerman")  # level 1 in rank 1: 2, enough for the Longsword (2), not the War Axe (3)
    assert f"equip:{one(g, 0, 'longsword')}>{hammer}" in g.legal()
    assert f"equip:{one(g, 0, 'war_axe')}>{hammer}" not in g.legal()
    champ_army = [["iron_champion", "hammerman"], ["forge_priest"], ["thane_brannoc"]]
    g = orders(game(side(champ_army, ["longsword", "war_axe", "ether_charm"]), side(HORDE)))
    champ = one(g, 0, "iron_champion")
    sword, axe, charm = one(g, 0, "longsword"), one(g, 0, "war_axe"), one(g, 0, "ether_charm")
    g.apply(f"equip:{sword}>{champ}")
    assert [A.atk(g, champ, i) for i in range(2)] == [9, 7]
    g = drive(g, [], [], at("order", 0))
    g.apply(f"equip:{axe}>{champ}")
    assert A.items_of(g, champ) == [axe] and g.state.objects[sword]["zone"] == "discard:0"
    g = drive(g, [], [], at("order", 0))
    g.apply(f"equip:{charm}>{champ}")
    assert A.items_of(g, champ) == [axe, charm] and A.energy(g, champ) == "ethereal"


def test_becomes_atk_ignores_items_and_plus_atk_adds_to_every_strike():
    """L100/L270: "+# ATK" adds to the current bonus; "becomes +# ATK" is the new ATK and other changes are ignored."""
    army = [[{"card": "gorvash", "items": ["longsword"]}]]
    g = orders(game(side(army, ["battle_cry", "berserk_rage"]), side(COVENANT)))
    gorvash = one(g, 0, "gorvash")
    assert [A.atk(g, gorvash, i) for i in range(3)] == [9, 9, 6]
    g.apply(next(o for o in g.legal() if o.startswith(f"play:{one(g, 0, 'battle_cry')}")))
    assert [A.atk(g, gorvash, i) for i in range(3)] == [11, 11, 8]
    g = drive(g, [], [], at("order", 0))
    g.apply(next(o for o in g.legal() if o.startswith(f"play:{one(g, 0, 'berserk_rage')}")))
    assert A.atk(g, gorvash, 0) == 12 and A.strikes(g, gorvash) == 1
    g = drive(g, [], [], at("order", 0))
    g.apply("pass")  # player 1 passed before: both in succession, the turn ends and the bonuses with it
    assert A.atk(g, gorvash, 0) == 9 and A.strikes(g, gorvash) == 3


def test_a_search_takes_a_character_from_the_deck_and_shows_it():
    """L108/L278: search the deck for a card, take it, shuffle; a card of a type asked for is shown."""
    veil = [["glade_scout", "mist_dancer", "veil_apprentice"], ["starbow_archer", "astral_warden"], ["lady_ysmere"]]
    deck = {"moonblade": 1, "chain_mail": 10}
    g = orders(game(side(veil, ["call_to_arms"], deck=deck), side(HORDE)))
    g.apply(next(o for o in g.legal() if o.startswith("play:")))
    assert g.decision.kind == "search" and g.legal() == ["moonblade"]
    g.apply("moonblade")
    assert "player 0 shows Moonblade, takes it and shuffles the deck" in last(g, 3)
    assert any(g.state.objects[o]["card"] == "moonblade" for o in g.state.zone("hand:0"))


def test_an_attack_granted_by_an_action_is_one_strike_without_spending():
    """L100/L270: an action's attack is made once, even by a character with several strikes
    (wl.assume.granted_attack: no spend)."""
    g = orders(game(side([["gorvash"]], ["charge"]), side(COVENANT)))
    gorvash = one(g, 0, "gorvash")
    g.apply(next(o for o in g.legal() if o.startswith("play:")))
    assert g.decision.kind == "strike" and "stop" not in g.legal() and A.is_ready(g, gorvash)
    g.apply(g.legal()[0])
    g.apply("miss")
    assert g.decision.kind == "order" and g.decision.player == 1


def test_a_warlord_made_astral_and_ethereal_dies_and_its_player_leaves_the_game():
    """L111/L281: Astral and Ethereal at once kill instantly; L5/L154: the player whose Warlord is killed leaves,
    and the last player left wins."""
    g = orders(game(side([["lady_ysmere"]], ["ether_charm"]), side(HORDE)))
    g.apply(next(o for o in g.legal() if o.startswith("equip:")))
    assert g.over and g.result["winners"] == [1] and g.result["rule"] == "wl.victory"
