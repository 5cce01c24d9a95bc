"""The werewolf notebook's exercises (tabletop/games/one_night_werewolf/exercises.py): what their judges
read off the night, pinned against the rules they teach (000_7fc8e0fd1bcbc422.txt L205-232)."""

import tabletop as tt
from tabletop.games.one_night_werewolf.exercises import DAWN_DEAL, DAWN_NIGHT, ORDER_DEAL, wolves
from tabletop.games.one_night_werewolf.game import ROBBER_FIRST, dealt, final_roles

RB = tt.rulebook("one_night_werewolf")


def test_the_drunk_takes_the_centre_werewolf_and_the_troublemaker_passes_the_other_on():
    """onw.robber L220, onw.troublemaker L221, onw.drunk L222, onw.role_is_card L205."""
    game = dealt(DAWN_DEAL)
    for option in DAWN_NIGHT:
        game.apply(option)
    assert game.decision.kind == "vote"  # the night is over
    assert [p for p, r in final_roles(game).items() if r == "werewolf"] == ["0", "4"] == [str(p) for p in wolves(game)]


def test_a_partial_answer_is_told_how_many_it_missed_not_which():
    ex = RB.exercise("werewolf-at-dawn")
    text = ex.check([4]).text
    assert "1 more player(s) you did not name" in text and "player 0" not in text
    assert "player 1 holds the robber card" in ex.check([1, 4]).text
    assert ex.check(4).text.startswith("Not quite:") and ex.check([4, 0]).ok


def test_the_troublemakers_swap_depends_on_the_call_order():
    """onw.call_order L209-224 against onw.assume.order_option: the stored swap (players 0 and 3) puts the
    Werewolf card in front of player 3 only because the Robber has already taken it."""
    ex = RB.exercise("troublemaker-swap")
    assert ex.check((0, 3)).ok and ex.check([3, 0]).ok
    swapped = dealt(ORDER_DEAL, call_order=ROBBER_FIRST)
    for option in ("view:c0", "swap:p0+p3", "swap:p2"):  # the Troublemaker is called first here
        swapped.apply(option)
    assert wolves(swapped) == [0]
    assert "two *other* players" in ex.check((1, 3)).text
    assert "two different numbers" in ex.check((3, 3)).text


def test_the_vote_is_judged_on_who_dies_and_who_wins_separately():
    """onw.execute L207, onw.win.villager_killed L231: an innocent dies, the werewolf team (player 3) wins."""
    ex = RB.exercise("vote-winners")
    assert ex.check((0, [3])).ok
    assert "executes player(s) [0], not player 2" in ex.check((2, [3])).text
    wrong_winners = ex.check((0, [1, 2, 3])).text
    assert "winners are not [1, 2, 3]" in wrong_winners and "onw.win.villager_killed" in wrong_winners
    assert "executes" not in wrong_winners
