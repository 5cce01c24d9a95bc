"""The judges of 05_marvel_champions' and 20_timing_compared's exercises (tabletop/games/marvel_champions/
exercises.py): each plays the answer on a fresh scenario and says what happened. Lines cite
000_7fc8e0fd1bcbc422.txt."""

from mc import RB


def test_passing_the_interrupt_window_reports_the_attack_and_martial_law_damage():
    """mc.interrupt (L461), mc.cancel (L327-332): Deflect cancels the attack, so no damage at all; passing lets
    the attack deal 2 (ATK 1 + 1 boost icon) and Martial Law's forced response 1 more."""
    ex = RB.exercise("no-damage")
    assert ex.check("deflect").ok and ex.check("0:c6#0").ok  # a card name (any case) or the option id
    passed = ex.check("pass")
    assert "Aegis takes 3 damage this villain phase: 2 attack damage to Aegis; 1 effect damage to Aegis" in passed.text


def test_a_card_that_is_no_option_is_told_the_options_there_are():
    verdict = RB.exercise("no-damage").check("Energy Cell")
    assert not verdict.ok
    assert "no option mentions 'Energy Cell' here; the options are: 'use Deflect (c6)' (id 0:c6#0)" in verdict.text


def test_martial_law_first_hurts_both_heroes_and_the_judge_stops_at_the_next_attack():
    """mc.forced (L464-465): Martial Law first finds 3 threat and deals 1 to each hero; the second attack (on
    player 1) is not counted."""
    verdict = RB.exercise("forced-first").check("Martial Law")
    assert "2 damage is dealt while the two responses resolve: 1 effect damage to Aegis (player 0); " in verdict.text
    assert "attack damage" not in verdict.text


def test_the_defence_judge_reads_the_damage_and_the_arithmetic_off_the_trace():
    """mc.enemy_attack.3-4 (L419-421): ATK 1 + 1 boost icon - DEF 2 = 0."""
    verdict = RB.exercise("aegis-defends-damage").check(2)
    assert "Aegis took 0 attack damage, not 2 (Aegis defends: ATK 2 - DEF 2 = 0)" in verdict.text
    assert "whole number" in RB.exercise("aegis-defends-damage").check("0").text


def test_the_outcome_judges_count_with_the_ordering_explorer():
    """mc.forced (L464): two orders, two outcomes, with Aegis defending and under a stack container alike."""
    assert "finds 2 distinct outcome(s), not 1" in RB.exercise("aegis-defends-outcomes").check(1).text
    assert "under container='stack' tt.orderings finds 2 distinct outcome(s), not 3" in (
        RB.exercise("stack-outcomes").check(3).text
    )
