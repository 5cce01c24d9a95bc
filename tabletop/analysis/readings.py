"""Rule readings side by side: the same play under each reading of a rule, and what comes of it.

Most timing questions of a rules judge are one reading of a rule against another ("as soon as" or
"at the end of the phase"), not an order of triggers. A rulebook states such a reading as an option
(:class:`tabletop.core.rulebook.OptionSpec`). Options are fixed when a game is set up and a clone
shares them, so :func:`compare_options` builds a fresh game for every reading: a new game, or a
scenario built again under the reading (its history replayed), or a function of the options. It
plays the same thing in each and tabulates the outcomes in a :class:`ReadingComparison`:

* ``play`` a list of moves, ``chance="enumerate"``: every chance decision on the way branches, each
  outcome weighted by its exact probability (``ways/of`` where the decision gives them, as dice
  do, else its probability as a fraction); ``chance="sample"``: one seeded game per reading;
* ``play`` a function of the game: it plays (one seeded game per reading);
* ``play`` an agent (or ``"random"``...) and ``playouts=N``: N seeded playouts per reading, and the
  frequency of each outcome.

The table says which: ``exact``, ``one game`` or ``N playouts``. See ``docs/readings.md``.

Memory's official rule (a match gives another turn, ``mem.extra_turn``) against the house rule, from
the scenario where player 0 has flipped a card and now flips its twin:

>>> import tabletop as tt
>>> readings = {"official": {}, "house rule": {"extra_turn_on_match": False}}
>>> report = tt.compare_options(
...     "memory", readings, scenario="match-official", play=["s03"],
...     outcome=lambda game: f"player {game.decision.player} flips next",
... )
>>> print(report)
memory: 2 reading(s), one game; the readings differ
  official (the defaults):
    1  player 0 flips next
  house rule (extra_turn_on_match=False):
    1  player 1 flips next
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from ..core.decision import CHANCE
from ..core.errors import ArgumentTypeError, ArgumentValueError, IllegalOption, TabletopError, quote
from ..core.game import Game
from ..core.registry import rulebook as _get_rulebook
from ..core.rulebook import Rulebook
from .explore import exact_probability
from .orderings import _flatten, _show
from .profiles import rows_frame, rows_html
from .simulate import _named, derive_seed

__all__ = ["ReadingComparison", "ReadingOutcome", "compare_options", "exact_probability", "rebuild"]

CHANCE_MODES = ("sample", "enumerate")


def rebuild(base: Game, changes: Mapping[str, Any]) -> Game:
    """``base`` set up again from the start with options ``changes`` on top of its own, its decisions
    (history) replayed: chance outcomes it sampled are sampled again from the same seed, the ones
    given by hand are given again. Raises :class:`IllegalOption` when a decision of the history is not
    legal under the changed options."""
    rb = base.rulebook
    steps = base.history.tolist()
    chance_steps = [(j, bool(s.get("auto"))) for j, s in enumerate(steps) if s["player"] == CHANCE]

    def mode(j: int) -> str:  # how the chance decisions asked from step j on were made
        for at, auto in chance_steps:
            if at >= j:
                return "sample" if auto else "manual"
        return base.chance

    game = rb.new_game(
        seed=base.seed,
        players=base.players,
        chance=mode(0),
        tracing=base.tracing,
        profile=None if base.profile == rb.profile else base.profile,
        **{**base.options, **changes},
    )
    for j, step in enumerate(steps):
        if step.get("auto"):  # sampled, or a lone option applied on its own: it happens again by itself
            continue
        game.chance = mode(j + 1)
        game.apply(step["option"])
    game.chance = base.chance
    return game


@dataclass
class ReadingOutcome:
    """One outcome of a reading: its name, its weight (an exact probability, or a frequency over the
    playouts), ``count`` (the paths or playouts that end in it), an example game that ends there and the
    choices (and chance outcomes) that reach it. ``game`` is None when the scenario itself was refused."""

    outcome: str
    weight: Fraction
    count: int
    game: Game = field(repr=False)
    witness: tuple[str, ...] = ()


@dataclass
class ReadingComparison:
    """The outcomes of each reading: ``rows()`` (plain dicts), ``to_pandas()``, a table in a notebook.

    ``method`` says what the weights are: ``"exact"`` (probabilities over every chance outcome),
    ``"one game"`` (one seeded game per reading, weight 1) or ``"N playouts"`` (frequencies).
    """

    rulebook: str
    readings: dict[str, dict[str, Any]]
    method: str
    results: dict[str, list[ReadingOutcome]]

    def distribution(self, reading: str) -> dict[str, Fraction]:
        """Each outcome of ``reading`` with its weight (a probability, or a frequency over the playouts)."""
        return {o.outcome: o.weight for o in self.results[reading]}

    @property
    def differs(self) -> bool:
        """Does the reading change what comes of the play (the outcomes or their weights)?"""
        dists = [self.distribution(name) for name in self.results]
        return any(d != dists[0] for d in dists[1:])

    def differences(self) -> list[str]:
        """The state entries whose values differ between the example games of the outcomes, readable."""
        games = [
            (f"{name}: {o.outcome}", _flatten(o.game))
            for name, outs in self.results.items()
            for o in outs
            if o.game is not None
        ]
        keys = sorted(set().union(*(f for _, f in games))) if games else []
        lines = []
        for key in keys:
            values = [f.get(key, "—") for _, f in games]
            if any(v != values[0] for v in values):
                lines.append(f"{key}: " + "; ".join(f"{name}: {_show(v)}" for (name, _), v in zip(games, values)))
        return lines

    def rows(self) -> list[dict[str, Any]]:
        """One row per outcome of each reading: the reading, its options, the outcome, its weight
        (``probability`` or ``frequency``), ``runs`` (paths or playouts ending there), the method, a witness."""
        weight = "probability" if self.method in ("exact", "one game") else "frequency"
        out = []
        for name, outs in self.results.items():
            for o in outs:
                out.append(
                    {
                        "reading": name,
                        "options": ", ".join(f"{k}={v!r}" for k, v in self.readings[name].items()),
                        "outcome": o.outcome,
                        weight: o.weight,
                        "runs": o.count,
                        "method": self.method,
                        "witness": " -> ".join(o.witness),
                    }
                )
        return out

    def to_pandas(self):
        """The rows as a pandas DataFrame (pandas must be installed)."""
        return rows_frame(self.rows(), "ReadingComparison.to_pandas()")

    to_frame = to_pandas

    def __str__(self) -> str:
        verdict = "the readings differ" if self.differs else "every reading gives the same outcomes"
        lines = [f"{self.rulebook}: {len(self.results)} reading(s), {self.method}; {verdict}"]
        for name, outs in self.results.items():
            opts = ", ".join(f"{k}={v!r}" for k, v in self.readings[name].items())
            lines.append(f"  {name} ({opts or 'the defaults'}):")
            lines += [f"    {_weight(o.weight)}  {o.outcome}" for o in outs]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows = self.rows()
        if not rows:
            return "<p>No outcomes.</p>"
        verdict = "the readings differ" if self.differs else "every reading gives the same outcomes"
        diffs = self.differences() if len(rows) <= 12 else []
        listed = "".join(f"<li>{escape(d)}</li>" for d in diffs)
        return (
            f"<div><b>{escape(self.rulebook)}</b>: {len(self.results)} reading(s), {escape(self.method)}; {verdict}"
            + rows_html(rows, lambda v: _weight(v) if isinstance(v, Fraction) else str(v))
            + (f"<p>What differs:</p><ul>{listed}</ul>" if listed else "")
            + "</div>"
        )


def _weight(w: Fraction) -> str:
    return str(w.numerator) if w.denominator == 1 else f"{w.numerator}/{w.denominator}"


def _result(game: Game) -> str:
    result = game.state.result or {}
    winners = result.get("winners") or ()
    if not winners:
        return "draw"
    return (
        ("player " if len(winners) == 1 else "players ")
        + ", ".join(map(str, winners))
        + " win"
        + ("s" if len(winners) == 1 else "")
    )


def compare_options(
    rulebook: Rulebook | str,
    readings: Mapping[str, Mapping[str, Any]],
    *,
    play: Any = (),
    scenario: str | Callable[..., Game] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | str = 0,
    players: int | None = None,
    chance: str = "sample",
    playouts: int | None = None,
    outcome: Callable[[Game], Any] | None = None,
    stop: Callable[[Game], bool] | None = None,
    max_decisions: int = 10_000,
    limit: int = 10_000,
) -> ReadingComparison:
    """Play the same thing under each reading (``{name: options}``) and tabulate what comes of it.

    Each reading gets a fresh game with its options on top of ``options`` (those common to all):
    ``scenario=None`` a new game (``seed``, ``players``), a scenario's name that scenario built again
    under the reading (:func:`rebuild`), or a function called with the options as keywords.

    ``play``: a list of moves (option ids or labels, for the players' decisions, in order), a function
    of the game that plays it, or with ``playouts=N`` an agent (``"random"``, ``"greedy"``, an object
    with ``choose``) that plays N seeded games to their end. After the moves the game runs on through
    decisions that leave no choice; a move that is not legal under a reading ends that reading's play
    with the outcome ``refused: <move>``. ``chance="enumerate"`` branches on every chance decision met
    while the moves are made (exact probabilities); ``"sample"`` draws from the seed.

    ``outcome(game)`` names an outcome (default: the result when the game is over, else the position,
    numbered in order of appearance); ``stop(game)`` ends a play early.
    """
    rb = _get_rulebook(rulebook) if isinstance(rulebook, str) else rulebook
    if not isinstance(rb, Rulebook):
        raise ArgumentTypeError(f"compare_options(rulebook={quote(rulebook)}): give a Rulebook or a rulebook id")
    if not isinstance(readings, Mapping) or not readings:
        raise ArgumentTypeError(f"compare_options(readings={quote(readings)}): give a dict of name -> options")
    if chance not in CHANCE_MODES:
        raise ArgumentValueError(f"compare_options(chance={quote(chance)}): chance must be 'sample' or 'enumerate'")
    common = dict(options or {})
    for name, opts in readings.items():
        if not isinstance(opts, Mapping):
            raise ArgumentTypeError(
                f"compare_options: reading {quote(name)} must be a dict of options, not {quote(opts)}"
            )
        rb.resolve_options({**common, **opts})  # an unknown option or a bad value fails here, naming it
    agent = None
    if playouts is not None:
        if type(playouts) is not int or playouts < 1:
            raise ArgumentValueError(f"compare_options(playouts={quote(playouts)}): playouts must be an int, 1 or more")
        if chance == "enumerate":
            raise ArgumentValueError(
                "compare_options: playouts sample chance; chance='enumerate' needs a list of moves"
            )
        agent = _named(play if play != () else "random", "for compare_options")
        if not callable(getattr(agent, "choose", None)):
            raise ArgumentTypeError(f"compare_options: with playouts, play must be an agent, not {quote(play)}")
    elif callable(play):
        if chance == "enumerate":
            raise ArgumentValueError("compare_options: a function of the game samples chance; enumerate needs moves")
    elif isinstance(play, str) or not isinstance(play, Sequence):
        raise ArgumentTypeError(
            f"compare_options(play={quote(play)}): give a list of moves, a function of the game, or an agent "
            f"with playouts=N"
        )
    make = _starter(rb, scenario, common, seed, players)
    names: dict[str, str] = {}  # positions seen -> their names ("position 1", ...)

    def named(game: Game, refused: str | None) -> str:
        if refused is not None:
            return refused
        if outcome is not None:
            return str(outcome(game))
        if game.state.result is not None:
            return _result(game)
        fp = game.fingerprint()
        return names.setdefault(fp, f"position {len(names) + 1}")

    results: dict[str, list[ReadingOutcome]] = {}
    for name, opts in readings.items():
        leaves: list[tuple[Game, Fraction, tuple[str, ...], str | None]]
        if agent is not None:
            assert playouts is not None
            leaves = [_playout(make, dict(opts), agent, seed, i, stop, max_decisions) for i in range(playouts)]
        else:
            try:
                start = make(dict(opts), None)
            except IllegalOption as exc:  # the scenario's own decisions are not legal under this reading
                leaves = [(None, Fraction(1), (), f"refused: the scenario ({_first_line(exc)})")]  # type: ignore[list-item]
            else:
                if callable(play):
                    done = play(start)
                    game = done if isinstance(done, Game) else start
                    leaves = [(game, Fraction(1), (), None)]
                else:
                    leaves = _walk(start, list(play), chance, stop, max_decisions, limit)
        merged: dict[str, ReadingOutcome] = {}
        for game, weight, witness, refused in leaves:
            key = named(game, refused)
            if key in merged:
                merged[key].weight += weight
                merged[key].count += 1
            else:
                merged[key] = ReadingOutcome(key, weight, 1, game, witness)
        outs = list(merged.values())
        if agent is not None:
            for o in outs:
                o.weight = Fraction(o.count, playouts or 1)
        results[name] = outs
    method = f"{playouts} playouts" if agent is not None else ("exact" if chance == "enumerate" else "one game")
    return ReadingComparison(rb.id, {n: dict(o) for n, o in readings.items()}, method, results)


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _starter(
    rb: Rulebook, scenario: Any, common: dict[str, Any], seed: int | str, players: int | None
) -> Callable[[dict[str, Any], int | None], Game]:
    """A function making each reading's fresh game (``index``: a playout's number, None for one game)."""
    if scenario is None:

        def new(opts: dict[str, Any], index: int | None) -> Game:
            s = seed if index is None else derive_seed(seed, index, "game")
            return rb.new_game(seed=s, players=players, **{**common, **opts})

        return new
    if callable(scenario):
        return lambda opts, index: _reseeded(scenario(**{**common, **opts}), seed, index)
    if not isinstance(scenario, str):
        raise ArgumentTypeError(f"compare_options(scenario={quote(scenario)}): a scenario's name or a function")
    base = rb.scenario(scenario)
    again = rebuild(base, {})
    if again.fingerprint() != base.fingerprint() or len(again.history) != len(base.history):
        raise TabletopError(
            f"{rb.id}: scenario {quote(scenario)} cannot be set up again under other options: it makes its position "
            f"outside the decisions its history holds; give compare_options a function of the options as scenario"
        )
    return lambda opts, index: _reseeded(rebuild(base, {**common, **opts}), seed, index)


def _reseeded(game: Game, seed: int | str, index: int | None) -> Game:
    """A playout's game: its chance streams seeded afresh for playout ``index`` (None: left as they are)."""
    if index is not None:
        game.table.seed = derive_seed(seed, index, "chance")
        game.state.rng = {}
    return game


def _walk(
    start: Game, moves: list, chance: str, stop: Callable[[Game], bool] | None, max_decisions: int, limit: int
) -> list[tuple[Game, Fraction, tuple[str, ...], str | None]]:
    """Make ``moves`` on ``start``; with ``chance="enumerate"`` every chance outcome on the way is a branch.
    Each leaf: the game, its probability, the choices made and outcomes drawn, a refusal or None."""
    game = start.clone()
    game.chance = "manual" if chance == "enumerate" else "sample"
    leaves: list[tuple[Game, Fraction, tuple[str, ...], str | None]] = []
    stack: list[tuple[Game, int, Fraction, tuple[str, ...]]] = [(game, 0, Fraction(1), ())]
    while stack:
        g, k, p, path = stack.pop()
        for _ in range(max_decisions):
            dec = g.state.decision
            if dec is None or (stop is not None and stop(g)):
                leaves.append((g, p, path, None))
                break
            options = dec["options"]
            if dec["player"] == CHANCE:
                if chance == "sample":
                    i = g.draw()
                    g.play(i)
                    continue
                for i in reversed(range(len(options))):
                    child = g.clone()
                    child.play(i)
                    label = options[i].get("label", options[i]["id"])
                    stack.append((child, k, p * exact_probability(dec, i), (*path, f"chance: {label}")))
                if len(stack) + len(leaves) > limit:
                    raise TabletopError(f"compare_options(): more than {limit} branches; raise limit or simplify")
                break
            if k < len(moves):
                move = moves[k]
                try:
                    g.apply(move)
                except IllegalOption as exc:
                    leaves.append((g, p, path, f"refused: {move} ({_first_line(exc)})"))
                    break
                label = next((o.get("label", o["id"]) for o in options if move in (o["id"], o.get("label"))), str(move))
                path, k = (*path, label), k + 1
                continue
            if len(options) == 1:  # no choice left: run on to the next real decision
                g.play(0)
                continue
            leaves.append((g, p, path, None))
            break
        else:
            raise TabletopError(f"compare_options(): more than {max_decisions} decisions in one play")
    return leaves


def _playout(
    make: Callable[[dict[str, Any], int | None], Game],
    opts: dict[str, Any],
    agent: Any,
    seed: int | str,
    index: int,
    stop: Callable[[Game], bool] | None,
    max_decisions: int,
) -> tuple[Game, Fraction, tuple[str, ...], str | None]:
    """Playout ``index``: the agent plays every seat of a freshly seeded game to its end."""
    game = make(opts, index)
    rng = random.Random(derive_seed(seed, index, "agent"))
    for _ in range(max_decisions):
        dec = game.state.decision
        if dec is None or (stop is not None and stop(game)):
            break
        if dec["player"] == CHANCE:
            game.play(game.draw())
        else:
            game.apply(agent.choose(game, dec["player"], rng))
    return game, Fraction(1), (), None
