"""The notebooks' exercises on Marvel Champions, each checked by playing its scenario with the engine.

A judge applies the student's answer to a fresh copy of the scenario, plays on, and says what
happened (the damage dealt, the threat left, the outcomes ``tt.orderings`` finds), so a wrong answer
is told what it would have done at the table. The lesson (``05_marvel_champions``) and the timing
comparison (``20_timing_compared``) use them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tabletop.core import Exercise, by_name
from tabletop.core.exercises import open_decision, whole_number

from . import engine as E

if TYPE_CHECKING:
    from tabletop.core import Game, Rulebook

PASSIVE = {"defend": "no", "window": "pass", "action": "end"}  # the choice that uses nothing, by decision kind
DAMAGE = re.compile(r"^(\d+) (attack|effect) damage to (.+)$")  # how the log words damage (mc.enemy_attack.4)


class NotAnOption(ValueError):
    """The answer names no option of the decision (or several): the student is told which there are."""


def _option(game: Game, answer: Any) -> str:
    """The option of the decision the answer names: its id, or (case-insensitive) a card name in its label."""
    options = open_decision(game).options
    if not isinstance(answer, str) or not answer.strip():
        raise TypeError(f"write a card name or an option id as a string, e.g. {options[0].label!r}")
    text = answer.strip().lower()
    for o in options:
        if o.id.lower() == text:
            return o.id
    named = [o.id for o in options if text in o.label.lower()]
    if len(named) == 1:
        return named[0]
    offered = "; ".join(f"{o.label!r} (id {o.id})" for o in options)
    many = "more than one option mentions" if named else "no option mentions"
    raise NotAnOption(f"{many} {answer!r} here; the options are: {offered}")


def _passive(game: Game, stop) -> None:
    """Play on without using anything optional (no defence, pass every window) until ``stop(game)``."""
    for _ in range(500):
        d = game.decision
        if d is None or stop(game):
            return
        game.apply("done" if "done" in d.ids else PASSIVE.get(d.kind, d.ids[0]))
    raise RuntimeError("the position did not reach its end in 500 decisions")


def _damage(records) -> list[str]:
    """The damage events among trace records, as the log words them."""
    return [r["summary"] for r in records if r["kind"] == "event" and DAMAGE.match(r["summary"])]


def _total(lines: list[str], target: str = "") -> int:
    return sum(int(m[1]) for line in lines if (m := DAMAGE.match(line)) and target in m[3])


def _no_damage(rb: Rulebook) -> Exercise:
    def judge(answer: Any) -> str | None:
        game = rb.scenario("interrupt-cancels-attack")
        start = len(game.trace)
        try:
            chosen = _option(game, answer)
        except NotAnOption as exc:
            return str(exc)
        game.apply(chosen)
        _passive(game, lambda g: g.decision.kind == "action")  # to the next round's player phase
        lines = _damage(game.trace.records[start:])
        if not lines:
            return None
        label = next(o.label for o in open_decision(rb.scenario("interrupt-cancels-attack")).options if o.id == chosen)
        return f"after {label!r} Aegis takes {_total(lines)} damage this villain phase: " + "; ".join(lines)

    return Exercise(
        "no-damage",
        "In the scenario interrupt-cancels-attack the villain is about to attack Aegis, who is exhausted and "
        "cannot defend. Which card do you play (its name) so that Aegis takes no damage at all this villain phase?",
        rule="mc.interrupt mc.cancel",
        hint="an interrupt resolves before its trigger (L461); a cancelled attack deals no damage and opens no "
        "response window, so the forced responses to it never fire (L327-332)",
        stored="Deflect",
        judge=judge,
        explanation="Deflect cancels the attack in its interrupt window: no boost card, no damage, and Martial Law "
        "never triggers, because the attack never happened.",
        wrong=("pass", "Energy Cell"),
    )


def _forced_first(rb: Rulebook) -> Exercise:
    def judge(answer: Any) -> str | None:
        game = rb.scenario("forced-responses-ordered")
        start = len(game.trace)
        try:
            game.apply(_option(game, answer))
        except NotAnOption as exc:
            return str(exc)
        # this attack's responses end where the villain attacks the next player
        records = game.trace.records[start:]
        attacks = (i for i, r in enumerate(records) if r["kind"] == "event" and " attacks player" in r["summary"])
        end = next(attacks, None)
        lines = _damage(records[:end])
        if not lines:
            return None
        return f"{_total(lines)} damage is dealt while the two responses resolve: " + "; ".join(lines)

    return Exercise(
        "forced-first",
        "In the scenario forced-responses-ordered two forced responses wait after the villain's attack, and you "
        "(the first player) order them. Which one resolves first (its name) so that no hero takes any more damage?",
        rule="mc.forced mc.simultaneous",
        hint="Martial Law deals damage only if the main scheme has 3 or more threat; what does the other one do "
        "to the threat?",
        stored="Emergency Protocol",
        judge=judge,
        explanation="Emergency Protocol removes 1 threat first, so when Martial Law resolves the main scheme has "
        "fewer than 3 threat and it does nothing; each resolves fully before the next (L465).",
        wrong=("Martial Law",),
    )


def _aegis_defends(rb: Rulebook) -> Game:
    """``boost-after-defence`` with Aegis (the hero, DEF 2) defending instead of Iron Sentinel."""
    game = rb.scenario("boost-after-defence")
    game.apply(E.identity(game.table, 0))
    return game


def _defend_damage(rb: Rulebook) -> Exercise:
    def judge(answer: Any) -> str | None:
        whole_number(answer, "3", of="damage")
        game = _aegis_defends(rb)
        dealt = [line for line in _damage(game.trace.records) if "attack damage to Aegis" in line]
        real = _total(dealt)
        if answer == real:
            return None
        why = next((r["summary"] for r in game.trace.records if "defends: ATK" in r["summary"]), "")
        return f"Aegis took {real} attack damage, not {answer} ({why})"

    return Exercise(
        "aegis-defends-damage",
        "In the scenario boost-after-defence, Aegis (DEF 2) defends instead of Iron Sentinel. The villain's ATK is 1 "
        "and its boost card is turned over after the defence. How much attack damage does Aegis take?",
        rule="mc.enemy_attack.3 mc.enemy_attack.4 mc.boost",
        hint="each boost icon adds 1 to the villain's ATK (step 3); a defending hero then reduces the damage by its "
        "DEF (step 4), and damage never goes below 0",
        stored=0,
        judge=judge,
        explanation="ATK 1 + 1 boost icon (Shock Trooper) = 2, minus Aegis's DEF 2 = 0.",
        wrong=(1, 2, 3),
    )


def _defend_outcomes(rb: Rulebook) -> Exercise:
    def judge(answer: Any) -> str | None:
        from tabletop.analysis.orderings import orderings

        whole_number(answer, "4", of="outcomes")
        game = _aegis_defends(rb)
        found = len(orderings(game).outcomes) if open_decision(game).kind == "order_triggers" else 1
        if answer == found:
            return None
        return f"tt.orderings plays every order of the responses and finds {found} distinct outcome(s), not {answer}"

    return Exercise(
        "aegis-defends-outcomes",
        "Same position: after Aegis defends, the forced responses to the attack follow, and Aegis has no "
        "retaliate. How many distinct outcomes does tt.orderings find for them?",
        rule="mc.forced mc.response",
        hint="without Iron Sentinel's retaliate two forced responses are left (Martial Law and Emergency Protocol); "
        "does their order change the game?",
        stored=2,
        judge=judge,
        explanation="Martial Law first hurts Aegis (the scheme still has 3 threat); Emergency Protocol first "
        "leaves it 2 and Martial Law does nothing: two outcomes.",
        wrong=(1, 6),
    )


def _stack_outcomes(rb: Rulebook) -> Exercise:
    def judge(answer: Any) -> str | None:
        from tabletop.analysis.orderings import orderings

        whole_number(answer, "3", of="outcomes")
        stacked = rb.new_game(
            players=2, scenario="forced-responses-ordered", profile=rb.profile.replace(container="stack")
        )
        found = len(orderings(stacked).outcomes)
        if answer == found:
            return None
        return f"under container='stack' tt.orderings finds {found} distinct outcome(s), not {answer}"

    return Exercise(
        "stack-outcomes",
        "Marvel Champions resolves triggered abilities nested, inside the window of the event that triggered them. "
        "If its rulebook used a stack instead (container='stack') and kept everything else, how many distinct "
        "outcomes would the two forced responses of forced-responses-ordered have?",
        rule="mc.forced mc.response",
        hint="the container says where waiting abilities are kept; who chooses the order of simultaneous ones is "
        "another question of the profile (its ordering)",
        stored=2,
        judge=judge,
        explanation="The first player still orders both abilities (L464); a stack does not take that choice away, "
        "and the two orders still differ.",
        wrong=(1, 3),
    )


def exercises(rb: Rulebook) -> dict[str, Exercise]:
    """The exercises of one rulebook (each plays a fresh scenario of ``rb``, so an added card set stays in)."""
    return by_name(_no_damage(rb), _forced_first(rb), _defend_damage(rb), _defend_outcomes(rb), _stack_outcomes(rb))
