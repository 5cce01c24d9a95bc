"""A greedy computer player for Nebozhiteli.

Most decisions it takes as ``tabletop.analysis.agents.GreedyAgent`` does: one step ahead, scored with the
rulebook's ``evaluate`` (ties broken with its seeded rng). Combat is where one step sees nothing (declaring
an attacker only turns it; the damage comes two decisions later), so there it looks further:

- **attackers** (003 L58-L60): each declaration is played on a copy until the damage phase is over, the
  defender blocking by :func:`block_choice` and every split the first; the best outcome for it wins (toggled
  one by one, "done" wins a tie);
- **blockers** (L63-L65): :func:`block_choice`, a rule of thumb: block an attacker the blocker kills and
  survives, else one it survives, else none;
- **a split among blockers** (L72): each split played on a copy to the end of the damage phase.

Like GreedyAgent it looks at the real game on a copy, so it sees what the copy's chance outcomes show: a
yardstick rather than a fair player of a hidden-information game.

>>> from tabletop.games.nebozhiteli import RULEBOOK
>>> game = RULEBOOK.new_game(seed=1)
>>> NebozhiteliAgent(seed=0).choose(game, 0) in game.legal()
True
"""

from __future__ import annotations

import random

from tabletop.core import Game

from . import engine as E

COMBAT = ("attackers", "blockers", "damage")


def _hits(game: Game, source: str, target: str) -> int:
    t = game.table
    return E.after_armour(t, target, E.strength(t, source), E.damage_kind(t, source))


def block_choice(game: Game) -> str:
    """The block decision's option by the rule of thumb of the module's text."""
    legal = game.legal()
    blocker = legal[0].split(":", 1)[1]
    t = game.table
    good, safe = [], []
    for option in legal[1:]:
        attacker = option.split(">", 1)[1]
        survives = _hits(game, attacker, blocker) < E.lives(t, blocker)
        kills = _hits(game, blocker, attacker) >= E.lives(t, attacker)
        if survives and kills:
            good.append(option)
        elif survives:
            safe.append(option)
    return (good or safe or legal)[0]


def _through_combat(game: Game, player: int) -> float:
    """Play ``game`` (a copy) on to the end of the damage phase and score it for ``player``."""
    turn = game.state.turn["number"]
    for _ in range(200):
        if game.over or game.state.turn["number"] != turn or game.state.turn.get("sub") not in COMBAT:
            break
        decision = game.decision
        if decision is None:
            break
        kind = decision.kind
        if kind == "block":
            game.apply(block_choice(game))
        elif kind == "attack" and "done" in game.legal():
            game.apply("done")
        else:
            game.apply(game.legal()[0])
    return float(game.rulebook.evaluate(game.table, player))  # type: ignore[misc]


class NebozhiteliAgent:
    """Greedy, with a look through combat (see the module's text). It plays any seat of :func:`simulate`
    (``choose(game, player, rng)``)."""

    def __init__(self, seed: int | str | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game, player: int, rng: random.Random | None = None) -> str:
        decision = game.decision
        legal = game.legal()
        if decision is None or not legal:
            raise ValueError("NebozhiteliAgent: no decision is open")
        if len(legal) == 1:
            return legal[0]
        if decision.kind == "block":
            return block_choice(game)
        look = _through_combat if decision.kind in ("attack", "distribute") else _one_step
        best: list[str] = []
        best_value = float("-inf")
        for option in legal:
            child = game.clone(tracing=False)
            child.apply(option)
            value = look(child, player)
            if value > best_value:
                best, best_value = [option], value
            elif value == best_value:
                best.append(option)
        if "done" in best:  # (a tie: stop toggling, end the phase)
            return "done"
        return best[0] if len(best) == 1 else (rng or self._rng).choice(best)

    def __repr__(self) -> str:
        return f"NebozhiteliAgent(seed={self.seed!r})"


def _one_step(game: Game, player: int) -> float:
    return float(game.rulebook.evaluate(game.table, player))  # type: ignore[misc]


__all__ = ["NebozhiteliAgent", "block_choice"]
