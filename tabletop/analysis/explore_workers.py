"""``tt.explore`` in several processes: where a depth's positions are expanded, and where their games wait.

- :class:`Workers` (``workers=n``): ``n`` local processes, each keeping the games of the states it found; a
  depth's positions are expanded by the worker that holds each (only their fingerprints, edges and
  descriptions come back), and games move between workers only to even out the next depth's work.
- :class:`Chunks` (``client=``): a Dask cluster, whose tasks keep nothing: each depth's positions go out as
  pickled games in chunks, and the new states' games come back pickled.

Either way this process merges the children in the order one process finds them (``explore._Merge``), so
the graph is the same, and keeps the games as pickles, each unpickled when first read (:class:`Pickled`).
"""

from __future__ import annotations

import contextlib
import pickle
import traceback
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..core.errors import ArgumentTypeError
from ..core.game import Game
from .expansion import Row, describe, expanded

_PROTOCOL = pickle.HIGHEST_PROTOCOL


def payload(start: Any, asked: str, where: str) -> bytes:
    """``start`` (a game, or games by state) pickled, or an error that says why it cannot travel to ``where``
    (``asked``: the argument that sends it)."""
    try:
        return pickle.dumps(start, _PROTOCOL)
    except Exception as exc:
        raise ArgumentTypeError(
            f"explore({asked}) sends games to {where} by pickle, but this game cannot be pickled "
            f"({type(exc).__name__}: {exc}); a rulebook built here must pickle, or use workers=1"
        ) from exc


class Pickled(Mapping[str, Game]):
    """The games of a graph explored elsewhere, by state: kept as the pickles they came in (a pickle may hold
    one game or a dict of many), each unpickled when one of its games is first read."""

    def __init__(self, where: dict[str, bytes], games: dict[str, Game]):
        self._where, self._games = where, games

    def __getitem__(self, node: str) -> Game:
        game = self._games.get(node)
        if game is None:
            got = pickle.loads(self._where[node])
            if isinstance(got, dict):
                self._games.update(got)
            else:
                self._games[node] = got
            game = self._games[node]
        return game

    def __contains__(self, node: object) -> bool:
        return node in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


def first_seen(row: Row, seen: dict[str, Any], hold: Callable[[Game], Any]) -> Row:
    """``row`` as it goes back to the merge: a child's game held (``hold``: what stands for it) and described
    the first time its state is ``seen`` here, left out after (a later copy is never new where the first
    one was not); ``seen`` keeps each first game."""
    out: Row = []
    for fp, edge, child, _ in row:
        if fp in seen:
            out.append((fp, edge, None, None))
        else:
            seen[fp] = child
            out.append((fp, edge, hold(child), describe(child)))
    return out


def _mark(game: Game) -> bool:
    return True  # (the game waits in the worker that found it)


def _pickled(game: Game) -> bytes:
    return pickle.dumps(game, _PROTOCOL)


# --------------------------------------------------------------------------- local processes
def _worker(conn: Any, sampled: bool, keep: bool) -> None:
    """A worker's loop: it keeps the games of its states (``games``; once expanded, only with ``keep``) and of
    the children it found at the last depth (``pending``, until the main process says which are new), and
    answers each message in turn."""
    games: dict[str, Game] = {}
    pending: dict[str, Game] = {}
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        kind = message[0]
        if kind == "stop":
            return
        try:
            reply: Any = None
            if kind == "keep":  # the new states of the last depth that are this worker's
                for fp in message[1]:
                    games[fp] = pending[fp]
                pending.clear()
            elif kind == "expand":
                reply = [
                    first_seen(expanded(games[node] if keep else games.pop(node), sampled), pending, _mark)
                    for node in message[1]
                ]
            elif kind == "give":
                reply = pickle.dumps({fp: games.pop(fp) for fp in message[1]}, _PROTOCOL)
            elif kind == "take":
                games.update(pickle.loads(message[1]))
            elif kind == "all":
                reply = pickle.dumps(games, _PROTOCOL)
            conn.send(("ok", reply))
        except BaseException as exc:  # (raised again in the main process, with this traceback)
            conn.send(("error", _sendable(exc)))


def _sendable(exc: BaseException) -> BaseException:
    text = traceback.format_exc()
    try:
        pickle.dumps(exc)
    except Exception:
        exc = RuntimeError(f"{type(exc).__name__}: {exc}")
    exc.add_note(f"raised in an explore worker process:\n{text}")
    return exc


class Workers:
    """``n`` local worker processes that keep their states' games (see the module docstring)."""

    def __init__(self, n: int, start: Game, sampled: bool, keep: bool):
        self.n, self.start, self.sampled, self.keep_games = n, start, sampled, keep
        self.root = start.fingerprint()
        self.first = payload({self.root: start}, f"workers={n}", f"{n} processes")  # (for worker 0)
        self.store: dict[str, Any] = {self.root: True}  # (the merge's games: a mark; each waits in its worker)
        self.owner = {self.root: 0}  # state -> the worker that holds its game
        self.found: list[list[str]] = [[] for _ in range(n)]  # new states found by each worker, not yet kept
        self.by: dict[str, int] = {}  # the last depth's positions -> the worker that expanded each
        self.conns: list[Any] = []
        self.procs: list[Any] = []

    def __enter__(self) -> Workers:
        import multiprocessing  # (here: ``import tabletop`` need not load it)

        context = multiprocessing.get_context()
        try:
            for w in range(self.n):
                mine, theirs = context.Pipe()
                proc = context.Process(
                    target=_worker,
                    args=(theirs, self.sampled, self.keep_games),
                    daemon=True,
                    name=f"tabletop explore {w}",
                )
                proc.start()
                theirs.close()
                self.conns.append(mine)
                self.procs.append(proc)
            self._call(0, ("take", self.first))
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        for conn in self.conns:
            with contextlib.suppress(OSError):  # (a worker that has died)
                conn.send(("stop",))
            conn.close()
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()

    def _call(self, w: int, message: tuple) -> Any:
        self.conns[w].send(message)
        return self._reply(w)

    def _reply(self, w: int) -> Any:
        status, value = self.conns[w].recv()
        if status == "error":
            raise value
        return value

    def _kept(self) -> None:
        """Each worker keeps the new states it found at the last depth, and drops its other children."""
        for w in range(self.n):
            self.conns[w].send(("keep", self.found[w]))
        for w in range(self.n):
            self._reply(w)
        self.found = [[] for _ in range(self.n)]

    def expand(self, nodes: list[str]) -> list[Row]:
        """:func:`expansion.expanded` of each position, in order, each by the worker that holds its game."""
        self._kept()
        mine: list[list[str]] = [[] for _ in range(self.n)]
        for node in nodes:
            mine[self.owner[node]].append(node)
        self._balance(mine)
        at = {node: i for i, node in enumerate(nodes)}
        for w in range(self.n):  # (each in the order of the depth: a worker sends a child's game with the
            mine[w].sort(key=at.__getitem__)  # first of its positions to find it, so that must be the first here)
        for w in range(self.n):
            self.conns[w].send(("expand", mine[w]))
        rows: dict[str, Row] = {}
        self.by = {}
        for w in range(self.n):
            for node, row in zip(mine[w], self._reply(w)):
                rows[node] = row
                self.by[node] = w
        return [rows[node] for node in nodes]

    def _balance(self, mine: list[list[str]]) -> None:
        """Move games from the workers with more than their share of ``mine`` to those with less."""
        share = -(-sum(map(len, mine)) // self.n)
        for heavy in range(self.n):
            if len(mine[heavy]) <= share + share // 8 + 1:  # (near enough: moving costs a pickle each way)
                continue
            extra = mine[heavy][share:]
            del mine[heavy][share:]
            for light in range(self.n):
                room = share - len(mine[light])
                if room <= 0 or not extra:
                    continue
                part, extra = extra[:room], extra[room:]
                self._call(light, ("take", self._call(heavy, ("give", part))))
                mine[light] += part
                for fp in part:
                    self.owner[fp] = light
            mine[heavy] += extra

    def adopt(self, node: str, new: list[str]) -> None:
        """The states ``node``'s expansion added to the graph are kept by the worker that found them."""
        w = self.by[node]
        for fp in new:
            self.owner[fp] = w
        self.found[w] += new

    def games(self) -> Pickled:
        """Every state's game (a pickle of each worker's games, unpickled when one of them is first read)."""
        self._kept()
        for conn in self.conns:  # (all at once: each worker pickles its own while the others do)
            conn.send(("all",))
        blobs = [self._reply(w) for w in range(self.n)]
        where = {fp: blobs[self.owner[fp]] for fp in self.store}
        return Pickled(where, {self.root: self.start})


# --------------------------------------------------------------------------- a Dask cluster
def _expand_chunk(parents: list[bytes], sampled: bool) -> list[Row]:
    """A Dask task: each parent (a pickled game) expanded, each child's game pickled and described the first
    time its state appears in the chunk, and left out after (a later copy in this chunk is never new)."""
    seen: dict[str, Game] = {}
    return [first_seen(expanded(pickle.loads(parent), sampled), seen, _pickled) for parent in parents]


class Chunks:
    """A Dask cluster's tasks, which keep nothing: positions go out and new games come back pickled."""

    SMALL = 16  # a depth with fewer positions to expand is expanded here (sending it costs more)

    def __init__(self, client: Any, start: Game, sampled: bool, keep: bool):
        self.client, self.start, self.sampled, self.keep_games = client, start, sampled, keep
        self.root = start.fingerprint()
        self.store: dict[str, Any] = {self.root: payload(start, "client=...", "the Dask cluster")}
        self.workers = max(1, sum(client.nthreads().values()))

    def __enter__(self) -> Chunks:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def expand(self, nodes: list[str]) -> list[Row]:
        """:func:`_expand_chunk` of the positions, in order: in chunks on the cluster when there are enough."""
        store = self.store
        parents = [store[node] if self.keep_games else store.pop(node) for node in nodes]
        if len(parents) < self.SMALL:
            return _expand_chunk(parents, self.sampled)
        size = max(self.SMALL // 2, -(-len(parents) // (self.workers * 4)))
        chunks = [parents[k : k + size] for k in range(0, len(parents), size)]
        futures = self.client.map(_expand_chunk, chunks, [self.sampled] * len(chunks), pure=False)
        return [row for part in self.client.gather(futures) for row in part]

    def adopt(self, node: str, new: list[str]) -> None:
        """(The merge put each new state's pickle in ``store``.)"""

    def games(self) -> Pickled:
        return Pickled(self.store, {self.root: self.start})
