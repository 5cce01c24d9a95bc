"""Dice (issue 15, piece 3): die specs, a throw as one chance decision with exact weights, grouped outcomes,
natural faces apart from the modified total, rerolls, the window between a roll and its use, predicates and
the trace; each on a toy rulebook (tests/kernel/toybook.py) or on the pure functions of tabletop.core.dice.

The toy duel: two creatures (A of player 0, B of player 1, 3 hp each); on a turn the active player may
``go:attack`` (2d6, two throws in all, the window ``rolled``; 8 or more deals 1 damage, a double 2) or
``go:strike`` (a d20 +2 against 12, grouped: natural 1, miss, hit, natural 20). A has Hex (the opponent's
6s turn blank in the window, 002 L336); B has Luck (optional: +1 to its controller's total).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tabletop.core import CHANCE, Ability, RuleError, TaskTable
from tabletop.core.dice import (
    BLANK,
    Die,
    Face,
    distribution,
    full_house,
    grouped,
    of_a_kind,
    pool_kinds,
    straight,
    symbols,
    throws,
    total,
)
from tabletop.core.registry import load_game
from tabletop.core.rolls import Roll
from tabletop.testing import check_tracing_off_matches

from .roundtrip import assert_round_trips
from .toybook import creature, lethal_damage, make, no_creature_loses

D6 = Die.numbered("d6", 6)
D20 = Die.numbered("d20", 20)
# Dice Throne Missions' enemy dice (002 L363-366): strike on 1-3, whirlwind on 4-5, hedron on 6
RED = Die.numbered("red", 6, symbols={"strike": (1, 2, 3), "whirlwind": (4, 5), "hedron": (6,)})
BLACK = Die.numbered("black", 6, symbols={"strike": (1, 2, 3), "whirlwind": (4, 5), "hedron": (6,)}).by_symbol()


# ------------------------------------------------------------------ specs and exact distributions
def test_two_d6_sum_to_the_triangle_exactly():
    dist = distribution((D6, D6), total)
    assert dist == {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def test_three_d6_have_56_multisets_whose_exact_probabilities_sum_to_one():
    outcomes = throws((D6, D6, D6))
    assert len(outcomes) == 56 and sum(w for _, w in outcomes) == 6**3
    ways = {tuple(f.value for f in faces): w for faces, w in outcomes}
    assert (ways[(1, 1, 1)], ways[(1, 1, 2)], ways[(1, 2, 3)]) == (1, 3, 6)  # 1, 3 and 6 orders
    assert sum(Fraction(w, 216) for _, w in outcomes) == 1
    assert all(list(faces) == sorted(faces, key=lambda f: f.value or 0) for faces, _ in outcomes)  # canonical


def test_a_pool_of_two_kinds_throws_each_kind_as_a_multiset_in_the_pools_order():
    outcomes = throws((BLACK, RED, BLACK, RED, BLACK))
    assert [(d.kind, n) for d, n in pool_kinds((BLACK, RED, BLACK))] == [("black", 2), ("red", 1)]
    assert len(outcomes) == 10 * 21  # 3 black dice read by symbol (C(5,3)) times 2 red by number (C(7,2))
    assert sum(w for _, w in outcomes) == 6**5
    assert all([f.die for f in faces] == ["black"] * 3 + ["red"] * 2 for faces, _ in outcomes)


def test_a_die_read_by_its_symbols_has_fewer_outcomes_with_the_same_symbol_counts():
    numbered = Die.numbered("black", 6, symbols={"strike": (1, 2, 3), "whirlwind": (4, 5), "hedron": (6,)})
    assert len(throws((numbered,) * 3)) == 56 and len(throws((BLACK,) * 3)) == 10
    for symbol in ("strike", "whirlwind", "hedron"):
        assert distribution((numbered,) * 3, lambda fs, s=symbol: symbols(fs, s)) == distribution(
            (BLACK,) * 3, lambda fs, s=symbol: symbols(fs, s)
        )
    assert BLACK.weights() == (
        (Face("black", "strike", None, "strike"), 3),
        (Face("black", "whirlwind", None, "whirlwind"), 2),
        (Face("black", "hedron", None, "hedron"), 1),
    )


def test_grouping_by_the_rulebooks_classifier_keeps_the_probabilities_and_cuts_the_options():
    def attack(faces):
        v = faces[0].value
        return "natural 1" if v == 1 else "natural 20" if v == 20 else "hit" if v + 2 >= 12 else "miss"

    groups = grouped(throws((D20,)), attack)
    assert len(throws((D20,))) == 20 and len(groups) == 4
    assert {k: Fraction(w, 20) for k, w, _ in groups} == {
        "natural 1": Fraction(1, 20),
        "miss": Fraction(8, 20),  # 2-9
        "hit": Fraction(10, 20),  # 10-19
        "natural 20": Fraction(1, 20),
    }


def test_predicates_of_a_kind_straights_full_house_and_symbols():
    def faces(text):
        return [D6.face(v) for v in text]

    assert of_a_kind(faces("33325"), 3) and not of_a_kind(faces("33425"), 3) and of_a_kind(faces("66666"), 5)
    assert straight(faces("12346"), 4) and not straight(faces("12346"), 5) and straight(faces("65432"), 5)
    assert full_house(faces("33322")) and not full_house(faces("33332")[:4])
    assert not straight([*faces("123"), D6.face(BLANK)], 4)  # a blanked die shows no number
    assert symbols([RED.face("1"), RED.face("5"), BLACK.face("strike")], "strike") == 2
    five = (D6,) * 5  # one throw of five dice: the textbook figures
    assert distribution(five, lambda fs: straight(fs, 5))[True] == Fraction(240, 7776)
    assert distribution(five, lambda fs: straight(fs, 4))[True] == Fraction(1200, 7776)
    assert distribution(five, lambda fs: of_a_kind(fs, 5))[True] == Fraction(6, 7776)


def test_bad_die_specs_are_refused_with_the_die_named():
    with pytest.raises(RuleError, match="die 'x': two different faces are named '1'"):
        Die("x", (Face("x", "1", 1), Face("x", "1", 2)))
    with pytest.raises(RuleError, match="kept for a blanked die"):
        Die("x", (Face("x", BLANK),))
    with pytest.raises(RuleError, match="two different dice of kind 'd6' in one pool"):
        throws((D6, Die.numbered("d6", 4)))
    with pytest.raises(RuleError, match="die 'd6' has no face '7'"):
        D6.face("7")


# ------------------------------------------------------------------ the toy duel
tasks = TaskTable()
ATTACK = Roll("duel.attack", (D6, D6), rule="toy.script", attempts=2, window="rolled")
ATTACK.tasks(tasks)


def _strike_group(faces, context):
    bonus, target = context
    v = faces[0].value
    return "natural 1" if v == 1 else "natural 20" if v == 20 else "hit" if v + bonus >= target else "miss"


STRIKE = Roll("duel.strike", (D20,), rule="toy.script", group=_strike_group)
STRIKE.tasks(tasks)


def opponent_creature(game, player):
    return next((oid for oid in game.state.zone("play") if game.obj(oid)["controller"] != player), None)


@tasks("duel.attack_hits")
def attack_hits(game, *, player):
    """8 or more deals 1 damage, a double (by the natural faces) 2."""
    target = opponent_creature(game, player)
    game.state.set_var("seen", [f.name for f in ATTACK.faces(game)])
    if target is not None and ATTACK.total(game) >= 8:
        amount = 2 if of_a_kind(ATTACK.natural(game), 2) else 1
        game.emit("damage", rule="toy.script", target=target, amount=amount)


@tasks("duel.strike_hits")
def strike_hits(game, *, player):
    target = opponent_creature(game, player)
    game.state.set_var("struck", STRIKE.outcome(game))
    if target is not None and STRIKE.outcome(game) in ("hit", "natural 20"):
        game.emit("damage", rule="toy.script", target=target, amount=1)


def attack(game):
    p = game.state.turn["player"]
    ATTACK.throw(game, attack_hits, player=p, args={"player": p})


def strike(game):
    p = game.state.turn["player"]
    STRIKE.throw(game, strike_hits, args={"player": p}, context=(2, 12))


def _hex(game, act):
    """Hex (002 L336): each 6 the opponent rolls becomes a blank face."""
    while any(f.name == "6" for f in ATTACK.faces(game)):
        ATTACK.change(game, "6", BLANK, why="Hex")


def _luck(game, act):
    ATTACK.modify(game, 1, "Luck")


HEX = Ability(
    "Hex", "triggered", rule="toy.ability", event="rolled", match={"player": 1, "roll": "duel.attack"}, effect=_hex
)
LUCK = Ability(
    "Luck",
    "triggered",
    rule="toy.ability",
    event="rolled",
    match={"player": "$controller", "roll": "duel.attack"},
    forced=False,
    effect=_luck,
)


def duel(hex_=True, luck=True, hp=3, scripts=None):
    return make(
        objects=[
            creature("A", 0, *([HEX] if hex_ else []), base={"power": 1, "hp": hp}),
            creature("B", 1, *([LUCK] if luck else []), base={"power": 1, "hp": hp}),
        ],
        scripts=scripts or {"attack": attack, "strike": strike},
        tasks=dict(tasks),
        checks=(lethal_damage, no_creature_loses),
    )


DUEL = duel()


def test_a_throw_of_two_dice_is_one_chance_decision_with_exact_weights():
    game = DUEL.new_game(chance="manual").apply("go:attack")
    dec = game.state.decision
    assert (dec["player"], dec["kind"], dec["rule"]) == (CHANCE, "roll", "toy.script")
    assert len(dec["options"]) == 21 and dec["options"][0]["id"] == "1,1"
    assert sum(Fraction(o["ways"], o["of"]) for o in dec["options"]) == 1
    assert {o["id"]: o["ways"] for o in dec["options"]}["3,4"] == 2
    assert game.decision.options[0].probability == pytest.approx(1 / 36)
    game.apply("4,6")
    assert ATTACK.state(game.table)["dice"] == [["d6", "4", "4"], ["d6", "6", "6"]]
    assert ATTACK.probability(game.table) == Fraction(1, 18)


def test_the_trace_records_the_faces_rolled_and_their_exact_probability():
    game = DUEL.new_game(chance="manual").apply("go:attack").apply("6,6")
    rec = [r for r in game.trace.records if r["kind"] == "chance" and r["data"].get("roll") == "duel.attack"][-1]
    assert rec["summary"] == "duel.attack: rolled 6 6 (probability 1/36)"
    assert rec["data"]["faces"] == [["d6", "6"], ["d6", "6"]] and rec["data"]["probability"] == "1/36"
    assert (rec["data"]["ways"], rec["data"]["of"]) == (1, 36)


def test_a_reroll_offers_each_distinct_subset_once_and_throws_only_those_dice_again():
    game = DUEL.new_game(chance="manual").apply("go:attack").apply("3,3")
    dec = game.state.decision
    assert (dec["player"], dec["kind"]) == (0, "reroll")
    assert [o["id"] for o in dec["options"]] == ["stop", "reroll:3", "reroll:3,3"]  # two equal dice: not told apart
    game.apply("reroll:3")
    dec = game.state.decision
    assert dec["kind"] == "roll" and len(dec["options"]) == 6  # one die in the air
    assert ATTACK.state(game.table)["dice"] == [["d6", "3", "3"]]
    game.apply("5")
    # two throws in all (attempts=2): no third; 3+5 = 8 hits (no double)
    assert game.state.vars["seen"] == ["3", "5"] and game.obj("B")["damage"] == 1
    assert game.state.decision["kind"] == "action" and "duel.attack" not in game.state.vars  # used and cleared


def test_reroll_without_the_reroll_decision_would_leave_the_first_throw():
    game = DUEL.new_game(chance="manual").apply("go:attack").apply("3,3").apply("stop")
    assert game.state.vars["seen"] == ["3", "3"] and "damage" not in game.obj("B")


def test_dice_kept_and_thrown_again_reach_the_same_position_whichever_came_first():
    one = DUEL.new_game(chance="manual").apply("go:attack").apply("3,6").apply("reroll:6").apply("5")
    two = DUEL.new_game(chance="manual").apply("go:attack").apply("5,6").apply("reroll:6").apply("3")
    assert one.state.vars["seen"] == two.state.vars["seen"] == ["3", "5"]
    assert one.fingerprint() == two.fingerprint()


def test_attempts_are_set_per_throw_and_a_grouped_roll_cannot_be_thrown_again():
    def entangled(game):  # Entanglement (002 L329): one roll attempt fewer
        p = game.state.turn["player"]
        ATTACK.throw(game, attack_hits, player=p, args={"player": p}, attempts=1)

    game = duel(scripts={"entangled": entangled}).new_game(chance="manual").apply("go:entangled").apply("1,2")
    assert game.state.decision["kind"] == "action" and game.state.vars["seen"] == ["1", "2"]  # no reroll
    with pytest.raises(RuleError, match="groups its outcomes, so its dice cannot be thrown again"):
        Roll("x", (D20,), rule="toy.script", group=_strike_group, attempts=2)
    with pytest.raises(RuleError, match="need a player to decide on rerolls"):
        ATTACK.throw(game.table, attack_hits, args={"player": 0})


def test_the_window_lets_abilities_change_dice_before_their_use_and_the_natural_faces_stay():
    game = DUEL.new_game(chance="manual").apply("end").apply("go:attack").apply("2,6").apply("stop")
    # player 1 rolled: A's Hex turned the 6 blank in the window, B's Luck is offered there
    dec = game.state.decision
    assert (dec["player"], dec["kind"]) == (1, "optional_trigger")
    roll = ATTACK.state(game.table)
    assert roll["dice"] == [["d6", "2", "2"], ["d6", "6", BLANK]]
    assert [f.name for f in ATTACK.natural(game.table)] == ["2", "6"] and ATTACK.total(game.table) == 2
    assert any(r["summary"] == f"duel.attack: a 6 turned to {BLANK} (Hex)" for r in game.trace.records)


def test_without_the_window_nothing_changes_the_dice():
    no_window = Roll("duel.quiet", (D6, D6), rule="toy.script", attempts=2)
    own = TaskTable()
    no_window.tasks(own)

    @own("duel.quiet_hits")
    def quiet_hits(game, *, player):
        game.state.set_var("seen", [f.name for f in no_window.faces(game)])

    def quiet(game):
        no_window.throw(game, quiet_hits, player=1, args={"player": 1})

    rb = make(objects=[creature("A", 0, HEX), creature("B", 1)], scripts={"quiet": quiet}, tasks={**tasks, **own})
    game = rb.new_game(chance="manual").apply("end").apply("go:quiet").apply("2,6").apply("stop")
    assert game.state.vars["seen"] == ["2", "6"]  # Hex hears no `rolled`: the 6 stays


def test_a_modifier_adds_to_the_total_and_a_double_is_read_on_the_natural_faces():
    game = DUEL.new_game(chance="manual").apply("end").apply("go:attack").apply("3,4").apply("stop")
    assert game.state.decision["kind"] == "optional_trigger"
    game.apply(game.legal()[0])  # Luck: +1, 3+4+1 = 8 hits
    assert game.obj("A")["damage"] == 1
    game = DUEL.new_game(chance="manual").apply("end").apply("go:attack").apply("6,6").apply("stop")
    game.apply(game.legal()[0])
    # Hex blanked both 6s (the total is 0 + 1) so nothing hits, though the natural faces are a double
    assert game.state.vars["seen"] == [BLANK, BLANK] and "damage" not in game.obj("A")
    game = DUEL.new_game(chance="manual").apply("end").apply("go:attack").apply("3,4").apply("stop")
    ATTACK.change(game.table, "3", "4", why="a nudge")  # (in the window, as an ability would)
    game.apply(game.legal()[0])  # 4+4+1 = 9 hits; the natural faces 3 4 are no double: 1 damage, not 2
    assert game.state.vars["seen"] == ["4", "4"] and game.obj("A")["damage"] == 1
    game = DUEL.new_game(chance="manual").apply("go:attack").apply("4,4").apply("stop")
    assert game.obj("B")["damage"] == 2  # a natural double of 8


def test_a_natural_1_misses_whatever_the_bonus_and_a_natural_20_hits():
    """Warlord 004 L39: a natural 1 fails and a natural 20 succeeds against any target, whatever modifies it."""

    def one(faces, context):
        bonus, target = context
        v = faces[0].value
        return "miss" if v == 1 else "hit" if v == 20 or v + bonus >= target else "miss"

    sure = Roll("duel.sure", (D20,), rule="toy.script", group=one)
    assert [o["id"] for o in sure.options((D20,), (30, 10))[0]] == ["miss", "hit"]
    assert sure.options((D20,), (30, 10))[0][0]["ways"] == 1  # only the natural 1 misses at +30 against 10
    assert sure.options((D20,), (0, 99))[0][1]["ways"] == 1  # only the natural 20 hits against 99


def test_astral_and_ethereal_read_the_natural_die_by_parity():
    """Warlord 004 L111: against an Ethereal character odd natural rolls miss; against an Astral one even
    rolls miss (20 too) and a natural 19 hits as a 20 would."""

    def attack_on(faces, context):
        kind, bonus, target = context
        v = faces[0].value
        if kind == "ethereal" and v % 2:
            return "miss"
        if kind == "astral":
            if v % 2 == 0:
                return "miss"
            if v == 19:
                return "hit"
        return "miss" if v == 1 else "hit" if v == 20 or v + bonus >= target else "miss"

    roll = Roll("duel.planar", (D20,), rule="toy.script", group=attack_on)

    def hits(context):
        options, _ = roll.options((D20,), context)
        hit = next(o for o in options if o["id"] == "hit")
        return Fraction(hit["ways"], hit["of"]), hit.get("faces")

    assert hits(("plain", 0, 21)) == (Fraction(1, 20), [["d20", "20"]])  # only the natural 20
    assert hits(("ethereal", 0, 21)) == (Fraction(1, 20), [["d20", "20"]])
    assert hits(("astral", 0, 21)) == (Fraction(1, 20), [["d20", "19"]])  # the 19 as a 20; the 20 is even
    assert hits(("ethereal", 10, 12))[0] == Fraction(10, 20)  # every even number, none of the odd
    assert hits(("astral", 10, 12))[0] == Fraction(9, 20)  # 3 5 ... 19


def test_a_grouped_roll_offers_one_option_per_effect_and_keeps_the_group():
    game = DUEL.new_game(chance="manual").apply("go:strike")
    dec = game.state.decision
    assert [o["id"] for o in dec["options"]] == ["natural 1", "miss", "hit", "natural 20"]
    assert [o["ways"] for o in dec["options"]] == [1, 8, 10, 1] and dec["options"][0]["faces"] == [["d20", "1"]]
    assert "faces" not in dec["options"][1]  # several throws: the group stands for them
    game.apply("hit")
    assert game.state.vars["struck"] == "hit" and game.obj("B")["damage"] == 1


def test_grouping_cuts_the_state_graph_and_keeps_the_outcome_probabilities():
    """The same d20 strike as every face (20 options) and as its four effects: the explorer branches 20
    times or 4; with the roll kept on the table after its use (clear=False) the positions differ by what it
    shows, 20 or 4 of them; the chance of a hit is 11/20 either way."""
    from tabletop.analysis.explore import explore

    def by_face(faces, context):
        return faces[0].name

    own = TaskTable()
    rolls = {
        "faces": Roll("duel.faces", (D20,), rule="toy.script", group=by_face, clear=False),
        "effects": Roll("duel.effects", (D20,), rule="toy.script", group=_strike_group, clear=False),
    }
    for roll in rolls.values():
        roll.tasks(own)

    @own("duel.kept_hits")
    def kept_hits(game, *, roll):
        outcome = rolls[roll].outcome(game)
        effect = outcome if roll == "effects" else _strike_group((D20.face(outcome),), (2, 12))
        if effect in ("hit", "natural 20"):
            game.emit("damage", rule="toy.script", target="B", amount=1)

    def script(name):
        return lambda game: rolls[name].throw(game, kept_hits, args={"roll": name}, context=(2, 12))

    graphs = {}
    for name in rolls:
        rb = make(
            objects=[creature("A", 0), creature("B", 1)], scripts={"strike": script(name)}, tasks={**tasks, **own}
        )
        graphs[name] = explore(rb.new_game(chance="manual").apply("go:strike"), depth=1)
    branches = {n: sum(d["multiplicity"] for _, _, d in g.graph.edges(data=True)) for n, g in graphs.items()}
    assert branches == {"faces": 20, "effects": 4}
    assert {n: g.graph.number_of_nodes() - 1 for n, g in graphs.items()} == {"faces": 20, "effects": 4}

    def p_hit(g):
        return sum(
            Fraction(d["probability"]).limit_denominator(1000)
            for _, v, d in g.graph.out_edges(g.root, data=True)
            if g.games[v].obj("B").get("damage")
        )

    assert p_hit(graphs["faces"]) == p_hit(graphs["effects"]) == Fraction(11, 20)


# ------------------------------------------------------------------ saving, errors
def test_a_game_paused_in_the_window_or_a_reroll_saves_and_resumes_alike():
    for path in (["go:attack"], ["go:attack", "3,3"], ["end", "go:attack", "2,6", "stop"]):
        game = DUEL.new_game(chance="manual")
        for step in path:
            game.apply(step)
        loaded = load_game(game.to_json(), rulebook=DUEL)
        assert loaded.fingerprint() == game.fingerprint() and loaded.legal() == game.legal()
        choice = game.legal()[-1]
        assert loaded.child(choice).fingerprint() == game.child(choice).fingerprint()


def test_misuse_of_a_roll_is_refused_with_the_roll_named():
    game = DUEL.new_game(chance="manual").apply("go:attack")
    with pytest.raises(RuleError, match=r"roll 'duel\.attack' is thrown again before its last throw was used"):
        ATTACK.throw(game.table, attack_hits, player=0, args={"player": 0})
    game.apply("1,2")
    with pytest.raises(RuleError, match=r"no die shows '6' to change \(they show 1 2\)"):
        ATTACK.change(game.table, "6", BLANK, why="test")
    with pytest.raises(RuleError, match="register its tasks first"):
        Roll("loose", (D6,), rule="toy.script").throw(game.table, attack_hits)
    with pytest.raises(RuleError, match="does not throw dice of kind 'd20'"):
        ATTACK.options((D20,))
    fp = game.fingerprint()
    with pytest.raises(RuleError, match="does not throw dice of kind 'd6' like this one"):
        STRIKE.throw(game.table, strike_hits, args={"player": 0}, dice=(Die.numbered("d6", 4),))
    assert game.fingerprint() == fp  # refused before anything changed
    with pytest.raises(RuleError, match="is not on the table"):
        STRIKE.faces(game.table)


# ------------------------------------------------------------------ property tests over random playouts
@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_of_the_duel_end_and_round_trip(seed):
    rng = random.Random(seed)
    game = DUEL.new_game(seed=seed)
    steps = 0
    while game.state.decision is not None and steps < 400:
        if steps % 7 == 0:
            assert_round_trips(game, DUEL, seed, steps=5)
        game.apply(rng.choice(game.legal()))
        steps += 1
    assert game.over and game.result["winners"] in ([0], [1])
    assert load_game(game.to_json(), rulebook=DUEL).fingerprint() == game.fingerprint()


@pytest.mark.parametrize("seed", range(4))
def test_a_duel_untraced_plays_as_a_traced_one(seed):
    check_tracing_off_matches(DUEL, {"seed": seed}, random.Random(seed))


# ------------------------------------------------------------------ the documentation's example
def test_the_example_of_docs_dice_md_runs():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "dice.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    log = text.split("Its log:\n\n```\n", 1)[1].split("```", 1)[0]
    scope: dict = {}
    exec(compile(code, "docs/dice.md", "exec"), scope)
    assert str(scope["game"].log) + "\n" == log
