"""The exercises of ``08_warlord``, each judged by playing its scenario with the engine.

A judge plays the position the question describes on a fresh copy of the scenario and says what happened: the
state a reform left a character in, the ways out of 20 the d20 offers, the passes that end an Orders Phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Exercise, by_name
from tabletop.core.exercises import open_decision, whole_number

from . import army as A
from .lessons import find

if TYPE_CHECKING:
    from tabletop.core import Game, Rulebook

STATES = ("ready", "spent", "stunned")


def _state(answer: Any) -> str:
    word = str(answer).strip().lower().strip("'\".")
    if word not in STATES:
        raise ValueError(f'write one of {", ".join(STATES)} (a word in quotes, e.g. "ready"), not {answer!r}')
    return word


def _hit_ways(game: Game) -> int:
    """The ways out of 20 that the open d20 of a strike hits (a hit, a natural 20, a natural 19 on Astral)."""
    dec = game.decision
    if dec is None or dec.kind != "roll":
        raise AssertionError(f"no strike roll is open: {dec}")
    return sum(int(o.data["ways"]) for o in dec.options if o.id in ("hit", "nat20", "nat19"))


def _reform_state(rb: Rulebook) -> Exercise:
    """wl.reform_move (L49/L213): a ready character moved forward by a reform becomes spent."""

    def judge(answer: Any) -> str | None:
        guess = _state(answer)
        game = rb.scenario("reform-before-react")
        priest = find(game.table, "Forge Priest", 1)
        before = A.state_of(game.table, priest)
        game.apply(f"reform:{priest}:1@0")
        after = A.state_of(game.table, priest)
        if guess == after:
            return None
        return f"you said {guess!r}. Played out: the Forge Priest was {before} in rank 2 and is {after} in rank 1"

    return Exercise(
        "reform-state",
        "In the reform-before-react scenario the Covenant Shieldbearer has died and player 1 must reform (he plays "
        "no React). He moves the Forge Priest, ready, from rank 2 into the front rank. What is its state then: "
        '"ready", "spent" or "stunned"?',
        rule="wl.reform_move",
        hint="L49 (and L213): characters moved forward by a reform pay for it with their state, one step down",
        stored="spent",
        judge=judge,
        explanation="Ready characters moved forward become spent; spent ones stunned; stunned ones stay stunned "
        "(L49/L213). Only a React played when you reform (Steady Ranks, in the steady-ranks scenario) avoids the cost.",
        wrong=("ready", "stunned"),
    )


def _hammerman_ways(rb: Rulebook) -> Exercise:
    """wl.melee, wl.target_number, wl.natural: d20 + ATK at least the AC hits; a natural 1 misses, 20 hits."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "12", "ways out of 20")
        game = rb.scenario("strike-by-strike")
        game.apply(f"target:{find(game.table, 'Covenant Hammerman', 1)}")
        ways = _hit_ways(game)
        if guess == ways:
            return None
        faces = ", ".join(f"{o.label} {o.data['ways']}/20" for o in open_decision(game).options)
        return f"you said {guess}. The d20 of that strike: {faces}: {ways} ways hit"

    return Exercise(
        "hammerman-ways",
        "In the strike-by-strike scenario Gorvash the Burning (ATK 7/7/4) aims his second strike (ATK 7) at the "
        "Covenant Hammerman (AC 13). In how many ways out of 20 does the d20 hit?",
        rule="wl.melee wl.target_number wl.natural",
        hint="the strike hits when d20 + 7 is at least 13 (L68, L40); a natural 1 always misses and a natural 20 "
        "always hits (L39)",
        stored=15,
        judge=judge,
        explanation="d20 + 7 >= 13 on 6 to 19 (14 faces) and on the natural 20: 15 ways; 1 to 5 miss.",
        wrong=(14, 16, 8),
    )


def _parried_ways(rb: Rulebook) -> Exercise:
    """wl.reacts and wl.natural: a Parry's -4 counts in the total, and a natural 20 still hits."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "3", "ways out of 20")
        game = rb.scenario("natural-20")
        ways = _hit_ways(game)
        if guess == ways:
            return None
        faces = ", ".join(f"{o.label} {o.data['ways']}/20" for o in open_decision(game).options)
        return f"you said {guess}. The d20 of the parried strike: {faces}: {ways} ways hit"

    return Exercise(
        "parried-ways",
        "In the natural-20 scenario the Ash Raider (first ATK 5) strikes at the Covenant Shieldbearer (AC 15), and "
        "player 1 has played Parry (-4 to the roll). In how many ways out of 20 does the d20 hit?",
        rule="wl.natural wl.react_card",
        hint="the total is d20 + 5 - 4 against AC 15 (L40); a natural 20 hits whatever modifies the roll (L39)",
        stored=7,
        judge=judge,
        explanation="d20 + 1 >= 15 on 14 to 19 (6 faces), and the natural 20: 7 ways. Without the Parry: 11.",
        wrong=(6, 11, 1),
    )


def _passes_to_end(rb: Rulebook) -> Exercise:
    """wl.orders and wl.pass (L66/L230, L88/L258): the phase ends when all players pass in succession."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "4", "passes")
        game = rb.scenario("pass-not-final")
        turn, passes = game.state.turn["turns"], 0
        while game.state.turn["turns"] == turn and not game.over:
            dec = open_decision(game)
            if dec.kind == "order":
                passes += 1
                game.apply("pass")
            else:
                game.apply(game.legal()[0])
        if guess == passes:
            return None
        return f"you said {guess}. Played out: after {passes} passes in succession the next turn began"

    return Exercise(
        "passes-to-end",
        "In the pass-not-final scenario (3 players) player 1 passed, player 2 then maneuvered, player 0 passed, and "
        "now player 1 has a go again. From here every player passes on each of his goes. How many passes are made "
        "before the next turn begins (player 1's counted)?",
        rule="wl.orders wl.pass",
        hint="a pass is not final (L88/L258): the Orders Phase ends only when all players pass one after another "
        "(L66/L230); count the passes already made since the last order",
        stored=2,
        judge=judge,
        explanation="Player 0's pass came after player 2's maneuver, so it is the first of the run: player 1 and "
        "player 2 passing makes three in succession, and the turn ends. Player 1's first pass does not count: an "
        "order came after it.",
        wrong=(1, 3, 4),
    )


def exercises(rb: Rulebook) -> dict[str, Exercise]:
    """The exercises of one rulebook (each plays a fresh scenario of ``rb``, so an added card set stays in)."""
    return by_name(_reform_state(rb), _hammerman_ways(rb), _parried_ways(rb), _passes_to_end(rb))
