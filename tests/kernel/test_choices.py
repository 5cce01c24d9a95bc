"""Decision builders (issue 15, piece 2): subsets (one decision or toggle-then-confirm), distributing points
(one decision or a point at a time), simultaneous hidden commits, a lone option applied automatically, and
the options not offered with the rule that excludes them; each on a toy rulebook (tests/kernel/toybook.py).

The toy skirmish: each player has creatures (3 hp). On a turn the active player may ``go:attack`` (declare
attackers, a subset of his creatures: each deals 1 damage to the opponent's first creature), ``go:spread``
(distribute 2 damage among the opponent's creatures, at most 1 each), ``go:duel`` (both players commit
``high`` or ``low`` at once; different commits: the one who said ``high`` deals 1 damage) or ``go:lone`` (a
decision with one legal option: ``rest``, the others excluded by a rule).
"""

from __future__ import annotations

import random

import pytest

from tabletop.analysis.explore import explore
from tabletop.core import RuleError, TaskTable
from tabletop.core.choices import (
    Commit,
    Distribute,
    Subset,
    ask,
    compositions,
    excluded_options,
    private,
    split_options,
    subset_options,
)
from tabletop.core.registry import load_game
from tabletop.testing import check_tracing_off_matches

from .toybook import creature, lethal_damage, make, no_creature_loses


def theirs(game, player):
    return [oid for oid in game.state.zone("play") if game.obj(oid)["controller"] != player]


def mine(game, player):
    return [oid for oid in game.state.zone("play") if game.obj(oid)["controller"] == player]


def skirmish(subset_mode="one", split_mode="one", auto=True, hp=3, n=2):
    """The toy skirmish (see the module docstring) with the builders in the modes given."""
    tasks = TaskTable()
    attackers = Subset("sk.attackers", rule="toy.script", prompt="declare attackers", mode=subset_mode)
    spread = Distribute("sk.spread", rule="toy.script", prompt="distribute 2 damage", mode=split_mode)
    duel = Commit("sk.duel", rule="toy.script", prompt="high or low")
    for builder in (attackers, spread, duel):
        builder.tasks(tasks)

    @tasks("sk.attacked")
    def attacked(game, *, player, choice):
        game.state.set_var("attackers", choice["picked"])
        targets = theirs(game, player)
        for _ in choice["picked"]:
            if targets:
                game.emit("damage", rule="toy.script", target=targets[0], amount=1)

    @tasks("sk.spread_done")
    def spread_done(game, *, choice):
        game.state.set_var("split", choice["split"])
        for target, amount in choice["split"].items():
            game.emit("damage", rule="toy.script", target=target, amount=amount)

    @tasks("sk.duelled")
    def duelled(game, *, choice):
        said = {int(p): c["id"] for p, c in choice["commits"].items()}
        game.state.set_var("said", duel.revealed(game))
        if said[0] != said[1]:
            high = 0 if said[0] == "high" else 1
            targets = theirs(game, high)
            if targets:
                game.emit("damage", rule="toy.script", target=targets[0], amount=1)

    @tasks("sk.rested")
    def rested(game, *, choice):
        game.state.set_var("rested", game.state.vars.get("rested", 0) + 1)

    def attack(game):
        p = game.state.turn["player"]
        attackers.ask(game, p, mine(game, p), attacked, args={"player": p})

    def spread_script(game):
        p = game.state.turn["player"]
        targets = theirs(game, p)
        spread.ask(game, p, min(2, len(targets)), targets, spread_done, caps=dict.fromkeys(targets, 1))

    def duel_script(game):
        high_low = [{"id": "high", "label": "say high"}, {"id": "low", "label": "say low"}]
        duel.ask(game, {0: high_low, 1: high_low}, duelled)

    def lone(game):
        p = game.state.turn["player"]
        ask(
            game,
            p,
            "rest",
            [{"id": "rest", "label": "rest"}],
            rested,
            rule="toy.script",
            auto=auto,
            excluded=lambda: [("charge", "toy.ability", "no creature can charge this turn")],
        )

    objects = [creature(f"a{i}", 0, base={"power": 1, "hp": hp}) for i in range(n)]
    objects += [creature(f"b{i}", 1, base={"power": 1, "hp": hp}) for i in range(n)]
    rb = make(
        objects=objects,
        scripts={"attack": attack, "spread": spread_script, "duel": duel_script, "lone": lone},
        tasks=dict(tasks),
        checks=(lethal_damage, no_creature_loses),
    )
    rb.builders = (attackers, spread, duel)  # type: ignore[attr-defined]
    return rb


# ------------------------------------------------------------------ subsets
def test_subset_options_are_canonical_and_bounded():
    ids = [o["id"] for o in subset_options(["x", "y", "z"])]
    assert ids == ["pick:none", "pick:x", "pick:y", "pick:z", "pick:x+y", "pick:x+z", "pick:y+z", "pick:x+y+z"]
    assert [o["picked"] for o in subset_options(["x", "y", "z"], least=2, most=2)] == [
        ["x", "y"],
        ["x", "z"],
        ["y", "z"],
    ]


def test_declaring_attackers_is_one_decision_over_the_subsets():
    """Nebozhiteli 003 L60: the active player decides which untapped creatures attack, all at once."""
    game = skirmish(n=3).new_game().apply("go:attack")
    dec = game.state.decision
    assert (dec["player"], dec["kind"]) == (0, "subset") and len(dec["options"]) == 8
    game.apply("pick:a0+a2")
    assert game.state.vars["attackers"] == ["a0", "a2"] and game.obj("b0")["damage"] == 2


def test_toggle_then_confirm_picks_the_same_subset_and_meets_in_one_position():
    rb = skirmish("toggle", n=3)
    game = rb.new_game().apply("go:attack")
    assert game.legal() == ["done", "add:a0", "add:a1", "add:a2"]
    one = game.child("add:a2").apply("add:a0")
    two = game.child("add:a0").apply("add:a1").apply("add:a2").apply("drop:a1")
    assert one.fingerprint() == two.fingerprint()  # the picked set is kept sorted: the orders meet
    assert one.legal() == ["done", "drop:a0", "add:a1", "drop:a2"]
    one.apply("done")
    by_one = skirmish("one", n=3).new_game().apply("go:attack").apply("pick:a0+a2")
    assert one.state.vars["attackers"] == ["a0", "a2"] and one.fingerprint() == by_one.fingerprint()


def test_a_toggle_offers_done_only_at_an_allowed_size_and_no_add_at_the_most():
    tasks = TaskTable()
    chooser = Subset("t.pick", rule="toy.script", mode="toggle")
    assert "t.pick.toggle" in chooser.tasks(tasks)

    @tasks("t.got")
    def got(game, *, choice):
        game.state.set_var("got", choice["picked"])

    def script(game):
        chooser.ask(game, 0, ["x", "y", "z"], got, least=1, most=2)

    game = make(scripts={"pick": script}, tasks=dict(tasks)).new_game().apply("go:pick")
    assert game.legal() == ["add:x", "add:y", "add:z"]  # none picked: below the least, no done
    game.apply("add:x").apply("add:z")
    assert game.legal() == ["done", "drop:x", "drop:z"]  # two picked: the most, no add
    game.apply("done")
    assert game.state.vars["got"] == ["x", "z"]
    with pytest.raises(RuleError, match="cannot be picked"):
        chooser.ask(game.table, 0, ["x", "x"], got)


def state_graph_of_a_subset(mode, n):
    """The state graph of one subset decision over ``n`` items whose choice ends the game (so the terminal
    states are the outcomes of the decision)."""
    tasks = TaskTable()
    picker = Subset("g.pick", rule="toy.script", mode=mode)
    picker.tasks(tasks)

    @tasks("g.got")
    def got(game, *, choice):
        game.state.set_var("got", choice["picked"])
        game.end_game([0], reason="picked", rule="toy.script")

    def script(game):
        picker.ask(game, 0, [f"x{i}" for i in range(n)], got)

    game = make(scripts={"pick": script}, tasks=dict(tasks)).new_game().apply("go:pick")
    return explore(game, depth=n * 2 + 1)


def test_state_graph_size_of_each_subset_mode():
    """The trade-off docs/choices.md states, measured on four items: one decision makes 2^4 = 16 edges to 16
    outcomes; toggle-then-confirm reaches the same 16 outcomes through the 16 picked sets (each a position of
    its own, the root among them; the orders of adding meet there) and many more paths: 32 states, not 17,
    and 5 options a step."""
    one = state_graph_of_a_subset("one", 4)
    assert one.distinct == [1, 16] and len(one) == 17 and len(one.terminal()) == 16
    toggle = state_graph_of_a_subset("toggle", 4)
    assert len(toggle) == 32 and len(toggle.terminal()) == 16
    assert {toggle.game(n).fingerprint() for n in toggle.terminal()} == {
        one.game(n).fingerprint() for n in one.terminal()
    }
    assert toggle.graph.number_of_edges() == 80 == 5 * one.graph.number_of_edges()  # 16 sets x (4 toggles + done)
    assert max(d for _, d in toggle.graph.out_degree()) == 5 and max(d for _, d in one.graph.out_degree()) == 16


# ------------------------------------------------------------------ distributing points
def test_compositions_respect_the_caps():
    assert list(compositions(3, [2, 2])) == [(2, 1), (1, 2)]
    assert len(list(compositions(4, [4, 4, 4]))) == 15  # C(6, 2)
    assert list(compositions(3, [1, 1])) == []
    assert [o["id"] for o in split_options(2, ["a", "b", "c"], {"a": 1, "b": 1, "c": 1})] == [
        "split:a=1+b=1",
        "split:a=1+c=1",
        "split:b=1+c=1",
    ]


def test_distributing_damage_is_one_decision_over_the_capped_compositions():
    """Nebozhiteli 003 L72: the attacker's owner distributes its damage among the blockers any way he likes;
    Dice Throne Missions 002 L210: the first player distributes 2 among the heroes."""
    game = skirmish(n=3).new_game().apply("go:spread")
    assert game.legal() == ["split:b0=1+b1=1", "split:b0=1+b2=1", "split:b1=1+b2=1"]
    game.apply("split:b0=1+b2=1")
    assert game.obj("b0")["damage"] == 1 and game.obj("b2")["damage"] == 1 and "damage" not in game.obj("b1")


def test_a_point_at_a_time_goes_in_target_order_so_each_split_has_one_path():
    rb = skirmish(split_mode="each", n=3)
    game = rb.new_game().apply("go:spread")
    assert game.legal() == ["give:b0", "give:b1"]  # b2 first would leave the second point nowhere (caps 1)
    game.apply("give:b1")
    assert game.legal() == ["give:b2"]  # b0 is before b1: not offered again; b1 is at its cap
    game.apply("give:b2")
    assert game.state.vars["split"] == {"b1": 1, "b2": 1}
    by_one = skirmish(n=3).new_game().apply("go:spread").apply("split:b1=1+b2=1")
    assert game.fingerprint() == by_one.fingerprint()
    graph = explore(rb.new_game().apply("go:spread"), depth=2)
    assert graph.perft == [1, 2, 3] and graph.distinct == [1, 2, 3]  # 3 splits, one path each


def test_a_distribution_beyond_the_caps_is_refused():
    rb = skirmish(n=1)
    game = rb.new_game()
    _, spread, _ = rb.builders
    with pytest.raises(RuleError, match="2 points cannot go to"):
        spread.ask(game.table, 0, 2, ["b0"], "sk.spread_done", caps={"b0": 1})


# ------------------------------------------------------------------ simultaneous hidden commits
def test_commits_are_hidden_from_the_others_seen_by_their_owner_and_revealed_together():
    game = skirmish().new_game().apply("go:duel")
    dec = game.state.decision
    assert (dec["player"], dec["kind"], dec["commit"]["done"]) == (0, "commit", [])
    game.apply("high")
    assert game.state.decision["player"] == 1 and game.state.decision["commit"]["done"] == [0]
    assert game.view(0)["private"] == {"sk.duel": {"id": "high", "label": "say high"}}  # perfect recall
    assert "private" not in game.view(1) and "sk.duel" not in game.view(1)["vars"]
    assert game.view(0)["decision"]["commit"] == {"name": "sk.duel", "players": [0, 1], "done": [0]}
    game.apply("low")
    assert game.state.vars["said"] == {"0": "high", "1": "low"} and game.obj("b0")["damage"] == 1
    assert not any(k.startswith("_") for k in game.state.vars) and "sk.duel" not in game.state.vars  # cleared


def test_the_second_committer_cannot_tell_what_the_first_committed():
    rb = skirmish()
    start = rb.new_game().apply("go:duel")
    high, low = start.child("high"), start.child("low")
    assert high.fingerprint() != low.fingerprint()
    view = [g.view(1) for g in (high, low)]
    for v in view:
        v.pop("decision")
    assert view[0] == view[1]  # one information set for player 1
    assert high.view(0) != low.view(0)


def test_the_explorer_makes_a_group_of_commits_one_joint_step():
    start = skirmish().new_game().apply("go:duel")
    graph = explore(start, depth=1)
    edges = sorted(d["option"] for _, _, d in graph.graph.edges(data=True))
    assert edges == ["0=high+1=high", "0=high+1=low", "0=low+1=high", "0=low+1=low"]
    assert graph.distinct == [1, 4]  # (what was said stays in vars['said'])
    assert all(d["player"] == "joint" and d["players"] == [0, 1] for _, _, d in graph.graph.edges(data=True))
    assert not any(d["kind"] == "commit" for n, d in graph.graph.nodes(data=True) if n != graph.root)
    assert list(graph.information_sets(1).values()) == [[graph.root]]  # player 1 decides at the joint step


def test_a_commit_cannot_be_asked_again_before_it_is_revealed():
    rb = skirmish()
    game = rb.new_game().apply("go:duel").apply("high")
    _, _, duel = rb.builders
    with pytest.raises(RuleError, match="asked again before the last one was revealed"):
        duel.ask(game.table, {0: [{"id": "x"}]}, "sk.duelled")


# ------------------------------------------------------------------ auto and excluded
def test_a_lone_option_is_applied_automatically_and_recorded_as_such():
    game = skirmish().new_game().apply("go:lone")
    assert game.state.decision["kind"] == "action" and game.state.vars["rested"] == 1
    assert game.history[-1] == {"player": 0, "kind": "rest", "option": "rest", "auto": True}
    rec = [r for r in game.trace.records if r["kind"] == "decision" and r["data"].get("auto")]
    assert rec and "the only legal option" in rec[-1]["summary"]
    assert game.replay().fingerprint() == game.fingerprint()
    manual = skirmish(auto=False).new_game().apply("go:lone")
    assert manual.state.decision["kind"] == "rest" and manual.legal() == ["rest"]  # default: today's behaviour


def test_the_options_not_offered_are_recorded_with_their_rule_only_when_traced():
    calls = []
    game = skirmish(auto=False).new_game().apply("go:lone")
    assert excluded_options(game.table) == [
        {"option": "charge", "rule": "toy.ability", "reason": "no creature can charge this turn"}
    ]
    assert any(r["kind"] == "excluded" for r in game.trace.records)
    fast = skirmish(auto=False).new_game(tracing=False)
    table = fast.table

    def excluded():
        calls.append(1)
        return [("x", "toy.ability", "never")]

    ask(table, 0, "rest", [{"id": "a"}, {"id": "b"}], "sk.rested", rule="toy.script", excluded=excluded)
    assert calls == [] and excluded_options(table) == []


# ------------------------------------------------------------------ property tests
MODES = [("one", "one"), ("toggle", "each")]


def round_trips(rb, game):
    """Save/load, replay and clone reproduce the position, and a loaded game resumes alike."""
    fp = game.fingerprint()
    loaded = load_game(game.to_json(), rulebook=rb)
    assert loaded.fingerprint() == fp and loaded.legal() == game.legal()
    assert game.replay().fingerprint() == fp and game.clone().fingerprint() == fp
    if game.state.decision is not None:
        choice = game.legal()[-1]
        assert loaded.child(choice).fingerprint() == game.child(choice).fingerprint()
        assert game.fingerprint() == fp  # (a child leaves its parent alone)


@pytest.mark.parametrize(("subset_mode", "split_mode"), MODES)
def test_random_playouts_end_and_round_trip(subset_mode, split_mode):
    rb = skirmish(subset_mode, split_mode)
    for seed in range(6):
        rng = random.Random(seed)
        game = rb.new_game(seed=seed)
        steps = 0
        while game.state.decision is not None and steps < 3000:
            game.apply(rng.choice(game.legal()))
            steps += 1
            if steps % 7 == 0:
                round_trips(rb, game)
        assert game.over, f"seed {seed} did not end"
        round_trips(rb, game)
        assert game.state.zones.get("grave"), "nobody died"


@pytest.mark.parametrize(("subset_mode", "split_mode"), MODES)
def test_traced_and_untraced_play_alike(subset_mode, split_mode):
    rb = skirmish(subset_mode, split_mode)
    for seed in range(4):
        check_tracing_off_matches(rb, {"seed": seed}, random.Random(seed))


def test_private_names_a_variable_for_one_player():
    assert private(0, "x") == "_0:x"


def test_the_example_of_docs_choices_md_runs():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "choices.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/choices.md", "exec"), {})
