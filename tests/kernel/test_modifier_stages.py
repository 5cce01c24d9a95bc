"""Modifier stages by side (issue 15, piece 6): one operation in several named stages, each rounding.

Guild Wars 2 "Heroes of the Mists" (seed 000_7fc8e0fd1bcbc422.txt): Might adds 1 per stack (L134),
Protection halves incoming damage, "1 unit of damage equals 0" (L135), Vulnerability doubles the damage
the victim takes (L139), Weakness halves the damage its bearer deals (L140). Halving is on the attacker's
side (Weakness) and again on the target's side (Protection), so "div" is in two stages. Our reading of
L135, an assumption: a halved damage rounds down (1 -> 1/2 -> 0), and it rounds at the end of each side's
stage, so Weakness then Vulnerability on 3 deals 2 (3/2 -> 1, x2), not 3.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import tabletop as tt
from tabletop.core import Ability, ModifierOrder, Profile, RuleError, Stage, compute
from tabletop.core.saved import profile_from_data

from .toybook import creature, game_of, make

SEED = "000_7fc8e0fd1bcbc422.txt"
# base + Might; then the attacker's side halves (Weakness); then the target's side doubles and halves
GW2 = ModifierOrder(
    stages=(("add", "sub"), Stage("attacker", ("mul", "div")), Stage("target", ("mul", "div")), ("set",)),
    floor=0,
    rounding="down",
    rule="toy.gw2",
)


def mod(op, value, stage=None, source=None, ts=0):
    m = {"op": op, "value": value, "ts": ts, "source": source or f"{op}{value}"}
    return m if stage is None else {**m, "stage": stage}


WEAKNESS = mod("div", 2, "attacker", "weakness")
VULNERABILITY = mod("mul", 2, "target", "vulnerability")
PROTECTION = mod("div", 2, "target", "protection")


def steps(expl):
    return [(s.stage, s.op, s.before, s.after) for s in expl.steps]


def test_the_rule_texts_the_stages_serve(seed_text):
    lines = seed_text(SEED).splitlines()
    assert "Might" in lines[134 - 1] and "+1 к урону" in lines[134 - 1]
    assert "половину входящего урона" in lines[135 - 1] and "единица урона приравнивается к 0" in lines[135 - 1]
    assert "Vulnerability" in lines[139 - 1] and "двойной урон" in lines[139 - 1]
    assert "Weakness" in lines[140 - 1] and "половинный урон" in lines[140 - 1]


def test_today_an_operation_in_two_unnamed_stages_is_still_refused():
    with pytest.raises(ValueError, match="an operation appears in two stages"):
        ModifierOrder(stages=(("div",), ("mul", "div")))
    with pytest.raises(ValueError, match="an operation appears in two stages"):
        ModifierOrder(stages=(Stage("attacker", ("div",)), ("mul", "div")))  # one of the two is unnamed
    with pytest.raises(ValueError, match="an operation appears in two stages"):
        ModifierOrder(stages=(("add", "add"),))
    with pytest.raises(ValueError, match="same name"):
        ModifierOrder(stages=(Stage("side", ("div",)), Stage("side", ("mul",))))
    with pytest.raises(ValueError, match="unknown rounding"):
        Stage("side", ("div",), rounding="sideways")


def test_weakness_then_vulnerability_rounds_between_the_sides():
    """L140 then L139: 3 halved on the attacker's side is 1 (rounded down, L135), doubled on the target's: 2."""
    expl = compute(3, [VULNERABILITY, WEAKNESS], GW2, "strike", "damage")
    assert expl.value == 2
    assert steps(expl) == [
        (None, "base", None, 3),
        ("attacker", "div", 3, Fraction(3, 2)),
        ("attacker", "round", Fraction(3, 2), 1),
        ("target", "mul", 1, 2),
    ]
    # the same two factors in one stage (today's only choice) round once, at the end: 3 / 2 x 2 = 3
    assert compute(3, [mod("mul", 2, ts=1), mod("div", 2, ts=0)], ModifierOrder()).value == 3


def test_protection_halves_and_one_becomes_zero():
    """L135: Protection halves incoming damage; "1 unit of damage equals 0"."""
    assert [compute(n, [PROTECTION], GW2).value for n in (1, 2, 3, 4, 5)] == [0, 1, 1, 2, 2]
    # Weakness and Protection both halve, each on its own side: 5 -> 2 -> 1; 3 -> 1 -> 0
    assert compute(5, [WEAKNESS, PROTECTION], GW2).value == 1
    assert compute(3, [WEAKNESS, PROTECTION], GW2).value == 0
    # Vulnerability and Protection on the same side, in order of appearance: 5 x 2 / 2 = 5, no rounding
    expl = compute(5, [mod("mul", 2, "target", "vulnerability", 1), mod("div", 2, "target", "protection", 2)], GW2)
    assert expl.value == 5 and [s.op for s in expl.steps] == ["base", "mul", "div"]


def test_might_adds_before_either_side():
    """L134: +1 per stack of Might, before Weakness halves it: (2 + 1) / 2 -> 1."""
    assert compute(2, [WEAKNESS, mod("add", 1, source="might")], GW2).value == 1


def test_each_stage_rounds_its_own_way():
    order = ModifierOrder(
        stages=(Stage("attacker", ("div",), rounding="up", rule="toy.up"), Stage("target", ("mul", "div"))),
        rounding="down",
    )
    expl = compute(3, [WEAKNESS, VULNERABILITY], order)
    assert expl.value == 4  # 3 / 2 -> 2 (up), x 2
    assert [(s.stage, s.amount, s.rule) for s in expl.steps if s.op == "round"] == [("attacker", "up", "toy.up")]
    keep = ModifierOrder(stages=(Stage("attacker", ("div",), rounding="none"), Stage("target", ("mul", "div"))))
    assert compute(3, [WEAKNESS, VULNERABILITY], keep).value == 3  # fractions kept between the sides


def test_a_modifier_must_say_its_stage_when_its_operation_is_in_several():
    with pytest.raises(RuleError, match=r"div 2 from protection names no stage.*'attacker', 'target'"):
        compute(4, [mod("div", 2, source="protection")], GW2)
    with pytest.raises(RuleError, match=r"names stage 'defender'; the named stages are 'attacker', 'target'"):
        compute(4, [mod("div", 2, "defender")], GW2)
    with pytest.raises(RuleError, match=r"names stage 'attacker', which has no 'add'"):
        compute(4, [mod("add", 2, "attacker")], GW2)
    # an operation in one stage needs no stage name, as today
    assert compute(4, [mod("add", 2)], GW2).value == 6


def test_unstaged_explanations_read_as_before():
    expl = compute(4, [mod("add", 1, ts=1), mod("div", 2, ts=2)], ModifierOrder(), "x", "power")
    assert all(s.stage is None for s in expl.steps)
    assert str(expl).splitlines() == [
        "power of x = 2",
        "  1. base 4 from x",
        "  2. +1 from add1: 4 -> 5",
        "  3. /2 from div2: 5 -> 5/2",
        "  4. round (down): 5/2 -> 2 [core.modifier]",
    ]
    assert "<th>stage</th>" not in expl._repr_html_()
    staged = compute(3, [WEAKNESS], GW2, "strike", "damage")
    assert "<th>stage</th>" in staged._repr_html_() and "<td>attacker</td>" in staged._repr_html_()


# ------------------------------------------------------------------ in a game: explain, trace, saves
def hit(game):
    game.add_modifier("S", "damage", "div", 2, source="weakness", stage="attacker", rule="toy.ability")
    game.add_modifier("S", "damage", "mul", 2, source="vulnerability", stage="target", rule="toy.ability")


def strike_game(profile=None, **scripts):
    """A toy position: an attack ``S`` whose damage (3) Weakness and Vulnerability change, each on its side."""
    objects = [creature("S", 0, base={"damage": 3, "hp": 1})]
    return game_of(profile or Profile(modifiers=GW2), objects, scripts={"hit": hit, **scripts})


def test_explain_shows_each_stages_step():
    game = strike_game().apply("go:hit")
    expl = game.explain("S", "damage")
    assert game.value("S", "damage") == expl.value == 2
    assert [(s.stage, s.op, s.source) for s in expl.steps] == [
        (None, "base", "S"),
        ("attacker", "div", "weakness"),
        ("attacker", "round", None),
        ("target", "mul", "vulnerability"),
    ]
    text = str(expl)
    assert "/2 from weakness: 3 -> 3/2 [toy.ability] (stage attacker)" in text
    assert "round (down): 3/2 -> 1 [toy.gw2] (stage attacker)" in text
    assert "x2 from vulnerability: 1 -> 2 [toy.ability] (stage target)" in text
    records = game.trace.of_kind("modifier")
    assert [r["summary"] for r in records] == [
        "damage of S: div 2 (attacker stage)",
        "damage of S: mul 2 (target stage)",
    ]


def test_a_static_ability_gives_its_stage_too():
    aura = Ability(
        "protection",
        "static",
        rule="toy.ability",
        modifiers=lambda g, src: [{"target": "S", "stat": "damage", "op": "div", "value": 2, "stage": "target"}],
    )
    game = game_of(Profile(modifiers=GW2), [creature("S", 0, base={"damage": 1, "hp": 1}), creature("P", 1, aura)])
    assert game.value("S", "damage") == 0  # L135: 1 unit of damage equals 0
    assert [s.stage for s in game.explain("S", "damage").steps] == [None, "target", "target"]


def test_a_stage_the_order_lacks_is_refused_when_the_modifier_is_added():
    def bad(game):
        game.add_modifier("S", "damage", "div", 2, stage="defender", rule="toy.ability")

    game = strike_game(bad=bad)
    with pytest.raises(RuleError, match="names stage 'defender'"):
        game.apply("go:bad")
    assert game.state.modifiers == []  # the game is as it was


def test_staged_profiles_are_saved_and_loaded():
    data = Profile(modifiers=GW2).describe()
    assert data["modifiers"]["stages"][1] == {"name": "attacker", "ops": ["mul", "div"], "rounding": None, "rule": None}
    assert profile_from_data(json.loads(json.dumps(data))) == Profile(modifiers=GW2)
    assert Profile().describe()["modifiers"]["stages"] == [["add", "sub"], ["mul", "div"], ["set"]]  # as before
    rb = make(Profile(), [creature("S", 0, base={"damage": 3, "hp": 1})], scripts={"hit": hit})
    game = rb.new_game(profile=Profile(modifiers=GW2)).apply("go:hit")
    loaded = tt.load_game(game.to_json(), rulebook=rb)
    assert loaded.profile == game.profile and loaded.fingerprint() == game.fingerprint()
    assert loaded.value("S", "damage") == 2


def test_modifiers_without_a_stage_leave_the_state_as_before():
    def buff(game):
        game.add_modifier("S", "damage", "add", 1, rule="toy.ability")

    game = game_of(Profile(), [creature("S", 0, base={"damage": 3, "hp": 1})], scripts={"buff": buff}).apply("go:buff")
    assert "stage" not in game.state.modifiers[0]
    assert "stage" not in game.trace.of_kind("modifier")[0]


def test_an_order_without_named_stages_ignores_a_modifiers_stage():
    assert compute(3, [WEAKNESS, VULNERABILITY], ModifierOrder()).value == 3  # one ("mul", "div") stage
