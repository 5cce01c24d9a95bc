"""Statuses and tokens (issue 15, piece 4): stacking rules and limits, ends at a period (the holder's own,
"your next turn"), at the next matching event and when spent, immunity as a prevention, gain and loss as
events, status modifiers in explain, and a rulebook's own periods for use limits; on the toy rulebook.

The toy duel (GW2 flavoured, seed 000 L132-L141): A (player 0) and B (player 1), power 1 and 5 hp. On a
turn the active player may give its own creature Might (+1 power a stack, until the end of its
controller's turn), Aegis (blocks the next attack, spent), Protection (half damage, ends when damage gets
through, does not stack) or Resolve (immune to conditions until the end of the round, refreshes), give the
other creature Blind (cannot attack; one stack ends at the end of each of its controller's turns),
Vulnerability (double damage until the next attack that gets through) or Weakness (half power until it
next attacks; a new one replaces the old), attack (damage = power), or sting (1 damage, then Vulnerability:
a condition applied after the damage, L121).
"""

from __future__ import annotations

import random

import pytest

from tabletop.core import Ability, Prevent, RuleError, TaskTable
from tabletop.core.statuses import Status, Statuses
from tabletop.testing import check_tracing_off_matches

from .roundtrip import assert_round_trips
from .toybook import creature, game_of, lethal_damage, log, logged, logs, make, no_creature_loses

MIGHT = Status("Might", "boon", rule="toy.ability", limit=3, until="turn", own=True, modifiers=(("power", "add", 1),))
AEGIS = Status("Aegis", "boon", rule="toy.ability", limit=2)
PROTECTION = Status(
    "Protection", "boon", rule="toy.ability", stacking="none", ends_on="damage", ends_match={"target": "$holder"}
)
RESOLVE = Status("Resolve", "boon", rule="toy.ability", stacking="duration", until="round", prevents=("condition",))
BLIND = Status("Blind", "condition", rule="toy.ability", limit=3, until="turn", own=True, next_turn=True, decay="one")
VULNERABILITY = Status(
    "Vulnerability",
    "condition",
    rule="toy.ability",
    stacking="none",
    ends_on="damage",
    ends_match={"target": "$holder"},
)
WEAKNESS = Status(
    "Weakness",
    "condition",
    rule="toy.ability",
    stacking="replace",
    ends_on="damage",
    ends_match={"source": "$holder"},
    modifiers=(("power", "div", 2),),
)
STATUSES = Statuses(MIGHT, AEGIS, PROTECTION, RESOLVE, BLIND, VULNERABILITY, WEAKNESS)


def mine(game, player=None):
    p = game.state.turn["player"] if player is None else player
    return "A" if p == 0 else "B"


def theirs(game):
    return "B" if game.state.turn["player"] == 0 else "A"


def give(name, to=mine, **kw):
    def script(game):
        STATUSES.gain(game, to(game), name, by=game.state.turn["player"], **kw)

    return script


def attack(game):
    me, them = mine(game), theirs(game)
    if STATUSES.has(game, me, "Blind"):
        log(game, f"{me} is blind")
        return
    amount = game.value(me, "power")
    if STATUSES.has(game, them, "Vulnerability"):
        amount *= 2
    if STATUSES.has(game, them, "Protection"):
        amount //= 2
    game.emit("damage", rule="toy.script", target=them, source=me, amount=amount)


def sting(game):
    game.emit("damage", rule="toy.script", target=theirs(game), source=mine(game), amount=1, inflicts="Vulnerability")


def _on_damage(game, ev):
    """Damage; a condition the attack inflicts is applied after the damage (000 L121)."""
    game.state.update(ev["target"], damage=game.obj(ev["target"]).get("damage", 0) + ev["amount"])
    if ev.get("inflicts"):
        STATUSES.gain(game, ev["target"], ev["inflicts"])


def _aegis(game, act):
    """Aegis blocks the next attack; several stacks block several attacks (000 L133)."""
    STATUSES.spend(game, act.event["target"], "Aegis")
    return Prevent("Aegis")


AEGIS_BLOCKS = Ability(
    "Aegis blocks",
    "replacement",
    rule="toy.ability",
    event="damage",
    condition=lambda game, act: STATUSES.has(game, act.event["target"], "Aegis"),
    effect=_aegis,
)

SCRIPTS = {
    "might": give("Might"),
    "aegis": give("Aegis"),
    "protect": give("Protection"),
    "resolve": give("Resolve"),
    "blind": give("Blind", theirs),
    "expose": give("Vulnerability", theirs),
    "weaken": give("Weakness", theirs),
    "attack": attack,
    "sting": sting,
}
tasks = STATUSES.tasks(TaskTable())


def duel(objects=None, named=(), **kw):
    return make(
        objects=objects or [creature("A", 0, base={"power": 1, "hp": 5}), creature("B", 1, base={"power": 1, "hp": 5})],
        scripts=kw.pop("scripts", SCRIPTS),
        tasks=dict(tasks),
        handlers={**STATUSES.handlers(), "damage": _on_damage},
        named=[*STATUSES.abilities().values(), AEGIS_BLOCKS, *named],
        rule_abilities=(*STATUSES.rule_abilities, "Aegis blocks", *kw.pop("rule_abilities", ())),
        checks=(lethal_damage, no_creature_loses),
        **kw,
    )


DUEL = duel()


def play(*steps, rb=DUEL, **kw):
    game = rb.new_game(**kw)
    for step in steps:
        game.apply(step)
    return game


def statuses(game, oid):
    return STATUSES.of(game.table, oid)


# ------------------------------------------------------------------ stacking and limits
def test_intensity_adds_stacks_up_to_the_limit_and_the_rest_is_lost():
    game = play("go:might", "go:might", "go:might", "go:might")
    assert statuses(game, "A") == {"Might": 3}
    gains = [r for r in game.trace.records if r["kind"] == "event" and r["data"].get("type") == "gain_status"]
    assert len(gains) == 4


def test_a_status_that_does_not_stack_is_not_gained_again():
    game = play("go:protect", "go:protect")
    assert statuses(game, "A") == {"Protection": 1}
    words = [r["summary"] for r in game.trace.records if r["kind"] == "modifier"]
    assert words[-1] == "A: Protection 1 -> 1 (none)"


def test_a_status_that_refreshes_its_duration_ends_at_the_end_of_the_period_of_its_last_gain():
    game = play("go:resolve", "end")  # round 1, player 0 gains Resolve; player 1's turn
    assert statuses(game, "A") == {"Resolve": 1}
    game.apply("go:resolve")  # player 1 gives B Resolve; nothing to refresh on A
    game.apply("end")  # the round ends: Resolve of both ends
    assert statuses(game, "A") == {} and statuses(game, "B") == {}
    ends = [e for e in game.state.effects if e["kind"] == "status:Resolve"]
    assert ends == []


def test_a_refreshed_status_keeps_one_end_and_a_replacing_one_takes_the_new_data():
    game = play("go:resolve", "go:resolve")
    assert [e["kind"] for e in game.state.effects] == ["status:Resolve"]  # refreshed: one end, not two
    rb = duel(
        scripts={"weak1": give("Weakness", theirs, data={"n": 1}), "weak2": give("Weakness", theirs, data={"n": 2})}
    )
    game = play("go:weak1", "go:weak2", rb=rb)
    assert statuses(game, "B") == {"Weakness": 1} and STATUSES.data(game.table, "B", "Weakness") == {"n": 2}
    assert len(game.state.delayed) == 1  # the old one's end went with it


# ------------------------------------------------------------------ status modifiers and explain
def test_might_adds_power_per_stack_and_explain_shows_it():
    game = play("go:might", "go:might")
    assert game.value("A", "power") == 3
    steps = game.explain("A", "power").steps
    assert [(s.op, s.amount, s.source, s.rule) for s in steps] == [
        ("base", 1, "A", None),
        ("add", 2, "Might x2", "toy.ability"),
    ]


def test_weakness_halves_power_and_ends_at_the_holders_next_attack():
    game = play("go:might", "go:might", "end", "go:weaken")  # player 1 weakens A (Might ended with turn 1)
    assert game.value("A", "power") == 0  # 1/2 rounds down
    assert [s.op for s in game.explain("A", "power").steps] == ["base", "div", "round"]
    game.apply("end").apply("go:might").apply("go:might")  # 3 / 2 = 1
    assert game.value("A", "power") == 1
    game.apply("go:attack")  # A attacks: its Weakness ends
    assert statuses(game, "A") == {"Might": 2} and game.value("A", "power") == 3
    assert game.obj("B")["damage"] == 1


# ------------------------------------------------------------------ ends at a period, own periods
def test_might_ends_at_the_end_of_its_holders_controllers_turn():
    game = play("go:might", "end")
    assert statuses(game, "A") == {}
    game = play("end", "go:blind", "go:might")  # B's Might, gained on player 1's turn
    assert statuses(game, "B") == {"Might": 1}


def test_blind_ends_at_the_end_of_its_holders_turn_one_stack_a_turn_not_at_the_inflicters():
    game = play("go:blind", "go:blind", "end")  # player 0 blinds B twice; player 0's turn ends
    assert statuses(game, "B") == {"Blind": 2}
    game.apply("go:attack")
    assert logged(game) == ["B is blind"] and "damage" not in game.obj("A")
    game.apply("end")  # player 1's turn ends: one stack
    assert statuses(game, "B") == {"Blind": 1}
    game.apply("end").apply("end")  # player 0's turn, then player 1's: the last stack
    assert statuses(game, "B") == {}


def test_your_next_turn_does_not_end_at_the_turn_it_was_gained_in():
    rb = duel(scripts={"blind_me": give("Blind")})
    game = play("go:blind_me", "end", rb=rb)  # gained during player 0's own turn
    assert statuses(game, "A") == {"Blind": 1}
    game.apply("end")  # player 1's turn
    assert statuses(game, "A") == {"Blind": 1}
    game.apply("end")  # player 0's next turn ends
    assert statuses(game, "A") == {}


def test_expire_counts_an_owned_effect_down_and_ends_it_at_its_owners_period_only():
    game = play()
    t = game.table
    t.add_effect("mark", until="turn", rule="toy.ability", of=1, times=2)
    t.add_effect("plain", until="turn", rule="toy.ability")
    t.expire("turn")  # player 0's turn
    assert [e["kind"] for e in t.state.effects] == ["mark"]
    t.expire("turn", owner=1)
    assert [(e["kind"], e.get("times")) for e in t.state.effects] == [("mark", 1)]
    t.expire("turn", owner=1)
    assert t.state.effects == []


# ------------------------------------------------------------------ ends at an event, spent
def test_vulnerability_doubles_the_next_attack_that_gets_through_then_ends():
    game = play("go:might", "go:expose", "go:attack")
    assert game.obj("B")["damage"] == 4 and statuses(game, "B") == {}
    assert game.state.delayed == []


def test_a_condition_applied_after_the_damage_is_not_ended_by_that_damage():
    game = play("go:sting")
    assert game.obj("B")["damage"] == 1 and statuses(game, "B") == {"Vulnerability": 1}
    game.apply("go:attack")
    assert game.obj("B")["damage"] == 3 and statuses(game, "B") == {}


def test_protection_halves_and_ends_when_damage_gets_through_but_not_when_blocked():
    game = play("end", "go:aegis", "go:protect", "end", "go:might", "go:attack")
    assert statuses(game, "B") == {"Protection": 1} and "damage" not in game.obj("B")  # Aegis blocked it
    game.apply("go:attack")
    assert game.obj("B")["damage"] == 1 and statuses(game, "B") == {}


def test_each_stack_of_aegis_blocks_one_attack_and_is_spent():
    game = play("end", "go:aegis", "go:aegis", "end", "go:attack")
    assert statuses(game, "B") == {"Aegis": 1} and "damage" not in game.obj("B")
    spent = [r for r in game.trace.records if r["kind"] == "event" and r["data"].get("type") == "lose_status"]
    assert [r["data"]["status"] for r in spent] == ["happened"]  # (the event's pipeline status)
    game.apply("go:attack").apply("go:attack")
    assert statuses(game, "B") == {} and game.obj("B")["damage"] == 1
    with pytest.raises(RuleError, match="has 0 stack"):
        STATUSES.spend(game.table, "B", "Aegis")


# ------------------------------------------------------------------ immunity, events
def test_immunity_prevents_the_gain_and_the_trace_says_so():
    game = play("go:resolve", "end", "go:blind", "go:might")  # player 1 blinds A, then gives B Might
    assert statuses(game, "A") == {"Resolve": 1}
    assert statuses(game, "B") == {"Might": 1}  # a boon is not prevented
    prevented = [r for r in game.trace.records if r["kind"] == "event" and r["data"].get("status") == "prevented"]
    assert prevented[-1]["summary"] == "prevented: gain_status(target=A, name=Blind, stacks=1, player=1)"
    why = [r for r in game.trace.records if r["kind"] == "replacement"]
    assert why and why[0]["summary"].startswith("status.immunity (game rule) applies to gain_status(target=A")


def test_gaining_and_losing_are_events_that_reactions_hear():
    seen = [
        logs("gained", "gain_status", match={"target": "A"}),
        logs("lost", "lose_status", match={"target": "A"}),
    ]
    rb = duel(
        objects=[creature("A", 0, *seen, base={"power": 1, "hp": 5}), creature("B", 1, base={"power": 1, "hp": 5})]
    )
    game = play("go:might", "go:might", "end", rb=rb)
    assert logged(game) == ["gained", "gained", "lost"]


def test_bad_status_specs_and_calls_are_refused_with_the_status_named():
    with pytest.raises(RuleError, match="status 'X': stacking 'more' is not one of"):
        Status("X", "boon", rule="r", stacking="more")
    with pytest.raises(RuleError, match="status 'X': kind 'good' is not one of"):
        Status("X", "good", rule="r")
    with pytest.raises(RuleError, match="no status 'Nope'"):
        STATUSES["Nope"]
    game = play()
    fp = game.fingerprint()
    with pytest.raises(RuleError, match="no object 'Z'"):
        STATUSES.gain(game.table, "Z", "Might")
    with pytest.raises(RuleError, match="unknown end setting"):
        STATUSES.gain(game.table, "A", "Might", until_="turn")
    assert game.fingerprint() == fp


# ------------------------------------------------------------------ a rulebook's own periods for limits
def test_a_limit_per_a_rulebooks_own_period_of_one_hero():
    once = logs("roll", "ping", limit=("roll", 1), match={"player": "$controller"})
    with pytest.raises(ValueError, match="is not a period's name"):
        logs("bad", "ping", limit=("", 1))
    with pytest.raises(RuleError, match=r"limited per 'roll'.*Rulebook\.periods"):
        make(objects=[creature("A", 0, once)])
    objects = [creature("A", 0, once), creature("B", 1, once)]
    game = game_of(objects=objects, scripts={"ping": _ping_both}, periods=("roll",))
    game.apply("go:ping").apply("go:ping")
    assert logged(game) == ["roll", "roll"]  # once each, per roll phase
    game.table.expire("roll", owner="A")  # the roll phase of hero A ends
    game.apply("go:ping")
    assert logged(game) == ["roll", "roll", "roll"]  # A's ability again, B's still used up


def _ping_both(game):
    game.emit("ping", rule="toy.script", player=0)
    game.emit("ping", rule="toy.script", player=1)


# ------------------------------------------------------------------ property tests over random playouts
@pytest.mark.parametrize("seed", range(10))
def test_random_playouts_end_and_round_trip(seed):
    rng = random.Random(seed)
    game = DUEL.new_game(seed=seed)
    steps = 0
    while game.state.decision is not None and steps < 1500:
        if steps % 9 == 0:
            assert_round_trips(game, DUEL, seed, steps=5)
            for oid in ("A", "B"):
                if oid in game.state.objects:
                    assert game.value(oid, "power") == game.explain(oid, "power").steps[-1].after
        legal = game.legal()
        game.apply(rng.choice([o for o in legal if o != "end"] * 3 + ["end"]) if "end" in legal else rng.choice(legal))
        steps += 1
    assert game.over and game.result["winners"] in ([0], [1])


@pytest.mark.parametrize("seed", range(4))
def test_untraced_plays_as_traced(seed):
    check_tracing_off_matches(DUEL, {"seed": seed}, random.Random(seed))


def test_the_example_of_docs_statuses_md_runs():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "statuses.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/statuses.md", "exec"), {})
