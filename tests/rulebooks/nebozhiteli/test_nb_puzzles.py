"""Nebozhiteli's puzzles (tabletop/games/nebozhiteli/data/puzzles): each solved by tt.solve with its solvability,
shortest line and number of solutions pinned (derived from the rules in each test's docstring), a right line
checked ok and a tempting wrong one refuted. Lines cite 003_d48e1762333e061a.txt."""

from nb import RB

import tabletop as tt


def test_the_rulebook_ships_its_puzzles():
    assert {"clear-the-way", "two-of-three", "in-time"} <= set(RB.puzzles)


def test_clear_the_way():
    """Player 1 has 3 mana and one untapped Ghoul (2 lives); player 0, at his equipment phase with 4 actions, has an
    Elven Archer with a Longbow (ranged, 2) and an unarmed Knight of the Vale (1, nb.strength L42), and a Longsword
    (3, 2 actions) and a Steel Dagger in hand (not offered: the Knight uses no dagger, nb.equip_types L45, and the
    Archer's one weapon is its Longbow, nb.one_per_type L46).

    Count 1, shortest 4: only an unblocked 3 takes the 3 mana (nb.player_damage L74), so the Knight must carry the
    Longsword and go unblocked. The Ghoul blocks any lone attacker (L65), and with two attackers it blocks the
    Knight. Only the Archer's shot removes it: a ranged attack is not blocked (L53) and its damage phase ends
    before the attackers are declared (L54-L55: the Ghoul, 2 - 2, dies there); the shot turns the Archer
    (nb.attackers L58), so the Knight attacks alone. Equip, end the equipment phase, shoot, declare the Knight:
    4 choices, one way (taking the Longbow off would turn the Archer, L49, and leave no shooter)."""
    puzzle = RB.puzzle("clear-the-way")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 4, 1)
    assert [s.option for s in sol.lines[0] if s.player == 0] == ["equip:c65>c64", "done", "shoot:c62>c133", "pick:c64"]
    assert puzzle.check(["equip:c65>c64", "done", "shoot:c62>c133", "pick:c64"]).ok
    wrong = puzzle.check(["equip:c65>c64", "done", "done", "pick:c62+c64"])  # both attack: the Ghoul blocks the Knight
    assert not wrong.ok


def test_two_of_three():
    """The Orc Axeman's Greataxe (4) is blocked by a Skeleton Warrior (1 life), a Ghoul (2) and a Lich (3 lives,
    Silk Robe: armour 1); player 0 splits the 4 as he likes, 0 to some allowed (nb.redistribute L72,
    nb.assume.redistribute): 15 splits. Goal: two of them in the graveyard when the damage phase ends (L76).

    Count 3, shortest 1: a share kills the Skeleton from 1, the Ghoul from 2, the Lich only from 4 (its robe takes
    1 off its share, nb.armour L71). Skeleton and Lich need 5, Ghoul and Lich 6: only the Skeleton and the Ghoul
    (3 of the 4), the fourth point anywhere: to the Skeleton (2+2), the Ghoul (1+3) or the Lich (1+2+1)."""
    puzzle = RB.puzzle("two-of-three")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 1, 3)
    assert puzzle.check(["split:c132=2+c133=2"]).ok
    assert not puzzle.check(["split:c132=1+c134=3"]).ok  # the robe: the Lich takes 2 of the 3


def test_in_time():
    """Player 0 has cast a Scroll of Fire (2 fire damage) on player 1's Skeleton Warrior (2 lives) in the end-of-turn
    goes (nb.end_window L78); player 1 holds a Healing Potion (2 lives), player 0 an Ambush (1 damage). Goal:
    player 1 keeps the Skeleton when the turn ends.

    Count 1, shortest 1: the damage waits in the phase's ledger (L76), so the potion now makes 2 - 2 + 2, and
    the Ambush after it 1: it lives. Passing first loses: player 0 passes too, the goes end (both passed in
    succession, nb.assume.magic) and the Skeleton ends the phase with 0. Under option death_check "as_soon_as"
    (L40) it would be dead already."""
    puzzle = RB.puzzle("in-time")
    sol = tt.solve(puzzle)
    assert (sol.solvable, sol.shortest, sol.count) == (True, 1, 1)
    assert puzzle.check(["cast:c131>c130"]).ok
    assert not puzzle.check(["pass"]).ok
