"""Agents: who makes the players' choices in a simulation.

An agent is any object with ``choose(game, player, rng) -> option id``. :func:`tabletop.analysis.simulate`
calls it for each decision of the seat it plays; ``rng`` is a :class:`random.Random` the
simulator seeds for that game and seat, so an agent needs no state of its own and the same seed
gives the same games however the work is split between processes. Chance decisions (shuffles,
dice) never reach an agent: the game samples them from its own seeded streams.

Agents are sent to worker processes, so they must be picklable: define them (and any ``score``
function given to :class:`GreedyAgent`) at module level, not as lambdas, when ``workers`` is not 1.

Every agent can also be used by hand; without an ``rng`` it uses its own, seeded with ``seed``:

>>> import tabletop as tt
>>> from tabletop.analysis.agents import RandomAgent
>>> game = tt.rulebook("memory").new_game(seed=1, pairs=3)
>>> RandomAgent(seed=4).choose(game, 0) in game.legal()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..core.errors import quote

if TYPE_CHECKING:
    from ..core import Game

__all__ = ["Agent", "FirstLegalAgent", "GreedyAgent", "RandomAgent", "ScriptedAgent"]


@runtime_checkable
class Agent(Protocol):
    """What :func:`simulate` needs from an agent."""

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        """The id of one of ``game.legal()``, for the decision ``player`` has to make."""
        ...


class _Seeded:
    """Keeps a seeded rng for when the caller does not pass one (playing by hand)."""

    def __init__(self, seed: int | str | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def _pick_rng(self, rng: random.Random | None) -> random.Random:
        return rng if rng is not None else self._rng


class RandomAgent(_Seeded):
    """Picks a legal option uniformly at random.

    In :func:`simulate` the per-game, per-seat ``rng`` decides; ``seed`` seeds the agent's own
    rng, used when it is called without one.

    >>> import tabletop as tt
    >>> from tabletop.analysis import agents
    >>> game = tt.rulebook("memory").new_game(seed=7, pairs=3)
    >>> a, b = agents.RandomAgent(seed=1), agents.RandomAgent(seed=1)
    >>> [a.choose(game, 0) for _ in range(4)] == [b.choose(game, 0) for _ in range(4)]
    True
    """

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        return self._pick_rng(rng).choice(game.legal())

    def __repr__(self) -> str:
        return "RandomAgent()" if self.seed is None else f"RandomAgent(seed={self.seed!r})"


class FirstLegalAgent:
    """Always picks the first legal option (a cheap, fully predictable opponent).

    >>> import tabletop as tt
    >>> from tabletop.analysis.agents import FirstLegalAgent
    >>> game = tt.rulebook("memory").new_game(seed=7, pairs=3)
    >>> FirstLegalAgent().choose(game, 0)
    's00'
    """

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        legal = game.legal()
        if not legal:
            raise ValueError("FirstLegalAgent: no decision is open")
        return legal[0]

    def __repr__(self) -> str:
        return "FirstLegalAgent()"


class ScriptedAgent:
    """Plays a script of option ids or labels in order, then hands over to ``fallback``.

    The n-th entry is played at the n-th choice this player makes in the game (counted from
    ``game.history``, so the agent keeps no state and one agent can sit in several seats).
    When the script runs out, ``fallback`` chooses; without one, running out is an error, as
    is a scripted entry that is not legal at that point.

    >>> import tabletop as tt
    >>> from tabletop.analysis.agents import FirstLegalAgent, ScriptedAgent
    >>> game = tt.rulebook("memory").new_game(seed=7, pairs=3)
    >>> agent = ScriptedAgent(["s04", "flip the card in row 1, column 2"], fallback=FirstLegalAgent())
    >>> for _ in range(3):
    ...     _ = game.apply(agent.choose(game, game.decision.player))
    >>> [step["option"] for step in game.history if not step["auto"]][:2]
    ['s04', 's01']
    """

    def __init__(self, script: Iterable[str], fallback: Agent | None = None):
        self.script = tuple(script)
        self.fallback = fallback
        for entry in self.script:
            if not isinstance(entry, str):
                raise TypeError(f"ScriptedAgent: script entries are option ids or labels (str), not {quote(entry)}")

    def position(self, game: Game, player: int) -> int:
        """How many choices ``player`` has made so far in ``game``: the script entry played next."""
        return sum(1 for step in game.history if step["player"] == player and not step.get("auto"))

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        k = self.position(game, player)
        if k >= len(self.script):
            if self.fallback is None:
                raise ValueError(
                    f"ScriptedAgent: the script of {len(self.script)} choice(s) ran out at player {player}'s "
                    f"choice {k + 1} and there is no fallback agent"
                )
            return self.fallback.choose(game, player, rng)
        entry = self.script[k]
        options = (game.state.decision or {}).get("options", ())
        for option in options:
            if option["id"] == entry:
                return entry
        for option in options:
            if option.get("label") == entry:
                return option["id"]
        raise ValueError(
            f"ScriptedAgent: script entry {k + 1} ({quote(entry)}) is not a legal option for player {player}; "
            f"legal: {', '.join(o['id'] for o in options) or 'none'}"
        )

    def __repr__(self) -> str:
        return f"ScriptedAgent({list(self.script)!r}, fallback={self.fallback!r})"


def result_score(game: Game, player: int) -> float:
    """1 if ``player`` has won (alone or with others, not a draw), -1 if it has lost, else 0."""
    result = game.result
    if result is None:
        return 0.0
    winners = result.get("winners", ())
    draw = result.get("draw", not winners)  # as Game.end_game decides it when the rulebook does not
    if player in winners:
        return 0.0 if draw else 1.0
    return -1.0 if winners else 0.0


class GreedyAgent(_Seeded):
    """Looks one step ahead and takes the option whose position scores best for it.

    Each legal option is played on a copy of the game (``game.clone(tracing=False)``). The copy
    is scored with the rulebook's heuristic ``rulebook.evaluate(game, player)`` when the rulebook
    has one, else by its result (won 1, lost -1, otherwise 0); an optional ``score(game, player)``
    callable is added to that. Ties are broken at random with the seat's rng. ``last_resort``: option ids
    (a pass, "end the turn") taken only when no other option scores as well, so the agent does not idle
    when doing something is as good.

    The copy is the real game one step on, so the agent sees whatever that step reveals (a card
    turned over, a die rolled): it is a perfect-information lookahead, a yardstick rather than a
    fair player of a hidden-information game.

    >>> import tabletop as tt
    >>> from tabletop.analysis.agents import GreedyAgent
    >>> game = tt.rulebook("memory").scenario("match-official")  # the twin is s03
    >>> def pairs_kept(game, player):
    ...     return len(game.state.zones[f"pairs:{player}"])
    >>> GreedyAgent(score=pairs_kept, seed=0).choose(game, 0)
    's03'
    """

    def __init__(
        self,
        score: Callable[[Game, int], float] | None = None,
        seed: int | str | None = None,
        last_resort: Collection[str] = (),
    ):
        super().__init__(seed)
        self.score = score
        self.last_resort = frozenset(last_resort)

    def value(self, game: Game, player: int) -> float:
        """How good ``game`` is for ``player``: evaluate (or the result), plus ``score``."""
        evaluate = game.rulebook.evaluate
        value = evaluate(game.table, player) if evaluate is not None else result_score(game, player)
        if self.score is not None:
            value += self.score(game, player)
        return value

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        legal = game.legal()
        if len(legal) <= 1:
            if not legal:
                raise ValueError("GreedyAgent: no decision is open")
            return legal[0]
        best: list[str] = []
        best_value = float("-inf")
        for option in legal:
            child = game.clone(tracing=False)
            child.apply(option)
            value = self.value(child, player)
            if value > best_value:
                best, best_value = [option], value
            elif value == best_value:
                best.append(option)
        if self.last_resort:
            best = [o for o in best if o not in self.last_resort] or best
        return best[0] if len(best) == 1 else self._pick_rng(rng).choice(best)

    def __repr__(self) -> str:
        score = "" if self.score is None else f"score={getattr(self.score, '__name__', self.score)}"
        seed = "" if self.seed is None else f"seed={self.seed!r}"
        return f"GreedyAgent({', '.join(x for x in (score, seed) if x)})"
