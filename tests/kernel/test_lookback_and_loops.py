"""Look-back (profile.lookback), mandatory loops (profile.loops) and the step budget."""

from __future__ import annotations

import copy

import pytest

from tabletop.core import Ability, LoopStep, MandatoryLoop, Profile, State, StepBudgetExceeded, TimeBudgetExceeded

from .toybook import creature, emits, game_of, logged, logs


def obituary(name):
    """After a creature is destroyed, log who saw whom go."""
    return logs(
        name,
        "destroy",
        then=lambda g, act: g.state.set_var("log", [*g.state.vars["log"][:-1], f"{name}:{act.event['target']}"]),
    )


def wipe(game):
    game.emit_batch([{"type": "destroy", "target": t, "player": 0} for t in ("c1", "c2")], rule="toy.script")


def board(lookback: bool, token: bool = False):
    objects = [
        creature("c1", 0, obituary("c1"), token=token),
        creature("c2", 1, obituary("c2")),
        creature("c3", 0, obituary("c3")),
    ]
    return game_of(Profile(lookback=lookback, ordering="order_of_play"), objects, scripts={"wipe": wipe})


def test_leaving_objects_see_the_batch_they_left_in():
    game = board(lookback=True).apply("go:wipe")
    assert game.obj("c1")["zone"] == game.obj("c2")["zone"] == "grave"
    assert sorted(logged(game)) == ["c1:c1", "c1:c2", "c2:c1", "c2:c2", "c3:c1", "c3:c2"]


def test_without_lookback_only_the_survivor_sees_the_batch():
    game = board(lookback=False).apply("go:wipe")
    assert game.obj("c1")["zone"] == "grave"
    assert sorted(logged(game)) == ["c3:c1", "c3:c2"]


def test_lookback_uses_last_known_information():
    """The leaving object's ability resolves with the object as it was in play (controller, zone)."""
    seen = []
    objects = [
        creature("c1", 1, logs("c1", "destroy", then=lambda g, act: seen.append((act.controller, act.obj["zone"])))),
    ]

    def kill(game):
        game.emit("destroy", rule="toy.script", player=0, target="c1")

    game_of(Profile(lookback=True), objects, scripts={"kill": kill}).apply("go:kill")
    assert seen == [(1, "play")]


def test_lookback_for_a_token_removed_from_the_game():
    """A token leaves the game altogether; with look-back its ability still resolves."""
    game = board(lookback=True, token=True).apply("go:wipe")
    assert "c1" not in game.state.objects
    assert sorted(logged(game)) == ["c1:c1", "c1:c2", "c2:c1", "c2:c2", "c3:c1", "c3:c2"]


# ------------------------------------------------------------------- loops
def ping_pong_objects():
    """P answers every ping with a pong, Q every pong with a ping: a loop nobody can stop.

    Each one notes who answered last, so the position changes, but comes back."""

    def answer(name, event, reply):
        def effect(game, act):
            game.state.set_var("last", name)
            game.emit(reply, rule="toy.ability")

        return Ability(name, "triggered", rule="toy.ability", event=event, effect=effect)

    return [creature("P", 0, answer("P", "ping", "pong")), creature("Q", 1, answer("Q", "pong", "ping"))]


def ping_pong(**profile):
    objects = ping_pong_objects()

    def start(game):
        game.emit("ping", rule="toy.script", player=0)

    return game_of(Profile(**profile), objects, scripts={"start": start})


def test_mandatory_loop_is_reported_with_its_cycle_and_the_game_is_unchanged():
    game = ping_pong()
    before = (game.fingerprint(), len(game.trace), copy.deepcopy(game.trace.records), list(game.history))
    with pytest.raises(MandatoryLoop) as info:
        game.apply("go:start")
    cycle = info.value.cycle
    assert cycle
    # one turn of the loop: ping -> P triggers and resolves -> pong -> Q triggers and resolves
    assert len(cycle) == 12
    assert sorted({step.task for step in cycle}) == [
        "k.happen",
        "k.interrupt",
        "k.order",
        "k.replace",
        "k.resolve",
        "k.respond",
    ]
    summaries = {step.summary for step in cycle}
    assert {"P (P) triggers", "Q (Q) triggers", "ping()", "pong()"} <= summaries
    assert "mandatory loop of" in str(info.value)
    assert (game.fingerprint(), len(game.trace), game.trace.records, game.history) == before
    assert game.decision.kind == "action"
    assert "last" not in game.state.vars


def test_mandatory_loop_as_a_draw():
    game = ping_pong(loops="draw").apply("go:start")
    assert game.over
    assert game.result["draw"] is True and game.result["winners"] == []
    assert game.result["reason"] == "mandatory loop"
    assert game.result["cycle"]
    assert game.decision is None
    assert game.trace[-1]["kind"] == "end" and game.trace[-1]["rule"] == "core.loop"


def test_mandatory_loop_detected_without_tracing():
    game = ping_pong(loops="draw")
    game = game.clone(tracing=False).apply("go:start")
    assert game.result["reason"] == "mandatory loop"


def test_runaway_growth_hits_the_step_budget():
    """Every tick counts up, so no position repeats: only the step budget can stop it."""
    calls = []

    def again(game, act):
        calls.append(1)
        game.emit("tick", rule="toy.ability")

    objects = [creature("T", 0, logs("T", "tick", then=again))]

    def start(game):
        game.emit("tick", rule="toy.script")

    game = game_of(Profile(step_budget=300), objects, scripts={"start": start})
    fp, n = game.fingerprint(), len(game.trace)
    with pytest.raises(StepBudgetExceeded, match="300"):
        game.apply("go:start")
    assert 0 < len(calls) <= 300 // 4  # the budget counts automatic steps, several per resolution
    assert (game.fingerprint(), len(game.trace)) == (fp, n)
    assert "n" not in game.state.vars


def test_a_long_but_finite_chain_is_no_loop():
    """2,000 ticks, each changing the count: no loop, and the default budget is enough."""
    objects = [
        creature(
            "T", 0, logs("T", "tick", condition=lambda g, act: g.state.vars.get("n", 0) < 2000, then=emits("tick"))
        )
    ]

    def start(game):
        game.emit("tick", rule="toy.script")

    game = game_of(Profile(), objects, scripts={"start": start}, tracing=False).apply("go:start")
    assert game.state.vars["n"] == 2000
    assert game.decision.kind == "action"


def test_a_failed_apply_restores_trace_records_changed_in_place():
    """Paused before a replacement: the chosen order runs into a loop; the pending event's
    record (its status) must come back exactly as it was."""
    from tabletop.core import Replace

    from .test_replacement import SHIELD

    def redirect(game, act):
        return Replace([{"type": "ping", "player": 0}])

    bodyguard = Ability("bodyguard", "replacement", rule="toy.ability", event="damage", effect=redirect)
    objects = [creature("X", 1, base={"hp": 10}), creature("Y", 0, bodyguard), creature("S", 0, SHIELD)]

    def hit(game):
        game.emit("damage", rule="toy.script", player=0, target="X", amount=3)

    game = game_of(Profile(), objects + ping_pong_objects(), scripts={"hit": hit}).apply("go:hit")
    assert game.decision.kind == "replacement_order"
    before = (game.fingerprint(), copy.deepcopy(game.trace.records), list(game.history))
    assert game.trace.of_kind("event")[-1]["data"]["status"] == "pending"
    for choice in ("Y#0", "S#0"):  # either way the bodyguard turns the damage into the loop
        with pytest.raises(MandatoryLoop):
            game.apply(choice)
        assert (game.fingerprint(), game.trace.records, game.history) == before


# ------------------------------------------------ what a loop reports (issue 13)
@pytest.mark.parametrize("tracing", [True, False])
def test_a_mandatory_loop_names_its_abilities_and_events_with_tracing_on_and_off(tracing):
    """With tracing off there is no trace summary to show: each step still names its task, the
    abilities it resolved or ordered and the events it sent through a window."""
    game = game_of(Profile(), ping_pong_objects(), scripts={"start": lambda g: g.emit("ping", rule="toy.script")})
    game = game.clone(tracing=tracing)
    with pytest.raises(MandatoryLoop) as info:
        game.apply("go:start")
    cycle = info.value.cycle
    assert all(isinstance(step, LoopStep) for step in cycle)
    resolved = {a for step in cycle if step.task == "k.resolve" for a in step.abilities}
    assert resolved == {"P#0", "Q#0"}
    assert {e for step in cycle for e in step.events} == {"ping", "pong"}
    assert all(step.summary for step in cycle) is tracing
    message = str(info.value)
    for name in ("P#0", "Q#0", "ping", "pong", "k.resolve"):
        assert name in message


def ring(n: int) -> list[dict]:
    """``n`` creatures passing a signal round: creature i answers sig i with sig i+1, the last one
    answers with sig 0 (a loop with many steps)."""

    def answer(i):
        def effect(game, act):
            game.state.set_var("last", i)
            game.emit("sig", rule="toy.ability", k=(i + 1) % n)

        return Ability(f"R{i}", "triggered", rule="toy.ability", event="sig", match={"k": i}, effect=effect)

    return [creature(f"R{i}", 0, answer(i)) for i in range(n)]


def test_a_long_loop_has_a_bounded_message_and_its_whole_cycle_as_data():
    """A loop of 20 abilities: ``cycle`` holds every step, the message only the first few."""
    game = game_of(Profile(), ring(20), scripts={"start": lambda g: g.emit("sig", rule="toy.script", k=0)})
    with pytest.raises(MandatoryLoop) as info:
        game.apply("go:start")
    cycle = info.value.cycle
    assert {a for step in cycle if step.task == "k.resolve" for a in step.abilities} == {f"R{i}#0" for i in range(20)}
    message = str(info.value)
    assert f"mandatory loop of {len(cycle)} steps" in message
    assert f"(+{len(cycle) - 12} more)" in message
    assert len(message) < 1600


# ------------------------------------- loop detection and the state's size (issue 13)
def count_serialisations(monkeypatch) -> list[int]:
    """Count full serialisations of a state (what fingerprints and the full loop key cost)."""
    calls = []
    real = State._canonical_bytes

    def counting(self, with_bookkeeping=False):
        calls.append(len(self.objects))
        return real(self, with_bookkeeping)

    monkeypatch.setattr(State, "_canonical_bytes", counting)
    return calls


def bystanders(n: int) -> list[dict]:
    """``n`` objects without abilities: they make the state big and take no part in anything."""
    return [creature(f"z{i}", i % 2, zone="bench") for i in range(n)]


@pytest.mark.parametrize("tracing", [True, False])
def test_a_loop_in_a_big_state_is_found_with_few_serialisations(monkeypatch, tracing):
    """The old detector serialised the whole state at every step after the first 1,000; now only a
    match of the pending work and of the bulk of the state (by identity) is confirmed by one."""
    objects = ping_pong_objects() + bystanders(2000)
    game = game_of(Profile(), objects, scripts={"start": lambda g: g.emit("ping", rule="toy.script")}, tracing=tracing)
    small = game_of(Profile(), ping_pong_objects(), scripts={"start": lambda g: g.emit("ping", rule="toy.script")})
    with pytest.raises(MandatoryLoop) as expected:
        small.clone(tracing=tracing).apply("go:start")
    calls = count_serialisations(monkeypatch)
    with pytest.raises(MandatoryLoop) as info:
        game.apply("go:start")
    assert len(info.value.cycle) == len(expected.value.cycle)  # the same loop, found with its exact length
    assert len(calls) <= 2  # the tortoise's position and the one that matched it


def test_a_runaway_in_a_big_state_reaches_the_budget_without_serialising(monkeypatch):
    """Every tick counts up: no position repeats. The old detector serialised the state at each of
    the 4,000 steps after the 1,000th; the bulk comparison tells them apart without."""

    def again(game, act):
        game.emit("tick", rule="toy.ability")

    objects = [creature("T", 0, logs("T", "tick", then=again)), *bystanders(500)]
    game = game_of(Profile(step_budget=5000), objects, scripts={"start": lambda g: g.emit("tick", rule="toy.script")})
    calls = count_serialisations(monkeypatch)
    with pytest.raises(StepBudgetExceeded, match=r"5000 automatic steps.*tick") as info:
        game.apply("go:start")
    assert "profile.step_budget" in str(info.value)
    assert len(calls) <= 2


def tick_runaway(**profile):
    def again(game, act):
        game.emit("tick", rule="toy.ability")

    objects = [creature("T", 0, logs("T", "tick", then=again))]
    return game_of(Profile(**profile), objects, scripts={"start": lambda g: g.emit("tick", rule="toy.script")})


def test_the_time_budget_stops_a_long_run_and_leaves_the_game_as_it_was():
    """A step budget too big to matter: the time budget stops the run, names itself and where the
    work was, and the game is as it was before the apply."""
    game = tick_runaway(step_budget=10**12, time_budget=0.05)
    before = (game.fingerprint(), copy.deepcopy(game.trace.records), list(game.history))
    with pytest.raises(TimeBudgetExceeded, match=r"0\.05 s .*profile\.time_budget") as info:
        game.apply("go:start")
    assert "T#0" in str(info.value) or "tick" in str(info.value)
    assert (game.fingerprint(), game.trace.records, game.history) == before
    assert "n" not in game.state.vars and game.decision.kind == "action"


def test_no_time_budget_by_default_and_a_generous_one_changes_nothing():
    assert Profile().time_budget is None
    objects = [
        creature("T", 0, logs("T", "tick", condition=lambda g, act: g.state.vars.get("n", 0) < 50, then=emits("tick")))
    ]
    game = game_of(Profile(time_budget=3600), objects, scripts={"start": lambda g: g.emit("tick", rule="toy.script")})
    assert game.apply("go:start").state.vars["n"] == 50


@pytest.mark.parametrize("bad", [0, -1, "1", True, float("nan"), float("inf"), [1]])
def test_a_time_budget_must_be_a_positive_number_of_seconds(bad):
    with pytest.raises(ValueError, match=r"Profile\.time_budget"):
        Profile(time_budget=bad)


@pytest.mark.parametrize("bad", [0, -5, 1.5, "100", None])
def test_a_step_budget_must_be_a_whole_number_of_at_least_one(bad):
    with pytest.raises((TypeError, ValueError), match=r"Profile\.step_budget"):
        Profile(step_budget=bad)


class CountingDict(dict):
    """A state's objects that count how often they are compared with another position's."""

    compared = 0

    def __eq__(self, other):
        CountingDict.compared += 1
        return dict.__eq__(self, other)

    __hash__ = None


def test_a_runaway_that_changes_an_object_each_turn_compares_the_objects_rarely(monkeypatch):
    """Each ping adds damage to T: the pending work and the small parts of the state come back every
    turn, only the objects differ. Comparing 3,000 objects every turn would make each step cost more
    the more objects there are; they are compared only as often as 64 entries a step pay for."""

    def again(game, act):
        game.state.update("T", damage=game.obj("T").get("damage", 0) + 1)
        game.emit("ping", rule="toy.ability")

    objects = [creature("T", 0, Ability("T", "triggered", rule="toy.ability", event="ping", effect=again))]
    game = game_of(
        Profile(step_budget=5000),
        objects + bystanders(3000),
        scripts={"start": lambda g: g.emit("ping", rule="toy.script")},
        tracing=False,
    )
    calls = count_serialisations(monkeypatch)
    game.state.objects = CountingDict(game.state.objects)
    CountingDict.compared = 0
    with pytest.raises(StepBudgetExceeded):
        game.apply("go:start")
    assert 0 < CountingDict.compared <= 120  # (~85: 64 entries a step over 4,000 steps; one a turn would be ~1,000)
    assert calls == []


def test_a_loop_found_after_a_comparison_was_put_off_is_reported_with_its_exact_length():
    """With 3,000 objects a match can come several turns of the loop late; the cycle reported is
    one turn, as in a small state."""

    def toggle(name, event, reply):
        def effect(game, act):
            game.state.update("P", up=name == "P")
            game.emit(reply, rule="toy.ability")

        return Ability(name, "triggered", rule="toy.ability", event=event, effect=effect)

    objects = [creature("P", 0, toggle("P", "ping", "pong")), creature("Q", 1, toggle("Q", "pong", "ping"))]
    script = {"start": lambda g: g.emit("ping", rule="toy.script")}
    lengths = []
    for n in (0, 3000):
        game = game_of(Profile(), objects + bystanders(n), scripts=script, tracing=False)
        with pytest.raises(MandatoryLoop) as info:
            game.apply("go:start")
        lengths.append(len(info.value.cycle))
    assert lengths[0] == lengths[1] == 8
