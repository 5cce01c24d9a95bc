"""Parallel explore (issue 21): ``tt.explore(workers=n)`` and ``tt.explore(client=...)`` build the same
state graph as one process, node for node and edge for edge in the same order, with the same games
(games travel by pickle: tests/kernel/test_pickled_games.py)."""

from __future__ import annotations

import random

import pytest

import tabletop as tt
from tabletop.analysis.explore_workers import Chunks
from tabletop.core import registry
from tabletop.core.errors import ArgumentTypeError, ArgumentValueError
from tabletop.games.memory.game import dealt
from tabletop.testing import random_playout
from tests.analysis.nim import nim
from tests.kernel.test_choices import skirmish

_explore = tt.explore


def same_graph(one: tt.analysis.StateGraph, two: tt.analysis.StateGraph) -> None:
    """Everything a user reads of a state graph is the same: nodes, edges (in order, with data), counts, games."""
    assert list(one.graph.nodes(data=True)) == list(two.graph.nodes(data=True))
    assert list(one.graph.edges(data=True)) == list(two.graph.edges(data=True))
    assert (one.root, one.distinct, one.perft, one.truncated, one.reason) == (
        two.root,
        two.distinct,
        two.perft,
        two.truncated,
        two.reason,
    )
    assert list(one.games) == list(two.games) and len(one.games) == len(two.games)
    for node in one.games:
        assert node in two.games
        assert one.games[node].to_json() == two.games[node].to_json()


def played(rulebook_id: str, seed: int, steps: int) -> tt.Game:
    game = tt.rulebook(rulebook_id).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.decision.options))
    return game


@pytest.fixture
def every_depth_goes_out(monkeypatch):
    """On a Dask cluster, send every depth out, however few positions it has (normally a small one is expanded
    here; local worker processes expand every depth)."""
    monkeypatch.setattr(Chunks, "SMALL", 1)


# ------------------------------------------------------------------------------------- same graph
def test_two_processes_explore_memory_to_the_end_as_one_does(every_depth_goes_out):
    game = dealt([0, 1, 2, 3, 3, 2, 1, 0])
    one = _explore(game, depth=60)
    two = _explore(game, depth=60, workers=2)
    assert len(one) == 560  # (bench/floor_memory.py reaches the same 560 states: tests/test_floor_model.py)
    same_graph(one, two)


def test_the_limit_cuts_the_graph_at_the_same_state(every_depth_goes_out):
    game = dealt([0, 1, 2, 3, 4, 4, 3, 2, 1, 0])
    one = _explore(game, depth=60, limit=900)
    two = _explore(game, depth=60, limit=900, workers=2)
    assert one.truncated and len(one) == 900
    same_graph(one, two)


@pytest.mark.parametrize("rulebook_id", ["hearthstone", "marvel_champions", "warlord", "nebozhiteli"])
@pytest.mark.parametrize("chance", ["enumerate", "sample"])
def test_rulebooks_with_chance_explore_alike_in_two_processes(rulebook_id, chance, every_depth_goes_out):
    """Chance enumerated (an edge's probability summed over the outcomes that meet) and sampled (each clone
    draws from its own seeded stream) come out the same wherever the clone is played."""
    game = played(rulebook_id, seed=3, steps=6)
    one = _explore(game, depth=3, limit=400, chance=chance)
    two = _explore(game, depth=3, limit=400, chance=chance, workers=2)
    assert len(one) > 1
    same_graph(one, two)


def test_a_group_of_commits_is_one_joint_step_in_two_processes(monkeypatch, every_depth_goes_out):
    """choices.Commit's joint step (test_choices.py) from a rulebook the workers find by id: one registered
    here (the workers are forked from this process and inherit the registry)."""
    rb = skirmish()
    monkeypatch.setitem(registry._loaded, rb.id, rb)
    start = rb.new_game().apply("go:duel")
    one = _explore(start, depth=3)
    two = _explore(start, depth=3, workers=2)
    assert any(d["player"] == "joint" for *_, d in one.graph.edges(data=True))
    same_graph(one, two)


def test_a_rulebook_that_is_not_installed_travels_as_itself(every_depth_goes_out):
    rb = nim()  # (a module-level rulebook of the tests: it pickles)
    one = _explore(rb.new_game(pile=9), depth=20)
    two = _explore(rb.new_game(pile=9), depth=20, workers=2)
    same_graph(one, two)
    assert one.outcomes() == two.outcomes() == {"0": 1, "1": 1}  # (player 0 or 1 took the last counter)


def test_on_a_dask_cluster_the_graph_is_the_same(every_depth_goes_out):
    distributed = pytest.importorskip("distributed")
    game = dealt([0, 1, 2, 2, 1, 0])
    one = _explore(game, depth=60)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = _explore(game, depth=60, client=client)
    same_graph(one, on_dask)


def test_the_graph_s_games_play_on_like_one_process_s(every_depth_goes_out):
    """The games of a graph explored elsewhere are unpickled when read; each plays on as the one-process one."""
    game = dealt([0, 1, 2, 2, 1, 0])
    one = _explore(game, depth=5)
    two = _explore(game, depth=5, workers=2)
    for node in list(one.games)[::7]:
        a, b = one.game(node), two.game(node)
        random_playout(a, random.Random(1))
        random_playout(b, random.Random(1))
        assert a.to_json() == b.to_json() and a.over and b.over
    assert two.game(two.root) is not two.game(two.root)  # (a clone each time, as from one process)


@pytest.mark.parametrize("where", ["here", "workers", "dask"])
def test_keep_games_false_gives_the_same_graph_without_its_games(where, every_depth_goes_out):
    """Without the games kept, each is let go once expanded (a big graph needs less memory): same graph."""
    game = dealt([0, 1, 2, 3, 3, 2, 1, 0])
    kept = _explore(game, depth=60)
    if where == "dask":
        distributed = pytest.importorskip("distributed")
        with (
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c,
            distributed.Client(c) as client,
        ):
            light = _explore(game, depth=60, keep_games=False, client=client)
    else:
        light = _explore(game, depth=60, keep_games=False, workers=1 if where == "here" else 2)
    assert light.games == {} and len(kept.games) == len(kept) == 560
    assert list(light.graph.nodes(data=True)) == list(kept.graph.nodes(data=True))
    assert list(light.graph.edges(data=True)) == list(kept.graph.edges(data=True))
    assert (light.distinct, light.perft) == (kept.distinct, kept.perft)


def test_an_error_in_a_worker_is_raised_here_with_its_traceback():
    """Rule code that raises (nim's explode_at) stops the exploration as in one process, naming where."""
    game = nim().new_game(pile=9, explode_at=4)
    with pytest.raises(RuntimeError, match="boom: the pile reached 4"):
        _explore(game, depth=20)
    with pytest.raises(RuntimeError, match="boom: the pile reached 4") as raised:
        _explore(game, depth=20, workers=2)
    assert "raised in an explore worker process" in "".join(raised.value.__notes__)
    assert "_nim_took" in "".join(raised.value.__notes__)  # (the worker's traceback names the rule code)


# ------------------------------------------------------------------------------------- bad input
def test_bad_workers_and_clients_are_refused_with_the_argument_named():
    game = dealt([0, 1, 0, 1])
    with pytest.raises(ArgumentValueError, match=r"explore\(workers=0\): workers must be 1 or more"):
        _explore(game, workers=0)
    with pytest.raises(ArgumentTypeError, match=r"explore\(workers='2'\): workers must be an int, not str"):
        _explore(game, workers="2")
    with pytest.raises(ArgumentTypeError, match=r"client must be a dask.distributed.Client .*not object"):
        _explore(game, client=object())


def test_a_game_that_cannot_travel_is_refused_before_any_work():
    start = skirmish().new_game().apply("go:duel")  # (not installed, and its rulebook holds local functions)
    with pytest.raises(ArgumentTypeError, match=r"workers=2\) sends games to 2 processes by pickle.*workers=1"):
        _explore(start, depth=2, workers=2)
    assert len(_explore(start, depth=1)) == 5  # (one process needs no pickle)
