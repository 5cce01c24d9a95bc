"""The assumptions of the digest's section 11 (003): each one the rulebook makes is a rule of its own, marked as
an assumption, and where another reading changes outcomes the option switches it; the others say why not."""

import pytest
from nb import RB, at, game, lives, one, side, until

SECTION_11 = [
    "nb.assume.deck_out",  # 1
    "nb.assume.death",  # 2
    "nb.assume.loss_summed",  # 2
    "nb.assume.first_strike",  # 3
    "nb.assume.armour",  # 4
    "nb.assume.redistribute",  # 5
    "nb.assume.blocker_source",  # 6
    "nb.assume.mana_source",  # 7
    "nb.assume.starting_mana",  # 7
    "nb.assume.actions",  # 8
    "nb.assume.readiness",  # 9
    "nb.assume.two_weapons",  # 10
    "nb.assume.ranged",  # 11
    "nb.assume.blocker_gone",  # 12
    "nb.assume.magic",  # 13
    "nb.assume.healing_cap",  # 14
    "nb.assume.items_hand",  # 15
    "nb.assume.battlefield",  # 16
    "nb.assume.creature_cards",  # 17
    "nb.assume.win",  # 18
]


def test_every_ambiguity_of_section_11_is_an_assumption_with_an_option_or_a_reason():
    assumptions = {r.id: r for r in RB.rules.assumptions()}
    for rid in SECTION_11:
        rule = assumptions[rid]
        assert rule.source == "003_d48e1762333e061a.txt" and rule.lines, rid
        assert bool(rule.option) != bool(rule.fixed), rid
        for name in rule.switched_by:
            assert name in RB.options and RB.options[name].rule == rid, (rid, name)


def test_starting_life_and_first_player_are_marked_outside_the_text():
    for rid in ("nb.assume.starting_mana", "nb.assume.first_player", "nb.assume.win", "nb.assume.cards"):
        assert RB.rules[rid].outside_text, rid


def test_every_option_cites_a_rule_of_the_table_but_the_layout():
    """Every option is a reading of a rule; layout (a ready position, like a scenario) is none."""
    assert [n for n, spec in RB.options.items() if spec.rule not in RB.rules] == ["layout"]
    assert RB.options["layout"].rule is None


def test_loss_of_life_outside_the_sum_kills_at_once():
    """nb.assume.loss_summed (L73, L76): summed, a loss of 2 and a healing of 2 in one phase leave the creature
    alive; with option loss_summed off the loss kills at once (L40) and the healing comes too late."""
    for summed, survives in ((True, True), (False, False)):
        g = game(
            side(hand=["wither_scroll"] + ["blessing"] * 6),
            side([{"card": "skeleton", "lives": 2}], hand=["healing_potion"] + ["blessing"] * 6),
            loss_summed=summed,
        )
        until(g, at("end", "action"))
        sk = one(g, "field:1", "skeleton")
        g.apply(f"cast:{one(g, 'hand:0', 'wither_scroll')}>{sk}")
        heal = f"cast:{one(g, 'hand:1', 'healing_potion')}>{sk}"
        assert (heal in g.legal()) == survives, summed
        if survives:
            g.apply(heal)
        until(g, lambda g: g.state.turn["player"] == 1)
        assert (g.state.objects[sk]["zone"] == "field:1") == survives, summed


def test_an_amulets_armour_counts_by_option():
    """nb.assume.armour (L21: amulets count as armour; L71): the Amulet of Warding's 1 stops an unarmed 1."""
    for counts, left in ((True, 2), (False, 1)):
        g = game(
            side([{"card": "skeleton"}]),
            side([{"card": "lich", "lives": 2, "items": ["warding_amulet"]}]),
            amulet_armour=counts,
        )
        until(g, at("attackers"))
        sk, lich = one(g, "field:0", "skeleton"), one(g, "field:1", "lich")
        g.apply(f"pick:{sk}")
        g.apply(f"block:{lich}>{sk}")
        until(g, lambda g: g.state.turn["player"] == 1)
        assert lives(g, lich) == left, counts


def test_combat_readiness_and_activated_abilities_by_option():
    """nb.assume.readiness (L41): readiness lets a just-summoned creature attack, not use its ability (option
    readiness_abilities: both). The Bone Shaman, summoned this turn, at the end of the turn."""
    for option in (False, True):
        g = game(
            side([{"card": "skeleton", "lives": 1}], summoning=[{"card": "bone_shaman", "mana": 1}] * 5),
            readiness_abilities=option,
        )
        shaman = g.state.zone("summoning:0")[0]
        g.apply(f"mana:{shaman}")
        until(g, at("end"))
        uses = [o for o in g.legal() if o.startswith(f"use:{shaman}")] if g.decision.player == 0 else []
        assert bool(uses) == option, option


def test_the_first_player_is_an_option():
    """nb.assume.first_player (outside the text): player 0 starts, or player 1 with option first_player."""
    assert RB.new_game(seed=0).state.turn["player"] == 0
    assert RB.new_game(seed=0, first_player=1).state.turn["player"] == 1


def test_the_two_decks_are_legal_by_l32_and_chosen_by_option():
    """nb.decks (L32): a creature deck of 16, a main deck of 40; nb.assume.cards: option deck0, deck1."""
    for name, deck in RB.cards.decks.items():
        assert len(deck["creatures"]) == 16 and len(deck["main"]) == 40, name
        assert {RB.cards[c]["type"] for c in deck["creatures"]} == {"creature"}
        assert "creature" not in {RB.cards[c]["type"] for c in deck["main"]}
    g = RB.new_game(seed=0, deck0="crypt")
    assert {RB.cards[g.state.objects[o]["card"]]["race"] for o in g.state.zone("summoning:0")} <= {"undead", "orc"}


def test_every_card_is_marked_invented():
    assert all(card["invented"] for card in RB.cards.values())


def test_a_bad_layout_names_the_side_the_place_and_the_card():
    from tabletop.core import RulebookOptionError

    with pytest.raises(RulebookOptionError, match=r"side 1, field\[0\]: 'dragon' is not a card id"):
        RB.new_game(layout={"1": {"field": [{"card": "dragon"}]}})
    with pytest.raises(RulebookOptionError, match=r"side 0, hand: Ghoul \(ghoul\) is a creature"):
        RB.new_game(layout={"0": {"hand": ["ghoul"]}})
