"""Rule 521.1: the order of numeric modifiers (001_240eaaff2b2d73c1.txt L13-L25)."""

import itertools

import pytest
from bh import RB, oid

import tabletop as tt


def cast(game, spell, target):
    game.apply("play:" + oid(game, spell, "hand:0"))
    game.apply(target)


def steps(explanation):
    return [(s.op, s.amount, s.before, s.after) for s in explanation.steps]


ALL_FOUR = ("Halving Curse", "Weakening Hex", "Giant's Might", "Battle Fury")


def test_profile_states_the_521_1_order():
    """521.1, L13-L25: add, multiply, subtract, divide, then set; clamp at 0."""
    order = RB.profile.modifiers
    assert order.stages == (("add",), ("mul",), ("sub",), ("div",), ("set",))
    assert order.floor == 0 and order.rule == "bh.521.1"


@pytest.mark.parametrize("played", list(itertools.permutations(ALL_FOUR))[::5])
def test_521_1_order_of_application_not_order_of_appearance(played):
    """521.1, L13-L21: base 2, +1, x3, -2, /2 -> ((2+1)*3-2)/2 = 3.5 -> 3 whatever the order of play."""
    game = RB.scenario("modifier-order")
    pikeman = oid(game, "Pikeman", "play:0")
    for spell in played:
        cast(game, spell, pikeman)
    ex = game.explain(pikeman, "strike")
    assert ex.value == 3 == game.value(pikeman, "strike")
    assert [s[:2] for s in steps(ex)] == [
        ("base", 2),
        ("add", 1),
        ("mul", 3),
        ("sub", 2),
        ("div", 2),
        ("round", "down"),
    ]
    assert [s.after for s in ex.steps] == [2, 3, 9, 7, pytest.approx(3.5), 3]
    assert all(s.rule == "bh.521.1" for s in ex.steps[1:])
    assert "x3" in str(ex) and "/2" in str(ex)


def test_521_1_played_in_the_reverse_order_the_text_order_still_wins():
    """521.1: in order of appearance (/2, -2, x3, +1) the value would be ((2/2)-2)*3+1 = -2 -> 0; the rule gives 3."""
    game = RB.scenario("modifier-order")
    pikeman = oid(game, "Pikeman", "play:0")
    for spell in ALL_FOUR:  # curse first, fury last
        cast(game, spell, pikeman)
    assert game.value(pikeman, "strike") == 3


@pytest.mark.parametrize(("rounding", "value"), [("down", 3), ("up", 4), ("nearest", 4)])
def test_division_rounding_is_an_option(rounding, value):
    """bh.assume.rounding: 7/2 rounds as option division_rounding says."""
    game = RB.new_game(seed=0, scenario="modifier-order", division_rounding=rounding)
    pikeman = oid(game, "Pikeman", "play:0")
    for spell in ALL_FOUR:
        cast(game, spell, pikeman)
    assert game.value(pikeman, "strike") == value
    assert tt.load_game(game.to_json()).value(pikeman, "strike") == value
    assert game.replay().value(pikeman, "strike") == value


def test_521_1_negative_result_is_set_to_0():
    """521.1, L25: Border Guard strike 1, -2 -> -1, then the game modifier sets it to 0."""
    game = RB.scenario("modifier-order")
    guard = oid(game, "Border Guard", "play:0")
    cast(game, "Weakening Hex", guard)
    ex = game.explain(guard, "strike")
    assert ex.value == 0
    assert steps(ex)[-2:] == [("sub", 2, 1, -1), ("floor", 0, -1, 0)]
    assert ex.steps[-1].rule == "bh.521.1"


def test_521_1_intermediate_negative_values_are_not_clamped():
    """521.1, L25: the clamp is applied once, after all modifiers: 1 - 2 = -1, then = 5 gives 5 (no early clamp)."""
    game = RB.scenario("modifier-order")
    guard = oid(game, "Border Guard", "play:0")
    cast(game, "Weakening Hex", guard)
    cast(game, "Giant Form", guard)
    assert [s.op for s in game.explain(guard, "strike").steps] == ["base", "sub", "set"]
    assert game.value(guard, "strike") == 5


@pytest.mark.parametrize(("first", "second", "value"), [("Petrify", "Giant Form", 5), ("Giant Form", "Petrify", 0)])
def test_521_1_set_modifiers_apply_in_order_of_appearance(first, second, value):
    """521.1, L23: set-to-value modifiers apply in order of appearance, so the later one decides."""
    game = RB.scenario("modifier-order")
    troll = oid(game, "Forest Troll", "play:1")
    cast(game, first, troll)
    cast(game, second, troll)
    ex = game.explain(troll, "strike")
    assert ex.value == value
    assert [s.op for s in ex.steps] == ["base", "set", "set"]


def test_521_1_set_comes_after_additions():
    """521.1, L15-L23: +1 then = 0 in any order of play gives 0, because set is the last stage."""
    game = RB.scenario("modifier-order")
    pikeman = oid(game, "Pikeman", "play:0")
    cast(game, "Petrify", pikeman)
    cast(game, "Battle Fury", pikeman)
    assert [s.op for s in game.explain(pikeman, "strike").steps] == ["base", "add", "set"]
    assert game.value(pikeman, "strike") == 0


def test_modifiers_end_with_their_period():
    """521.1 with 'until end of turn' modifiers: after the turn the strike is its base again."""
    game = RB.scenario("modifier-order")
    pikeman = oid(game, "Pikeman", "play:0")
    for spell in ALL_FOUR:
        cast(game, spell, pikeman)
    game.apply("pass")
    assert game.value(pikeman, "strike") == 2
    assert [s.op for s in game.explain(pikeman, "strike").steps] == ["base"]


def test_cost_is_a_numeric_value_under_521_1():
    """bh.assume.values: the enemy Toll Keeper's +1 shows in explain(cost) of a creature card in hand."""
    game = RB.scenario("modifier-order")
    card = oid(game, "Pikeman", "hand:0")
    ex = game.explain(card, "cost")
    assert ex.value == 3
    assert [(s.op, s.amount) for s in ex.steps] == [("base", 2), ("add", 1)]
    assert f"play:{card}" in game.legal()
    label = next(o.label for o in game.decision.options if o.id == f"play:{card}")
    assert label.endswith("for 3")


def test_the_payment_is_a_public_value_with_its_discount():
    """bh.assume.discount (L35), bh.521.1: game.explain(card, "payment") is what playing the card costs now,
    the printed cost and then the one-shot discount with its source and rule; the cost characteristic
    itself stays printed."""
    game = RB.scenario("vanguard")
    order = next(o for o in game.state.zone("hand:0") if game.state.objects[o]["card"] == "quartermasters_order")
    game.apply("play:" + order)
    captain = next(o for o in game.state.zone("hand:0") if game.state.objects[o]["card"] == "scout_captain")
    ex = game.explain(captain, "payment")
    assert [(s.op, s.amount, s.source, s.rule) for s in ex.steps] == [
        ("base", 3, captain, None),
        ("sub", 1, order, "bh.assume.discount"),
    ]
    assert ex.value == 2 == game.value(captain, "payment") and game.value(captain, "cost") == 3
