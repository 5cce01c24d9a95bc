"""Rule 522.1: the ability constructor (001_240eaaff2b2d73c1.txt L29-L31)."""

import pytest
from bh import RB, oid

import tabletop as tt


def events(game, since=0):
    return [r for r in game.trace.records[since:] if r["kind"] == "event"]


def test_522_1_chain_of_exactly_x_items_with_repeats():
    """522.1, L29: Arcane Choice asks twice (X = 2); the same item may be chosen twice."""
    game = RB.scenario("constructor-chain")
    hand = len(game.state.zone("hand:0"))
    game.apply("play:" + oid(game, "Arcane Choice", "hand:0"))
    assert game.decision.kind == "constructor" and game.decision.rule == "bh.522.1"
    game.apply("2")  # draw a card
    assert game.decision.kind == "constructor" and "2 of 2" in game.decision.prompt
    game.apply("2")  # draw a card again
    assert game.decision.kind == "action"
    assert len(game.state.zone("hand:0")) == hand - 1 + 2
    draws = [e for e in events(game) if e["data"]["type"] == "draw"]
    assert len(draws) == 2


def test_522_1_the_whole_chain_is_composed_before_anything_resolves():
    """522.1, L29: all choices are made first; then the chain enters the queue; then it resolves."""
    game = RB.scenario("constructor-chain")
    start = len(game.trace.records)
    game.apply("play:" + oid(game, "Arcane Choice", "hand:0"))
    game.apply("2")
    assert events(game, start) == []  # nothing has happened yet: not even the payment or the declaration
    assert all(not game.state.objects[c]["tapped"] for c in game.state.zone("coins:0"))
    game.apply("1")
    recs = game.trace.records[start:]
    chose = [r["i"] for r in recs if r["kind"] == "decision" and r["rule"] == "bh.522.1"]
    queued = [r["i"] for r in recs if r["kind"] == "trigger" and "enters the queue" in r["summary"]]
    resolved = [r["i"] for r in recs if r["kind"] == "resolution" and r["rule"] == "bh.522.1"]
    assert len(chose) == 2 and len(queued) == 2 and len(resolved) == 2
    assert max(chose) < min(queued) and max(queued) < min(resolved)


@pytest.mark.parametrize(("chain", "order"), [(("2", "1"), ["draw", "gain_coin"]), (("1", "2"), ["gain_coin", "draw"])])
def test_522_1_chain_resolves_in_the_players_order(chain, order):
    """522.1, L29: the abilities 'are executed in the order the player specified'."""
    game = RB.scenario("constructor-chain")
    game.apply("play:" + oid(game, "Arcane Choice", "hand:0"))
    mark = len(game.trace.records)
    for item in chain:
        game.apply(item)
    kinds = [e["data"]["type"] for e in events(game, mark) if e["data"]["type"] in ("draw", "gain_coin")]
    assert kinds == order


def test_522_1_spell_chain_cannot_take_an_item_with_illegal_targets():
    """522.1, L31 + L43: the only enemy creature has protection from spells and there is no own creature,
    so the wound item of Arcane Choice is not offered at all."""
    game = RB.scenario("constructor-chain")
    game.apply("play:" + oid(game, "Arcane Choice", "hand:0"))
    assert game.decision.ids == ["1", "2"]
    with pytest.raises(tt.IllegalOption):
        game.apply("0>" + oid(game, "Warded Monk", "play:1"))


def test_522_1_spell_chain_offers_only_legal_targets():
    """522.1, L31: once player 0 has a Border Guard, the wound item may target it, but never the Warded Monk."""
    game = RB.scenario("constructor-chain")
    guard = oid(game, "Border Guard", "hand:0")
    game.apply(f"play:{guard}")
    game.apply("play:" + oid(game, "Arcane Choice", "hand:0"))
    assert sorted(game.decision.ids) == sorted([f"0>{guard}", "1", "2"])


def test_522_1_spell_with_no_legal_chain_cannot_be_declared():
    """522.1, L31: Twin Bolts needs an enemy creature a spell may target; the only one has protection from
    spells, so the spell is not among the legal actions."""
    game = RB.scenario("constructor-chain")
    bolts = oid(game, "Twin Bolts", "hand:0")
    assert len(game.state.zone("coins:0")) >= RB.cards["twin_bolts"]["cost"]
    assert f"play:{bolts}" not in game.legal()
    with pytest.raises(tt.IllegalOption):
        game.apply(f"play:{bolts}")


def test_522_1_the_same_spell_is_declarable_with_a_legal_target():
    """522.1, L31: facing a Stone Golem (no protection from spells) Twin Bolts may be declared; its chain
    offers the Golem but never the Warded Monk."""
    game = RB.scenario("protection")
    bolts = oid(game, "Twin Bolts", "hand:0")
    golem = oid(game, "Stone Golem", "play:1")
    game.apply(f"play:{bolts}")
    assert sorted(game.decision.ids) == [f"0>{golem}", f"1>{golem}"]
    game.apply(f"1>{golem}")
    game.apply(f"0>{golem}")
    assert game.value(golem, "strike") == 1  # the -1 strike item
    assert game.state.objects[golem]["counters"]["wounds"] == 1  # the wound item: a spell, not a creature


def test_522_1_ability_constructor_is_not_restricted_by_protection_from_spells():
    """522.1 + L43: Wandering Sage's chain is an ability, not a spell, so it may wound the Warded Monk."""
    game = RB.scenario("constructor-chain")
    monk = oid(game, "Warded Monk", "play:1")
    game.apply("play:" + oid(game, "Wandering Sage", "hand:0"))
    assert game.decision.kind == "constructor"
    assert sorted(game.decision.ids) == [f"0>{monk}", "1"]
    game.apply(f"0>{monk}")
    game.apply(f"0>{monk}")
    assert game.state.objects[monk]["counters"]["wounds"] == 2


def test_522_1_ability_item_without_target_may_fizzle_by_default():
    """bh.assume.constructor_abilities: with no enemy creature the Sage may still choose the wound item, which
    then does nothing (option ability_chain_targets=may_fizzle)."""
    game = RB.scenario("vanguard")
    game.apply("play:" + oid(game, "Wandering Sage", "hand:0"))
    assert game.decision.ids == ["0>-", "1"]
    game.apply("0>-")
    game.apply("1")
    assert any("nothing happens" in r["summary"] and r["rule"] == "bh.522.1" for r in game.trace.records)
    assert len(game.state.zone("coins:0")) == 6  # 5 + the temporary coin of the second item


def test_522_1_option_requires_legal_targets_for_ability_chains_too():
    """bh.assume.constructor_abilities with ability_chain_targets=required: only the coin item is offered."""
    game = RB.new_game(seed=0, scenario="vanguard", ability_chain_targets="required")
    game.apply("play:" + oid(game, "Wandering Sage", "hand:0"))
    assert game.decision.ids == ["1"]
