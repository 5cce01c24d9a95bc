"""Marvel Champions' starter puzzles (tabletop/games/marvel_champions/data/puzzles): each solved by tt.solve
with its solvability, shortest line and number of solutions pinned (derived from the rules in each test's
docstring), right lines checked ok and tempting wrong ones refuted. Rules cite 000_7fc8e0fd1bcbc422.txt.

Common ground: Aegis has 11 hit points, ATK 2, THW 1, DEF 2 (aegis, mc.assume.cards); the villain Dread
Marauder (I) ATK 1, SCH 1; an Energy Cell pays 2 wild resources, any other card 1 (mc.resources), and a
card being played cannot pay for itself (mc.assume.payment). A decision with one option is forced and
is not counted (docs/puzzles.md)."""

import tabletop as tt

RB = tt.rulebook("marvel_champions")


def solved(name: str) -> tuple:
    sol = tt.solve(RB.puzzle(name))
    return sol.solvable, sol.shortest, sol.count, sol.count_shortest


def test_deflect_or_brace():
    """The interrupt that saves the hero. Aegis has 2 hit points left and is exhausted (no defence); the
    villain attacks for 1 + 1 (Charged Gauntlets, mc.attachment) + 1 boost icon (a Marauder Thug, the only
    card of the encounter deck, mc.boost) = 3; Martial Law (forced response, after the villain attacks, the
    main scheme holding 3 threat) deals 1 more.

    Count 2: Deflect (Hero Interrupt: when an enemy would attack you, cancel the attack) cancels the attack,
    so Martial Law, whose trigger is the attack having happened, never fires (mc.cancel, mc.response): no
    damage. Brace (when your hero would take damage, prevent 2) leaves 1 of the 3, and Martial Law's 1
    makes 2: Aegis is defeated (mc.prevent, mc.elimination). Brace is not yet offered when Deflect is
    (its trigger is the damage, after the boost). Deflect costs 1, paid by the Energy Cell or by discarding
    Brace: 2 solutions of 2 choices (using it, paying)."""
    assert solved("deflect-or-brace") == (True, 2, 2, 2)
    puzzle = RB.puzzle("deflect-or-brace")
    assert puzzle.check(["0:c7#0", "c8"]).ok and puzzle.check(["0:c7#0", "c6"]).ok
    wrong = puzzle.check(["pass", "0:c6#0", "c8"])  # wait for the damage and Brace it
    assert not wrong.ok and "all players are eliminated" in wrong.message


def test_counterpunch():
    """The villain's final stage (Dread Marauder (II), 10 hit points for one player) has 2 left and attacks
    a ready Aegis with a boost of no icon (Dampening Field).

    Count 1: only Counterpunch (Hero Response: after your hero defends, deal 2 damage to the attacker) can
    deal the 2 damage in the villain phase, and only after Aegis defends (mc.defend, mc.response); the
    final stage at 0 is the players' win (mc.villain_defeat, mc.win). Defending is a choice (Aegis or no
    one, mc.assume.defenders), using Counterpunch another; the Energy Cell, the only other card, pays for it
    (forced). 1 solution of 2 choices."""
    assert solved("counterpunch") == (True, 2, 1, 1)
    puzzle = RB.puzzle("counterpunch")
    assert puzzle.check(["c1", "0:c6#0"]).ok
    assert not puzzle.check(["no"]).ok  # undefended: no response to a defence
    wrong = puzzle.check(["c1", "pass"])
    assert not wrong.ok and "the round ends" in wrong.message


def test_change_form():
    """Aegis, in hero form with 2 hit points left, at the start of her turn; the villain attacks a hero and
    schemes against an alter-ego (mc.activation), with 1 + 1 (Charged Gauntlets) ATK or 1 SCH, +1 for the
    boost (a Marauder Thug: 1 icon, mc.boost). The main scheme holds 4 threat of its target 7 and gets its
    acceleration 1 in villain step 1 (mc.villain_phase.1).

    Count 4: in hero form the attack is 3: undefended it defeats Aegis; defended by her (DEF 2; she is
    ready again, all cards ready at the end of the player phase, mc.end_player_phase) she takes 1 and lives.
    So ending the turn and defending works, and so does thwarting (THW 1) or attacking first, then ending
    the turn and defending: 3 strategies (after either action Aegis is exhausted, so no second one). In
    alter-ego form the villain schemes for 2: 4 + 1 + 2 = 7 completes the final main scheme and the players
    lose (mc.main_scheme, mc.win), unless Aegis thwarted first: 3 + 1 + 2 = 6. A hero must thwart before
    changing form (an alter-ego cannot thwart, mc.thwart); once changed and exhausted, ending the turn is
    the only option left. So thwart then change form: the 4th, and with end-and-defend the 2 of 2 choices."""
    assert solved("change-form") == (True, 2, 4, 2)
    puzzle = RB.puzzle("change-form")
    for line in (["end", "c1"], ["thwart:c1>c3", "form"], ["thwart:c1>c3", "end", "c1"], ["attack:c1>c2", "end", "c1"]):
        assert puzzle.check(line).ok, line
    wrong = puzzle.check(["form", "end"])  # hide in alter-ego form without thwarting
    assert not wrong.ok and "completed the final main scheme stage" in wrong.message
    assert "all players are eliminated" in puzzle.check(["end", "no"]).message


def test_cornered():
    """Cornered (Peril; When Revealed: 3 indirect damage to you) is dealt to Aegis (1 hit point left) beside
    a Field Medic (2 hit points). Goal: both still in play when the round ends.

    Count 2: indirect damage is divided among the player's characters, none assigned more than defeats it
    (mc.indirect): Aegis takes at most 1 and the Medic 2, so every division defeats the Medic, and Brace
    (preventing 2 of the damage to Aegis) saves her alone. Null Field (Interrupt: when a treachery card is
    revealed, cancel its effects) cancels the whole card (mc.cancel, mc.treachery): both stay. It costs 1,
    paid by Brace or the Energy Cell: 2 solutions of 2 choices."""
    assert solved("cornered") == (True, 2, 2, 2)
    puzzle = RB.puzzle("cornered")
    assert puzzle.check(["0:c6#0", "c7"]).ok and puzzle.check(["0:c6#0", "c8"]).ok
    wrong = puzzle.check(["pass", "c1", "0:c7#0", "c6"])  # Brace saves Aegis, and the Medic falls
    assert not wrong.ok and "at least 2 in play:0" in wrong.message


def test_whatever_the_boost():
    """Aegis has 3 hit points left and is ready; the villain attacks for 1 + 1 (Charged Gauntlets) with a
    boost from an encounter deck of Dampening Fields (no icon) and Marauder Snipers (2 icons); Martial Law
    adds 1 after the attack. The boost is turned over only after the defender is declared (mc.boost,
    mc.assume.boost_face_down): a choice must hold for both.

    Count 1: undefended the attack is 2 or 4, and with Martial Law 3 or 5: defeated either way. Defended
    (DEF 2, mc.defend) it is 0 or 2, so 1 or 3: defeated if the boost is the Sniper. Deflect (cost 1, the
    Energy Cell pays, forced) cancels the attack whatever the boost, and Martial Law with it (mc.cancel):
    1 solution of 1 choice. With chance = "any" defending would do too (2 solutions)."""
    assert solved("whatever-the-boost") == (True, 1, 1, 1)
    puzzle = RB.puzzle("whatever-the-boost")
    assert puzzle.check(["0:c7#0"]).ok
    wrong = puzzle.check(["pass", "c1"])
    assert not wrong.ok
    assert [step.option for step in wrong.refutation] == ["marauder_sniper"]
    hopeful = tt.load_puzzle(puzzle.text.replace("within = 4", 'within = 4\nchance = "any"'), name="any.toml")
    sol = tt.solve(hopeful)
    assert (sol.solvable, sol.count) == (True, 2)
