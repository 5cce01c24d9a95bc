"""Named positions of Warlord (``RULEBOOK.scenario(name)``): a ready army of each side (option ``layout``) played
forward by a fixed script to the moment a rule shows, chance decided by hand (``chance="manual"``), so each
position is one the engine reaches through its own decisions.

The scripts (:func:`drive`): a chance decision of kind ``roll`` takes the next of the script's ``rolls``
(initiative faces, then strike or save outcomes: ``hit``, ``miss``, ``nat1``, ``nat20``), a draw the first
card; a player's decision takes the first option that starts with one of ``want`` (in order), else a pass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.core import Game, Rulebook

PASSING = ("pass", "no", "keep", "stop")
FILLER = {"chain_mail": 20}  # a deck of one item that offers no React and shows nothing new


def side(army: list[list], hand: Sequence[str] = (), deck: dict | None = None) -> dict:
    return {"army": army, "hand": list(hand), "deck": dict(FILLER if deck is None else deck)}


def drive(
    game: Game, want: Sequence[str], rolls: Sequence[str], stop: Callable[[Game], bool], limit: int = 400
) -> Game:
    """Play ``game`` on by the script (see the module's text) until ``stop(game)`` at an open decision."""
    rolls = list(rolls)
    for _ in range(limit):
        dec = game.decision
        if dec is None:
            raise RuntimeError("the game ended before the scenario's position")
        if stop(game):
            return game
        legal = game.legal()
        if dec.player == "chance":
            game.apply(rolls.pop(0) if dec.kind == "roll" and rolls else legal[0])
            continue
        pick = next((o for w in want for o in legal if wanted(game, o, w)), None)
        game.apply(pick or next((o for o in legal if o in PASSING), legal[0]))
    raise RuntimeError("the scenario's position was not reached")


def wanted(game: Game, option: str, want: str) -> bool:
    """Whether ``option`` is what ``want`` asks for: a prefix (``attack:``), or a prefix and a card
    (``target:@shieldbearer``: the option's first object is a Covenant Shieldbearer)."""
    prefix, _, card = want.partition("@")
    if not option.startswith(prefix):
        return False
    if not card:
        return True
    oid = option[len(prefix) :].split(">")[0].split(":")[0].split("@")[0]
    return game.state.objects.get(oid, {}).get("card") == card


def _kind(kind: str) -> Callable[[Game], bool]:
    return lambda g: g.decision is not None and g.decision.kind == kind


# the armies: the Horde (player 0) attacks the Covenant (player 1)
HORDE = [["ash_brute"], ["gorvash"]]
COVENANT = [["shieldbearer", "hammerman"], ["forge_priest", "crossbow_veteran"], ["thane_brannoc"]]
FIRST = ["20", "1"]  # player 0 wins the initiative


def reform_before_react(rb: Rulebook) -> Game:
    """The Ash Brute's first strike kills the Covenant Shieldbearer: rank 2 (two) now outnumbers rank 1 (one), and
    player 1 must reform at once (wl.reform), and only then is the Shield Wall in his hand, a React to the death,
    offered (wl.reacts). (Steady Ranks, the one React played when you reform, is the lesson's steady-ranks.)"""
    game = rb.new_game(seed=0, chance="manual", layout={"0": side(HORDE), "1": side(COVENANT, ["shield_wall"])})
    return drive(game, ["attack:", "target:@shieldbearer"], [*FIRST, "hit"], _kind("reform"))


def orders_phase(rb: Rulebook) -> Game:
    """A 3-player first Orders Phase at its first go (wl.orders): the initiative winner gives one order."""
    armies = {str(p): side([["ash_raider", "pit_fighter"], ["gorvash"]]) for p in range(3)}
    game = rb.new_game(seed=0, players=3, chance="manual", layout=armies)
    return drive(game, [], ["7", "15", "3"], _kind("order"))


def pass_not_final(rb: Rulebook) -> Game:
    """Player 1 passed, player 2 then maneuvered: player 0 and player 1 (who passed) each take a go again
    (wl.pass): here player 1's go after his pass."""
    game = orders_phase(rb)  # player 1 has the initiative
    game.apply("pass")
    game = drive(game, ["move:"], [], lambda g: g.decision is not None and g.decision.player == 0)
    game.apply("pass")
    return game


def strike_by_strike(rb: Rulebook) -> Game:
    """Gorvash (ATK 7/7/4) has missed with his first strike: now player 0 chooses the second strike's target or
    stops (wl.strikes)."""
    horde = [["gorvash", "ash_raider"]]
    game = rb.new_game(seed=0, chance="manual", layout={"0": side(horde), "1": side(COVENANT)})
    return drive(
        game, ["attack:@gorvash", "target:@shieldbearer"], [*FIRST, "miss"], lambda g: "stop" in (g.legal() or ())
    )


def natural_20(rb: Rulebook) -> Game:
    """Player 1 has parried (-4) the Ash Raider's strike at his Shieldbearer: the d20 is about to be rolled, and
    a natural 20 hits whatever the penalty (wl.natural)."""
    game = rb.new_game(
        seed=0, chance="manual", layout={"0": side([["ash_raider"], ["gorvash"]]), "1": side(COVENANT, ["parry"])}
    )
    return drive(game, ["attack:", "target:@shieldbearer", "react:"], FIRST, _parried)


def _parried(game: Game) -> bool:
    aim = game.state.vars.get("strike") or {}
    return _kind("roll")(game) and any(m < 0 for m in aim.get("mods", ()))


SCENARIOS: dict[str, tuple[str, Callable[[Rulebook], Game], tuple[str, ...]]] = {
    "reform-before-react": (
        "A death leaves rank 2 larger than rank 1: the reform comes at once, a Shield Wall React waiting.",
        reform_before_react,
        ("wl.reform", "wl.reform_move", "wl.reacts"),
    ),
    "orders-phase": ("A 3-player game's first Orders Phase, at its first go.", orders_phase, ("wl.orders",)),
    "pass-not-final": ("A player who passed takes a go again in the same phase.", pass_not_final, ("wl.pass",)),
    "strike-by-strike": (
        "A three-strike attack choosing its second strike's target.",
        strike_by_strike,
        ("wl.strikes",),
    ),
    "natural-20": ("A parried strike's d20 about to roll: a natural 20 still hits.", natural_20, ("wl.natural",)),
}
