"""Hearthstone's starter puzzles (tabletop/games/hearthstone/data/puzzles), each solved by tt.solve with its
counts pinned and derived here from the rules they rest on, and a right and a tempting wrong line checked.

Ids: the heroes and powers are c1-c4 (c1 the mage, c3 the paladin), the decks c5-c64, then the cards the
file lists in its order (docs/positions.md).
"""

from __future__ import annotations

import pytest

import tabletop as tt

RB = tt.rulebook("hearthstone")


def solved(name: str) -> tt.Solution:
    return tt.solve(RB.puzzle(name))


def test_the_starter_set_has_five_puzzles_that_all_load():
    assert RB.puzzles == ["death-chain", "finishing-blow", "juggler-first", "knife-odds", "wolf-in-the-middle"]
    for name in RB.puzzles:
        assert RB.puzzle(name).title


def test_juggler_first():
    """hs.order_of_play (L68): Knife Juggler reacts to minions summoned after it. Hero at 2, 3 mana, the
    power spent: Juggler (2) then Charger (1) throws a knife at the only enemy (the hero, no minions) and
    the Charger's Charge attack is the second point. Charger first: the Juggler throws nothing. 2 solutions
    (the Charger left or right of the Juggler), 3 choices each."""
    sol = solved("juggler-first")
    assert (sol.shortest, sol.count, sol.count_shortest) == (3, 2, 2)
    p = RB.puzzle("juggler-first")
    assert p.check(["play:c66@0", "play:c65@1", "attack:c65>c3"]).ok
    wrong = p.check(["play:c65@0", "play:c66@0", "attack:c65>c3"])
    assert not wrong.ok and "the turn ends" in wrong.message


def test_knife_odds():
    """hs.assume.random: a knife goes to a random enemy character. Hero at 2 behind a Footman Sentry
    (1/2 Taunt, hs.assume.taunt); the Juggler (2/2, may attack) and two Argent Novices (1 mana each).
    Against every outcome the Sentry must die before the knives fly: the Juggler's attack kills it (2
    damage, 1 back: the Juggler lives), then two summons throw two sure knives at the hero. A knife
    thrown while the Sentry lives may hit it, and then 2 damage no longer reach the hero. Solutions: the
    attack, then either Novice first (2), at either side of the Juggler (2), the other at one of 3 places
    (3): 2 * 2 * 3 = 12, each of 3 choices."""
    sol = solved("knife-odds")
    assert (sol.shortest, sol.count, sol.count_shortest) == (3, 12, 12)
    assert all(line[0].option == "attack:c65>c66" for line in sol.lines)
    p = RB.puzzle("knife-odds")
    assert p.check(["attack:c65>c66", "play:c67@0", "play:c68@2"]).ok
    wrong = p.check(["play:c67@0", "play:c68@0", "attack:c65>c66"])
    assert not wrong.ok and wrong.refutation and wrong.refutation[0].player == tt.CHANCE
    assert "Footman Sentry" in wrong.message


def test_death_chain():
    """hs.assume.deathrattle: Abomination's Deathrattle deals 2 to all characters. The Abomination (4/4,
    2 damage, Taunt) dies to the Juggler's 2 attack and its Deathrattle finishes the hero at 2: 1 choice.
    Within 3 choices also: the hero power (Spark, 1 damage, the 2 mana) on any of the 4 characters first,
    then the same attack (the Juggler at 1 health still kills it; the hero at 1 or 2 still dies): 4 more,
    5 in all. Attacking first wins at once, so no strategy adds a choice after it."""
    sol = solved("death-chain")
    assert (sol.shortest, sol.count, sol.count_shortest) == (1, 5, 1)
    p = RB.puzzle("death-chain")
    assert p.check(["attack:c65>c66"]).ok
    assert not p.check(["power>c3", "end"]).ok


def test_finishing_blow():
    """Finishing Blow destroys a damaged enemy minion; the Bear (3/3 Taunt) stands between the Crawler
    (3/2) and the hero at 3. Only one order: Spark the Bear (2 mana: now damaged), Finishing Blow on it
    (2 mana), the Crawler attacks the hero. Attacking the Bear instead kills both minions (3 damage each
    way), and Spark alone leaves the hero at 2: 1 solution, 3 choices."""
    sol = solved("finishing-blow")
    assert (sol.shortest, sol.count, sol.count_shortest) == (3, 1, 1)
    p = RB.puzzle("finishing-blow")
    assert p.check(["power>c66", "play:c67>c66", "attack:c65>c3"]).ok
    wrong = p.check(["attack:c65>c66", "power>c3"])
    assert not wrong.ok


def test_wolf_in_the_middle():
    """hs.assume.aura: Pack Wolf gives adjacent minions +1 Attack. Two Crawlers (3) and the Wolf (2): 8,
    +1 for each neighbour. Between them (position 1) both are neighbours: 10 when the turn ends; at either
    end one is: 9. Within 2 choices (play, end the turn) 1 solution."""
    sol = solved("wolf-in-the-middle")
    assert (sol.shortest, sol.count, sol.count_shortest) == (2, 1, 1)
    assert [s.option for s in sol.lines[0]] == ["play:c67@1", "end"]
    p = RB.puzzle("wolf-in-the-middle")
    assert not p.check(["play:c67@0", "end"]).ok


@pytest.mark.parametrize("name", ["juggler-first", "knife-odds", "death-chain", "finishing-blow", "wolf-in-the-middle"])
def test_every_witness_line_checks(name):
    """What solve calls a solution, check accepts: every witness line, played as the student's moves."""
    p = RB.puzzle(name)
    for line in tt.solve(p).lines:
        assert p.check([s.option for s in line if s.player == p.player]).ok
