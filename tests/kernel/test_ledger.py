"""Checks over a ledger summed over a period (issue 15, piece 1): Nebozhiteli's damage and healing per
creature summed over the phase and settled at its end (003 L76), with the first-strike exception of a
check between two damage steps (003 L68). docs/checks.md explains the ledger."""

from __future__ import annotations

import pytest

from tabletop import load_game
from tabletop.core import Profile, TaskTable
from tabletop.core.errors import ArgumentTypeError, ArgumentValueError
from tabletop.core.ledger import Ledger

from .toybook import SUBPHASES, creature, game_of

LIFE = Ledger("life", field="lives", rule="toy.check")
SETTLED = Profile(checks="end_of_phase", period_end=(LIFE.settle_task, "checks", "expire", "end_triggers"))


def fewer_than_one_life(game) -> list[dict]:
    """003 L40/L76: a creature with less than one life dies (in the toy: to the grave)."""
    return [
        {"type": "destroy", "target": oid, "rule": "toy.check"}
        for oid in game.state.zone("play")
        if game.obj(oid).get("lives", 1) < 1
    ]


def _hurt(game, ev):
    LIFE.add(game, ev["target"], "damage", ev["amount"])


def _heal(game, ev):
    LIFE.add(game, ev["target"], "healing", ev["amount"])


def _strike_back(game, args):
    """The blocker's regular damage: only if it is still alive (003 L68)."""
    if game.obj("B")["zone"] == "play":
        game.emit("hurt", rule="toy.script", target="F", amount=2)


def wound(game):
    game.emit("hurt", rule="toy.script", target="X", amount=4)


def nebozhiteli(profile=SETTLED, *, first_strike=True, tracing=True):
    """X (3 lives) of player 1; F (3 lives, first strike) of player 0, blocked by B (2 lives) of player 1.
    Scripts: ``wound`` (4 damage to X), ``mend`` (2 life restored to X), ``fight`` (F deals 3 to B, then B,
    if alive, deals 2 to F; with ``first_strike`` a checkpoint comes between the two)."""

    def mend(game):
        game.emit("heal", rule="toy.script", target="X", amount=2)

    def fight(game):
        game.emit("hurt", rule="toy.script", target="B", amount=3)
        if first_strike:
            LIFE.checkpoint(game)
        game.push("toy.strike_back")

    objects = [creature("X", 1, lives=3), creature("F", 0, lives=3), creature("B", 1, lives=2)]
    return game_of(
        profile,
        objects,
        flow=SUBPHASES,
        scripts={"wound": wound, "mend": mend, "fight": fight},
        checks=(fewer_than_one_life,),
        handlers={"hurt": _hurt, "heal": _heal},
        tasks={**LIFE.tasks(TaskTable()), "toy.strike_back": _strike_back},
        tracing=tracing,
    )


@pytest.mark.parametrize("tracing", [True, False])
def test_damage_and_healing_are_summed_over_the_phase(tracing):
    """003 L76: 4 damage then 2 life restored in one phase: X ends the phase with 3 - 4 + 2 = 1 life and
    lives, although its lives were "below one" in between (the "as soon as" reading, L40, would kill it)."""
    game = nebozhiteli(tracing=tracing).apply("go:wound").apply("go:mend")
    assert LIFE.totals(game.table, "X") == {"damage": 4, "healing": 2} and LIFE.net(game.table, "X") == -2
    assert game.obj("X")["lives"] == 3  # not settled before the phase ends
    assert game.view(1)["vars"]["ledger:life"] == {"X": {"damage": 4, "healing": 2}}  # public
    game.apply("end")  # the main sub-phase ends: the ledger settles, then the checks run
    assert game.state.turn["sub"] == "second"
    assert game.obj("X")["lives"] == 1 and game.obj("X")["zone"] == "play"
    assert LIFE.totals(game.table, "X") == {} and "ledger:life" not in game.state.vars


def test_a_creature_below_one_life_at_the_phase_end_dies():
    game = nebozhiteli().apply("go:wound")
    assert game.obj("X")["zone"] == "play"
    game.apply("end")
    assert game.obj("X")["lives"] == -1 and game.obj("X")["zone"] == "grave"
    settled = [r["summary"] for r in game.trace.of_kind("expire")]
    assert settled == ["life ledger settles: X -4 (damage 4)"]


def test_without_the_settlement_step_nothing_is_applied():
    """The settlement is a step of the period's end the profile names: left out, the ledger stays."""
    game = nebozhiteli(Profile(checks="end_of_phase")).apply("go:wound").apply("end")
    assert game.obj("X")["lives"] == 3 and LIFE.net(game.table, "X") == -4


def test_first_strike_checkpoint_between_two_damage_steps():
    """003 L68: the first striker's damage is checked before the regular damage: B dies of it and deals
    no damage back, so F keeps its 3 lives."""
    game = nebozhiteli(first_strike=True).apply("go:fight")
    assert game.obj("B")["zone"] == "grave"  # at the checkpoint, in the middle of the phase
    assert LIFE.totals(game.table, "F") == {}
    game.apply("end")
    assert game.obj("F")["lives"] == 3


def test_without_a_checkpoint_the_blocker_strikes_back():
    """Simultaneous damage (no first strike): B is still alive for the regular damage; both settle at the
    phase's end, B dies and F is left with 1 life."""
    game = nebozhiteli(first_strike=False).apply("go:fight")
    assert game.obj("B")["zone"] == "play" and LIFE.totals(game.table, "F") == {"damage": 2}
    game.apply("end")
    assert game.obj("B")["zone"] == "grave" and game.obj("F")["lives"] == 1


def test_settles_only_at_its_periods():
    """at=("phase",): a sub-phase's end does not settle it; the end of the phase (every player's turn) does."""
    late = Ledger("life", field="lives", rule="toy.check", at=("phase",))
    tasks = late.tasks(TaskTable())
    game = game_of(
        SETTLED,
        [creature("X", 1, lives=3), creature("Z", 0, lives=3)],
        flow=SUBPHASES,
        scripts={"wound": wound},
        checks=(fewer_than_one_life,),
        handlers={"hurt": lambda g, ev: late.add(g, ev["target"], "damage", ev["amount"])},
        tasks=dict(tasks),
    ).apply("go:wound")
    game.apply("end").apply("end")  # player 0's sub-phases and turn end
    assert game.obj("X")["zone"] == "play" and late.net(game.table, "X") == -4
    game.apply("end").apply("end")  # player 1's turn ends, and with it the phase
    assert game.obj("X")["zone"] == "grave"


def test_on_settle_is_the_rulebooks_own_settlement():
    seen = []
    own = Ledger("life", rule="toy.check", on_settle=lambda g, oid, net, totals: seen.append((oid, net, totals)))
    game = game_of(
        SETTLED,
        [creature("X", 1), creature("Z", 0)],
        flow=SUBPHASES,
        scripts={"w": lambda g: own.add(g, "X", "damage", 2), "h": lambda g: own.add(g, "X", "healing", 1)},
        tasks=dict(own.tasks(TaskTable())),
    )
    game.apply("go:w").apply("go:h").apply("end")
    assert seen == [("X", -1, {"damage": 2, "healing": 1})]


def test_a_game_mid_phase_saves_and_loads():
    game = nebozhiteli().apply("go:wound")
    loaded = load_game(game.to_json(), rulebook=game.rulebook)
    assert loaded.fingerprint() == game.fingerprint()
    assert loaded.apply("end").obj("X")["zone"] == "grave"


@pytest.mark.parametrize(
    "kw",
    [
        {"name": ""},
        {"kinds": {"damage": "minus"}},
        {"at": "phase"},
        {"field": None},
        {"on_settle": lambda *a: None},
    ],
)
def test_ledger_specs_are_checked(kw):
    with pytest.raises((ArgumentTypeError, ArgumentValueError)):
        Ledger(**{"name": "life", "rule": "r", "field": "lives", **kw})


def test_an_unknown_kind_is_refused():
    game = nebozhiteli()
    with pytest.raises(ArgumentValueError, match="keeps"):
        LIFE.add(game.table, "X", "poison", 1)


def test_the_example_of_docs_checks_md_runs(capsys):
    """The golem of docs/checks.md: 4 damage and 2 healing leave it 1 life (003 L76); 5 and 2 kill it."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "checks.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/checks.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["{'damage': 4, 'healing': 2} 3", "1 play False", "grave the golem fell"]
    settled = (
        "life ledger settles: golem -2 (damage 4, healing 2)",
        "life ledger settles: golem -3 (damage 5, healing 2)",
    )
    assert out[3:] == [str(list(settled))]
