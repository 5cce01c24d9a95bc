"""The boons and conditions exactly as 000_7fc8e0fd1bcbc422.txt writes them (L132-L141), their stacking and their
ends, each under the readings of the digest's section 11; conditions after the damage (L121, L138); Taunt
(L144); attacks a turn; counter-damage (L120)."""

import pytest
from gw2 import attack, end_turn, game, hero, minion, statuses, table, wounds


def duel(mine, theirs, **options):
    """Player 0's ``mine`` (a minion of the layout) against player 1's ``theirs``; returns game, a, b."""
    g = game({"table": [mine], "deck": {"rytlock": 5}}, {"table": [theirs], "deck": {"rytlock": 5}}, **options)
    return g, table(g, 0)[0], table(g, 1)[0]


# ------------------------------------------------------------------ Aegis (L133)
def test_aegis_blocks_the_next_attack_and_several_stacks_block_several():
    """L133: "Blocks the next attack; if you have several stacks, you block several attacks"."""
    g, a, b = duel(minion("centaur_spearman"), minion("charr_legionnaire", Aegis=2), attacks_per_turn=3)
    attack(g, a, b)
    assert wounds(g, b) == 0 and statuses(g, b) == {"Aegis": 1}
    assert wounds(g, a) == 0  # a blocked attack takes no counter-damage (gw2.assume.blocked)
    attack(g, a, b)
    assert wounds(g, b) == 0 and statuses(g, b) == {}
    attack(g, a, b)
    assert wounds(g, b) == 3


def test_a_blocked_attack_applies_no_condition():
    g, a, b = duel(minion("hylek_archer"), minion("charr_legionnaire", Aegis=1))
    attack(g, a, b)
    assert statuses(g, b) == {}


# ------------------------------------------------------------------ Might (L134)
def test_might_adds_one_damage_a_stack_and_explain_shows_it():
    """L134: "For each stack of this boon — +1 to damage"."""
    g, a, b = duel(minion("dredge_miner", Might=3), minion("logan"))
    assert g.value(a, "damage") == 5
    steps = g.explain(a, "damage").steps
    assert [(s.op, s.amount, s.source) for s in steps] == [("base", 2, a), ("add", 3, "Might x3")]
    attack(g, a, b)
    assert wounds(g, b) == 5


def test_might_stacks_up_to_its_limit_and_lasts_or_ends_with_the_turn():
    g, a, _ = duel(minion("moa", Might=30), minion("logan"))
    assert statuses(g, a) == {"Might": 25}  # gw2.assume.limits
    end_turn(g)
    assert statuses(g, a) == {"Might": 25}  # gw2.assume.durations: it lasts
    g, a, _ = duel(minion("moa", Might=3), minion("logan"), might_lasts="turn")
    end_turn(g)
    assert statuses(g, a) == {}


# ------------------------------------------------------------------ Protection (L135)
def test_protection_halves_incoming_damage_and_one_unit_equals_zero():
    """L135: "You take half of incoming damage ... ! 1 unit of damage is equal to 0"."""
    g, a, b = duel(minion("centaur_spearman"), minion("logan", Protection=1))
    attack(g, a, b)
    assert wounds(g, b) == 1  # 3 / 2 rounds down
    g, a, b = duel(minion("moa"), minion("logan", Protection=1))
    attack(g, a, b)
    assert wounds(g, b) == 0  # 1 / 2 is 0


def test_protection_does_not_stack_and_is_removed_when_damage_is_received():
    """L135: "This boon does not stack and is removed if damage is received"."""
    g, a, b = duel(minion("centaur_spearman"), minion("logan", Protection=2))
    assert statuses(g, b) == {"Protection": 1}
    attack(g, a, b)
    assert wounds(g, b) == 1 and statuses(g, b) == {}
    g = game({"hand": ["shelter"], "table": [minion("moa", Protection=1)], "deck": {"rytlock": 5}})
    a = table(g, 0)[0]
    g.apply(f"play:{g.state.zone('hand:0')[0]}>{a}")
    assert statuses(g, a) == {"Protection": 1}  # a second Protection is not gained


@pytest.mark.parametrize("zero_removes, left", [(False, {"Protection": 1}), (True, {})])
def test_a_hit_halved_to_zero_removes_protection_only_under_the_option(zero_removes, left):
    """gw2.assume.protection: "removed if damage is received" (L135); 1 halved is 0 damage."""
    g, a, b = duel(minion("moa"), minion("logan", Protection=1), zero_removes_protection=zero_removes)
    attack(g, a, b)
    assert wounds(g, b) == 0 and statuses(g, b) == left


def test_counter_damage_removes_protection_of_the_attacker():
    g, a, b = duel(minion("charr_legionnaire", Protection=1), minion("centaur_spearman"))
    attack(g, a, b)
    assert wounds(g, a) == 1 and statuses(g, a) == {}  # the counter's 3 halved, then it is gone


# ------------------------------------------------------------------ Vulnerability (L139)
def test_vulnerability_doubles_until_the_next_attack_that_gets_through_and_does_not_stack():
    """L139: "The victim takes double damage. Lasts only until the next attack that gets through to you, then
    this condition is removed. Does not stack"."""
    g, a, b = duel(minion("moa"), minion("logan", Vulnerability=2), attacks_per_turn=2, counter="none")
    assert statuses(g, b) == {"Vulnerability": 1}
    attack(g, a, b)
    assert wounds(g, b) == 2 and statuses(g, b) == {}
    attack(g, a, b)
    assert wounds(g, b) == 3


@pytest.mark.parametrize("condition", ["Vulnerability", "Weakness"])
def test_an_attack_that_applies_the_condition_its_target_has_leaves_it_a_fresh_one(condition):
    """L138: a condition is applied "only after the damage" of the card that applies it; L139/L140: the one the
    target had lasts "only until the next attack that gets through, then it is removed". So that attack
    removes the old one with its damage and then applies the new one, which lasts until the next attack."""
    archer = "hylek_archer" if condition == "Vulnerability" else "krait_hunter"
    g, a, b = duel(minion(archer), minion("logan", **{condition: 1}), attacks_per_turn=2, counter="none")
    attack(g, a, b)
    assert statuses(g, b) == {condition: 1}
    attack(g, a, b)  # the next attack that gets through ends it, and (after its damage) applies it again
    assert statuses(g, b) == {condition: 1}


@pytest.mark.parametrize("through, left", [(False, {"Vulnerability": 1}), (True, {})])
def test_an_attack_aegis_blocks_clears_vulnerability_only_under_the_option(through, left):
    """gw2.assume.blocked: does a blocked attack (L133) 'get through' (L139)?"""
    g, a, b = duel(minion("moa"), minion("logan", Aegis=1, Vulnerability=1), blocked_gets_through=through)
    attack(g, a, b)
    assert wounds(g, b) == 0 and statuses(g, b) == left


def test_counter_damage_is_doubled_by_vulnerability_but_does_not_clear_it():
    g, a, b = duel(minion("charr_legionnaire", Vulnerability=1), minion("centaur_spearman"))
    attack(g, a, b)
    assert wounds(g, a) == 6 and statuses(g, a) == {"Vulnerability": 1}  # gw2.assume.counter


# ------------------------------------------------------------------ Weakness (L140)
def test_weakness_halves_the_holders_damage_until_an_attack_gets_through_to_it():
    """L140: "You deal half damage. Lasts only until the next attack that gets through to you"; as written."""
    g, a, b = duel(minion("asura_golem", Weakness=1), minion("logan"))
    attack(g, a, b)
    assert wounds(g, b) == 1 and statuses(g, a) == {"Weakness": 1}  # its own attack does not end it
    assert wounds(g, a) == 6  # Logan's counter-damage is not an attack: Weakness stays
    g, a, b = duel(minion("asura_golem", Weakness=1), minion("logan"))
    end_turn(g)
    attack(g, b, a)  # an attack gets through to the weakened card
    assert wounds(g, a) == 6 and statuses(g, a) == {}


def test_weakness_ends_at_the_holders_own_attack_under_the_option():
    """gw2.assume.weakness: option weakness_ends "own_attack"."""
    g, a, b = duel(
        minion("centaur_spearman", Weakness=1),
        minion("logan"),
        weakness_ends="own_attack",
        attacks_per_turn=2,
        counter="none",
    )
    attack(g, a, b)
    assert wounds(g, b) == 1 and statuses(g, a) == {}
    attack(g, a, b)
    assert wounds(g, b) == 4


def test_weakness_and_vulnerability_do_not_stack():
    g, a, _ = duel(minion("moa", Weakness=2), minion("logan", Vulnerability=3))
    assert statuses(g, a) == {"Weakness": 1} and statuses(g, table(g, 1)[0]) == {"Vulnerability": 1}


# ------------------------------------------------------------------ Blind (L141)
def test_blind_cannot_attack_for_one_turn_and_stacks_count_down_one_a_turn():
    """L141: "Any card that has received blindness cannot attack for one turn. Blindness stacks, i.e. a card can
    skip several turns" (gw2.assume.blind: the holder's player's turns)."""
    g, _a, b = duel(minion("moa"), minion("eir", Blind=2))
    end_turn(g)  # player 0's turn ends: not the holder's
    assert statuses(g, b) == {"Blind": 2}
    assert not [o for o in g.legal() if o.startswith(f"attack:{b}")]
    assert any(e["rule"] == "gw2.blind" for e in g.why_not())
    end_turn(g)
    assert statuses(g, b) == {"Blind": 1}
    end_turn(g)
    assert statuses(g, b) == {"Blind": 1} and not [o for o in g.legal() if o.startswith(f"attack:{b}")]
    end_turn(g)
    assert statuses(g, b) == {}
    end_turn(g)
    assert f"attack:{b}>{hero(g, 0)}" in g.legal()


def test_blind_from_an_attack_takes_the_holders_next_turn():
    """L141 with L121: a Sylvari Warden blinds the card it attacks; that card cannot attack on its next turn."""
    g, a, b = duel(minion("sylvari_warden"), minion("logan"))
    attack(g, a, b)
    assert statuses(g, b) == {"Blind": 1}
    end_turn(g)
    assert not [o for o in g.legal() if o.startswith(f"attack:{b}")]
    end_turn(g)
    assert statuses(g, b) == {}


def test_blind_counting_every_turn_under_the_option():
    """gw2.assume.blind: option blind_countdown "every_turn"."""
    g, a, b = duel(minion("sylvari_warden"), minion("logan"), blind_countdown="every_turn")
    attack(g, a, b)
    end_turn(g)  # the turn it was gained in does not count
    assert statuses(g, b) == {"Blind": 1}
    end_turn(g)
    assert statuses(g, b) == {}
    g, a, b = duel(minion("sylvari_warden"), minion("logan", Blind=2), blind_countdown="every_turn")
    end_turn(g)
    end_turn(g)
    assert statuses(g, b) == {"Blind": 1}  # (gained in turn 1, which does not count)
    end_turn(g)
    assert statuses(g, b) == {}  # a stack a turn


# ------------------------------------------------------------------ conditions after damage (L121, L138)
def test_a_condition_is_applied_after_the_damage_of_the_attack_that_applies_it():
    """L121: "Any conditions applied by a card's attack are applied after the damage is dealt, not before";
    L138 again: so the Hylek Archer's Vulnerability does not double its own hit."""
    g, a, b = duel(minion("hylek_archer"), minion("logan"))
    attack(g, a, b)
    assert wounds(g, b) == 1 and statuses(g, b) == {"Vulnerability": 1}
    kinds = [r["data"].get("type") for r in g.trace.of_kind("event") if r["data"].get("type")]
    assert kinds.index("wound") < kinds.index("gain_status")


def test_a_skill_strike_applies_its_condition_after_its_damage():
    """L121 for a skill's attack: Mark of Blood deals 2, then Vulnerability."""
    g = game(
        {"hand": ["mark_of_blood"], "turns": 3, "deck": {"rytlock": 5}},
        {"table": [minion("logan")]},
        deck0="necromancer",
        deck1="guardian",
    )
    b = table(g, 1)[0]
    mark = g.state.zone("hand:0")[0]
    g.apply(f"play:{mark}>{b}")
    assert wounds(g, b) == 2 and statuses(g, b) == {"Vulnerability": 1}


def test_no_condition_lands_on_a_card_the_damage_killed():
    g, a, b = duel(minion("inquest_sniper"), minion("moa"))
    attack(g, a, b)
    assert g.state.objects[b]["zone"] == "discard:1" and statuses(g, b) == {}


# ------------------------------------------------------------------ Taunt (L144), attacks a turn, counter (L120)
def test_a_taunt_card_must_be_attacked_first():
    """L144: "the card MUST be attacked until it is defeated or the taunt is removed"."""
    g = game({"table": [minion("moa")]}, {"table": [minion("skale"), minion("charr_legionnaire")]})
    a = table(g, 0)[0]
    charr = table(g, 1, "charr_legionnaire")[0]
    assert [o for o in g.legal() if o.startswith("attack:")] == [f"attack:{a}>{charr}"]


@pytest.mark.parametrize("rule, count", [("any", 2), ("oldest", 1)])
def test_several_taunts(rule, count):
    """gw2.assume.taunts: any of several Taunts, or the one summoned first."""
    g = game({"table": [minion("moa")]}, {"table": [minion("asura_golem"), minion("charr_legionnaire")]}, taunts=rule)
    attacks = [o for o in g.legal() if o.startswith("attack:")]
    assert len(attacks) == count and attacks[0].endswith(table(g, 1, "asura_golem")[0])


def test_once_the_taunt_card_is_defeated_anything_may_be_attacked():
    g = game({"table": [minion("centaur_spearman"), minion("moa")]}, {"table": [minion("charr_legionnaire", wounds=4)]})
    c, m = table(g, 0)
    attack(g, c, table(g, 1)[0])
    assert f"attack:{m}>{hero(g, 1)}" in g.legal()


@pytest.mark.parametrize("n", [1, 2])
def test_attacks_per_minion_per_turn(n):
    """gw2.assume.attacks."""
    g, a, _b = duel(minion("moa"), minion("eir"), attacks_per_turn=n)
    for _ in range(n):
        attack(g, a, hero(g, 1))
    assert not [o for o in g.legal() if o.startswith(f"attack:{a}")]
    assert wounds(g, hero(g, 1)) == n


@pytest.mark.parametrize("counter, hurt", [("damage", 5), ("printed", 3), ("none", 0)])
def test_the_counter_damage_readings(counter, hurt):
    """L120: "damage is dealt to that card's health (apparently counter-damage is meant)"; gw2.assume.counter."""
    g, a, b = duel(minion("charr_legionnaire"), minion("centaur_spearman", Might=2), counter=counter)
    attack(g, a, b)
    assert wounds(g, a) == hurt
