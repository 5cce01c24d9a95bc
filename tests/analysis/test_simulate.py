"""simulate() (tabletop/analysis/simulate.py): determinism across executors, records, errors, frames."""

from __future__ import annotations

import dataclasses
import math
import os
import subprocess
import sys

import pytest

import tabletop as tt
from tabletop.analysis.agents import FirstLegalAgent, GreedyAgent, RandomAgent, ScriptedAgent
from tabletop.analysis.simulate import GameRecord, Simulation, derive_seed, game_seed, simulate
from tests.analysis.nim import nim

MEMORY3 = {"pairs": 3}


def run(agents=None, games=30, seed=5, **kw):
    kw.setdefault("options", MEMORY3)
    kw.setdefault("workers", 1)
    agents = RandomAgent() if agents is None else agents
    return simulate("memory", agents, games=games, seed=seed, progress=False, **kw)


def without_time(sim):
    return [dataclasses.replace(r, seconds=0.0) for r in sim]


NIM = nim()


class IllegalAgent:
    def choose(self, game, player, rng):
        return "no-such-option"


# ------------------------------------------------------------------------------- determinism
def test_same_seed_same_games_in_one_process_two_processes_and_dask():
    agents = [RandomAgent(), GreedyAgent()]
    one = run(agents, games=40, workers=1)
    two = run(agents, games=40, workers=2)
    assert without_time(one) == without_time(two)
    assert [r.index for r in two] == list(range(40))

    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = run(agents, games=40, client=client)
    assert without_time(on_dask) == without_time(one)


def test_seed_changes_the_games_and_repeats_them():
    a, b, c = run(seed=1), run(seed=1), run(seed=2)
    assert without_time(a) == without_time(b)
    assert [r.seed for r in a] != [r.seed for r in c]
    assert [r.decisions for r in a] != [r.decisions for r in c]


KEEP = ("PYTHONPATH", "PYTHONSAFEPATH")  # which build the test imports (make test's compiled run sets them)


def test_seeds_do_not_depend_on_the_python_hash_seed():
    code = "from tabletop.analysis.simulate import derive_seed; print(derive_seed('s', 3, 'seat', 1))"
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONHASHSEED": h, "PATH": "", **{k: os.environ[k] for k in KEEP if k in os.environ}},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for h in ("0", "1")
    }
    assert outs == {str(derive_seed("s", 3, "seat", 1))}
    assert game_seed(5, 0) != game_seed(5, 1) != game_seed(6, 1)
    assert 0 <= game_seed(5, 0) < 2**63


# ---------------------------------------------------------------------------------- records
def test_records_describe_each_game():
    sim = run(games=20, options={"pairs": 3, "first_player": 1})
    assert isinstance(sim, Simulation) and len(sim) == 20 and all(isinstance(r, GameRecord) for r in sim)
    for i, r in enumerate(sim):
        assert r.index == i and r.players == 2 and r.first == 1 and r.finished and r.error is None
        assert r.seed == game_seed(5, i)
        assert r.decisions >= 6 and r.turns >= 1 and r.seconds >= 0
        assert set(r.scores) == {0, 1} and sum(r.scores.values()) == 3
        assert r.draw == (len(r.winners) != 1)
        assert set(r.winners) == {p for p, s in r.scores.items() if s == max(r.scores.values())}
        assert r.reason.startswith("all cards taken")
    # the record's seed sets up the same game (the same shuffle) again
    again = tt.rulebook("memory").new_game(seed=sim[0].seed, pairs=3, first_player=1)
    pictures = {oid: obj["picture"] for oid, obj in again.state.objects.items()}
    assert pictures == {oid: obj["picture"] for oid, obj in sim.replay(0).state.objects.items()}


def test_replay_plays_a_game_again_traced():
    sim = run(games=5)
    game = sim.replay(3)
    assert game.over and game.result["winners"] == list(sim[3].winners)
    assert sum(1 for step in game.history if not step["auto"]) == sim[3].decisions
    assert len(game.trace) > 0
    with pytest.raises(IndexError):
        sim.replay(5)


def test_one_agent_plays_every_seat_and_players_sets_the_count():
    sim = run(FirstLegalAgent(), games=3, players=4, max_decisions=50)
    assert all(r.players == 4 for r in sim) and sim.players == 4
    assert len(run(games=2)[0].winners) >= 1 and run(games=1).players == 2  # the rulebook's minimum


def test_max_decisions_stops_a_game():
    sim = run(FirstLegalAgent(), games=3, max_decisions=25)  # first-legal flips s00, s01 for ever
    stopped = [r for r in sim if not r.finished]
    assert stopped and all(r.decisions == 25 and "max_decisions=25" in r.reason for r in stopped)
    assert not sim.errors


def test_scripted_and_fallback_agents_in_a_simulation():
    sim = run([ScriptedAgent(["s02", "s05"], fallback=RandomAgent()), RandomAgent()], games=3)
    for i in range(3):
        chosen = [s["option"] for s in sim.replay(i).history if s["player"] == 0 and not s["auto"]]
        assert chosen[:2] == ["s02", "s05"]


# --------------------------------------------------------------------------------- summaries
def test_win_rates_and_summary():
    sim = run(games=60)
    rates = sim.win_rates()
    assert set(rates) == {0, 1}
    assert math.isclose(sum(rates.values()) + sim.draw_rate(), 1.0)
    s = sim.summary()
    assert s["games"] == s["finished"] == 60 and s["errors"] == 0 and s["rulebook"] == "memory"
    assert 0 <= s["first_player_win_rate"] <= 1
    assert "Simulation memory: 60 games" in repr(sim)


def test_to_frame_columns():
    pd = pytest.importorskip("pandas")
    frame = run(games=12).to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 12
    assert list(frame.columns) == [
        "index",
        "seed",
        "players",
        "winners",
        "draw",
        "finished",
        "reason",
        "decisions",
        "turns",
        "first",
        "seconds",
        "error",
        "score_0",
        "score_1",
    ]
    assert frame["index"].tolist() == list(range(12))
    assert (frame["score_0"] + frame["score_1"] == 3).all()


def test_to_frame_without_pandas_says_what_to_install(monkeypatch):
    sim = run(games=2)
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        sim.to_frame()


def test_progress_bar(capsys):
    simulate("memory", RandomAgent(), games=4, options=MEMORY3, workers=1, progress=True)
    assert "simulate memory" in capsys.readouterr().err


# ------------------------------------------------------------------------------------ errors
def test_errors_inside_games_are_recorded_and_the_rest_go_on():
    kwargs = dict(games=30, seed=3, options={"explode_at": 3}, progress=False)
    with pytest.warns(RuntimeWarning, match=r"of 30 games raised an error"):
        sim = simulate(NIM, RandomAgent(), workers=1, **kwargs)
    assert sim.errors and len(sim.errors) < 30
    assert all(r.error == "RuntimeError: boom: the pile reached 3" and not r.finished for r in sim.errors)
    assert all(r.finished and r.error is None for r in sim if r not in sim.errors)
    with pytest.warns(RuntimeWarning):
        two = simulate(NIM, RandomAgent(), workers=2, **kwargs)  # an unregistered rulebook, sent by pickle
    assert without_time(two) == without_time(sim)


def test_an_agent_that_returns_an_illegal_option_is_an_error_of_its_game():
    with pytest.warns(RuntimeWarning):
        sim = run([IllegalAgent(), RandomAgent()], games=2)
    assert len(sim.errors) == 2 and sim.errors[0].error.startswith("IllegalOption")


def test_bad_arguments_fail_at_once_with_clear_messages():
    with pytest.raises(ValueError, match=r"2 agents for players=3"):
        run([RandomAgent(), RandomAgent()], players=3)
    with pytest.raises(ValueError, match=r"memory takes 2 to 8 players, not 9 \(one per agent given\)"):
        run([RandomAgent()] * 9)
    with pytest.raises(ValueError, match=r"memory takes 2 to 8 players, not 1 \(one per agent given\)"):
        run([RandomAgent()])
    with pytest.raises(ValueError, match="empty list"):
        run([])
    with pytest.raises(TypeError, match=r"seat 1 .* has no choose"):
        run([RandomAgent(), object()])
    with pytest.raises(tt.RulebookOptionError, match="unknown option"):
        run(options={"pears": 3})
    with pytest.raises(ValueError, match="workers must be"):
        run(workers=0)
    with pytest.raises(tt.UnknownRulebook):
        simulate("chess", RandomAgent(), progress=False)


def test_agents_that_cannot_be_pickled_are_refused_for_processes():
    agent = GreedyAgent(score=lambda game, player: 0)
    with pytest.raises(TypeError, match=r"cannot be pickled.*workers=1"):
        run(agent, games=20, workers=2)
    assert len(run(agent, games=2, workers=1)) == 2


# -------------------------------------------------------------------------------- packaging
def test_importing_loads_no_tqdm_pandas_dask_or_numpy():
    code = (
        "import sys, tabletop, tabletop.analysis.simulate, tabletop.analysis.agents; "
        "print(','.join(m for m in ('tqdm', 'pandas', 'dask', 'distributed', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# ------------------------------------------------------------------------------ agents by name
def test_built_in_agents_by_name():
    """``tt.simulate(rb, "random")`` and ``"greedy"``: the names stand for RandomAgent and GreedyAgent."""
    rb = tt.rulebook("memory")
    by_name = tt.simulate(rb, "random", games=6, seed=3, options=MEMORY3, workers=1, progress=False)
    by_object = tt.simulate(rb, RandomAgent(), games=6, seed=3, options=MEMORY3, workers=1, progress=False)
    assert without_time(by_name) == without_time(by_object)
    assert [type(a) for a in by_name.agents] == [RandomAgent, RandomAgent]
    greedy = run(["greedy", "random"], games=4)
    assert without_time(greedy) == without_time(run([GreedyAgent(), RandomAgent()], games=4))
    assert [type(a) for a in greedy.agents] == [GreedyAgent, RandomAgent]
    assert [type(a) for a in run("first_legal", games=1).agents] == [FirstLegalAgent, FirstLegalAgent]
    assert [type(a) for a in run("Greedy", games=1).agents] == [GreedyAgent, GreedyAgent]


def test_built_in_agents_by_name_in_processes():
    sim = run("greedy", games=4, workers=2)
    assert without_time(sim) == without_time(run("greedy", games=4, workers=1))


def test_an_unknown_agent_name_lists_the_names():
    with pytest.raises(
        ValueError, match=r"unknown agent name 'rnadom' for every seat; .*'first_legal', 'greedy', 'random'"
    ):
        run("rnadom")
    with pytest.raises(ValueError, match=r"unknown agent name 'minimax' for seat 1; the built-in agents are"):
        run(["random", "minimax"])
