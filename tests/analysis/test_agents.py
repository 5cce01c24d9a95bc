"""Agents (tabletop/analysis/agents.py): each one's behaviour, seeding and pickling."""

from __future__ import annotations

import doctest
import pickle
import random

import pytest

import tabletop as tt
from tabletop.analysis import agents as agents_module
from tabletop.analysis.agents import FirstLegalAgent, GreedyAgent, RandomAgent, ScriptedAgent, result_score
from tabletop.games.memory.game import dealt
from tests.analysis.nim import nim


def pairs_kept(game, player):
    return len(game.state.zones[f"pairs:{player}"]) // 2


def memory(seed=7, pairs=3):
    return tt.rulebook("memory").new_game(seed=seed, pairs=pairs)


def choices(agent, game, rng_seed, steps=6):
    """The options ``agent`` picks playing every seat for ``steps`` decisions."""
    rng = random.Random(rng_seed)
    picked = []
    for _ in range(steps):
        if game.over:
            break
        option = agent.choose(game, game.decision.player, rng)
        assert option in game.legal()
        picked.append(option)
        game.apply(option)
    return picked


# ---------------------------------------------------------------------------- first legal
def test_first_legal_picks_the_first_option_every_time():
    game = memory()
    agent = FirstLegalAgent()
    for _ in range(20):  # (in memory it flips the same two cards for ever unless they match)
        first = game.legal()[0]
        assert agent.choose(game, game.decision.player, random.Random(0)) == first
        game.apply(first)
    assert [step["option"] for step in game.history if not step["auto"]][:4] == ["s00", "s01", "s00", "s01"]


# ------------------------------------------------------------------------------- scripted
def test_scripted_plays_its_script_by_id_and_label_then_falls_back():
    game = memory()
    agent = ScriptedAgent(["s04", "flip the card in row 1, column 2"], fallback=FirstLegalAgent())
    assert agent.choose(game, 0) == "s04"
    game.apply("s04")
    assert agent.choose(game, 0) == "s01"  # the label resolved to its id
    short = ScriptedAgent(["s04"], fallback=FirstLegalAgent())
    assert short.choose(game, 0) == game.legal()[0] == "s00"  # script spent: the fallback decides


def test_scripted_counts_each_seats_own_choices():
    game = dealt([0, 1, 2, 0, 1, 2])  # s00/s01 differ: player 0's turn ends after two flips
    agent = ScriptedAgent(["s00", "s01"], fallback=FirstLegalAgent())
    game.apply(agent.choose(game, 0)).apply(agent.choose(game, 0))
    assert game.decision.player == 1
    assert agent.choose(game, 1) == "s00"  # player 1 starts its own copy of the script


def test_scripted_errors_name_the_problem():
    game = memory()
    with pytest.raises(ValueError, match=r"entry 1 \('s99'\) is not a legal option for player 0; legal: s00, s01"):
        ScriptedAgent(["s99"]).choose(game, 0)
    game.apply("s00")
    with pytest.raises(ValueError, match="ran out at player 0's choice 2 and there is no fallback"):
        ScriptedAgent(["s00"]).choose(game, 0)
    with pytest.raises(TypeError, match="option ids or labels"):
        ScriptedAgent([3])


# ---------------------------------------------------------------------------------- greedy
def test_greedy_takes_the_winning_move():
    rb = nim()
    for seed in range(20):
        game = rb.new_game(seed=seed, pile=2)
        assert game.legal() == ["take1", "take2"]
        assert GreedyAgent().choose(game, 0, random.Random(seed)) == "take2"


def test_greedy_takes_the_last_pair_of_memory():
    game = tt.rulebook("memory").scenario("last-pair")
    greedy = GreedyAgent(seed=0)
    game.apply(greedy.choose(game, 0))
    winning = greedy.choose(game, 0)
    assert game.child(winning).result["winners"] == [0]


def test_greedy_adds_a_score_and_leaves_the_game_untouched():
    game = tt.rulebook("memory").scenario("match-official")
    fp, n = game.fingerprint(), len(game.trace)
    for seed in range(5):
        assert GreedyAgent(score=pairs_kept).choose(game, 0, random.Random(seed)) == "s03"  # the twin
    assert game.fingerprint() == fp and len(game.trace) == n


def test_greedy_takes_a_last_resort_only_when_nothing_else_scores_as_well():
    """GreedyAgent(last_resort=...): among the best-scoring options, a pass (here "take1", scored the same as
    "take2" by a flat evaluate) is left out while another ties with it; alone at the top it is still taken."""
    rb = nim()
    rb.evaluate = lambda game, player: 0.0  # every option scores the same
    game = rb.new_game(seed=0, pile=5)
    picks = {GreedyAgent(last_resort=("take1",)).choose(game, 0, random.Random(s)) for s in range(10)}
    assert picks == {"take2"}
    assert {GreedyAgent().choose(game, 0, random.Random(s)) for s in range(10)} == {"take1", "take2"}
    rb.evaluate = lambda game, player: float(game.state.vars["pile"])  # more counters left is better
    assert GreedyAgent(last_resort=("take1",)).choose(game, 0, random.Random(0)) == "take1"


def test_greedy_uses_the_rulebooks_evaluate_when_it_has_one():
    rb = nim()
    rb.evaluate = lambda game, player: -game.state.vars["pile"]  # fewest counters left is best
    game = rb.new_game(seed=0, pile=5)
    assert GreedyAgent().choose(game, 0, random.Random(0)) == "take2"
    rb.evaluate = lambda game, player: game.state.vars["pile"]
    assert GreedyAgent().choose(game, 0, random.Random(0)) == "take1"


def test_greedy_breaks_ties_with_the_seat_rng():
    # every first flip of memory scores 0: the rng decides, deterministically per seed
    picks = {GreedyAgent().choose(memory(), 0, random.Random(s)) for s in range(30)}
    assert len(picks) > 1
    assert choices(GreedyAgent(), memory(), 3) == choices(GreedyAgent(), memory(), 3)


def test_result_score():
    rb = nim()
    game = rb.new_game(seed=0, pile=1).apply("take1")
    assert result_score(game, 0) == 1.0 and result_score(game, 1) == -1.0
    assert result_score(rb.new_game(seed=0), 0) == 0.0


# ---------------------------------------------------------------------------------- random
def test_random_agent_is_seed_deterministic():
    assert choices(RandomAgent(), memory(), 5) == choices(RandomAgent(), memory(), 5)
    runs = {tuple(choices(RandomAgent(), memory(), s)) for s in range(10)}
    assert len(runs) > 1
    # without an rng it uses its own, seeded one
    a, b = RandomAgent(seed=9), RandomAgent(seed=9)
    game = memory()
    assert [a.choose(game, 0) for _ in range(10)] == [b.choose(game, 0) for _ in range(10)]


# ------------------------------------------------------------------------- common protocol
@pytest.mark.parametrize(
    "agent",
    [
        RandomAgent(seed=1),
        FirstLegalAgent(),
        ScriptedAgent(["s00"], fallback=RandomAgent()),
        GreedyAgent(score=pairs_kept, seed=2),
    ],
    ids=repr,
)
def test_agents_are_picklable_agents(agent):
    assert isinstance(agent, agents_module.Agent)
    copy = pickle.loads(pickle.dumps(agent))
    assert repr(copy) == repr(agent)
    assert copy.choose(memory(), 0, random.Random(1)) == agent.choose(memory(), 0, random.Random(1))


def test_docstring_examples_run():
    result = doctest.testmod(agents_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
