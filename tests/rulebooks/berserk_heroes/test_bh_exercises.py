"""The judges of 04_berserk_heroes's exercises (tabletop/games/berserk_heroes/exercises.py): each plays the
position and says what happened. Lines cite 001_240eaaff2b2d73c1.txt."""

from bh import RB


def test_the_coins_judge_tells_each_step_of_the_turn():
    """bh.520.3 (L5): an ability takes player 0 above 10; bh.520.4 (L7): the Mint's temporary coin goes back."""
    verdict = RB.exercise("coins-after-turn").check(13)
    assert not verdict.ok
    assert "had 10 coins, the Mint took him to 11, Windfall to 13" in verdict.text
    assert "1 temporary coin(s) went back" in verdict.text


def test_the_troll_judge_shows_the_order_521_1_applied():
    """bh.521.1 (L13-25): Halving Curse was cast first, yet the subtraction is applied before the division."""
    verdict = RB.exercise("troll-strike").check(0)
    assert not verdict.ok and "4, then -2, then /2" in verdict.text


def test_the_golem_judge_takes_any_collection_of_names_and_reports_each_card_played():
    """bh.protection (L43): the Pikeman's wounds are replaced; Firebolt and Twin Bolts wound the Golem."""
    ex = RB.exercise("golem-wounds")
    assert ex.check(["Twin Bolts", "Firebolt"]).ok
    assert "Pikeman puts no wound on it" in ex.check({"Pikeman", "Firebolt", "Twin Bolts"}).text
    assert "Firebolt puts 2 wound(s) on it" in ex.check(set()).text
    assert "write a set of card names" in ex.check("Firebolt").text
    assert "'Fireball': the cards to choose from are Pikeman, Firebolt, Twin Bolts" in ex.check({"Fireball"}).text


def test_the_chains_judge_lists_the_items_offered():
    """bh.522.1.spell (L31): the Warded Monk's protection from spells leaves the wound item out."""
    verdict = RB.exercise("constructor-chains").check(9)
    assert not verdict.ok and "one of: gain 1 coin(s); draw 1 card(s) (no wound" in verdict.text
