"""The ordering explorer (``tt.orderings``) against brute force over every order.

Most of the tests here are randomized: seeded small configurations of test-only triggered
abilities (on the toy rulebook of ``tests/kernel/toybook.py``) whose effects are tiny programs
over a few shared variables and objects. Some pairs of programs commute, some do not, some emit
further events (nested orderings), cancel an event in its "when" window, or compete as
replacement effects on the same event. For each configuration that stops at an ordering
decision, the reduced, cached and brute-force explorations must find exactly the same outcomes,
and every outcome's witness must reach that outcome when replayed. Configurations that reach
no ordering decision are left out when the tests are collected, so every collected case compares.
"""

from __future__ import annotations

import random

import pytest

import tabletop as tt
from tabletop.core import Ability, Modify, Prevent, Profile, Replace
from tabletop.core.errors import TabletopError
from tests.kernel.toybook import creature, game_of, lethal_damage, log, no_creature_loses

ORDER_KINDS = ("order_triggers", "replacement_order")
VARS = ("x", "y", "z")
TARGETS = ("X", "Y")


# ====================================================================== random programs
def run_op(game, act, op) -> None:
    """Run one instruction of a test ability's program."""
    st = game.state
    kind = op[0]
    if kind == "set":
        st.set_var(op[1], op[2])
    elif kind == "add":  # adds commute with each other, not with sets or copies
        st.set_var(op[1], st.vars.get(op[1], 0) + op[2])
    elif kind == "copy":  # a read of one variable, a write of another
        st.set_var(op[2], st.vars.get(op[1], 0))
    elif kind == "log":  # the order itself is visible
        log(game, op[1])
    elif kind == "damage":
        game.emit("damage", rule="toy.ability", player=act.controller, target=op[1], amount=op[2])
    elif kind == "destroy":
        if game.obj(op[1])["zone"] == "play":
            game.emit("destroy", rule="toy.ability", player=act.controller, target=op[1])
    elif kind == "emit":  # a second event: its triggers are ordered inside this resolution
        game.emit("sig", rule="toy.ability", player=act.controller, tag=op[1])
    elif kind == "cancel":  # in a "when" window: the event does not happen
        if act.event is not None:
            game.cancel(act.event["id"], rule="toy.ability")
    elif kind == "if":  # ("if", var, threshold, op): a footprint that depends on the order
        if st.vars.get(op[1], 0) >= op[2]:
            run_op(game, act, op[3])
    else:  # pragma: no cover
        raise AssertionError(op)


def program_effect(program):
    def effect(game, act):
        for op in program:
            run_op(game, act, op)

    return effect


def random_op(rnd: random.Random, *, allow_emit: tuple[str, ...], label: str, targets=TARGETS, depth: int = 0):
    kinds = ["set", "add", "add", "copy", "log", "damage", "destroy", "if"]
    kinds += ["emit"] * (2 if allow_emit else 0)
    kind = rnd.choice(kinds)
    if kind == "set":
        return ("set", rnd.choice(VARS), rnd.randint(0, 3))
    if kind == "add":
        return ("add", rnd.choice(VARS), rnd.randint(1, 2))
    if kind == "copy":
        a, b = rnd.sample(VARS, 2)
        return ("copy", a, b)
    if kind == "log":
        return ("log", label)
    if kind == "damage":
        return ("damage", rnd.choice(targets), rnd.randint(1, 3))
    if kind == "destroy":
        return ("destroy", rnd.choice(targets))
    if kind == "emit":
        return ("emit", rnd.choice(allow_emit))
    if depth > 0:
        return ("set", rnd.choice(VARS), 1)
    inner = random_op(rnd, allow_emit=allow_emit, label=label, targets=targets, depth=1)
    return ("if", rnd.choice(VARS), rnd.randint(1, 2), inner)


def random_program(rnd, *, allow_emit=(), label="?", targets=TARGETS):
    return tuple(random_op(rnd, allow_emit=allow_emit, label=label, targets=targets) for _ in range(rnd.randint(1, 2)))


def triggered(name, event, program, *, timing="after", match=None, forced=True, limit=None):
    return Ability(
        name,
        "triggered",
        rule="toy.ability",
        event=event,
        timing=timing,
        match=match or {},
        forced=forced,
        limit=limit,
        effect=program_effect(program),
    )


# replacement effects on damage to X (they compete: the affected player chooses the order)
def _redirect(game, act):
    ev = act.event
    return Replace([{"type": "damage", "player": ev.get("player"), "target": "Y", "amount": ev["amount"]}])


def _shield(game, act):
    amount = act.event["amount"]
    return Prevent("all of it") if amount <= 1 else Modify({"amount": amount - 1})


def _double(game, act):
    return Modify({"amount": act.event["amount"] * 2})


REPLACEMENTS = {"redirect": _redirect, "shield": _shield, "double": _double}


def replacement(name):
    return Ability(
        name, "replacement", rule="toy.ability", event="damage", match={"target": "X"}, effect=REPLACEMENTS[name]
    )


def random_config(seed: int) -> dict:
    """A small configuration as plain data (printed when a test fails)."""
    rnd = random.Random(seed)
    profile = {
        "ordering": rnd.choice(
            ("active_player_first", "first_player_orders_all", "controller_chooses") * 3 + ("order_of_play",)
        ),
        "container": rnd.choice(("nested", "queue", "stack")),
        "checks": rnd.choice(("each_resolution", "idle", "end_of_phase")),
        "lookback": rnd.random() < 0.5,
        "forced_before_optional": rnd.random() < 0.7,
        "replacements": "affected_chooses",
    }
    n = rnd.randint(2, 6)
    targets = TARGETS * 2 + tuple(f"c{i}" for i in range(n))  # damage and destroy also hit creatures with abilities
    creatures = []
    for i in range(n):
        name = f"c{i}"
        abilities = []
        # the main trigger, on the "go" event; some are interrupts of it, rarely optional
        timing = "when" if rnd.random() < 0.15 else "after"
        program = random_program(rnd, allow_emit=("s1", "s2"), label=name, targets=targets)
        if timing == "when" and rnd.random() < 0.5:
            program = (*program, ("cancel",))
        abilities.append(("go", timing, program, rnd.random() > 0.1))
        if rnd.random() < 0.4:  # a listener for a second event
            tag = rnd.choice(("s1", "s2"))
            abilities.append(
                (
                    "sig:" + tag,
                    "after",
                    random_program(rnd, allow_emit=("s2",) if tag == "s1" else (), label=name + tag, targets=targets),
                    True,
                )
            )
        if rnd.random() < 0.15:  # an interrupt of damage or destruction that may cancel it
            cond = rnd.choice(VARS)
            abilities.append(
                (rnd.choice(("damage", "destroy")), "when", (("log", name + "!"), ("if", cond, 1, ("cancel",))), True)
            )
        if rnd.random() < 0.15:  # a "dies" trigger
            abilities.append(("dies", "after", random_program(rnd, label=name + "+", targets=targets), True))
        creatures.append({"id": name, "controller": rnd.randint(0, 1), "abilities": abilities})
    reps = rnd.sample(sorted(REPLACEMENTS), rnd.choice((0, 0, 1, 2, 2, 3)))
    return {
        "seed": seed,
        "profile": profile,
        "creatures": creatures,
        "targets": {"X": (x := rnd.randint(0, 1)), "Y": 1 - x},  # each player controls one at least
        "replacements": reps,
        "vars": {v: rnd.randint(0, 2) for v in VARS},
        "lose_check": rnd.random() < 0.3,
        "opening_damage": rnd.random() < 0.15,
    }


def build(config: dict):
    """The game of ``config``, after the active player set it off (``go:go``)."""
    objects = []
    for c in config["creatures"]:
        abilities = []
        for k, (event, timing, program, forced) in enumerate(c["abilities"]):
            name = f"{c['id']}.{k}"
            if event.startswith("sig:"):
                abilities.append(triggered(name, "sig", program, match={"tag": event[4:]}))
            elif event == "dies":
                abilities.append(triggered(name, "destroy", program, match={"target": "$self"}))
            elif event == "go":
                abilities.append(triggered(name, event, program, timing=timing, forced=forced))
            else:  # an interrupt that may cancel: once a turn, or state checks could loop forever
                abilities.append(triggered(name, event, program, timing="when", limit=("turn", 1)))
        objects.append(creature(c["id"], c["controller"], *abilities))
    reps = [replacement(r) for r in config["replacements"]]
    objects.append(creature("X", config["targets"]["X"], *reps))
    objects.append(creature("Y", config["targets"]["Y"]))

    def go(game):
        if config["opening_damage"]:
            game.emit("damage", rule="toy.script", player=0, target="X", amount=2)
        game.emit("go", rule="toy.script", player=0)

    checks = (lethal_damage, no_creature_loses) if config["lose_check"] else (lethal_damage,)
    game = game_of(Profile(**config["profile"]), objects, scripts={"go": go}, checks=checks, vars=config["vars"])
    return game.apply("go:go")


# ====================================================================== the comparison
def at_ordering(game) -> bool:
    return game.decision is not None and game.decision.kind in ORDER_KINDS


def replay(start, choices):
    game = start.clone()
    used = 0
    for cid in choices:
        if not at_ordering(game):
            break
        game.apply(cid)
        used += 1
    return game, used


def check_agreement(game, stop=None, brute_limit=100_000):
    """Reduced, cached and brute force agree; the game is untouched; every witness replays."""
    before = (game.fingerprint(), len(game.trace), len(game.history))
    brute = tt.orderings(game, method="brute", stop=stop, max_runs=brute_limit)
    reduced = tt.orderings(game, method="reduced", stop=stop)
    cached = tt.orderings(game, method="cached", stop=stop)
    assert reduced.fingerprints == brute.fingerprints
    assert cached.fingerprints == brute.fingerprints
    assert len(reduced.outcomes) == len(cached.outcomes) == len(brute.outcomes)
    assert reduced.order_dependent == cached.order_dependent == brute.order_dependent == (len(brute.outcomes) > 1)
    assert reduced.runs <= brute.runs
    assert cached.runs <= brute.runs
    assert (game.fingerprint(), len(game.trace), len(game.history)) == before  # the game is untouched
    if stop is None:
        for report in (reduced, cached):
            for outcome in report.outcomes:
                end, used = replay(game, outcome.choices)
                assert used == len(outcome.choices) == len(outcome.witness)
                assert end.fingerprint() == outcome.fingerprint
    return reduced, cached, brute


SEEDS = range(300)
BRUTE_LIMIT = 1000  # a configuration whose brute force needs more runs loses creatures until it fits


def fitting(seed: int):
    """The game of random configuration ``seed`` (None if it asks no ordering question) and its config."""
    config = random_config(seed)
    while True:
        game = build(config)
        if not at_ordering(game):
            return None, config
        try:
            tt.orderings(game, method="brute", max_runs=BRUTE_LIMIT)
        except TabletopError:
            config["creatures"].pop()
            continue
        return game, config


# the configurations that stop at an ordering decision (found at collection: building a game is cheap,
# and a configuration that asks no ordering question would have nothing to compare)
ORDERING_SEEDS = [seed for seed in SEEDS if at_ordering(build(random_config(seed)))]


@pytest.mark.parametrize("seed", ORDERING_SEEDS)
def test_reduced_and_cached_equal_brute_force_on_random_configurations(seed):
    game, config = fitting(seed)
    assert game is not None, f"random configuration {seed} lost its ordering decision when cut down to fit"
    assert at_ordering(game)
    try:
        check_agreement(game, brute_limit=BRUTE_LIMIT)
    except AssertionError as exc:
        raise AssertionError(f"random configuration {seed}: {config}") from exc


def test_most_random_configurations_reach_an_ordering_decision():
    assert len(ORDERING_SEEDS) >= 0.6 * len(SEEDS), len(ORDERING_SEEDS)


# ====================================================================== hand-written cases
def go_game(programs, profile=None, *, extra=(), vars=None, controllers=None, **kw):
    """Creatures ``t0..`` whose "go" triggers run ``programs``; ``extra`` objects come after them."""
    objects = [
        creature(f"t{i}", (controllers or {}).get(i, 0), triggered(f"t{i}", "go", program))
        for i, program in enumerate(programs)
    ]
    objects += list(extra)

    def go(game):
        game.emit("go", rule="toy.script", player=0)

    game = game_of(profile or Profile(), objects, scripts={"go": go}, vars=vars, **kw)
    return game.apply("go:go")


def test_independent_triggers_take_one_run():
    game = go_game([(("set", f"v{i}", i),) for i in range(5)])
    assert game.decision.kind == "order_triggers"
    reduced, _, brute = check_agreement(game)
    assert (reduced.runs, len(reduced.outcomes), reduced.order_dependent) == (1, 1, False)
    assert brute.runs == 120
    big = tt.orderings(go_game([(("set", f"v{i}", i),) for i in range(9)]))
    assert (big.runs, big.order_dependent, big.dependent_pairs) == (1, False, 0)


@pytest.mark.parametrize("k", [2, 4, 6, 8])
def test_dependent_pairs_take_two_to_the_number_of_pairs(k):
    game = go_game([(("set", f"v{i // 2}", i),) for i in range(k)])
    report = tt.orderings(game)
    assert report.runs == len(report.outcomes) == 2 ** (k // 2)
    assert report.dependent_pairs == k // 2
    assert report.order_dependent
    if k <= 6:
        check_agreement(game)


def test_two_adds_are_dependent_by_footprint_but_reach_one_outcome():
    game = go_game([(("add", "x", 1),), (("add", "x", 2),)], vars={"x": 0})
    reduced, _, brute = check_agreement(game)
    assert reduced.dependent_pairs == 1
    assert reduced.runs == brute.runs == 2  # both orders are tried ...
    assert len(reduced.outcomes) == 1 and not reduced.order_dependent  # ... and merge
    assert reduced.outcomes[0].game.state.vars["x"] == 3
    assert reduced.differences() == []


def test_a_cancel_in_the_when_window_makes_the_order_matter():
    """t0 destroys X; t1 raises a guard; X's interrupt cancels its destruction if the guard is up."""
    ward = triggered("ward", "destroy", (("if", "guard", 1, ("cancel",)),), timing="when", match={"target": "$self"})
    game = go_game([(("destroy", "X"),), (("set", "guard", 1),)], extra=[creature("X", 1, ward)], vars={"guard": 0})
    reduced, _, _ = check_agreement(game)
    assert reduced.order_dependent
    zones = sorted(o.game.obj("X")["zone"] for o in reduced.outcomes)
    assert zones == ["grave", "play"]
    by_witness = {o.witness[0]: o.game.obj("X")["zone"] for o in reduced.outcomes}
    assert by_witness == {"t0 (t0)": "grave", "t1 (t1)": "play"}
    assert any(d.startswith("X.zone:") for d in reduced.differences())
    # without the guard the cancel never happens: the order does not matter
    calm = go_game([(("destroy", "X"),), (("set", "other", 1),)], extra=[creature("X", 1, ward)], vars={"guard": 0})
    assert not check_agreement(calm)[0].order_dependent


def test_a_replacement_against_a_prevention_asks_for_their_order():
    objects = [creature("X", 1, replacement("redirect"), replacement("shield")), creature("Y", 0, base={"hp": 10})]

    def hit(game):
        game.emit("damage", rule="toy.script", player=0, target="X", amount=3)

    game = game_of(Profile(replacements="affected_chooses"), objects, scripts={"go": hit}).apply("go:go")
    assert (game.decision.kind, game.decision.player) == ("replacement_order", 1)
    reduced, _, brute = check_agreement(game)
    assert reduced.runs == brute.runs == 2
    damage = {o.witness: o.game.obj("Y").get("damage", 0) for o in reduced.outcomes}
    assert damage == {("redirect (X)",): 3, ("shield (X)",): 2}  # redirect first: all of it; shield first: 1 less
    assert reduced.differences() == ["Y.damage: outcome 1: 3; outcome 2: 2"]


def test_nested_orderings_are_explored_too():
    """t0's resolution sends a signal that two dependent listeners answer: a second ordering."""
    listeners = [creature(f"l{i}", 0, triggered(f"l{i}", "sig", (("set", "x", i),))) for i in range(2)]
    game = go_game([(("emit", "s"),), (("set", "y", 1),)], extra=listeners)
    reduced = check_agreement(game)[0]
    assert len(reduced.outcomes) == 2
    assert max(len(o.choices) for o in reduced.outcomes) == 2  # the outer order, then the inner one
    assert sorted(o.game.state.vars["x"] for o in reduced.outcomes) == [0, 1]


def test_not_at_an_ordering_decision_is_an_error():
    game = go_game([(("set", "x", 1),)])  # one trigger: nothing to order
    assert game.decision.kind == "action"
    with pytest.raises(TabletopError, match=r"order_triggers.*'action' decision"):
        tt.orderings(game)
    over = go_game([(("set", "x", 1),), (("set", "x", 2),)])
    over.state.result = {"winners": [0], "reason": "test"}
    over.state.decision = None
    with pytest.raises(TabletopError, match="the game is over"):
        tt.orderings(over)
    with pytest.raises(ValueError, match="method"):
        tt.orderings(go_game([(("set", "x", 1),), (("set", "x", 2),)]), method="fast")


def test_max_runs_is_enforced():
    game = go_game([(("log", f"t{i}"),) for i in range(4)])
    with pytest.raises(TabletopError, match="more than 5 runs"):
        tt.orderings(game, max_runs=5)


def test_differences_name_what_differs_and_the_report_reads_well():
    game = go_game([(("set", "x", 1),), (("set", "x", 2),), (("set", "y", 5),)], vars={"x": 0})
    report = tt.orderings(game)
    assert report.differences() == ["var x: outcome 1: 2; outcome 2: 1"]
    text = str(report)
    assert "2 distinct outcome(s) (order dependent)" in text and "what differs:" in text
    assert "var x" in report._repr_html_()
    assert [len(o.witness) for o in report.outcomes] == [2, 2]
    assert "t1 (t1) resolves" in report.outcomes[0].log()


def test_stop_ends_runs_early():
    """Stopping at the inner ordering: the outcomes are the positions waiting there."""
    listeners = [creature(f"l{i}", 0, triggered(f"l{i}", "sig", (("set", "x", i),))) for i in range(2)]
    game = go_game([(("emit", "s"),), (("set", "y", 1),)], extra=listeners)
    depth = len(game.history)

    def stop(g):  # stop at any ordering decision after the first one
        return len(g.history) > depth

    reduced = check_agreement(game, stop=stop)[0]
    assert all(o.game.decision.kind == "order_triggers" for o in reduced.outcomes)
    assert all(len(o.choices) == 1 for o in reduced.outcomes)
    assert len(reduced.outcomes) == 2  # y set before or after the inner ordering is asked
    full = tt.orderings(game)
    assert all(o.game.decision.kind == "action" for o in full.outcomes)


def test_the_original_game_is_untouched():
    game = go_game([(("log", "a"),), (("destroy", "X"),), (("add", "x", 1),)], extra=[creature("X", 1)])
    fingerprint, trace, history = game.fingerprint(), len(game.trace), len(game.history)
    decision = game.state.decision
    for method in ("reduced", "cached", "brute"):
        tt.orderings(game, method=method)
    assert (game.fingerprint(), len(game.trace), len(game.history)) == (fingerprint, trace, history)
    assert game.state.decision is decision and type(game.state.vars) is dict
    assert game.table._fp is None


def test_play_sets_the_situation_off_and_the_explorer_runs_on_to_the_ordering():
    def setter(label, var):
        def effect(game, act):
            game.state.set_var(var, label)

        return Ability(label, "triggered", rule="toy.ability", event="ping", effect=effect)

    objects = [creature("a", 0, setter("a", "x")), creature("b", 0, setter("b", "x"))]

    def go(game):
        game.emit("ping", rule="toy.script", player=0)

    before = game_of(Profile(), objects, scripts={"go": go})
    fp = before.fingerprint()
    report = tt.orderings(before, play=["go:go"])
    assert report.order_dependent and len(report.outcomes) == 2  # the last to set x decides it
    assert report.fingerprints == tt.orderings(before.clone().apply("go:go")).fingerprints
    assert before.fingerprint() == fp  # played on a copy
    with pytest.raises(tt.TabletopError, match="waiting for a 'action' decision"):
        tt.orderings(before)
