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
    assert RB.puzzles == ["aegis-first", "shelter-not-aegis", "through-the-guard", "vulnerable-first"]
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


def test_through_the_guard():
    """The Necromancer (c2) has 4 health left (76 damage tokens, L107, L126) behind a Charr Legionnaire (c16,
    Taunt, health 7, 5 damage tokens: 2 left); player 0 has an active Moa (c8, damage 1), Skale (c9, 2) and
    Bandit Thug (c10, 3), and nothing he can play.

    000_7fc8e0fd1bcbc422.txt L144: a card with Taunt "MUST be attacked until it is defeated" (ДОЛЖНЫ атаковать
    пока она не будет повержена); gw2.assume.taunts: it shields the hero too, so while it stands the hero is
    no target. L127: at 0 health it goes to the discard, and the hero is open to the attacks still to come. So
    the Legionnaire must take at least 2 of the 6 and the hero at least 4: exactly the Skale's 2 on it (the
    Skale dies of its counter-damage, 3, L120), then the Moa and the Thug on the hero in either order. The
    Moa's 1 does not defeat it (a second attacker must follow, and then at most 3 reach the hero); the Thug on
    it leaves 1 + 2 = 3 for the hero. 2 strategies of 3 choices."""
    puzzle = RB.puzzle("through-the-guard")
    game = puzzle.game()
    assert game.legal() == ["attack:c8>c16", "attack:c9>c16", "attack:c10>c16", "end"]  # L144: not the hero
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count, sol.count_shortest) == (True, 3, 2, 2)
    assert sorted([step.option for step in line] for line in sol.lines) == [
        ["attack:c9>c16", "attack:c10>c2", "attack:c8>c2"],
        ["attack:c9>c16", "attack:c8>c2", "attack:c10>c2"],
    ]
    assert puzzle.check(["attack:c9>c16", "attack:c8>c2", "attack:c10>c2"]).ok
    # the tempting line, the biggest hit to clear the guard: the Thug's 3 kills it, but 1 + 2 leaves the hero at 1
    wrong_line = ["attack:c10>c16", "attack:c8>c2", "attack:c9>c2"]
    game.apply(wrong_line[0])
    assert game.obj("c16")["zone"] == "discard:1"
    for move in wrong_line[1:]:
        game.apply(move)
    assert wounds(game, "c2") == 79 and not game.over and game.legal() == ["end"]
    wrong = puzzle.check(wrong_line)
    assert not wrong.ok and "not met" in wrong.message
    # and the hero is no target while the Legionnaire stands
    assert not puzzle.check(["attack:c10>c2"]).ok


def test_shelter_not_aegis():
    """Player 0's Guardian (c1) has 3 health left (77 damage tokens, L107, L126); player 1's Moa (c14, damage 1)
    and Bandit Thug (c15, 3) are active. Player 0 has 1 stamina, a Shelter (c3, Protection to a card of his,
    cost 1) and a Shield of Absorption (c4, Aegis, cost 1), no minion; player 1's deck and hand hold only Rytlock
    Brimstones (cost 8), so on his turn (2 stamina) he can only attack, in the order he likes (replies "all").
    Goal: player 0 has not lost when the round ends.

    000_7fc8e0fd1bcbc422.txt L133: Aegis blocks the next attack whatever its damage: player 1 spends it with the
    Moa and the Thug's 3 is the 80th damage. L135: Protection halves the damage received, "1 unit of damage equals
    0" (единица урона приравнивается к 0, gw2.assume.damage_order: rounded down), and it "is removed if damage is
    received" (gw2.assume.protection: a hit of 0 is no damage received): the Moa first deals 0 and the
    Protection stays, so the Thug deals 1 (1 in all); the Thug first deals 1 and removes it, the Moa then 1
    (2 in all). Either way the Guardian keeps 1 or 2 health. Ending the turn with nothing played: 4 damage.
    One strategy of 1 choice (the end of the turn is then forced: no stamina is left)."""
    puzzle = RB.puzzle("shelter-not-aegis")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 1, 1)
    assert [step.option for step in sol.lines[0] if step.player == 0] == ["play:c3>c1", "end"]
    assert puzzle.check(["play:c3>c1"]).ok
    for replies, taken in ((["attack:c14>c1", "attack:c15>c1"], (0, 1)), (["attack:c15>c1", "attack:c14>c1"], (1, 1))):
        game = puzzle.game()
        game.apply("play:c3>c1")
        game.apply("end")
        game.apply("rytlock")  # player 1's draw (gw2.turn_start, L117): his deck holds only Rytlock Brimstones
        game.apply(replies[0])
        assert wounds(game, "c1") == 77 + taken[0]
        assert ("Protection" in game.obj("c1").get("statuses", {})) == (taken[0] == 0)  # a 0 does not remove it
        game.apply(replies[1])
        assert wounds(game, "c1") == 77 + sum(taken) and not game.over
    # the tempting line, Aegis: player 1 spends it with the Moa, and the Thug's 3 is the 80th damage
    game = puzzle.game()
    for move in ["play:c4>c1", "end", "rytlock", "attack:c14>c1"]:
        game.apply(move)
    assert wounds(game, "c1") == 77 and "Aegis" not in game.obj("c1").get("statuses", {})
    game.apply("attack:c15>c1")
    assert game.over and game.result["winners"] == [1]
    wrong = puzzle.check(["play:c4>c1"])
    assert not wrong.ok and "attacks Guardian (c1)" in wrong.message
    assert not puzzle.check(["end"]).ok


def test_shelter_not_aegis_rests_on_the_reading_of_a_hit_of_0():
    """gw2.assume.protection (L135): with option zero_removes_protection the Moa's 0 removes the Protection, the
    Thug's 3 is then the 80th damage, and no line survives: the puzzle is about that reading."""
    puzzle = RB.puzzle("shelter-not-aegis")
    text = puzzle.text.replace("\n[turn]\n", "\n[options]\nzero_removes_protection = true\n\n[turn]\n", 1)
    assert text != puzzle.text
    assert not tt.solve(tt.load_puzzle(text, name="zero-removes.toml")).solvable
