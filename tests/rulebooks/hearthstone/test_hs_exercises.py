"""The judges of 03_hearthstone's exercises (tabletop/games/hearthstone/exercises.py): each plays the answer
and says what happened on the board. Lines cite 000_7fc8e0fd1bcbc422.txt."""

from hsx import RB


def test_argus_accepts_every_best_position_and_reports_the_board_of_a_worse_one():
    """hs.adjacent (L50), hs.assume.aura: left of the Pack Wolf (0) or between Wolf and Crawler (1) both make
    10 attack; at the far right (2) Argus buffs only the Crawler and leaves the aura: Wolf 2, Crawler 3+1+1, Argus 2."""
    ex = RB.exercise("argus-position")
    assert ex.check(0).ok and ex.check(1).ok
    worse = ex.check(2)
    assert not worse.ok
    assert "at position 2 the board has 9 attack (Pack Wolf 2, Bog Crawler 5, Argus Defender 2)" in worse.text
    off_board = ex.check(5)
    assert not off_board.ok and "can be played at position 0, 1, 2, not 5" in off_board.text


def test_the_sword_judge_names_every_minion_the_sword_buffed_the_hero_power_s_too():
    """hs.sword_of_justice (L32): Bog Crawler, Argent Novice and the paladin power's Squire each took +1/+1."""
    verdict = RB.exercise("sword-durability").check(3)
    assert not verdict.ok
    assert "Bog Crawler (4/3), Argent Novice (2/2), Squire (2/2)" in verdict.text


def test_the_knife_judge_plays_the_named_option_value():
    """hs.order_of_play (L68): in the text's order the knife may hit only the hero; a value that is not one of
    the option's is told the values there are."""
    ex = RB.exercise("knife-at-whelps")
    text = ex.check("in_order_of_play").text
    assert "the characters it may hit are: Paladin (hero);" in text
    bad = ex.check("last")
    assert not bad.ok and "'in_order_of_play', 'first'" in bad.text
