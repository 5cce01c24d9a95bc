"""State checks (profile.checks) as simultaneous batches, and activated abilities."""

from __future__ import annotations

import pytest

from tabletop.core import Ability, Profile

from .toybook import SUBPHASES, creature, emits, game_of, lethal_damage, log, logged, logs, no_creature_loses, ping

CHECKS = (lethal_damage, no_creature_loses)


def where_is_x(game, act):
    log(game, "X in play" if game.obj("X")["zone"] == "play" else "X gone")


def two_triggers(checks: str):
    """K deals 3 damage to X (hp 3); then W looks whether X is still there. Y keeps player 1 in the game."""
    objects = [
        creature("X", 1),
        creature("Y", 1),
        creature("K", 0, logs("K", then=emits("damage", target="X", amount=3))),
        creature("W", 0, logs("W", then=where_is_x)),
    ]
    game = game_of(Profile(checks=checks, ordering="order_of_play"), objects, scripts={"ping": ping()}, checks=CHECKS)
    return game.apply("go:ping")


def test_checks_after_each_resolution():
    game = two_triggers("each_resolution")
    assert logged(game) == ["K", "W", "X gone"]
    assert not game.over


def test_checks_when_idle():
    game = two_triggers("idle")
    assert logged(game) == ["K", "W", "X in play"]
    assert game.obj("X")["zone"] == "grave"


def test_checks_only_at_the_end_of_the_phase():
    game = two_triggers("end_of_phase")
    assert logged(game) == ["K", "W", "X in play"]
    assert game.obj("X")["zone"] == "play" and not game.over
    game.apply("end")  # player 0's turn ends; the phase (a turn of each player) goes on
    assert game.obj("X")["zone"] == "play" and not game.over
    assert game.state.turn["player"] == 1
    game.apply("end")  # the phase ends: the checks run
    assert game.obj("X")["zone"] == "grave"
    assert game.state.turn["round"] == 2


@pytest.mark.parametrize("checks", ["each_resolution", "idle", "end_of_phase"])
def test_checks_are_simultaneous_batches_repeated_until_nothing_changes(checks):
    """Both of player 1's creatures die in one batch; the next pass finds player 1 with none."""

    def blast(game):
        game.emit_batch([{"type": "damage", "target": t, "amount": 5} for t in ("X1", "X2")], rule="toy.script")

    objects = [creature("X1", 1), creature("X2", 1), creature("Z", 0)]
    game = game_of(Profile(checks=checks), objects, scripts={"blast": blast}, checks=CHECKS).apply("go:blast")
    if checks == "end_of_phase":
        assert not game.over
        game.apply("end").apply("end")
    assert game.result["winners"] == [0]
    checks_recs = game.trace.of_kind("check")
    assert [r["summary"] for r in checks_recs] == [
        "state check: 2 simultaneous event(s)",
        "state check: 1 simultaneous event(s)",
    ]
    first, second = (r["i"] for r in checks_recs)
    caused_by_first = [r for r in game.trace.of_kind("event") if r["cause"] == first]
    assert [r["summary"] for r in caused_by_first] == ["destroy(target=X1)", "destroy(target=X2)"]
    assert [r["data"]["type"] for r in game.trace.of_kind("event") if r["cause"] == second] == ["lose"]
    assert all(r["rule"] == "core.check" for r in checks_recs)


def test_check_rule_can_be_mapped_by_the_profile():
    def blast(game):
        game.emit("damage", rule="toy.script", target="X", amount=5)

    game = game_of(
        Profile(rules={"check": "toy.check"}),
        [creature("X", 1), creature("Z", 0)],
        scripts={"blast": blast},
        checks=CHECKS,
    ).apply("go:blast")
    assert {r["rule"] for r in game.trace.of_kind("check")} == {"toy.check"}


# -------------------------------------------------------------- activation
def shooter(limit=None):
    def can_pay(game, act):
        return game.state.vars["energy"] >= 1

    def pay(game, act):
        game.state.set_var("energy", game.state.vars["energy"] - 1)

    def in_main_phase(game, act):
        return game.state.turn.get("sub") == "main"

    return Ability(
        "shoot",
        "activated",
        rule="toy.ability",
        cost=pay,
        can_pay=can_pay,
        window=in_main_phase,
        limit=limit,
        effect=lambda g, act: log(g, f"shot by {act.source} for player {act.controller}"),
    )


def gun_game(limit=None, energy=2):
    objects = [creature("G", 0, shooter(limit)), creature("H", 1, shooter(limit))]
    return game_of(Profile(), objects, flow=SUBPHASES, vars={"energy": energy})


def test_activated_ability_pays_its_cost_and_resolves():
    game = gun_game()
    assert [a.key for a in game.table.activatable(0)] == ["G#0"]
    assert [a.key for a in game.table.activatable(1)] == ["H#0"]  # but it is not player 1's turn
    assert game.decision.ids == ["use:G#0", "end"]
    game.apply("use shoot (G)")
    assert game.state.vars["energy"] == 1
    assert logged(game) == ["shot by G for player 0"]
    actions = game.trace.of_kind("action")
    assert actions[-1]["summary"] == "player 0 uses shoot"
    res = game.trace.of_kind("resolution")[-1]
    assert res["summary"] == "shoot (G) resolves" and res["cause"] == actions[-1]["i"]
    game.apply("use:G#0")
    assert game.state.vars["energy"] == 0
    assert game.table.activatable(0) == []  # cannot pay any more
    assert game.decision.ids == ["end"]


def test_activated_ability_window_restriction():
    game = gun_game()
    game.apply("end")  # to the second phase of the turn
    assert game.state.turn["sub"] == "second"
    assert game.table.activatable(0) == []
    assert game.decision.ids == ["end"]
    assert game.state.vars["energy"] == 2


def test_activated_ability_once_per_turn():
    game = gun_game(limit=("turn", 1), energy=5)
    game.apply("use:G#0")
    assert game.table.activatable(0) == []
    assert game.decision.ids == ["end"]
    game.apply("end").apply("end")  # player 1's turn
    assert game.decision.player == 1
    game.apply("use:H#0")
    assert logged(game) == ["shot by G for player 0", "shot by H for player 1"]
    assert game.state.vars["energy"] == 3
