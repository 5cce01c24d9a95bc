"""A greedy computer player for Heroes of the Mists: one step ahead, scored with the rulebook's ``evaluate``
(``tabletop.analysis.agents.GreedyAgent``), "end the turn" chosen only when nothing else scores as well
(its ``last_resort``).

Like GreedyAgent it looks at the real game on a copy: a yardstick rather than a fair player of a
hidden-information game.

>>> from tabletop.games.gw2_heroes_of_the_mists import RULEBOOK
>>> game = RULEBOOK.new_game(seed=1)
>>> while game.decision.player == "chance":
...     _ = game.apply(game.legal()[0])
>>> Gw2Agent(seed=0).choose(game, game.decision.player) in game.legal()
True
"""

from __future__ import annotations

from tabletop.analysis.agents import GreedyAgent


class Gw2Agent(GreedyAgent):
    """Greedy, one step ahead (see the module's text); plays any seat of :func:`simulate`."""

    def __init__(self, seed: int | str | None = None):
        super().__init__(seed=seed, last_resort=("end",))

    def __repr__(self) -> str:
        return f"Gw2Agent(seed={self.seed!r})"


__all__ = ["Gw2Agent"]
