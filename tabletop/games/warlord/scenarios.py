"""Named positions of Warlord (``RULEBOOK.scenario(name)``): a seeded game played to the moment a rule shows.

Each is a function of the rulebook that plays a new game forward by a fixed rule of choice until the position
is reached (so the position is a real one of the engine, reached through its decisions)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core import Game, Rulebook


def _until(game: Game, stop: Callable[[Game], bool], choose: Callable[[Game], str], limit: int = 5000) -> Game:
    for _ in range(limit):
        if game.decision is None or stop(game):
            return game
        game.apply(choose(game))
    raise RuntimeError("the scenario's position was not reached")


def _first(game: Game) -> str:
    return game.legal()[0]


def _attack_first(game: Game) -> str:
    legal = game.legal()
    for want in ("attack:", "target:", "reform:"):
        for o in legal:
            if o.startswith(want):
                return o
    return "pass" if "pass" in legal else "no" if "no" in legal else "keep" if "keep" in legal else legal[0]


def orders_phase(rb: Rulebook) -> Game:
    """The first Orders Phase, at the first go (wl.orders): pass and the others may still act (wl.pass)."""
    return _until(rb.new_game(seed=3, players=3), lambda g: g.decision.kind == "order", _first)


def passes_not_final(rb: Rulebook) -> Game:
    """A go after one player has passed and the next has acted: the passer takes a go again (wl.pass)."""
    game = orders_phase(rb)
    game.apply("pass")
    return _until(game, lambda g: g.decision.kind == "order", _first)


def strike_by_strike(rb: Rulebook) -> Game:
    """A multi-strike attacker choosing its second strike's target after the first resolved (wl.strikes)."""
    game = rb.new_game(seed=5, deck0="horde", deck1="covenant")

    def second(g: Game) -> bool:
        return g.decision.kind == "strike" and any(o == "stop" for o in g.legal())

    return _until(game, second, _attack_first)


def reform_before_react(rb: Rulebook) -> Game:
    """A reform decision after a death, with Reacts to the death still to be polled (wl.reform, wl.reacts)."""
    game = rb.new_game(seed=7, deck0="horde", deck1="covenant")
    return _until(game, lambda g: g.decision.kind == "reform", _attack_first)


def natural_20(rb: Rulebook) -> Game:
    """A strike's d20 about to be rolled with a Parry's -4 on it: a natural 20 still hits (wl.natural)."""
    game = rb.new_game(seed=11, deck0="horde", deck1="covenant", chance="manual")

    def parried(g: Game) -> bool:
        aim = g.table.state.vars.get("strike")
        return g.decision.kind == "roll" and aim is not None and any(m < 0 for m in aim["mods"])

    def choose(g: Game) -> str:
        legal = g.legal()
        react = [o for o in legal if o.startswith("react:") and "parry" in g.table.state.objects[o.split(":")[1]].get("card", "")]
        if react:
            return react[0]
        if g.decision.player == "chance":
            return legal[-1] if g.decision.kind == "roll" else legal[0]
        return _attack_first(g)

    return _until(game, parried, choose)


SCENARIOS: dict[str, tuple[str, Callable[[Rulebook], Game], tuple[str, ...]]] = {
    "orders-phase": ("A 3-player game's first Orders Phase, at its first go.", orders_phase, ("wl.orders", "wl.pass")),
    "pass-not-final": ("A player who passed takes a go again in the same phase.", passes_not_final, ("wl.pass",)),
    "strike-by-strike": ("A multi-strike attack at its second strike's target.", strike_by_strike, ("wl.strikes",)),
    "reform-before-react": ("A reform after a death, Reacts to it waiting.", reform_before_react, ("wl.reform", "wl.reacts")),
    "natural-20": ("A parried strike's d20, about to roll.", natural_20, ("wl.natural", "wl.react_card")),
}
