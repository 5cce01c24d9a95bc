"""A greedy computer player for Warlord: one step ahead, scored with the rulebook's ``evaluate``; "pass" chosen
only when nothing else scores as well (GreedyAgent with ``last_resort``). Like GreedyAgent it looks at the real
game on a copy: a yardstick rather than a fair player of a hidden-information game.

>>> from tabletop.games.warlord import RULEBOOK
>>> game = RULEBOOK.new_game(seed=1)
>>> while game.decision.player == "chance":
...     _ = game.apply(game.legal()[0])
>>> WarlordAgent(seed=0).choose(game, game.decision.player) in game.legal()
True
"""

from __future__ import annotations

from tabletop.analysis.agents import GreedyAgent


class WarlordAgent(GreedyAgent):
    """Greedy, one step ahead (see the module's text); plays any seat of :func:`simulate`."""

    def __init__(self, seed: int | str | None = None):
        super().__init__(seed=seed, last_resort=("pass", "no", "keep"))

    def __repr__(self) -> str:
        return f"WarlordAgent(seed={self.seed!r})"


__all__ = ["WarlordAgent"]
