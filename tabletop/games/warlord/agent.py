"""A greedy computer player for Warlord: one step ahead, scored with the rulebook's ``evaluate``; "pass" chosen
only when nothing else scores better. Like GreedyAgent it looks at the real game on a copy: a yardstick rather
than a fair player of a hidden-information game.

>>> from tabletop.games.warlord import RULEBOOK
>>> game = RULEBOOK.new_game(seed=1)
>>> while game.decision.player == "chance":
...     _ = game.apply(game.legal()[0])
>>> WarlordAgent(seed=0).choose(game, game.decision.player) in game.legal()
True
"""

from __future__ import annotations

import random

from tabletop.core import Game


class WarlordAgent:
    """Greedy, one step ahead (see the module's text); plays any seat of :func:`simulate`."""

    def __init__(self, seed: int | str | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        legal = game.legal()
        if game.decision is None or not legal:
            raise ValueError("WarlordAgent: no decision is open")
        if len(legal) == 1:
            return legal[0]
        best: list[str] = []
        best_value = float("-inf")
        for option in legal:
            child = game.clone(tracing=False)
            child.apply(option)
            value = float(game.rulebook.evaluate(child.table, player))  # type: ignore[misc]
            if value > best_value:
                best, best_value = [option], value
            elif value == best_value:
                best.append(option)
        others = [o for o in best if o not in ("pass", "no", "keep")]
        best = others or best
        return best[0] if len(best) == 1 else (rng or self._rng).choice(best)

    def __repr__(self) -> str:
        return f"WarlordAgent(seed={self.seed!r})"


__all__ = ["WarlordAgent"]
