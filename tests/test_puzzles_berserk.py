"""Berserk: Heroes' starter puzzles (tabletop/games/berserk_heroes/data/puzzles): each solved by tt.solve
with its solvability, shortest line and number of solutions pinned (derived from the rules in each test's
docstring), a right line checked ok and a tempting wrong one refuted."""

import tabletop as tt

RB = tt.rulebook("berserk_heroes")


def test_three_to_go():
    """The mage has 3 life left (20, bh.assume.setup, less 17 wounds); player 0 has 2 open coins (bh.520.2),
    a Pikeman (strike 2), Firebolt (cost 2) and the warrior's Battle Cry (pay 1, close the hero: +1 strike
    until end of turn, bh.warrior, bh.action).

    Count 1: Firebolt's target is a creature, so only the Pikeman's attack reaches the hero, and its strike
    2 is one short: Battle Cry must come first (its target, the only own creature, is forced and not a
    choice). Firebolt then costs 2 of the 1 coin left (not offered); Firebolt first leaves no coin for the
    Battle Cry; an attack first taps the Pikeman. So one strategy, Battle Cry then the attack: shortest 2."""
    puzzle = RB.puzzle("three-to-go")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 2, 1)
    assert [step.option for step in sol.lines[0] if step.player == 0][-1] == "attack:c3>c2"
    assert puzzle.check(["use:c1#0", "attack:c3>c2"]).ok
    wrong = puzzle.check(["play:c5", "c4", "attack:c3>c2"])  # burn the guard, then strike for 2
    assert not wrong.ok
    assert "not met" in wrong.message
