"""One Night Ultimate Werewolf's rule code as task functions (issue 14), 000_7fc8e0fd1bcbc422.txt lines cited."""

import tabletop as tt
from tabletop.core import TaskTable
from tabletop.core.tasks import task_name
from tabletop.games.one_night_werewolf import game as onw

RB = tt.rulebook("one_night_werewolf")


def test_tasks_are_functions_registered_under_the_names_saved_games_hold():
    """onw.deal (L176), onw.call_order (L209-224), onw.vote (L206): the steps are task functions
    under the names a saved game's decisions hold."""
    assert isinstance(RB.tasks, TaskTable)
    steps = (onw.deal, onw.night, onw.call, onw.ask_role, onw.act, onw.doppel_end, onw.ask_vote, onw.voted)
    names = ["onw.deal", "onw.night", "onw.call", "onw.ask", "onw.act", "onw.doppel_end", "onw.day", "onw.voted"]
    assert [task_name(f) for f in steps] == names
    assert [task_name(f) for f in (onw.count, onw.hunters, onw.end)] == ["onw.count", "onw.hunters", "onw.end"]


def test_a_night_decision_resumes_with_its_own_arguments_and_its_action_follows_from_the_choice():
    """onw.robber (L220): the Robber's decision resumes onw.act with the call's own arguments only
    (no cause of the kernel's among them), and the swap he makes cites his choice as its cause."""
    game = RB.scenario("call-order-text").apply("pass")  # the lone wolf looks at nothing; the Robber wakes
    dec = game.state.decision
    assert dec["resume"] == ["onw.act", {"i": 5, "role": "robber", "player": 0, "doppel": False}]
    game.apply("swap:p3")
    choice = next(r for r in reversed(game.trace.records) if r["kind"] == "decision")
    swap = next(r for r in game.trace.records if r["kind"] == "event" and r["data"]["type"] == "swap")
    assert choice["data"]["option"] == "swap:p3"
    assert swap["cause"] == choice["i"]


def test_votes_are_asked_one_after_another_and_kept_secret_until_all_are_in():
    """onw.vote (L206): every player points at once; each vote is a decision of its own, and the votes
    are public only when all are in."""
    game = RB.scenario("hunter-vote")
    assert game.state.decision["resume"] == ["onw.voted", {"k": 0}]
    game.apply("vote:1")
    assert game.state.decision["player"] == 1 and game.state.decision["resume"] == ["onw.voted", {"k": 1}]
    assert "votes" not in game.view(1)["vars"]
