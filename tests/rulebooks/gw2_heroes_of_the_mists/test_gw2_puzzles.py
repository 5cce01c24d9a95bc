"""Heroes of the Mists' puzzles (tabletop/games/gw2_heroes_of_the_mists/data/puzzles): each solved by tt.solve with
its solvability, shortest line and number of solutions pinned (derived from the rules in its docstring), the right
line checked ok, and the tempting wrong one played out on the board and refuted. Lines cite
000_7fc8e0fd1bcbc422.txt.

Ids: the heroes are c1 (player 0's Guardian) and c2 (player 1's Necromancer); then the cards each file lists."""

import tabletop as tt

RB = tt.rulebook("gw2_heroes_of_the_mists")


def wounds(game, oid):
    return game.obj(oid).get("wounds", 0)


def test_the_rulebook_ships_its_puzzles():
    assert RB.puzzles == ["aegis-first", "vulnerable-first"]
    for name in RB.puzzles:
        assert RB.puzzle(name).title


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


def test_aegis_first():
    """The Necromancer (c2) has 5 health left (75 damage tokens, L107, L126) and one stack of Aegis; player 0 has
    an active Moa (c8, damage 1), Dredge Miner (c9, 2) and Bandit Thug (c10, 3), and nothing he can play (1
    stamina, a Rytlock Brimstone of cost 8).

    000_7fc8e0fd1bcbc422.txt L133: Aegis "blocks the next attack" (Блокирует следующую атаку), whatever its
    damage, and one stack blocks one attack: the first of the three is lost whichever it is (gw2.assume.blocked:
    a blocked attack deals no damage). All three attack (a hero deals no counter-damage, L129), so what gets
    through is the total less the first: Moa first 2 + 3 = 5 >= 5; Miner first 1 + 3 = 4; Thug first 1 + 2 = 3.
    The Moa first, then the other two in either order: 2 strategies of 3 choices."""
    puzzle = RB.puzzle("aegis-first")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count, sol.count_shortest) == (True, 3, 2, 2)
    assert sorted([step.option for step in line] for line in sol.lines) == [
        ["attack:c8>c2", "attack:c10>c2", "attack:c9>c2"],
        ["attack:c8>c2", "attack:c9>c2", "attack:c10>c2"],
    ]
    assert puzzle.check(["attack:c8>c2", "attack:c9>c2", "attack:c10>c2"]).ok
    # the tempting line, the biggest hit first: the Aegis takes the Thug's 3, and 1 + 2 leaves the hero at 2
    wrong_line = ["attack:c10>c2", "attack:c9>c2", "attack:c8>c2"]
    game = puzzle.game()
    game.apply(wrong_line[0])
    assert wounds(game, "c2") == 75 and "Aegis" not in game.obj("c2").get("statuses", {})  # blocked, spent
    for move in wrong_line[1:]:
        game.apply(move)
    assert wounds(game, "c2") == 78 and not game.over and game.legal() == ["end"]
    wrong = puzzle.check(wrong_line)
    assert not wrong.ok and "not met" in wrong.message
