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


def test_nine():
    """A Pikeman (strike 2), the mage at 9 life left (20 less 11 wounds); in hand, all free: Giant's Might
    (x3), Battle Fury (+1), Halving Curse (/2), each until end of turn.

    Count 2: by 521.1 (001_240eaaff2b2d73c1.txt) the additions apply before the multiplications and the
    divisions last, whatever the order of play, so Battle Fury and Giant's Might give (2+1)x3 = 9 in either
    order; without either it is at most 6 (2x3) or 3, and the Curse always halves the sum. Each spell's
    target (the only own creature; the Curse's any creature, here only the Pikeman) is forced. So the two
    orders, then the attack: 2 strategies of 3 choices."""
    puzzle = RB.puzzle("nine")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 3, 2)
    assert puzzle.check(["play:c6", "play:c5", "attack:c3>c2"]).ok
    assert puzzle.check(["play:c5", "play:c6", "attack:c3>c2"]).ok
    wrong = puzzle.check(
        ["play:c5", "play:c6", "play:c7", "attack:c3>c2"]
    )  # (2+1)x3/2: the Curse halves at the end anyway
    assert not wrong.ok
    assert "not met" in wrong.message


def test_sage_pays():
    """Two open coins and two in the supply; in hand a Wandering Sage (cost 2: choose 2 times from 1 wound to
    an enemy creature or a temporary coin until end of turn) and a Pikeman (cost 2). Goal: two creatures in
    the squad before the turn ends.

    Count 1: the coins pay one card (bh.520.2); the Pikeman first leaves nothing for the Sage, so the Sage
    comes first and its two choices of the constructor (522.1) must both be the coin (520.4: from the
    supply), since a wound and a coin leave one coin for a cost of 2. Then the Pikeman: 4 choices."""
    puzzle = RB.puzzle("sage-pays")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 4, 1)
    assert puzzle.check(["play:c3", "1", "1", "play:c4"]).ok
    wrong = puzzle.check(["play:c3", "1", "0>c5", "play:c4"])  # a coin and a wound: one coin short
    assert not wrong.ok
    assert "('play:c4') is not an option" in wrong.message


def test_last_guard():
    """Brand has 2 life left; the mage's squad: a Pikeman (strike 2, life 2) and a Warded Monk (strike 1,
    protection from spells). Player 0: a Border Guard (strike 1, life 2), Firebolt (cost 2: 2 wounds to a
    creature), 2 coins, Battle Cry (pay 1: +1 strike until end of turn). Goal: survive the round, whatever
    the mage does.

    Count 7: the Pikeman must die this turn (its strike 2 is Brand's life; the Monk's 1 is not), by Firebolt
    (both coins; not the Monk, bh.protection.spell) or by the Guard with Battle Cry (strike 2; 1 coin left,
    Firebolt unaffordable). Firebolt first, its target a choice (the Pikeman or the own Guard), then the
    Guard's one action: at the hero, at the Monk, or pass: 3. The Guard first at the hero or the Monk, then
    Firebolt with the target again a choice: 2. The Guard first at the Pikeman (the exchange of blows kills
    the Guard, bh.assume.combat), then Firebolt, the Pikeman its only target: 1. Battle Cry (its target the
    only own creature, forced) then the Guard at the Pikeman: 1. 3 + 2 + 1 + 1; the shortest, 2 choices,
    are the last two."""
    puzzle = RB.puzzle("last-guard")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 2, 7)
    assert sol.count_shortest == 2
    assert puzzle.check(["play:c4", "c5", "pass"]).ok
    wrong = puzzle.check(["attack:c3>c2", "pass"])  # race the mage instead
    assert not wrong.ok
    assert wrong.refutation  # the mage's Pikeman strikes Brand
    assert any(step.option == "attack:c5>c1" for step in wrong.refutation)


def test_clear_the_field():
    """The mage's squad: a Border Guard (life 2) and a Warded Monk (life 3, strike 1, protection from spells).
    Player 0: a Pikeman (strike 2, life 2), Twin Bolts (cost 1: choose 2 times from 1 wound to an enemy
    creature or -1 strike to it, 522.1), Battle Fury (free: +1 strike to an own creature until end of turn),
    one coin. Goal: hold an empty enemy squad when the turn ends.

    Count 3: only the Pikeman's blow reaches the Monk (bh.protection.spell), and only at strike 3 (Battle
    Fury, its target the only own creature, forced; 521.1); the Monk's blow back (1) leaves it standing. The
    Guard dies only to both Twin Bolts choices being the wound (the Pikeman has one attack). So the block
    Twin Bolts (3 choices) and the pair Battle Fury then the attack (2) interleave in 3 ways: TB, BF, A;
    BF, TB, A; BF, A, TB. Each is 5 choices (the pass after is forced)."""
    puzzle = RB.puzzle("clear-the-field")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 5, 3)
    assert puzzle.check(["play:c5", "attack:c3>c7", "play:c4", "0>c6", "0>c6"]).ok
    wrong = puzzle.check(["play:c4", "0>c6", "0>c6", "attack:c3>c7", "pass"])  # the Monk at strike 2: 1 life left
    assert not wrong.ok
    assert "not met" in wrong.message
