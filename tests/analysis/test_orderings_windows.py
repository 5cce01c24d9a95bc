"""tt.orderings beyond orderings (window decisions: whether to react; groups of commits; chance weighted), and
tt.explore's outcome table weighted by chance.

The toy roll serves Dice Throne Missions 002 L110: the enemy dice are thrown once, then "heroes may use
effects to adjust the results of rolls", and only then attack. A d6 is thrown (a chance decision) and a
response window opens after it, where player 0 may use Nudge (+1 to the die) or pass. Whether to react
is a window decision, not an ordering: ``windows=True`` explores it, and ``chance="enumerate"`` weighs
each outcome by the die's exact probabilities, per plan of choices.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import tabletop as tt
from tabletop.core import CHANCE, Ability, Profile
from tabletop.core.errors import TabletopError
from tests.kernel.test_choices import skirmish
from tests.kernel.toybook import creature, game_of


def roll(game) -> None:
    options = [{"id": str(n), "label": f"rolled {n}"} for n in range(1, 7)]
    game.ask(CHANCE, "d6", options, "toy.landed", prompt="throw the enemy die", probs=[1 / 6] * 6)


def landed(game, args) -> None:
    game.state.set_var("die", int(args["choice"]["id"]))
    game.emit("rolled", rule="toy.script", player=0)


def nudge(game, act) -> None:
    game.state.set_var("die", game.state.vars["die"] + 1)


NUDGE = Ability("Nudge", "triggered", rule="toy.ability", event="rolled", timing="after", forced=False, effect=nudge)


def rolling(optional: str = "priority_window", **kw):
    return game_of(
        Profile(optional=optional),
        [creature("H", 0, NUDGE)],
        scripts={"roll": roll},
        tasks={"toy.landed": landed},
        **kw,
    )


def hits(report, plan) -> Fraction:
    """The probability, under ``plan``, that the die shows 5 or more once the window has closed."""
    games = {o.fingerprint: o.game for o in report.outcomes}
    return sum((p for fp, p in report.plans[plan].items() if games[fp].state.vars["die"] >= 5), Fraction(0))


def test_a_response_window_is_explored_only_when_asked():
    game = rolling().apply("go:roll")
    assert game.decision.kind == "window"  # the die came up (sampled); player 0 may use Nudge or pass
    with pytest.raises(TabletopError, match="waiting for a 'window' decision"):
        tt.orderings(game)  # today's behaviour: a window is not an ordering
    report = tt.orderings(game, windows=True)
    assert len(report.outcomes) == 2 and report.order_dependent
    used = {o.witness for o in report.outcomes}
    assert used == {("use Nudge (H)",), ("pass",)}
    die = sorted(o.game.state.vars["die"] for o in report.outcomes)
    assert die[1] == die[0] + 1  # Nudge adds one to whatever the die showed
    assert all(o.probability is None for o in report.outcomes)  # chance sampled: no weights


def test_an_optional_trigger_asked_of_its_controller_is_a_window_decision_too():
    game = rolling(optional="ask").apply("go:roll")
    assert game.decision.kind == "optional_trigger"
    report = tt.orderings(game, windows=True)
    assert {o.witness for o in report.outcomes} == {("use Nudge",), ("decline Nudge",)}


def test_chance_enumerated_weighs_each_plan_of_choices_exactly():
    game = rolling(chance="manual")
    report = tt.orderings(game, play=["go:roll"], windows=True, chance="enumerate")
    assert report.method == "brute"
    assert set(report.plans) == {("0:H#0",), ("pass",)}
    for plan in report.plans.values():
        assert sum(plan.values()) == 1
        assert all(p == Fraction(1, 6) for p in plan.values())  # one position per face of the die
    assert hits(report, ("0:H#0",)) == Fraction(1, 2)  # 4, 5, 6 nudged to 5, 6, 7
    assert hits(report, ("pass",)) == Fraction(1, 3)  # 5, 6
    rows = report.table()
    assert len(rows) == 12 and {r["plan"] for r in rows} == {"use Nudge (H)", "pass"}
    assert all(o.probability == Fraction(1, 6) for o in report.outcomes)
    # a game that samples chance gets the same table: the throw the moves set off is enumerated too
    sampling = tt.orderings(rolling(), play=["go:roll"], windows=True, chance="enumerate")
    assert sampling.plans == report.plans
    # without enumerate the chance decision ends the run: there is nothing to order or react to
    with pytest.raises(TabletopError, match="waiting for a 'd6' decision"):
        tt.orderings(game, play=["go:roll"], windows=True)


def test_a_group_of_commits_is_one_joint_step():
    """choices.Commit (the skirmish's duel: both say high or low at once, tests/kernel/test_choices.py)."""
    game = skirmish().new_game(seed=0).apply("go:duel")
    assert game.decision.kind == "commit"
    with pytest.raises(TabletopError, match="waiting for a 'commit' decision"):
        tt.orderings(game)
    report = tt.orderings(game, commits=True)
    witnesses = sorted(o.witness for o in report.outcomes)
    assert witnesses == [
        ("player 0: say high; player 1: say high",),
        ("player 0: say high; player 1: say low",),
        ("player 0: say low; player 1: say high",),
        ("player 0: say low; player 1: say low",),
    ]
    hurt = {o.witness[0]: sorted(oid for oid in ("a0", "b0") if o.game.obj(oid).get("damage")) for o in report.outcomes}
    assert hurt["player 0: say high; player 1: say low"] == ["b0"]  # the one who said high deals 1 damage
    assert hurt["player 0: say low; player 1: say high"] == ["a0"]
    assert hurt["player 0: say low; player 1: say low"] == []


# ------------------------------------------------------------------ explore: outcomes weighted by chance
def test_explore_weighs_each_plan_of_choices_by_chance():
    """tt.explore already branches on every decision (a window's use or pass, each commit group as one joint
    step); outcome_table() tells, for each plan of choices, how likely each outcome is (002 L110: nudging the
    die after seeing it)."""
    game = rolling(chance="manual").apply("go:roll")
    sg = tt.explore(game, depth=2)  # the throw, then the window
    rows = sg.outcome_table(outcome=lambda g: "hit" if g.state.vars["die"] >= 5 else "miss")
    table = {(r["plan"], r["outcome"]): r["probability"] for r in rows}
    assert table == {
        ("use Nudge (H)", "hit"): Fraction(1, 2),
        ("use Nudge (H)", "miss"): Fraction(1, 2),
        ("pass", "hit"): Fraction(1, 3),
        ("pass", "miss"): Fraction(2, 3),
    }
    plain = sg.outcome_table()  # no outcome function: the game is not over anywhere at depth 2
    assert {(r["plan"], r["outcome"], r["probability"]) for r in plain} == {
        ("use Nudge (H)", "unfinished", 1),
        ("pass", "unfinished", 1),
    }


def test_explore_outcome_table_of_a_finished_game_names_the_winners():
    """Memory's last pair (mem.assume.end: the game ends once the grid is empty): whoever flips it wins."""
    game = tt.rulebook("memory").scenario("last-pair")
    sg = tt.explore(game, depth=2)
    rows = sg.outcome_table()
    assert {r["outcome"] for r in rows} == {"0"}  # player 0 takes the pair with either order of flips
    assert all(r["probability"] == 1 for r in rows) and len(rows) == 2
