"""The exercises of ``07_gw2_heroes_of_the_mists``, each judged by playing its scenario with the engine.

A judge plays the attack the question describes on a fresh copy of the scenario and says what happened: each
attack's damage, the steps of the damage value, which attacks Aegis blocked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Exercise, by_name
from tabletop.core.exercises import open_decision, whole_number

from . import engine as E
from .scenarios import LAYOUTS

if TYPE_CHECKING:
    from tabletop.core import Game, Rulebook


def _scenario(rb: Rulebook, name: str, **options: Any) -> Game:
    """The named scenario (scenarios.py) set up again under ``options``."""
    return rb.new_game(seed=0, layout=LAYOUTS[name][1], **options)


def _pair(game: Game) -> tuple[str, str]:
    """The attacker (player 0's only minion) and its target (player 1's only minion) of a scenario."""
    return game.state.zone(E.z("table", 0))[0], game.state.zone(E.z("table", 1))[0]


def _attacks(game: Game, n: int) -> list[int]:
    """Player 0's minion attacks player 1's ``n`` times; the damage tokens its target has after each."""
    a, b = _pair(game)
    out = []
    for _ in range(n):
        open_decision(game)
        game.apply(f"attack:{a}>{b}")
        out.append(int(game.state.objects[b].get("wounds", 0)))
    return out


def _spearman_damage(rb: Rulebook) -> Exercise:
    """gw2.assume.damage_order: Might first, each side's factors rounded down at its end."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "4")
        game = rb.scenario("damage-order")
        a, b = _pair(game)
        why = game.explain(a, "damage", against=b)
        done = _attacks(game, 1)[0]
        if guess == done:
            return None
        steps = "; ".join(str(s.after) if s.op == "base" else f"{s.op} {s.amount} -> {s.after}" for s in why.steps)
        return f"you said {guess}. Played out, Logan received {done} damage: {steps}"

    return Exercise(
        "spearman-damage",
        "In the damage-order scenario (default options) the Centaur Spearman (damage 3) with Might x2 and Weakness "
        "attacks Logan Thackeray, who has Vulnerability and Protection. How much damage does Logan receive?",
        rule="gw2.assume.damage_order gw2.might gw2.weakness gw2.vulnerability gw2.protection",
        hint="Might is added first (L134); then the attacker's Weakness halves, rounded down (L140); then the "
        "target's Vulnerability doubles and Protection halves (L139, L135), rounded down",
        stored=2,
        judge=judge,
        explanation="3 + 2 = 5; halved by Weakness: 5/2, rounded down to 2; doubled by Vulnerability: 4; halved by "
        "Protection: 2.",
        wrong=(1, 3, 4, 5),
    )


def _archer_twice(rb: Rulebook) -> Exercise:
    """gw2.after_damage (L121): the Archer's Vulnerability comes after its own damage, and doubles the next hit."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "2")
        game = _scenario(rb, "after-damage", counter="none", attacks_per_turn=2)
        tokens = _attacks(game, 2)
        if guess == tokens[-1]:
            return None
        return (
            f"you said {guess}. Played out, Logan had {tokens[0]} damage token(s) after the first attack and "
            f"{tokens[1]} after the second"
        )

    return Exercise(
        "archer-twice",
        "In the after-damage scenario, with options counter='none' and attacks_per_turn=2, the Hylek Archer "
        "(damage 1, Vulnerability on its attack) attacks Logan Thackeray twice. How many damage tokens does Logan "
        "have then?",
        rule="gw2.after_damage gw2.vulnerability",
        hint="a condition of an attack is applied after its damage (L121); Vulnerability doubles the damage of the "
        "next attack that gets through (L139)",
        stored=3,
        judge=judge,
        explanation="the first attack deals 1, then applies Vulnerability; the second, which gets through to a "
        "vulnerable Logan, is doubled to 2: 1 + 2 = 3.",
        wrong=(2, 4),
    )


def _aegis_three(rb: Rulebook) -> Exercise:
    """gw2.aegis (L133): each stack blocks one attack."""

    def judge(answer: Any) -> str | None:
        guess = whole_number(answer, "0")
        game = _scenario(rb, "aegis-blocks", attacks_per_turn=3)
        tokens = _attacks(game, 3)
        if guess == tokens[-1]:
            return None
        return f"you said {guess}. Played out, Eir's damage tokens after each attack: {tokens}"

    return Exercise(
        "aegis-three",
        "In the aegis-blocks scenario, with option attacks_per_turn=3, the Centaur Spearman (damage 3) attacks Eir "
        "Stegalkin, who has Aegis x2, three times. How many damage tokens does Eir have then?",
        rule="gw2.aegis gw2.assume.blocked",
        hint="each stack of Aegis blocks one attack (L133), and a blocked attack deals no damage",
        stored=3,
        judge=judge,
        explanation="the first two attacks are blocked, one stack each; the third gets through: 3.",
        wrong=(0, 6, 9),
    )


def exercises(rb: Rulebook) -> dict[str, Exercise]:
    """The exercises of one rulebook (each plays a fresh scenario of ``rb``)."""
    return by_name(_spearman_damage(rb), _archer_twice(rb), _aegis_three(rb))
