"""Simulation: many seeded games of one rulebook, played by agents, as a table of results.

>>> import tabletop as tt
>>> from tabletop.analysis.agents import FirstLegalAgent, RandomAgent
>>> from tabletop.analysis.simulate import simulate
>>> sim = simulate("memory", [RandomAgent(), FirstLegalAgent()], games=20, seed=1,
...                options={"pairs": 3}, workers=1, progress=False)
>>> len(sim), sim[0].players, sim[0].finished
(20, 2, True)
>>> sorted(sim.win_rates())
[0, 1]

Determinism: the seed of game ``i`` and the rng of each seat's agent are derived from
``(seed, i, seat)`` with a stable hash, so the same seed gives the same games in one process, in
``workers`` local processes or on a Dask cluster. Work goes out in chunks of game indices and
the records come back in index order.
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
import random
import time
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, overload

from ..core import CHANCE, Rulebook, UnknownRulebook
from ..core.errors import quote
from ..core.registry import rulebook as _get_rulebook

if TYPE_CHECKING:
    from ..core import Game
    from .agents import Agent

__all__ = ["GameRecord", "Simulation", "derive_seed", "simulate"]

_MAX_CHUNK = 100  # games per task: enough to amortise sending a task, small enough for a live progress bar


# ------------------------------------------------------------------ seeds
def derive_seed(seed: int | str, *parts: int | str) -> int:
    """A 63-bit seed from ``seed`` and ``parts`` with blake2b: stable across processes and runs.

    (Python's ``hash()`` of a string changes from one process to the next, so it is never used.)

    >>> derive_seed(1, 0, "game") == derive_seed(1, 0, "game") != derive_seed(1, 1, "game")
    True
    """
    text = "\x1f".join(f"{type(x).__name__}:{x}" for x in ("tabletop.simulate", seed, *parts))
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int | str, index: int) -> int:
    """The seed :func:`simulate` gives game ``index``."""
    return derive_seed(seed, index, "game")


def seat_rng(seed: int | str, index: int, seat: int) -> random.Random:
    """The rng :func:`simulate` passes to the agent in ``seat`` during game ``index``."""
    return random.Random(derive_seed(seed, index, "seat", seat))


# ---------------------------------------------------------------- records
@dataclass(frozen=True)
class GameRecord:
    """What happened in one simulated game.

    ``seed`` is the game's own seed: ``rulebook.new_game(seed=record.seed, ...)`` sets the same
    game up again (and :meth:`Simulation.replay` plays it again, traced). ``scores`` is the
    result's scores by seat, when the result has them. ``finished`` is False when the game was
    stopped at ``max_decisions`` or raised an error (then ``error`` holds the exception text).
    """

    index: int
    seed: int
    players: int
    winners: tuple[int, ...]
    draw: bool
    finished: bool
    reason: str | None
    decisions: int
    turns: int
    first: int | None
    seconds: float
    scores: dict[Any, Any] | None = None
    error: str | None = None


@dataclass(frozen=True)
class _Spec:
    """Everything a worker needs to play games: sent once per chunk."""

    rulebook: str | Rulebook
    agents: tuple[Any, ...]
    seed: int | str
    players: int
    options: dict[str, Any]
    max_decisions: int


def _resolve(ref: str | Rulebook) -> Rulebook:
    return ref if isinstance(ref, Rulebook) else _get_rulebook(ref)


def _scores(result: dict) -> dict | None:
    scores = result.get("scores")
    if not isinstance(scores, dict):
        return None
    return {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in scores.items()}


def _play(spec: _Spec, rb: Rulebook, index: int, tracing: bool = False) -> tuple[GameRecord, Game | None]:
    """Play game ``index`` to its end (or ``max_decisions``); never raises for a rulebook's error."""
    start = time.perf_counter()
    seed = game_seed(spec.seed, index)
    n = spec.players
    game = None
    decisions, turns, first = 0, 0, None
    try:
        game = rb.new_game(seed=seed, players=n, tracing=tracing, **spec.options)
        st = game.state
        first = st.turn.get("first")
        rngs = [seat_rng(spec.seed, index, seat) for seat in range(n)]
        agents = spec.agents
        while st.decision is not None and decisions < spec.max_decisions:
            player = st.decision["player"]
            if player == CHANCE or not isinstance(player, int) or not 0 <= player < n:
                raise RuntimeError(f"decision for {player!r} reached the simulator; agents play seats 0..{n - 1}")
            game.apply(agents[player].choose(game, player, rngs[player]))
            decisions += 1
            st = game.state
        turns = st.turn.get("number", 0)
        result = st.result
    except Exception as exc:
        if game is not None:
            turns = game.state.turn.get("number", 0)
        result, error = None, f"{type(exc).__name__}: {exc}"
    else:
        error = None
    if result is None:  # the game raised, or was stopped unfinished
        record = GameRecord(
            index=index,
            seed=seed,
            players=n,
            winners=(),
            draw=False,
            finished=False,
            reason=None if error else f"stopped after max_decisions={spec.max_decisions} decisions",
            decisions=decisions,
            turns=turns,
            first=first,
            seconds=time.perf_counter() - start,
            error=error,
        )
        return record, game
    winners = tuple(result.get("winners", ()))
    record = GameRecord(
        index=index,
        seed=seed,
        players=n,
        winners=winners,
        draw=bool(result.get("draw", not winners)),
        finished=True,
        reason=result.get("reason"),
        decisions=decisions,
        turns=turns,
        first=first,
        seconds=time.perf_counter() - start,
        scores=_scores(result),
    )
    return record, game


def _run_chunk(spec: _Spec, indices: Sequence[int]) -> list[GameRecord]:
    """Play the games ``indices`` (in a worker process, a Dask worker or here)."""
    rb = _resolve(spec.rulebook)
    return [_play(spec, rb, i)[0] for i in indices]


# ------------------------------------------------------------- the result
class Simulation(Sequence[GameRecord]):
    """The records of a :func:`simulate` run, in game order, with summaries.

    A sequence of :class:`GameRecord`; ``to_frame()`` gives a pandas DataFrame.
    """

    def __init__(
        self,
        records: Sequence[GameRecord],
        *,
        rulebook: Rulebook,
        spec: _Spec,
        workers: int | str,
        seconds: float,
    ):
        self.records: tuple[GameRecord, ...] = tuple(records)
        self.rulebook = rulebook
        self.seed = spec.seed
        self.players = spec.players
        self.agents = spec.agents
        self.options = spec.options
        self.max_decisions = spec.max_decisions
        self.workers = workers
        self.seconds = seconds
        self._spec = spec

    # -- sequence
    def __len__(self) -> int:
        return len(self.records)

    @overload
    def __getitem__(self, i: int) -> GameRecord: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[GameRecord, ...]: ...
    def __getitem__(self, i):
        return self.records[i]

    def __iter__(self) -> Iterator[GameRecord]:
        return iter(self.records)

    # -- summaries
    @property
    def errors(self) -> list[GameRecord]:
        """The records of games that raised an error (each has ``error`` set)."""
        return [r for r in self.records if r.error is not None]

    @property
    def finished(self) -> list[GameRecord]:
        """The records of games that reached a result."""
        return [r for r in self.records if r.finished]

    def win_rates(self) -> dict[int, float]:
        """Per seat, the share of finished games it won, alone or with others (draws count for nobody).

        A game several seats won together (a cooperative win) counts for each of them, so the shares
        can add up to more than 1. NaN for every seat when no game finished.
        """
        done = self.finished
        if not done:
            return {seat: math.nan for seat in range(self.players)}
        return {
            seat: sum(1 for r in done if not r.draw and seat in r.winners) / len(done) for seat in range(self.players)
        }

    def draw_rate(self) -> float:
        """The share of finished games that ended in a draw (NaN when none finished)."""
        done = self.finished
        return sum(r.draw for r in done) / len(done) if done else math.nan

    def first_player_win_rate(self) -> float:
        """The share of finished games the player who went first won, alone or with others."""
        done = self.finished
        if not done:
            return math.nan
        return sum(1 for r in done if not r.draw and r.first in r.winners) / len(done)

    def summary(self) -> dict[str, Any]:
        """Counts, rates and means in one dict."""
        n = len(self.records)
        done = self.finished
        return {
            "rulebook": self.rulebook.id,
            "games": n,
            "finished": len(done),
            "errors": len(self.errors),
            "win_rates": self.win_rates(),
            "draw_rate": self.draw_rate(),
            "first_player_win_rate": self.first_player_win_rate(),
            "mean_decisions": sum(r.decisions for r in done) / len(done) if done else math.nan,
            "mean_turns": sum(r.turns for r in done) / len(done) if done else math.nan,
            "seconds": self.seconds,
            "games_per_second": n / self.seconds if self.seconds > 0 else math.nan,
        }

    def to_frame(self):
        """A pandas DataFrame, one row per game (``score_<seat>`` columns when games have scores)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "Simulation.to_frame() needs pandas, which is not installed: pip install pandas"
            ) from None
        rows = []
        for r in self.records:
            row = asdict(r)
            scores = row.pop("scores")
            if scores:
                row.update({f"score_{k}": v for k, v in scores.items()})
            rows.append(row)
        columns = [f.name for f in GameRecord.__dataclass_fields__.values() if f.name != "scores"]
        frame = pd.DataFrame(rows)
        if frame.empty:
            return pd.DataFrame(columns=columns)
        return frame[columns + [c for c in frame.columns if c not in columns]]

    def replay(self, index: int, tracing: bool = True) -> Game:
        """Play game ``index`` again, in this process, traced: the final :class:`Game`.

        The agents get the same rngs as in the simulation, so the game takes the same course.
        """
        if not 0 <= index < len(self.records):
            raise IndexError(f"game index {index} out of range (0..{len(self.records) - 1})")
        _, game = _play(self._spec, self.rulebook, index, tracing=tracing)
        if game is None:
            raise RuntimeError(f"game {index} could not be set up: {self.records[index].error}")
        return game

    def __repr__(self) -> str:
        s = self.summary()
        rates = ", ".join(f"{seat}: {rate:.3f}" for seat, rate in s["win_rates"].items())
        errors = f", {s['errors']} errors" if s["errors"] else ""
        return (
            f"<Simulation {s['rulebook']}: {s['games']} games ({s['finished']} finished{errors}), "
            f"win rates {{{rates}}}, draws {s['draw_rate']:.3f}, {s['seconds']:.2f}s>"
        )


# ---------------------------------------------------------------- running
def _chunks(games: int, workers: int) -> list[range]:
    size = max(1, min(_MAX_CHUNK, math.ceil(games / (workers * 8))))
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


def _progress(progress: bool, games: int, desc: str):
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=games, desc=desc, unit="game")


def simulate(
    rulebook: Rulebook | str,
    agents: Agent | str | Sequence[Agent | str],
    games: int = 100,
    seed: int | str = 0,
    workers: int | None = None,
    client: Any = None,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    max_decisions: int = 100_000,
    progress: bool = True,
) -> Simulation:
    """Play ``games`` seeded games of ``rulebook`` with ``agents`` and return their records.

    ``rulebook`` is a :class:`Rulebook` or a rulebook id; ``agents`` is one agent per seat, or
    a single agent that plays every seat; an agent may be given by the name of a built-in one,
    ``"random"`` (:class:`RandomAgent`), ``"greedy"`` (:class:`GreedyAgent`) or ``"first_legal"``
    (:class:`FirstLegalAgent`), so ``simulate(rb, "random")`` plays random games; ``players``
    defaults to the number of agents given (or the rulebook's minimum for a single agent);
    ``options`` are the rulebook's options.

    ``workers=None`` (the default) plays in ``os.cpu_count()`` local processes, ``workers=1``
    in this process, an int > 1 in that many processes; with ``client`` (a
    ``dask.distributed.Client``) the games run on that cluster. The results are the same
    whichever is used. A game stops after ``max_decisions`` choices. An error raised inside a
    game does not stop the others: it is kept in that game's record (see
    :attr:`Simulation.errors`) and a warning counts them at the end.

    Agents (and rulebooks that are not installed) travel to worker processes by pickle: define
    them at module level, or use ``workers=1``.

    >>> import tabletop as tt
    >>> from tabletop.analysis.agents import RandomAgent
    >>> rb = tt.rulebook("memory")
    >>> sim = simulate(rb, RandomAgent(), games=50, seed=7, options={"pairs": 3}, workers=1, progress=False)
    >>> sim.summary()["finished"], sim.errors
    (50, [])
    >>> again = simulate(rb, RandomAgent(), games=50, seed=7, options={"pairs": 3}, workers=2, progress=False)
    >>> [r.winners for r in again] == [r.winners for r in sim]
    True
    >>> sim.to_frame()[["winners", "decisions", "score_0", "score_1"]].shape
    (50, 4)
    """
    rb = _get_rulebook(rulebook) if isinstance(rulebook, str) else rulebook
    if not isinstance(rb, Rulebook):
        raise TypeError(f"simulate: rulebook must be a Rulebook or a rulebook id, not {type(rulebook).__name__}")
    seats = _seat_agents(rb, agents, players)
    n = len(seats)
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"simulate: games must be a non-negative int, not {quote(games)}")
    if not isinstance(max_decisions, int) or max_decisions < 1:
        raise ValueError(f"simulate: max_decisions must be a positive int, not {quote(max_decisions)}")
    resolved = rb.resolve_options(dict(options or {}))  # a bad option fails here, not in every game
    given = {k: resolved[k] for k in (options or {})}
    spec = _Spec(_reference(rb), tuple(seats), seed, n, given, max_decisions)

    if client is not None:
        mode: int | str = "dask"
    else:
        if workers is None:
            workers = os.cpu_count() or 1
        if not isinstance(workers, int) or workers < 1:
            raise ValueError(f"simulate: workers must be None or a positive int, not {quote(workers)}")
        mode = workers
    chunks = _chunks(games, mode if isinstance(mode, int) else max(1, sum(client.nthreads().values())))
    if mode != "dask":
        mode = min(mode, len(chunks)) or 1

    records: list[GameRecord | None] = [None] * games
    bar = _progress(progress, games, f"simulate {rb.id}")
    start = time.perf_counter()
    try:
        if mode == "dask":
            _run_dask(client, spec, chunks, records, bar)
        elif mode == 1:
            for i in range(games):
                records[i] = _play(spec, rb, i)[0]
                if bar is not None:
                    bar.update(1)
        else:
            _check_picklable(spec, mode)
            _run_processes(spec, chunks, mode, records, bar)
    finally:
        if bar is not None:
            bar.close()
    sim = Simulation(
        [r for r in records if r is not None],
        rulebook=rb,
        spec=spec,
        workers=mode,
        seconds=time.perf_counter() - start,
    )
    if sim.errors:
        first = sim.errors[0]
        warnings.warn(
            f"simulate: {len(sim.errors)} of {games} games raised an error (see Simulation.errors); "
            f"first, game {first.index}: {first.error}",
            RuntimeWarning,
            stacklevel=2,
        )
    return sim


def _agent_names() -> dict[str, type]:
    """The built-in agents by the names :func:`simulate` accepts in place of an agent."""
    from .agents import FirstLegalAgent, GreedyAgent, RandomAgent

    return {"first_legal": FirstLegalAgent, "greedy": GreedyAgent, "random": RandomAgent}


def _named(agent: Any, where: str) -> Any:
    """An agent given by name (``"random"``, ``"greedy"``, ``"first_legal"``) becomes that built-in agent."""
    if not isinstance(agent, str):
        return agent
    names = _agent_names()
    cls = names.get(agent.strip().lower())
    if cls is None:
        raise ValueError(
            f"simulate: unknown agent name {agent!r} {where}; the built-in agents are "
            + ", ".join(repr(n) for n in sorted(names))
            + " (or pass an agent object with a choose(game, player, rng) method)"
        )
    return cls()


def _seat_agents(rb: Rulebook, agents: Any, players: int | None) -> list:
    lo, hi = rb.players
    if isinstance(agents, str):
        agents = _named(agents, "for every seat")
    if isinstance(agents, Sequence) and not isinstance(agents, str):
        seats = list(agents)
        if not seats:
            raise ValueError("simulate: agents is an empty list; give one agent per seat or a single agent")
        if players is not None and players != len(seats):
            raise ValueError(
                f"simulate: {len(seats)} agents for players={players}; give one agent per seat "
                f"or a single agent for every seat"
            )
        seats = [_named(agent, f"for seat {seat}") for seat, agent in enumerate(seats)]
        n = len(seats)
    else:
        n = lo if players is None else players
        seats = [agents] * n if isinstance(n, int) else []
    if not isinstance(n, int) or not lo <= n <= hi:
        raise ValueError(
            f"simulate: {rb.id} takes {lo} to {hi} players, not {quote(n)}"
            + (" (one per agent given)" if isinstance(agents, Sequence) and not isinstance(agents, str) else "")
        )
    for seat, agent in enumerate(seats):
        if not callable(getattr(agent, "choose", None)):
            raise TypeError(f"simulate: the agent for seat {seat} ({agent!r}) has no choose(game, player, rng) method")
    return seats


def _reference(rb: Rulebook) -> str | Rulebook:
    """The rulebook's id when workers can look it up, else the object itself."""
    try:
        if _get_rulebook(rb.id) is rb:
            return rb.id
    except UnknownRulebook:
        pass
    return rb


def _check_picklable(spec: _Spec, workers: int) -> None:
    try:
        pickle.dumps(spec)
    except Exception as exc:
        raise TypeError(
            f"simulate(workers={workers}) sends the rulebook and agents to other processes, but they cannot be "
            f"pickled ({type(exc).__name__}: {exc}); define agents and score functions at module level, "
            "or use workers=1"
        ) from exc


def _run_processes(spec: _Spec, chunks: list[range], workers: int, records: list, bar: Any) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(_run_chunk, spec, chunk): chunk for chunk in chunks}
        for future in as_completed(futures):
            for record in future.result():
                records[record.index] = record
            if bar is not None:
                bar.update(len(futures[future]))


def _run_dask(client: Any, spec: _Spec, chunks: list[range], records: list, bar: Any) -> None:
    try:
        from distributed import as_completed
    except ImportError:
        raise ImportError("simulate(client=...) needs dask.distributed: pip install 'dask[distributed]'") from None
    futures = client.map(_run_chunk, [spec] * len(chunks), chunks, pure=False)
    sizes = {f.key: len(c) for f, c in zip(futures, chunks)}
    for future in as_completed(futures):
        for record in future.result():
            records[record.index] = record
        if bar is not None:
            bar.update(sizes[future.key])
    client.gather(futures)  # surfaces a worker failure that as_completed let through
