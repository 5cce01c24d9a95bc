"""Heroes of the Mists' puzzle (tabletop/games/gw2_heroes_of_the_mists/data/puzzles): solved by tt.solve with its
solvability, shortest line and number of solutions pinned (derived from the rules in the docstring), the right
line checked ok and the tempting wrong one refuted."""

import tabletop as tt

RB = tt.rulebook("gw2_heroes_of_the_mists")


def test_vulnerable_first():
    """The Necromancer (c2) has 5 health left (80 less 75 damage tokens, gw2.hero_health L107, gw2.win L126);
    player 0 has an active Centaur Spearman (c8, damage 3) and Hylek Archer (c9, damage 1, Vulnerability on
    its attack); 1 stamina and only a Rytlock Brimstone (cost 8) in hand, so nothing to play.

    000_7fc8e0fd1bcbc422.txt L121: the Archer's Vulnerability comes after its own damage; L139: it doubles the
    next attack that gets through. Archer first: 1, then the Spearman's 3 doubled to 6: 7 >= 5. Spearman first:
    3, then the Archer's 1: 4 < 5. A hero deals no counter-damage (gw2.hero_safe, L129), so both attacks are
    made. One strategy of 2 choices."""
    puzzle = RB.puzzle("vulnerable-first")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 2, 1)
    assert [step.option for step in sol.lines[0]] == ["attack:c9>c2", "attack:c8>c2"]
    assert puzzle.check(["attack:c9>c2", "attack:c8>c2"]).ok
    wrong = puzzle.check(["attack:c8>c2", "attack:c9>c2"])
    assert not wrong.ok
    assert "not met" in wrong.message
